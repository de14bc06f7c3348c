/* SPDX-License-Identifier: MIT */
/*
 * The Hodges-Lehmann estimate and the signed-rank interval, by counting
 * pairwise sums rather than listing them: n values have n(n + 1)/2 Walsh
 * averages, 5 000 for 100 rounds but 50 million for 10 000, and the
 * interval is asked for again as rounds come in.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ab/ab-rank.h"
#include "stats/stats-t.h"
#include "util.h"

/*
 * The pairs i <= j of sorted[0..n) whose sum is at most t (below t when
 * strict); *below gets the largest such sum (-inf if none) and *above
 * the smallest other one (+inf if none).
 */
static uint64_t
count_sums(const double *s, size_t n, double t, int strict, double *below,
    double *above)
{
	uint64_t count = 0;
	double lo = -INFINITY, hi = INFINITY, v;
	size_t i, j = n - 1;
	int out;

	for (i = 0; i < n; i++) {
		out = 1;
		while (j >= i) {
			v = s[i] + s[j];
			out = strict ? v >= t : v > t;
			if (!out || j == i)
				break;
			j--;
		}
		if (out) {
			/* Every sum of this row and the next is out. */
			v = s[i] + s[i];
			if (v < hi)
				hi = v;
			break;
		}
		count += j - i + 1;
		if (v > lo)
			lo = v;
		if (j + 1 < n && s[i] + s[j + 1] < hi)
			hi = s[i] + s[j + 1];
	}
	*below = lo;
	*above = hi;
	return count;
}

double
ts_ab_walsh_sum_kth(const double *s, size_t n, uint64_t k)
{
	double lo, hi, mid, below, next, f;
	uint64_t c, clo, chi;
	int side = 0, last = 0;

	lo = s[0] + s[0];
	clo = count_sums(s, n, lo, 0, &below, &next);
	if (clo >= k)
		return lo;
	hi = s[n - 1] + s[n - 1];
	chi = (uint64_t)n * (n + 1) / 2;
	/*
	 * count(<= lo) = clo < k <= chi = count(<= hi), hi is a sum, and
	 * next is the smallest sum above lo: when it is hi, hi is the k-th.
	 * Each guess interpolates the counts (they grow about evenly with
	 * the sum near k), and bisects after two guesses on one side.
	 */
	while (next < hi) {
		f = ((double)(k - clo) - 0.5) / (double)(chi - clo);
		if (side == last && side != 0)
			f = 0.5;
		mid = lo + (hi - lo) * f;
		if (!(mid > lo && mid < hi))
			mid = lo + (hi - lo) / 2;
		/* next lies strictly between lo and hi, so a double does. */
		if (!(mid > lo && mid < hi))
			mid = next;
		last = side;
		c = count_sums(s, n, mid, 0, &below, &f);
		if (c >= k) {
			hi = below;
			chi = c;
			side = 1;
		} else {
			lo = mid;
			clo = c;
			next = f;
			side = -1;
		}
	}
	return hi;
}

/* The standard normal distribution function. */
static double
phi(double z)
{
	return 0.5 * erfc(-z / sqrt(2.0));
}

/*
 * k and the exact level for n = 6..100, from the distribution of W
 * counted rank by rank in exact integers (P(W = w) for n values is the
 * number of subsets of 1..n summing to w over 2^n); tests/unit-ab-rank.c
 * counts them again and checks every entry.
 */
static const uint16_t crit_k[] = {
	1, 3, 4, 6, 9, 11, 14, 18, 22, 26, 30, 35, 41, 47, 53, 59, 66, 74, 82,
	90, 99, 108, 117, 127, 138, 148, 160, 171, 183, 196, 209, 222, 236,
	250, 265, 280, 295, 311, 328, 344, 362, 379, 397, 416, 435, 454, 474,
	495, 515, 537, 558, 580, 603, 626, 649, 673, 698, 722, 748, 773, 799,
	826, 853, 880, 908, 937, 965, 995, 1024, 1054, 1085, 1116, 1148, 1180,
	1212, 1245, 1278, 1312, 1346, 1381, 1416, 1452, 1488, 1524, 1561, 1598,
	1636, 1675, 1713, 1753, 1792, 1833, 1873, 1914, 1956
};
static const double crit_level[] = {
	0.96875, 0.953125, 0.9609375, 0.9609375, 0.951171875, 0.9580078125,
	0.95751953125, 0.9521484375, 0.9505615234375, 0.95208740234375,
	0.9556884765625, 0.955230712890625, 0.95172119140625,
	0.9506340026855469, 0.9515590667724609, 0.9540071487426758,
	0.9538397789001465, 0.9515590667724609, 0.9509388208389282,
	0.9517375826835632, 0.9506531357765198, 0.9508980959653854,
	0.9522528499364853, 0.9519735909998417, 0.9502898789942265,
	0.9521063175052404, 0.9502306138165295, 0.9515710095874965,
	0.9516179041238502, 0.9505422395304777, 0.9503560692246538,
	0.950962186063407, 0.9505321431352058, 0.9508543836709578,
	0.9502394321807515, 0.9503413156517126, 0.9510821010162545,
	0.950958656195553, 0.9500555968018034, 0.9511458595792988,
	0.950131910564977, 0.9509930959732031, 0.9511136846863337,
	0.9505662641811128, 0.9505535931993983, 0.9510299952694581,
	0.9508766376926596, 0.9501431181607394, 0.9509242308945387,
	0.9501140761735235, 0.9507444395123305, 0.9508160360340037,
	0.9503743816436663, 0.9503519657687723, 0.9507184940156387,
	0.950595641787482, 0.9500164778831984, 0.9506402090423982,
	0.9500021059680913, 0.9505157389564263, 0.950586682847948,
	0.9502463261930131, 0.950245063811053, 0.9505612457112113,
	0.9504825894870256, 0.9500328825465248, 0.9505656981597274,
	0.950067890287064, 0.9505151028003619, 0.9506007603514407,
	0.9503478457446736, 0.9503751361721137, 0.950078072000066,
	0.9500537427652583, 0.9502874037772838, 0.9502072740670889,
	0.9503775804518005, 0.9502484464580554, 0.9503627704684077,
	0.9501903345328084, 0.9502549068703029, 0.9500439867816451,
	0.9500641079138216, 0.950303557340946, 0.9502758618938485,
	0.9504614759154314, 0.9503913167521079, 0.9500770005774811,
	0.9504208108324921, 0.9500775919021225, 0.9503732070421218,
	0.9500041037422368, 0.9502561442724549, 0.9502766200018796,
	0.9500762403957075
};

uint64_t
ts_ab_rank_critical(size_t n, double *level)
{
	double mu, sigma;
	uint64_t k, m;

	if (level != NULL)
		*level = NAN;
	if (n < TS_AB_RANK_MIN)
		return 0;
	if (n <= TS_AB_RANK_EXACT) {
		if (level != NULL)
			*level = crit_level[n - TS_AB_RANK_MIN];
		return crit_k[n - TS_AB_RANK_MIN];
	}
	m = (uint64_t)n * (n + 1) / 2;
	mu = (double)m / 2;
	sigma = sqrt((double)n * (double)(n + 1) * (double)(2 * n + 1) / 24.0);
	k = (uint64_t)floor(mu - TS_Z975 * sigma + 0.5);
	if (level != NULL)
		*level = 1 - 2 * phi(((double)k - 0.5 - mu) / sigma);
	return k;
}

int
ts_ab_rank_interval(const double *x, size_t n, struct ts_ab_rank *out)
{
	double *s;
	uint64_t m, k;

	memset(out, 0, sizeof *out);
	out->estimate = out->low = out->high = out->level = NAN;
	out->n = n;
	if (n == 0)
		return -1;
	s = ts_xmalloc(n * sizeof *s);
	memcpy(s, x, n * sizeof *s);
	ts_sort_doubles(s, n);
	m = (uint64_t)n * (n + 1) / 2;
	if (m % 2 == 1)
		out->estimate = ts_ab_walsh_sum_kth(s, n, (m + 1) / 2) / 2;
	else
		out->estimate = (ts_ab_walsh_sum_kth(s, n, m / 2) +
		    ts_ab_walsh_sum_kth(s, n, m / 2 + 1)) / 4;
	k = ts_ab_rank_critical(n, &out->level);
	out->k = k;
	if (k >= 1) {
		out->low = ts_ab_walsh_sum_kth(s, n, k) / 2;
		out->high = ts_ab_walsh_sum_kth(s, n, m - k + 1) / 2;
	}
	free(s);
	return 0;
}
