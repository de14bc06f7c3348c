/* SPDX-License-Identifier: MIT */
/*
 * The SVG of trend --plot, in the style of the sweep's plots: a framed
 * plot on a light grid, a bold title and a grey subtitle, axis titles.
 * The value axis starts at zero and steps by 1, 2 or 5 times a power of
 * ten, so that a 10 % step looks like 10 % of the bar and not like a
 * cliff; the time axis is ticked at whole days or months.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buf.h"
#include "hist-svg.h"
#include "stats/stats-basic.h"
#include "svg.h"
#include "units.h"
#include "util.h"

#define W	960.0
#define H	540.0
#define ML	90.0	/* margins: left, right, top, bottom */
#define MR	90.0
#define MT	100.0
#define MB	80.0
#define LEFT	ML
#define RIGHT	(W - MR)
#define TOP	MT
#define BOTTOM	(H - MB)

#define GRID_COLOUR	"#e4e4e4"
#define FRAME_COLOUR	"#333"

/*
 * Okabe and Ito's palette, which reads for every kind of colour vision;
 * nothing is told by colour alone (the marks carry shapes and words).
 */
static const char *const colours[] = { "#0072B2", "#009E73", "#CC79A7",
    "#56B4E9", "#000000", "#E69F00" };

/* tachyon's score and its axis: orange, apart from the series' colours. */
#define TACHYON_COLOUR	"#E69F00"
/* Change marks: worse (vermillion, a triangle down), better (green, up). */
#define WORSE_COLOUR	"#D55E00"
#define BETTER_COLOUR	"#009E73"
#define PRODUCER_COLOUR	"#555555"

#define DAY	86400.0

struct scale {
	double	lo, hi;		/* data */
	double	a, b;		/* pixels */
	double	step;		/* between ticks (value axes) */
};

static double
map(const struct scale *s, double v)
{
	if (s->hi <= s->lo)
		return (s->a + s->b) / 2;
	return s->a + (v - s->lo) / (s->hi - s->lo) * (s->b - s->a);
}

/*
 * A value axis from zero (or from a round value below the least one,
 * when some are negative) to a round value at or above the greatest:
 * 4 to 8 steps of 1, 2 or 5 times a power of ten.
 */
static void
value_range(struct scale *s, double lo, double hi)
{
	if (!(hi >= lo)) {
		lo = 0;
		hi = 1;
	}
	if (lo > 0)
		lo = 0;
	if (hi <= lo)
		hi = lo + (lo != 0 ? fabs(lo) : 1);
	s->step = ts_svg_step(hi - lo, 8);
	s->lo = floor(lo / s->step + 1e-9) * s->step;
	s->hi = ceil(hi / s->step - 1e-9) * s->step;
	/* Headroom: no point on the frame's top edge. */
	if (s->hi - hi < (s->hi - s->lo) * 0.04)
		s->hi += s->step;
}

/*
 * A tick label: v with no more digits than the step needs, in thousands,
 * millions or billions (k, M, G) when the step is that large.
 */
static void
tick_label(char *buf, size_t len, double v, double step)
{
	static const char *const suffix[] = { "", "k", "M", "G", "T" };
	int decimals, k = 0;

	if (fabs(v) < step * 1e-9)
		v = 0;
	while (k < 4 && step >= 1000) {
		step /= 1000;
		v /= 1000;
		k++;
	}
	decimals = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);
	snprintf(buf, len, "%.*f%s", decimals, v, suffix[k]);
}

/*
 * A value axis at x (left or right): grid lines across the plot (left
 * axis only), ticks and labels to its side, and its title, rotated.
 */
static void
value_axis(struct ts_buf *b, const struct scale *y, double x, bool right,
    const char *cls, const char *col, const char *title)
{
	char lab[64];
	double v, py, tx;
	int i, n = (int)floor((y->hi - y->lo) / y->step + 0.5);

	ts_buf_printf(b, "<g class=\"%s-axis\" fill=\"%s\">\n", cls, col);
	for (i = 0; i <= n; i++) {
		v = y->lo + y->step * i;
		py = map(y, v);
		if (!right)
			ts_buf_printf(b, "<line class=\"grid\" x1=\"%.1f\" "
			    "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\""
			    "/>\n", LEFT, py, RIGHT, py, GRID_COLOUR);
		tick_label(lab, sizeof lab, v, y->step);
		ts_buf_printf(b, "<text class=\"tick %s\" x=\"%.1f\" y=\"%.1f\" "
		    "font-size=\"12\" text-anchor=\"%s\">%s</text>\n", cls,
		    right ? x + 8 : x - 8, py + 4, right ? "start" : "end", lab);
	}
	ts_buf_printf(b, "<line class=\"axis %s\" x1=\"%.1f\" y1=\"%.1f\" "
	    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", cls, x, TOP, x,
	    BOTTOM, col);
	tx = right ? W - 18 : 22;
	ts_buf_printf(b, "<text class=\"axis-title\" x=\"%.1f\" y=\"%.1f\" "
	    "font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(%d "
	    "%.1f %.1f)\">", tx, (TOP + BOTTOM) / 2, right ? 90 : -90, tx,
	    (TOP + BOTTOM) / 2);
	ts_svg_escape(b, title);
	ts_buf_puts(b, "</text>\n</g>\n");
}

/* The first of month m (months since January 1970) at midnight UTC. */
static double
month_start(long m)
{
	struct tm tm;

	memset(&tm, 0, sizeof tm);
	tm.tm_year = (int)(m / 12) + 70;
	tm.tm_mon = (int)(m % 12);
	tm.tm_mday = 1;
	return (double)timegm(&tm);
}

/* The months since January 1970 of time t (UTC). */
static long
month_of(double t)
{
	struct tm tm;
	time_t tt = (time_t)t;

	gmtime_r(&tt, &tm);
	return (long)(tm.tm_year - 70) * 12 + tm.tm_mon;
}

/* One tick of the time axis: its grid line and its date. */
static void
time_tick(struct ts_buf *b, const struct scale *x, double t, bool month)
{
	char when[32];
	double px = map(x, t);

	if (px < LEFT - 0.5 || px > RIGHT + 0.5)
		return;
	/* The loaders refuse a time out of the history's range. */
	ts_rfc3339(t >= 0 && t < TS_HIST_TIME_END ? (time_t)t : 0, when);
	when[month ? 7 : 10] = '\0';
	ts_buf_printf(b, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" "
	    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n<text class=\"tick "
	    "time\" x=\"%.1f\" y=\"%.1f\" font-size=\"12\" "
	    "text-anchor=\"middle\">%s</text>\n", px, TOP, px, BOTTOM,
	    GRID_COLOUR, px, BOTTOM + 18, when);
}

/*
 * The time axis: ticks at whole days (every 1, 2, 7 or 14) or at the
 * first of months (every 1, 2, 3, 6 or 12), at most 8 of them.
 */
static void
time_axis(struct ts_buf *b, const struct scale *x)
{
	static const int days[] = { 1, 2, 7, 14 };
	static const int months[] = { 1, 2, 3, 6, 12, 24, 60 };
	double span = (x->hi - x->lo) / DAY, t;
	long m, m0, m1;
	size_t i;

	ts_buf_printf(b, "<g class=\"time-axis\" fill=\"%s\">\n", FRAME_COLOUR);
	for (i = 0; i < sizeof days / sizeof days[0]; i++)
		if (span / days[i] <= 8)
			break;
	if (i < sizeof days / sizeof days[0]) {
		for (t = ceil(x->lo / (DAY * days[i])) * DAY * days[i];
		    t <= x->hi; t += DAY * days[i])
			time_tick(b, x, t, false);
	} else {
		m0 = month_of(x->lo);
		m1 = month_of(x->hi) + 1;
		for (i = 0; i + 1 < sizeof months / sizeof months[0]; i++)
			if ((m1 - m0) / months[i] <= 8)
				break;
		for (m = m0; m <= m1; m++)
			if (m % months[i] == 0)
				time_tick(b, x, month_start(m), true);
	}
	ts_buf_printf(b, "<line class=\"axis time\" x1=\"%.1f\" y1=\"%.1f\" "
	    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", LEFT, BOTTOM, RIGHT,
	    BOTTOM, FRAME_COLOUR);
	ts_buf_printf(b, "<text class=\"axis-title\" x=\"%.1f\" y=\"%.1f\" "
	    "font-size=\"12\" text-anchor=\"middle\">date of the run "
	    "(UTC)</text>\n</g>\n", (LEFT + RIGHT) / 2, BOTTOM + 42);
}

const char *
hist_unit_label(const char *name)
{
	enum ts_unit u;

	return ts_unit_from_name(name, &u) == 0 ? ts_unit_label(u) : name;
}

/*
 * The noise band of the points [from, to): their median plus or minus
 * twice their robust standard deviation (1.4826 MAD), from the first
 * point's time to the last's.
 */
static void
draw_band(struct ts_buf *b, const struct ts_hist_series *s, size_t from,
    size_t to, const struct scale *x, const struct scale *y, const char *col)
{
	double *v, mid, sd, x0, x1, y0, y1;
	size_t k;

	if (to <= from)
		return;
	v = ts_xmalloc((to - from) * sizeof *v);
	for (k = from; k < to; k++)
		v[k - from] = s->pts[k].value;
	sd = TS_MAD_SCALE_4 * ts_mad(v, to - from, &mid);
	free(v);
	x0 = map(x, (double)s->pts[from].t);
	x1 = map(x, (double)s->pts[to - 1].t);
	y0 = map(y, mid + 2 * sd);
	y1 = map(y, mid - 2 * sd);
	ts_buf_printf(b, "<rect class=\"band\" x=\"%.1f\" y=\"%.1f\" "
	    "width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
	    "fill-opacity=\"0.18\"/>\n", x0, y0, fmax(x1 - x0, 1),
	    fmax(y1 - y0, 1), col);
}

/*
 * A change's mark: a dashed line across the plot, a shape at its top
 * (a triangle down for worse, up for better, a diamond for another
 * producer) and a label in words.
 */
static void
draw_mark(struct ts_buf *b, const struct ts_hist_series *s,
    const struct ts_hist_change *ch, size_t c, const struct scale *x)
{
	double px = map(x, ((double)s->pts[ch->at].t +
	    (double)s->pts[ch->at - 1].t) / 2), ty;
	bool prod = ch->kind == TS_HIST_PRODUCER;
	const char *col = prod ? PRODUCER_COLOUR : ch->direction < 0 ?
	    WORSE_COLOUR : BETTER_COLOUR;

	ts_buf_printf(b, "<line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" "
	    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\" "
	    "stroke-dasharray=\"%s\" data-document=\"%lld\"/>\n",
	    prod ? "producer-change" : "change", px, TOP, px, BOTTOM, col,
	    prod ? "2,3" : "7,3", s->pts[ch->at].doc);
	if (prod)
		ts_buf_printf(b, "<path class=\"mark-shape\" d=\"M%.1f %.1fl6 "
		    "6-6 6-6-6z\" fill=\"%s\"/>\n", px, TOP - 3, col);
	else if (ch->direction < 0)
		ts_buf_printf(b, "<path class=\"mark-shape\" d=\"M%.1f %.1fh14"
		    "l-7 10z\" fill=\"%s\"/>\n", px - 7, TOP - 1, col);
	else
		ts_buf_printf(b, "<path class=\"mark-shape\" d=\"M%.1f %.1fh14"
		    "l-7-10z\" fill=\"%s\"/>\n", px - 7, TOP + 9, col);
	ty = TOP - 8 - 13.0 * (double)(c % 2);
	ts_buf_printf(b, "<text class=\"mark\" x=\"%.1f\" y=\"%.1f\" "
	    "font-size=\"12\" font-weight=\"bold\" text-anchor=\"%s\" "
	    "fill=\"%s\">%s %+.1f%%</text>\n", px, ty, px > RIGHT - 60 ?
	    "end" : px < LEFT + 60 ? "start" : "middle", col, prod ?
	    "producer" : ch->direction < 0 ? "worse" : "better", ch->pct);
}

/*
 * One series: its noise bands, its points with their intervals, levels
 * and change marks.
 */
static void
draw_series(struct ts_buf *b, const struct hist_plot_series *v,
    const struct scale *x, const struct scale *y, const char *col)
{
	const struct ts_hist_series *s = v->s;
	size_t k, c, from = 0;

	ts_buf_puts(b, "<g class=\"series\" data-host=\"");
	ts_svg_escape(b, s->host);
	ts_buf_printf(b, "\" data-points=\"%zu\" data-changes=\"%zu\">\n", s->n,
	    v->nch);
	for (c = 0; c <= v->nch; c++) {
		size_t to = c < v->nch ? v->ch[c].at : s->n;

		draw_band(b, s, from, to, x, y, col);
		from = to;
	}
	from = 0;
	for (k = 0; k < s->n; k++) {
		const struct ts_hist_point *p = &s->pts[k];
		double px = map(x, (double)p->t);

		if (p->ci95 > 0)
			ts_buf_printf(b, "<line class=\"interval\" x1=\"%.1f\" "
			    "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			    "stroke-opacity=\"0.5\"/>\n", px, map(y, p->value -
			    p->ci95), px, map(y, p->value + p->ci95), col);
		ts_buf_printf(b, "<circle class=\"point\" cx=\"%.1f\" "
		    "cy=\"%.1f\" r=\"2.5\" fill=\"%s\" fill-opacity=\"0.45\" "
		    "data-document=\"%lld\"/>\n", px, map(y, p->value), col,
		    p->doc);
	}
	/*
	 * Levels between change points, over the points (which are drawn
	 * half transparent, so that a year of nightly points does not hide
	 * the level the subtitle promises), then the marks.
	 */
	for (c = 0; c <= v->nch && s->n > 0; c++) {
		size_t to = c < v->nch ? v->ch[c].at : s->n;
		double lv = c < v->nch ? v->ch[c].before :
		    v->nch > 0 ? v->ch[v->nch - 1].after : NAN;

		if (v->nch == 0 || to <= from)
			continue;
		ts_buf_printf(b, "<line class=\"level\" x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2.5\"/>"
		    "\n", map(x, (double)s->pts[from].t), map(y, lv),
		    map(x, (double)s->pts[to - 1].t), map(y, lv), col);
		from = to;
	}
	for (c = 0; c < v->nch; c++)
		draw_mark(b, s, &v->ch[c], c, x);
	ts_buf_puts(b, "</g>\n");
}

/* The plot's title: "sgemm single-thread over time on HOST", escaped. */
static void
plot_title(struct ts_buf *b, const struct hist_plot_series *v, size_t n)
{
	if (n == 0) {
		ts_buf_puts(b, "no series");
		return;
	}
	ts_svg_escape(b, v[0].s->workload);
	ts_buf_printf(b, " %s-thread over time", v[0].s->pass[0] == 's' ?
	    "single" : "multi");
	if (n == 1) {
		ts_buf_puts(b, " on ");
		ts_svg_escape(b, v[0].s->host);
	}
}

/*
 * What the plot shows, in words, for its <desc>: each series' runs and
 * their dates, and its change points.
 */
static void
plot_desc(struct ts_buf *b, const struct hist_plot_series *v, size_t n,
    size_t ntach)
{
	char t0[32], t1[32];
	size_t i, c;

	for (i = 0; i < n; i++) {
		const struct ts_hist_series *s = v[i].s;

		if (s->n == 0)
			continue;
		ts_rfc3339((time_t)s->pts[0].t, t0);
		ts_rfc3339((time_t)s->pts[s->n - 1].t, t1);
		t0[10] = t1[10] = '\0';
		ts_svg_escape(b, s->host);
		ts_buf_printf(b, ": %zu run%s from %s to %s (%s, %s is better); "
		    "%zu change point%s", s->n, s->n == 1 ? "" : "s", t0, t1,
		    hist_unit_label(s->unit), s->higher_is_better ? "higher" :
		    "lower", v[i].nch, v[i].nch == 1 ? "" : "s");
		for (c = 0; c < v[i].nch; c++) {
			const struct ts_hist_change *ch = &v[i].ch[c];

			ts_rfc3339((time_t)s->pts[ch->at].t, t0);
			t0[10] = '\0';
			ts_buf_printf(b, "%s %s: %s, %.4g to %.4g (%+.1f %%)",
			    c == 0 ? ":" : ";", t0, ch->kind ==
			    TS_HIST_PRODUCER ? "another producer" :
			    ch->direction < 0 ? "worse" : "better", ch->before,
			    ch->after, ch->pct);
		}
		ts_buf_puts(b, ". ");
	}
	if (ntach > 0)
		ts_buf_printf(b, "%zu tachyon scores on the right axis.", ntach);
}

void
hist_svg(struct ts_buf *b, const struct hist_plot_series *v, size_t n,
    const double *tach_t, const double *tach_score, size_t ntach)
{
	struct scale x = { INFINITY, -INFINITY, LEFT, RIGHT, 0 };
	struct scale y = { 0, 0, BOTTOM, TOP, 0 };
	struct scale y2 = { 0, 0, BOTTOM, TOP, 0 };
	double vlo = INFINITY, vhi = -INFINITY, tlo = INFINITY, thi = -INFINITY;
	double pad;
	char title[256];
	size_t i, k;

	for (i = 0; i < n; i++)
		for (k = 0; k < v[i].s->n; k++) {
			const struct ts_hist_point *p = &v[i].s->pts[k];

			x.lo = fmin(x.lo, (double)p->t);
			x.hi = fmax(x.hi, (double)p->t);
			vlo = fmin(vlo, p->value - p->ci95);
			vhi = fmax(vhi, p->value + p->ci95);
		}
	for (k = 0; k < ntach; k++) {
		x.lo = fmin(x.lo, tach_t[k]);
		x.hi = fmax(x.hi, tach_t[k]);
		tlo = fmin(tlo, tach_score[k]);
		thi = fmax(thi, tach_score[k]);
	}
	if (!(x.hi >= x.lo)) {
		x.lo = 0;
		x.hi = DAY;
	}
	/* Room at both ends, so that no point sits on the frame. */
	pad = fmax((x.hi - x.lo) * 0.02, DAY / 2);
	x.lo -= pad;
	x.hi += pad;
	value_range(&y, vlo, vhi);
	if (ntach > 0)
		value_range(&y2, tlo, thi);

	ts_svg_begin(b, W, H);
	ts_buf_puts(b, "<title>");
	plot_title(b, v, n);
	ts_buf_puts(b, "</title>\n<desc>");
	plot_desc(b, v, n, ntach);
	ts_buf_printf(b, "</desc>\n<text class=\"title\" x=\"%.1f\" y=\"28\" "
	    "font-size=\"17\" font-weight=\"bold\">", LEFT);
	plot_title(b, v, n);
	ts_buf_printf(b, "</text>\n<text class=\"subtitle\" x=\"%.1f\" "
	    "y=\"46\" font-size=\"13\" fill=\"#555\">each run with its 95 %% "
	    "interval; solid: the level between change points; shaded: the "
	    "noise band%s</text>\n<text class=\"subtitle\" x=\"%.1f\" "
	    "y=\"62\" font-size=\"13\" fill=\"#555\">(the level \xc2\xb1 2 "
	    "robust standard deviations); dashed: a change point, "
	    "\xe2\x96\xbc worse, \xe2\x96\xb2 better, \xe2\x97\x86 "
	    "another producer</text>\n", LEFT, ntach > 0 ? "; o: tachyon" : "",
	    LEFT);
	if (n > 0) {
		snprintf(title, sizeof title, "%s (%s, %s is better; axis from "
		    "%g)", v[0].s->workload, hist_unit_label(v[0].s->unit),
		    v[0].s->higher_is_better ? "higher" : "lower", y.lo);
		value_axis(b, &y, LEFT, false, "value", FRAME_COLOUR, title);
	} else
		value_axis(b, &y, LEFT, false, "value", FRAME_COLOUR, "");
	if (ntach > 0)
		value_axis(b, &y2, RIGHT, true, "tachyon", TACHYON_COLOUR,
		    "tachyon score (M accesses/s, o)");
	time_axis(b, &x);
	ts_buf_printf(b, "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" "
	    "width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"%s\"/>\n",
	    LEFT, TOP, RIGHT - LEFT, BOTTOM - TOP, FRAME_COLOUR);

	for (i = 0; i < n; i++)
		draw_series(b, &v[i], &x, &y, colours[i % (sizeof colours /
		    sizeof colours[0])]);
	if (ntach > 0) {
		ts_buf_printf(b, "<g class=\"tachyon\" data-points=\"%zu\">\n",
		    ntach);
		for (k = 0; k < ntach; k++)
			ts_buf_printf(b, "<circle class=\"tachyon\" cx=\"%.1f\" "
			    "cy=\"%.1f\" r=\"3\" fill=\"none\" "
			    "stroke=\"%s\"/>\n", map(&x, tach_t[k]),
			    map(&y2, tach_score[k]), TACHYON_COLOUR);
		ts_buf_puts(b, "</g>\n");
	}
	ts_buf_puts(b, "</svg>\n");
}
