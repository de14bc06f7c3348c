/* SPDX-License-Identifier: MIT */
/*
 * The sweep as an SVG picture (see svg.h).  Both axes are logarithmic:
 * sizes double from point to point, and latencies span two or three
 * decades from L1 to DRAM, which a linear axis would flatten into the
 * floor.  Coordinates are written with "%.1f" in the C locale.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plateau.h"
#include "svg.h"
#include "util.h"

#define WIDTH	880.0
#define HEIGHT	580.0
#define LEFT	80.0
#define RIGHT	(WIDTH - 40.0)
#define TOP	92.0
#define BOTTOM	(HEIGHT - 110.0)

/* The frame of the plot: data ranges in log space. */
struct frame {
	double	lx0, lx1;	/* log2 bytes at the left and right edges */
	double	ly0, ly1;	/* log10 ns at the bottom and top edges */
};

/* Horizontal position of a size. */
static double
xpos(const struct frame *f, double bytes)
{
	return LEFT + (log2(bytes) - f->lx0) / (f->lx1 - f->lx0) *
	    (RIGHT - LEFT);
}

/* Vertical position of a latency. */
static double
ypos(const struct frame *f, double ns)
{
	return BOTTOM - (log10(ns) - f->ly0) / (f->ly1 - f->ly0) *
	    (BOTTOM - TOP);
}

/* The colour of a level: one per cache level, grey for DRAM. */
static const char *
level_colour(int level, int ncaches)
{
	static const char *const c[] = { "#1b9e77", "#d95f02", "#7570b3",
	    "#e7298a", "#66a61e", "#e6ab02" };

	if (ncaches > 0 && level >= ncaches)
		return "#555555";
	return c[(level < 0 ? 0 : level) % 6];
}

/* A compact size label for the axis: 512, 4K, 64K, 1M, 2G. */
static void
axis_size(uint64_t b, char *buf, size_t len)
{
	static const char suffix[] = "KMGTPE";
	int u = -1;

	while (b >= 1024 && b % 1024 == 0 && u < 5) {
		b /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, len, "%llu", (unsigned long long)b);
	else
		snprintf(buf, len, "%llu%c", (unsigned long long)b,
		    suffix[u]);
}

void
ts_svg_escape(struct ts_buf *b, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '&':
			ts_buf_puts(b, "&amp;");
			break;
		case '<':
			ts_buf_puts(b, "&lt;");
			break;
		case '>':
			ts_buf_puts(b, "&gt;");
			break;
		case '"':
			ts_buf_puts(b, "&quot;");
			break;
		case '\'':
			ts_buf_puts(b, "&apos;");
			break;
		default:
			/* XML 1.0 forbids most control characters. */
			if ((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n')
				ts_buf_putc(b, '?');
			else
				ts_buf_putc(b, *s);
		}
	}
}

/* A text element at (x, y) with extra attributes; the text is escaped. */
static void
text(struct ts_buf *b, double x, double y, const char *attrs,
    const char *s)
{
	ts_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\"%s%s>", x, y,
	    *attrs ? " " : "", attrs);
	ts_svg_escape(b, s);
	ts_buf_puts(b, "</text>\n");
}

/* Choose the data ranges: whole doublings, whole 1-2-5 latency steps. */
static void
choose_frame(const struct ts_svg_plot *pl, struct frame *f)
{
	static const double nice[] = { 1, 2, 5, 10 };
	double lo = INFINITY, hi = 0, d, m;
	size_t i;

	/* A little room, so no point sits on the frame. */
	for (i = 0; i < pl->n; i++) {
		lo = fmin(lo, pl->latency_ns[i] / 1.15);
		hi = fmax(hi, pl->latency_ns[i] * 1.15);
	}
	f->lx0 = log2((double)pl->bytes[0]) - 0.5;
	f->lx1 = log2((double)pl->bytes[pl->n - 1]) + 0.5;
	/* Round the latency range out to 1, 2, 5 x 10^k. */
	d = floor(log10(lo));
	for (i = 3; i > 0 && nice[i] * pow(10, d) > lo; i--)
		;
	f->ly0 = log10(nice[i] * pow(10, d));
	d = floor(log10(hi));
	for (i = 0; i < 3 && nice[i] * pow(10, d) < hi; i++)
		;
	f->ly1 = log10(nice[i] * pow(10, d));
	m = f->ly1 - f->ly0;
	if (m < 0.5) {
		f->ly0 -= (0.5 - m) / 2;
		f->ly1 += (0.5 - m) / 2;
	}
}

/* The axes: frame, grid, ticks with labels, axis titles. */
static void
draw_axes(struct ts_buf *b, const struct ts_svg_plot *pl,
    const struct frame *f)
{
	static const double nice[] = { 1, 2, 5 };
	double step = (RIGHT - LEFT) / (f->lx1 - f->lx0), x, y, v;
	size_t i, stride = 1;
	char lab[32];
	int d, k;

	while (step * (double)stride < 36)
		stride *= 2;
	ts_buf_puts(b, "<g class=\"axes\" font-size=\"12\" fill=\"#333\">\n");
	for (i = 0; i < pl->n; i += stride) {
		x = xpos(f, (double)pl->bytes[i]);
		ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#e4e4e4\"/>\n", x, TOP, x, BOTTOM);
		axis_size(pl->bytes[i], lab, sizeof lab);
		text(b, x, BOTTOM + 18, "text-anchor=\"middle\"", lab);
	}
	for (d = (int)floor(f->ly0) - 1; d <= (int)ceil(f->ly1); d++) {
		for (k = 0; k < 3; k++) {
			v = nice[k] * pow(10, d);
			if (log10(v) < f->ly0 - 1e-9 || log10(v) > f->ly1 + 1e-9)
				continue;
			y = ypos(f, v);
			ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" "
			    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#e4e4e4\"/>\n",
			    LEFT, y, RIGHT, y);
			snprintf(lab, sizeof lab, "%g", v);
			text(b, LEFT - 8, y + 4, "text-anchor=\"end\"", lab);
		}
	}
	ts_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"none\" stroke=\"#333\"/>\n", LEFT, TOP,
	    RIGHT - LEFT, BOTTOM - TOP);
	text(b, (LEFT + RIGHT) / 2, BOTTOM + 40, "text-anchor=\"middle\"",
	    "working-set size (bytes, log scale)");
	ts_buf_printf(b, "<text x=\"20\" y=\"%.1f\" text-anchor=\"middle\" "
	    "transform=\"rotate(-90 20 %.1f)\">latency per load "
	    "(ns, log scale)</text>\n</g>\n", (TOP + BOTTOM) / 2,
	    (TOP + BOTTOM) / 2);
}

/*
 * hwloc's cache sizes as dashed vertical lines, labelled above the frame;
 * a label that would run into the previous one moves up a row.
 */
static void
draw_caches(struct ts_buf *b, const struct ts_plateaus *r,
    const struct frame *f)
{
	double x, prev_end = -1e9, w;
	char lab[64], sz[32];
	int k, row = 0;

	ts_buf_puts(b, "<g class=\"hwloc\" font-size=\"12\">\n");
	for (k = 0; k < r->ncaches; k++) {
		x = log2((double)r->cache_bytes[k]);
		if (x < f->lx0 || x > f->lx1)
			continue;
		ts_plateau_fmt_size((double)r->cache_bytes[k], sz, sizeof sz);
		snprintf(lab, sizeof lab, "%s %s",
		    ts_plateau_level_name(k, r->ncaches), sz);
		x = xpos(f, (double)r->cache_bytes[k]);
		ts_buf_printf(b, "<line class=\"cache\" x1=\"%.1f\" "
		    "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
		    "stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n", x,
		    TOP, x, BOTTOM, level_colour(k, r->ncaches));
		/* About 7 px per character at this size. */
		w = 7.0 * (double)strlen(lab);
		row = x - w / 2 < prev_end + 6 ? !row : 0;
		prev_end = x + w / 2;
		ts_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\" "
		    "text-anchor=\"middle\">", x, TOP - 6 - 15 * row,
		    level_colour(k, r->ncaches));
		ts_svg_escape(b, lab);
		ts_buf_puts(b, "</text>\n");
	}
	ts_buf_puts(b, "</g>\n");
}

/* Each plateau: a band at its median latency and its level's name. */
static void
draw_plateaus(struct ts_buf *b, const struct ts_svg_plot *pl,
    const struct frame *f)
{
	const struct ts_plateaus *r = pl->plateaus;
	double x0, x1, y, top, ly;
	char lab[64];
	size_t i, j;

	/* A white outline keeps the labels legible over the curve. */
	ts_buf_puts(b, "<g class=\"plateaus\" font-size=\"13\" "
	    "font-weight=\"bold\" stroke=\"white\" stroke-width=\"3\" "
	    "paint-order=\"stroke\">\n");
	for (j = 0; j < r->n; j++) {
		const struct ts_plateau *p = &r->p[j];
		const char *col = level_colour(p->level, r->ncaches);

		x0 = xpos(f, (double)pl->bytes[p->first]) - 8;
		x1 = xpos(f, (double)pl->bytes[p->last]) + 8;
		y = ypos(f, p->latency_ns);
		ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"8\" "
		    "stroke-opacity=\"0.25\" stroke-linecap=\"round\"/>\n",
		    x0, y, x1, y, col);
		/* Above the band, or below it when its points rise above. */
		for (top = y, i = p->first; i <= p->last; i++)
			top = fmin(top, ypos(f, pl->latency_ns[i]));
		ly = top < y - 10 || y < TOP + 40 ? y + 24 : y - 14;
		snprintf(lab, sizeof lab, "%s %.1f ns%s",
		    ts_plateau_level_name(p->level, r->ncaches),
		    p->latency_ns, p->verdict == TS_PV_EARLY ||
		    p->verdict == TS_PV_LATE ? " (\xe2\x89\xa0 hwloc)" : "");
		ts_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" fill=\"%s\" "
		    "text-anchor=\"middle\">", fmin(fmax((x0 + x1) / 2,
		    LEFT + 70), RIGHT - 70), ly,
		    col);
		ts_svg_escape(b, lab);
		ts_buf_puts(b, "</text>\n");
	}
	ts_buf_puts(b, "</g>\n");
}

/* The curve: a line through every point, then one marker per size. */
static void
draw_curve(struct ts_buf *b, const struct ts_svg_plot *pl,
    const struct frame *f)
{
	const struct ts_plateaus *r = pl->plateaus;
	char sz[32], tip[128];
	size_t i;

	ts_buf_puts(b, "<path class=\"curve\" fill=\"none\" "
	    "stroke=\"#222\" stroke-width=\"1.5\" d=\"");
	for (i = 0; i < pl->n; i++)
		ts_buf_printf(b, "%s%.1f %.1f", i ? " L" : "M",
		    xpos(f, (double)pl->bytes[i]),
		    ypos(f, pl->latency_ns[i]));
	ts_buf_puts(b, "\"/>\n<g class=\"points\">\n");
	for (i = 0; i < pl->n; i++) {
		ts_plateau_fmt_size((double)pl->bytes[i], sz, sizeof sz);
		snprintf(tip, sizeof tip, "%s: %.1f ns%s%s", sz,
		    pl->latency_ns[i], r ? ", " : "",
		    r ? ts_plateau_point_name(r, i) : "");
		ts_buf_printf(b, "<circle class=\"point\" cx=\"%.1f\" "
		    "cy=\"%.1f\" r=\"4\" fill=\"%s\" stroke=\"#222\">"
		    "<title>", xpos(f, (double)pl->bytes[i]),
		    ypos(f, pl->latency_ns[i]),
		    r ? level_colour(r->point_level[i], r->ncaches) : "#888");
		ts_svg_escape(b, tip);
		ts_buf_puts(b, "</title></circle>\n");
	}
	ts_buf_puts(b, "</g>\n");
}

/* What the naming found worth saying, one line each, under the axis. */
static void
draw_notes(struct ts_buf *b, const struct ts_svg_plot *pl)
{
	char *notes[TS_PLATEAU_MAX_NOTES];
	double y = BOTTOM + 64;
	size_t j, n;

	n = ts_plateau_notes(pl->plateaus, pl->bytes, notes,
	    TS_PLATEAU_MAX_NOTES);
	for (j = 0; j < n; j++) {
		text(b, LEFT, y, "class=\"note\" font-size=\"13\" "
		    "fill=\"#b00020\"", notes[j]);
		free(notes[j]);
		y += 17;
	}
}

void
ts_svg_render(struct ts_buf *b, const struct ts_svg_plot *pl)
{
	struct frame f;

	ts_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
	    "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
	    WIDTH, HEIGHT, WIDTH, HEIGHT);
	ts_buf_puts(b, "<rect width=\"100%\" height=\"100%\" "
	    "fill=\"white\"/>\n");
	text(b, LEFT, 26, "font-size=\"17\" font-weight=\"bold\"",
	    pl->title ? pl->title : "Pointer-chase latency by working-set size");
	if (pl->subtitle != NULL)
		text(b, LEFT, 46, "font-size=\"13\" fill=\"#555\"",
		    pl->subtitle);
	if (pl->n == 0) {
		ts_buf_puts(b, "</svg>\n");
		return;
	}
	choose_frame(pl, &f);
	draw_axes(b, pl, &f);
	if (pl->plateaus != NULL) {
		draw_caches(b, pl->plateaus, &f);
		draw_plateaus(b, pl, &f);
	}
	draw_curve(b, pl, &f);
	if (pl->plateaus != NULL)
		draw_notes(b, pl);
	ts_buf_puts(b, "</svg>\n");
}
