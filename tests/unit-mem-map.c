/* SPDX-License-Identifier: MIT */
/*
 * lib/mem/mem-map.c: populated mappings, whole, zeroed and writable, by one
 * thread or several, on every page size; impossible sizes fail cleanly.
 */
#include <config.h>

#include <sys/mman.h>

#include <errno.h>
#include <stdint.h>

#include "mem/mem-map.h"
#include "tap.h"

/* Whether every byte of p[0..len) is zero; then write a word per page. */
static int
zero_and_writable(unsigned char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i] != 0)
			return 0;
	for (i = 0; i < len; i += 4096)
		p[i] = 1;
	return 1;
}

int
main(void)
{
	static const size_t lens[] = { 4096, 5 << 20, (33 << 20) + 4096 };
	static const enum ts_pages kinds[] = { TS_PAGES_SYSTEM, TS_PAGES_BASE,
	    TS_PAGES_HUGE };
	static const unsigned threads[] = { 1, 2, 3, 100 };
	unsigned char *p;
	size_t a, b, c;

	for (a = 0; a < 3; a++)
		for (b = 0; b < 3; b++)
			for (c = 0; c < 4; c++) {
				p = ts_map_populated_by(lens[a], kinds[b],
				    threads[c]);
				ok(p != NULL && zero_and_writable(p, lens[a]),
				    "%zu bytes, page kind %zu, %u threads: "
				    "zeroed and writable", lens[a], b,
				    threads[c]);
				if (p != NULL)
					munmap(p, lens[a]);
			}
	/*
	 * The whole address space, in pages: impossible on every machine
	 * (half of it, 2 GiB, can be mapped by a 32-bit program on a 64-bit
	 * kernel).
	 */
	p = ts_map_populated(SIZE_MAX / 4096 * 4096, TS_PAGES_BASE);
	ok(p == NULL && errno == ENOMEM, "an impossible size: NULL, ENOMEM");
	p = ts_map_populated_by(SIZE_MAX / 4096 * 4096, TS_PAGES_HUGE, 2);
	ok(p == NULL && errno == ENOMEM, "in parallel too");
	return done_testing();
}
