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

/* Read every record of text; each refusal's message into errs. */
static int
read_all(const char *text, enum ts_recfmt fmt, const struct ts_reckeys *k,
    char errs[][256], int *nerr)
{
	struct ts_recin *in;
	struct ts_rec rec;
	char err[256];
	FILE *f;
	int rc, good = 0, n = 0;

	*nerr = 0;
	in = open_text(text, fmt, k, &f);
	while ((rc = ts_fleet_read_next(in, &rec, err, sizeof err)) != 0 &&
	    rc != -2 && n++ < 100) {
		if (rc == 1)
			good++;
		else if (*nerr < 16)
			snprintf(errs[(*nerr)++], 256, "%s", err);
	}
	ts_fleet_read_close(in);
	fclose(f);
	return rc == -2 ? -1 : good;
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
	char errs[16][256];
	struct ts_recin *in;
	struct ts_rec rec;
	char err[256];
	FILE *f;
	int good, nerr, rc;

	good = read_all(text, TS_RECFMT_AUTO, &pk, errs, &nerr);
	ok(good == 1 && nerr == 7, "Prometheus: one good record, seven "
	    "refused, and reading goes on after each (%d, %d)", good, nerr);
	if (nerr != 7)
		return;
	is_str(errs[0], "in.jsonl:8: 'job_duration_seconds' is not a finite "
	    "number", "+Inf timing: not finite, at its own line");
	is_str(errs[1], "in.jsonl:9: 'tachyon_score' is not a finite number",
	    "NaN score: not finite (not \"not positive\")");
	is_str(errs[2], "in.jsonl:12: 'job_duration_seconds' is not a finite "
	    "number", "-Inf timing: not finite (not \"negative\")");
	is_str(errs[3], "in.jsonl:14: 'job_duration_seconds' is not a finite "
	    "number", "+Inf score and NaN timing: the timing named first");
	is_str(errs[4], "in.jsonl:15: 'tachyon_score' is not a finite number",
	    "1e999: beyond a double, not finite");
	is_str(errs[5], "in.jsonl:18: 'job_duration_seconds' is negative",
	    "a negative timing: at the timing's line");
	is_str(errs[6], "in.jsonl:19: 'tachyon_score' is not a finite number",
	    "-Inf score: not finite");

	/* Timestamps pair by value, and the record's JSON holds a number. */
	in = open_text(text, TS_RECFMT_PROM, &pk, &f);
	rc = ts_fleet_read_next(in, &rec, err, sizeof err);
	ok(rc == 1 && strcmp(rec.host, "a") == 0 && rec.t == 3 &&
	    rec.s == 5, "timestamps 007 and 7 pair");
	if (rc == 1)
		is_str(rec.text, "{\"host_id\":\"a\",\"job_duration_seconds\":"
		    "3,\"tachyon_score\":5,\"timestamp_ms\":7}",
		    "the record's text is JSON, the timestamp as a number");
	ts_fleet_read_close(in);
	fclose(f);

	/* Lines as the other formats take them: no NUL, 1 MiB at most. */
	{
		static const char nul[] = "# x\ntachyon_score{host_id=\"a\"} 5\n"
		    "job_duration_seconds{host_id=\"a\"} 3\0 x\n";
		char *big = ts_xmalloc(TS_RECORD_MAX_LINE + 16);

		f = fmemopen((void *)nul, sizeof nul - 1, "r");
		in = ts_fleet_read_open(f, "in.prom", TS_RECFMT_AUTO, &pk);
		rc = ts_fleet_read_next(in, &rec, err, sizeof err);
		ok(rc == -2 && strcmp(err, "in.prom:3: a NUL byte at byte 36 "
		    "of the line (records are lines of text)") == 0,
		    "Prometheus: a NUL byte refused, not cut at (%s)", err);
		ts_fleet_read_close(in);
		fclose(f);
		memcpy(big, "# x\n", 4);
		memset(big + 4, ' ', TS_RECORD_MAX_LINE + 1);
		f = fmemopen(big, TS_RECORD_MAX_LINE + 5, "r");
		in = ts_fleet_read_open(f, "in.prom", TS_RECFMT_AUTO, &pk);
		rc = ts_fleet_read_next(in, &rec, err, sizeof err);
		ok(rc == -2 && strstr(err, "in.prom:2: a line longer than "
		    "1048576 bytes") == err, "Prometheus: a line over 1 MiB "
		    "refused (%s)", err);
		ts_fleet_read_close(in);
		fclose(f);
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
	char errs[16][256];
	int good, nerr;

	good = read_all(csv, TS_RECFMT_AUTO, &csvkeys, errs, &nerr);
	ok(good == 1 && nerr == 5, "CSV: 1e-400 reads (as 0), five refused "
	    "(%d, %d)", good, nerr);
	if (nerr == 5) {
		is_str(errs[0], "in.jsonl:2: 't' is not a finite number",
		    "CSV nan: not finite");
		is_str(errs[1], "in.jsonl:3: 'score' is not a finite number",
		    "CSV inf: not finite");
		is_str(errs[2], "in.jsonl:4: 't' is not a finite number",
		    "CSV -inf: not finite");
		is_str(errs[3], "in.jsonl:5: 't' is not a finite number",
		    "CSV 1e999: not finite");
		is_str(errs[4], "in.jsonl:6: 't' is not a number",
		    "CSV x: not a number");
	}
	good = read_all(jsonl, TS_RECFMT_AUTO, &keys, errs, &nerr);
	ok(good == 0 && nerr == 3, "JSON: three refused");
	if (nerr == 3) {
		is_str(errs[0], "in.jsonl:1: 't' is not a finite number",
		    "JSON NaN: not finite");
		is_str(errs[1], "in.jsonl:2: 'run.score' is not a finite number",
		    "JSON Infinity: not finite");
		is_str(errs[2], "in.jsonl:3: 't' is not a finite number",
		    "JSON -1e999: not finite");
	}
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
