/* SPDX-License-Identifier: MIT */
/*
 * lib/sweep/sweep.c: the size list, size parsing, the original's table and JSON
 * byte for byte (published vectors), our extra keys and columns, the two
 * chases in one buffer, and a tiny real measurement.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "mem/mem-chase.h"
#include "sweep/sweep.h"
#include "host/host-sysinfo.h"
#include "tap.h"

#define MiB	(UINT64_C(1) << 20)

/* Read tests/fixtures/NAME into b; 0 or -1 (with a diagnostic). */
static int
fixture(const char *name, struct ts_buf *b)
{
	char path[4096], err[512];
	const char *srcdir = getenv("top_srcdir");

	snprintf(path, sizeof path, "%s/tests/fixtures/%s",
	    srcdir ? srcdir : ".", name);
	/* ts_read_file initialises b itself. */
	if (ts_read_file(path, 1 << 20, b, err, sizeof err) != 0) {
		diag("%s", err);
		ts_buf_init(b);
		return -1;
	}
	return 0;
}

/* Sizes and their bounds. */
static void
test_sizes(void)
{
	uint64_t s[TS_SWEEP_MAX_SIZES];
	size_t n, i;
	int good = 1;

	n = ts_sweep_sizes(TS_SWEEP_ORIG_MAX, s, TS_SWEEP_MAX_SIZES);
	is_int(n, 17, "4 KiB to 256 MiB is the original's 17 sizes");
	for (i = 0; i < n; i++)
		good &= s[i] == (UINT64_C(4096) << i);
	ok(good, "sizes double from 4 KiB");
	is_int(ts_sweep_sizes(MiB, s, TS_SWEEP_MAX_SIZES), 9,
	    "up to 1 MiB: 9 sizes");
	is_int(ts_sweep_sizes(3 * MiB, s, TS_SWEEP_MAX_SIZES), 10,
	    "up to 3 MiB stops at 2 MiB");
	is_u64(s[9], 2 * MiB, "... whose last size is 2 MiB");
	is_int(ts_sweep_sizes(4095, s, TS_SWEEP_MAX_SIZES), 0,
	    "below 4 KiB: no sizes");
	is_int(ts_sweep_sizes(UINT64_MAX, s, TS_SWEEP_MAX_SIZES), 52,
	    "up to 2^63 without overflow");
	is_int(ts_sweep_sizes(UINT64_MAX, s, 5), 5, "capacity respected");

	is_u64(ts_sweep_footprint(64 * MiB), 72 * MiB,
	    "footprint: buffer plus an eighth for the order array");
	is_u64(ts_sweep_footprint(0), 144, "footprint of the 2-node minimum");
	is_u64(ts_sweep_default_max(32 * MiB, 0), 256 * MiB,
	    "32 MiB LLC: the original's 256 MiB");
	is_u64(ts_sweep_default_max(503316480, 0),
	    sizeof(size_t) > 4 ? 2048 * MiB : 1024 * MiB,
	    "480 MiB LLC: 2 GiB, at least 4 x LLC (1 GiB on 32 bits)");
	is_u64(ts_sweep_default_max(64 * MiB, 0), 256 * MiB,
	    "64 MiB LLC: exactly 4 x LLC");
	is_u64(ts_sweep_default_max(0, 0), 256 * MiB, "no LLC known");
	is_u64(ts_sweep_default_max(503316480, 100 * MiB), 32 * MiB,
	    "100 MiB available: footprint within half of it");
	/* One mapping holds less than 2 GiB on 32 bits. */
	is_u64(ts_sweep_default_max(503316480, 24 * 1024 * MiB),
	    sizeof(size_t) > 4 ? 2048 * MiB : 1024 * MiB,
	    "24 GiB available: 2 GiB fits (1 GiB on 32 bits)");
	is_u64(ts_sweep_default_max(UINT64_MAX / 2, 0),
	    sizeof(size_t) > 4 ? UINT64_C(1) << 62 : 1024 * MiB,
	    "huge LLC: no overflow, and one mapping can hold it");
	ok(ts_mem_room() > 0, "this host reports available memory");
}

/* Size options. */
static void
test_parse_size(void)
{
	static const struct {
		const char *s;
		uint64_t v;
	} good[] = {
		{ "4096", 4096 }, { "64M", 64 * MiB }, { "1G", 1024 * MiB },
		{ "1g", 1024 * MiB }, { "64MiB", 64 * MiB }, { "64mib", 64 * MiB },
		{ "8KB", 8192 }, { "8k", 8192 }, { "2T", UINT64_C(2) << 40 },
		{ "0", 0 },
	};
	static const char *const bad[] = { "", "M", "1.5M", "-1", "+1", "1X",
	    " 1M", "1M ", "1 M", "1MB2", "1Mi", "99999999999999999999",
	    "16777216T", "0x10", "1e6", "1P" };
	uint64_t v;
	size_t i;

	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		v = 1;
		if (ok(ts_parse_size(good[i].s, &v) == 0, "'%s' parses",
		    good[i].s) && v != good[i].v)
			ok(0, "'%s' is %llu, got %llu", good[i].s,
			    (unsigned long long)good[i].v,
			    (unsigned long long)v);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		v = 7;
		ok(ts_parse_size(bad[i], &v) == -1 && v == 7,
		    "'%s' is refused", bad[i]);
	}
	ok(ts_parse_size("16777215T", &v) == 0 &&
	    v == UINT64_C(16777215) << 40, "largest T value that fits");
}

/* The human sizes of the original's table. */
static void
test_human(void)
{
	char b[32];

	ts_size_format((double)512, TS_SIZE_WHOLE, b, sizeof b);
	is_str(b, "512 B", "512 B");
	ts_size_format((double)4096, TS_SIZE_WHOLE, b, sizeof b);
	is_str(b, "4 KiB", "4 KiB");
	ts_size_format((double)MiB, TS_SIZE_WHOLE, b, sizeof b);
	is_str(b, "1 MiB", "1 MiB");
	ts_size_format((double)(256 * MiB), TS_SIZE_WHOLE, b, sizeof b);
	is_str(b, "256 MiB", "256 MiB");
	ts_size_format((double)(2048 * MiB), TS_SIZE_WHOLE, b, sizeof b);
	is_str(b, "2 GiB", "2 GiB");
	ts_size_format((double)(UINT64_C(1) << 42), TS_SIZE_WHOLE, b, sizeof b);
	is_str(b, "4096 GiB", "GiB is the largest unit");
	ts_size_format(1.5 * (double)MiB, TS_SIZE_SHORT, b, sizeof b);
	is_str(b, "1.5 MiB", "short: three significant digits");
	ts_size_format((double)(UINT64_C(1) << 42), TS_SIZE_SHORT, b, sizeof b);
	is_str(b, "4 TiB", "short: TiB is the largest unit");
	ts_size_format(1000.0, TS_SIZE_SHORT, b, sizeof b);
	is_str(b, "1000 B", "short: four-digit values are not in e-notation");
	ts_size_format(1023.0 * 1024, TS_SIZE_SHORT, b, sizeof b);
	is_str(b, "1023 KiB", "short: 1023 KiB");
}

/* The table against the spec's example, and the JSON against the M4 file. */
static void
test_outputs(void)
{
	static const double lat[17] = { 1.5, 1.5, 1.5, 1.5, 6.5, 5.1, 4.8,
	    5.4, 6.5, 23.7, 58.4, 79.5, 154.6, 192.5, 242.3, 222.6, 314.9 };
	struct ts_sweep_point p[17];
	const char *names[17];
	struct ts_buf want, got;
	const char *q;
	size_t i, n;
	unsigned long long by;

	memset(p, 0, sizeof p);
	for (i = 0; i < 17; i++) {
		p[i].bytes = UINT64_C(4096) << i;
		p[i].latency_ns = lat[i];
		p[i].page_local_ns = lat[i] / 2;
		p[i].page_bytes = 4096;
		names[i] = i < 4 ? "L1d" : "L\"2\\";
	}
	if (fixture("example-sweep-table.txt", &want) == 0) {
		ts_buf_init(&got);
		ts_sweep_table(&got, p, 17, NULL);
		is_str(got.data, want.data, "table is the spec's example, "
		    "byte for byte");
		ts_buf_free(&got);
	}
	ts_buf_free(&want);
	ts_buf_init(&got);
	ts_sweep_table(&got, p, 2, names);
	is_str(got.data, " working set     latency  page-local  level\n"
	    "       4 KiB      1.5 ns      0.8 ns  L1d\n"
	    "       8 KiB      1.5 ns      0.8 ns  L1d\n\n"
	    "Plateaus mark cache levels; each step up is a level boundary.\n"
	    "Levels are named from the page-local latency, which leaves page "
	    "walks out.\n", "table with page-local and level columns");
	ts_buf_free(&got);

	if (fixture("apple-m4-pro-sweep.json", &want) == 0) {
		/* Take the points from the file, then write them again. */
		for (n = 0, q = want.data; n < 17 &&
		    (q = strstr(q, "\"bytes\": ")) != NULL; n++) {
			sscanf(q, "\"bytes\": %llu", &by);
			p[n].bytes = by;
			q = strstr(q, "\"latency_ns\": ") + 14;
			p[n].latency_ns = strtod(q, NULL);
		}
		is_int(n, 17, "the M4 fixture has 17 points");
		ts_buf_init(&got);
		ts_sweep_json(&got, p, n, NULL);
		is_str(got.data, want.data, "JSON is the original's, byte for "
		    "byte (no trailing newline)");
		ts_buf_free(&got);
	}
	ts_buf_free(&want);

	ts_buf_init(&got);
	p[0].latency_ns = 1.5;
	p[0].page_local_ns = 1.25;
	p[0].page_bytes = 2097152;
	p[1].page_local_ns = 0.9;
	ts_sweep_json(&got, p, 2, names);
	is_str(got.data, "[\n  {\n    \"bytes\": 4096,\n"
	    "    \"latency_ns\": 1.5,\n    \"page_local_ns\": 1.25,\n"
	    "    \"page_bytes\": 2097152,\n"
	    "    \"level\": \"L1d\"\n  },\n  {\n    \"bytes\": 8192,\n"
	    "    \"latency_ns\": 1.0035148188471794,\n"
	    "    \"page_local_ns\": 0.9,\n"
	    "    \"page_bytes\": 4096,\n    \"level\": \"L1d\"\n  }\n]",
	    "JSON: the original two keys, then page_local_ns, page_bytes, "
	    "level");
	ts_buf_free(&got);
	ts_buf_init(&got);
	names[0] = "L\"2\\\n";
	ts_sweep_json(&got, p, 1, names);
	ok(strstr(got.data, "\"level\": \"L\\\"2\\\\\\n\"") != NULL,
	    "level strings are escaped");
	ts_buf_free(&got);
	ts_buf_init(&got);
	ts_sweep_json(&got, p, 0, names);
	is_str(got.data, "[]", "no points: []");
	ts_buf_free(&got);

	/* The page walks' line: where memory begins and at the top. */
	for (i = 0; i < 3; i++) {
		p[i].bytes = (UINT64_C(8) << 20) << i;
		p[i].latency_ns = 100.0 + 50 * (double)i;
		p[i].page_local_ns = 40;
	}
	ts_buf_init(&got);
	ts_sweep_walks(&got, p, 3, 1);
	is_str(got.data, "Page walks (latency less page-local, not a cache "
	    "level): 110.0 ns at 16 MiB, where memory begins, 160.0 ns at "
	    "32 MiB.\n", "page walks where memory begins and at the top");
	ts_buf_free(&got);
	ts_buf_init(&got);
	ts_sweep_walks(&got, p, 3, 3);
	is_str(got.data, "Page walks (latency less page-local, not a cache "
	    "level): 160.0 ns at 32 MiB.\n", "page walks at the top alone");
	n = got.len;
	ts_sweep_walks(&got, p, 0, 0);
	is_int(got.len, n, "no points: no page walks' line");
	ts_buf_free(&got);
}

/* Follow a cycle through `word` from start; 0 if it is one lap of all. */
static int
whole_lap(const uint64_t *w, uint64_t nodes, unsigned word, uint64_t start)
{
	unsigned char *seen = calloc(nodes, 1);
	uint64_t p = start, k;
	int bad = seen == NULL;

	for (k = 0; !bad && k < nodes; k++) {
		if (p % 8 != word || p / 8 >= nodes || seen[p / 8])
			bad = 1;
		else
			seen[p / 8] = 1;
		p = w[p];
	}
	free(seen);
	return bad || p != start;
}

/* Both chases in one buffer; the original's is left as it was. */
static void
test_local_chase(void)
{
	struct ts_chase c, d;
	uint64_t start, again, k, pages = 0, prev;
	int same = 1;

	if (ts_chase_init(&c, 64 * 1024 + 4096, TS_SWEEP_SEED, false) != 0 ||
	    ts_chase_init(&d, 64 * 1024 + 4096, TS_SWEEP_SEED, false) != 0) {
		ok(0, "two chases");
		return;
	}
	is_int(ts_sweep_link_local(&c, TS_SWEEP_LOCAL_SEED, &start), 0,
	    "page-local chase linked");
	ok(whole_lap(c.words, c.nodes, TS_SWEEP_LOCAL_WORD, start) == 0,
	    "page-local: one lap through word 1 of every node");
	ok(whole_lap(c.words, c.nodes, 0, c.cursor) == 0,
	    "random chase: still one lap through word 0");
	for (k = 0; k < c.nodes; k++)
		same &= c.words[k * 8] == d.words[k * 8];
	ok(same && c.cursor == d.cursor, "random chase: the same links as "
	    "without the page-local one (the original's order)");
	for (k = 0, prev = start; k < c.nodes; k++, prev = c.words[prev])
		pages += c.words[prev] / 512 != prev / 512;
	is_u64(pages, 17, "page-local: a page is left only after all of its "
	    "lines (17 groups, 17 changes in a lap)");
	ts_sweep_link_local(&d, TS_SWEEP_LOCAL_SEED, &again);
	is_u64(again, start, "page-local: the same order from the same seed");
	ts_chase_free(&c);
	ts_chase_free(&d);
}

/* Count progress calls, checking their arguments. */
static void
progress(void *arg, size_t i, size_t n, uint64_t bytes)
{
	int *calls = arg;

	if (n == 2 && i == (size_t)*calls && bytes == (UINT64_C(4096) << i))
		(*calls)++;
}

/* A tiny real sweep: shapes and counts, never timings. */
static void
test_measure(void)
{
	uint64_t sizes[3] = { 4096, 8192, 16384 }, hops, fail = 0;
	int calls = 0;
	struct ts_sweep_point p[3];
	struct ts_chase c;
	double ns;
	size_t i;
	int good = 1;

	if (ts_chase_init(&c, 4096, TS_SWEEP_SEED, false) != 0) {
		ok(0, "4 KiB chase");
		return;
	}
	ns = ts_sweep_time(&c, 0, &hops);
	is_u64(hops, 1024, "--min-ms 0 takes the first 1024-hop reading");
	ok(ns > 0, "a latency above zero");
	ns = ts_sweep_time(&c, 1, &hops);
	ok(hops >= 1024 && (hops & (hops - 1)) == 0 && ns > 0,
	    "--min-ms 1: hops are 1024 x a power of 4");
	ts_chase_free(&c);

	is_int(ts_sweep_run(sizes, 3, 0, 1, false, p, NULL, NULL, &fail), 0,
	    "three sizes measured");
	for (i = 0; i < 3; i++)
		good &= p[i].bytes == sizes[i] && p[i].latency_ns > 0 &&
		    p[i].page_bytes == (uint64_t)sysconf(_SC_PAGESIZE);
	ok(good, "each point has its size, a latency and the base page size");
	for (good = 1, i = 0; i < 3; i++)
		good &= p[i].page_local_ns > 0 && p[i].local_hops == 1024;
	ok(good, "each point has a page-local latency too");
	is_int(ts_sweep_run(sizes, 2, 0, 3, false, p, progress, &calls,
	    &fail), 0, "best of three readings");
	ok(p[0].latency_ns > 0 && p[1].hops == 1024 && calls == 2,
	    "best of three: a reading per size, progress called per size");
	ok(p[0].page_local_ns > 0 && p[1].local_hops == 1024,
	    "best of three: page-local readings too");
}

int
main(void)
{
	test_sizes();
	test_parse_size();
	test_human();
	test_outputs();
	test_local_chase();
	test_measure();
	return done_testing();
}
