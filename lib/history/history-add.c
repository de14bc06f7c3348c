/* SPDX-License-Identifier: MIT */
/*
 * Documents and tachyon records into the history database.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <json-c/json.h>
#include <openssl/evp.h>
#include <sqlite3.h>

#include "doc/doc-producer.h"
#include "doc/doc-read.h"
#include "fleet/fleet-read.h"
#include "history/history-add.h"
#include "report/report-verify.h"
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

static const char *const sql[ST_N] = {
	"INSERT OR IGNORE INTO hosts (name, cpu_model, logical_cores, "
	"memory_bytes, os, target) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
	"SELECT id FROM hosts WHERE name = ?1",
	"SELECT id FROM documents WHERE sha256 = ?1",
	"INSERT INTO documents (sha256, host_id, generated_at, unix_time, "
	"producer, tool_version, threads, samples, warmup, window_ms, "
	"signature, single_core_score, multi_core_score, added_at, source, "
	"body, executions) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, "
	"?11, ?12, ?13, ?14, ?15, ?16, ?17)",
	"INSERT INTO results (document_id, workload, pass, unit, "
	"higher_is_better, threads, value, ci95, cv, n, stability) VALUES "
	"(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
	"SELECT id FROM readings WHERE sha256 = ?1",
	"INSERT INTO readings (sha256, host_id, unix_time, score, "
	"ns_per_access, wall_s, added_at, record) VALUES (?1, ?2, ?3, ?4, "
	"?5, ?6, ?7, ?8)"
};

struct ts_hist_adder {
	struct ts_hist	*h;
	sqlite3_stmt	*st[ST_N];
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
	for (i = 0; i < ST_N; i++)
		if (sqlite3_prepare_v2(h->db, sql[i], -1, &a->st[i], NULL) !=
		    SQLITE_OK) {
			ts_hist_errmsg(h, "preparing", err, errlen);
			ts_hist_adder_free(a);
			return NULL;
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
		sqlite3_finalize(a->st[i]);
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

long long
ts_hist_parse_time(const char *s)
{
	struct tm tm;
	int y, mo, d, h, mi, sec, n = 0;
	time_t t;

	if (s == NULL || sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%n", &y, &mo, &d,
	    &h, &mi, &sec, &n) != 6 || n != 19)
		return -1;
	s += n;
	if (*s == '.') {
		s++;
		if (*s < '0' || *s > '9')
			return -1;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	if (strcmp(s, "Z") != 0 || mo < 1 || mo > 12 || d < 1 || d > 31 ||
	    h > 23 || mi > 59 || sec > 60)
		return -1;
	memset(&tm, 0, sizeof tm);
	tm.tm_year = y - 1900;
	tm.tm_mon = mo - 1;
	tm.tm_mday = d;
	tm.tm_hour = h;
	tm.tm_min = mi;
	tm.tm_sec = sec;
	t = timegm(&tm);
	return (long long)t;
}

char *
ts_hist_machine_name(const struct ts_report *r)
{
	const struct ts_system *s = &r->system;
	char mem[32] = "";

	if (s->memory_bytes.set)
		snprintf(mem, sizeof mem, ", %.0f GiB",
		    (double)s->memory_bytes.v / (1024.0 * 1024 * 1024));
	return ts_xasprintf("%s, %llu CPUs%s, %s",
	    s->cpu_model != NULL ? s->cpu_model : "unknown CPU",
	    (unsigned long long)s->logical_cores, mem, s->target);
}

/* Reset a statement for another use. */
static void
reset(sqlite3_stmt *st)
{
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
}

/* The id of the row of a one-column lookup, 0 when none, -1 on error. */
static long long
lookup(struct ts_hist_adder *a, int which, const char *key, char *err,
    size_t errlen)
{
	sqlite3_stmt *st = a->st[which];
	long long id;
	int rc;

	sqlite3_bind_text(st, 1, key, -1, SQLITE_TRANSIENT);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		id = sqlite3_column_int64(st, 0);
	else if (rc == SQLITE_DONE)
		id = 0;
	else {
		ts_hist_errmsg(a->h, "looking up", err, errlen);
		id = -1;
	}
	reset(st);
	return id;
}

/* Run an insert; 0 or -1 with err. */
static int
step_done(struct ts_hist_adder *a, int which, char *err, size_t errlen)
{
	sqlite3_stmt *st = a->st[which];
	int rc = sqlite3_step(st);

	if (rc != SQLITE_DONE)
		ts_hist_errmsg(a->h, "adding", err, errlen);
	reset(st);
	return rc == SQLITE_DONE ? 0 : -1;
}

/* The id of host name, made when new (machine fields from r, or none). */
static long long
host_id(struct ts_hist_adder *a, const char *name, const struct ts_report *r,
    char *err, size_t errlen)
{
	sqlite3_stmt *st = a->st[ST_HOST_INSERT];

	sqlite3_bind_text(st, 1, name, -1, SQLITE_TRANSIENT);
	if (r != NULL) {
		if (r->system.cpu_model != NULL)
			sqlite3_bind_text(st, 2, r->system.cpu_model, -1,
			    SQLITE_TRANSIENT);
		sqlite3_bind_int64(st, 3, (sqlite3_int64)r->system.logical_cores);
		if (r->system.memory_bytes.set)
			sqlite3_bind_int64(st, 4,
			    (sqlite3_int64)r->system.memory_bytes.v);
		sqlite3_bind_text(st, 5, r->system.os, -1, SQLITE_TRANSIENT);
		sqlite3_bind_text(st, 6, r->system.target, -1,
		    SQLITE_TRANSIENT);
	}
	if (step_done(a, ST_HOST_INSERT, err, errlen) == -1)
		return -1;
	return lookup(a, ST_HOST_ID, name, err, errlen);
}

static int
add_pass(struct ts_hist_adder *a, long long doc, const struct ts_workload *w,
    const char *pass, const struct ts_pass *p, char *err, size_t errlen)
{
	sqlite3_stmt *st = a->st[ST_RESULT_INSERT];

	if (p == NULL)
		return 0;
	sqlite3_bind_int64(st, 1, doc);
	sqlite3_bind_text(st, 2, w->id, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 3, pass, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, ts_unit_name(w->unit), -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 5, w->unit != TS_UNIT_NANOSECONDS);
	sqlite3_bind_int64(st, 6, (sqlite3_int64)p->threads);
	sqlite3_bind_double(st, 7, p->value);
	sqlite3_bind_double(st, 8, isfinite(p->stats.ci95) ? p->stats.ci95 : 0);
	sqlite3_bind_double(st, 9, isfinite(p->stats.cv) ? p->stats.cv : 0);
	sqlite3_bind_int64(st, 10, (sqlite3_int64)p->stats.n);
	sqlite3_bind_text(st, 11, ts_stability_name(p->stats.stability), -1,
	    SQLITE_STATIC);
	return step_done(a, ST_RESULT_INSERT, err, errlen);
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

static int
add_document(struct ts_hist_adder *a, const char *text, size_t len,
    const char *name, struct ts_hist_added *out, char *err, size_t errlen)
{
	struct ts_report r;
	struct ts_verdict v;
	struct ts_producer prod;
	sqlite3_stmt *st = a->st[ST_DOC_INSERT];
	char sha[65], msg[512], *machine = NULL, *execs = NULL;
	const char *sig;
	long long hid, doc, t;
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
	if (v.nproblems > 0) {
		snprintf(err, errlen, "%s is not coherent (%s%s): nothing added",
		    name, v.problems[0], v.nproblems > 1 ? ", ..." : "");
		goto done;
	}
	sig = v.sig == TS_SIG_VERIFIED ? "valid" :
	    v.sig == TS_SIG_INVALID ? "invalid" : "unsigned";
	if (v.sig == TS_SIG_INVALID && !a->force) {
		snprintf(err, errlen, "%s: the signature is invalid (%s): "
		    "nothing added; --force records it marked invalid", name,
		    v.sig_message);
		goto done;
	}
	out->signature = sig;
	t = ts_hist_parse_time(r.generated_at);
	if (t < 0) {
		snprintf(err, errlen, "%s: generated_at '%s' is not a UTC time "
		    "YYYY-MM-DDTHH:MM:SSZ: nothing added", name, r.generated_at);
		goto done;
	}
	if (a->host == NULL)
		machine = ts_hist_machine_name(&r);
	hid = host_id(a, a->host != NULL ? a->host : machine, &r, err, errlen);
	if (hid <= 0)
		goto done;
	execs = executions_json(&r);
	sqlite3_bind_text(st, 1, sha, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, hid);
	sqlite3_bind_text(st, 3, r.generated_at, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 4, t);
	sqlite3_bind_text(st, 5, prod.description, -1, SQLITE_TRANSIENT);
	sqlite3_bind_text(st, 6, r.tool_version, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 7, (sqlite3_int64)r.config.threads);
	sqlite3_bind_int64(st, 8, r.config.samples);
	sqlite3_bind_int64(st, 9, r.config.warmup);
	sqlite3_bind_int64(st, 10, (sqlite3_int64)r.config.window_ms);
	sqlite3_bind_text(st, 11, sig, -1, SQLITE_STATIC);
	if (r.score.has_single_core)
		sqlite3_bind_double(st, 12, r.score.single_core);
	if (r.score.has_multi_core)
		sqlite3_bind_double(st, 13, r.score.multi_core);
	sqlite3_bind_text(st, 14, a->now, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 15, name, -1, SQLITE_TRANSIENT);
	sqlite3_bind_blob(st, 16, text, (int)len, SQLITE_STATIC);
	if (execs != NULL)
		sqlite3_bind_text(st, 17, execs, -1, SQLITE_TRANSIENT);
	if (step_done(a, ST_DOC_INSERT, err, errlen) == -1)
		goto done;
	doc = sqlite3_last_insert_rowid(a->h->db);
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

static int
add_one_record(struct ts_hist_adder *a, const struct ts_rec *rec,
    const char *name, struct ts_hist_added *out, char *err, size_t errlen)
{
	sqlite3_stmt *st = a->st[ST_TACH_INSERT];
	struct json_object *o;
	char sha[65];
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
	t = num_at(o, "unix_time");
	if (!isfinite(t))
		t = (double)time(NULL);
	sqlite3_bind_text(st, 1, sha, -1, SQLITE_TRANSIENT);
	sqlite3_bind_int64(st, 2, hid);
	sqlite3_bind_double(st, 3, t);
	sqlite3_bind_double(st, 4, rec->s);
	if (isfinite(x = num_at(o, "ns_per_access")))
		sqlite3_bind_double(st, 5, x);
	if (isfinite(x = num_at(o, "wall_s")))
		sqlite3_bind_double(st, 6, x);
	sqlite3_bind_text(st, 7, a->now, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 8, rec->text, -1, SQLITE_TRANSIENT);
	if (step_done(a, ST_TACH_INSERT, err, errlen) == -1)
		goto done;
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

int
ts_hist_add(struct ts_hist_adder *a, const char *text, size_t len,
    const char *name, struct ts_hist_added *out, char *err, size_t errlen)
{
	static const char head[] = "{\"probe\":";
	size_t i = 0;

	memset(out, 0, sizeof *out);
	while (i < len && (text[i] == ' ' || text[i] == '\n' ||
	    text[i] == '\t' || text[i] == '\r'))
		i++;
	if (len - i >= sizeof head - 1 &&
	    memcmp(text + i, head, sizeof head - 1) == 0) {
		out->tachyon = true;
		return add_records(a, text, len, name, out, err, errlen);
	}
	return add_document(a, text, len, name, out, err, errlen);
}
