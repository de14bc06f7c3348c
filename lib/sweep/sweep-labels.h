/* SPDX-License-Identifier: MIT */
/*
 * Where text labels go in a plot so that none of them crosses a curve.
 * A label's box is estimated from its font size and its character count
 * (no font is at hand to measure with), and a label is placed at the
 * free spot nearest to where it would like to be: inside the frame, a
 * margin away from every curve, and clear of the labels placed before it.
 * Pure geometry in picture coordinates (y grows downwards).
 */
#ifndef TS_SWEEP_LABELS_H
#define TS_SWEEP_LABELS_H

#include <stdbool.h>
#include <stddef.h>

/*
 * A character's width as a fraction of the font size, for regular and
 * bold text, and the height above and below the baseline: estimates for
 * DejaVu Sans and fonts like it, erring on the wide side.
 */
#define TS_LABEL_EM		0.6
#define TS_LABEL_EM_BOLD	0.68
#define TS_LABEL_ASCENT		0.8
#define TS_LABEL_DESCENT	0.25

/* At most this many lines to avoid and placed boxes in one layout. */
#define TS_LAYOUT_MAX_LINES	8
#define TS_LAYOUT_MAX_BOXES	32

/* A rectangle: x0 <= x1 left to right, y0 <= y1 top to bottom. */
struct ts_box {
	double	x0, y0, x1, y1;
};

/* Where a text's x lies: SVG's text-anchor. */
enum ts_anchor {
	TS_ANCHOR_START,
	TS_ANCHOR_MIDDLE,
	TS_ANCHOR_END
};

/* The characters (UTF-8 code points) of s. */
size_t	 ts_label_chars(const char *s);

/* The estimated box of text s drawn at (x, y), y its baseline. */
struct ts_box ts_label_box(double x, double y, double size, bool bold,
	    enum ts_anchor, const char *s);

/* Does the box touch the polyline through (x[i], y[i]), i < n? */
bool	 ts_box_hits_polyline(const struct ts_box *, const double *x,
	    const double *y, size_t n);

/* Do two boxes overlap? */
bool	 ts_box_overlaps(const struct ts_box *, const struct ts_box *);

struct ts_layout {
	struct ts_box	 frame;		/* every label stays inside */
	double		 pad;		/* kept clear around each curve */
	const double	*x[TS_LAYOUT_MAX_LINES], *y[TS_LAYOUT_MAX_LINES];
	size_t		 n[TS_LAYOUT_MAX_LINES], nlines;
	struct ts_box	 taken[TS_LAYOUT_MAX_BOXES];
	size_t		 ntaken;
};

/* An empty layout over frame, keeping pad pixels clear of the curves. */
void	 ts_layout_init(struct ts_layout *, const struct ts_box *frame,
	    double pad);

/* Add a curve (the arrays must outlive the layout); ignored when full. */
void	 ts_layout_add_line(struct ts_layout *, const double *x,
	    const double *y, size_t n);

/* Mark a box as taken (by a label drawn elsewhere); ignored when full. */
void	 ts_layout_take(struct ts_layout *, const struct ts_box *);

/*
 * Is a w x h box centred at (cx, cy) free: inside the frame, at least pad
 * away from every curve, and clear of every box taken?
 */
bool	 ts_layout_free(const struct ts_layout *, double cx, double cy,
	    double w, double h);

/* A further condition on a candidate centre; NULL accepts all. */
typedef bool	 ts_layout_accept_fn(void *arg, double cx, double cy);

/*
 * Find the free centre for a w x h box nearest to (ax, ay), a horizontal
 * move counting xcost times a vertical one, among those accept agrees
 * with; take its box and return true with the centre in *cx, *cy.
 * False, with nothing taken, when no spot in the frame is free.
 */
bool	 ts_layout_place(struct ts_layout *, double w, double h, double ax,
	    double ay, double xcost, ts_layout_accept_fn *accept, void *arg,
	    double *cx, double *cy);

#endif /* TS_SWEEP_LABELS_H */
