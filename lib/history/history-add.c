/* SPDX-License-Identifier: MIT */
/*
 * Documents and tachyon records into the history database.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>
#include <openssl/evp.h>

#include "doc/doc-producer.h"
#include "doc/doc-read.h"
#include "doc/doc-parse.h"
#include "fleet/fleet-read.h"
#include "history/history-add.h"
#include "host/host-id.h"
#include "report/report-export.h"
#include "report/report-verify.h"
#include "units.h"
#include "util.h"

enum {
	ST_HOST_INSERT,
	ST_HOST_ID,
	ST_DOC_FIND,
	ST_DOC_INSERT,
	ST_RESULT_INSERT,
	ST_TACH_FIND,
	ST_TACH_INSERT,
	ST_N
};

/*
 * What add says to the database, the same on both back ends: a row
 * already there (another writer's, committed meanwhile) is left as it
 * is (ON CONFLICT DO NOTHING), and the ids of new documents and records
 * come back (ts_hist_returning_id() ends their INSERTs).
 */
static const char *const sql[ST_N] = {
	"INSERT INTO hosts (name, cpu_model, logical_cores, "
	"memory_bytes, os, target) VALUES (?1, ?2, ?3, ?4, ?5, ?6) "
	"ON CONFLICT (name) DO NOTHING",
	"SELECT id FROM hosts WHERE name = ?1",
	"SELECT id FROM documents WHERE sha256 = ?1",
	"INSERT INTO documents (sha256, host_id, generated_at, unix_time, "
	"producer, tool_version, threads, samples, warmup, window_ms, "
	"signature, single_core_score, multi_core_score, added_at, source, "
	"body, executions) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, "
	"?11, ?12, ?13, ?14, ?15, ?16, ?17) ON CONFLICT (sha256) DO NOTHING",
	"INSERT INTO results (document_id, workload, pass, unit, "
	"higher_is_better, threads, value, ci95, cv, n, stability) VALUES "
	"(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
	"SELECT id FROM readings WHERE sha256 = ?1",
	"INSERT INTO readings (sha256, host_id, unix_time, score, "
	"ns_per_access, wall_s, added_at, record) VALUES (?1, ?2, ?3, ?4, "
	"?5, ?6, ?7, ?8) ON CONFLICT (sha256) DO NOTHING"
};

struct ts_hist_adder {
	struct ts_hist	*h;
	struct ts_hist_stmt *st[ST_N];
	char		*host;
	bool		 force;
	char		 now[32];
};

struct ts_hist_adder *
ts_hist_adder_new(struct ts_hist *h, const char *host, bool force, char *err,
    size_t errlen)
{
	struct ts_hist_adder *a = ts_xcalloc(1, sizeof *a);
	int i;

	a->h = h;
	a->host = host != NULL ? ts_xstrdup(host) : NULL;
	a->force = force;
	ts_rfc3339(time(NULL), a->now);
	for (i = 0; i < ST_N; i++) {
		char *q = ts_xasprintf("%s%s", sql[i], i == ST_DOC_INSERT ||
		    i == ST_TACH_INSERT ? ts_hist_returning_id(h) : "");

		a->st[i] = ts_hist_prepare(h, q, 0, err, errlen);
		free(q);
		if (a->st[i] == NULL) {
			ts_hist_adder_free(a);
			return NULL;
		}
	}
	return a;
}

void
ts_hist_adder_free(struct ts_hist_adder *a)
{
	int i;

	if (a == NULL)
		return;
	for (i = 0; i < ST_N; i++)
		ts_hist_finalize(a->st[i]);
	free(a->host);
	free(a);
}

void
ts_hist_sha256(const void *data, size_t len, char hex[65])
{
	unsigned char md[32];
	unsigned int n = 0;
	int i;

	if (EVP_Digest(data, len, md, &n, EVP_sha256(), NULL) != 1 ||
	    n != 32)
		memset(md, 0, sizeof md);
	for (i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", md[i]);
}

/* Whether s[0..n) are n digits; their value into *v. */
static bool
digits(const char *s, int n, int *v)
{
	int i;

	*v = 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		*v = *v * 10 + (s[i] - '0');
	}
	return true;
}

/* Days from 1970-01-01 to y-m-d of the proleptic Gregorian calendar. */
static long long
days_from_civil(long long y, int m, int d)
{
	long long era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

long long
ts_hist_parse_time(const char *s)
{
	static const int mdays[12] = { 31, 28, 31, 30, 31, 30, 31, 31, 30,
	    31, 30, 31 };
	int y, mo, d, h, mi, sec, dim;
	long long t;

	if (s == NULL || !digits(s, 4, &y) || s[4] != '-' ||
	    !digits(s + 5, 2, &mo) || s[7] != '-' || !digits(s + 8, 2, &d) ||
	    s[10] != 'T' || !digits(s + 11, 2, &h) || s[13] != ':' ||
	    !digits(s + 14, 2, &mi) || s[16] != ':' ||
	    !digits(s + 17, 2, &sec))
		return -1;
	s += 19;
	if (*s == '.') {
		s++;
		if (*s < '0' || *s > '9')
			return -1;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	if (strcmp(s, "Z") != 0 || mo < 1 || mo > 12)
		return -1;
	/* A day the month has: 2026-02-30 is no date (timegm moves it). */
	dim = mdays[mo - 1] + (mo == 2 && y % 4 == 0 &&
	    (y % 100 != 0 || y % 400 == 0));
	if (d < 1 || d > dim || h > 23 || mi > 59 || sec > 60)
		return -1;
	t = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec;
	return t >= 0 ? t : -1;
}

int
ts_hist_host_check(const char *name, size_t len, char *why, size_t whylen)
{
	if (len == 0) {
		snprintf(why, whylen, "is empty");
		return -1;
	}
	return ts_tag_value_check(name, len, why, whylen);
}

char *
ts_hist_machine_name(const struct ts_report *r)
{
	return ts_export_host(r);
}

/* The id of the row of a one-column lookup, 0 when none, -1 on error. */
static long long
lookup(struct ts_hist_adder *a, int which, const char *key, char *err,
    size_t errlen)
{
	struct ts_hist_stmt *st = a->st[which];
	long long id;
	int rc;

	ts_hist_bind_text(st, 1, key);
	rc = ts_hist_step(st);
	if (rc == 1)
		id = ts_hist_col_int(st, 0);
	else if (rc == 0)
		id = 0;
	else {
		ts_hist_errmsg(a->h, "looking up", err, errlen);
		id = -1;
	}
	ts_hist_reset(st);
	return id;
}

/*
 * Run an insert; 0 or -1 with err.  With id, the new row's id into *id,
 * or 0 when the row was there (put there meanwhile by another writer).
 */
static int
step_done(struct ts_hist_adder *a, int which, long long *id, char *err,
    size_t errlen)
{
	struct ts_hist_stmt *st = a->st[which];
	int rc = ts_hist_step(st);

	if (rc == -1)
		ts_hist_errmsg(a->h, "adding", err, errlen);
	else if (id != NULL && ts_hist_inserted(st, id) != 1)
		*id = 0;
	ts_hist_reset(st);
	return rc == -1 ? -1 : 0;
}

/* The id of host name, made when new (machine fields from r, or none). */
static long long
host_id(struct ts_hist_adder *a, const char *name, const struct ts_report *r,
    char *err, size_t errlen)
{
	struct ts_hist_stmt *st = a->st[ST_HOST_INSERT];

	ts_hist_bind_text(st, 1, name);
	if (r != NULL) {
		ts_hist_bind_text(st, 2, r->system.cpu_model);
		ts_hist_bind_int(st, 3, (long long)r->system.logical_cores);
		if (r->system.memory_bytes.set)
			ts_hist_bind_int(st, 4,
			    (long long)r->system.memory_bytes.v);
		ts_hist_bind_text(st, 5, r->system.os);
		ts_hist_bind_text(st, 6, r->system.target);
	}
	if (step_done(a, ST_HOST_INSERT, NULL, err, errlen) == -1)
		return -1;
	return lookup(a, ST_HOST_ID, name, err, errlen);
}

static int
add_pass(struct ts_hist_adder *a, long long doc, const struct ts_workload *w,
    const char *pass, const struct ts_pass *p, char *err, size_t errlen)
{
	struct ts_hist_stmt *st = a->st[ST_RESULT_INSERT];

	if (p == NULL)
		return 0;
	ts_hist_bind_int(st, 1, doc);
	ts_hist_bind_text(st, 2, w->id);
	ts_hist_bind_text(st, 3, pass);
	ts_hist_bind_text(st, 4, ts_unit_name(w->unit));
	ts_hist_bind_int(st, 5, !ts_unit_lower_is_better(w->unit));
	ts_hist_bind_int(st, 6, (long long)p->threads);
	ts_hist_bind_real(st, 7, p->value);
	ts_hist_bind_real(st, 8, isfinite(p->stats.ci95) ? p->stats.ci95 : 0);
	ts_hist_bind_real(st, 9, isfinite(p->stats.cv) ? p->stats.cv : 0);
	ts_hist_bind_int(st, 10, (long long)p->stats.n);
	ts_hist_bind_text(st, 11, ts_stability_name(p->stats.stability));
	return step_done(a, ST_RESULT_INSERT, NULL, err, errlen);
}

/* extensions.executions as compact JSON (malloc'd), or NULL. */
static char *
executions_json(const struct ts_report *r)
{
	struct json_object *v = NULL;
	const char *text;
	char *out;
	size_t i;

	for (i = 0; i < r->ext.n; i++)
		if (strcmp(r->ext.v[i].name, "executions") == 0)
			break;
	if (i == r->ext.n)
		return NULL;
	if (r->ext.v[i].kept || r->ext.v[i].key == NULL)
		v = json_object_get(r->ext.v[i].raw);
	else if (r->ext.v[i].key->write != NULL && r->ext.v[i].rec != NULL)
		v = r->ext.v[i].key->write(r->ext.v[i].rec);
	if (v == NULL)
		return NULL;
	text = json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN);
	out = ts_xstrdup(text);
	json_object_put(v);
	return out;
}

/* Whether the code point cp is a control character (C0, DEL, C1). */
static bool
control(unsigned long cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
}

/*
 * Whether s, a string of a document that is stored as text, is UTF-8
 * text (and, unless controls, without control characters).  If not, err
 * gets "NAME: WHAT ...: nothing added".  The document parser keeps a
 * \u0000 as C0 80, which UTF-8 never holds: it is named a NUL.
 */
static int
doc_text(const char *name, const char *what, const char *s, bool controls,
    char *err, size_t errlen)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t len, i, n;
	unsigned long cp;
	char why[96];

	if (s == NULL)
		return 0;
	len = strlen(s);
	for (i = 0; i < len; i += n) {
		n = ts_utf8_seq(s + i, len - i, &cp);
		if (n == 0 && u[i] == 0xc0 && i + 1 < len && u[i + 1] == 0x80) {
			snprintf(why, sizeof why, "holds a NUL character "
			    "(\\u0000, byte %zu)", i + 1);
			break;
		}
		if (n == 0) {
			snprintf(why, sizeof why, "is not valid UTF-8 (byte "
			    "%zu, 0x%02x)", i + 1, u[i]);
			break;
		}
		if (!controls && control(cp)) {
			snprintf(why, sizeof why, "holds the control character "
			    "U+%04lX (byte %zu)", cp, i + 1);
			break;
		}
	}
	if (i >= len)
		return 0;
	snprintf(err, errlen, "%s: %s %s: nothing added; the history stores "
	    "UTF-8 text without NUL or control characters", name, what, why);
	return -1;
}

/*
 * Check what add_document stores of r as text, host the host name it is
 * recorded under (--host, or its machine) and execs its executions'
 * JSON.  Return 0, or -1 with err.
 */
static int
doc_texts(const struct ts_hist_adder *a, const struct ts_report *r,
    const struct ts_producer *prod, const char *host, const char *execs,
    const char *name, char *err, size_t errlen)
{
	char what[160], why[128];
	size_t i;

	if (doc_text(name, "system.cpu_model", r->system.cpu_model, false,
	    err, errlen) == -1 ||
	    doc_text(name, "system.os", r->system.os, false, err,
	    errlen) == -1 ||
	    doc_text(name, "system.target", r->system.target, false, err,
	    errlen) == -1 ||
	    doc_text(name, "tool_version", r->tool_version, false, err,
	    errlen) == -1 ||
	    doc_text(name, "its producer", prod->description, false, err,
	    errlen) == -1 ||
	    doc_text(name, "extensions.executions", execs, true, err,
	    errlen) == -1)
		return -1;
	for (i = 0; i < r->nworkloads; i++) {
		snprintf(what, sizeof what, "the id of workload %zu", i + 1);
		if (doc_text(name, what, r->workloads[i].id, false, err,
		    errlen) == -1)
			return -1;
	}
	if (ts_hist_host_check(host, strlen(host), why, sizeof why) == -1) {
		snprintf(err, errlen, "%s: the host name%s %s: nothing added; "
		    "%s%s", name, a->host != NULL ? "" : " (its hostname, or its "
		    "machine: CPU model, CPUs, memory, target)", why, TS_HIST_HOST_RULE,
		    a->host != NULL ? "" : " (give --host)");
		return -1;
	}
	return 0;
}

/*
 * Whether r (called name, its verdict v) may be added: coherent, its
 * signature valid or absent (or --force).  Its signature's word
 * ("valid", "invalid", "unsigned"), or NULL with err.
 */
static const char *
admissible(const struct ts_hist_adder *a, const struct ts_verdict *v,
    const char *name, char *err, size_t errlen)
{
	if (v->nproblems > 0) {
		snprintf(err, errlen, "%s is not coherent (%s%s): nothing added",
		    name, v->problems[0], v->nproblems > 1 ? ", ..." : "");
		return NULL;
	}
	if (v->sig == TS_SIG_INVALID && !a->force) {
		snprintf(err, errlen, "%s: the signature is invalid (%s): "
		    "nothing added; --force records it marked invalid", name,
		    v->sig_message);
		return NULL;
	}
	return v->sig == TS_SIG_VERIFIED ? "valid" :
	    v->sig == TS_SIG_INVALID ? "invalid" : "unsigned";
}

/* r's time, when it is one add takes; else -1 with err. */
static long long
doc_time(const struct ts_report *r, const char *name, char *err,
    size_t errlen)
{
	long long t = ts_hist_parse_time(r->generated_at);

	if (t < 0) {
		snprintf(err, errlen, "%s: generated_at is not a UTC time "
		    "YYYY-MM-DDTHH:MM:SSZ of a day the calendar has: nothing "
		    "added", name);
		return -1;
	}
	if (!TS_HIST_TIME_OK((double)t)) {
		snprintf(err, errlen, "%s: generated_at %s is not a time "
		    TS_HIST_TIME_RANGE ": nothing added", name, r->generated_at);
		return -1;
	}
	return t;
}

/* What the documents row holds besides r's own fields. */
struct doc_row {
	const char	*sha, *sig, *producer, *execs, *name, *text;
	size_t		 len;
	long long	 host, t;
};

/*
 * Insert r's row of documents; its id, 0 when another writer added it
 * since the lookup, or -1 with err.
 */
static long long
insert_document(struct ts_hist_adder *a, const struct ts_report *r,
    const struct doc_row *d, char *err, size_t errlen)
{
	struct ts_hist_stmt *st = a->st[ST_DOC_INSERT];
	long long id;

	ts_hist_bind_text(st, 1, d->sha);
	ts_hist_bind_int(st, 2, d->host);
	ts_hist_bind_text(st, 3, r->generated_at);
	ts_hist_bind_int(st, 4, d->t);
	ts_hist_bind_text(st, 5, d->producer);
	ts_hist_bind_text(st, 6, r->tool_version);
	ts_hist_bind_int(st, 7, (long long)r->config.threads);
	ts_hist_bind_int(st, 8, (long long)r->config.samples);
	ts_hist_bind_int(st, 9, (long long)r->config.warmup);
	ts_hist_bind_int(st, 10, (long long)r->config.window_ms);
	ts_hist_bind_text(st, 11, d->sig);
	if (r->score.has_single_core)
		ts_hist_bind_real(st, 12, r->score.single_core);
	if (r->score.has_multi_core)
		ts_hist_bind_real(st, 13, r->score.multi_core);
	ts_hist_bind_text(st, 14, a->now);
	ts_hist_bind_text(st, 15, d->name);
	ts_hist_bind_blob(st, 16, d->text, d->len);
	ts_hist_bind_text(st, 17, d->execs);
	if (step_done(a, ST_DOC_INSERT, &id, err, errlen) == -1)
		return -1;
	return id;
}

static int
add_document(struct ts_hist_adder *a, const char *text, size_t len,
    const char *name, struct ts_hist_added *out, char *err, size_t errlen)
{
	struct ts_report r;
	struct ts_verdict v;
	struct ts_producer prod;
	struct doc_row d = { .name = name, .text = text, .len = len };
	char sha[65], msg[512], *machine = NULL, *execs = NULL;
	const char *host;
	long long doc;
	size_t i;
	int rc = -1;

	/* A document already there was checked when it was added. */
	ts_hist_sha256(text, len, sha);
	doc = lookup(a, ST_DOC_FIND, sha, err, errlen);
	if (doc != 0) {
		if (doc > 0)
			out->duplicates++;
		return doc > 0 ? 0 : -1;
	}
	memset(&r, 0, sizeof r);
	if (ts_doc_parse(text, len, &r, msg, sizeof msg) != 0) {
		snprintf(err, errlen, "%s: %s: nothing added", name, msg);
		return -1;
	}
	ts_verify_report(&r, false, &v);
	ts_producer_of(&r, &prod);
	if ((d.sig = admissible(a, &v, name, err, errlen)) == NULL)
		goto done;
	out->signature = d.sig;
	if ((d.t = doc_time(&r, name, err, errlen)) < 0)
		goto done;
	if (a->host == NULL)
		machine = ts_hist_machine_name(&r);
	host = a->host != NULL ? a->host : machine;
	d.execs = execs = executions_json(&r);
	d.sha = sha;
	d.producer = prod.description;
	if (doc_texts(a, &r, &prod, host, execs, name, err, errlen) == -1 ||
	    (d.host = host_id(a, host, &r, err, errlen)) <= 0 ||
	    (doc = insert_document(a, &r, &d, err, errlen)) == -1)
		goto done;
	if (doc == 0) {
		/* Another writer added it since the lookup. */
		out->duplicates++;
		rc = 0;
		goto done;
	}
	for (i = 0; i < r.nworkloads; i++) {
		const struct ts_workload *w = &r.workloads[i];

		if (add_pass(a, doc, w, "single", w->single, err, errlen) == -1 ||
		    add_pass(a, doc, w, "multi", w->multi, err, errlen) == -1)
			goto done;
	}
	out->added++;
	rc = 0;
done:
	free(machine);
	free(execs);
	ts_producer_free(&prod);
	ts_verdict_free(&v);
	ts_report_free(&r);
	return rc;
}

/* A number at key of a JSON object, or NAN. */
static double
num_at(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) ||
	    !(json_object_is_type(v, json_type_double) ||
	    json_object_is_type(v, json_type_int)))
		return NAN;
	return json_object_get_double(v);
}

/*
 * Whether the JSON text s (valid JSON) has a \u0000 in a string or key:
 * json-c would cut the string there (a host_id "a\u0000b" read as "a").
 */
static bool
json_has_nul(const char *s)
{
	for (; *s != '\0'; s++)
		if (*s == '\\') {
			if (strncmp(s + 1, "u0000", 5) == 0)
				return true;
			if (s[1] != '\0')
				s++;
		}
	return false;
}

/*
 * The time of a record: its unix_time, or now when it has none.  Return
 * 0 with *t, or -1 with the reason in why.
 */
static int
record_time(struct json_object *o, double *t, char *why, size_t whylen)
{
	struct json_object *v;
	char when[32];

	if (!json_object_object_get_ex(o, "unix_time", &v)) {
		*t = (double)time(NULL);
		if (TS_HIST_TIME_OK(*t))
			return 0;
		snprintf(why, whylen, "no unix_time, and this machine's clock "
		    "(%s) is not at a time " TS_HIST_TIME_RANGE,
		    ts_rfc3339(time(NULL), when));
		return -1;
	}
	if (v == NULL || !(json_object_is_type(v, json_type_double) ||
	    json_object_is_type(v, json_type_int))) {
		snprintf(why, whylen, "unix_time is not a number");
		return -1;
	}
	*t = json_object_get_double(v);
	if (!TS_HIST_TIME_OK(*t)) {
		snprintf(why, whylen, "unix_time %.15g is not a time "
		    TS_HIST_TIME_RANGE " in seconds since the epoch", *t);
		return -1;
	}
	return 0;
}

/*
 * Check what add_one_record stores of rec (parsed as o): the line valid
 * UTF-8 without a \u0000, its time and host name.  Return 0 with *t,
 * or -1 with the reason in why.
 */
static int
record_ok(const struct ts_hist_adder *a, const struct ts_rec *rec,
    struct json_object *o, double *t, char *why, size_t whylen)
{
	char host_why[96];
	size_t bad;

	if (!ts_utf8_valid(rec->text, strlen(rec->text), &bad)) {
		snprintf(why, whylen, "not valid UTF-8 (byte %zu, 0x%02x); "
		    "records are UTF-8 text", bad + 1,
		    (unsigned char)rec->text[bad]);
		return -1;
	}
	if (json_has_nul(rec->text)) {
		snprintf(why, whylen, "a string holds a NUL character "
		    "(\\u0000); the history stores text without NUL");
		return -1;
	}
	if (record_time(o, t, why, whylen) == -1)
		return -1;
	if (a->host == NULL && ts_hist_host_check(rec->host,
	    strlen(rec->host), host_why, sizeof host_why) == -1) {
		snprintf(why, whylen, "host_id %s; %s", host_why,
		    TS_HIST_HOST_RULE);
		return -1;
	}
	return 0;
}

static int
add_one_record(struct ts_hist_adder *a, const struct ts_rec *rec,
    const char *name, struct ts_hist_added *out, char *err, size_t errlen)
{
	struct ts_hist_stmt *st = a->st[ST_TACH_INSERT];
	struct json_object *o;
	char sha[65], why[256];
	long long hid, id;
	double t, x;
	int rc = -1;

	o = json_tokener_parse(rec->text);
	if (o == NULL || !json_object_is_type(o, json_type_object)) {
		snprintf(err, errlen, "%s:%llu: not a JSON object: nothing "
		    "added", name, (unsigned long long)rec->line);
		goto done;
	}
	if (!isfinite(rec->s) || rec->s <= 0) {
		snprintf(err, errlen, "%s:%llu: million_accesses_per_sec is "
		    "not a positive number: nothing added", name,
		    (unsigned long long)rec->line);
		goto done;
	}
	if (record_ok(a, rec, o, &t, why, sizeof why) == -1) {
		snprintf(err, errlen, "%s:%llu: %s: nothing added", name,
		    (unsigned long long)rec->line, why);
		goto done;
	}
	ts_hist_sha256(rec->text, strlen(rec->text), sha);
	id = lookup(a, ST_TACH_FIND, sha, err, errlen);
	if (id < 0)
		goto done;
	if (id > 0) {
		out->duplicates++;
		rc = 0;
		goto done;
	}
	hid = host_id(a, a->host != NULL ? a->host : rec->host, NULL, err,
	    errlen);
	if (hid <= 0)
		goto done;
	ts_hist_bind_text(st, 1, sha);
	ts_hist_bind_int(st, 2, hid);
	ts_hist_bind_real(st, 3, t);
	ts_hist_bind_real(st, 4, rec->s);
	if (isfinite(x = num_at(o, "ns_per_access")))
		ts_hist_bind_real(st, 5, x);
	if (isfinite(x = num_at(o, "wall_s")))
		ts_hist_bind_real(st, 6, x);
	ts_hist_bind_text(st, 7, a->now);
	ts_hist_bind_text(st, 8, rec->text);
	if (step_done(a, ST_TACH_INSERT, &id, err, errlen) == -1)
		goto done;
	if (id == 0)
		out->duplicates++;
	else
		out->added++;
	rc = 0;
done:
	if (o != NULL)
		json_object_put(o);
	return rc;
}

static int
add_records(struct ts_hist_adder *a, const char *text, size_t len,
    const char *name, struct ts_hist_added *out, char *err, size_t errlen)
{
	/* With --host, the host key is one every record has. */
	struct ts_reckeys keys = { "million_accesses_per_sec",
	    "million_accesses_per_sec", a->host != NULL ? "probe" : "host_id" };
	struct ts_recin *in;
	struct ts_rec rec;
	FILE *f;
	int rc = 0, got;

	f = fmemopen((void *)text, len, "r");
	if (f == NULL) {
		snprintf(err, errlen, "%s: cannot read: out of memory", name);
		return -1;
	}
	in = ts_fleet_read_open(f, name, TS_RECFMT_JSONL, &keys);
	while ((got = ts_fleet_read_next(in, &rec, err, errlen)) == 1)
		if (add_one_record(a, &rec, name, out, err, errlen) == -1) {
			rc = -1;
			break;
		}
	if (got < 0) {
		size_t n = strlen(err);

		snprintf(err + n, errlen - n, ": nothing added");
		rc = -1;
	}
	ts_fleet_read_close(in);
	fclose(f);
	return rc;
}

/*
 * name as text to store and print (malloc'd): a byte that does not
 * begin UTF-8 text, or begins a control character, becomes '?'.
 */
static char *
text_name(const char *name)
{
	size_t len = strlen(name), i, n, k;
	char *out = ts_xmalloc(len + 1);
	unsigned long cp;

	for (i = k = 0; i < len; i += n) {
		n = ts_utf8_seq(name + i, len - i, &cp);
		if (n == 0 || control(cp)) {
			out[k++] = '?';
			n = n == 0 ? 1 : n;
		} else {
			memcpy(out + k, name + i, n);
			k += n;
		}
	}
	out[k] = '\0';
	return out;
}

int
ts_hist_add(struct ts_hist_adder *a, const char *text, size_t len,
    const char *name, struct ts_hist_added *out, char *err, size_t errlen)
{
	static const char head[] = "{\"probe\":";
	char *safe = text_name(name);
	size_t i = 0;
	int rc;

	memset(out, 0, sizeof *out);
	while (i < len && (text[i] == ' ' || text[i] == '\n' ||
	    text[i] == '\t' || text[i] == '\r'))
		i++;
	if (len - i >= sizeof head - 1 &&
	    memcmp(text + i, head, sizeof head - 1) == 0) {
		out->tachyon = true;
		rc = add_records(a, text, len, safe, out, err, errlen);
	} else if (i == len || text[i] != '{') {
		/* An SVG, a table, an empty file: no JSON object at all. */
		snprintf(err, errlen, "%s is neither a result document nor "
		    "readings of the memory probe (it does not start with a "
		    "JSON object): nothing added", safe);
		rc = -1;
	} else
		rc = add_document(a, text, len, safe, out, err, errlen);
	free(safe);
	return rc;
}
