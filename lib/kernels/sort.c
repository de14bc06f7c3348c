/* SPDX-License-Identifier: MIT */
/*
 * The sort workload: copy 1 Mi random u64 over a scratch array and sort it
 * (ThreadStone 2.0.0 section 5.4) with a pattern-defeating quicksort
 * written for uint64_t: inline comparisons, block partitioning as in
 * Rust's pdqsort, insertion sort for short slices, heapsort as the bound.
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"
#include "kernels/kstate.h"
#include "rng.h"

#define SEED		0x503DA17AULL
#define SMALL_SORT	24	/* slices below this get insertion sort */
#define NINTHER_MIN	128	/* slices above this take a ninther pivot */
#define PARTIAL_MOVES	8	/* give up optimistic insertion after this */
#define SPLIT_BLOCK	64	/* values classified per block when splitting */

/* Swap two values. */
static inline void
swap_u64(uint64_t *a, uint64_t *b)
{
	uint64_t t = *a;

	*a = *b;
	*b = t;
}

/* Order two values so that *a <= *b. */
static inline void
order2(uint64_t *a, uint64_t *b)
{
	if (*b < *a)
		swap_u64(a, b);
}

/* Order three values so that *a <= *b <= *c. */
static inline void
order3(uint64_t *a, uint64_t *b, uint64_t *c)
{
	order2(a, b);
	order2(b, c);
	order2(a, b);
}

/* Straight insertion sort of [lo, hi). */
static inline void
insertion_sort(uint64_t *lo, uint64_t *hi)
{
	uint64_t *cur, *hole, v;

	if (lo == hi)
		return;
	for (cur = lo + 1; cur < hi; cur++) {
		v = *cur;
		for (hole = cur; hole > lo && v < hole[-1]; hole--)
			*hole = hole[-1];
		*hole = v;
	}
}

/*
 * Insertion sort of [lo, hi) when lo[-1] is known to be no greater than
 * any element, so the inner loop needs no bound check.
 */
static inline void
insertion_sort_guarded(uint64_t *lo, uint64_t *hi)
{
	uint64_t *cur, *hole, v;

	for (cur = lo + 1; cur < hi; cur++) {
		v = *cur;
		for (hole = cur; v < hole[-1]; hole--)
			*hole = hole[-1];
		*hole = v;
	}
}

/*
 * Try to finish [lo, hi) by insertion, giving up once more than a few
 * elements had to move.  True when the slice ended up sorted.
 */
static inline bool
try_insertion_sort(uint64_t *lo, uint64_t *hi)
{
	uint64_t *cur, *hole, v;
	size_t moved = 0;

	if (lo == hi)
		return true;
	for (cur = lo + 1; cur < hi; cur++) {
		if (moved > PARTIAL_MOVES)
			return false;
		v = *cur;
		if (!(v < cur[-1]))
			continue;
		for (hole = cur; hole > lo && v < hole[-1]; hole--)
			*hole = hole[-1];
		*hole = v;
		moved += (size_t)(cur - hole);
	}
	return true;
}

/* Restore the max-heap property below node i of a heap of n values. */
static inline void
sift_down(uint64_t *a, size_t i, size_t n)
{
	size_t child;
	uint64_t v = a[i];

	for (;;) {
		child = 2 * i + 1;
		if (child >= n)
			break;
		if (child + 1 < n && a[child] < a[child + 1])
			child++;
		if (!(v < a[child]))
			break;
		a[i] = a[child];
		i = child;
	}
	a[i] = v;
}

/* Heapsort [lo, hi): the fallback when partitions keep going badly. */
static void
heap_sort(uint64_t *lo, uint64_t *hi)
{
	size_t n = (size_t)(hi - lo), i;

	for (i = n / 2; i-- > 0;)
		sift_down(lo, i, n);
	for (i = n; i-- > 1;) {
		swap_u64(&lo[0], &lo[i]);
		sift_down(lo, 0, i);
	}
}

/*
 * Exchange n pairs: the values at lo + l[i] (not smaller than the pivot)
 * with those at hi - r[i] (smaller).  When the two lists are not equally
 * long a rotation through one temporary saves half the writes.
 */
static inline void
exchange_marked(uint64_t *lo, uint64_t *hi, const unsigned char *l,
    const unsigned char *r, size_t n, bool pairwise)
{
	uint64_t *x, *y, t;
	size_t i;

	if (pairwise) {
		for (i = 0; i < n; i++)
			swap_u64(lo + l[i], hi - r[i]);
		return;
	}
	if (n == 0)
		return;
	x = lo + l[0];
	y = hi - r[0];
	t = *x;
	*x = *y;
	for (i = 1; i < n; i++) {
		x = lo + l[i];
		*y = *x;
		y = hi - r[i];
		*x = *y;
	}
	*y = t;
}

/* Mark, without branching, the values of lo[0..n) not below the pivot. */
static inline size_t
mark_left(const uint64_t *lo, size_t n, uint64_t pivot, unsigned char *l)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++) {
		l[k] = (unsigned char)i;
		k += !(lo[i] < pivot);
	}
	return k;
}

/* Mark the values below the pivot among the n just before hi (1-based). */
static inline size_t
mark_right(const uint64_t *hi, size_t n, uint64_t pivot, unsigned char *r)
{
	size_t i, k = 0;

	for (i = 1; i <= n; i++) {
		r[k] = (unsigned char)i;
		k += hi[-(ptrdiff_t)i] < pivot;
	}
	return k;
}

/* One side of a block split: marked offsets, how many remain, from where. */
struct side {
	unsigned char	m[SPLIT_BLOCK];
	size_t		n;
	size_t		s;
};

/*
 * One round of the block split: mark a fresh block of bl (br) values on a
 * side whose marks are used up, exchange as many misplaced pairs as both
 * sides hold, and step past each block that is now done.
 */
static inline void
split_round(uint64_t **l, uint64_t **r, struct side *L, struct side *R,
    size_t bl, size_t br, uint64_t pivot)
{
	size_t n;

	if (L->n == 0 && bl > 0) {
		L->s = 0;
		L->n = mark_left(*l, bl, pivot, L->m);
	}
	if (R->n == 0 && br > 0) {
		R->s = 0;
		R->n = mark_right(*r, br, pivot, R->m);
	}
	n = L->n < R->n ? L->n : R->n;
	exchange_marked(*l, *r, L->m + L->s, R->m + R->s, n, L->n == R->n);
	L->n -= n;
	R->n -= n;
	L->s += n;
	R->s += n;
	if (L->n == 0)
		*l += bl;
	if (R->n == 0)
		*r -= br;
}

/*
 * Split the unknown [l, r) (r itself holds a value not below the pivot)
 * in blocks of SPLIT_BLOCK: comparisons only record offsets, then the
 * misplaced values are exchanged in bulk, so the data's order costs no
 * mispredicted branches (block partitioning, as Rust's pdqsort does).
 * Return one past the last value below the pivot.
 */
static inline uint64_t *
split_blocks(uint64_t *l, uint64_t *r, uint64_t pivot)
{
	struct side L = { .n = 0 }, R = { .n = 0 };
	size_t left, bl, br;

	while (r - l > 2 * SPLIT_BLOCK)
		split_round(&l, &r, &L, &R, SPLIT_BLOCK, SPLIT_BLOCK, pivot);
	/* The rest: at most one pending block and what is still unknown. */
	left = (size_t)(r - l) - (L.n > 0 || R.n > 0 ? SPLIT_BLOCK : 0);
	if (R.n > 0) {
		bl = left;
		br = SPLIT_BLOCK;
	} else if (L.n > 0) {
		bl = SPLIT_BLOCK;
		br = left;
	} else {
		bl = left / 2;
		br = left - bl;
	}
	split_round(&l, &r, &L, &R, bl, br, pivot);
	/* One side may still hold marked values: move them across. */
	if (L.n > 0) {
		while (L.n-- > 0)
			swap_u64(l + L.m[L.s + L.n], --r);
		l = r;
	}
	if (R.n > 0) {
		while (R.n-- > 0)
			swap_u64(r - R.m[R.s + R.n], l++);
	}
	return l;
}

/*
 * Partition [lo, hi) around the pivot in *lo: smaller values to its left,
 * the others to its right.  Return the pivot's final place; *clean says
 * whether no element had to be exchanged (the slice may be sorted).
 * A plain scan from both ends first, then blocks for the rest.
 */
static inline uint64_t *
split_less(uint64_t *lo, uint64_t *hi, bool *clean)
{
	uint64_t pivot = *lo, *l = lo, *r = hi;

	/* The median-of-three step left a value >= pivot to the right. */
	while (*++l < pivot)
		;
	if (l - 1 == lo) {
		while (l < r && !(*--r < pivot))
			;
	} else {
		while (!(*--r < pivot))
			;
	}
	*clean = l >= r;
	if (!*clean) {
		swap_u64(l, r);
		l = split_blocks(l + 1, r, pivot);
	}
	l--;
	*lo = *l;
	*l = pivot;
	return l;
}

/*
 * Partition [lo, hi) when the pivot *lo equals the value just before the
 * slice: values equal to it go left, greater ones right.  Return the last
 * slot of the equal run; everything after it is greater.
 */
static inline uint64_t *
split_equal(uint64_t *lo, uint64_t *hi)
{
	uint64_t pivot = *lo, *l = lo, *r = hi;

	while (pivot < *--r)
		;
	if (r + 1 == hi) {
		while (l < r && !(pivot < *++l))
			;
	} else {
		while (!(pivot < *++l))
			;
	}
	while (l < r) {
		swap_u64(l, r);
		while (pivot < *--r)
			;
		while (!(pivot < *++l))
			;
	}
	*lo = *r;
	*r = pivot;
	return r;
}

/* Bring the chosen pivot to *lo: median of three, or a ninther. */
static inline void
choose_pivot(uint64_t *lo, uint64_t *hi)
{
	size_t n = (size_t)(hi - lo), m = n / 2;

	if (n > NINTHER_MIN) {
		order3(lo, lo + m, hi - 1);
		order3(lo + 1, lo + m - 1, hi - 2);
		order3(lo + 2, lo + m + 1, hi - 3);
		order3(lo + m - 1, lo + m, lo + m + 1);
		swap_u64(lo, lo + m);
	} else
		order3(lo + m, lo, hi - 1);
}

/* After a lopsided split, swap a few values around to break the pattern. */
static inline void
scramble(uint64_t *lo, uint64_t *pivot, uint64_t *hi)
{
	size_t nl = (size_t)(pivot - lo), nr = (size_t)(hi - pivot - 1), q;

	if (nl >= SMALL_SORT) {
		q = nl / 4;
		swap_u64(&lo[0], &lo[q]);
		swap_u64(&pivot[-1], &pivot[-(ptrdiff_t)q]);
		if (nl > NINTHER_MIN) {
			swap_u64(&lo[1], &lo[q + 1]);
			swap_u64(&lo[2], &lo[q + 2]);
			swap_u64(&pivot[-2], &pivot[-(ptrdiff_t)q - 1]);
			swap_u64(&pivot[-3], &pivot[-(ptrdiff_t)q - 2]);
		}
	}
	if (nr >= SMALL_SORT) {
		q = nr / 4;
		swap_u64(&pivot[1], &pivot[1 + q]);
		swap_u64(&hi[-1], &hi[-(ptrdiff_t)q]);
		if (nr > NINTHER_MIN) {
			swap_u64(&pivot[2], &pivot[2 + q]);
			swap_u64(&pivot[3], &pivot[3 + q]);
			swap_u64(&hi[-2], &hi[-(ptrdiff_t)q - 1]);
			swap_u64(&hi[-3], &hi[-(ptrdiff_t)q - 2]);
		}
	}
}

/*
 * Sort [lo, hi).  `leftmost` is false when lo[-1] exists and bounds the
 * slice from below; `budget` counts the lopsided splits still tolerated
 * before heapsort takes over.  Recurse into the smaller side, loop on the
 * larger, so the stack stays logarithmic.
 */
static void
pdq(uint64_t *lo, uint64_t *hi, unsigned budget, bool leftmost)
{
	uint64_t *p;
	size_t n, nl, nr;
	bool clean;

	for (;;) {
		n = (size_t)(hi - lo);
		if (n < SMALL_SORT) {
			if (leftmost)
				insertion_sort(lo, hi);
			else
				insertion_sort_guarded(lo, hi);
			return;
		}
		choose_pivot(lo, hi);
		/* A pivot equal to its left bound: peel off the equal run. */
		if (!leftmost && !(lo[-1] < *lo)) {
			lo = split_equal(lo, hi) + 1;
			continue;
		}
		p = split_less(lo, hi, &clean);
		nl = (size_t)(p - lo);
		nr = (size_t)(hi - p - 1);
		if (nl < n / 8 || nr < n / 8) {
			if (--budget == 0) {
				heap_sort(lo, hi);
				return;
			}
			scramble(lo, p, hi);
		} else if (clean && try_insertion_sort(lo, p) &&
		    try_insertion_sort(p + 1, hi))
			return;
		if (nl < nr) {
			pdq(lo, p, budget, leftmost);
			lo = p + 1;
			leftmost = false;
		} else {
			pdq(p + 1, hi, budget, false);
			hi = p;
		}
	}
}

void
ts_sort_u64_budget(uint64_t *a, size_t n, unsigned budget)
{
	if (n > 1)
		pdq(a, a + n, budget > 0 ? budget : 1, true);
}

void
ts_sort_u64(uint64_t *a, size_t n)
{
	unsigned budget = 1;
	size_t m;

	/* floor(log2 n) + 1 lopsided splits before heapsort takes over. */
	for (m = n; m > 1; m >>= 1)
		budget++;
	ts_sort_u64_budget(a, n, budget);
}

/* Free both arrays and the state. */
static void
sort_teardown(ts_kstate *st)
{
	struct ts_sort *s = st;

	if (s == NULL)
		return;
	free(s->pristine);
	free(s->scratch);
	free(s);
}

/* The pristine values from splitmix64, and a first copy in scratch. */
static ts_kstate *
sort_setup(unsigned threads, unsigned index, const struct ts_kparams *p)
{
	const size_t bytes = TS_SORT_N * sizeof(uint64_t);
	struct ts_sort *s;
	struct ts_rng rng;
	size_t i;

	(void)threads;
	(void)p;
	s = calloc(1, sizeof *s);
	if (s == NULL)
		return NULL;
	if (posix_memalign((void **)&s->pristine, 64, bytes) != 0 ||
	    posix_memalign((void **)&s->scratch, 64, bytes) != 0) {
		sort_teardown(s);
		errno = ENOMEM;
		return NULL;
	}
	s->n = TS_SORT_N;
	ts_rng_seed(&rng, SEED ^ index);
	for (i = 0; i < s->n; i++)
		s->pristine[i] = ts_rng_next(&rng);
	memcpy(s->scratch, s->pristine, bytes);
	return s;
}

/* Copy and sort `iters` times; sum the smallest and largest values. */
static uint64_t
sort_run(ts_kstate *st, uint64_t iters)
{
	struct ts_sort *s = st;
	uint64_t sum = 0;

	while (iters-- > 0) {
		memcpy(s->scratch, s->pristine, s->n * sizeof *s->scratch);
		ts_sort_u64(s->scratch, s->n);
		sum += s->scratch[0] + s->scratch[s->n - 1];
	}
	return sum;
}

/* Million elements sorted per second over all threads. */
static double
sort_rate(uint64_t iters, unsigned threads, double secs)
{
	return (double)iters * threads * (double)TS_SORT_N / secs / 1e6;
}

/* Two arrays of 1 Mi values per thread. */
static uint64_t
sort_footprint(unsigned threads, unsigned index, const struct ts_kparams *p)
{
	(void)threads;
	(void)index;
	(void)p;
	return 2 * (uint64_t)TS_SORT_N * sizeof(uint64_t) +
	    sizeof(struct ts_sort);
}

const struct ts_kernel ts_kernel_sort = {
	.id = "sort",
	.name = "Sort 1Mi u64",
	.summary = "Pattern-defeating quicksort: branch mispredicts and "
	    "irregular access",
	.unit = TS_UNIT_MELEM_PER_SEC,
	.reference = 50.0,
	.partitioned = false,
	.scales = true,
	.setup = sort_setup,
	.run = sort_run,
	.teardown = sort_teardown,
	.rate = sort_rate,
	.footprint = sort_footprint,
};
