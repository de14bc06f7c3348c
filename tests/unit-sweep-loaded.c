/* SPDX-License-Identifier: MIT */
/*
 * lib/sweep/sweep-loaded.c and sweep-loaded-out.c: the mixes, the delay
 * schedule and its parser, the point assembly on synthetic counts, the
 * monotony check, the load kernels on small arrays (what they compute,
 * the same whatever the delay), the JSON keys (parsed back with json-c)
 * and the SVG's structure; then one small real run whose load must move
 * bytes.  No bandwidth figure is asserted.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "buf.h"
#include "sweep/sweep-loaded-out.h"
#include "sweep/sweep-loaded.h"
#include "tap.h"

static void
test_mixes(void)
{
	enum ts_load_mix m[TS_MIX_COUNT];
	char err[256];

	is_str(ts_mix_name(TS_MIX_READ), "read", "mix 0 is read");
	is_str(ts_mix_name(TS_MIX_TRIAD), "triad", "mix 1 is triad");
	is_str(ts_mix_name(TS_MIX_COPY), "copy", "mix 2 is copy");
	is_int(ts_mix_bytes(TS_MIX_READ), 8, "read counts 8 bytes");
	is_int(ts_mix_bytes(TS_MIX_TRIAD), 24, "triad counts 24 bytes "
	    "(STREAM's 2 reads + 1 write)");
	is_int(ts_mix_bytes(TS_MIX_COPY), 16, "copy counts 16 bytes");
	is_int(ts_mix_parse("triad"), TS_MIX_TRIAD, "parse triad");
	is_int(ts_mix_parse("Triad"), -1, "names are exact");
	is_int(ts_mix_list("copy,read,copy", m, err, sizeof err), 2,
	    "a list keeps each mix once");
	ok(m[0] == TS_MIX_COPY && m[1] == TS_MIX_READ, "in the order given");
	is_int(ts_mix_list("all", m, err, sizeof err), 3, "all is three");
	is_int(ts_mix_list("read,write", m, err, sizeof err), -1,
	    "an unknown mix is refused");
	ok(strstr(err, "'write'") != NULL && strstr(err, "read, triad, "
	    "copy") != NULL, "naming it and what is accepted: %s", err);
	is_int(ts_mix_list("read,", m, err, sizeof err), -1,
	    "an empty item is refused");
}

static void
test_delays(void)
{
	uint64_t d[TS_LOADED_MAX_DELAYS];
	char err[256];
	size_t n;

	n = ts_loaded_delays(5000, d, TS_LOADED_MAX_DELAYS);
	is_int(n, 13, "the default schedule 0..5000 has 13 delays");
	ok(d[0] == 0 && d[1] == 1 && d[2] == 2 && d[3] == 5 && d[4] == 10 &&
	    d[12] == 5000, "0, 1, 2, 5, 10, ..., 5000");
	is_int(ts_loaded_delays(0, d, 8), 1, "max 0: the peak alone");
	is_int(ts_loaded_delays(UINT64_MAX, d, 8), 8, "capped by the room");
	is_int(ts_loaded_delay_list("100,0,10,100", d, 8, err, sizeof err),
	    3, "a list is sorted, duplicates dropped");
	ok(d[0] == 0 && d[1] == 10 && d[2] == 100, "ascending");
	is_int(ts_loaded_delay_list("10,x", d, 8, err, sizeof err), -1,
	    "a word is refused");
	ok(strstr(err, "0,10,100") != NULL, "with an example: %s", err);
	is_int(ts_loaded_delay_list("-1", d, 8, err, sizeof err), -1,
	    "a negative delay is refused");
	is_int(ts_loaded_delay_list("1,,2", d, 8, err, sizeof err), -1,
	    "an empty item is refused");
	is_int(ts_loaded_delay_list("200000000", d, 8, err, sizeof err), -1,
	    "a delay past the limit is refused");
	is_int(ts_loaded_delay_list("1,2,3", d, 2, err, sizeof err), -1,
	    "more delays than room are refused");
}

static void
test_assemble(void)
{
	struct ts_loaded_raw raw = { 0, 0, 0, 0, 0, 0 };
	struct ts_loaded_point p, c[4];
	size_t rises;

	raw.bytes = UINT64_C(6000000000);
	raw.seconds = 0.5;
	raw.random_hops = 2000000;
	raw.random_s = 0.25;
	raw.local_hops = 5000000;
	raw.local_s = 0.25;
	ts_loaded_assemble(&raw, false, &p);
	ok(fabs(p.bandwidth - 12e9) < 1, "6 GB in 0.5 s is 12 GB/s (%g)",
	    p.bandwidth);
	ok(fabs(p.random_ns - 125) < 1e-9, "0.25 s / 2e6 hops = 125 ns");
	ok(fabs(p.local_ns - 50) < 1e-9, "0.25 s / 5e6 hops = 50 ns");
	ts_loaded_assemble(&raw, true, &p);
	ok(p.bandwidth == 0 && p.idle, "an idle point moves no bytes");
	raw.local_hops = 0;
	ts_loaded_assemble(&raw, false, &p);
	ok(isnan(p.local_ns), "no hop timed: no latency, not 0 or inf");

	memset(c, 0, sizeof c);
	c[0].bandwidth = 20e9;
	c[1].bandwidth = 15e9;
	c[2].bandwidth = 15.5e9;	/* within 5 %: noise */
	c[3].bandwidth = 1e9;
	ok(ts_loaded_monotone(c, 4, 0.05, &rises) && rises == 0,
	    "falling bandwidth (a rise within tolerance) is monotone");
	c[3].bandwidth = 18e9;
	ok(!ts_loaded_monotone(c, 4, 0.05, &rises) && rises == 1,
	    "a clear rise with the delay is not (%zu rise)", rises);
	/* Issue 31's read curve: delays 0, 1, 2, 5. */
	c[0].bandwidth = 19.5e9;
	c[1].bandwidth = 15.1e9;
	c[2].bandwidth = 18.1e9;
	c[3].bandwidth = 17.0e9;
	ok(!ts_loaded_monotone(c, 4, 0.05, &rises) && rises == 1,
	    "15.1 GB/s at delay 1 below 18.1 at delay 2 is a bend");
}

/* Sums of small whole numbers are exact: compare them with ==. */
static bool
same_sums(const struct ts_loaded_sums *x, const double *want)
{
	size_t k;

	for (k = 0; k < TS_LOADED_LINE_ELEMS; k++)
		if (!(x->s[k] == want[k]))
			return false;
	return true;
}

/*
 * The kernels on five lines, a line of NaN after them (read, it would
 * poison a sum) and a line of 42 after the output (written, it would
 * change): each reads and writes its lines and nothing past them, and
 * the delay changes nothing of what they compute.
 */
static void
test_kernels(void)
{
	enum { LINES = 5, LE = TS_LOADED_LINE_ELEMS, N = LINES * LE };
	static _Alignas(64) double a[N + LE], b[N + LE], c[N + LE];
	static const uint64_t delays[] = { 1, 2, 7, 1000 };
	struct ts_loaded_sums s, t;
	double want[LE];
	bool same, clean;
	size_t i, k;

	for (i = 0; i < N; i++) {
		b[i] = (double)(i + 1);
		c[i] = (double)(2 * i);
	}
	for (i = N; i < N + LE; i++)
		b[i] = c[i] = NAN;
	for (k = 0; k < LE; k++)
		for (want[k] = 0, i = k; i < N; i += LE)
			want[k] += b[i];

	memset(&s, 0, sizeof s);
	ts_loaded_read(&s, b, LINES, 0);
	ok(same_sums(&s, want), "read: element k of every line goes to sum "
	    "k, nothing past the lines (sum 0 %g, want %g)", s.s[0], want[0]);
	for (same = true, k = 0; k < sizeof delays / sizeof *delays; k++) {
		memset(&t, 0, sizeof t);
		ts_loaded_read(&t, b, LINES, delays[k]);
		same = same && same_sums(&t, want);
	}
	ok(same, "read: delays 1, 2, 7 and 1000 read the same elements into "
	    "the same sums");
	memset(&t, 0, sizeof t);
	ts_loaded_read(&t, b, 2, 1);
	ts_loaded_read(&t, b + 2 * LE, 3, 1);
	ok(same_sums(&t, want), "read: the sums run on from call to call "
	    "(2 lines, then 3, are the 5 lines' sums)");
	ts_loaded_read(&t, b, 0, 5);
	ok(same_sums(&t, want), "read: no line, no change");

	for (k = 0; k < 2; k++) {
		for (i = 0; i < N + LE; i++)
			a[i] = i < N ? -1 : 42;
		ts_loaded_triad(a, b, c, 3.0, LINES, k == 0 ? 0 : 2);
		for (same = true, i = 0; i < N; i++)
			same = same && a[i] == b[i] + 3.0 * c[i];
		for (clean = true, i = N; i < N + LE; i++)
			clean = clean && a[i] == 42;
		ok(same && clean, "triad, delay %d: a = b + 3c on the lines, "
		    "nothing written past them", k == 0 ? 0 : 2);
		for (i = 0; i < N; i++)
			a[i] = -1;
		ts_loaded_copy(a, b, LINES, k == 0 ? 0 : 3);
		for (same = true, i = 0; i < N; i++)
			same = same && a[i] == b[i];
		for (clean = true, i = N; i < N + LE; i++)
			clean = clean && a[i] == 42;
		ok(same && clean, "copy, delay %d: a = b on the lines, nothing "
		    "written past them", k == 0 ? 0 : 3);
	}
}

/* A report with two curves of three points and a 2-node matrix. */
static void
fill_report(struct ts_loaded_report *r, unsigned *os, double *lat,
    double *rnd, double *bw)
{
	size_t k, i;

	memset(r, 0, sizeof *r);
	r->chase_bytes = 256u << 20;
	r->chase_page_bytes = 4096;
	r->load_bytes = 192u << 20;
	r->load_threads = 1;
	r->bound = true;
	r->window_s = 0.2;
	r->idle.random_ns = 140;
	r->idle.local_ns = 52;
	r->idle.seconds = 0.4;
	r->idle.idle = true;
	r->ncurves = 2;
	for (k = 0; k < 2; k++) {
		r->curve[k].mix = k ? TS_MIX_TRIAD : TS_MIX_READ;
		r->curve[k].n = 3;
		for (i = 0; i < 3; i++) {
			struct ts_loaded_point *p = &r->curve[k].points[i];

			p->delay = i * 100;
			p->bandwidth = (20.0 - 8.0 * (double)i) * 1e9;
			p->random_ns = 200 - 20 * (double)i;
			p->local_ns = 90 - 15 * (double)i;
			p->seconds = 0.4;
		}
	}
	r->nnodes = 2;
	r->node_os = os;
	r->numa_latency_ns = lat;
	r->numa_random_ns = rnd;
	r->numa_bandwidth = bw;
}

static void
test_json(void)
{
	unsigned os[2] = { 0, 1 };
	double lat[4] = { 80, 130, 131, NAN }, rnd[4] = { 100, 150, 150, 99 };
	double bw[4] = { 30e9, 12e9, 11e9, 29e9 };
	struct ts_loaded_report r;
	struct json_object *o, *v, *c, *p;
	struct ts_buf b;

	fill_report(&r, os, lat, rnd, bw);
	ts_buf_init(&b);
	ts_loaded_json(&b, &r);
	o = json_tokener_parse(b.data);
	if (!ok(o != NULL, "the JSON parses")) {
		ts_buf_free(&b);
		return;
	}
	ok(json_object_object_get_ex(o, "mode", &v) &&
	    strcmp(json_object_get_string(v), "loaded") == 0,
	    "mode is loaded");
	ok(json_object_object_get_ex(o, "chase_bytes", &v) &&
	    json_object_get_int64(v) == 256 << 20, "chase_bytes");
	ok(json_object_object_get_ex(o, "idle", &v) &&
	    json_object_object_get_ex(v, "page_local_ns", &p) &&
	    json_object_get_double(p) == 52, "idle.page_local_ns");
	ok(json_object_object_get_ex(o, "curves", &c) &&
	    json_object_array_length(c) == 2, "two curves");
	v = json_object_array_get_idx(c, 1);
	ok(json_object_object_get_ex(v, "mix", &p) &&
	    strcmp(json_object_get_string(p), "triad") == 0 &&
	    json_object_object_get_ex(v, "bytes_per_element", &p) &&
	    json_object_get_int(p) == 24, "curve 2 is triad, 24 bytes");
	ok(json_object_object_get_ex(v, "peak_gbs", &p) &&
	    fabs(json_object_get_double(p) - 20) < 1e-9, "its peak 20 GB/s");
	ok(json_object_object_get_ex(v, "monotone", &p) &&
	    json_object_get_boolean(p), "and monotone");
	ok(json_object_object_get_ex(v, "points", &p) &&
	    json_object_array_length(p) == 3, "three points");
	p = json_object_array_get_idx(p, 2);
	ok(json_object_object_get_ex(p, "delay", &v) &&
	    json_object_get_int(v) == 200 &&
	    json_object_object_get_ex(p, "bandwidth_gbs", &v) &&
	    fabs(json_object_get_double(v) - 4) < 1e-9,
	    "point 3: delay 200, 4 GB/s");
	ok(json_object_object_get_ex(o, "numa", &v) &&
	    json_object_object_get_ex(v, "latency_ns", &p) &&
	    json_object_array_length(p) == 2 &&
	    json_object_get_type(json_object_array_get_idx(
	    json_object_array_get_idx(p, 1), 1)) == json_type_null,
	    "the NUMA matrix is 2x2, an unmeasured cell null");
	json_object_put(o);
	ts_buf_free(&b);
}

static void
test_svg_table(void)
{
	unsigned os[2] = { 0, 1 };
	double lat[4] = { 80, 130, 131, 81 }, rnd[4] = { 100, 150, 150, 99 };
	double bw[4] = { 30e9, 12e9, 11e9, 29e9 };
	struct ts_loaded_report r;
	struct ts_buf b;

	fill_report(&r, os, lat, rnd, bw);
	ts_buf_init(&b);
	ts_loaded_svg(&b, &r);
	ok(strncmp(b.data, "<?xml", 5) == 0 && strstr(b.data, "</svg>\n")
	    != NULL, "a whole SVG document");
	is_int(occurrences(b.data, "<polyline class=\"page-local"), 2,
	    "a page-local curve per mix");
	is_int(occurrences(b.data, "<polyline class=\"random"), 2,
	    "and a random one");
	is_int(occurrences(b.data, "<circle class=\"point"), 6,
	    "a marker per point");
	is_int(occurrences(b.data, "class=\"idle\""), 1, "the idle latency marked");
	is_int(occurrences(b.data, "class=\"peak\""), 1, "the peak marked");
	ok(strstr(b.data, "peak 20.00 GB/s") != NULL, "peak labelled");
	ts_buf_free(&b);
	ts_buf_init(&b);
	ts_loaded_table(&b, &r);
	ts_buf_add(&b, "", 1);
	ok(strstr(b.data, "Idle: random chase 140.0 ns, page-local chase "
	    "52.0 ns") != NULL, "the table's idle line");
	ok(strstr(b.data, "NUMA: 2 nodes") != NULL, "and its matrix");
	ts_buf_free(&b);
}

/* A short real run: the load moves bytes, the chase reads. */
static void
test_run(void)
{
	struct ts_loaded_cfg cfg;
	struct ts_loaded_point idle, busy;
	struct ts_loaded *L;
	unsigned bound;
	char err[256];
	int rc;

	memset(&cfg, 0, sizeof cfg);
	cfg.chase_bytes = 4u << 20;
	cfg.load_bytes = 6u << 20;
	cfg.load_threads = 1;
	cfg.window_s = 0.02;
	L = ts_loaded_open(&cfg, &bound, err, sizeof err);
	if (!ok(L != NULL, "a small run opens")) {
		diag("%s", err);
		return;
	}
	ok(ts_loaded_point(L, TS_MIX_READ, 0, true, &idle, err, sizeof err)
	    == 0 && idle.bandwidth == 0 && idle.local_ns > 0 &&
	    idle.random_ns > 0, "the idle point reads the chase only");
	/* Each point measured before its ok(): the figure in the message
	 * must be this point's, whatever the order arguments are read in. */
	rc = ts_loaded_point(L, TS_MIX_TRIAD, 0, false, &busy, err,
	    sizeof err);
	ok(rc == 0 && busy.bandwidth > 0 && busy.local_ns > 0,
	    "a loaded point moves bytes (%.2f GB/s)", busy.bandwidth / 1e9);
	rc = ts_loaded_point(L, TS_MIX_COPY, 1000, false, &busy, err,
	    sizeof err);
	ok(rc == 0 && busy.bandwidth > 0, "and with a delay (%.3f GB/s)",
	    busy.bandwidth / 1e9);
	rc = ts_loaded_point(L, TS_MIX_READ, 1, false, &busy, err,
	    sizeof err);
	ok(rc == 0 && busy.bandwidth > 0,
	    "the read at delay 1 moves bytes (%.2f GB/s)",
	    busy.bandwidth / 1e9);
	ts_loaded_close(L);
}

int
main(void)
{
	test_mixes();
	test_delays();
	test_assemble();
	test_kernels();
	test_json();
	test_svg_table();
	test_run();
	return done_testing();
}
