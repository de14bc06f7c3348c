/* SPDX-License-Identifier: MIT */
/*
 * Plateau finding and naming (see sweep-plateau.h).  The curve is despiked in
 * log space and cut at its steps, plateaus close in latency are merged,
 * and what remains is matched in order to hwloc's cache levels by
 * comparing the measured boundaries with hwloc's sizes.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "mem/mem-residency.h"
#include "size.h"
#include "stats/stats-basic.h"
#include "sweep/sweep-plateau.h"
#include "util.h"

/* Cost of leaving a hwloc level without a plateau, in powers of two. */
#define SKIP_COST	1.5

/*
 * Remove spikes and dips from the log curve: while some inner point lies
 * above (or below) both neighbours by more than 5 %, move the worst one to
 * its nearer neighbour.  Unlike a running median, a spike next to a step
 * cannot drag the point beyond it along.  The end points are only kept
 * from running against the trend.
 */
static void
despike(const double *y, size_t n, double *s)
{
	double worst, up, down, e;
	size_t i, at, rounds;

	memcpy(s, y, n * sizeof s[0]);
	for (rounds = 0; rounds < 4 * n; rounds++) {
		worst = log(1.05);
		at = 0;
		for (i = 1; i + 1 < n; i++) {
			up = fmin(s[i] - s[i - 1], s[i] - s[i + 1]);
			down = fmin(s[i - 1] - s[i], s[i + 1] - s[i]);
			e = fmax(up, down);
			if (e > worst) {
				worst = e;
				at = i;
			}
		}
		if (at == 0)
			break;
		s[at] = fabs(s[at] - s[at - 1]) < fabs(s[at] - s[at + 1]) ?
		    s[at - 1] : s[at + 1];
	}
	/*
	 * Latency never falls as the working set grows: a first reading
	 * above the second, or a last one below the one before, is noise.
	 */
	if (n >= 2 && s[0] > s[1])
		s[0] = s[1];
	if (n >= 2 && s[n - 1] < s[n - 2])
		s[n - 1] = s[n - 2];
}

/* The median of lat[first..last], on the latencies' ratio scale. */
static double
median_range(const double *lat, size_t first, size_t last)
{
	return ts_median_ratio(lat + first, last - first + 1);
}

/*
 * Where to split the rising run d[lo..hi], or 0 for nowhere.  First at
 * its deepest valley: a doubling that rises at most TS_PLATEAU_VALLEY
 * times as much as the steepest on either side of it (it then belongs to
 * neither part: a short plateau between two steps).  Else where the rise
 * per doubling grows by a factor TS_PLATEAU_REGIME or more, as when a
 * gentle ramp into one level runs straight into the cliff to the next;
 * *shared says the parts then share the point between them.  (The other
 * way round, a cliff easing off, is one level filling up: no cut.)
 */
static size_t
find_cut(const double *d, size_t lo, size_t hi, bool *shared)
{
	double best = INFINITY, left, right, ratio;
	size_t v, k, cut = 0;

	for (v = lo + 1; v < hi; v++) {
		for (left = 0, k = lo; k < v; k++)
			left = fmax(left, d[k]);
		for (right = 0, k = v + 1; k <= hi; k++)
			right = fmax(right, d[k]);
		if (d[v] <= TS_PLATEAU_VALLEY * fmin(left, right) &&
		    d[v] < best) {
			best = d[v];
			cut = v;
		}
	}
	*shared = false;
	if (cut != 0)
		return cut;
	best = TS_PLATEAU_REGIME;
	for (k = lo; k < hi; k++) {
		ratio = d[k + 1] / d[k];
		if (ratio >= best) {
			best = ratio;
			cut = k + 1;
		}
	}
	*shared = true;
	return cut;
}

/*
 * Split the rising run d[lo..hi] (see find_cut) until no cut is left.
 * Every part that rises by a factor of at least TS_PLATEAU_STEP, with one
 * doubling rising at least TS_PLATEAU_STEEP, is a step, less its gentle
 * ends (is_step[] indexed by its first doubling, step_end[] its last).
 */
static void
split_run(const double *d, size_t lo, size_t hi, bool *is_step,
    size_t *step_end)
{
	double rise = 0, top = 0;
	size_t cut, k;
	bool shared;

	if ((cut = find_cut(d, lo, hi, &shared)) != 0) {
		if (shared) {
			split_run(d, lo, cut - 1, is_step, step_end);
			split_run(d, cut, hi, is_step, step_end);
		} else {
			split_run(d, lo, cut - 1, is_step, step_end);
			split_run(d, cut + 1, hi, is_step, step_end);
		}
		return;
	}
	for (k = lo; k <= hi; k++) {
		rise += d[k];
		top = fmax(top, d[k]);
	}
	if (rise < log(TS_PLATEAU_STEP) || top < log(TS_PLATEAU_STEEP))
		return;
	/* A gentle first or last doubling is a plateau's edge, not the step. */
	while (lo < hi && d[lo] < 0.5 * top)
		lo++;
	while (hi > lo && d[hi] < 0.5 * top)
		hi--;
	is_step[lo] = true;
	step_end[lo] = hi;
}

/*
 * Cut the smoothed log curve s[] at its steps: runs of doublings that
 * each rise by at least TS_PLATEAU_RISE, split at valleys, rising by
 * TS_PLATEAU_STEP in all.  The points inside a step belong to no plateau
 * yet.  Fill p[] with the plateaus between the steps; return their count.
 */
static size_t
find_plateaus(const double *s, size_t n, const double *lat,
    struct ts_plateau *p)
{
	double d[TS_PLATEAU_MAX_POINTS];
	size_t step_end[TS_PLATEAU_MAX_POINTS], i, j, m = 0, first = 0;
	bool is_step[TS_PLATEAU_MAX_POINTS] = { false };

	for (i = 0; i + 1 < n; i++)
		d[i] = s[i + 1] - s[i];
	for (i = 0; i + 1 < n; i = j + 1) {
		for (j = i; j + 1 < n && d[j] >= log(TS_PLATEAU_RISE); j++)
			;
		if (j > i)
			split_run(d, i, j - 1, is_step, step_end);
	}
	for (i = 0; i < n; i++) {
		if (i + 1 < n && is_step[i]) {
			/* Points first..i, then the step up to step_end + 1. */
			p[m].first = first;
			p[m].last = i;
			p[m].latency_ns = median_range(lat, first, i);
			m++;
			first = step_end[i] + 1;
			i = step_end[i];
		}
	}
	p[m].first = first;
	p[m].last = n - 1;
	p[m].latency_ns = median_range(lat, first, n - 1);
	return m + 1;
}

/* Merge plateau j with j + 1 (and the transition points between). */
static void
merge(struct ts_plateau *p, size_t *m, size_t j, const double *lat)
{
	p[j].last = p[j + 1].last;
	p[j].latency_ns = median_range(lat, p[j].first, p[j].last);
	memmove(p + j + 1, p + j + 2, (*m - j - 2) * sizeof p[0]);
	(*m)--;
}

/*
 * Index of the neighbouring pair closest in latency, and its log ratio.
 * When `ends` is set, a lone reading at either end counts as half as far
 * from its neighbour: it is likelier a spike than a level.
 */
static size_t
closest_pair(const struct ts_plateau *p, size_t m, bool ends, double *gap)
{
	size_t j, best = 0;
	double g;

	*gap = INFINITY;
	for (j = 0; j + 1 < m; j++) {
		g = fabs(log(p[j + 1].latency_ns / p[j].latency_ns));
		if (ends && ((j == 0 && p[0].last == 0) ||
		    (j + 2 == m && p[j + 1].first == p[j + 1].last)))
			g /= 2;
		if (g < *gap) {
			*gap = g;
			best = j;
		}
	}
	return best;
}

/*
 * Where the despiked curve, leaving plateau j, first rises TS_PLATEAU_EDGE
 * times above its latency (or halfway to plateau j + 1 in log terms, if
 * that is lower), interpolated in log-log space: the end of the level's
 * usable capacity.  step_at is the first point past it.
 */
static void
boundary(struct ts_plateau *p, size_t j, const double *s,
    const uint64_t *bytes)
{
	double lo = log(p[j].latency_ns), hi = log(p[j + 1].latency_ns);
	double edge = fmin(lo + log(TS_PLATEAU_EDGE), (lo + hi) / 2), t;
	size_t i;

	for (i = p[j].first; i < p[j + 1].first; i++) {
		if (s[i] < edge && s[i + 1] >= edge) {
			t = (edge - s[i]) / (s[i + 1] - s[i]);
			p[j].boundary = exp(log((double)bytes[i]) +
			    t * log((double)bytes[i + 1] / (double)bytes[i]));
			p[j].step_at = i + 1;
			return;
		}
	}
	/* No clean crossing: put it between the two plateaus. */
	i = p[j + 1].first;
	p[j].boundary = sqrt((double)bytes[p[j].last] * (double)bytes[i]);
	p[j].step_at = i;
}

/* Cost of naming the plateaus with the strictly increasing levels f[]. */
static double
naming_cost(const struct ts_plateaus *r, const int *f)
{
	const uint64_t *c = r->cache_bytes;
	int k = r->ncaches, prev = -1;
	double cost = 0;
	size_t j;

	for (j = 0; j < r->n; j++) {
		cost += SKIP_COST * (f[j] - prev - 1);
		prev = f[j];
		if (j + 1 < r->n)
			cost += fabs(log2(r->p[j].boundary / (double)c[f[j]]));
		else if (f[j] < k)
			cost += 2 * fmax(0, log2((double)r->top_bytes /
			    (double)c[f[j]]));
		else
			cost += 2 * fmax(0, log2((double)c[k - 1] /
			    (double)r->top_bytes));
	}
	return cost;
}

/* Try every strictly increasing naming from position j on; keep the best. */
static void
search(struct ts_plateaus *r, int *f, size_t j, int *best, double *best_cost)
{
	int lvl;

	if (j == r->n) {
		double cost = naming_cost(r, f);

		if (cost < *best_cost) {
			*best_cost = cost;
			memcpy(best, f, r->n * sizeof f[0]);
		}
		return;
	}
	lvl = j == 0 ? 0 : f[j - 1] + 1;
	/* Memory found by the residency rule stays memory. */
	if (j + 1 == r->n && r->memory_from < r->npoints)
		lvl = r->ncaches;
	for (; lvl <= r->ncaches - (int)(r->n - 1 - j); lvl++) {
		f[j] = lvl;
		search(r, f, j + 1, best, best_cost);
	}
}

/* Judge each cache plateau's boundary against hwloc's size. */
static void
judge(struct ts_plateaus *r)
{
	size_t j;

	for (j = 0; j < r->n; j++) {
		struct ts_plateau *p = &r->p[j];
		double c, lg;

		p->verdict = TS_PV_NONE;
		if (r->ncaches == 0 || p->level >= r->ncaches)
			continue;
		c = (double)r->cache_bytes[p->level];
		if (j + 1 == r->n) {
			p->verdict = (double)r->top_bytes > c * TS_PLATEAU_AGREE ?
			    TS_PV_LATE : TS_PV_OPEN;
			continue;
		}
		lg = log2(p->boundary / c);
		if (lg < -log2(TS_PLATEAU_AGREE))
			p->verdict = TS_PV_EARLY;
		else if (lg > log2(TS_PLATEAU_AGREE))
			p->verdict = TS_PV_LATE;
		else
			p->verdict = TS_PV_AGREES;
	}
}

/*
 * Keep the plateaus p[0..m) that start before point `from`, where memory
 * begins, the last of them running up to it.  One that ran on into
 * memory is cut there; when a single cached point is left of it, that is
 * the ramp from the last cache into memory, and it joins the plateau
 * before it.  Return the count.
 */
static size_t
cut_at_memory(struct ts_plateau *p, size_t m, size_t from,
    const double *lat)
{
	size_t j;
	bool cut;

	for (j = 0; j < m && p[j].first < from; j++)
		;
	m = j;
	cut = p[m - 1].last >= from;
	p[m - 1].last = from - 1;
	p[m - 1].latency_ns = median_range(lat, p[m - 1].first, from - 1);
	if (cut && m >= 2 && p[m - 1].first == p[m - 1].last)
		merge(p, &m, m - 2, lat);
	return m;
}

/*
 * Find and name the plateaus, merging those whose medians are closer
 * than merge_factor.  Points memory_from..n-1 (none when memory_from ==
 * n) are one DRAM plateau decided beforehand, and the plateaus before
 * it are named after cache levels only; when more of them stay apart
 * than hwloc has caches, the two do not fit, and 1 is returned.
 */
static int
find(const uint64_t *bytes, const double *lat, size_t n,
    const struct ts_cache_sizes *cs, size_t memory_from,
    double merge_factor, struct ts_plateaus *r)
{
	double y[TS_PLATEAU_MAX_POINTS], s[TS_PLATEAU_MAX_POINTS], gap;
	int f[TS_PLATEAU_MAX_CACHES + 1], best[TS_PLATEAU_MAX_CACHES + 1];
	double best_cost = INFINITY;
	size_t i, j, m, most;

	memset(r, 0, sizeof *r);
	if (n == 0 || n > TS_PLATEAU_MAX_POINTS)
		return -1;
	for (i = 0; i < n; i++) {
		if (!(lat[i] > 0) || !isfinite(lat[i]))
			return -1;
		y[i] = log(lat[i]);
	}
	despike(y, n, s);
	for (i = 0; cs != NULL && i < (size_t)cs->n &&
	    i < TS_PLATEAU_MAX_CACHES && cs->bytes[i] != 0; i++)
		r->cache_bytes[i] = cs->bytes[i];
	r->ncaches = (int)i;
	r->top_bytes = bytes[n - 1];
	r->npoints = n;
	if (memory_from == 0 || memory_from > n || r->ncaches == 0)
		memory_from = n;
	r->memory_from = memory_from;

	m = find_plateaus(s, n, lat, r->p);
	if (memory_from < n)
		m = cut_at_memory(r->p, m, memory_from, lat);
	/*
	 * Merge sub-steps (TLB reach, noise), then fit hwloc's count: its
	 * levels plus DRAM, or its levels alone when memory is known.
	 */
	most = (size_t)r->ncaches + (memory_from == n);
	while (m > 1) {
		j = closest_pair(r->p, m, false, &gap);
		if (gap >= log(merge_factor)) {
			if (r->ncaches == 0 || m <= most)
				break;
			/* More cache plateaus than caches: no residency. */
			if (memory_from < n)
				return 1;
			j = closest_pair(r->p, m, true, &gap);
		}
		merge(r->p, &m, j, lat);
	}
	if (memory_from < n) {
		r->p[m].first = memory_from;
		r->p[m].last = n - 1;
		r->p[m].latency_ns = median_range(lat, memory_from, n - 1);
		m++;
	}
	r->n = m;
	for (j = 0; j + 1 < m; j++)
		boundary(r->p, j, s, bytes);
	/* The last cache level's data is cached up to where memory begins. */
	if (memory_from < n && m >= 2)
		r->p[m - 2].step_at = memory_from;

	if (r->ncaches == 0) {
		for (j = 0; j < m; j++)
			r->p[j].level = (int)j;
	} else {
		search(r, f, 0, best, &best_cost);
		for (j = 0; j < m; j++)
			r->p[j].level = best[j];
	}
	judge(r);

	/* Points between plateaus already belong to the next level. */
	for (i = 0, j = 0; i < n; i++) {
		while (j + 1 < m && i > r->p[j].last)
			j++;
		r->point_level[i] = r->p[j].level;
	}
	return 0;
}

int
ts_plateau_find(const uint64_t *bytes, const double *lat, size_t n,
    const struct ts_cache_sizes *cs, struct ts_plateaus *r)
{
	return find(bytes, lat, n, cs, n, TS_PLATEAU_MERGE, r);
}

size_t
ts_plateau_memory_from(const uint64_t *bytes, const double *ns, size_t n,
    const struct ts_cache_sizes *cs)
{
	double mem = INFINITY;
	uint64_t llc = 0;
	size_t i;
	int k;

	for (k = 0; cs != NULL && k < cs->n && k < TS_PLATEAU_MAX_CACHES &&
	    cs->bytes[k] != 0; k++)
		llc = cs->bytes[k] > llc ? cs->bytes[k] : llc;
	if (llc == 0 || n == 0 || n > TS_PLATEAU_MAX_POINTS)
		return n;
	for (i = 0; i < n; i++)
		if (bytes[i] / TS_PLATEAU_PAST_LLC >= llc && ns[i] < mem)
			mem = ns[i];
	if (!(mem > 0) || !isfinite(mem))
		return n;
	/* A reading can only be slowed by other work: the lowest is memory's. */
	for (i = n; i > 0 && !ts_residency_cached(ns[i - 1], mem); i--)
		;
	return i > 0 ? i : n;
}

int
ts_plateau_find_local(const uint64_t *bytes, const double *ns, size_t n,
    const struct ts_cache_sizes *cs, struct ts_plateaus *r)
{
	size_t from = ts_plateau_memory_from(bytes, ns, n, cs);
	int rc;

	/* No TLB sub-steps to absorb: plateaus a step apart stay apart. */
	if (from < n &&
	    (rc = find(bytes, ns, n, cs, from, TS_PLATEAU_STEP, r)) != 1)
		return rc;
	return find(bytes, ns, n, cs, n, TS_PLATEAU_STEP, r);
}

const char *
ts_plateau_level_name(int level, int ncaches)
{
	static const char *const cache[] = { "L1d", "L2", "L3", "L4" };
	static const char *const plain[] = { "P1", "P2", "P3", "P4", "P5",
	    "P6", "P7", "P8" };

	if (ncaches == 0)
		return level >= 0 && level < 8 ? plain[level] : "P9+";
	if (level >= ncaches)
		return "DRAM";
	return cache[level];
}

const char *
ts_plateau_point_name(const struct ts_plateaus *r, size_t i)
{
	return ts_plateau_level_name(r->point_level[i], r->ncaches);
}

const char *
ts_plateau_point_label(const struct ts_plateaus *r, size_t i)
{
	static const char *const cache[] = { "L1d?", "L2?", "L3?", "L4?" };
	static const char *const plain[] = { "P1?", "P2?", "P3?", "P4?",
	    "P5?", "P6?", "P7?", "P8?" };
	int level = r->point_level[i];

	if (!r->unjudged)
		return ts_plateau_point_name(r, i);
	if (r->ncaches == 0)
		return level >= 0 && level < 8 ? plain[level] : "P9+?";
	if (level >= r->ncaches)
		return "DRAM?";
	return cache[level];
}

char *
ts_plateau_flag(const struct ts_plateaus *r, size_t j, const uint64_t *bytes)
{
	const struct ts_plateau *p = &r->p[j];
	const char *name = ts_plateau_level_name(p->level, r->ncaches);
	char hw[32], at[32], bd[32];

	if (r->unjudged ||
	    (p->verdict != TS_PV_EARLY && p->verdict != TS_PV_LATE))
		return NULL;
	ts_size_format((double)r->cache_bytes[p->level],
	    TS_SIZE_SHORT, hw, sizeof hw);
	if (p->verdict == TS_PV_EARLY && j + 2 == r->n &&
	    r->memory_from < r->npoints) {
		ts_size_format(p->boundary, TS_SIZE_SHORT, bd, sizeof bd);
		ts_size_format((double)bytes[p->step_at],
		    TS_SIZE_SHORT, at, sizeof at);
		return ts_xasprintf("%s: hwloc reports %s, but it ends near %s; "
		    "from %s on, data comes from memory", name, hw, bd, at);
	}
	if (p->verdict == TS_PV_EARLY) {
		ts_size_format((double)bytes[p->step_at],
		    TS_SIZE_SHORT, at, sizeof at);
		return ts_xasprintf("%s: hwloc reports %s, but latency steps "
		    "up to %s level at %s", name, hw,
		    ts_plateau_level_name(r->p[j + 1].level, r->ncaches), at);
	}
	ts_size_format(j + 1 < r->n ? p->boundary :
	    (double)r->top_bytes, TS_SIZE_SHORT, at, sizeof at);
	return ts_xasprintf("%s: hwloc reports %s, but its latency plateau "
	    "runs on to %s%s", name, hw, at,
	    j + 1 < r->n ? "" : " (the largest size measured)");
}

void
ts_plateau_summary(struct ts_buf *b, const struct ts_plateaus *r,
    const uint64_t *bytes)
{
	char lo[32], hi[32], bd[32], hw[32], range[80];
	char *notes[TS_PLATEAU_MAX_NOTES];
	size_t j, nnotes;
	int k;

	ts_buf_puts(b, "\nPlateaus");
	for (k = 0; k < r->ncaches; k++) {
		ts_size_format((double)r->cache_bytes[k],
		    TS_SIZE_SHORT, hw, sizeof hw);
		ts_buf_printf(b, "%s %s %s", k ? "," : " (hwloc:",
		    ts_plateau_level_name(k, r->ncaches), hw);
	}
	ts_buf_puts(b, r->ncaches ? ")" : " (hwloc reports no caches)");
	ts_buf_puts(b, r->unjudged ? ", not judged:\n" : ":\n");
	for (j = 0; j < r->n; j++) {
		const struct ts_plateau *p = &r->p[j];

		ts_size_format((double)bytes[p->first],
		    TS_SIZE_SHORT, lo, sizeof lo);
		ts_size_format((double)bytes[p->last],
		    TS_SIZE_SHORT, hi, sizeof hi);
		snprintf(range, sizeof range, "%s to %s", lo, hi);
		ts_buf_printf(b, "  %-5s %-22s %7.1f ns",
		    ts_plateau_point_label(r, p->first), range, p->latency_ns);
		if (p->verdict != TS_PV_NONE)
			ts_size_format(
			    (double)r->cache_bytes[p->level],
			    TS_SIZE_SHORT, hw, sizeof hw);
		if (j + 1 < r->n)
			ts_size_format(p->boundary,
			    TS_SIZE_SHORT, bd, sizeof bd);
		/* One reading per size: hwloc's size is shown, not judged. */
		if (r->unjudged && (p->verdict == TS_PV_AGREES ||
		    p->verdict == TS_PV_EARLY || p->verdict == TS_PV_LATE)) {
			if (j + 1 < r->n)
				ts_buf_printf(b, "  ends near %s; hwloc %s, "
				    "not judged\n", bd, hw);
			else
				ts_buf_printf(b, "  open; hwloc %s, not judged\n",
				    hw);
			continue;
		}
		switch (p->verdict) {
		case TS_PV_AGREES:
			ts_buf_printf(b, "  ends near %s; hwloc %s, agrees",
			    bd, hw);
			break;
		case TS_PV_EARLY:
		case TS_PV_LATE:
			if (j + 1 < r->n)
				ts_buf_printf(b, "  ends near %s; hwloc %s, "
				    "DISAGREES", bd, hw);
			else
				ts_buf_printf(b, "  open; hwloc %s, "
				    "DISAGREES", hw);
			break;
		case TS_PV_OPEN:
			ts_buf_printf(b, "  open (sweep ended); hwloc %s", hw);
			break;
		case TS_PV_NONE:
			if (j + 1 < r->n)
				ts_buf_printf(b, "  ends near %s", bd);
			else if (r->memory_from < r->npoints)
				ts_buf_printf(b, "  reads like the sizes past "
				    "%d x hwloc's %s", TS_PLATEAU_PAST_LLC,
				    ts_plateau_level_name(r->ncaches - 1,
				    r->ncaches));
			break;
		}
		ts_buf_putc(b, '\n');
	}
	nnotes = ts_plateau_notes(r, bytes, notes, TS_PLATEAU_MAX_NOTES);
	for (j = 0; j < nnotes; j++) {
		ts_buf_printf(b, "%s.\n", notes[j]);
		free(notes[j]);
	}
}

size_t
ts_plateau_notes(const struct ts_plateaus *r, const uint64_t *bytes,
    char **notes, size_t max)
{
	int k, used[TS_PLATEAU_MAX_CACHES + 1] = { 0 };
	size_t j, n = 0;
	char hw[32], *flag;

	if (r->unjudged) {
		if (max > 0)
			notes[n++] = ts_xstrdup(TS_PLATEAU_UNJUDGED_NOTE);
		return n;
	}

	for (j = 0; j < r->n; j++) {
		used[r->p[j].level < TS_PLATEAU_MAX_CACHES ? r->p[j].level :
		    TS_PLATEAU_MAX_CACHES] = 1;
		if ((flag = ts_plateau_flag(r, j, bytes)) == NULL)
			continue;
		if (n < max)
			notes[n++] = flag;
		else
			free(flag);
	}
	for (k = 0; k < r->ncaches && n < max; k++) {
		if (used[k])
			continue;
		ts_size_format((double)r->cache_bytes[k],
		    TS_SIZE_SHORT, hw, sizeof hw);
		if (k > 0 && r->cache_bytes[k - 1] >= r->top_bytes)
			notes[n++] = ts_xasprintf("%s: hwloc reports %s; not "
			    "reached by this sweep",
			    ts_plateau_level_name(k, r->ncaches), hw);
		else
			notes[n++] = ts_xasprintf("%s: hwloc reports %s, but "
			    "no plateau at a latency of its own was found",
			    ts_plateau_level_name(k, r->ncaches), hw);
	}
	return n;
}
