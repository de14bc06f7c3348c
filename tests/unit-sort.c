/* SPDX-License-Identifier: MIT */
/*
 * lib/kernels/sort.c: the workload sorts its scratch copy (the same result
 * as a merge sort, the multiset kept), does identical work per iteration
 * and leaves its pristine data alone (section 5.4).
 */
#include <config.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernel.h"
#include "kernels/sort.h"
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
	test_workload();
	return done_testing();
}
