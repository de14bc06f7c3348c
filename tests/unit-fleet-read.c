/* SPDX-License-Identifier: MIT */
/*
 * lib/fleet/fleet-read.c: records from JSON Lines (dotted keys into
 * nested objects) and from CSV (header, RFC 4180 quoting), bad lines
 * reported by name and line with reading going on, a header without the
 * keys stopping it, and records written back as JSON with a value added;
 * the Prometheus text format; values that are not finite (NaN, +Inf,
 * -Inf, 1e999) refused by every format in the same words, at the line of
 * the sample at fault, and reading going on after them.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
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

/* A stream of records being read, with the last one and its error. */
struct reading {
	struct ts_recin	*in;
	struct ts_rec	 rec;
	char		 err[256];
	FILE		*f;
};

static void
open_reading(struct reading *r, const char *text, enum ts_recfmt fmt,
    const struct ts_reckeys *k)
{
	r->in = open_text(text, fmt, k, &r->f);
}

/* ts_fleet_read_next's return for the next record. */
static int
next_rec(struct reading *r)
{
	return ts_fleet_read_next(r->in, &r->rec, r->err, sizeof r->err);
}

static void
close_reading(struct reading *r)
{
	ts_fleet_read_close(r->in);
	fclose(r->f);
}

/* The last record as JSON with "z" set to z added, checked as want. */
static void
is_json_with(struct reading *r, double z, const char *want,
    const char *name)
{
	struct ts_buf b;

	ts_buf_init(&b);
	ts_fleet_read_json_with(r->in, &r->rec, &b, "z", z);
	is_str(b.data, want, name);
	ts_buf_free(&b);
}

/* The next record read is host's, with t and s, from that line. */
static bool
next_is(struct reading *r, const char *host, double t, double s,
    uint64_t line)
{
	return next_rec(r) == 1 && strcmp(r->rec.host, host) == 0 &&
	    r->rec.t == t && r->rec.s == s && r->rec.line == line;
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
	struct reading r;

	open_reading(&r, text, TS_RECFMT_AUTO, &keys);
	ok(next_is(&r, "a", 1, 2.5, 1) && r.rec.fmt == TS_RECFMT_JSONL,
	    "JSON Lines detected; a dotted key reaches into an object");
	is_json_with(&r, 0.5, "{\"host\": \"a\", \"t\": 1, \"run\": "
	    "{\"score\": 2.5},\"z\":0.5}\n", "written back with the value added last");
	ok(next_rec(&r) == -1 && strcmp(r.err, "in.jsonl:3: no key "
	    "'run.score'") == 0,
	    "a missing key: named with its line, blank lines counted (%s)",
	    r.err);
	ok(next_rec(&r) == -1 && strstr(r.err, "in.jsonl:4: ") == r.err &&
	    strstr(r.err, "not positive") != NULL, "a negative score (%s)",
	    r.err);
	ok(next_rec(&r) == -1 && strstr(r.err, "in.jsonl:5: ") == r.err,
	    "not JSON (%s)", r.err);
	ok(next_is(&r, "7", 4.5, 1000, 6),
	    "reading goes on; an integer host is its digits");
	ok(next_rec(&r) == 0, "then the end");
	close_reading(&r);
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
	struct reading r;

	open_reading(&r, text, TS_RECFMT_AUTO, &csvkeys);
	ok(next_is(&r, "a", 1, 2, 2) && r.rec.fmt == TS_RECFMT_CSV,
	    "CSV detected; columns by the header");
	ok(next_rec(&r) == 1 && strcmp(r.rec.host, "b, inc") == 0 &&
	    r.rec.s == 3.5,
	    "a quoted field keeps its comma");
	is_json_with(&r, 2, "{\"host\":\"b, inc\",\"t\":2,\"score\":3.5,"
	    "\"note\":\"say \\\"hi\\\"\",\"z\":2}\n",
	    "a row as JSON: numbers as numbers, doubled quotes undone");
	ok(next_rec(&r) == -1 && strstr(r.err, "in.jsonl:4: 2 fields where "
	    "the header has 4") == r.err, "a short row (%s)", r.err);
	ok(next_rec(&r) == -1 && strstr(r.err, "unterminated") != NULL,
	    "an open quote (%s)", r.err);
	ok(next_rec(&r) == 0, "then the end");
	close_reading(&r);

	open_reading(&r, nokey, TS_RECFMT_CSV, &csvkeys);
	ok(next_rec(&r) == -2 && strstr(r.err, "in.jsonl:1: the CSV header "
	    "has no column") == r.err,
	    "a header without a key stops the reading (%s)", r.err);
	close_reading(&r);
}

/* Read every record of text; each refusal's message into errs. */
static int
read_all(const char *text, enum ts_recfmt fmt, const struct ts_reckeys *k,
    char errs[][256], int *nerr)
{
	struct reading r;
	int rc, good = 0, n = 0;

	*nerr = 0;
	open_reading(&r, text, fmt, k);
	while ((rc = next_rec(&r)) != 0 && rc != -2 && n++ < 100) {
		if (rc == 1)
			good++;
		else if (*nerr < 16)
			snprintf(errs[(*nerr)++], 256, "%s", r.err);
	}
	close_reading(&r);
	return rc == -2 ? -1 : good;
}

/* Each of read_all's n refusals is want[i][0], checked as want[i][1]. */
static void
is_refusals(char errs[][256], int nerr, const char *const want[][2],
    int n)
{
	int i;

	if (nerr != n)
		return;
	for (i = 0; i < n; i++)
		is_str(errs[i], want[i][0], want[i][1]);
}

/* The first record read from f as a Prometheus text: its return. */
static int
read_first_prom(FILE *f, const struct ts_reckeys *k, char *err, size_t len)
{
	struct ts_recin *in;
	struct ts_rec rec;
	int rc;

	in = ts_fleet_read_open(f, "in.prom", TS_RECFMT_AUTO, k);
	rc = ts_fleet_read_next(in, &rec, err, len);
	ts_fleet_read_close(in);
	fclose(f);
	return rc;
}

static void
test_prom(void)
{
	static const struct ts_reckeys pk = { "job_duration_seconds",
	    "tachyon_score", "host_id" };
	static const char text[] =
	    "# HELP job_duration_seconds A job's wall time.\n"
	    "# TYPE job_duration_seconds gauge\n"
	    "go_gc_duration_seconds{quantile=\"0\"} NaN\n"
	    "x_bucket{le=\"+Inf\"} +Inf\n"
	    "tachyon_score{host_id=\"a\"} 5 007\n"
	    "job_duration_seconds{host_id=\"a\"} 3 7\n"
	    "tachyon_score{host_id=\"b\"} 5\n"
	    "job_duration_seconds{host_id=\"b\"} +Inf\n"
	    "tachyon_score{host_id=\"c\"} NaN\n"
	    "job_duration_seconds{host_id=\"c\"} 2\n"
	    "tachyon_score{host_id=\"d\"} 5\n"
	    "job_duration_seconds{host_id=\"d\"} -Inf\n"
	    "tachyon_score{host_id=\"e\"} +Inf\n"
	    "job_duration_seconds{host_id=\"e\"} NaN\n"
	    "tachyon_score{host_id=\"f\"} 1e999\n"
	    "job_duration_seconds{host_id=\"f\"} 1\n"
	    "tachyon_score{host_id=\"g\"} 5\n"
	    "job_duration_seconds{host_id=\"g\"} -2\n"
	    "tachyon_score{host_id=\"h\"} -Inf\n"
	    "job_duration_seconds{host_id=\"h\"} 1e-400\n";
	static const char *const refused[][2] = {
		{ "in.jsonl:8: 'job_duration_seconds' is not a finite number",
		    "+Inf timing: not finite, at its own line" },
		{ "in.jsonl:9: 'tachyon_score' is not a finite number",
		    "NaN score: not finite (not \"not positive\")" },
		{ "in.jsonl:12: 'job_duration_seconds' is not a finite number",
		    "-Inf timing: not finite (not \"negative\")" },
		{ "in.jsonl:14: 'job_duration_seconds' is not a finite number",
		    "+Inf score and NaN timing: the timing named first" },
		{ "in.jsonl:15: 'tachyon_score' is not a finite number",
		    "1e999: beyond a double, not finite" },
		{ "in.jsonl:18: 'job_duration_seconds' is negative",
		    "a negative timing: at the timing's line" },
		{ "in.jsonl:19: 'tachyon_score' is not a finite number",
		    "-Inf score: not finite" },
	};
	char errs[16][256];
	struct reading r;
	char err[256];
	int good, nerr, rc;

	good = read_all(text, TS_RECFMT_AUTO, &pk, errs, &nerr);
	ok(good == 1 && nerr == 7, "Prometheus: one good record, seven "
	    "refused, and reading goes on after each (%d, %d)", good, nerr);
	if (nerr != 7)
		return;
	is_refusals(errs, nerr, refused, 7);

	/* Timestamps pair by value, and the record's JSON holds a number. */
	open_reading(&r, text, TS_RECFMT_PROM, &pk);
	rc = next_rec(&r);
	ok(rc == 1 && strcmp(r.rec.host, "a") == 0 && r.rec.t == 3 &&
	    r.rec.s == 5, "timestamps 007 and 7 pair");
	if (rc == 1)
		is_str(r.rec.text, "{\"host_id\":\"a\",\"job_duration_seconds\":"
		    "3,\"tachyon_score\":5,\"timestamp_ms\":7}",
		    "the record's text is JSON, the timestamp as a number");
	close_reading(&r);

	/* Lines as the other formats take them: no NUL, 1 MiB at most. */
	{
		static const char nul[] = "# x\ntachyon_score{host_id=\"a\"} 5\n"
		    "job_duration_seconds{host_id=\"a\"} 3\0 x\n";
		char *big = ts_xmalloc(TS_RECORD_MAX_LINE + 16);

		rc = read_first_prom(fmemopen((void *)nul, sizeof nul - 1, "r"),
		    &pk, err, sizeof err);
		ok(rc == -2 && strcmp(err, "in.prom:3: a NUL byte at byte 36 "
		    "of the line (records are lines of text)") == 0,
		    "Prometheus: a NUL byte refused, not cut at (%s)", err);
		memcpy(big, "# x\n", 4);
		memset(big + 4, ' ', TS_RECORD_MAX_LINE + 1);
		rc = read_first_prom(fmemopen(big, TS_RECORD_MAX_LINE + 5, "r"),
		    &pk, err, sizeof err);
		ok(rc == -2 && strstr(err, "in.prom:2: a line longer than "
		    "1048576 bytes") == err, "Prometheus: a line over 1 MiB "
		    "refused (%s)", err);
		free(big);
	}
	good = read_all("# x\ntachyon_score{host_id=\"a\\nb\\\\c\033[2J\"} 5\n",
	    TS_RECFMT_AUTO, &pk, errs, &nerr);
	ok(good == 0 && nerr == 1, "a host without a timing");
	if (nerr == 1)
		is_str(errs[0], "in.jsonl:2: host 'a\\nb\\\\c\\x1b[2J' has no "
		    "'job_duration_seconds' sample", "its name shown on one line, "
		    "its controls escaped");
	good = read_all("# x\ntachyon_score{host_id=\"n\xc5\x93ud-\xff\"} 5\n"
	    "job_duration_seconds{host_id=\"n\xc5\x93ud-\xff\"} 3\n"
	    "tachyon_score{host_id=\"n\xc5\x93ud\"} 5\n"
	    "job_duration_seconds{host_id=\"n\xc5\x93ud\"} 3\n",
	    TS_RECFMT_AUTO, &pk, errs, &nerr);
	ok(good == 1 && nerr == 1, "a host label that is not UTF-8: its "
	    "record refused, the UTF-8 one read");
	if (nerr == 1)
		is_str(errs[0], "in.jsonl:2: host 'n\xc5\x93ud-\\xff': the "
		    "'host_id' label is not valid UTF-8", "its stray byte shown "
		    "escaped, its characters whole");
	ok(read_all("# x\nm{host_id=\"a\"} 1 -\n", TS_RECFMT_AUTO, &pk,
	    errs, &nerr) == -1, "a timestamp of a lone '-' is refused");
	ok(read_all("# x\nm{host_id=\"a\"} 1 99999999999999999999\n",
	    TS_RECFMT_AUTO, &pk, errs, &nerr) == -1,
	    "a timestamp beyond 64 bits is refused");
}

/* JSON Lines and CSV: the same words for what is not finite. */
static void
test_not_finite(void)
{
	static const char csv[] = "host,t,score\n"
	    "a,nan,1\n"
	    "b,1,inf\n"
	    "c,-inf,1\n"
	    "d,1e999,1\n"
	    "e,x,1\n"
	    "f,1e-400,2\n";
	static const char jsonl[] =
	    "{\"host\":\"a\",\"t\":NaN,\"run\":{\"score\":1}}\n"
	    "{\"host\":\"b\",\"t\":1,\"run\":{\"score\":Infinity}}\n"
	    "{\"host\":\"c\",\"t\":-1e999,\"run\":{\"score\":1}}\n";
	static const char *const csv_refused[][2] = {
		{ "in.jsonl:2: 't' is not a finite number",
		    "CSV nan: not finite" },
		{ "in.jsonl:3: 'score' is not a finite number",
		    "CSV inf: not finite" },
		{ "in.jsonl:4: 't' is not a finite number",
		    "CSV -inf: not finite" },
		{ "in.jsonl:5: 't' is not a finite number",
		    "CSV 1e999: not finite" },
		{ "in.jsonl:6: 't' is not a number", "CSV x: not a number" },
	};
	static const char *const json_refused[][2] = {
		{ "in.jsonl:1: 't' is not a finite number",
		    "JSON NaN: not finite" },
		{ "in.jsonl:2: 'run.score' is not a finite number",
		    "JSON Infinity: not finite" },
		{ "in.jsonl:3: 't' is not a finite number",
		    "JSON -1e999: not finite" },
	};
	char errs[16][256];
	int good, nerr;

	good = read_all(csv, TS_RECFMT_AUTO, &csvkeys, errs, &nerr);
	ok(good == 1 && nerr == 5, "CSV: 1e-400 reads (as 0), five refused "
	    "(%d, %d)", good, nerr);
	is_refusals(errs, nerr, csv_refused, 5);
	good = read_all(jsonl, TS_RECFMT_AUTO, &keys, errs, &nerr);
	ok(good == 0 && nerr == 3, "JSON: three refused");
	is_refusals(errs, nerr, json_refused, 3);
}

int
main(void)
{
	test_jsonl();
	test_csv();
	test_prom();
	test_not_finite();
	return done_testing();
}
