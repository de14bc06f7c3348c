/* SPDX-License-Identifier: MIT */
/*
 * threadstone-ab's summary and the gate's line (ab-out.h).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ab-figure.h"
#include "ab-out.h"
#include "ab/ab-rank.h"
#include "stats/stats-basic.h"
#include "util.h"

/* Mean and sample deviation of v[0..n) (NAN for fewer than 2). */
static void
mean_sd(const double *v, size_t n, double *mean, double *sd)
{
	double var;

	ts_mean_var(v, n, mean, &var);
	*sd = n > 1 ? sqrt(var) : NAN;
	/* Equal figures: the mean's rounding is no spread (1.03 ± 2e-16). */
	if (*sd < 1e-12 * fabs(*mean))
		*sd = 0;
}

/* One command's lines. */
static void
side_lines(struct ts_buf *b, const struct ab_opts *o, const struct ab_exp *e,
    int s)
{
	const struct ab_side *d = &e->side[s];
	char f1[AB_FIGURE_MAX], f2[AB_FIGURE_MAX], f3[AB_FIGURE_MAX];
	char f4[AB_FIGURE_MAX];
	struct ts_ab_metric wall = { TS_AB_METRIC_WALL, NULL, NULL, { 0 },
	    false };
	double mean, sd, lo = INFINITY, hi = -INFINITY, um, us, sm, ss;
	size_t i, failed = 0;

	ts_buf_printf(b, "%c  ", s == 0 ? 'A' : 'B');
	ts_buf_visible(b, o->name[s]);
	ts_buf_putc(b, '\n');
	if (o->name[s] != o->command[s]) {
		ts_buf_puts(b, "   ");
		ts_buf_visible(b, o->command[s]);
		ts_buf_putc(b, '\n');
	}
	if (d->n == 0) {
		ts_buf_puts(b, "   no run measured\n");
		return;
	}
	for (i = 0; i < d->n; i++) {
		if (d->value[i] < lo)
			lo = d->value[i];
		if (d->value[i] > hi)
			hi = d->value[i];
		failed += d->status[i] != 0;
	}
	mean_sd(d->value, d->n, &mean, &sd);
	ts_buf_printf(b, "   %s  median %s \xc2\xb7 mean %s", o->metric.name,
	    ab_figure(&o->metric, ts_median(d->value, d->n), f1),
	    ab_figure(&o->metric, mean, f2));
	if (isfinite(sd))
		ts_buf_printf(b, " \xc2\xb1 %s", ab_figure(&o->metric, sd,
		    f3));
	ts_buf_printf(b, " \xc2\xb7 %s \xe2\x80\xa6 %s \xc2\xb7 %zu run%s\n",
	    ab_figure(&o->metric, lo, f3), ab_figure(&o->metric, hi,
	    f4), d->n, d->n == 1 ? "" : "s");
	mean_sd(d->user, d->n, &um, &us);
	mean_sd(d->sys, d->n, &sm, &ss);
	ts_buf_printf(b, "   user %s \xc2\xb7 system %s (means)",
	    ab_figure(&wall, um, f1), ab_figure(&wall, sm, f2));
	if (o->metric.kind != TS_AB_METRIC_WALL) {
		mean_sd(d->wall, d->n, &mean, &sd);
		ts_buf_printf(b, " \xc2\xb7 wall %s", ab_figure(&wall,
		    mean, f3));
	}
	if (failed > 0)
		ts_buf_printf(b, " \xc2\xb7 %zu failed (--ignore-failure)",
		    failed);
	ts_buf_puts(b, "\n");
}

/*
 * How a ratio reads: "3.1 % slower" or "2.0 % faster" for a time where
 * lower is better, else "3.1 % higher" or "2.0 % lower".
 */
static void
change(struct ts_buf *b, const struct ab_opts *o, double ratio)
{
	bool speed = ts_ab_metric_is_time(&o->metric) && !o->higher_better;

	if (ratio >= 1)
		ts_buf_printf(b, "%.1f %% %s", 100 * (ratio - 1),
		    speed ? "slower" : "higher");
	else
		ts_buf_printf(b, "%.1f %% %s", 100 * (1 - ratio),
		    speed ? "faster" : "lower");
}

/* The verdict's sentence. */
static void
verdict_line(struct ts_buf *b, const struct ab_opts *o, const struct ab_exp *e)
{
	const struct ts_ab_est *x = &e->est;
	bool speed = ts_ab_metric_is_time(&o->metric) && !o->higher_better;
	double lo, hi;

	ts_buf_puts(b, "     ");
	switch (e->verdict) {
	case TS_AB_UNDECIDED:
		if (o->design == TS_AB_DUET)
			ts_buf_printf(b, "undecided: no interval from %zu "
			    "round%s (%zu pair%s with A once on each CPU set; "
			    "%d give one)\n", x->rounds, x->rounds == 1 ? "" :
			    "s", x->units, x->units == 1 ? "" : "s",
			    TS_AB_RANK_MIN);
		else
			ts_buf_printf(b, "undecided: no interval from %zu "
			    "round%s (%zu give one)\n", x->rounds,
			    x->rounds == 1 ? "" : "s",
			    ts_ab_min_rounds(o->design));
		return;
	case TS_AB_SAME:
		ts_buf_puts(b, "no change beyond the interval: from ");
		change(b, o, x->low);
		ts_buf_puts(b, " to ");
		change(b, o, x->high);
		ts_buf_puts(b, "\n");
		return;
	default:
		break;
	}
	/* The whole interval lies on one side of 1. */
	lo = fabs(x->low - 1);
	hi = fabs(x->high - 1);
	if (lo > hi) {
		lo = hi;
		hi = fabs(x->low - 1);
	}
	ts_buf_puts(b, speed ? "B is " : "B's figure is ");
	change(b, o, x->ratio);
	ts_buf_printf(b, " than A%s (%.1f %% to %.1f %%)", speed ? "" : "'s",
	    100 * lo, 100 * hi);
	if (!speed)
		ts_buf_printf(b, ": %s, as %s is better",
		    e->verdict == TS_AB_BETTER ? "better" : "worse",
		    o->higher_better ? "higher" : "lower");
	ts_buf_puts(b, "\n");
}

void
ab_out_serial(struct ts_buf *b, const struct ab_opts *o,
    const struct ts_ab_est *x)
{
	const char *what = o->design == TS_AB_DUET ? "pairs of rounds" :
	    "rounds";

	ts_buf_printf(b, "%s correlated in time (lag-1 rank autocorrelation "
	    "%.2f, p %.2g): ", what, x->serial_r1, x->serial_p);
	if (x->batches == 0)
		ts_buf_printf(b, "too few for batches; the interval may be "
		    "too narrow");
	else if (isinf(x->widened))
		ts_buf_printf(b, "interval taken from %zu batches of %s",
		    x->batches, what);
	else if (x->widened > 1)
		ts_buf_printf(b, "interval widened %.2f\xc3\x97, to the one "
		    "of %zu batches of %s", x->widened, x->batches, what);
	else
		ts_buf_printf(b, "%zu batches of %s gave no wider interval",
		    x->batches, what);
}

/* The line of ab_out_serial, when the units were correlated. */
static void
serial_line(struct ts_buf *b, const struct ab_opts *o,
    const struct ts_ab_est *x)
{
	if (!x->correlated)
		return;
	ts_buf_puts(b, "     ");
	ab_out_serial(b, o, x);
	ts_buf_puts(b, "\n");
}

/* How the rounds were run, and why they stopped. */
static void
design_lines(struct ts_buf *b, const struct ab_opts *o, const struct ab_exp *e)
{
	const struct ts_ab_est *x = &e->est;
	char sig[32];

	switch (o->design) {
	case TS_AB_DUET:
		ts_buf_printf(b, "     duet: %zu rounds of A and B at once, "
		    "in pairs with A once on each CPU set; ", x->rounds);
		break;
	case TS_AB_SEQUENTIAL:
		ts_buf_printf(b, "     sequential: %zu runs of A, then %zu of "
		    "B; ", e->side[0].n, e->side[1].n);
		break;
	default:
		ts_buf_printf(b, "     interleaved: %zu rounds, A and B in a "
		    "random order each round; ", x->rounds);
	}
	if (x->method == TS_AB_METHOD_SIGNED_RANK &&
	    o->design == TS_AB_DUET)
		ts_buf_printf(b, "signed-rank interval on %zu pairs of rounds "
		    "(%.1f %%)\n", x->units, 100 * x->level);
	else if (x->method == TS_AB_METHOD_SIGNED_RANK)
		ts_buf_printf(b, "signed-rank interval (%.1f %%)\n",
		    100 * x->level);
	else if (x->method == TS_AB_METHOD_WELCH)
		ts_buf_puts(b, "Welch's interval on the logs\n");
	else
		ts_buf_puts(b, "no interval\n");
	serial_line(b, o, x);
	if (x->method != TS_AB_METHOD_NONE) {
		ts_buf_printf(b, "     could detect a change of %.1f %% (80 %% "
		    "of the time); precision \xc2\xb1%.2f %%", 100 *
		    x->detectable, 100 * x->half_width);
		if (o->stop.runs == 0 && o->stop.precision > 0)
			ts_buf_printf(b, ", asked \xc2\xb1%g %%",
			    100 * o->stop.precision);
		ts_buf_puts(b, "\n");
	}
	ts_buf_puts(b, "     ");
	if (e->end == AB_END_INTERRUPTED) {
		if (sigabbrev_np(e->signal) != NULL)
			snprintf(sig, sizeof sig, "SIG%s",
			    sigabbrev_np(e->signal));
		else
			snprintf(sig, sizeof sig, "signal %d", e->signal);
		ts_buf_printf(b, "interrupted by %s after %zu rounds (%.1f s): "
		    "what they measured\n", sig, e->rounds, e->elapsed_s);
	} else if (e->why == TS_AB_STOP_TIME && o->stop.precision > 0 &&
	    !(x->half_width <= o->stop.precision) && isfinite(x->half_width))
		ts_buf_printf(b, "the host did not allow \xc2\xb1%g %% within "
		    "%g s: \xc2\xb1%.2f %% after %zu rounds\n",
		    100 * o->stop.precision, o->stop.max_time,
		    100 * x->half_width, e->rounds);
	else if (e->why == TS_AB_STOP_TIME && o->stop.precision > 0)
		ts_buf_printf(b, "the host did not allow \xc2\xb1%g %% within "
		    "%g s: no interval after %zu rounds\n",
		    100 * o->stop.precision, o->stop.max_time, e->rounds);
	else
		ts_buf_printf(b, "stopped: %s (%zu rounds, %.1f s)\n",
		    ts_ab_why_text(e->why), e->rounds, e->elapsed_s);
}

/* What the host did. */
static void
host_lines(struct ts_buf *b, const struct ab_exp *e)
{
	const struct ts_ab_host *h = &e->host;

	if (h->readings > 0) {
		ts_buf_printf(b, "host probe  %.0f M accesses/s (median of %zu "
		    "readings), %.0f \xe2\x80\xa6 %.0f: moved %.1f %%",
		    h->score_median, h->readings, h->score_min, h->score_max,
		    100 * h->moved);
		if (isfinite(h->rho))
			ts_buf_printf(b, "; the ratio %s with it (Spearman's "
			    "rho %.2f, p %.2g)", h->moved_with ? "moved" :
			    "did not move", h->rho, h->rho_p);
		ts_buf_puts(b, "\n");
	}
	ts_buf_puts(b, "host time   ");
	if (h->lost_rounds > 0)
		ts_buf_printf(b, "lost: %zu round%s took 1.5\xc3\x97 the usual "
		    "%.3g s or more (the slowest %.1f\xc3\x97)", h->lost_rounds,
		    h->lost_rounds == 1 ? "" : "s", h->usual_s, h->worst);
	else if (isfinite(h->usual_s))
		ts_buf_printf(b, "no round took 1.5\xc3\x97 the usual %.3g s",
		    h->usual_s);
	else
		ts_buf_puts(b, "no rounds");
	if (isfinite(h->steal_share))
		ts_buf_printf(b, "; %.2f %% of the CPU time stolen%s",
		    100 * h->steal_share, h->steal_share > 0.01 ?
		    " (lost time)" : "");
	ts_buf_puts(b, "\n");
}

void
ab_out_summary(struct ts_buf *b, const struct ab_opts *o,
    const struct ab_exp *e)
{
	const struct ts_ab_est *x = &e->est;

	side_lines(b, o, e, 0);
	side_lines(b, o, e, 1);
	ts_buf_puts(b, "\n");
	if (isfinite(x->ratio)) {
		ts_buf_printf(b, "B/A  %.4f", x->ratio);
		if (x->method != TS_AB_METHOD_NONE)
			ts_buf_printf(b, "   95 %% interval %.4f \xe2\x80\x93 "
			    "%.4f", x->low, x->high);
		ts_buf_puts(b, "\n");
	} else
		ts_buf_puts(b, "B/A  -\n");
	verdict_line(b, o, e);
	design_lines(b, o, e);
	host_lines(b, e);
}

void
ab_out_gate(struct ts_buf *b, const struct ab_opts *o, const struct ab_exp *e)
{
	bool speed = ts_ab_metric_is_time(&o->metric) && !o->higher_better;

	ts_buf_puts(b, "B ('");
	ts_buf_visible(b, o->name[1]);
	ts_buf_printf(b, "') is %s than A ('", speed ? "slower" : "worse");
	ts_buf_visible(b, o->name[0]);
	ts_buf_printf(b, "') by more than %g %%", 100 * o->fail_above);
	if (!speed)
		ts_buf_printf(b, " (%s is better)", o->higher_better ?
		    "higher" : "lower");
	ts_buf_printf(b, ": B/A %.4f, 95 %% interval %.4f to %.4f",
	    e->est.ratio, e->est.low, e->est.high);
}
