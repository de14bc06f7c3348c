/* SPDX-License-Identifier: MIT */
/*
 * Label placement (see sweep-labels.h): box estimates, a segment against a box
 * by clipping, and a search over a fine grid of centres around the
 * preferred one.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "sweep/sweep-labels.h"

/* The grid of candidate centres, in pixels. */
#define STEP_X	4.0
#define STEP_Y	2.0

size_t
ts_label_chars(const char *s)
{
	size_t n = 0;

	/* Count every byte that does not continue a UTF-8 sequence. */
	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

struct ts_box
ts_label_box(double x, double y, double size, bool bold, enum ts_anchor a,
    const char *s)
{
	double w = (double)ts_label_chars(s) * size *
	    (bold ? TS_LABEL_EM_BOLD : TS_LABEL_EM);
	struct ts_box b;

	b.x0 = a == TS_ANCHOR_START ? x : a == TS_ANCHOR_MIDDLE ? x - w / 2 :
	    x - w;
	b.x1 = b.x0 + w;
	b.y0 = y - TS_LABEL_ASCENT * size;
	b.y1 = y + TS_LABEL_DESCENT * size;
	return b;
}

/*
 * Clip the parameter range [*t0, *t1] of a segment to one side of the
 * box (Liang and Barsky): p is the direction's component against the
 * side, q the room left.  False when nothing is left.
 */
static bool
clip(double p, double q, double *t0, double *t1)
{
	double t;

	if (p == 0)
		return q >= 0;
	t = q / p;
	if (p < 0) {
		if (t > *t1)
			return false;
		if (t > *t0)
			*t0 = t;
	} else {
		if (t < *t0)
			return false;
		if (t < *t1)
			*t1 = t;
	}
	return true;
}

/* Does the segment (ax, ay)-(bx, by) touch the box? */
static bool
segment_hits(const struct ts_box *b, double ax, double ay, double bx,
    double by)
{
	double dx = bx - ax, dy = by - ay, t0 = 0, t1 = 1;

	return clip(-dx, ax - b->x0, &t0, &t1) &&
	    clip(dx, b->x1 - ax, &t0, &t1) &&
	    clip(-dy, ay - b->y0, &t0, &t1) &&
	    clip(dy, b->y1 - ay, &t0, &t1);
}

bool
ts_box_hits_polyline(const struct ts_box *b, const double *x,
    const double *y, size_t n)
{
	size_t i;

	if (n == 1)
		return segment_hits(b, x[0], y[0], x[0], y[0]);
	for (i = 0; i + 1 < n; i++)
		if (segment_hits(b, x[i], y[i], x[i + 1], y[i + 1]))
			return true;
	return false;
}

bool
ts_box_overlaps(const struct ts_box *a, const struct ts_box *b)
{
	return a->x0 < b->x1 && b->x0 < a->x1 && a->y0 < b->y1 &&
	    b->y0 < a->y1;
}

void
ts_layout_init(struct ts_layout *l, const struct ts_box *frame, double pad)
{
	memset(l, 0, sizeof *l);
	l->frame = *frame;
	l->pad = pad;
}

void
ts_layout_add_line(struct ts_layout *l, const double *x, const double *y,
    size_t n)
{
	if (l->nlines == TS_LAYOUT_MAX_LINES)
		return;
	l->x[l->nlines] = x;
	l->y[l->nlines] = y;
	l->n[l->nlines++] = n;
}

void
ts_layout_take(struct ts_layout *l, const struct ts_box *b)
{
	if (l->ntaken < TS_LAYOUT_MAX_BOXES)
		l->taken[l->ntaken++] = *b;
}

bool
ts_layout_free(const struct ts_layout *l, double cx, double cy, double w,
    double h)
{
	struct ts_box b = { cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2 };
	struct ts_box wide = { b.x0 - l->pad, b.y0 - l->pad, b.x1 + l->pad,
	    b.y1 + l->pad };
	size_t i;

	if (b.x0 < l->frame.x0 || b.x1 > l->frame.x1 ||
	    b.y0 < l->frame.y0 || b.y1 > l->frame.y1)
		return false;
	for (i = 0; i < l->nlines; i++)
		if (ts_box_hits_polyline(&wide, l->x[i], l->y[i], l->n[i]))
			return false;
	for (i = 0; i < l->ntaken; i++)
		if (ts_box_overlaps(&b, &l->taken[i]))
			return false;
	return true;
}

bool
ts_layout_place(struct ts_layout *l, double w, double h, double ax,
    double ay, double xcost, ts_layout_accept_fn *accept, void *arg,
    double *cx, double *cy)
{
	double best = INFINITY, x, y, cost;
	struct ts_box b;
	long kx, ky, kx0, kx1, ky0, ky1;
	bool found = false;

	/* Whole steps from the anchor, so that the anchor is a candidate. */
	kx0 = (long)ceil((l->frame.x0 + w / 2 - ax) / STEP_X);
	kx1 = (long)floor((l->frame.x1 - w / 2 - ax) / STEP_X);
	ky0 = (long)ceil((l->frame.y0 + h / 2 - ay) / STEP_Y);
	ky1 = (long)floor((l->frame.y1 - h / 2 - ay) / STEP_Y);
	for (ky = ky0; ky <= ky1; ky++) {
		for (kx = kx0; kx <= kx1; kx++) {
			x = ax + (double)kx * STEP_X;
			y = ay + (double)ky * STEP_Y;
			cost = fabs(y - ay) + xcost * fabs(x - ax);
			if (cost >= best || !ts_layout_free(l, x, y, w, h) ||
			    (accept != NULL && !accept(arg, x, y)))
				continue;
			best = cost;
			*cx = x;
			*cy = y;
			found = true;
		}
	}
	if (found) {
		b.x0 = *cx - w / 2;
		b.y0 = *cy - h / 2;
		b.x1 = *cx + w / 2;
		b.y1 = *cy + h / 2;
		ts_layout_take(l, &b);
	}
	return found;
}
