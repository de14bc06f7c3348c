/* SPDX-License-Identifier: MIT */
/*
 * lib/sweep/sweep-labels.c: label boxes from the font estimates, the
 * polyline and overlap tests, and placing labels clear of curves, of the
 * frame's edges and of each other, nearest to where they would like to be.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "sweep/sweep-labels.h"
#include "tap.h"

/* Label boxes and the polyline test behind the placement. */
static void
test_boxes(void)
{
	static const double x[] = { 0, 10, 20 }, y[] = { 0, 10, 0 };
	struct ts_box b;

	b = ts_label_box(100, 50, 10, false, TS_ANCHOR_MIDDLE,
	    "ab\xe2\x89\xa0");
	ok(fabs(b.x0 - 91) < 1e-9 && fabs(b.x1 - 109) < 1e-9 &&
	    fabs(b.y0 - 42) < 1e-9 && fabs(b.y1 - 52.5) < 1e-9,
	    "a label's box: three characters, centred, above the baseline");
	b = (struct ts_box){ 8, 8, 12, 9 };
	ok(ts_box_hits_polyline(&b, x, y, 3), "a box on the corner is hit");
	b = (struct ts_box){ 8, 0, 12, 6 };
	ok(!ts_box_hits_polyline(&b, x, y, 3), "a box inside the V is clear");
	b = (struct ts_box){ -5, -5, -1, -1 };
	ok(!ts_box_hits_polyline(&b, x, y, 3), "a box past the end is clear");
	b = (struct ts_box){ 4, 3, 6, 5 };
	ok(ts_box_hits_polyline(&b, x, y, 3), "a box the segment crosses "
	    "(no corner inside) is hit");
}

/* Accept only centres left of x = 50. */
static bool
left_half(void *arg, double cx, double cy)
{
	(void)arg;
	(void)cy;
	return cx < 50;
}

/* The layout's free test and the placement search. */
static void
test_layout(void)
{
	static const double x[] = { 0, 100 }, y[] = { 50, 50 };
	struct ts_box frame = { 0, 0, 100, 100 }, a, b;
	struct ts_layout l;
	double cx, cy, cx2, cy2;

	is_int(ts_label_chars("L1d \xc2\xb5s"), 6, "characters, not bytes");
	a = (struct ts_box){ 0, 0, 10, 10 };
	b = (struct ts_box){ 5, 5, 15, 15 };
	ok(ts_box_overlaps(&a, &b) && ts_box_overlaps(&b, &a),
	    "overlapping boxes overlap both ways");
	b = (struct ts_box){ 20, 0, 30, 10 };
	ok(!ts_box_overlaps(&a, &b), "boxes apart do not");
	a = ts_label_box(10, 20, 10, true, TS_ANCHOR_START, "ab");
	ok(fabs(a.x0 - 10) < 1e-9 && fabs(a.x1 - 23.6) < 1e-9,
	    "a bold label starting at x is wider");
	a = ts_label_box(10, 20, 10, false, TS_ANCHOR_END, "ab");
	ok(fabs(a.x1 - 10) < 1e-9 && fabs(a.x0 - -2) < 1e-9,
	    "a label ending at x");

	ts_layout_init(&l, &frame, 2);
	ts_layout_add_line(&l, x, y, 2);
	ok(ts_layout_free(&l, 50, 20, 10, 10), "a box above the line is free");
	ok(!ts_layout_free(&l, 50, 50, 10, 10), "a box on the line is not");
	ok(!ts_layout_free(&l, 50, 45, 10, 8), "nor one within pad of it");
	ok(!ts_layout_free(&l, 2, 20, 10, 10), "nor one across the frame");
	ok(ts_layout_place(&l, 10, 10, 50, 50, 1, NULL, NULL, &cx, &cy) &&
	    ts_layout_free(&l, cx, cy, 10, 10) == false &&
	    fabs(cy - 50) >= 5 + 2 && fabs(cx - 50) < 1e-9,
	    "placed off the line, straight above or below (%g, %g)", cx, cy);
	ok(ts_layout_place(&l, 10, 10, 50, 50, 1, NULL, NULL, &cx2, &cy2) &&
	    !(fabs(cx2 - cx) < 10 && fabs(cy2 - cy) < 10),
	    "a second label does not overlap the first (%g, %g)", cx2, cy2);
	ok(ts_layout_place(&l, 10, 10, 80, 20, 1, left_half, NULL, &cx, &cy) &&
	    cx < 50, "accept narrows the candidates (%g, %g)", cx, cy);
	ok(!ts_layout_place(&l, 200, 10, 50, 20, 1, NULL, NULL, &cx, &cy),
	    "a label wider than the frame has no place");
}

int
main(void)
{
	test_boxes();
	test_layout();
	return done_testing();
}
