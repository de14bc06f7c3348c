/* SPDX-License-Identifier: MIT */
/*
 * The change-point detector on synthetic series whose change points are
 * known: exact answers on clean steps; precision and recall on noisy
 * series with shifts of 3 to 8 noise units (normal and heavy-tailed
 * noise); the false-alarm rate on series without a change (normal,
 * heavy-tailed with slow outliers, long).  The figures are printed as
 * diagnostics; the assertions are the detector's promises (the
 * statistics under it, Student's t and Welch: unit-stats-t and
 * unit-stats-welch).  And check's judgement of a new run against a synthetic history: its
 * false-alarm rate on runs like the history's, its power on a drop of 5
 * noise units, and a producer change never judged.  And values that
 * are not finite: the detector ends on a series of them.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history/history-cpd.h"
#include "history/history-series.h"
#include "rng.h"
#include "tap.h"

#define MAXN	2000
#define MAXCP	8

static struct ts_rng rng;

static double
gauss(void)
{
	double u = ts_rng_f64(&rng), v = ts_rng_f64(&rng);

	if (u < 1e-300)
		u = 1e-300;
	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

/*
 * A series of n points around 100 with relative noise cv; ncp changes at
 * random places (at least gap apart and from the ends), each a shift of
 * lo..hi noise units up or down; outliers: the share of points made
 * 5 to 15 % slower.
 */
static size_t
series(double *x, size_t n, double cv, size_t ncp, double lo, double hi,
    double outliers, size_t gap, size_t *cp)
{
	size_t i, k, tries;
	double level = 100, sigma = cv * 100;

	for (k = 0; k < ncp; k++) {
		for (tries = 0; tries < 1000; tries++) {
			size_t at = gap + ts_rng_below(&rng, n - 2 * gap), j;
			int fine = 1;

			for (j = 0; j < k; j++)
				if (at + gap > cp[j] && cp[j] + gap > at)
					fine = 0;
			if (fine) {
				cp[k] = at;
				break;
			}
		}
	}
	/* sort the change points */
	for (i = 1; i < ncp; i++)
		for (k = i; k > 0 && cp[k - 1] > cp[k]; k--) {
			size_t t = cp[k];

			cp[k] = cp[k - 1];
			cp[k - 1] = t;
		}
	for (i = 0, k = 0; i < n; i++) {
		if (k < ncp && i == cp[k]) {
			double mag = lo + (hi - lo) * ts_rng_f64(&rng);

			level += (ts_rng_below(&rng, 2) ? 1 : -1) * mag * sigma;
			k++;
		}
		x[i] = level + sigma * gauss();
		if (ts_rng_f64(&rng) < outliers)
			x[i] *= 1 - (0.05 + 0.10 * ts_rng_f64(&rng));
	}
	return ncp;
}

struct score {
	size_t	truth, found, hits, series, alarmed;
};

/* Match found changes to true ones within tol points. */
static void
tally(struct score *s, const size_t *cp, size_t ncp,
    const struct ts_cpd_change *ch, size_t nch, size_t tol)
{
	int used[MAXCP] = { 0 };
	size_t i, k;

	s->series++;
	s->truth += ncp;
	s->found += nch;
	if (nch > 0)
		s->alarmed++;
	for (i = 0; i < nch; i++)
		for (k = 0; k < ncp; k++)
			if (!used[k] && (ch[i].at > cp[k] ? ch[i].at - cp[k] :
			    cp[k] - ch[i].at) <= tol) {
				used[k] = 1;
				s->hits++;
				break;
			}
}

static struct score
scenario(const char *name, size_t count, size_t n, double cv, size_t ncp,
    double lo, double hi, double outliers)
{
	static double x[MAXN];
	struct ts_cpd_params p;
	struct ts_cpd_change *ch;
	struct score s;
	size_t cp[MAXCP], nch, i;

	memset(&s, 0, sizeof s);
	ts_cpd_defaults(&p);
	for (i = 0; i < count; i++) {
		series(x, n, cv, ncp, lo, hi, outliers, 15, cp);
		nch = ts_cpd_detect(x, n, &p, &ch);
		tally(&s, cp, ncp, ch, nch, 3);
		free(ch);
	}
	if (ncp > 0)
		diag("%s: %zu series, %zu changes, %zu found, precision %.3f, "
		    "recall %.3f", name, s.series, s.truth, s.found,
		    s.found ? (double)s.hits / s.found : 1,
		    (double)s.hits / s.truth);
	else
		diag("%s: %zu series without a change, %zu with a false alarm "
		    "(%.1f %%), %zu false changes", name, s.series, s.alarmed,
		    100.0 * s.alarmed / s.series, s.found);
	return s;
}

int
main(void)
{
	struct ts_cpd_params p;
	struct ts_cpd_change *ch;
	double x[200];
	struct score s;
	size_t i, n;

	ts_cpd_defaults(&p);
	/* Clean steps: found exactly. */
	for (i = 0; i < 60; i++)
		x[i] = i < 20 ? 10 : i < 45 ? 12 : 9;
	n = ts_cpd_detect(x, 60, &p, &ch);
	ok(n == 2 && ch[0].at == 20 && ch[1].at == 45 &&
	    ch[0].before == 10 && ch[0].after == 12 && ch[1].after == 9,
	    "two clean steps at 20 and 45");
	free(ch);
	for (i = 0; i < 60; i++)
		x[i] = 5;
	ok(ts_cpd_detect(x, 60, &p, &ch) == 0 && ch == NULL,
	    "a constant series has no change");
	ok(ts_cpd_detect(x, 9, &p, &ch) == 0, "a series shorter than two "
	    "segments has none");
	/* One lone outlier is not a change. */
	ts_rng_seed(&rng, 7);
	for (i = 0; i < 100; i++)
		x[i] = 100 + gauss();
	x[50] = 40;
	ok(ts_cpd_detect(x, 100, &p, &ch) == 0, "a lone outlier is no change");
	free(ch);

	ts_rng_seed(&rng, 20261201);
	s = scenario("shifts of 3-8 noise units, normal noise, n 200, 2 "
	    "changes", 200, 200, 0.01, 2, 3, 8, 0);
	ok((double)s.hits / s.found >= 0.95 && (double)s.hits / s.truth >=
	    0.95, "precision and recall at least 0.95 on clear shifts");
	s = scenario("shifts of 3-8 noise units, 5 % slow outliers, n 200, 3 "
	    "changes", 200, 200, 0.01, 3, 3, 8, 0.05);
	ok((double)s.hits / s.found >= 0.9 && (double)s.hits / s.truth >=
	    0.85, "precision >= 0.9, recall >= 0.85 with outliers");
	s = scenario("shifts of 1.5-3 noise units, normal noise, n 200, 2 "
	    "changes", 200, 200, 0.01, 2, 1.5, 3, 0);
	ok((double)s.hits / s.found >= 0.9, "small shifts: precision >= 0.9 "
	    "(recall is what the noise allows)");
	s = scenario("no change, normal noise, n 100", 300, 100, 0.02, 0, 0, 0,
	    0);
	ok(s.alarmed <= s.series / 20, "false alarms on at most 5 %% of "
	    "series without a change (normal)");
	s = scenario("no change, 5 % slow outliers, n 100", 300, 100, 0.02, 0,
	    0, 0, 0.05);
	ok(s.alarmed <= s.series / 20, "false alarms on at most 5 %% of "
	    "series without a change (outliers)");
	s = scenario("no change, normal noise, n 2000", 50, 2000, 0.02, 0, 0,
	    0, 0);
	ok(s.alarmed <= s.series / 10, "false alarms on at most 10 %% of long "
	    "series without a change");
	/* check's judgement against a history of 100 runs. */
	{
		static struct ts_hist_point pts[101];
		char *prods[2] = { "A", "B" };
		struct ts_hist_series hs = { "h", "w", "single", "gflops", true,
		    pts, 100, prods, 1 };
		struct ts_hist_judgement j;
		int worse = 0, caught = 0, trials = 400;

		for (int t = 0; t < trials; t++) {
			for (i = 0; i < 100; i++) {
				pts[i].t = (long long)i;
				pts[i].value = 100 + gauss();
				pts[i].producer = 0;
			}
			ts_hist_judge(&hs, "A", 100 + gauss(), &p, &j);
			worse += j.verdict == TS_HIST_WORSE;
			ts_hist_judge(&hs, "A", 95 + gauss(), &p, &j);
			caught += j.verdict == TS_HIST_WORSE;
		}
		diag("check: %d of %d runs like the history's judged worse "
		    "(%.2f %%); a drop of 5 noise units caught %d of %d",
		    worse, trials, 100.0 * worse / trials, caught, trials);
		/*
		 * A row's own mark is a 95 % interval (2.5 % on the worse
		 * side in its fitted tail, the scale fitted on 100 runs);
		 * the gate is the night's family (unit-history-check).
		 */
		ok(worse <= trials * 6 / 100, "check: a row's own mark "
		    "worse on at most 6 %% of runs like the history's");
		ok(caught >= trials * 9 / 10, "check: a 5-noise drop caught "
		    "at least 90 %% of the time");
		ts_hist_judge(&hs, "B", 50, &p, &j);
		ok(j.verdict == TS_HIST_NEW_PRODUCER, "check: another "
		    "producer's result, half as fast, is not judged");
		hs.n = 3;
		ts_hist_judge(&hs, "A", 50, &p, &j);
		ok(j.verdict == TS_HIST_TOO_FEW, "check: 3 runs are too few");
		ts_hist_judge(NULL, "A", 50, &p, &j);
		ok(j.verdict == TS_HIST_NO_HISTORY, "check: no series, no "
		    "history");
	}

	/* Not finite: every loop ends (medians: unit-stats-basic). */
	ts_cpd_defaults(&p);
	for (i = 0; i < 60; i++)
		x[i] = i < 30 ? 10 : 20;
	x[7] = NAN;
	x[40] = INFINITY;
	x[41] = -INFINITY;
	n = ts_cpd_detect(x, 60, &p, &ch);
	ok(n <= 60 / p.min_seg, "a series with NaN and infinities: the "
	    "detector ends (%zu changes)", n);
	free(ch);
	for (i = 0; i < 60; i++)
		x[i] = NAN;
	n = ts_cpd_detect(x, 60, &p, &ch);
	ok(n <= 60 / p.min_seg, "a series of NaNs: the detector ends (%zu "
	    "changes)", n);
	free(ch);
	return done_testing();
}
