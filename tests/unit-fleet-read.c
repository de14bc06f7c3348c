/* SPDX-License-Identifier: MIT */
/*
 * lib/fleet/fleet-read.c: records from JSON Lines (dotted keys into
 * nested objects) and from CSV (header, RFC 4180 quoting), bad lines
 * reported by name and line with reading going on, a header without the
 * keys stopping it, and records written back as JSON with a value added.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "fleet/fleet-read.h"
#include "tap.h"
#include "util.h"

static const struct ts_reckeys keys = { "t", "run.score", "host" };
static const struct ts_reckeys csvkeys = { "t", "score", "host" };

/* Open text as a stream of records. */
static struct ts_recin *
open_text(const char *text, enum ts_recfmt fmt, const struct ts_reckeys *k,
    FILE **f)
{
	*f = fmemopen((void *)text, strlen(text), "r");
	return ts_fleet_read_open(*f, "in.jsonl", fmt, k);
}

static void
test_jsonl(void)
{
	static const char text[] =
	    "{\"host\": \"a\", \"t\": 1, \"run\": {\"score\": 2.5}}\n"
	    "\n"
	    "{\"host\": \"b\", \"t\": 2}\n"
	    "{\"host\": \"c\", \"t\": 3, \"run\": {\"score\": -1}}\n"
	    "not json\n"
	    "{\"host\": 7, \"t\": 4.5, \"run\": {\"score\": 1e3}}\n";
	struct ts_recin *in;
	struct ts_rec rec;
	struct ts_buf b;
	char err[256];
	FILE *f;

	in = open_text(text, TS_RECFMT_AUTO, &keys, &f);
	ok(ts_fleet_read_next(in, &rec, err, sizeof err) == 1 &&
	    strcmp(rec.host, "a") == 0 && rec.t == 1 && rec.s == 2.5 &&
	    rec.line == 1 && rec.fmt == TS_RECFMT_JSONL,
	    "JSON Lines detected; a dotted key reaches into an object");
	ts_buf_init(&b);
	ts_fleet_read_json_with(in, &rec, &b, "z", 0.5);
	is_str(b.data, "{\"host\": \"a\", \"t\": 1, \"run\": {\"score\": 2.5},"
	    "\"z\":0.5}\n", "written back with the value added last");
	ts_buf_free(&b);
	ok(ts_fleet_read_next(in, &rec, err, sizeof err) == -1 &&
	    strcmp(err, "in.jsonl:3: no key 'run.score'") == 0,
	    "a missing key: named with its line, blank lines counted (%s)",
	    err);
	ok(ts_fleet_read_next(in, &rec, err, sizeof err) == -1 &&
	    strstr(err, "in.jsonl:4: ") == err &&
	    strstr(err, "not positive") != NULL, "a negative score (%s)", err);
	ok(ts_fleet_read_next(in, &rec, err, sizeof err) == -1 &&
	    strstr(err, "in.jsonl:5: ") == err, "not JSON (%s)", err);
	ok(ts_fleet_read_next(in, &rec, err, sizeof err) == 1 &&
	    strcmp(rec.host, "7") == 0 && rec.t == 4.5 && rec.s == 1000 &&
	    rec.line == 6, "reading goes on; an integer host is its digits");
	ok(ts_fleet_read_next(in, &rec, err, sizeof err) == 0, "then the end");
	ts_fleet_read_close(in);
	fclose(f);
}

static void
test_csv(void)
{
	static const char text[] = "host,t,score,note\n"
	    "a,1,2,plain\n"
	    "\"b, inc\",2,3.5,\"say \"\"hi\"\"\"\n"
	    "c,3\n"
	    "\"d,4,1,x\n";
	static const char nokey[] = "host,time,score\na,1,2\n";
	struct ts_recin *in;
	struct ts_rec rec;
	struct ts_buf b;
	char err[256];
	FILE *f;

	in = open_text(text, TS_RECFMT_AUTO, &csvkeys, &f);
	ok(ts_fleet_read_next(in, &rec, err, sizeof err) == 1 &&
	    strcmp(rec.host, "a") == 0 && rec.t == 1 && rec.s == 2 &&
	    rec.line == 2 && rec.fmt == TS_RECFMT_CSV,
	    "CSV detected; columns by the header");
	ok(ts_fleet_read_next(in, &rec, err, sizeof err) == 1 &&
	    strcmp(rec.host, "b, inc") == 0 && rec.s == 3.5,
	    "a quoted field keeps its comma");
	ts_buf_init(&b);
	ts_fleet_read_json_with(in, &rec, &b, "z", 2);
	is_str(b.data, "{\"host\":\"b, inc\",\"t\":2,\"score\":3.5,"
	    "\"note\":\"say \\\"hi\\\"\",\"z\":2}\n",
	    "a row as JSON: numbers as numbers, doubled quotes undone");
	ts_buf_free(&b);
	ok(ts_fleet_read_next(in, &rec, err, sizeof err) == -1 &&
	    strstr(err, "in.jsonl:4: 2 fields where the header has 4") == err,
	    "a short row (%s)", err);
	ok(ts_fleet_read_next(in, &rec, err, sizeof err) == -1 &&
	    strstr(err, "unterminated") != NULL, "an open quote (%s)", err);
	ok(ts_fleet_read_next(in, &rec, err, sizeof err) == 0, "then the end");
	ts_fleet_read_close(in);
	fclose(f);

	in = open_text(nokey, TS_RECFMT_CSV, &csvkeys, &f);
	ok(ts_fleet_read_next(in, &rec, err, sizeof err) == -2 &&
	    strstr(err, "in.jsonl:1: the CSV header has no column") == err,
	    "a header without a key stops the reading (%s)", err);
	ts_fleet_read_close(in);
	fclose(f);
}

int
main(void)
{
	test_jsonl();
	test_csv();
	return done_testing();
}
