/* SPDX-License-Identifier: MIT */
/*
 * lib/rng.c: splitmix64's published first outputs, Lemire's bounded draw
 * and the [0, 1) double against values computed independently, and the
 * shuffle as a permutation that the seed decides.
 */
#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "tap.h"

/* Compare two u64 for qsort. */
static int
cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int
main(void)
{
	uint64_t a[100], b[100], seen[10] = { 0 };
	struct ts_rng r;
	bool in_range = true, sorted = true;
	double d;
	size_t i;

	ts_rng_seed(&r, 0);
	is_u64(ts_rng_next(&r), UINT64_C(0xe220a8397b1dcdaf),
	    "splitmix64(0): first output");
	is_u64(ts_rng_next(&r), UINT64_C(0x6e789e6aa1b965f4), "second");
	is_u64(ts_rng_next(&r), UINT64_C(0x06c45d188009454f), "third");
	ts_rng_seed(&r, 1234567);
	is_u64(ts_rng_below(&r, 10), 3,
	    "below(10): the high word of next * 10");
	ts_rng_seed(&r, 1234567);
	ok(ts_rng_f64(&r) == 0x599ed017fb08fc85ULL / 2048 * 0x1.0p-53,
	    "f64: the top 53 bits over 2^53");
	ts_rng_seed(&r, 42);
	for (i = 0; i < 10000; i++) {
		uint64_t v = ts_rng_below(&r, 10);

		in_range = in_range && v < 10;
		if (v < 10)
			seen[v]++;
		d = ts_rng_f64(&r);
		in_range = in_range && d >= 0 && d < 1;
	}
	for (i = 0; i < 10; i++)
		in_range = in_range && seen[i] > 0;
	ok(in_range, "10000 draws: all below the bound, every value seen, "
	    "doubles in [0, 1)");
	ts_rng_seed(&r, 9);
	is_u64(ts_rng_below(&r, 1), 0, "below(1) is 0");

	for (i = 0; i < 100; i++)
		a[i] = b[i] = i;
	ts_rng_seed(&r, 7);
	ts_rng_shuffle_u64(&r, a, 100);
	ts_rng_seed(&r, 7);
	ts_rng_shuffle_u64(&r, b, 100);
	ok(memcmp(a, b, sizeof a) == 0, "the same seed, the same shuffle");
	for (i = 1; i < 100; i++)
		sorted = sorted && a[i - 1] < a[i];
	ok(!sorted, "a shuffle of 100 values moves some");
	qsort(a, 100, sizeof a[0], cmp);
	for (i = 0, sorted = true; i < 100; i++)
		sorted = sorted && a[i] == i;
	ok(sorted, "and is a permutation");
	ts_rng_shuffle_u64(&r, a, 0);
	ts_rng_shuffle_u64(&r, a, 1);
	is_u64(a[0], 0, "shuffling 0 or 1 value changes nothing");
	return done_testing();
}
