/* SPDX-License-Identifier: MIT */
/*
 * The sort kernel's sort: an unstable, in-place sort of uint64_t of the
 * ipnsort family (the one behind Rust's sort_unstable since 1.81), and
 * the two inner stages its tests call directly.
 */
#ifndef TS_IPNSORT_H
#define TS_IPNSORT_H

#include <stddef.h>
#include <stdint.h>

/* Slices up to this long are finished by the small sort. */
#define TS_SORT_SMALL_MAX	32

/* Sort n values ascending. */
void	 ts_sort_u64(uint64_t *, size_t n);

/*
 * The quicksort stage alone, without the short-input and presorted-input
 * shortcuts: at most `limit` partitions deep on any path, heapsort below
 * that.  Return how many slices heapsort finished.
 */
size_t	 ts_sort_u64_limit(uint64_t *, size_t n, unsigned limit);

/* The small sort alone, for n <= TS_SORT_SMALL_MAX. */
void	 ts_sort_u64_small(uint64_t *, size_t n);

#endif /* TS_IPNSORT_H */
