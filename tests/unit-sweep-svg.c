/* SPDX-License-Identifier: MIT */
/*
 * lib/sweep/sweep-svg.c: escaping, one marker per point, hwloc's lines only
 * where they fall on the axis, and hostile text kept out of the markup; the
 * two curves, and no text crossing them: the picture is parsed back, every
 * text's box estimated from its font size and characters, and each box checked
 * against every curve segment and marker.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "sweep/sweep-labels.h"
#include "sweep/sweep-plateau.h"
#include "svg.h"
#include "sweep/sweep-svg.h"
#include "tap.h"

#define KiB	(UINT64_C(1) << 10)
#define MiB	(UINT64_C(1) << 20)
#define MAXP	64

/* What the test reads back from a picture. */
struct parsed {
	double	cx[2][MAXP], cy[2][MAXP];	/* random, page-local */
	size_t	cn[2];
	double	px[2 * MAXP], py[2 * MAXP], pr[2 * MAXP];	/* markers */
	size_t	np;
	size_t	texts;
};

/* The number after `name="` in the tag starting at tag, or def. */
static double
attr_num(const char *tag, const char *end, const char *name, double def)
{
	char key[64];
	const char *a;

	snprintf(key, sizeof key, " %s=\"", name);
	a = strstr(tag, key);
	return a != NULL && a < end ? strtod(a + strlen(key), NULL) : def;
}

/* Does the tag starting at tag (up to end) hold the text what? */
static bool
attr_has(const char *tag, const char *end, const char *what)
{
	const char *a = strstr(tag, what);

	return a != NULL && a < end;
}

/* Read the points of the path of class cls into x[], y[]; the count. */
static size_t
read_path(const char *svg, const char *cls, double *x, double *y)
{
	char key[64];
	const char *p;
	size_t n = 0;
	int used;

	snprintf(key, sizeof key, "<path class=\"%s\"", cls);
	if ((p = strstr(svg, key)) == NULL || (p = strstr(p, " d=\"")) == NULL)
		return 0;
	p += 4;
	while (n < MAXP && sscanf(p, " %*[ML]%lf %lf%n", &x[n], &y[n],
	    &used) == 2) {
		n++;
		p += used;
	}
	return n;
}

/* The characters of an element's text, an entity counting as one. */
static size_t
text_chars(const char *s, const char *end)
{
	size_t n = 0;

	for (; s < end; s++) {
		if (*s == '&')
			s = strchr(s, ';');
		n += ((unsigned char)*s & 0xc0) != 0x80;
	}
	return n;
}

/* Does the segment a-b come into the box?  Sampled every 0.2 px. */
static bool
segment_in_box(const struct ts_box *b, double ax, double ay, double bx,
    double by)
{
	double len = hypot(bx - ax, by - ay), t, x, y;
	int k, steps = (int)(len / 0.2) + 1;

	for (k = 0; k <= steps; k++) {
		t = (double)k / steps;
		x = ax + t * (bx - ax);
		y = ay + t * (by - ay);
		if (x >= b->x0 && x <= b->x1 && y >= b->y0 && y <= b->y1)
			return true;
	}
	return false;
}

/*
 * Parse the picture and check every text against the curves and the
 * markers.  Return the number of texts that cross something (each told
 * in a diagnostic); the curves and markers found go to *q.
 */
static int
crossings(const char *svg, struct parsed *q, const char *what)
{
	const char *t, *end, *close;
	struct ts_box box;
	double x, y, size, w, cx, cy;
	size_t c, i;
	int bad = 0;
	bool hit;

	memset(q, 0, sizeof *q);
	q->cn[0] = read_path(svg, "curve random", q->cx[0], q->cy[0]);
	q->cn[1] = read_path(svg, "curve local", q->cx[1], q->cy[1]);
	for (t = svg; (t = strstr(t, "<circle ")) != NULL && q->np < 2 * MAXP;
	    t++) {
		end = strchr(t, '>');
		q->px[q->np] = attr_num(t, end, "cx", 0);
		q->py[q->np] = attr_num(t, end, "cy", 0);
		q->pr[q->np++] = attr_num(t, end, "r", 0);
	}
	for (t = svg; (t = strstr(t, "<text ")) != NULL; t = close) {
		end = strchr(t, '>');
		close = strstr(end, "</text>");
		q->texts++;
		x = attr_num(t, end, "x", 0);
		y = attr_num(t, end, "y", 0);
		size = attr_num(t, end, "font-size", 0);
		w = (double)text_chars(end + 1, close) * size *
		    (attr_has(t, end, "font-weight=\"bold\"") ?
		    TS_LABEL_EM_BOLD : TS_LABEL_EM);
		if (attr_has(t, end, "text-anchor=\"middle\""))
			x -= w / 2;
		else if (attr_has(t, end, "text-anchor=\"end\""))
			x -= w;
		box.x0 = x;
		box.x1 = x + w;
		box.y0 = y - TS_LABEL_ASCENT * size;
		box.y1 = y + TS_LABEL_DESCENT * size;
		if (attr_has(t, end, "transform=\"rotate(-90 ")) {
			/* Turned a quarter left about its anchor. */
			x = attr_num(t, end, "x", 0);
			box.x0 = x - TS_LABEL_ASCENT * size;
			box.x1 = x + TS_LABEL_DESCENT * size;
			box.y0 = y - w / 2;
			box.y1 = y + w / 2;
		} else if (attr_has(t, end, "transform=")) {
			diag("%s: a text with an unknown transform", what);
			bad++;
			continue;
		}
		if (size <= 0) {
			diag("%s: a text without a font size", what);
			bad++;
			continue;
		}
		hit = false;
		for (c = 0; c < 2; c++)
			for (i = 0; i + 1 < q->cn[c]; i++)
				hit |= segment_in_box(&box, q->cx[c][i],
				    q->cy[c][i], q->cx[c][i + 1],
				    q->cy[c][i + 1]);
		for (i = 0; i < q->np; i++) {
			cx = fmin(fmax(q->px[i], box.x0), box.x1);
			cy = fmin(fmax(q->py[i], box.y0), box.y1);
			hit |= hypot(cx - q->px[i], cy - q->py[i]) < q->pr[i];
		}
		if (hit) {
			diag("%s: text at %.1f,%.1f crosses a curve: %.*s", what,
			    box.x0, box.y1, (int)(close - end - 1), end + 1);
			bad++;
		}
	}
	return bad;
}

/*
 * Render the two curves with levels from the page-local one into b, parse
 * the result into q and check, under the name what, that no text
 * crosses a curve or a marker.
 */
static void
render_two(struct ts_buf *b, const uint64_t *bytes, const double *rnd,
    const double *loc, size_t n, const struct ts_cache_sizes *cs,
    struct ts_plateaus *r, struct parsed *q, const char *what)
{
	struct ts_svg_plot pl;

	ts_plateau_find_local(bytes, loc, n, cs, r);
	memset(&pl, 0, sizeof pl);
	pl.bytes = bytes;
	pl.latency_ns = rnd;
	pl.page_local_ns = loc;
	pl.n = n;
	pl.plateaus = r;
	pl.subtitle = "threadstone-sweep \xc2\xb7 4 KiB pages";
	ts_buf_init(b);
	ts_svg_render(b, &pl);
	ok(crossings(b->data, q, what) == 0, "%s: no text crosses a curve "
	    "or a marker (%zu texts)", what, q->texts);
}

/*
 * Both curves on synthetic sweeps: this VM's (page walks grow far past
 * the caches), bare metal (the curves nearly coincide), a flat one, a
 * noisy one whose curves cross, and a long one whose labels crowd.
 */
static void
test_two_curves(void)
{
	static const double vm_rnd[] = { 1.5, 1.5, 1.5, 1.7, 4.0, 4.4, 4.6,
	    5.0, 9.0, 12.0, 14.0, 113, 145, 160, 210, 239, 310, 430, 590 };
	static const double vm_loc[] = { 1.5, 1.5, 1.5, 1.6, 2.9, 3.0, 3.0,
	    3.0, 3.1, 5.5, 6.0, 32.0, 44.0, 46.0, 47.0, 45.0, 48.0, 46.0,
	    47.0 };
	static const double pc_rnd[] = { 1.0, 1.0, 1.0, 1.0, 3.5, 3.5, 3.5,
	    3.5, 3.6, 9.0, 14, 14, 14, 33, 58, 72, 80 };
	struct ts_cache_sizes vm = { 3, { 48 * KiB, MiB, 508 * MiB } };
	struct ts_cache_sizes pc = { 3, { 48 * KiB, 2 * MiB, 24 * MiB } };
	double rnd[MAXP], loc[MAXP];
	uint64_t bytes[MAXP];
	struct ts_plateaus r;
	struct parsed q;
	struct ts_buf b;
	size_t i, n;
	int good;

	for (i = 0; i < MAXP; i++)
		bytes[i] = (4 * KiB) << i;

	/* This VM. */
	render_two(&b, bytes, vm_rnd, vm_loc, 19, &vm, &r, &q,
	    "VM");
	ok(q.cn[0] == 19 && q.cn[1] == 19, "VM: both curves, 19 points each");
	for (good = 1, i = 0; i < 19; i++)
		good &= q.cy[1][i] >= q.cy[0][i] - 0.05;
	ok(good, "VM: the page-local curve is drawn at or below the random");
	is_int(occurrences(b.data, "<circle class=\"point\""), 19,
	    "VM: a marker per size on the random curve");
	is_int(occurrences(b.data, "<circle class=\"local-point\""), 19,
	    "VM: and on the page-local curve");
	is_int(occurrences(b.data, "<path class=\"walks\""), 1,
	    "VM: the page walks shaded between the curves");
	ok(strstr(b.data, ">page walks</text>") != NULL,
	    "VM: the gap is labelled \"page walks\"");
	ok(strstr(b.data, ">random chase: what a workload sees<") != NULL &&
	    strstr(b.data, ">page-local chase: the data caches alone<") !=
	    NULL && strstr(b.data, ">page walks: the gap between the two<") !=
	    NULL, "VM: a legend for both curves and the gap");
	ok(strstr(b.data, ">L1d 1.5 ns<") != NULL &&
	    strstr(b.data, ">L2 3.0 ns<") != NULL &&
	    strstr(b.data, ">L3 6.0 ns (\xe2\x89\xa0 hwloc)<") != NULL &&
	    strstr(b.data, ">DRAM 46.0 ns<") != NULL,
	    "VM: every level labelled at its page-local latency");
	is_int(occurrences(b.data, "<line class=\"band\""), 4,
	    "VM: four bands, from the page-local curve");
	ok(strstr(b.data, "from 16 MiB on, data comes from memory</text>") !=
	    NULL, "VM: the note on L3 says where memory begins");
	ts_buf_free(&b);

	/* Bare metal: the page-local curve a hair below the random. */
	for (i = 0; i < 17; i++)
		loc[i] = pc_rnd[i] * 0.97;
	render_two(&b, bytes, pc_rnd, loc, 17, &pc, &r, &q,
	    "bare metal");
	is_int(occurrences(b.data, "<line class=\"band\""), 4,
	    "bare metal: four bands");
	ok(strstr(b.data, ">L1d 1.0 ns<") != NULL &&
	    strstr(b.data, ">DRAM ") != NULL, "bare metal: levels labelled");
	ok(strstr(b.data, ">page walks</text>") == NULL,
	    "bare metal: no room for \"page walks\" in the gap, so none");
	ts_buf_free(&b);

	/* Flat: one level, the curves parallel. */
	for (i = 0; i < 17; i++) {
		rnd[i] = 80;
		loc[i] = 60;
	}
	render_two(&b, bytes, rnd, loc, 17, &pc, &r, &q,
	    "flat");
	is_int(occurrences(b.data, "class=\"label\" fill="), 1,
	    "flat: one level label");
	ts_buf_free(&b);

	/* Noisy: the curves cross each other at small sizes. */
	for (i = 0; i < 19; i++) {
		rnd[i] = vm_rnd[i] * (i % 2 ? 0.8 : 1.2);
		loc[i] = vm_loc[i] * (i % 2 ? 1.2 : 0.8);
	}
	render_two(&b, bytes, rnd, loc, 19, &vm, &r, &q,
	    "noisy");
	ts_buf_free(&b);

	/* 4 KiB to 64 GiB: 25 points, the labels crowd. */
	n = 25;
	for (i = 0; i < n; i++) {
		rnd[i] = i < 19 ? vm_rnd[i] : 590 * pow(1.3, (double)i - 18);
		loc[i] = i < 19 ? vm_loc[i] : 47;
	}
	render_two(&b, bytes, rnd, loc, n, &vm, &r, &q,
	    "64 GiB");
	ts_buf_free(&b);
}

int
main(void)
{
	/* Measured on a VM whose L3 ends near 6 MiB, not at 32 MiB. */
	static const double lat[15] = { 1.45, 1.38, 1.38, 1.40, 4.12, 4.15,
	    4.14, 5.42, 8.84, 13.68, 16.52, 145.24, 157.00, 159.19, 209.82 };
	struct ts_cache_sizes cs = { 3, { 32768, 1048576, 33554432 } };
	uint64_t bytes[15];
	struct ts_plateaus r;
	struct ts_svg_plot pl;
	struct ts_buf b;
	size_t i;

	ts_buf_init(&b);
	ts_svg_escape(&b, "a<b>&\"c'\x01");
	is_str(b.data, "a&lt;b&gt;&amp;&quot;c&apos;?", "escaping");
	ts_buf_free(&b);

	for (i = 0; i < 15; i++)
		bytes[i] = UINT64_C(4096) << i;
	ok(ts_plateau_find(bytes, lat, 10, &cs, &r) == 0, "plateaus found");
	memset(&pl, 0, sizeof pl);
	pl.bytes = bytes;
	pl.latency_ns = lat;
	pl.n = 10;	/* 4 KiB .. 2 MiB */
	pl.plateaus = &r;
	pl.title = "</text><script>alert(1)</script> & co";
	pl.subtitle = "pages \xc2\xb7 \"quoted\"";
	ts_buf_init(&b);
	ts_svg_render(&b, &pl);
	ok(strncmp(b.data, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "
	    "xmlns=\"http://www.w3.org/2000/svg\"", 75) == 0,
	    "starts with the XML declaration and the SVG namespace");
	ok(b.len > 0 && strcmp(b.data + b.len - 7, "</svg>\n") == 0,
	    "ends with </svg>");
	is_int(occurrences(b.data, "<circle class=\"point\""), 10,
	    "one marker per size");
	is_int(occurrences(b.data, "<title>"), 10, "one tooltip per size");
	is_int(occurrences(b.data, "<line class=\"cache\""), 2,
	    "hwloc lines for L1d and L2; L3 (32 MiB) is off the axis");
	ok(strstr(b.data, "<script>") == NULL &&
	    strstr(b.data, "&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script"
	    "&gt; &amp; co") != NULL, "title escaped");
	ok(strstr(b.data, "&quot;quoted&quot;") != NULL, "subtitle escaped");
	ok(strstr(b.data, ">L1d 32 KiB<") != NULL &&
	    strstr(b.data, ">L2 1 MiB<") != NULL, "cache lines labelled");
	ok(strstr(b.data, ">L1d 1.4 ns<") != NULL, "L1d plateau labelled");
	ok(strstr(b.data, "class=\"note\"") == NULL,
	    "no notes while every level agrees");
	is_int(occurrences(b.data, "<text") - occurrences(b.data, "</text>"), 0,
	    "every text element is closed");
	ts_buf_free(&b);

	/* The whole curve to 64 MiB: L3 disagrees with hwloc. */
	ts_plateau_find(bytes, lat, 15, &cs, &r);
	pl.n = 15;
	ts_buf_init(&b);
	ts_svg_render(&b, &pl);
	is_int(occurrences(b.data, "<line class=\"cache\""), 3,
	    "to 64 MiB: all three hwloc lines");
	ok(strstr(b.data, "class=\"note\" fill=\"#b00020\">"
	    "L3: hwloc reports 32 MiB, but latency steps up to DRAM level at "
	    "8 MiB</text>") != NULL, "the disagreement is written under the "
	    "plot");
	ok(strstr(b.data, ">L3 15.0 ns (\xe2\x89\xa0 hwloc)<") != NULL,
	    "the L3 plateau label is marked as disagreeing");
	ok(strstr(b.data, ">DRAM ") != NULL, "a DRAM plateau label");
	ts_buf_free(&b);
	pl.n = 10;
	ts_plateau_find(bytes, lat, 10, &cs, &r);

	pl.plateaus = NULL;
	pl.title = NULL;
	pl.subtitle = NULL;
	ts_buf_init(&b);
	ts_svg_render(&b, &pl);
	is_int(occurrences(b.data, "<circle class=\"point\""), 10,
	    "without plateaus: still one marker per size");
	is_int(occurrences(b.data, "<line class=\"cache\""), 0,
	    "without plateaus: no hwloc lines");
	ts_buf_free(&b);

	pl.n = 1;
	ts_buf_init(&b);
	ts_svg_render(&b, &pl);
	is_int(occurrences(b.data, "<circle class=\"point\""), 1, "a single point");
	ok(strstr(b.data, "nan") == NULL && strstr(b.data, "inf") == NULL,
	    "a single point gives finite coordinates");
	ts_buf_free(&b);

	pl.n = 0;
	ts_buf_init(&b);
	ts_svg_render(&b, &pl);
	ok(occurrences(b.data, "<circle") == 0 && strstr(b.data, "</svg>") != NULL,
	    "no points: an empty picture");
	ts_buf_free(&b);

	test_two_curves();
	return done_testing();
}
