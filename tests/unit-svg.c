/* SPDX-License-Identifier: MIT */
/*
 * lib/svg.c: escaping, one marker per point, hwloc's lines only where
 * they fall on the axis, and hostile text kept out of the markup.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "plateau.h"
#include "svg.h"
#include "tap.h"
#include "util.h"

/* Occurrences of needle in hay. */
static int
count(const char *hay, const char *needle)
{
	int n = 0;

	while ((hay = strstr(hay, needle)) != NULL) {
		n++;
		hay += strlen(needle);
	}
	return n;
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
	is_int(count(b.data, "<circle class=\"point\""), 10,
	    "one marker per size");
	is_int(count(b.data, "<title>"), 10, "one tooltip per size");
	is_int(count(b.data, "<line class=\"cache\""), 2,
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
	is_int(count(b.data, "<text") - count(b.data, "</text>"), 0,
	    "every text element is closed");
	ts_buf_free(&b);

	/* The whole curve to 64 MiB: L3 disagrees with hwloc. */
	ts_plateau_find(bytes, lat, 15, &cs, &r);
	pl.n = 15;
	ts_buf_init(&b);
	ts_svg_render(&b, &pl);
	is_int(count(b.data, "<line class=\"cache\""), 3,
	    "to 64 MiB: all three hwloc lines");
	ok(strstr(b.data, "class=\"note\" font-size=\"13\" fill=\"#b00020\">"
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
	is_int(count(b.data, "<circle class=\"point\""), 10,
	    "without plateaus: still one marker per size");
	is_int(count(b.data, "<line class=\"cache\""), 0,
	    "without plateaus: no hwloc lines");
	ts_buf_free(&b);

	pl.n = 1;
	ts_buf_init(&b);
	ts_svg_render(&b, &pl);
	is_int(count(b.data, "<circle class=\"point\""), 1, "a single point");
	ok(strstr(b.data, "nan") == NULL && strstr(b.data, "inf") == NULL,
	    "a single point gives finite coordinates");
	ts_buf_free(&b);

	pl.n = 0;
	ts_buf_init(&b);
	ts_svg_render(&b, &pl);
	ok(count(b.data, "<circle") == 0 && strstr(b.data, "</svg>") != NULL,
	    "no points: an empty picture");
	ts_buf_free(&b);
	return done_testing();
}
