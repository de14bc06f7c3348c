/* SPDX-License-Identifier: MIT */
/*
 * lib/mem/mem-chase.c: one cycle through every node, the original's
 * checksums.
 */
#include <config.h>

#include <stdlib.h>

#include "mem/mem-chase.h"
#include "tap.h"

/*
 * The cycle's digest: FNV-1a over the byte offsets of one lap from the
 * cursor, each as 8 bytes from the low one (the same on every machine,
 * whatever its byte order), and whether the lap visits every node once.
 */
static uint64_t
lap_digest(struct ts_chase *c, int *bad)
{
	unsigned char *seen = calloc(c->nodes, 1);
	uint64_t h = UINT64_C(0xcbf29ce484222325), i, p;
	int k;

	*bad = seen == NULL;
	for (i = 0; i < c->nodes && seen != NULL; i++) {
		p = ts_chase_run(c, 1);
		if (p % 8 != 0 || p / 8 >= c->nodes || seen[p / 8]++)
			*bad = 1;
		for (k = 0; k < 8; k++) {
			h ^= (p * 8 >> (8 * k)) & 0xFF;
			h *= UINT64_C(0x100000001b3);
		}
	}
	free(seen);
	return h;
}

/* Walk one lap from the start; 0 if every node was visited once. */
static int
one_lap(struct ts_chase *c)
{
	unsigned char *seen = calloc(c->nodes, 1);
	uint64_t start = c->cursor, i, p;
	int bad = 0;

	for (i = 0; i < c->nodes; i++) {
		p = ts_chase_run(c, 1);
		if (p % 8 != 0 || p / 8 >= c->nodes || seen[p / 8]++)
			bad = 1;
	}
	if (c->cursor != start)
		bad = 1;
	free(seen);
	return bad;
}

/*
 * Check a page-local cycle through groups[0..ng) of a buffer of `nodes`
 * lines: it visits every line of those groups exactly once, group by
 * group in the given order, and closes.  Return 0 when it does.
 */
static int
local_lap(const uint64_t *w, uint64_t nodes, const uint64_t *groups,
    uint64_t ng, uint64_t start, unsigned word)
{
	unsigned char *seen = calloc(nodes, 1);
	uint64_t p = start, g, k, n, line;
	int bad = 0;

	for (g = 0; g < ng && !bad; g++) {
		n = nodes - groups[g] * 64 < 64 ? nodes - groups[g] * 64 : 64;
		for (k = 0; k < n; k++) {
			line = p / 8;
			if (p % 8 != word || line >= nodes || seen[line]++ ||
			    line / 64 != groups[g])
				bad = 1;
			p = w[p];
		}
	}
	if (p != start)
		bad = 1;
	free(seen);
	return bad;
}

/* The page-local order: whole groups, in order, shuffled inside. */
static void
page_local(void)
{
	static const uint64_t subset[] = { 5, 0, 3 };
	uint64_t nodes = 6 * 64 + 10, groups[7], *w, start, first, seq = 0, k;
	struct ts_rng rng;

	w = calloc(nodes * 8, sizeof *w);
	for (k = 0; k < 7; k++)
		groups[k] = (k * 3) % 7;	/* 0 3 6 2 5 1 4 */
	ts_rng_seed(&rng, 3);
	first = start = ts_chase_link_local(w, nodes, groups, 7, 1, &rng);
	ok(local_lap(w, nodes, groups, 7, start, 1) == 0, "page-local: every "
	    "line once, group by group in the given order, partial last "
	    "group included");
	for (k = 0, start = w[start]; k < 63; k++, start = w[start])
		if (w[start] == start + 8)
			seq++;
	ok(seq < 16, "page-local: lines within a group are shuffled (%llu "
	    "of 63 hops sequential)", (unsigned long long)seq);
	start = ts_chase_link_local(w, nodes, subset, 3, 2, &rng);
	ok(local_lap(w, nodes, subset, 3, start, 2) == 0, "page-local: a "
	    "subset of the groups, through another word");
	ok(local_lap(w, nodes, groups, 7, first, 1) == 0, "page-local: the "
	    "chain through the other word is left whole");
	is_u64(ts_chase_link_local(w, nodes, groups, 0, 4, &rng), 4,
	    "page-local: no groups, the start is the word itself");
	groups[0] = 7;
	is_u64(ts_chase_link_local(w, nodes, groups, 1, 4, &rng), 4,
	    "page-local: a group past the end is skipped");
	groups[0] = 6;
	start = ts_chase_link_local(w, nodes, groups, 1, 5, &rng);
	ok(local_lap(w, nodes, groups, 1, start, 5) == 0, "page-local: the "
	    "partial last group alone is one cycle of its 10 lines");
	free(w);
}

int
main(void)
{
	static const uint64_t sizes[] = { 0, 1, 63, 64, 65, 4096, 65536,
	    1000000 };
	struct ts_chase c, d;
	uint64_t prev, seq = 0, i, a, h, h1, h3;
	size_t k;
	int bad;

	for (k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
		if (!ok(ts_chase_init(&c, sizes[k], 7, false) == 0,
		    "%llu bytes: built", (unsigned long long)sizes[k]))
			continue;
		ok(c.nodes == (sizes[k] / 64 < 2 ? 2 : sizes[k] / 64),
		    "%llu bytes: node count", (unsigned long long)sizes[k]);
		ok(one_lap(&c) == 0, "%llu bytes: one lap visits every node "
		    "once and closes", (unsigned long long)sizes[k]);
		ts_chase_free(&c);
	}

	ts_chase_init(&c, 65536, 11, false);
	prev = c.cursor;
	for (i = 0; i < 199; i++) {
		ts_chase_run(&c, 1);
		if (c.cursor == prev + 8)
			seq++;
		prev = c.cursor;
	}
	ok(seq < 20, "fewer than 20 of 199 hops are sequential (%llu)",
	    (unsigned long long)seq);
	ts_chase_init(&d, 65536, 11, false);
	ts_chase_run(&d, 199);
	ok(c.cursor == d.cursor, "same seed, same cycle");
	ts_chase_run(&c, 100);
	ts_chase_run(&c, 50);
	ts_chase_run(&d, 150);
	ok(c.cursor == d.cursor, "100 + 50 hops = 150 hops");
	ts_chase_free(&c);
	ts_chase_free(&d);

	/* The original's latency checksums (section 5.0): 256 MiB buffers. */
	if (ts_chase_init(&c, 256u << 20, 0x1A7E4C7A5EEDULL, false) == 0) {
		h1 = ts_chase_run(&c, 1);
		is_u64(h1, 0x00000000015fff90ULL, "latency thread 0: run(1)");
		h3 = ts_chase_run(&c, 2);
		is_u64(h3, 0x0000000000fefcf8ULL, "latency thread 0: run(2)");
		/*
		 * The whole cycle, pinned: the permutation comes from the
		 * PRNG's bounded draws, so a machine whose draws differ
		 * (a 64 by 64-bit product without a 128-bit type, say)
		 * fails here, not only in the first hops.
		 */
		h = lap_digest(&c, &bad);
		ok(!bad, "latency thread 0: one lap visits all %llu nodes once",
		    (unsigned long long)c.nodes);
		is_u64(h, UINT64_C(0xe55dd013e7a12d1d),
		    "latency thread 0: the cycle's digest (a Python model with "
		    "exact integers gives it)");
		diag("chase: 256 MiB, seed 0x1A7E4C7A5EED: %llu nodes, "
		    "hops 1 and 3 at 0x%llx 0x%llx, cycle digest 0x%016llx",
		    (unsigned long long)c.nodes, (unsigned long long)h1,
		    (unsigned long long)h3, (unsigned long long)h);
		ok(c.page_bytes >= 4096, "page size recorded (%llu)",
		    (unsigned long long)c.page_bytes);
		ts_chase_free(&c);
	}
	if (ts_chase_init(&c, 256u << 20, 0x1A7E4C7A5EEDULL ^ 1, false) == 0) {
		a = ts_chase_run(&c, 1);
		is_u64(a, 0x000000000075cfe8ULL, "latency thread 1: run(1)");
		is_u64(ts_chase_run(&c, 2), 0x0000000000c26c90ULL,
		    "latency thread 1: run(2)");
		ts_chase_free(&c);
	}
	if (ts_chase_init(&c, 8u << 20, 5, true) == 0) {
		ok(one_lap(&c) == 0, "huge-page buffer: one full lap");
		ok(c.page_bytes == 4096 || c.page_bytes == (2u << 20),
		    "huge-page buffer: page size %llu recorded",
		    (unsigned long long)c.page_bytes);
		ts_chase_free(&c);
	}
	page_local();
	return done_testing();
}
