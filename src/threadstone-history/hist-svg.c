/* SPDX-License-Identifier: MIT */
/*
 * The SVG of trend --plot.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <time.h>

#include "buf.h"
#include "hist-svg.h"

#define W	960.0
#define H	480.0
#define ML	90.0	/* margins: left, right, top, bottom */
#define MR	90.0
#define MT	50.0
#define MB	60.0

static const char *const colours[] = { "#1f77b4", "#2ca02c", "#9467bd",
    "#8c564b", "#e377c2", "#17becf" };

/*
 * tachyon's score and its axis: orange, apart from the series' colours
 * and from the red and green of the change marks.
 */
#define TACHYON_COLOUR	"#ff7f0e"

struct scale {
	double	lo, hi;		/* data */
	double	a, b;		/* pixels */
};

static double
map(const struct scale *s, double v)
{
	if (s->hi <= s->lo)
		return (s->a + s->b) / 2;
	return s->a + (v - s->lo) / (s->hi - s->lo) * (s->b - s->a);
}

/* Escape text for XML. */
static void
xml(struct ts_buf *b, const char *s)
{
	for (; *s != '\0'; s++)
		switch (*s) {
		case '<': ts_buf_puts(b, "&lt;"); break;
		case '>': ts_buf_puts(b, "&gt;"); break;
		case '&': ts_buf_puts(b, "&amp;"); break;
		case '"': ts_buf_puts(b, "&quot;"); break;
		default: ts_buf_putc(b, *s);
		}
}

/*
 * Five ticks of a value axis at x (left or right), labels to side, in
 * colour col.
 */
static void
value_axis(struct ts_buf *b, const struct scale *y, double x, int right,
    const char *cls, const char *col)
{
	int i;

	ts_buf_printf(b, "<line class=\"axis %s\" x1=\"%.1f\" y1=\"%.1f\" "
	    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n", cls, x, MT, x,
	    H - MB, col);
	for (i = 0; i <= 4; i++) {
		double v = y->lo + (y->hi - y->lo) * i / 4, py = map(y, v);

		ts_buf_printf(b, "<text class=\"tick %s\" x=\"%.1f\" y=\"%.1f\" "
		    "font-size=\"11\" text-anchor=\"%s\" fill=\"%s\">%.4g"
		    "</text>\n", cls, right ? x + 6 : x - 6, py + 4, right ?
		    "start" : "end", col, v);
	}
}

void
hist_svg(struct ts_buf *b, const struct hist_plot_series *v, size_t n,
    const double *tach_t, const double *tach_score, size_t ntach)
{
	struct scale x = { INFINITY, -INFINITY, ML, W - MR };
	struct scale y = { INFINITY, -INFINITY, H - MB, MT };
	struct scale y2 = { INFINITY, -INFINITY, H - MB, MT };
	size_t i, k, c;
	char when[32];
	double pad;

	for (i = 0; i < n; i++)
		for (k = 0; k < v[i].s->n; k++) {
			const struct ts_hist_point *p = &v[i].s->pts[k];

			x.lo = fmin(x.lo, (double)p->t);
			x.hi = fmax(x.hi, (double)p->t);
			y.lo = fmin(y.lo, p->value - p->ci95);
			y.hi = fmax(y.hi, p->value + p->ci95);
		}
	for (k = 0; k < ntach; k++) {
		x.lo = fmin(x.lo, tach_t[k]);
		x.hi = fmax(x.hi, tach_t[k]);
		y2.lo = fmin(y2.lo, tach_score[k]);
		y2.hi = fmax(y2.hi, tach_score[k]);
	}
	if (!(x.hi >= x.lo)) {
		x.lo = 0;
		x.hi = 1;
	}
	if (!(y.hi >= y.lo)) {
		y.lo = 0;
		y.hi = 1;
	}
	pad = (y.hi - y.lo) * 0.05 + (y.hi == y.lo ? fabs(y.hi) * 0.05 + 1 : 0);
	y.lo -= pad;
	y.hi += pad;
	if (ntach > 0) {
		pad = (y2.hi - y2.lo) * 0.05 + (y2.hi == y2.lo ? fabs(y2.hi) *
		    0.05 + 1 : 0);
		y2.lo -= pad;
		y2.hi += pad;
	}

	ts_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
	    "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n"
	    "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
	    W, H, W, H);
	ts_buf_puts(b, "<text class=\"title\" x=\"90\" y=\"24\" "
	    "font-size=\"15\">");
	if (n > 0) {
		xml(b, v[0].s->workload);
		ts_buf_printf(b, " %s-thread (%s)", v[0].s->pass[0] == 's' ?
		    "single" : "multi", v[0].s->unit);
		if (n == 1) {
			ts_buf_puts(b, " on ");
			xml(b, v[0].s->host);
		}
	}
	ts_buf_puts(b, "</text>\n");
	value_axis(b, &y, ML, 0, "value", "#333");
	if (ntach > 0) {
		value_axis(b, &y2, W - MR, 1, "tachyon", TACHYON_COLOUR);
		ts_buf_printf(b, "<text class=\"label tachyon\" x=\"%.1f\" "
		    "y=\"%.1f\" font-size=\"11\" text-anchor=\"end\" "
		    "fill=\"%s\">tachyon score (M accesses/s, o)</text>\n",
		    W - 10, MT - 30, TACHYON_COLOUR);
	}
	ts_buf_printf(b, "<line class=\"axis time\" x1=\"%.1f\" y1=\"%.1f\" "
	    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#333\"/>\n", ML, H - MB, W - MR,
	    H - MB);
	for (i = 0; i <= 4; i++) {
		double t = x.lo + (x.hi - x.lo) * i / 4;

		/*
		 * The loaders refuse a time out of the history's range; the
		 * conversion stays bounded whatever it is given.
		 */
		ts_rfc3339(t >= 0 && t < TS_HIST_TIME_END ? (time_t)t : 0,
		    when);
		when[10] = '\0';
		ts_buf_printf(b, "<text class=\"tick time\" x=\"%.1f\" "
		    "y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\">%s"
		    "</text>\n", map(&x, t), H - MB + 18, when);
	}

	for (i = 0; i < n; i++) {
		const struct ts_hist_series *s = v[i].s;
		const char *col = colours[i % (sizeof colours /
		    sizeof colours[0])];
		size_t from = 0;

		ts_buf_puts(b, "<g class=\"series\" data-host=\"");
		xml(b, s->host);
		ts_buf_printf(b, "\" data-points=\"%zu\" data-changes=\"%zu\">\n",
		    s->n, v[i].nch);
		for (k = 0; k < s->n; k++) {
			const struct ts_hist_point *p = &s->pts[k];
			double px = map(&x, (double)p->t);

			if (p->ci95 > 0)
				ts_buf_printf(b, "<line class=\"interval\" "
				    "x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
				    "y2=\"%.1f\" stroke=\"%s\" stroke-opacity="
				    "\"0.5\"/>\n", px, map(&y, p->value -
				    p->ci95), px, map(&y, p->value + p->ci95),
				    col);
			ts_buf_printf(b, "<circle class=\"point\" cx=\"%.1f\" "
			    "cy=\"%.1f\" r=\"2.5\" fill=\"%s\" "
			    "data-document=\"%lld\"/>\n", px, map(&y, p->value),
			    col, p->doc);
		}
		/* Levels between change points, then the marks. */
		for (c = 0; c <= v[i].nch && s->n > 0; c++) {
			size_t to = c < v[i].nch ? v[i].ch[c].at : s->n;
			double lv = c < v[i].nch ? v[i].ch[c].before :
			    v[i].nch > 0 ? v[i].ch[v[i].nch - 1].after : NAN;

			if (v[i].nch == 0 || to <= from)
				continue;
			ts_buf_printf(b, "<line class=\"level\" x1=\"%.1f\" "
			    "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			    "stroke-width=\"2\"/>\n",
			    map(&x, (double)s->pts[from].t), map(&y, lv),
			    map(&x, (double)s->pts[to - 1].t), map(&y, lv), col);
			from = to;
		}
		for (c = 0; c < v[i].nch; c++) {
			const struct ts_hist_change *ch = &v[i].ch[c];
			double px = map(&x, ((double)s->pts[ch->at].t +
			    (double)s->pts[ch->at - 1].t) / 2);
			bool prod = ch->kind == TS_HIST_PRODUCER;

			ts_buf_printf(b, "<line class=\"%s\" x1=\"%.1f\" "
			    "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			    "stroke-dasharray=\"%s\" data-document=\"%lld\"/>\n",
			    prod ? "producer-change" : "change", px, MT, px,
			    H - MB, prod ? "#7f7f7f" : ch->direction < 0 ?
			    "#d62728" : "#2ca02c", prod ? "2,3" : "6,3",
			    s->pts[ch->at].doc);
			ts_buf_printf(b, "<text class=\"mark\" x=\"%.1f\" "
			    "y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\">"
			    "%s%+.1f%%</text>\n", px, MT - 4 - 10.0 * (c % 2),
			    prod ? "producer " : "", ch->pct);
		}
		ts_buf_puts(b, "</g>\n");
	}
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
