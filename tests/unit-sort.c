/* SPDX-License-Identifier: MIT */
/*
 * lib/kernels/sort.c: the sort orders everything it is given (random data
 * and the inputs that break naive quicksorts), keeps the multiset, and the
 * workload leaves its pristine data alone (section 5.4).
 */
#include <config.h>

#include <stdlib.h>

#include "kernel.h"
#include "kernels/kstate.h"
#include "rng.h"
#include "tap.h"

static const struct ts_kernel *K = &ts_kernel_sort;

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
	uint64_t *t = malloc(n * sizeof *t), *src = a, *dst = t, *sw;
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

/* Sort a copy of a[0..n) and check it against the merge sort. */
static void
check_input(const char *what, const uint64_t *a, size_t n)
{
	uint64_t *x = malloc((n + 1) * sizeof *x), *y = malloc((n + 1) * sizeof *y);
	uint64_t before[3], after[3];

	memcpy(x, a, n * sizeof *x);
	memcpy(y, a, n * sizeof *y);
	fold(x, n, before);
	ts_sort_u64(x, n);
	merge_sort(y, n);
	fold(x, n, after);
	ok(sorted(x, n) && memcmp(before, after, sizeof before) == 0 &&
	    memcmp(x, y, n * sizeof *x) == 0,
	    "%s (%zu): sorted, same values", what, n);
	/* Again with no tolerance for lopsided splits: the heapsort path. */
	memcpy(x, a, n * sizeof *x);
	ts_sort_u64_budget(x, n, 1);
	ok(memcmp(x, y, n * sizeof *x) == 0, "%s (%zu), heapsort fallback",
	    what, n);
	free(x);
	free(y);
}

/* Inputs that defeat plain quicksorts, at several sizes. */
static void
test_adversarial(void)
{
	static const size_t sizes[] = { 0, 1, 2, 3, 23, 24, 25, 129, 1000,
	    100003 };
	struct ts_rng rng;
	uint64_t *a;
	size_t s, n, i;

	for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		n = sizes[s];
		a = malloc((n + 1) * sizeof *a);
		ts_rng_seed(&rng, n);
		for (i = 0; i < n; i++)
			a[i] = ts_rng_next(&rng);
		check_input("random", a, n);
		for (i = 0; i < n; i++)
			a[i] = ts_rng_below(&rng, 4);
		check_input("four distinct values", a, n);
		for (i = 0; i < n; i++)
			a[i] = i;
		check_input("already sorted", a, n);
		for (i = 0; i < n; i++)
			a[i] = n - i;
		check_input("reversed", a, n);
		for (i = 0; i < n; i++)
			a[i] = 42;
		check_input("all equal", a, n);
		for (i = 0; i < n; i++)
			a[i] = i < n / 2 ? i : n - i;
		check_input("organ pipe", a, n);
		for (i = 0; i < n; i++)
			a[i] = i % 2 ? UINT64_MAX - i : i;
		check_input("sawtooth with extremes", a, n);
		for (i = 0; i < n; i++)
			a[i] = i + 1;
		if (n > 1)
			a[n / 2] = 0;
		check_input("sorted but one", a, n);
		free(a);
	}
}

/* The workload: data, pristine copy, identical work, checksums. */
static void
test_workload(void)
{
	struct ts_sort *s = K->setup(1, 0, NULL), *t = K->setup(2, 1, NULL);
	uint64_t *copy, *ref, before[3], after[3], r1, r2;
	size_t i, up = 0;

	if (!ok(s != NULL && t != NULL, "setup"))
		return;
	is_u64(s->n, 1u << 20, "1 Mi values");
	for (i = 1; i < s->n; i++)
		up += s->pristine[i] > s->pristine[i - 1];
	ok(up < s->n * 6 / 10, "input not pre-sorted (%zu ascending pairs)",
	    up);
	ok(memcmp(s->pristine, s->scratch, s->n * sizeof *s->pristine) == 0,
	    "scratch starts as a copy");
	ok(memcmp(s->pristine, t->pristine, s->n * sizeof *s->pristine) != 0,
	    "distinct data per seed");
	copy = malloc(s->n * sizeof *copy);
	memcpy(copy, s->pristine, s->n * sizeof *copy);
	fold(s->pristine, s->n, before);
	r1 = K->run(s, 1);
	fold(s->scratch, s->n, after);
	ok(sorted(s->scratch, s->n), "run(1) sorts scratch");
	ok(memcmp(before, after, sizeof before) == 0, "multiset preserved");
	ref = malloc(s->n * sizeof *ref);
	memcpy(ref, copy, s->n * sizeof *ref);
	merge_sort(ref, s->n);
	ok(memcmp(ref, s->scratch, s->n * sizeof *ref) == 0,
	    "same result as a merge sort");
	is_u64(r1, ref[0] + ref[s->n - 1], "checksum = first + last");
	r2 = K->run(s, 2);
	is_u64(r2, 2 * r1, "each iteration does identical work");
	ok(memcmp(copy, s->pristine, s->n * sizeof *copy) == 0,
	    "pristine never modified");
	free(copy);
	free(ref);
	K->teardown(s);
	K->teardown(t);
}

int
main(void)
{
	test_adversarial();
	test_workload();
	return done_testing();
}
