/* SPDX-License-Identifier: MIT */
/*
 * An unstable in-place sort of uint64_t of the ipnsort family, the design
 * Rust's slice::sort_unstable has used since 1.81 (Bergdoll and Peters),
 * written for one type with the comparison inlined:
 *
 *  - inputs of up to 20 values get insertion sort; longer ones first
 *    check for a leading ascending or strictly descending run, and an
 *    input that is one run is done (reversed if need be);
 *  - otherwise a quicksort whose partition is a branchless Lomuto scan
 *    that moves values through a travelling gap (two loads and two
 *    stores per value, no swaps, no branch on the data);
 *  - pivots are a median of three samples, taken recursively (a
 *    pseudo-median of 3^k) once a slice holds 64 values or more;
 *  - a pivot that is no greater than the pivot bounding the slice from
 *    below is that slice's minimum: the values equal to it are split
 *    off in one pass, which makes many duplicates cheap;
 *  - slices of up to 32 values are finished by branchless sorting
 *    networks (Batcher's merge exchange, pruned to the length) on at
 *    most 16 values, and a branchless two-ended merge of two halves;
 *  - a path more than 2 floor(log2 n) partitions deep ends in heapsort,
 *    which bounds the worst case by O(n log n).
 */
#include <config.h>

#include <assert.h>
#include <stdbool.h>
#include <string.h>

#include "kernels/ipnsort.h"

#define INSERTION_MAX	20	/* whole inputs this short: insertion sort */
#define NETWORK_MAX	16	/* longest slice a network sorts at once */
#define RECURSE_PIVOT	64	/* slices this long take the recursive median */

#define ALWAYS_INLINE	inline __attribute__((always_inline))

/* Straight insertion sort of v[0..n). */
static void
insertion_sort(uint64_t *v, size_t n)
{
	size_t i, j;
	uint64_t x;

	for (i = 1; i < n; i++) {
		x = v[i];
		for (j = i; j > 0 && x < v[j - 1]; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

/* Restore the max-heap order below v[i] in a heap of n values. */
static void
sift_down(uint64_t *v, size_t i, size_t n)
{
	uint64_t x = v[i];
	size_t c;

	while ((c = 2 * i + 1) < n) {
		if (c + 1 < n && v[c] < v[c + 1])
			c++;
		if (!(x < v[c]))
			break;
		v[i] = v[c];
		i = c;
	}
	v[i] = x;
}

/* Heapsort v[0..n): the bound when a quicksort path gets too deep. */
static void
heap_sort(uint64_t *v, size_t n)
{
	size_t i;
	uint64_t x;

	for (i = n / 2; i-- > 0;)
		sift_down(v, i, n);
	for (i = n; i-- > 1;) {
		x = v[i];
		v[i] = v[0];
		v[0] = x;
		sift_down(v, 0, i);
	}
}

/* Order *a and *b (a before b) with conditional moves, not a branch. */
static ALWAYS_INLINE void
cmpx(uint64_t *a, uint64_t *b)
{
	uint64_t x = *a, y = *b;
	bool swap = y < x;

	*a = swap ? y : x;
	*b = swap ? x : y;
}

/*
 * Batcher's merge exchange for 16 inputs (Knuth, TAOCP 5.2.2, Algorithm
 * M), keeping only the comparators inside v[0..n).  The dropped ones
 * would only ever meet values past the end, as if those were +infinity,
 * so the rest sorts n values; for each n it is the network Algorithm M
 * itself builds for n.  Called with a constant n, it compiles to
 * straight-line code.  Rows are the passes (p, d) of the algorithm.
 */
static ALWAYS_INLINE void
merge_exchange(uint64_t *v, size_t n)
{
#define X(i, j)	do { if ((j) < n) cmpx(v + (i), v + (j)); } while (0)
	/* p = 8 */
	X(0, 8); X(1, 9); X(2, 10); X(3, 11);
	X(4, 12); X(5, 13); X(6, 14); X(7, 15);
	/* p = 4 */
	X(0, 4); X(1, 5); X(2, 6); X(3, 7);
	X(8, 12); X(9, 13); X(10, 14); X(11, 15);
	X(4, 8); X(5, 9); X(6, 10); X(7, 11);
	/* p = 2 */
	X(0, 2); X(1, 3); X(4, 6); X(5, 7);
	X(8, 10); X(9, 11); X(12, 14); X(13, 15);
	X(2, 8); X(3, 9); X(6, 12); X(7, 13);
	X(2, 4); X(3, 5); X(6, 8); X(7, 9); X(10, 12); X(11, 13);
	/* p = 1 */
	X(0, 1); X(2, 3); X(4, 5); X(6, 7);
	X(8, 9); X(10, 11); X(12, 13); X(14, 15);
	X(1, 8); X(3, 10); X(5, 12); X(7, 14);
	X(1, 4); X(3, 6); X(5, 8); X(7, 10); X(9, 12); X(11, 14);
	X(1, 2); X(3, 4); X(5, 6); X(7, 8); X(9, 10); X(11, 12); X(13, 14);
#undef X
}

/* Sort v[0..n), n <= NETWORK_MAX, with the network built for n. */
static void
network_sort(uint64_t *v, size_t n)
{
	switch (n) {
	case 2:  merge_exchange(v, 2);  break;
	case 3:  merge_exchange(v, 3);  break;
	case 4:  merge_exchange(v, 4);  break;
	case 5:  merge_exchange(v, 5);  break;
	case 6:  merge_exchange(v, 6);  break;
	case 7:  merge_exchange(v, 7);  break;
	case 8:  merge_exchange(v, 8);  break;
	case 9:  merge_exchange(v, 9);  break;
	case 10: merge_exchange(v, 10); break;
	case 11: merge_exchange(v, 11); break;
	case 12: merge_exchange(v, 12); break;
	case 13: merge_exchange(v, 13); break;
	case 14: merge_exchange(v, 14); break;
	case 15: merge_exchange(v, 15); break;
	case 16: merge_exchange(v, 16); break;
	default: break;			/* 0 and 1 are sorted */
	}
}

/*
 * Merge the sorted runs v[0..h) and v[h..n), h = n / 2, into out[0..n).
 * One cursor pair takes the smaller head from the front while another
 * takes the larger tail from the back, n / 2 times each; each step
 * chooses with conditional moves.  Ties go to the left run at the front
 * and to the right run at the back, so the two ends never take the same
 * value, and for odd n exactly one value is left over for the middle.
 */
static void
merge_halves(const uint64_t *v, size_t n, uint64_t *out)
{
	size_t h = n / 2, l = 0, r = h, le = h, re = n, lo = 0, hi = n, k;
	uint64_t a, b;
	bool right;

	for (k = 0; k < h; k++) {
		a = v[l];
		b = v[r];
		right = b < a;
		out[lo++] = right ? b : a;
		r += right;
		l += !right;

		a = v[le - 1];
		b = v[re - 1];
		right = !(b < a);
		out[--hi] = right ? b : a;
		re -= right;
		le -= !right;
	}
	if (n & 1)
		out[lo] = l < le ? v[l] : v[r];
}

/*
 * Sort v[0..n), n <= TS_SORT_SMALL_MAX: a network for up to 16 values,
 * else one for each half and a merge through a buffer on the stack.
 */
static void
small_sort(uint64_t *v, size_t n)
{
	uint64_t buf[TS_SORT_SMALL_MAX];

	if (n <= NETWORK_MAX) {
		network_sort(v, n);
		return;
	}
	network_sort(v, n / 2);
	network_sort(v + n / 2, n - n / 2);
	merge_halves(v, n, buf);
	memcpy(v, buf, n * sizeof *v);
}

void
ts_sort_u64_small(uint64_t *v, size_t n)
{
	/* Its merge works in a buffer of TS_SORT_SMALL_MAX values. */
	assert(n <= TS_SORT_SMALL_MAX);
	small_sort(v, n);
}

/*
 * The index of the median of v[i], v[j] and v[k].  The choice is made
 * with masks, as GCC would otherwise branch on it, and on random data
 * which sample wins is a coin toss the predictor keeps losing.
 */
static ALWAYS_INLINE size_t
median3(const uint64_t *v, size_t i, size_t j, size_t k)
{
	bool ij = v[i] < v[j], ik = v[i] < v[k], jk = v[j] < v[k];
	size_t m = k;

	/* v[i] below or above both: the median is the nearer of the two. */
	m ^= (j ^ k) & -(size_t)(jk == ij);
	/* Otherwise v[i] lies between them. */
	m ^= (i ^ m) & -(size_t)(ij != ik);
	return m;
}

/*
 * A pseudo-median of the three strips of n values at i, j and k: each
 * strip long enough is reduced to the median of three samples at its
 * eighths 0, 4 and 7, recursively, then the three results meet.
 */
static size_t
median3_deep(const uint64_t *v, size_t i, size_t j, size_t k, size_t n)
{
	size_t e;

	if (n * 8 >= RECURSE_PIVOT) {
		e = n / 8;
		i = median3_deep(v, i, i + 4 * e, i + 7 * e, e);
		j = median3_deep(v, j, j + 4 * e, j + 7 * e, e);
		k = median3_deep(v, k, k + 4 * e, k + 7 * e, e);
	}
	return median3(v, i, j, k);
}

/* Where the pivot for v[0..n), n >= 8, is: samples at eighths 0, 4, 7. */
static ALWAYS_INLINE size_t
choose_pivot(const uint64_t *v, size_t n)
{
	size_t e = n / 8;

	if (n < RECURSE_PIVOT)
		return median3(v, 0, 4 * e, 7 * e);
	return median3_deep(v, 0, 4 * e, 7 * e, e);
}

/*
 * Move the values of w[0..m), m >= 1, that belong left of the pivot to
 * the front; return how many there are.  A value belongs left when it is
 * below the pivot, or with `take_equal` when it is not above it.
 *
 * A Lomuto scan, but without swaps: w[0] is lifted out first, leaving a
 * gap.  Each value read moves into w[k], the first slot of the right
 * part, and the value that was there moves into the gap, which is then
 * where the value was read; k advances only when the value belongs
 * left.  Those moves happen whatever the comparison said, so the loop
 * has no branch on the data.  The lifted value goes in last.
 */
static ALWAYS_INLINE size_t
lomuto_gap(uint64_t *w, size_t m, uint64_t pivot, bool take_equal)
{
	uint64_t lifted = w[0], *gap = w, *rd = w + 1, *last = w + m - 1, x;
	size_t k = 0;

#define STEP(val) do {							\
	x = (val);							\
	*gap = w[k];							\
	w[k] = x;							\
	k += take_equal ? !(pivot < x) : x < pivot;			\
} while (0)
	/* Two values per round: the loop overhead is shared. */
	while (rd < last) {
		STEP(rd[0]);
		gap = rd;
		STEP(rd[1]);
		gap = rd + 1;
		rd += 2;
	}
	if (rd == last) {
		STEP(*rd);
		gap = rd;
	}
	STEP(lifted);
#undef STEP
	return k;
}

/*
 * Partition v[0..n), n >= 2, around the value at v[p]: the values below
 * it (with `take_equal`, not above it) first, then the pivot, then the
 * rest.  Return the pivot's index.
 */
static ALWAYS_INLINE size_t
partition(uint64_t *v, size_t n, size_t p, bool take_equal)
{
	uint64_t pivot = v[p];
	size_t k;

	v[p] = v[0];
	v[0] = pivot;
	k = lomuto_gap(v + 1, n - 1, pivot, take_equal);
	v[0] = v[k];
	v[k] = pivot;
	return k;
}

/*
 * Sort v[0..n).  `floor`, when not NULL, points to a value outside the
 * slice that no value in it is below (the pivot that split it off).
 * `limit` is how many partitions deep this path may still go before
 * heapsort takes over.  The left part is sorted recursively, the right
 * one by the loop.  Return how many slices heapsort finished.
 */
static size_t
quick(uint64_t *v, size_t n, const uint64_t *floor, unsigned limit)
{
	size_t heaps = 0, p;

	for (;;) {
		if (n <= TS_SORT_SMALL_MAX) {
			small_sort(v, n);
			return heaps;
		}
		if (limit == 0) {
			heap_sort(v, n);
			return heaps + 1;
		}
		limit--;
		p = choose_pivot(v, n);
		/*
		 * No value here is below *floor; a pivot not above it is
		 * the minimum, so take all its copies out at once.
		 */
		if (floor != NULL && !(*floor < v[p])) {
			p = partition(v, n, p, true) + 1;
			v += p;
			n -= p;
			floor = NULL;
			continue;
		}
		p = partition(v, n, p, false);
		heaps += quick(v, p, floor, limit);
		floor = v + p;
		v += p + 1;
		n -= p + 1;
	}
}

size_t
ts_sort_u64_limit(uint64_t *v, size_t n, unsigned limit)
{
	return quick(v, n, NULL, limit);
}

/*
 * The length of the run v[0..n) starts with, n >= 2: ascending, or
 * strictly descending (then *down is set).
 */
static size_t
leading_run(const uint64_t *v, size_t n, bool *down)
{
	size_t i = 2;

	*down = v[1] < v[0];
	if (*down)
		while (i < n && v[i] < v[i - 1])
			i++;
	else
		while (i < n && !(v[i] < v[i - 1]))
			i++;
	return i;
}

/* Reverse v[0..n). */
static void
reverse(uint64_t *v, size_t n)
{
	size_t i;
	uint64_t x;

	for (i = 0; i < n / 2; i++) {
		x = v[i];
		v[i] = v[n - 1 - i];
		v[n - 1 - i] = x;
	}
}

void
ts_sort_u64(uint64_t *v, size_t n)
{
	unsigned lg = 0;
	size_t m;
	bool down;

	if (n < 2)
		return;
	if (n <= INSERTION_MAX) {
		insertion_sort(v, n);
		return;
	}
	if (leading_run(v, n, &down) == n) {
		if (down)
			reverse(v, n);
		return;
	}
	for (m = n; m > 1; m >>= 1)
		lg++;
	quick(v, n, NULL, 2 * lg);
}
