/* SPDX-License-Identifier: MIT */
/*
 * lib/kernels/ipnsort.c: the sort orders everything it is given (random
 * data, runs, duplicates and the inputs that break naive quicksorts, at
 * sizes around every threshold), keeps the multiset, and still does so
 * when the depth limit hands slices to heapsort.
 */
#include <config.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/ipnsort.h"
#include "rng.h"
#include "tap.h"

/* Whether a[0..n) is ascending. */
static int
sorted(const uint64_t *a, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (a[i - 1] > a[i])
			return 0;
	return 1;
}

/* Fold the multiset: sum, xor and sum of squares (order-free). */
static void
fold(const uint64_t *a, size_t n, uint64_t out[3])
{
	size_t i;

	out[0] = out[1] = out[2] = 0;
	for (i = 0; i < n; i++) {
		out[0] += a[i];
		out[1] ^= a[i];
		out[2] += a[i] * a[i];
	}
}

/* An independent sort for comparison: bottom-up merge sort. */
static void
merge_sort(uint64_t *a, size_t n)
{
	uint64_t *t = malloc(n * sizeof *t + 1), *src = a, *dst = t, *sw;
	size_t w, lo, mid, hi, i, j, k;

	for (w = 1; w < n; w *= 2) {
		for (lo = 0; lo < n; lo += 2 * w) {
			mid = lo + w < n ? lo + w : n;
			hi = lo + 2 * w < n ? lo + 2 * w : n;
			for (i = lo, j = mid, k = lo; k < hi; k++)
				dst[k] = j >= hi || (i < mid && src[i] <= src[j]) ?
				    src[i++] : src[j++];
		}
		sw = src;
		src = dst;
		dst = sw;
	}
	if (src != a)
		memcpy(a, src, n * sizeof *a);
	free(t);
}

/* floor(log2 n) for n >= 1. */
static unsigned
log2_floor(size_t n)
{
	unsigned lg = 0;

	while (n > 1) {
		n >>= 1;
		lg++;
	}
	return lg;
}

/*
 * Sort copies of a[0..n) and check each against the merge sort: the whole
 * sort; the quicksort stage with its usual depth limit (no shortcuts),
 * which for a `shallow` pattern must not reach heapsort at all (the
 * pivots and the split-off of equal values keep it shallow); and with a
 * limit of 0 and 1, where heapsort must finish the work.
 */
static void
check_input(const char *what, const uint64_t *a, size_t n, bool shallow)
{
	uint64_t *x = malloc(n * sizeof *x + 1), *y = malloc(n * sizeof *y + 1);
	uint64_t before[3], after[3];
	size_t heaps;

	memcpy(x, a, n * sizeof *x);
	memcpy(y, a, n * sizeof *y);
	fold(x, n, before);
	ts_sort_u64(x, n);
	merge_sort(y, n);
	fold(x, n, after);
	ok(sorted(x, n) && memcmp(before, after, sizeof before) == 0 &&
	    memcmp(x, y, n * sizeof *x) == 0,
	    "%s (%zu): sorted, same values", what, n);

	memcpy(x, a, n * sizeof *x);
	heaps = ts_sort_u64_limit(x, n, 2 * log2_floor(n | 1));
	ok(memcmp(x, y, n * sizeof *x) == 0 && (!shallow || heaps == 0),
	    "%s (%zu): quicksort stage alone, %zu slices by heapsort", what,
	    n, heaps);

	/* Limit 0: heapsort takes any slice the small sort cannot. */
	memcpy(x, a, n * sizeof *x);
	heaps = ts_sort_u64_limit(x, n, 0);
	ok(memcmp(x, y, n * sizeof *x) == 0 &&
	    heaps == (n > TS_SORT_SMALL_MAX),
	    "%s (%zu): depth limit 0, %zu slices by heapsort", what, n, heaps);
	/* Limit 1: one partition, then heapsort for each long side. */
	memcpy(x, a, n * sizeof *x);
	heaps = ts_sort_u64_limit(x, n, 1);
	ok(memcmp(x, y, n * sizeof *x) == 0 &&
	    (n <= TS_SORT_SMALL_MAX ? heaps == 0 :
	    n <= 2 * TS_SORT_SMALL_MAX + 1 ? heaps <= 1 :
	    heaps >= 1 && heaps <= 2),
	    "%s (%zu): depth limit 1, %zu slices by heapsort", what, n, heaps);
	free(x);
	free(y);
}

/*
 * Musser's median-of-3 killer for n = 2k: 1, k+1, 3, k+3, ..., then
 * 2, 4, ..., 2k; an odd n gets 2k + 1 at the end.
 */
static void
median3_killer(uint64_t *a, size_t n)
{
	size_t k = n / 2, i;

	for (i = 1; i <= k; i++) {
		a[i - 1] = i % 2 ? i : k + i - 1;
		a[k + i - 1] = 2 * i;
	}
	if (n % 2)
		a[n - 1] = n;
}

/* The integer square root of n, rounded down. */
static uint64_t
isqrt(size_t n)
{
	uint64_t r = 0;

	while ((r + 1) * (r + 1) <= n)
		r++;
	return r;
}

/* Every pattern at sizes around each threshold and far beyond. */
static void
test_patterns(void)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 7, 8, 16, 17, 20, 21, 31,
	    32, 33, 63, 64, 65, 100, 1000, 1 << 16, 1 << 20 };
	struct ts_rng rng;
	uint64_t *a, t, m;
	size_t s, n, i, j;

	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		n = sizes[s];
		a = malloc(n * sizeof *a + 1);
		ts_rng_seed(&rng, n);
		for (i = 0; i < n; i++)
			a[i] = ts_rng_next(&rng);
		check_input("random", a, n, true);
		for (i = 0; i < n; i++)
			a[i] = i;
		check_input("sorted", a, n, true);
		for (i = 0; i < n; i++)
			a[i] = n - i;
		check_input("reversed", a, n, true);
		for (i = 0; i < n; i++)
			a[i] = (n - i) / 2;
		check_input("descending with pairs", a, n, true);
		for (i = 0; i < n; i++)
			a[i] = 42;
		check_input("all equal", a, n, true);
		for (i = 0; i < n; i++)
			a[i] = i < n / 2 ? i : n - i;
		/* Its slopes can wear some paths down to heapsort. */
		check_input("organ pipe", a, n, false);
		for (i = 0; i < n; i++)
			a[i] = i % 2 ? UINT64_MAX - i : i;
		check_input("alternating extremes", a, n, true);
		for (i = 0; i < n; i++)
			a[i] = i % 37;
		check_input("sawtooth", a, n, true);
		for (i = 0; i < n; i++)
			a[i] = ts_rng_next(&rng) % 2;
		check_input("values mod 2", a, n, true);
		for (i = 0; i < n; i++)
			a[i] = ts_rng_next(&rng) % 16;
		check_input("values mod 16", a, n, true);
		m = isqrt(n) + 1;
		for (i = 0; i < n; i++)
			a[i] = ts_rng_next(&rng) % m;
		check_input("values mod sqrt(n)", a, n, true);
		for (i = 0; i < n; i++)
			a[i] = i;
		for (i = 0; n > 1 && i < 1 + n / 100; i++) {
			j = ts_rng_below(&rng, n);
			t = a[j];
			a[j] = a[i * 7919 % n];
			a[i * 7919 % n] = t;
		}
		check_input("sorted, a few swaps", a, n, true);
		for (i = 0; i < n; i++)
			a[i] = i < n / 2 ? i : ts_rng_next(&rng);
		check_input("sorted half, random half", a, n, true);
		median3_killer(a, n);
		check_input("median-of-3 killer", a, n, true);
		free(a);
	}
}

/* Whether next lexicographic permutation of a[0..n) exists; make it. */
static int
next_permutation(uint64_t *a, size_t n)
{
	size_t i, j;
	uint64_t t;

	if (n < 2)
		return 0;
	for (i = n - 1; i > 0 && a[i - 1] >= a[i]; i--)
		;
	if (i == 0)
		return 0;
	for (j = n - 1; a[j] <= a[i - 1]; j--)
		;
	t = a[i - 1];
	a[i - 1] = a[j];
	a[j] = t;
	for (j = n - 1; i < j; i++, j--) {
		t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
	return 1;
}

/*
 * The small sort on its own: every 0-1 input up to 20 values (which for
 * the networks alone, up to 16, proves them by the 0-1 principle), every
 * permutation up to 8, and random inputs up to its limit.
 */
static void
test_small(void)
{
	uint64_t a[TS_SORT_SMALL_MAX], b[TS_SORT_SMALL_MAX];
	uint64_t before[3], after[3];
	struct ts_rng rng;
	size_t n, i, bad, ones, tries;
	unsigned long bits;

	for (n = 0; n <= 20; n++) {
		bad = 0;
		for (bits = 0; bits < 1ul << n; bits++) {
			ones = 0;
			for (i = 0; i < n; i++)
				ones += a[i] = bits >> i & 1;
			ts_sort_u64_small(a, n);
			for (i = 0; i < n; i++)
				bad += a[i] != (i >= n - ones);
		}
		ok(bad == 0, "small sort: all %lu 0-1 inputs of %zu", 1ul << n,
		    n);
	}
	for (n = 1; n <= 8; n++) {
		bad = 0;
		for (i = 0; i < n; i++)
			b[i] = i * 3;
		do {
			memcpy(a, b, n * sizeof *a);
			ts_sort_u64_small(a, n);
			for (i = 0; i < n; i++)
				bad += a[i] != i * 3;
		} while (next_permutation(b, n));
		ok(bad == 0, "small sort: all permutations of %zu", n);
	}
	ts_rng_seed(&rng, 17);
	for (n = 0; n <= TS_SORT_SMALL_MAX; n++) {
		bad = 0;
		for (tries = 0; tries < 2000; tries++) {
			for (i = 0; i < n; i++)
				a[i] = tries % 2 ? ts_rng_next(&rng) :
				    ts_rng_below(&rng, 5);
			memcpy(b, a, n * sizeof *a);
			fold(a, n, before);
			ts_sort_u64_small(a, n);
			merge_sort(b, n);
			fold(a, n, after);
			bad += memcmp(a, b, n * sizeof *a) != 0 ||
			    memcmp(before, after, sizeof before) != 0;
		}
		ok(bad == 0, "small sort: 2000 random inputs of %zu", n);
	}
}

/* Random input does not degrade: no slice reaches heapsort. */
static void
test_no_fallback(void)
{
	size_t n = 1 << 20, i, heaps;
	uint64_t *a = malloc(n * sizeof *a);
	struct ts_rng rng;

	ts_rng_seed(&rng, 5);
	for (i = 0; i < n; i++)
		a[i] = ts_rng_next(&rng);
	heaps = ts_sort_u64_limit(a, n, 2 * log2_floor(n));
	ok(sorted(a, n) && heaps == 0,
	    "1 Mi random values: sorted, %zu slices by heapsort", heaps);
	free(a);
}

int
main(void)
{
	test_small();
	test_patterns();
	test_no_fallback();
	return done_testing();
}
