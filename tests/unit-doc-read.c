/* SPDX-License-Identifier: MIT */
/*
 * lib/doc/doc-read.c: the typed reading rules of ThreadStone 2.0.0
 * section 8.4 on edits of the fixture: types, optional fields, unknown
 * keys, and the fixture's values.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "buf.h"
#include "doc/doc-read.h"
#include "doc/doc-write.h"
#include "doc-fixture.h"
#include "tap.h"
#include "util.h"

/* The typed reading rules of section 8.4, on edits of the fixture. */
static void
test_reader(const char *apple)
{
	static const struct {
		const char *from, *to, *want;
	} bad[] = {
		{ "\"samples\": 9", "\"samples\": 9.0", "floating point" },
		{ "\"samples\": 9", "\"samples\": -1", "invalid value" },
		{ "\"samples\": 9", "\"samples\": 4294967296", "expected u32" },
		{ "\"samples\": 9", "\"samples\": \"9\"", "string" },
		{ "\"logical_cores\": 14,", "", "missing field `logical_cores`" },
		{ "\"os\": \"macos\"", "\"os\": null", "null" },
		{ "\"duration_secs\": 45.710684875", "\"duration_secs\": 1e400",
		  "out of range" },
		{ "\"logical_cores\": 14,", "\"logical_cores\": 14, "
		  "\"logical_cores\": 14,", "duplicate field" },
		{ "\"unit\": \"gflops\"", "\"unit\": \"flops\"",
		  "unknown variant" },
		{ "\"stability\": \"stable\"", "\"stability\": 1",
		  "invalid type" },
		{ "\"debug_assertions\": false", "\"debug_assertions\": 0",
		  "a boolean" },
		{ "\"samples\": [", "\"samples\": [null, ", "null" },
	};
	struct ts_report r;
	struct ts_buf c;
	char err[512], *t;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		t = edit(apple, bad[i].from, bad[i].to);
		ok(parse(t, &r, err, sizeof err) == -1 &&
		    strstr(err, bad[i].want) != NULL, "reader refuses %s (%s)",
		    bad[i].to, err);
		free(t);
	}
	t = edit(apple, "\"cpu_model\": \"Apple M4 Pro\"", "\"cpu_model\": null");
	ok(parse(t, &r, err, sizeof err) == 0 && r.system.cpu_model == NULL,
	    "an optional field may be null");
	ts_report_free(&r);
	free(t);
	t = edit(apple, "Apple M4 Pro", "Apple\\u0000M4");
	ok(parse(t, &r, err, sizeof err) == 0, "U+0000 in a string is read");
	ts_buf_init(&c);
	ts_doc_canonical(&r, &c);
	ok(strstr(c.data, "\"cpu_model\":\"Apple\\u0000M4\"") != NULL,
	    "U+0000 is written back as \\u0000");
	ts_buf_free(&c);
	ts_report_free(&r);
	free(t);
	t = edit(apple, "\"window_ms\": 300\n", "\"window_ms\": 300, "
	    "\"extra\": {\"x\": [1e999, \"\\ud83d\\ude00\"]}, \"extra\": 1\n");
	ok(parse(t, &r, err, sizeof err) == 0 && r.nunknown_keys == 1 &&
	    strcmp(r.unknown_keys[0], "config.extra") == 0,
	    "an unknown key (even duplicated, even out of range) is recorded "
	    "as config.extra (%s)", err);
	ts_report_free(&r);
	free(t);
	t = edit(apple, "\"cycle_hz\": 1000000000.0", "\"cycle_hz\": 1000000000");
	ok(parse(t, &r, err, sizeof err) == 0 &&
	    r.system.timer.cycle_hz == 1e9, "a float field accepts an integer");
	ts_report_free(&r);
	free(t);
	ok(parse(apple, &r, err, sizeof err) == 0, "the fixture parses");
	is_int(r.nworkloads, 6, "six workloads");
	ok(r.workloads[5].multi == NULL && r.workloads[5].unit ==
	    TS_UNIT_NANOSECONDS, "latency has no multi pass, unit ns");
	ok(r.workloads[0].single->window_too_short == false,
	    "window_too_short defaults to false");
	is_u64(r.workloads[0].single->iters_per_thread, 19522628,
	    "iters_per_thread read as an integer");
	ts_report_free(&r);
}

int
main(void)
{
	return fixture_main("apple-m4-pro.json", test_reader);
}
