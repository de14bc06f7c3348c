/* SPDX-License-Identifier: MIT */
/*
 * lib/rng.c: splitmix64's published first outputs, Lemire's bounded draw
 * and the [0, 1) double against values computed independently, and the
 * shuffle as a permutation that the seed decides.  The bounded draws are
 * pinned for bounds that make the draw reject (2^63 + 1 rejects half the
 * time), so a machine whose 64 by 64-bit product differs fails here: the
 * values are the same on every architecture (a Python model with exact
 * integers computed them).
 */
#include <config.h>

#include <inttypes.h>
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

/* Draws of ts_rng_below from seed 1234567, four per bound, in order. */
static const uint64_t below_bounds[8] = {
	10, 3, UINT64_C(0x8000000000000001), UINT64_MAX,
	UINT64_C(0x9e3779b97f4a7c15), 1000003, UINT64_C(0x100000000),
	UINT64_C(0x100000001)
};
static const uint64_t below_draws[8][4] = {
	{ 3, 1, 5, 2 },
	{ 2, 1, 1, 0 },
	{ UINT64_C(0x68ca2cce236a4a8e), UINT64_C(0x1ee7085a57a9dbf8),
	  UINT64_C(0x13958e111d580d35), UINT64_C(0x5fa6fc599d7e4882) },
	{ UINT64_C(0x022cdb0b8fcf0c96), UINT64_C(0x9a1c2c82cfd0928f),
	  UINT64_C(0x113a98f66c60a43b), UINT64_C(0x1523e9037e64f600) },
	{ UINT64_C(0x1736bae1e5a23585), UINT64_C(0x6e6f439aa91c132f),
	  UINT64_C(0x92dec8aae8ef4bc6), UINT64_C(0x7d623642ab028519) },
	{ 0xc05c7, 0x7f34d, 0x1100c, 0xeaf11 },
	{ 0x4bf538c0, 0xcd9aae11, 0xb5b4031b, 0xe5a83fab },
	{ 0x79d5d4cf, 0xe399c00a, 0x86406cc4, 0x5339cc20 }
};

/* ts_mul_hi64 on the corners of its range and a known product. */
static void
test_mul_hi(void)
{
	struct ts_rng r;
	bool same = true;
	int i;

	is_u64(ts_mul_hi64(UINT64_MAX, UINT64_MAX), UINT64_MAX - 1,
	    "mul_hi: (2^64-1)^2");
	is_u64(ts_mul_hi64(UINT64_MAX, 2), 1, "mul_hi: (2^64-1) * 2");
	is_u64(ts_mul_hi64(UINT64_C(1) << 32, UINT64_C(1) << 32), 1,
	    "mul_hi: 2^32 * 2^32");
	is_u64(ts_mul_hi64(0xFFFFFFFFu, 0xFFFFFFFFu), 0,
	    "mul_hi: (2^32-1)^2 has no high word");
	is_u64(ts_mul_hi64(UINT64_C(0x9e3779b97f4a7c15),
	    UINT64_C(0xbf58476d1ce4e5b9)), UINT64_C(0x7641f3080ff92329),
	    "mul_hi: two of splitmix64's constants");
	is_u64(ts_mul_hi64(0, UINT64_MAX), 0, "mul_hi: by zero");
#ifdef __SIZEOF_INT128__
	ts_rng_seed(&r, 31);
	for (i = 0; i < 100000 && same; i++) {
		uint64_t a = ts_rng_next(&r), b = ts_rng_next(&r);

		if (i % 3 == 0)
			b >>= (unsigned)(a % 64);
		same = ts_mul_hi64(a, b) ==
		    (uint64_t)(((unsigned __int128)a * b) >> 64);
	}
	ok(same, "mul_hi: 100000 products as the compiler's 128-bit type "
	    "gives them");
#else
	(void)r;
	(void)i;
	(void)same;
	skip(1, "mul_hi against a 128-bit type: this compiler has none");
#endif
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
	a[0] = ts_rng_next(&r);
	a[1] = ts_rng_next(&r);
	a[2] = ts_rng_next(&r);
	is_u64(a[0], UINT64_C(0xe220a8397b1dcdaf),
	    "splitmix64(0): first output");
	is_u64(a[1], UINT64_C(0x6e789e6aa1b965f4), "second");
	is_u64(a[2], UINT64_C(0x06c45d188009454f), "third");
	/* For maint/cross-check.sh, which compares machines. */
	diag("rng: splitmix64(0) 0x%016" PRIx64 " 0x%016" PRIx64 " 0x%016"
	    PRIx64, a[0], a[1], a[2]);
	ts_rng_seed(&r, 1234567);
	is_u64(ts_rng_below(&r, 10), 3,
	    "below(10): the high word of next * 10");
	ts_rng_seed(&r, 1234567);
	for (i = 0; i < 8; i++) {
		uint64_t got[4];
		size_t k;

		for (k = 0; k < 4; k++)
			got[k] = ts_rng_below(&r, below_bounds[i]);
		if (i == 2)
			diag("rng: below(2^63+1) after 8 draws from 1234567: "
			    "0x%016" PRIx64 " 0x%016" PRIx64 " 0x%016" PRIx64
			    " 0x%016" PRIx64, got[0], got[1], got[2], got[3]);
		ok(memcmp(got, below_draws[i], sizeof got) == 0,
		    "below(0x%016" PRIx64 "): four draws as the model's",
		    below_bounds[i]);
	}
	test_mul_hi();
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
