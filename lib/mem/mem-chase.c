/* SPDX-License-Identifier: MIT */
/*
 * The pointer-chase buffer (see mem-chase.h).  The buffer is an anonymous
 * mapping, so it starts zeroed and every page is written while linking;
 * transparent huge pages are asked for or refused explicitly, and the page
 * size the kernel actually used is read back from /proc/self/smaps.
 */
#include <config.h>

#include <sys/mman.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mem/mem-chase.h"
#include "mem/mem-map.h"
#include "rng.h"

#define NODE_WORDS	8

/*
 * The page size backing [addr, addr+len): 2 MiB when transparent huge
 * pages cover at least half of it, else the base page size.
 */
uint64_t
ts_backing_page_size(const void *addr, size_t len)
{
	uintptr_t start = (uintptr_t)addr, lo, hi;
	unsigned long long kb;
	uint64_t huge = 0, base = (uint64_t)sysconf(_SC_PAGESIZE);
	char line[512];
	int inside = 0;
	FILE *f;

	f = fopen("/proc/self/smaps", "r");
	if (f == NULL)
		return base;
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR, &lo, &hi) == 2 &&
		    strchr(line, '-') < strchr(line, ' ')) {
			inside = lo <= start && start < hi;
			continue;
		}
		if (inside && sscanf(line, "AnonHugePages: %llu kB", &kb) == 1)
			huge += (uint64_t)kb * 1024;
	}
	fclose(f);
	return huge * 2 >= len ? TS_HUGE_PAGE_BYTES : base;
}

int
ts_chase_init(struct ts_chase *c, uint64_t bytes, uint64_t seed,
    bool huge_pages)
{
	struct ts_rng rng;
	uint64_t *order, i, nodes;
	size_t len;
	void *p;

	memset(c, 0, sizeof *c);
	nodes = bytes / 64;
	if (nodes < 2)
		nodes = 2;
	if (nodes > SIZE_MAX / 64 / 2) {
		errno = ENOMEM;
		return -1;
	}
	len = (size_t)nodes * 64;
	if (huge_pages)
		len = (len + TS_HUGE_PAGE_BYTES - 1) / TS_HUGE_PAGE_BYTES *
		    TS_HUGE_PAGE_BYTES;
	if ((p = ts_map_populated(len, huge_pages ? TS_PAGES_HUGE :
	    TS_PAGES_BASE)) == NULL)
		return -1;
	order = malloc((size_t)nodes * sizeof *order);
	if (order == NULL) {
		munmap(p, len);
		errno = ENOMEM;
		return -1;
	}
	for (i = 0; i < nodes; i++)
		order[i] = i;
	ts_rng_seed(&rng, seed);
	ts_rng_shuffle_u64(&rng, order, (size_t)nodes);
	c->words = p;
	for (i = 0; i < nodes; i++)
		c->words[order[i] * NODE_WORDS] =
		    order[(i + 1) % nodes] * NODE_WORDS;
	c->cursor = order[0] * NODE_WORDS;
	c->order = order;
	c->nodes = nodes;
	c->map_bytes = len;
	c->huge = huge_pages;
	c->page_bytes = ts_backing_page_size(p, len);
	return 0;
}

void
ts_chase_free(struct ts_chase *c)
{
	if (c->words != NULL)
		munmap(c->words, c->map_bytes);
	free(c->order);
	memset(c, 0, sizeof *c);
}

uint64_t
ts_chase_follow(const uint64_t *w, uint64_t p, uint64_t hops)
{
	while (hops-- > 0)
		p = w[p];
	return p;
}

uint64_t
ts_chase_run(struct ts_chase *c, uint64_t hops)
{
	c->cursor = ts_chase_follow(c->words, c->cursor, hops);
	return c->cursor;
}

uint64_t
ts_chase_link_local(uint64_t *w, uint64_t nodes, const uint64_t *groups,
    uint64_t ngroups, unsigned word, struct ts_rng *rng)
{
	uint64_t line[TS_CHASE_GROUP_LINES], first = UINT64_MAX, prev = 0;
	uint64_t g, base, n, k;

	for (g = 0; g < ngroups; g++) {
		base = groups[g] * TS_CHASE_GROUP_LINES;
		if (base >= nodes)
			continue;
		n = nodes - base < TS_CHASE_GROUP_LINES ? nodes - base :
		    TS_CHASE_GROUP_LINES;
		for (k = 0; k < n; k++)
			line[k] = (base + k) * NODE_WORDS + word;
		ts_rng_shuffle_u64(rng, line, (size_t)n);
		for (k = 0; k < n; k++) {
			if (first == UINT64_MAX)
				first = line[k];
			else
				w[prev] = line[k];
			prev = line[k];
		}
	}
	if (first != UINT64_MAX)
		w[prev] = first;
	return first == UINT64_MAX ? word : first;
}
