/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: tachyon-analyze's reader of the Prometheus text format
 * (a scrape dump, a textfile), then the analysis of what it read.  The
 * input is read three times, with the metric names of three real uses:
 * a job's duration against tachyon's score by host_id, the same by
 * instance (a federation dump, doc/fleet.md), and tachyon's own reading
 * duration.  Properties: a refusal is one line naming the input, with no
 * control byte (label values are escaped); every record accepted has a
 * host and a finite timing (not negative) and score (positive), and its
 * text is a JSON object (json-c, strict, valid UTF-8) holding them, the
 * timestamp a number; the record written back with a value added (what
 * --normalise writes) is one JSON object; the fleet takes every record
 * the reader accepted; and the analysis ends, with a verdict or a reason
 * in one line.
 */
#include <config.h>

#include <json-c/json.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "doc/doc-parse.h"
#include "fleet/fleet-read.h"
#include "fleet/fleet.h"
#include "fuzz.h"
#include "fuzz-rec.h"

const char ts_fuzz_name[] = "prom";

/* Resamples of the analysis: enough to run every loop, few for speed. */
#define BOOTSTRAP	20

static const struct ts_reckeys keysets[] = {
	{ "job_duration_seconds", "tachyon_score", "host_id" },
	{ "job_duration_seconds", "tachyon_score", "instance" },
	{ "tachyon_reading_duration_seconds", "tachyon_score", "host_id" },
};

/* Whether obj's member key is the number v, exactly. */
static int
member_is(struct json_object *obj, const char *key, double v)
{
	struct json_object *m;

	if (!json_object_object_get_ex(obj, key, &m))
		return 0;
	if (!json_object_is_type(m, json_type_double) &&
	    !json_object_is_type(m, json_type_int))
		return 0;
	return json_object_get_double(m) == v;
}

/* The record's text: one JSON object holding the record's values. */
static void
check_text(struct json_tokener *tok, const struct ts_reckeys *k,
    const struct ts_rec *rec)
{
	struct json_object *o, *m;
	size_t len = strlen(rec->text);

	json_tokener_reset(tok);
	o = json_tokener_parse_ex(tok, rec->text, (int)len);
	FUZZ_ASSERT(o != NULL && json_object_is_type(o, json_type_object));
	FUZZ_ASSERT(json_tokener_get_error(tok) == json_tokener_success &&
	    ts_json_parse_end(tok) == len);
	FUZZ_ASSERT(json_object_object_get_ex(o, k->host, &m) &&
	    json_object_is_type(m, json_type_string) &&
	    strcmp(json_object_get_string(m), rec->host) == 0);
	FUZZ_ASSERT(member_is(o, k->time, rec->t));
	FUZZ_ASSERT(member_is(o, k->score, rec->s));
	if (json_object_object_get_ex(o, "timestamp_ms", &m))
		FUZZ_ASSERT(json_object_is_type(m, json_type_int));
	json_object_put(o);
}

/* A message: one line, no terminal controls (label values shown). */
static int
one_line(const char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 0;
	return 1;
}

/* Read data with keys k, into the fleet; the number of records. */
static unsigned
read_with(const uint8_t *data, size_t size, const struct ts_reckeys *k,
    struct json_tokener *tok, struct ts_fleet *fleet)
{
	struct ts_recin *in;
	struct ts_rec rec;
	struct ts_buf b;
	char err[512];
	unsigned n = 0, good = 0;
	FILE *f;
	int rc;

	if ((f = fmemopen((void *)data, size, "r")) == NULL)
		return 0;
	in = ts_fleet_read_open(f, "fuzz", TS_RECFMT_PROM, k);
	FUZZ_ASSERT(in != NULL);
	ts_buf_init(&b);
	while ((rc = ts_fleet_read_next(in, &rec, err, sizeof err)) != 0 &&
	    n++ < 100000) {
		if (rc < 0) {
			FUZZ_ASSERT(strncmp(err, "fuzz:", 5) == 0 &&
			    one_line(err));
			if (rc == -2)
				break;
			continue;
		}
		FUZZ_ASSERT(rc == 1 && rec.fmt == TS_RECFMT_PROM);
		FUZZ_ASSERT(rec.host != NULL && rec.host[0] != '\0');
		FUZZ_ASSERT(isfinite(rec.t) && rec.t >= 0);
		FUZZ_ASSERT(isfinite(rec.s) && rec.s > 0);
		check_text(tok, k, &rec);
		fuzz_check_json_with(in, &rec, &b);
		FUZZ_ASSERT(ts_fleet_add(fleet, rec.host, rec.t, rec.s) == 0);
		good++;
	}
	ts_buf_free(&b);
	ts_fleet_read_close(in);
	fclose(f);
	return good;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct json_tokener *tok;
	struct ts_fleet_result r;
	struct ts_fleet fleet;
	char err[1024];
	size_t i;
	unsigned good;

	if (size == 0)
		return 0;
	tok = json_tokener_new();
	FUZZ_ASSERT(tok != NULL);
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
	    JSON_TOKENER_VALIDATE_UTF8);
	for (i = 0; i < sizeof keysets / sizeof keysets[0]; i++) {
		ts_fleet_init(&fleet, 1);
		good = read_with(data, size, &keysets[i], tok, &fleet);
		FUZZ_ASSERT(fleet.records == good);
		if (ts_fleet_analyse(&fleet, BOOTSTRAP, 1, &r, err,
		    sizeof err) == 0) {
			FUZZ_ASSERT(r.verdict == TS_FLEET_NORMALISE ||
			    r.verdict == TS_FLEET_FILTER ||
			    r.verdict == TS_FLEET_NONE);
			FUZZ_ASSERT(r.records <= good && r.hosts <= good);
			FUZZ_ASSERT(r.reason[0] != '\0' &&
			    strchr(r.reason, '\n') == NULL);
			if (r.norm != TS_FLEET_NORM_NONE)
				(void)ts_fleet_normalise(&r, 1, 1);
		} else
			FUZZ_ASSERT(err[0] != '\0' && strchr(err, '\n') == NULL);
		ts_fleet_free(&fleet);
	}
	json_tokener_free(tok);
	return 0;
}
