/* SPDX-License-Identifier: MIT */
/*
 * lib/kernels/latency.c: the latency workload over small buffers: one
 * node per hop, every node once per lap, back where it started.
 */
#include <config.h>

#include <stdlib.h>

#include "kernels/kernel.h"
#include "kernels/latency.h"
#include "tap.h"

/* Walk one lap of a latency state; 0 if every node was seen once. */
static int
latency_lap(const struct ts_kernel *k, ts_kstate *st)
{
	struct ts_latency *l = st;
	unsigned char *seen = calloc(l->chase.nodes, 1);
	uint64_t start = l->chase.cursor, i, p;
	int bad = seen == NULL;

	for (i = 0; !bad && i < l->chase.nodes; i++) {
		p = k->run(st, 1);
		if (p % 8 != 0 || p / 8 >= l->chase.nodes || seen[p / 8]++)
			bad = 1;
	}
	if (l->chase.cursor != start)
		bad = 1;
	free(seen);
	return bad;
}

/* The latency wrapper over a small buffer: one node per hop, one lap. */
static void
test_latency(void)
{
	struct ts_kparams small = { 65536, false }, tiny = { 1, true };
	const struct ts_kernel *k = ts_kernel_find("latency");
	struct ts_latency *l;
	ts_kstate *st;

	st = k->setup(1, 0, &small);
	if (ok(st != NULL, "latency over 64 KiB")) {
		l = st;
		is_u64(l->chase.nodes, 1024, "1024 nodes");
		ok(latency_lap(k, st) == 0, "one lap visits each node once");
		ok(k->footprint(1, 0, &small) >= 65536, "footprint covers it");
		k->teardown(st);
	}
	st = k->setup(1, 0, &tiny);
	if (ok(st != NULL, "latency over 1 byte, huge pages asked")) {
		l = st;
		is_u64(l->chase.nodes, 2, "two nodes");
		ok(latency_lap(k, st) == 0, "two nodes make a cycle");
		k->teardown(st);
	}
}

int
main(void)
{
	test_latency();
	return done_testing();
}
