/* SPDX-License-Identifier: MIT */
/*
 * The typed reader: a strict JSON tree (lib/doc/doc-parse.c) to struct
 * ts_report, field by field, with the types, optionality and messages of
 * ThreadStone 2.0.0's serde model.
 */
#include <config.h>

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "buf.h"
#include "doc/doc-ext-keys.h"
#include "doc/doc-parse.h"
#include "doc/doc-read.h"
#include "doc/doc-sniff.h"
#include "doc/doc-write.h"
#include "num/num-format.h"
#include "num/num-parse.h"
#include "units.h"
#include "util.h"

struct rd {
	char		*err;
	size_t		 errlen;
	bool		 failed;
	struct ts_report *r;
};

/* Longest path we build: "workloads[N].multi_thread.stats" and the like. */
#define PATHLEN	256

/* Record the first error, "MESSAGE at PATH" (no suffix at the top). */
static int __attribute__((format(printf, 3, 4)))
fail(struct rd *rd, const char *path, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (rd->failed)
		return -1;
	rd->failed = true;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (path[0] != '\0')
		snprintf(rd->err, rd->errlen, "%s at %s", msg, path);
	else
		snprintf(rd->err, rd->errlen, "%s", msg);
	return -1;
}

/*
 * Join a parent path and a key ("system" + "timer" = "system.timer"); with
 * an index, "workloads" + 3 = "workloads[3]".  Paths only appear in
 * messages, so an overlong one is cut short.
 */
static void
join_index(char *out, const char *parent, const char *key, long idx)
{
	int n;

	if (idx < 0)
		n = snprintf(out, PATHLEN, "%s%s%s", parent,
		    parent[0] ? "." : "", key);
	else
		n = snprintf(out, PATHLEN, "%s%s%s[%ld]", parent,
		    parent[0] ? "." : "", key, idx);
	if (n < 0 || n >= PATHLEN)
		out[PATHLEN - 1] = '\0';
}

/* Join a parent path and a key. */
static void
join(char *out, const char *parent, const char *key)
{
	join_index(out, parent, key, -1);
}

/* Describe a JSON value the way serde's "invalid type" messages do. */
static void
describe(struct json_object *v, char *out, size_t len)
{
	struct ts_num num;
	const char *t;

	switch (json_object_get_type(v)) {
	case json_type_null:
		snprintf(out, len, "null");
		break;
	case json_type_boolean:
		snprintf(out, len, "boolean `%s`",
		    json_object_get_boolean(v) ? "true" : "false");
		break;
	case json_type_int:
	case json_type_double:
		t = json_object_get_string(v);
		if (ts_serde_parse(t, strlen(t), &num) == TS_NUM_F64)
			snprintf(out, len, "floating point `%.40s`", t);
		else
			snprintf(out, len, "integer `%.40s`", t);
		break;
	case json_type_string:
		snprintf(out, len, "string \"%.40s\"", json_object_get_string(v));
		break;
	case json_type_array:
		snprintf(out, len, "sequence");
		break;
	default:
		snprintf(out, len, "map");
		break;
	}
}

/* Fail with serde's "invalid type: X, expected WHAT". */
static int
wrong_type(struct rd *rd, const char *path, struct json_object *v,
    const char *what)
{
	char d[96];

	describe(v, d, sizeof d);
	return fail(rd, path, "invalid type: %s, expected %s", d, what);
}

/*
 * Check that v is an object (a struct named name), record its unknown
 * keys, and refuse a known field given twice.
 */
static int
open_struct(struct rd *rd, struct json_object *v, const char *path,
    const char *name, const char *const *known)
{
	struct json_object_iterator it, end;
	const char *key;
	struct ts_report *r = rd->r;
	size_t i;
	bool found;

	if (!json_object_is_type(v, json_type_object))
		return wrong_type(rd, path, v, name);
	for (i = 0; known[i] != NULL; i++)
		if (ts_json_is_duplicate(v, known[i]) &&
		    strcmp(known[i], "extensions") != 0 &&
		    strcmp(known[i], "document_value") != 0)
			return fail(rd, path, "duplicate field `%s`",
			    known[i]);
	it = json_object_iter_begin(v);
	end = json_object_iter_end(v);
	for (; !json_object_iter_equal(&it, &end);
	    json_object_iter_next(&it)) {
		key = json_object_iter_peek_name(&it);
		found = false;
		for (i = 0; known[i] != NULL && !found; i++)
			found = strcmp(key, known[i]) == 0;
		if (found)
			continue;
		r->unknown_keys = ts_xrealloc(r->unknown_keys,
		    (r->nunknown_keys + 1) * sizeof *r->unknown_keys);
		r->unknown_keys[r->nunknown_keys++] = ts_xasprintf("%s%s%s",
		    path, path[0] ? "." : "", key);
	}
	return 0;
}

/*
 * Look up key in struct obj.  Return 1 with *out set when present and not
 * null, 0 when absent or null and optional, -1 (error) otherwise.
 */
static int
field(struct rd *rd, struct json_object *obj, const char *path,
    const char *key, bool optional, const char *what,
    struct json_object **out)
{
	char p[PATHLEN];

	*out = NULL;
	if (!json_object_object_get_ex(obj, key, out)) {
		if (optional)
			return 0;
		if (path[0] != '\0')
			return fail(rd, "", "missing field `%s` in %s", key,
			    path);
		return fail(rd, "", "missing field `%s`", key);
	}
	if (*out == NULL) {
		if (optional)
			return 0;
		join(p, path, key);
		return wrong_type(rd, p, NULL, what);
	}
	return 1;
}

/* Convert one JSON value to an unsigned integer of at most max. */
static int
to_uint(struct rd *rd, struct json_object *v, const char *path,
    uint64_t max, const char *what, uint64_t *out)
{
	struct ts_num num;
	const char *t;

	if (!json_object_is_type(v, json_type_int) &&
	    !json_object_is_type(v, json_type_double))
		return wrong_type(rd, path, v, what);
	t = json_object_get_string(v);
	switch (ts_serde_parse(t, strlen(t), &num)) {
	case TS_NUM_U64:
		if (num.u > max)
			return fail(rd, path, "invalid value: integer `%s`, "
			    "expected %s", t, what);
		*out = num.u;
		return 0;
	case TS_NUM_I64:
		return fail(rd, path, "invalid value: integer `%s`, "
		    "expected %s", t, what);
	case TS_NUM_F64:
		return wrong_type(rd, path, v, what);
	default:
		return fail(rd, path, "number out of range");
	}
}

/* Convert one JSON number to a double the way serde_json reads f64. */
static int
to_f64(struct rd *rd, struct json_object *v, const char *path, double *out)
{
	struct ts_num num;
	const char *t;

	if (!json_object_is_type(v, json_type_int) &&
	    !json_object_is_type(v, json_type_double))
		return wrong_type(rd, path, v, "f64");
	t = json_object_get_string(v);
	switch (ts_serde_parse(t, strlen(t), &num)) {
	case TS_NUM_U64:
		*out = (double)num.u;
		return 0;
	case TS_NUM_I64:
		*out = (double)num.i;
		return 0;
	case TS_NUM_F64:
		*out = num.f;
		return 0;
	default:
		return fail(rd, path, "number out of range");
	}
}

/* Read an unsigned integer field (required, or optional into *opt). */
static int
rd_uint(struct rd *rd, struct json_object *obj, const char *path,
    const char *key, uint64_t max, const char *what, uint64_t *out,
    struct ts_opt_u64 *opt)
{
	struct json_object *v;
	char p[PATHLEN];
	int rc;

	if ((rc = field(rd, obj, path, key, opt != NULL, what, &v)) <= 0)
		return rc;
	join(p, path, key);
	if (opt != NULL) {
		opt->set = true;
		out = &opt->v;
	}
	return to_uint(rd, v, p, max, what, out);
}

/* Read a required f64 field, or an optional one (*has). */
static int
rd_f64(struct rd *rd, struct json_object *obj, const char *path,
    const char *key, double *out, bool *has)
{
	struct json_object *v;
	char p[PATHLEN];
	int rc;

	if ((rc = field(rd, obj, path, key, has != NULL, "f64", &v)) <= 0)
		return rc;
	if (has != NULL)
		*has = true;
	join(p, path, key);
	return to_f64(rd, v, p, out);
}

/*
 * Fetch a field as field() does and check that it has JSON type t
 * (what names it in the error): 1 when present, 0 when an optional one
 * is absent, -1 on error.
 */
static int
typed_field(struct rd *rd, struct json_object *obj, const char *path,
    const char *key, bool optional, enum json_type t, const char *what,
    struct json_object **v)
{
	char p[PATHLEN];
	int rc;

	if ((rc = field(rd, obj, path, key, optional, what, v)) <= 0)
		return rc;
	if (json_object_is_type(*v, t))
		return 1;
	join(p, path, key);
	return wrong_type(rd, p, *v, what);
}

/* Read a string field into a fresh copy; optional ones stay NULL. */
static int
rd_str(struct rd *rd, struct json_object *obj, const char *path,
    const char *key, bool optional, char **out)
{
	struct json_object *v;
	int rc;

	rc = typed_field(rd, obj, path, key, optional, json_type_string,
	    "a string", &v);
	if (rc > 0)
		*out = ts_xstrdup(json_object_get_string(v));
	return rc < 0 ? -1 : 0;
}

/* Read a boolean field; an optional one left absent keeps *out. */
static int
rd_bool(struct rd *rd, struct json_object *obj, const char *path,
    const char *key, bool optional, bool *out)
{
	struct json_object *v;

	if (typed_field(rd, obj, path, key, optional, json_type_boolean,
	    "a boolean", &v) < 0)
		return -1;
	if (v != NULL)		/* present, not null */
		*out = json_object_get_boolean(v);
	return 0;
}

/* Read a required array field; *out is the json-c array. */
static int
rd_array(struct rd *rd, struct json_object *obj, const char *path,
    const char *key, struct json_object **out)
{
	return typed_field(rd, obj, path, key, false, json_type_array,
	    "a sequence", out) < 0 ? -1 : 0;
}

static const char *const summary_keys[] = { "n", "outliers", "median",
	"mean", "stddev", "cv", "min", "max", "p05", "p95", "ci95",
	"stability", NULL };

/* Read a pass's "stats" object. */
static int
rd_stats(struct rd *rd, struct json_object *v, const char *path,
    struct ts_stats *s)
{
	double *f[] = { &s->median, &s->mean, &s->stddev, &s->cv, &s->min,
	    &s->max, &s->p05, &s->p95, &s->ci95 };
	struct json_object *e;
	char p[PATHLEN];
	size_t i;

	if (open_struct(rd, v, path, "struct Summary", summary_keys) < 0 ||
	    rd_uint(rd, v, path, "n", UINT64_MAX, "usize", &s->n, NULL) < 0 ||
	    rd_uint(rd, v, path, "outliers", UINT64_MAX, "usize",
	    &s->outliers, NULL) < 0)
		return -1;
	for (i = 0; i < sizeof f / sizeof f[0]; i++)
		if (rd_f64(rd, v, path, summary_keys[i + 2], f[i], NULL) < 0)
			return -1;
	if (typed_field(rd, v, path, "stability", false, json_type_string,
	    "variant identifier", &e) < 0)
		return -1;
	join(p, path, "stability");
	if (ts_stability_from_name(json_object_get_string(e),
	    &s->stability) < 0)
		return fail(rd, p, "unknown variant `%.40s`, expected one of "
		    "`stable`, `acceptable`, `noisy`, `unreliable`",
		    json_object_get_string(e));
	return 0;
}

static const char *const pass_keys[] = { "threads", "iters_per_thread",
	"value", "samples", "stats", "window_ms", "window_too_short", NULL };

/* Read an optional pass; *out stays NULL when absent or null. */
static int
rd_pass(struct rd *rd, struct json_object *obj, const char *path,
    const char *key, struct ts_pass **out)
{
	struct json_object *v, *a;
	struct ts_pass *ps;
	char p[PATHLEN], q[PATHLEN];
	size_t i, n;
	int rc;

	if ((rc = field(rd, obj, path, key, true, "struct Pass", &v)) <= 0)
		return rc;
	join(p, path, key);
	ps = *out = ts_xcalloc(1, sizeof *ps);
	if (open_struct(rd, v, p, "struct Pass", pass_keys) < 0 ||
	    rd_uint(rd, v, p, "threads", UINT64_MAX, "usize", &ps->threads,
	    NULL) < 0 ||
	    rd_uint(rd, v, p, "iters_per_thread", UINT64_MAX, "u64",
	    &ps->iters_per_thread, NULL) < 0 ||
	    rd_f64(rd, v, p, "value", &ps->value, NULL) < 0 ||
	    rd_array(rd, v, p, "samples", &a) < 0)
		return -1;
	n = json_object_array_length(a);
	ps->samples = ts_xcalloc(n, sizeof *ps->samples);
	ps->nsamples = n;
	for (i = 0; i < n; i++) {
		join_index(q, p, "samples", (long)i);
		if (json_object_array_get_idx(a, i) == NULL)
			return wrong_type(rd, q, NULL, "f64");
		if (to_f64(rd, json_object_array_get_idx(a, i), q,
		    &ps->samples[i]) < 0)
			return -1;
	}
	if (field(rd, v, p, "stats", false, "struct Summary", &a) < 0)
		return -1;
	join(q, p, "stats");
	if (rd_stats(rd, a, q, &ps->stats) < 0 ||
	    rd_f64(rd, v, p, "window_ms", &ps->window_ms, NULL) < 0 ||
	    rd_bool(rd, v, p, "window_too_short", true,
	    &ps->window_too_short) < 0)
		return -1;
	return 0;
}

static const char *const scaling_keys[] = { "speedup", "efficiency",
	"threads", NULL };
static const char *const workload_keys[] = { "id", "name", "summary",
	"unit", "reference", "single_thread", "multi_thread", "scaling",
	"excluded_from_multi_core", "error", NULL };

/* The units' names as serde lists a enum's variants: `a`, `b`, `c`. */
static const char *
unit_names(char *buf, size_t len)
{
	size_t u, at = 0;

	buf[0] = '\0';
	for (u = 0; u < ts_unit_count() && at < len; u++)
		at += (size_t)snprintf(buf + at, len - at, "%s`%s`",
		    u > 0 ? ", " : "", ts_unit_name((enum ts_unit)u));
	return buf;
}

/* Read one entry of "workloads". */
static int
rd_workload(struct rd *rd, struct json_object *v, const char *path,
    struct ts_workload *w)
{
	struct json_object *e;
	char p[PATHLEN], names[256];
	int rc;

	if (open_struct(rd, v, path, "struct WorkloadReport",
	    workload_keys) < 0 ||
	    rd_str(rd, v, path, "id", false, &w->id) < 0 ||
	    rd_str(rd, v, path, "name", false, &w->name) < 0 ||
	    rd_str(rd, v, path, "summary", false, &w->summary) < 0 ||
	    typed_field(rd, v, path, "unit", false, json_type_string,
	    "variant identifier", &e) < 0)
		return -1;
	join(p, path, "unit");
	if (ts_unit_from_name(json_object_get_string(e), &w->unit) < 0)
		return fail(rd, p, "unknown variant `%.40s`, expected one of %s",
		    json_object_get_string(e), unit_names(names, sizeof names));
	if (rd_f64(rd, v, path, "reference", &w->reference, NULL) < 0 ||
	    rd_pass(rd, v, path, "single_thread", &w->single) < 0 ||
	    rd_pass(rd, v, path, "multi_thread", &w->multi) < 0)
		return -1;
	if ((rc = field(rd, v, path, "scaling", true, "struct ScalingReport",
	    &e)) < 0)
		return -1;
	if (rc > 0) {
		join(p, path, "scaling");
		w->scaling = ts_xcalloc(1, sizeof *w->scaling);
		if (open_struct(rd, e, p, "struct ScalingReport",
		    scaling_keys) < 0 ||
		    rd_f64(rd, e, p, "speedup", &w->scaling->speedup,
		    NULL) < 0 ||
		    rd_f64(rd, e, p, "efficiency", &w->scaling->efficiency,
		    NULL) < 0 ||
		    rd_uint(rd, e, p, "threads", UINT64_MAX, "usize",
		    &w->scaling->threads, NULL) < 0)
			return -1;
	}
	if (rd_str(rd, v, path, "excluded_from_multi_core", true,
	    &w->excluded_from_multi_core) < 0 ||
	    rd_str(rd, v, path, "error", true, &w->error) < 0)
		return -1;
	return 0;
}

static const char *const component_keys[] = { "id", "measured",
	"reference", "ratio", NULL };

/* Read one of the score's component arrays. */
static int
rd_components(struct rd *rd, struct json_object *obj, const char *path,
    const char *key, struct ts_component **out, size_t *nout)
{
	struct json_object *a, *e;
	struct ts_component *c;
	char p[PATHLEN];
	size_t i, n;

	if (rd_array(rd, obj, path, key, &a) < 0)
		return -1;
	n = json_object_array_length(a);
	*out = ts_xcalloc(n, sizeof **out);
	*nout = n;
	for (i = 0; i < n; i++) {
		join_index(p, path, key, (long)i);
		e = json_object_array_get_idx(a, i);
		c = &(*out)[i];
		if (open_struct(rd, e, p, "struct ScoreComponent",
		    component_keys) < 0 ||
		    rd_str(rd, e, p, "id", false, &c->id) < 0 ||
		    rd_f64(rd, e, p, "measured", &c->measured, NULL) < 0 ||
		    rd_f64(rd, e, p, "reference", &c->reference, NULL) < 0 ||
		    rd_f64(rd, e, p, "ratio", &c->ratio, NULL) < 0)
			return -1;
	}
	return 0;
}

static const char *const system_keys[] = { "cpu_model", "cpu_vendor",
	"physical_cores", "logical_cores", "performance_cores",
	"efficiency_cores", "l1d_bytes", "l2_bytes", "l3_bytes",
	"cache_line_bytes", "memory_bytes", "os", "os_version", "target",
	"rustc_version", "build_profile", "timer", NULL };
static const char *const profile_keys[] = { "opt_level",
	"debug_assertions", "target_cpu", "target_features", NULL };
static const char *const timer_keys[] = { "cycle_source", "cycle_hz",
	"resolution_ns", "overhead_ns", NULL };

/* Read "system" with its "build_profile" and "timer". */
static int
rd_system(struct rd *rd, struct json_object *v, struct ts_system *s)
{
	struct ts_opt_u64 *opt[] = { &s->l1d_bytes, &s->l2_bytes,
	    &s->l3_bytes, &s->cache_line_bytes, &s->memory_bytes };
	struct json_object *e;
	size_t i;

	if (open_struct(rd, v, "system", "struct SystemInfo",
	    system_keys) < 0 ||
	    rd_str(rd, v, "system", "cpu_model", true, &s->cpu_model) < 0 ||
	    rd_str(rd, v, "system", "cpu_vendor", true, &s->cpu_vendor) < 0 ||
	    rd_uint(rd, v, "system", "physical_cores", UINT64_MAX, "usize",
	    NULL, &s->physical_cores) < 0 ||
	    rd_uint(rd, v, "system", "logical_cores", UINT64_MAX, "usize",
	    &s->logical_cores, NULL) < 0 ||
	    rd_uint(rd, v, "system", "performance_cores", UINT64_MAX, "usize",
	    NULL, &s->performance_cores) < 0 ||
	    rd_uint(rd, v, "system", "efficiency_cores", UINT64_MAX, "usize",
	    NULL, &s->efficiency_cores) < 0)
		return -1;
	for (i = 0; i < sizeof opt / sizeof opt[0]; i++)
		if (rd_uint(rd, v, "system", system_keys[i + 6], UINT64_MAX,
		    "u64", NULL, opt[i]) < 0)
			return -1;
	if (rd_str(rd, v, "system", "os", false, &s->os) < 0 ||
	    rd_str(rd, v, "system", "os_version", true, &s->os_version) < 0 ||
	    rd_str(rd, v, "system", "target", false, &s->target) < 0 ||
	    rd_str(rd, v, "system", "rustc_version", true,
	    &s->rustc_version) < 0 ||
	    field(rd, v, "system", "build_profile", false,
	    "struct BuildProfile", &e) < 0 ||
	    open_struct(rd, e, "system.build_profile", "struct BuildProfile",
	    profile_keys) < 0 ||
	    rd_str(rd, e, "system.build_profile", "opt_level", false,
	    &s->build_profile.opt_level) < 0 ||
	    rd_bool(rd, e, "system.build_profile", "debug_assertions", false,
	    &s->build_profile.debug_assertions) < 0 ||
	    rd_str(rd, e, "system.build_profile", "target_cpu", true,
	    &s->build_profile.target_cpu) < 0 ||
	    rd_str(rd, e, "system.build_profile", "target_features", true,
	    &s->build_profile.target_features) < 0 ||
	    field(rd, v, "system", "timer", false, "struct TimerInfo",
	    &e) < 0 ||
	    open_struct(rd, e, "system.timer", "struct TimerInfo",
	    timer_keys) < 0 ||
	    rd_str(rd, e, "system.timer", "cycle_source", false,
	    &s->timer.cycle_source) < 0 ||
	    rd_f64(rd, e, "system.timer", "cycle_hz", &s->timer.cycle_hz,
	    NULL) < 0 ||
	    rd_uint(rd, e, "system.timer", "resolution_ns", UINT64_MAX, "u64",
	    &s->timer.resolution_ns, NULL) < 0 ||
	    rd_f64(rd, e, "system.timer", "overhead_ns",
	    &s->timer.overhead_ns, NULL) < 0)
		return -1;
	return 0;
}

/*
 * The extensions, member by member in document order: a known key is
 * typed by its descriptor (doc-ext-keys.c), leniently; its value as read
 * is kept beside the record only when writing the record back would not
 * give the very bytes the document had (another type, a member we do not
 * write, members in another order, an integer where we write a float).
 * An unknown key keeps its value as read.
 */
void
ts_ext_read(struct json_object *v, struct ts_extensions *e)
{
	struct json_object *mine;
	struct ts_ext_entry *m;

	ts_extensions_free(e);
	e->present = true;
	e->read = true;
	if (v == NULL || !json_object_is_type(v, json_type_object)) {
		e->whole = json_object_get(v);
		return;
	}
	json_object_object_foreach(v, key, val) {
		m = ts_ext_append(e, ts_ext_find(key), key);
		if (m->key != NULL) {
			m->key->read(val, m->rec);
			mine = m->key->write(m->rec);
			if (ts_json_same_pretty(mine, val)) {
				json_object_put(mine);
				continue;
			}
			json_object_put(mine);
		}
		m->kept = true;
		m->raw = json_object_get(val);
	}
}

static const char *const report_keys[] = { "schema_version",
	"tool_version", "generated_at", "duration_secs", "system", "config",
	"workloads", "score", "extensions", "signature", NULL };
static const char *const config_keys[] = { "threads", "samples",
	"warmup", "window_ms", NULL };
static const char *const score_keys[] = { "reference", "single_core",
	"multi_core", "single_core_components", "multi_core_components",
	NULL };
static const char *const signature_keys[] = { "algorithm", "public_key",
	"value", "document_value", NULL };

/*
 * signature.document_value is ours and the original ignores it, so it
 * never makes a document unreadable: a value that is not a string (or
 * null) is kept as its JSON text, which fails as base64 when checked.
 */
static void
rd_document_value(struct json_object *sig, struct ts_signature *s)
{
	struct json_object *v;

	if (!json_object_object_get_ex(sig, "document_value", &v) ||
	    v == NULL)
		return;
	s->document_value = ts_xstrdup(json_object_is_type(v,
	    json_type_string) ? json_object_get_string(v) :
	    json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN));
}

/* Read the whole document from its tree. */
static int
rd_report(struct rd *rd, struct json_object *root)
{
	struct ts_report *r = rd->r;
	struct json_object *v;
	uint64_t u;
	char p[PATHLEN];
	size_t i, n;
	int rc;

	if (open_struct(rd, root, "", "struct Report", report_keys) < 0 ||
	    rd_uint(rd, root, "", "schema_version", UINT32_MAX, "u32", &u,
	    NULL) < 0)
		return -1;
	r->schema_version = (uint32_t)u;
	if (rd_str(rd, root, "", "tool_version", false, &r->tool_version) < 0 ||
	    rd_str(rd, root, "", "generated_at", false, &r->generated_at) < 0 ||
	    rd_f64(rd, root, "", "duration_secs", &r->duration_secs,
	    NULL) < 0 ||
	    field(rd, root, "", "system", false, "struct SystemInfo",
	    &v) < 0 ||
	    rd_system(rd, v, &r->system) < 0 ||
	    field(rd, root, "", "config", false, "struct RunSettings",
	    &v) < 0 ||
	    open_struct(rd, v, "config", "struct RunSettings",
	    config_keys) < 0 ||
	    rd_uint(rd, v, "config", "threads", UINT64_MAX, "usize",
	    &r->config.threads, NULL) < 0 ||
	    rd_uint(rd, v, "config", "samples", UINT32_MAX, "u32", &u,
	    NULL) < 0)
		return -1;
	r->config.samples = (uint32_t)u;
	if (rd_uint(rd, v, "config", "warmup", UINT32_MAX, "u32", &u,
	    NULL) < 0)
		return -1;
	r->config.warmup = (uint32_t)u;
	if (rd_uint(rd, v, "config", "window_ms", UINT64_MAX, "u64",
	    &r->config.window_ms, NULL) < 0 ||
	    rd_array(rd, root, "", "workloads", &v) < 0)
		return -1;
	n = json_object_array_length(v);
	r->workloads = ts_xcalloc(n, sizeof *r->workloads);
	r->nworkloads = n;
	for (i = 0; i < n; i++) {
		join_index(p, "", "workloads", (long)i);
		if (rd_workload(rd, json_object_array_get_idx(v, i), p,
		    &r->workloads[i]) < 0)
			return -1;
	}
	if (field(rd, root, "", "score", false, "struct ScoreCard", &v) < 0 ||
	    open_struct(rd, v, "score", "struct ScoreCard", score_keys) < 0 ||
	    rd_str(rd, v, "score", "reference", false,
	    &r->score.reference) < 0 ||
	    rd_f64(rd, v, "score", "single_core", &r->score.single_core,
	    &r->score.has_single_core) < 0 ||
	    rd_f64(rd, v, "score", "multi_core", &r->score.multi_core,
	    &r->score.has_multi_core) < 0 ||
	    rd_components(rd, v, "score", "single_core_components",
	    &r->score.single_components, &r->score.nsingle_components) < 0 ||
	    rd_components(rd, v, "score", "multi_core_components",
	    &r->score.multi_components, &r->score.nmulti_components) < 0)
		return -1;
	if (json_object_object_get_ex(root, "extensions", &v) && v != NULL)
		ts_ext_read(v, &r->ext);
	if ((rc = field(rd, root, "", "signature", true, "struct Signature",
	    &v)) < 0)
		return -1;
	if (rc > 0) {
		r->signature = ts_xcalloc(1, sizeof *r->signature);
		if (open_struct(rd, v, "signature", "struct Signature",
		    signature_keys) < 0 ||
		    rd_str(rd, v, "signature", "algorithm", false,
		    &r->signature->algorithm) < 0 ||
		    rd_str(rd, v, "signature", "public_key", false,
		    &r->signature->public_key) < 0 ||
		    rd_str(rd, v, "signature", "value", false,
		    &r->signature->value) < 0)
			return -1;
		rd_document_value(v, r->signature);
	}
	return 0;
}

/*
 * The canonical bytes of everything the document holds but its top-level
 * "signature": the same form as the original's (sorted keys, compact,
 * doubles through serde_json's parser once more), computed from the tree
 * as read rather than from the typed model, so that "extensions" and keys
 * the model does not know are in it.
 */
static void
whole_canonical(struct json_object *root, struct ts_report *r)
{
	struct ts_buf b;

	json_object_object_del(root, "signature");
	ts_buf_init(&b);
	ts_json_write_canonical(root, &b);
	r->whole_canonical = b.data;
	r->nwhole_canonical = b.len;
}

int
ts_doc_parse(const char *text, size_t len, struct ts_report *r, char *err,
    size_t errlen)
{
	struct rd rd = { err, errlen, false, r };
	struct json_object *root;
	int rc;

	memset(r, 0, sizeof *r);
	if (ts_json_parse(text, len, &root, err, errlen) == -1)
		return -1;
	rc = rd_report(&rd, root);
	if (rc == 0)
		whole_canonical(root, r);
	json_object_put(root);
	if (rc < 0)
		ts_report_free(r);
	return rc;
}

int
ts_doc_read(const char *path, struct ts_report *r, char *err, size_t errlen)
{
	struct ts_buf b;
	const char *kind;
	char why[1024];
	int rc;

	memset(r, 0, sizeof *r);
	if (ts_read_file(path, TS_DOC_MAX_BYTES, &b, err, errlen) == -1)
		return TS_DOC_EREAD;
	kind = ts_file_kind_name(ts_file_kind(b.data, b.len));
	if (!ts_utf8_valid(b.data, b.len, NULL)) {
		if (kind != NULL)
			snprintf(err, errlen, "cannot read %s: it is %s, not a "
			    "result document", path, kind);
		else
			snprintf(err, errlen, "cannot read %s: stream did not "
			    "contain valid UTF-8", path);
		ts_buf_free(&b);
		return TS_DOC_EREAD;
	}
	rc = ts_doc_parse(b.data, b.len, r, why, sizeof why);
	/* A file of another kind is named; a result document keeps the
	 * parser's message, which says what is wrong in it. */
	if (rc != 0 && kind != NULL &&
	    ts_file_kind(b.data, b.len) != TS_KIND_RESULT)
		snprintf(err, errlen, "it is %s, not a result document (%s)",
		    kind, why);
	else if (rc != 0)
		snprintf(err, errlen, "%s", why);
	ts_buf_free(&b);
	return rc == 0 ? TS_DOC_OK : TS_DOC_EPARSE;
}

int
ts_doc_load(const char *path, const char *name, struct ts_report *r,
    char *err, size_t errlen)
{
	char why[1024];

	switch (ts_doc_read(path, r, why, sizeof why)) {
	case TS_DOC_OK:
		return 0;
	case TS_DOC_EREAD:
		snprintf(err, errlen, "%s", why);
		return -1;
	default:
		snprintf(err, errlen, "%s: %s", name, why);
		return -1;
	}
}

int
ts_doc_load_arg(const char *arg, struct ts_report *r, char *err,
    size_t errlen)
{
	return ts_doc_load(ts_operand_path(arg), strcmp(arg, "-") == 0 ?
	    "standard input" : arg, r, err, errlen);
}
