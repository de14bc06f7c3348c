/* SPDX-License-Identifier: MIT */
/*
 * What the sort tests check a sorted array against: ascending order, the
 * multiset folded three ways, and an independent merge sort.
 * Header-only, for tests/unit-sort.c and tests/unit-ipnsort.c.
 */
#ifndef TS_SORT_CHECK_H
#define TS_SORT_CHECK_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Whether a[0..n) is ascending. */
static int __attribute__((unused))
sorted(const uint64_t *a, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (a[i - 1] > a[i])
			return 0;
	return 1;
}

/* Fold the multiset: sum, xor and sum of squares (order-free). */
static void __attribute__((unused))
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
static void __attribute__((unused))
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

#endif /* TS_SORT_CHECK_H */
