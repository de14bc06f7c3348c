/* SPDX-License-Identifier: MIT */
/*
 * The fleet as an SVG scatter plot (see fleet-plot.h).  Linear axes with
 * "nice" ticks; coordinates written with "%.1f".
 */
#include <config.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>

#include "buf.h"
#include "fleet-plot.h"
#include "svg.h"

#define WIDTH	880.0
#define HEIGHT	580.0
#define LEFT	90.0
#define RIGHT	(WIDTH - 40.0)
#define TOP	70.0
#define BOTTOM	(HEIGHT - 80.0)

struct frame {
	double	x0, x1, y0, y1;
};

static double
px(const struct frame *f, double x)
{
	return LEFT + (x - f->x0) / (f->x1 - f->x0) * (RIGHT - LEFT);
}

static double
py(const struct frame *f, double y)
{
	return BOTTOM - (y - f->y0) / (f->y1 - f->y0) * (BOTTOM - TOP);
}

/* A tick step of 1, 2 or 5 times a power of ten, about 6 per range. */
static double
tick_step(double range)
{
	double raw = range / 6, p = pow(10, floor(log10(raw))), m = raw / p;

	return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/* Widen [lo, hi] by 5 % each side (or around a single value). */
static void
pad(double *lo, double *hi)
{
	double d = *hi - *lo;

	if (!(d > 0))
		d = fabs(*lo) > 0 ? fabs(*lo) * 0.1 : 1;
	*lo -= d * 0.05;
	*hi += d * 0.05;
}

/* The host's colour: spread hues, or grey for a large fleet. */
static void
colour(char *buf, size_t len, uint32_t host, size_t nhosts)
{
	if (nhosts > TS_FLEETPLOT_COLOURED) {
		snprintf(buf, len, "#808080");
		return;
	}
	snprintf(buf, len, "hsl(%.0f,65%%,45%%)",
	    fmod((double)host * 137.508, 360.0));
}

static void
axes(struct ts_buf *b, const struct frame *f, const char *tk,
    const char *sk)
{
	double s, v;

	ts_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"none\" stroke=\"#444\"/>\n", LEFT, TOP,
	    RIGHT - LEFT, BOTTOM - TOP);
	s = tick_step(f->x1 - f->x0);
	for (v = ceil(f->x0 / s) * s; v <= f->x1; v += s)
		ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#444\"/><text x=\"%.1f\" y=\"%.1f\" "
		    "font-size=\"12\" text-anchor=\"middle\">%.6g</text>\n",
		    px(f, v), BOTTOM, px(f, v), BOTTOM + 5, px(f, v),
		    BOTTOM + 19, fabs(v) < s * 1e-9 ? 0 : v);
	s = tick_step(f->y1 - f->y0);
	for (v = ceil(f->y0 / s) * s; v <= f->y1; v += s)
		ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#444\"/><text x=\"%.1f\" y=\"%.1f\" "
		    "font-size=\"12\" text-anchor=\"end\">%.6g</text>\n",
		    LEFT - 5, py(f, v), LEFT, py(f, v), LEFT - 8, py(f, v) + 4,
		    fabs(v) < s * 1e-9 ? 0 : v);
	ts_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"14\" "
	    "text-anchor=\"middle\">score: ", (LEFT + RIGHT) / 2,
	    BOTTOM + 45);
	ts_svg_escape(b, sk);
	ts_buf_puts(b, " (higher = faster host)</text>\n");
	ts_buf_printf(b, "<text x=\"20\" y=\"%.1f\" font-size=\"14\" "
	    "text-anchor=\"middle\" transform=\"rotate(-90 20 %.1f)\">"
	    "timing: ", (TOP + BOTTOM) / 2, (TOP + BOTTOM) / 2);
	ts_svg_escape(b, tk);
	ts_buf_puts(b, "</text>\n");
}

/* The between-host fit's band and line. */
static void
band_and_fit(struct ts_buf *b, const struct frame *pf,
    const struct ts_fleet_result *r)
{
	double x;
	int k;

	ts_buf_puts(b, "<path class=\"band\" fill=\"#9ecae1\" "
	    "fill-opacity=\"0.5\" stroke=\"none\" d=\"");
	for (k = 0; k < TS_FLEET_BAND; k++) {
		x = r->x_min + (r->x_max - r->x_min) * k / (TS_FLEET_BAND - 1);
		ts_buf_printf(b, "%s%.1f,%.1f ", k ? "L" : "M", px(pf, x),
		    py(pf, r->band_hi[k]));
	}
	for (k = TS_FLEET_BAND - 1; k >= 0; k--) {
		x = r->x_min + (r->x_max - r->x_min) * k / (TS_FLEET_BAND - 1);
		ts_buf_printf(b, "L%.1f,%.1f ", px(pf, x),
		    py(pf, r->band_lo[k]));
	}
	ts_buf_puts(b, "Z\"/>\n<path class=\"fit\" fill=\"none\" "
	    "stroke=\"#08519c\" stroke-width=\"2\" d=\"");
	for (k = 0; k < TS_FLEET_BAND; k++) {
		x = r->x_min + (r->x_max - r->x_min) * k / (TS_FLEET_BAND - 1);
		ts_buf_printf(b, "%s%.1f,%.1f ", k ? "L" : "M", px(pf, x),
		    py(pf, ts_fleet_fit(r, x)));
	}
	ts_buf_puts(b, "\"/>\n");
}

void
ts_fleetplot_render(struct ts_buf *b, const struct ts_fleet *fl,
    const struct ts_fleet_result *r, const char *tk, const char *sk)
{
	struct frame f = { INFINITY, -INFINITY, INFINITY, -INFINITY };
	const struct ts_fleet_point *p;
	char c[32];
	size_t i;

	for (i = 0; i < fl->npoints; i++) {
		p = &fl->points[i];
		f.x0 = fmin(f.x0, p->s);
		f.x1 = fmax(f.x1, p->s);
		f.y0 = fmin(f.y0, p->t);
		f.y1 = fmax(f.y1, p->t);
	}
	pad(&f.x0, &f.x1);
	pad(&f.y0, &f.y1);
	ts_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
	    "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
	    "font-family=\"sans-serif\">\n<rect width=\"100%%\" "
	    "height=\"100%%\" fill=\"white\"/>\n", WIDTH, HEIGHT, WIDTH,
	    HEIGHT);
	ts_buf_printf(b, "<text x=\"%.1f\" y=\"28\" font-size=\"17\" "
	    "font-weight=\"bold\" text-anchor=\"middle\">Timing against "
	    "tachyon score: %zu hosts, %" PRIu64 " records</text>\n",
	    WIDTH / 2, r->hosts, r->records);
	ts_buf_printf(b, "<text x=\"%.1f\" y=\"50\" font-size=\"13\" "
	    "text-anchor=\"middle\">verdict: %s (the score explains %s)",
	    WIDTH / 2, ts_fleet_verdict_name(r->verdict),
	    ts_fleet_explains_name(r->explains));
	if (r->between_ok)
		ts_buf_printf(b, "; between hosts R\u00b2 %.2f [%.2f, %.2f] on "
		    "%s", r->inverse ? r->r2_inv.v : r->r2.v,
		    r->inverse ? r->r2_inv.lo : r->r2.lo,
		    r->inverse ? r->r2_inv.hi : r->r2.hi,
		    r->inverse ? "1/score" : "score");
	ts_buf_printf(b, "%s</text>\n",
	    fl->npoints < fl->records ? "; points sampled" : "");
	axes(b, &f, tk, sk);
	ts_buf_printf(b, "<clipPath id=\"frame\"><rect x=\"%.1f\" y=\"%.1f\" "
	    "width=\"%.1f\" height=\"%.1f\"/></clipPath>\n<g "
	    "clip-path=\"url(#frame)\">\n", LEFT, TOP, RIGHT - LEFT,
	    BOTTOM - TOP);
	/* The band, then the fit, under the points (between hosts only). */
	if (r->between_ok)
		band_and_fit(b, &f, r);
	for (i = 0; i < fl->npoints; i++) {
		p = &fl->points[i];
		colour(c, sizeof c, p->host, fl->nhosts);
		ts_buf_printf(b, "<circle class=\"point\" cx=\"%.1f\" "
		    "cy=\"%.1f\" r=\"3\" fill=\"%s\" fill-opacity=\"0.7\"/>\n",
		    px(&f, p->s), py(&f, p->t), c);
	}
	ts_buf_puts(b, "</g>\n");
	if (r->have_threshold && r->threshold > f.x0 && r->threshold < f.x1) {
		ts_buf_printf(b, "<line class=\"threshold\" x1=\"%.1f\" "
		    "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#b2182b\" "
		    "stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n"
		    "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" "
		    "fill=\"#b2182b\">threshold %.4g</text>\n",
		    px(&f, r->threshold), TOP, px(&f, r->threshold), BOTTOM,
		    px(&f, r->threshold) + 4, TOP + 14, r->threshold);
	}
	ts_buf_puts(b, "</svg>\n");
}
