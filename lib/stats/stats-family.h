/* SPDX-License-Identifier: MIT */
/*
 * Multiple comparisons: the verdict of a family of rows judged at once
 * (the passes of a night, the rows of a comparison), whose chance of one
 * false alarm or more is held at a level over all the rows together,
 * however the rows move together.
 *
 * Holm's step-down (Holm, "A simple sequentially rejective multiple test
 * procedure", 1979) needs only each row's own p-value and holds under
 * any dependence.  Westfall and Young's permutation max-T (Westfall and
 * Young, "Resampling-based multiple testing", 1993, algorithm 2.8, step
 * down) is exact whenever the units permuted are exchangeable under no
 * change (the runs of two sets of one build): each unit carries all its
 * rows, so the rows' dependence is kept, and the rows' maximum is
 * compared with its own distribution over the arrangements.
 *
 * Pure arithmetic; the permutations allocate with ts_xmalloc.
 */
#ifndef TS_STATS_FAMILY_H
#define TS_STATS_FAMILY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Holm's adjusted p-values of p[0..n): with the m finite p-values in
 * ascending order p(1) <= ... <= p(m), adj(i) = max over j <= i of
 * min(1, (m - j + 1) p(j)).  A row is rejected at level alpha when its
 * adjusted p is at most alpha.  A NaN p (a row without a test) gets a
 * NaN adj and does not count in m.  adj may be p.
 */
void	ts_holm(const double *p, size_t n, double *adj);

/*
 * The statistics of the rows for one arrangement of the units: second[u]
 * is 1 for the units on the second side, 0 for the first; t[0..nrows)
 * gets each row's statistic, larger meaning more evidence (NaN: the row
 * has none in this arrangement).
 */
typedef void (*ts_maxt_stat)(const unsigned char *second, double *t,
	    void *arg);

struct ts_maxt {
	uint64_t	arrangements;	/* counted, the observed among them */
	bool		exact;		/* all of them (else drawn) */
	double		p_min;		/* the smallest adjusted p possible */
};

/*
 * Westfall and Young's step-down max-T between two sides of m and n
 * units, the first m units the first side as observed: the
 * statistics of every arrangement of the units into m and n when there
 * are at most max_exact of them (every one once, the observed among
 * them), else of draws arrangements drawn at random with a generator
 * seeded with seed, plus the observed.  adj[0..nrows) gets each row's
 * adjusted p-value (NaN for a row whose observed statistic is NaN),
 * never below p_min = 1 / arrangements: a family with fewer
 * arrangements than 1 / alpha can never be rejected at alpha.  Return 0,
 * or -1 when m or n is 0 (adj all NaN).
 */
int	ts_maxt_two_sides(size_t m, size_t n, size_t nrows, ts_maxt_stat stat,
	    void *arg, uint64_t max_exact, uint64_t draws, uint64_t seed,
	    double *adj, struct ts_maxt *info);

/* C(n, k), or UINT64_MAX when it does not fit. */
uint64_t ts_choose(size_t n, size_t k);

#endif /* TS_STATS_FAMILY_H */
