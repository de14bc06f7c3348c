/* SPDX-License-Identifier: MIT */
/*
 * The sweep as an SVG picture (see sweep-svg.h).  Both axes are logarithmic:
 * sizes double from point to point, and latencies span two or three
 * decades from L1 to DRAM, which a linear axis would flatten into the
 * floor.  Coordinates are written with "%.1f" in the C locale.  Every
 * label inside the frame is placed by sweep-labels.c, clear of both curves.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "size.h"
#include "sweep/sweep-labels.h"
#include "sweep/sweep-plateau.h"
#include "svg.h"
#include "sweep/sweep-svg.h"
#include "util.h"

#define WIDTH	880.0
#define HEIGHT	580.0
#define LEFT	80.0
#define RIGHT	(WIDTH - 40.0)
#define TOP	92.0
#define BOTTOM	(HEIGHT - 110.0)

/* Room kept between a label and a curve: a marker's radius and more. */
#define CLEAR	5.0
/* The random chase, the page-local chase and the page walks between. */
#define RANDOM_COLOUR	"#222222"
#define LOCAL_COLOUR	"#2166ac"
#define WALKS_COLOUR	"#f4a582"
#define WALKS_TEXT	"#b35806"

/* The frame of the plot: data ranges in log space. */
struct frame {
	double	lx0, lx1;	/* log2 bytes at the left and right edges */
	double	ly0, ly1;	/* log10 ns at the bottom and top edges */
};

/* The picture being drawn: the frame and both curves in pixels. */
struct picture {
	const struct ts_svg_plot *pl;
	struct frame	 f;
	double		 x[TS_SVG_MAX_POINTS];
	double		 yr[TS_SVG_MAX_POINTS];	/* random chase */
	double		 yl[TS_SVG_MAX_POINTS];	/* page-local, if any */
	size_t		 n;
	bool		 local;			/* two curves */
	double		 hx[TS_PLATEAU_MAX_CACHES][2];	/* hwloc's lines */
	double		 hy[TS_PLATEAU_MAX_CACHES][2];
	struct ts_layout layout;
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

/*
 * A text element with its own font size, weight and anchor (so that its
 * box can be told from the element alone) and extra attributes.
 */
static void
text(struct ts_buf *b, double x, double y, double size, bool bold,
    enum ts_anchor a, const char *attrs, const char *s)
{
	static const char *const anchor[] = { "start", "middle", "end" };

	ts_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%g\"%s "
	    "text-anchor=\"%s\"%s%s>", x, y, size,
	    bold ? " font-weight=\"bold\"" : "", anchor[a], *attrs ? " " : "",
	    attrs);
	ts_svg_escape(b, s);
	ts_buf_puts(b, "</text>\n");
}

/* The baseline of text of this size whose box is centred at cy. */
static double
baseline(double cy, double size)
{
	return cy + (TS_LABEL_ASCENT - TS_LABEL_DESCENT) / 2 * size;
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
		if (pl->page_local_ns != NULL) {
			lo = fmin(lo, pl->page_local_ns[i] / 1.15);
			hi = fmax(hi, pl->page_local_ns[i] * 1.15);
		}
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
	ts_buf_puts(b, "<g class=\"axes\" fill=\"#333\">\n");
	for (i = 0; i < pl->n; i += stride) {
		x = xpos(f, (double)pl->bytes[i]);
		ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#e4e4e4\"/>\n", x, TOP, x, BOTTOM);
		axis_size(pl->bytes[i], lab, sizeof lab);
		text(b, x, BOTTOM + 18, 12, false, TS_ANCHOR_MIDDLE, "", lab);
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
			text(b, LEFT - 8, y + 4, 12, false, TS_ANCHOR_END, "",
			    lab);
		}
	}
	ts_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"none\" stroke=\"#333\"/>\n", LEFT, TOP,
	    RIGHT - LEFT, BOTTOM - TOP);
	text(b, (LEFT + RIGHT) / 2, BOTTOM + 40, 12, false, TS_ANCHOR_MIDDLE,
	    "", "working-set size (bytes, log scale)");
	ts_buf_printf(b, "<text x=\"20\" y=\"%.1f\" font-size=\"12\" "
	    "text-anchor=\"middle\" transform=\"rotate(-90 20 %.1f)\">"
	    "latency per load (ns, log scale)</text>\n</g>\n",
	    (TOP + BOTTOM) / 2, (TOP + BOTTOM) / 2);
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
	char lab[64], sz[32], attrs[64];
	int k, row = 0;

	ts_buf_puts(b, "<g class=\"hwloc\">\n");
	for (k = 0; k < r->ncaches; k++) {
		x = log2((double)r->cache_bytes[k]);
		if (x < f->lx0 || x > f->lx1)
			continue;
		ts_size_format((double)r->cache_bytes[k],
		    TS_SIZE_SHORT, sz, sizeof sz);
		snprintf(lab, sizeof lab, "%s %s",
		    ts_plateau_level_name(k, r->ncaches), sz);
		x = xpos(f, (double)r->cache_bytes[k]);
		ts_buf_printf(b, "<line class=\"cache\" x1=\"%.1f\" "
		    "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
		    "stroke-width=\"1.5\" stroke-dasharray=\"6 4\"/>\n", x,
		    TOP, x, BOTTOM, level_colour(k, r->ncaches));
		w = (double)ts_label_chars(lab) * 12 * TS_LABEL_EM;
		row = x - w / 2 < prev_end + 6 ? !row : 0;
		prev_end = x + w / 2;
		snprintf(attrs, sizeof attrs, "fill=\"%s\"",
		    level_colour(k, r->ncaches));
		text(b, x, TOP - 6 - 15 * row, 12, false, TS_ANCHOR_MIDDLE,
		    attrs, lab);
	}
	ts_buf_puts(b, "</g>\n");
}

/* The page walks: the area between the random and page-local curves. */
static void
draw_walks(struct ts_buf *b, const struct picture *p)
{
	size_t i;

	ts_buf_printf(b, "<path class=\"walks\" fill=\"%s\" "
	    "fill-opacity=\"0.35\" stroke=\"none\" d=\"", WALKS_COLOUR);
	for (i = 0; i < p->n; i++)
		ts_buf_printf(b, "%s%.1f %.1f", i ? " L" : "M", p->x[i],
		    p->yr[i]);
	for (i = p->n; i-- > 0;)
		ts_buf_printf(b, " L%.1f %.1f", p->x[i], p->yl[i]);
	ts_buf_puts(b, " Z\"/>\n");
}

/* Each plateau: a band at its median latency, in its level's colour. */
static void
draw_bands(struct ts_buf *b, const struct picture *p)
{
	const struct ts_plateaus *r = p->pl->plateaus;
	double x0, x1, y;
	size_t j;

	ts_buf_puts(b, "<g class=\"plateaus\">\n");
	for (j = 0; j < r->n; j++) {
		x0 = p->x[r->p[j].first] - 8;
		x1 = p->x[r->p[j].last] + 8;
		y = ypos(&p->f, r->p[j].latency_ns);
		ts_buf_printf(b, "<line class=\"band\" x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"8\" "
		    "stroke-opacity=\"0.25\" stroke-linecap=\"round\"/>\n",
		    x0, y, x1, y, level_colour(r->p[j].level, r->ncaches));
	}
	ts_buf_puts(b, "</g>\n");
}

/* One curve: a path through ys[], then a marker with a tooltip per size. */
static void
draw_curve(struct ts_buf *b, const struct picture *p, bool local)
{
	const struct ts_svg_plot *pl = p->pl;
	const struct ts_plateaus *r = pl->plateaus;
	const double *ys = local ? p->yl : p->yr;
	const double *ns = local ? pl->page_local_ns : pl->latency_ns;
	char sz[32], tip[160];
	const char *fill;
	size_t i;

	ts_buf_printf(b, "<path class=\"curve %s\" fill=\"none\" "
	    "stroke=\"%s\" stroke-width=\"1.8\"%s d=\"",
	    local ? "local" : "random", local ? LOCAL_COLOUR : RANDOM_COLOUR,
	    local ? " stroke-dasharray=\"7 3\"" : "");
	for (i = 0; i < p->n; i++)
		ts_buf_printf(b, "%s%.1f %.1f", i ? " L" : "M", p->x[i], ys[i]);
	ts_buf_printf(b, "\"/>\n<g class=\"%s\">\n",
	    local ? "local-points" : "points");
	for (i = 0; i < p->n; i++) {
		ts_size_format((double)pl->bytes[i],
		    TS_SIZE_SHORT, sz, sizeof sz);
		/* The levels belong to the curve they were found on. */
		if (r != NULL && (local || !p->local)) {
			snprintf(tip, sizeof tip, "%s: %.1f ns%s, %s", sz, ns[i],
			    local ? " page-local" : "",
			    ts_plateau_point_label(r, i));
			fill = level_colour(r->point_level[i], r->ncaches);
		} else {
			snprintf(tip, sizeof tip, "%s: %.1f ns%s", sz, ns[i],
			    p->local ? " random chase" : "");
			fill = p->local ? "white" : "#888";
		}
		ts_buf_printf(b, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" "
		    "r=\"4\" fill=\"%s\" stroke=\"%s\"><title>",
		    local ? "local-point" : "point", p->x[i], ys[i], fill,
		    local ? LOCAL_COLOUR : RANDOM_COLOUR);
		ts_svg_escape(b, tip);
		ts_buf_puts(b, "</title></circle>\n");
	}
	ts_buf_puts(b, "</g>\n");
}

/*
 * The legend for two curves, in the free spot nearest the frame's top
 * left corner (small sizes are fast, so that corner is usually empty).
 */
static void
draw_legend(struct ts_buf *b, struct picture *p)
{
	static const char *const entry[] = {
		"random chase: what a workload sees",
		"page-local chase: the data caches alone",
		"page walks: the gap between the two"
	};
	double w = 0, h, cx, cy, x, y;
	size_t k;

	for (k = 0; k < 3; k++)
		w = fmax(w, (double)ts_label_chars(entry[k]) * 12 *
		    TS_LABEL_EM);
	w += 52;
	h = 3 * 17 + 10;
	if (!ts_layout_place(&p->layout, w, h, LEFT + 10 + w / 2,
	    TOP + 10 + h / 2, 1, NULL, NULL, &cx, &cy))
		return;
	x = cx - w / 2;
	y = cy - h / 2;
	ts_buf_printf(b, "<g class=\"legend\">\n<rect x=\"%.1f\" y=\"%.1f\" "
	    "width=\"%.1f\" height=\"%.1f\" fill=\"white\" "
	    "fill-opacity=\"0.9\" stroke=\"#bbb\"/>\n", x, y, w, h);
	ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
	    "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.8\"/>\n",
	    x + 8, y + 14, x + 36, y + 14, RANDOM_COLOUR);
	ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
	    "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1.8\" "
	    "stroke-dasharray=\"7 3\"/>\n", x + 8, y + 31, x + 36, y + 31,
	    LOCAL_COLOUR);
	ts_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"28\" "
	    "height=\"10\" fill=\"%s\" fill-opacity=\"0.35\"/>\n", x + 8,
	    y + 43, WALKS_COLOUR);
	for (k = 0; k < 3; k++)
		text(b, x + 44, y + 18 + 17 * (double)k, 12, false,
		    TS_ANCHOR_START, "class=\"label\"", entry[k]);
	ts_buf_puts(b, "</g>\n");
}

/*
 * Keep the labels placed from now on off hwloc's dashed lines too; a
 * label with no free spot left is not drawn (the legend, placed before,
 * has a background of its own).
 */
static void
avoid_caches(struct picture *p)
{
	const struct ts_plateaus *r = p->pl->plateaus;
	double x;
	int k;

	for (k = 0; k < r->ncaches; k++) {
		x = log2((double)r->cache_bytes[k]);
		if (x < p->f.lx0 || x > p->f.lx1)
			continue;
		p->hx[k][0] = p->hx[k][1] = xpos(&p->f,
		    (double)r->cache_bytes[k]);
		p->hy[k][0] = TOP;
		p->hy[k][1] = BOTTOM;
		ts_layout_add_line(&p->layout, p->hx[k], p->hy[k], 2);
	}
}

/* Label each plateau at the free spot nearest below its band. */
static void
draw_level_labels(struct ts_buf *b, struct picture *p)
{
	const struct ts_plateaus *r = p->pl->plateaus;
	double w, h = (TS_LABEL_ASCENT + TS_LABEL_DESCENT) * 13, cx, cy;
	char lab[64], attrs[96];
	size_t j;

	/* A white outline keeps the labels legible over the bands. */
	ts_buf_puts(b, "<g class=\"level-labels\" stroke=\"white\" "
	    "stroke-width=\"3\" paint-order=\"stroke\">\n");
	for (j = 0; j < r->n; j++) {
		const struct ts_plateau *pt = &r->p[j];
		const char *col = level_colour(pt->level, r->ncaches);

		snprintf(lab, sizeof lab, "%s %.1f ns%s",
		    ts_plateau_point_label(r, pt->first),
		    pt->latency_ns, !r->unjudged && (pt->verdict == TS_PV_EARLY ||
		    pt->verdict == TS_PV_LATE) ? " (\xe2\x89\xa0 hwloc)" : "");
		w = (double)ts_label_chars(lab) * 13 * TS_LABEL_EM_BOLD;
		if (!ts_layout_place(&p->layout, w, h,
		    (p->x[pt->first] + p->x[pt->last]) / 2,
		    ypos(&p->f, pt->latency_ns) + 20, 2, NULL, NULL, &cx, &cy))
			continue;
		snprintf(attrs, sizeof attrs, "class=\"label\" fill=\"%s\"",
		    col);
		text(b, cx, baseline(cy, 13), 13, true, TS_ANCHOR_MIDDLE, attrs,
		    lab);
	}
	ts_buf_puts(b, "</g>\n");
}

/* The random and the page-local curve's heights at x, by interpolation. */
static void
heights_at(const struct picture *p, double x, double *yr, double *yl)
{
	size_t i;
	double t;

	for (i = 0; i + 2 < p->n && p->x[i + 1] < x; i++)
		;
	t = p->n < 2 ? 0 : (x - p->x[i]) / (p->x[i + 1] - p->x[i]);
	t = fmin(fmax(t, 0), 1);
	*yr = p->n < 2 ? p->yr[0] : p->yr[i] + t * (p->yr[i + 1] - p->yr[i]);
	*yl = p->n < 2 ? p->yl[0] : p->yl[i] + t * (p->yl[i + 1] - p->yl[i]);
}

/* Accept a centre between the two curves (ts_layout_accept_fn). */
static bool
between_curves(void *arg, double cx, double cy)
{
	double yr, yl;

	heights_at(arg, cx, &yr, &yl);
	return cy > fmin(yr, yl) && cy < fmax(yr, yl);
}

/*
 * "page walks" inside the gap between the curves, nearest the widest
 * part of it, when the gap somewhere has room for the words.
 */
static void
draw_walks_label(struct ts_buf *b, struct picture *p)
{
	static const char lab[] = "page walks";
	double w = (double)ts_label_chars(lab) * 12 * TS_LABEL_EM;
	double h = (TS_LABEL_ASCENT + TS_LABEL_DESCENT) * 12, gap = 0;
	double cx, cy;
	size_t i, at = 0;

	/* An inner point if there is one: the ends are cramped. */
	for (i = p->n > 2; i + (p->n > 2) < p->n; i++)
		if (p->yl[i] - p->yr[i] > gap) {
			gap = p->yl[i] - p->yr[i];
			at = i;
		}
	if (gap < h + 2 * CLEAR)
		return;
	if (!ts_layout_place(&p->layout, w, h, p->x[at],
	    (p->yr[at] + p->yl[at]) / 2, 1, between_curves, p, &cx, &cy))
		return;
	text(b, cx, baseline(cy, 12), 12, false, TS_ANCHOR_MIDDLE,
	    "class=\"label walks-label\" fill=\"" WALKS_TEXT "\" "
	    "font-style=\"italic\"", lab);
}

/* The most characters of a line of a note (13 px text, the frame's width). */
#define NOTE_CHARS	100

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
		/* Cut at spaces into lines that fit the picture. */
		char *s = notes[j], *cut, keep;

		while (*s != '\0') {
			cut = s + strlen(s);
			if (cut - s > NOTE_CHARS) {
				for (cut = s + NOTE_CHARS; cut > s && *cut != ' ';
				    cut--)
					;
				if (cut == s)
					cut = s + NOTE_CHARS;
			}
			keep = *cut;
			*cut = '\0';
			text(b, LEFT, y, 13, false, TS_ANCHOR_START,
			    "class=\"note\" fill=\"#b00020\"", s);
			*cut = keep;
			y += 17;
			for (s = cut; *s == ' '; s++)
				;
		}
		free(notes[j]);
	}
}

/* Lay the picture out: the frame, the curves in pixels, the layout. */
static void
set_up(struct picture *p, const struct ts_svg_plot *pl)
{
	struct ts_box frame = { LEFT, TOP, RIGHT, BOTTOM };
	size_t i;

	memset(p, 0, sizeof *p);
	p->pl = pl;
	p->n = pl->n < TS_SVG_MAX_POINTS ? pl->n : TS_SVG_MAX_POINTS;
	p->local = pl->page_local_ns != NULL;
	choose_frame(pl, &p->f);
	for (i = 0; i < p->n; i++) {
		p->x[i] = xpos(&p->f, (double)pl->bytes[i]);
		p->yr[i] = ypos(&p->f, pl->latency_ns[i]);
		p->yl[i] = p->local ? ypos(&p->f, pl->page_local_ns[i]) :
		    p->yr[i];
	}
	ts_layout_init(&p->layout, &frame, CLEAR);
	ts_layout_add_line(&p->layout, p->x, p->yr, p->n);
	if (p->local)
		ts_layout_add_line(&p->layout, p->x, p->yl, p->n);
}

void
ts_svg_render(struct ts_buf *b, const struct ts_svg_plot *pl)
{
	struct picture *p;

	ts_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
	    "font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
	    WIDTH, HEIGHT, WIDTH, HEIGHT);
	ts_buf_puts(b, "<rect width=\"100%\" height=\"100%\" "
	    "fill=\"white\"/>\n");
	text(b, LEFT, 26, 17, true, TS_ANCHOR_START, "",
	    pl->title ? pl->title : "Pointer-chase latency by working-set size");
	if (pl->subtitle != NULL)
		text(b, LEFT, 46, 13, false, TS_ANCHOR_START, "fill=\"#555\"",
		    pl->subtitle);
	if (pl->n == 0) {
		ts_buf_puts(b, "</svg>\n");
		return;
	}
	p = ts_xmalloc(sizeof *p);
	set_up(p, pl);
	draw_axes(b, pl, &p->f);
	if (p->local)
		draw_walks(b, p);
	if (pl->plateaus != NULL) {
		draw_caches(b, pl->plateaus, &p->f);
		draw_bands(b, p);
	}
	draw_curve(b, p, false);
	if (p->local) {
		draw_curve(b, p, true);
		draw_legend(b, p);
	}
	if (pl->plateaus != NULL) {
		avoid_caches(p);
		draw_level_labels(b, p);
	}
	if (p->local)
		draw_walks_label(b, p);
	if (pl->plateaus != NULL)
		draw_notes(b, pl);
	free(p);
	ts_buf_puts(b, "</svg>\n");
}
