/* SPDX-License-Identifier: MIT */
/*
 * The typed report to text: a json-c tree in struct order, then our own
 * serialisers (json-c's writer escapes "/", prints "[ ]" and "%.17g").
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "buf.h"
#include "doc/doc-ext-keys.h"
#include "doc/doc-write.h"
#include "num/num-format.h"
#include "num/num-parse.h"
#include "outfile.h"
#include "util.h"

/* Whether one trip through serde_json's parser leaves x as it is. */
static bool
is_fixed(double x)
{
	double y = ts_serde_normalise(x);

	return memcmp(&x, &y, sizeof x) == 0;
}

/*
 * One round of normalisation repeated until x stops changing; where the
 * rounds cycle (below about 1e-6 lossy(ryu(x)) can alternate between
 * neighbours), the nearest double that is a fixed point, so that the
 * text written reads back to itself.
 */
double
ts_doc_fixed_point(double x)
{
	double y, up, down;
	int i;

	if (!isfinite(x))
		return x;
	for (i = 0; i < 8; i++) {
		y = ts_serde_normalise(x);
		if (memcmp(&x, &y, sizeof x) == 0)
			return x;
		x = y;
	}
	up = down = x;
	for (i = 0; i < 1024; i++) {
		if (is_fixed(down = nextafter(down, 0)))
			return down;
		if (is_fixed(up = nextafter(up, x > 0 ? HUGE_VAL : -HUGE_VAL)))
			return up;
	}
	return x;
}

void
ts_report_normalise(struct ts_report *r)
{
	ts_report_map_doubles(r, ts_doc_fixed_point);
}

/* Add a string member (nothing when s is NULL: an absent optional). */
static void
add_str(struct json_object *o, const char *key, const char *s)
{
	if (s != NULL)
		json_object_object_add(o, key, json_object_new_string(s));
}

/* Add an unsigned integer member. */
static void
add_u64(struct json_object *o, const char *key, uint64_t v)
{
	json_object_object_add(o, key, json_object_new_uint64(v));
}

/* Add an optional unsigned integer member. */
static void
add_opt(struct json_object *o, const char *key, struct ts_opt_u64 v)
{
	if (v.set)
		add_u64(o, key, v.v);
}

/* Add a double member. */
static void
add_f64(struct json_object *o, const char *key, double v)
{
	json_object_object_add(o, key, json_object_new_double(v));
}

/* A pass object in struct order. */
static struct json_object *
pass_tree(const struct ts_pass *p)
{
	struct json_object *o = json_object_new_object(), *a, *s;
	size_t i;

	add_u64(o, "threads", p->threads);
	add_u64(o, "iters_per_thread", p->iters_per_thread);
	add_f64(o, "value", p->value);
	a = json_object_new_array();
	for (i = 0; i < p->nsamples; i++)
		json_object_array_add(a, json_object_new_double(p->samples[i]));
	json_object_object_add(o, "samples", a);
	s = json_object_new_object();
	add_u64(s, "n", p->stats.n);
	add_u64(s, "outliers", p->stats.outliers);
	add_f64(s, "median", p->stats.median);
	add_f64(s, "mean", p->stats.mean);
	add_f64(s, "stddev", p->stats.stddev);
	add_f64(s, "cv", p->stats.cv);
	add_f64(s, "min", p->stats.min);
	add_f64(s, "max", p->stats.max);
	add_f64(s, "p05", p->stats.p05);
	add_f64(s, "p95", p->stats.p95);
	add_f64(s, "ci95", p->stats.ci95);
	add_str(s, "stability", ts_stability_name(p->stats.stability));
	json_object_object_add(o, "stats", s);
	add_f64(o, "window_ms", p->window_ms);
	if (p->window_too_short)
		json_object_object_add(o, "window_too_short",
		    json_object_new_boolean(1));
	return o;
}

/* A workload entry in struct order. */
static struct json_object *
workload_tree(const struct ts_workload *w)
{
	struct json_object *o = json_object_new_object(), *s;

	add_str(o, "id", w->id ? w->id : "");
	add_str(o, "name", w->name ? w->name : "");
	add_str(o, "summary", w->summary ? w->summary : "");
	add_str(o, "unit", ts_unit_name(w->unit));
	add_f64(o, "reference", w->reference);
	if (w->single != NULL)
		json_object_object_add(o, "single_thread", pass_tree(w->single));
	if (w->multi != NULL)
		json_object_object_add(o, "multi_thread", pass_tree(w->multi));
	if (w->scaling != NULL) {
		s = json_object_new_object();
		add_f64(s, "speedup", w->scaling->speedup);
		add_f64(s, "efficiency", w->scaling->efficiency);
		add_u64(s, "threads", w->scaling->threads);
		json_object_object_add(o, "scaling", s);
	}
	add_str(o, "excluded_from_multi_core", w->excluded_from_multi_core);
	add_str(o, "error", w->error);
	return o;
}

/* A component array. */
static struct json_object *
components_tree(const struct ts_component *c, size_t n)
{
	struct json_object *a = json_object_new_array(), *o;
	size_t i;

	for (i = 0; i < n; i++) {
		o = json_object_new_object();
		add_str(o, "id", c[i].id ? c[i].id : "");
		add_f64(o, "measured", c[i].measured);
		add_f64(o, "reference", c[i].reference);
		add_f64(o, "ratio", c[i].ratio);
		json_object_array_add(a, o);
	}
	return a;
}

/* The "system" object in struct order. */
static struct json_object *
system_tree(const struct ts_system *s)
{
	struct json_object *o = json_object_new_object(), *e;

	add_str(o, "cpu_model", s->cpu_model);
	add_str(o, "cpu_vendor", s->cpu_vendor);
	add_opt(o, "physical_cores", s->physical_cores);
	add_u64(o, "logical_cores", s->logical_cores);
	add_opt(o, "performance_cores", s->performance_cores);
	add_opt(o, "efficiency_cores", s->efficiency_cores);
	add_opt(o, "l1d_bytes", s->l1d_bytes);
	add_opt(o, "l2_bytes", s->l2_bytes);
	add_opt(o, "l3_bytes", s->l3_bytes);
	add_opt(o, "cache_line_bytes", s->cache_line_bytes);
	add_opt(o, "memory_bytes", s->memory_bytes);
	add_str(o, "os", s->os ? s->os : "");
	add_str(o, "os_version", s->os_version);
	add_str(o, "target", s->target ? s->target : "");
	add_str(o, "rustc_version", s->rustc_version);
	e = json_object_new_object();
	add_str(e, "opt_level", s->build_profile.opt_level ?
	    s->build_profile.opt_level : "unknown");
	json_object_object_add(e, "debug_assertions",
	    json_object_new_boolean(s->build_profile.debug_assertions));
	add_str(e, "target_cpu", s->build_profile.target_cpu);
	add_str(e, "target_features", s->build_profile.target_features);
	json_object_object_add(o, "build_profile", e);
	e = json_object_new_object();
	add_str(e, "cycle_source", s->timer.cycle_source ?
	    s->timer.cycle_source : "");
	add_f64(e, "cycle_hz", s->timer.cycle_hz);
	add_u64(e, "resolution_ns", s->timer.resolution_ns);
	add_f64(e, "overhead_ns", s->timer.overhead_ns);
	json_object_object_add(o, "timer", e);
	return o;
}

/* A member's value: as read when kept, else its record written. */
static struct json_object *
ext_value(const struct ts_ext_entry *m)
{
	if (m->kept || m->rec == NULL)
		return json_object_get(m->raw);
	return m->key->write(m->rec);
}

struct json_object *
ts_ext_tree(const struct ts_extensions *e)
{
	struct json_object *o;
	size_t i, j;

	if (!e->present)
		return NULL;
	if (e->whole != NULL)
		return json_object_get(e->whole);
	o = json_object_new_object();
	/* A document read: every member where it stood. */
	for (i = 0; e->read && i < e->n; i++)
		json_object_object_add(o, e->v[i].name, ext_value(&e->v[i]));
	if (e->read)
		return o;
	/* A document we produce: known keys in table order, then others. */
	for (i = 0; i < ts_next_keys; i++)
		for (j = 0; j < e->n; j++)
			if (e->v[j].key == ts_ext_keys[i])
				json_object_object_add(o, e->v[j].name,
				    ext_value(&e->v[j]));
	for (j = 0; j < e->n; j++)
		if (e->v[j].key == NULL)
			json_object_object_add(o, e->v[j].name,
			    ext_value(&e->v[j]));
	return o;
}

struct json_object *
ts_doc_tree(const struct ts_report *r, int extensions, int signature)
{
	struct json_object *o = json_object_new_object(), *e;
	size_t i;

	add_u64(o, "schema_version", r->schema_version);
	add_str(o, "tool_version", r->tool_version ? r->tool_version : "");
	add_str(o, "generated_at", r->generated_at ? r->generated_at : "");
	add_f64(o, "duration_secs", r->duration_secs);
	json_object_object_add(o, "system", system_tree(&r->system));
	e = json_object_new_object();
	add_u64(e, "threads", r->config.threads);
	add_u64(e, "samples", r->config.samples);
	add_u64(e, "warmup", r->config.warmup);
	add_u64(e, "window_ms", r->config.window_ms);
	json_object_object_add(o, "config", e);
	e = json_object_new_array();
	for (i = 0; i < r->nworkloads; i++)
		json_object_array_add(e, workload_tree(&r->workloads[i]));
	json_object_object_add(o, "workloads", e);
	e = json_object_new_object();
	add_str(e, "reference", r->score.reference ? r->score.reference :
	    TS_REFERENCE_NAME);
	if (r->score.has_single_core)
		add_f64(e, "single_core", r->score.single_core);
	if (r->score.has_multi_core)
		add_f64(e, "multi_core", r->score.multi_core);
	json_object_object_add(e, "single_core_components",
	    components_tree(r->score.single_components,
	    r->score.nsingle_components));
	json_object_object_add(e, "multi_core_components",
	    components_tree(r->score.multi_components,
	    r->score.nmulti_components));
	json_object_object_add(o, "score", e);
	if (extensions && r->ext.present)
		json_object_object_add(o, "extensions", ts_ext_tree(&r->ext));
	if (signature && r->signature != NULL) {
		e = json_object_new_object();
		add_str(e, "algorithm", r->signature->algorithm ?
		    r->signature->algorithm : "");
		add_str(e, "public_key", r->signature->public_key ?
		    r->signature->public_key : "");
		add_str(e, "value", r->signature->value ?
		    r->signature->value : "");
		if (r->signature->document_value != NULL)
			add_str(e, "document_value",
			    r->signature->document_value);
		json_object_object_add(o, "signature", e);
	}
	return o;
}

/* Write a string with serde_json's escapes (section 9.2). */
static void
put_string(struct ts_buf *b, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s;
	size_t i, start = 0;
	char esc[7];

	ts_buf_putc(b, '"');
	for (i = 0; i < len; i++) {
		if (p[i] == 0xc0 && i + 1 < len && p[i + 1] == 0x80) {
			/* U+0000 as doc-parse.c stores it. */
			ts_buf_add(b, s + start, i - start);
			ts_buf_puts(b, "\\u0000");
			start = ++i + 1;
			continue;
		}
		if (p[i] >= 0x20 && p[i] != '"' && p[i] != '\\')
			continue;
		ts_buf_add(b, s + start, i - start);
		start = i + 1;
		switch (p[i]) {
		case '"': ts_buf_puts(b, "\\\""); break;
		case '\\': ts_buf_puts(b, "\\\\"); break;
		case '\b': ts_buf_puts(b, "\\b"); break;
		case '\t': ts_buf_puts(b, "\\t"); break;
		case '\n': ts_buf_puts(b, "\\n"); break;
		case '\f': ts_buf_puts(b, "\\f"); break;
		case '\r': ts_buf_puts(b, "\\r"); break;
		default:
			memcpy(esc, "\\u00", 4);
			esc[4] = hex[p[i] >> 4];
			esc[5] = hex[p[i] & 15];
			ts_buf_add(b, esc, 6);
		}
	}
	ts_buf_add(b, s + start, len - start);
	ts_buf_putc(b, '"');
}

/*
 * Write a scalar.  A canonical double takes one serde trip, as the
 * original's signing bytes do (its verify must compute what we sign);
 * a pretty one, every double of every document and tree we write
 * (extensions included), is written as its fixed point, so that the
 * original's parser reads back the very value the text shows.
 */
static void
put_scalar(struct ts_buf *b, struct json_object *v, bool canonical)
{
	char num[TS_FMT_DOUBLE_MAX];
	double d;

	switch (json_object_get_type(v)) {
	case json_type_null:
		ts_buf_puts(b, "null");
		break;
	case json_type_boolean:
		ts_buf_puts(b, json_object_get_boolean(v) ? "true" : "false");
		break;
	case json_type_int:
		/* json-c prints its int64/uint64 in plain decimal. */
		ts_buf_puts(b, json_object_get_string(v));
		break;
	case json_type_double:
		d = json_object_get_double(v);
		d = canonical ? ts_serde_normalise(d) : ts_doc_fixed_point(d);
		ts_buf_add(b, num, ts_fmt_double(d, num));
		break;
	case json_type_string:
		put_string(b, json_object_get_string(v),
		    (size_t)json_object_get_string_len(v));
		break;
	default:
		break;
	}
}

/* Indent to a nesting level, two spaces each. */
static void
indent(struct ts_buf *b, int level)
{
	int i;

	for (i = 0; i < level; i++)
		ts_buf_add(b, "  ", 2);
}

/* The pretty serialiser, recursively. */
static void
pretty(struct ts_buf *b, struct json_object *v, int level)
{
	struct json_object_iterator it, end;
	size_t i, n;
	const char *key;

	if (json_object_is_type(v, json_type_array)) {
		n = json_object_array_length(v);
		if (n == 0) {
			ts_buf_puts(b, "[]");
			return;
		}
		ts_buf_puts(b, "[\n");
		for (i = 0; i < n; i++) {
			indent(b, level + 1);
			pretty(b, json_object_array_get_idx(v, i), level + 1);
			ts_buf_puts(b, i + 1 < n ? ",\n" : "\n");
		}
		indent(b, level);
		ts_buf_putc(b, ']');
	} else if (json_object_is_type(v, json_type_object)) {
		if (json_object_object_length(v) == 0) {
			ts_buf_puts(b, "{}");
			return;
		}
		ts_buf_puts(b, "{\n");
		it = json_object_iter_begin(v);
		end = json_object_iter_end(v);
		for (i = 0; !json_object_iter_equal(&it, &end); i++) {
			key = json_object_iter_peek_name(&it);
			if (i > 0)
				ts_buf_puts(b, ",\n");
			indent(b, level + 1);
			put_string(b, key, strlen(key));
			ts_buf_puts(b, ": ");
			pretty(b, json_object_iter_peek_value(&it), level + 1);
			json_object_iter_next(&it);
		}
		ts_buf_putc(b, '\n');
		indent(b, level);
		ts_buf_putc(b, '}');
	} else
		put_scalar(b, v, false);
}

/* Compare two keys bytewise, for qsort. */
static int
key_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The canonical serialiser, recursively. */
static void
canonical(struct ts_buf *b, struct json_object *v)
{
	struct json_object_iterator it, end;
	struct json_object *e;
	const char **keys;
	size_t i, n;

	if (json_object_is_type(v, json_type_array)) {
		n = json_object_array_length(v);
		ts_buf_putc(b, '[');
		for (i = 0; i < n; i++) {
			if (i > 0)
				ts_buf_putc(b, ',');
			canonical(b, json_object_array_get_idx(v, i));
		}
		ts_buf_putc(b, ']');
	} else if (json_object_is_type(v, json_type_object)) {
		n = (size_t)json_object_object_length(v);
		keys = ts_xcalloc(n, sizeof *keys);
		it = json_object_iter_begin(v);
		end = json_object_iter_end(v);
		for (i = 0; i < n && !json_object_iter_equal(&it, &end); i++) {
			keys[i] = json_object_iter_peek_name(&it);
			json_object_iter_next(&it);
		}
		qsort(keys, n, sizeof *keys, key_cmp);
		ts_buf_putc(b, '{');
		for (i = 0; i < n; i++) {
			if (i > 0)
				ts_buf_putc(b, ',');
			put_string(b, keys[i], strlen(keys[i]));
			ts_buf_putc(b, ':');
			json_object_object_get_ex(v, keys[i], &e);
			canonical(b, e);
		}
		ts_buf_putc(b, '}');
		free(keys);
	} else
		put_scalar(b, v, true);
}

void
ts_json_write_pretty(struct json_object *v, struct ts_buf *out)
{
	pretty(out, v, 0);
}

bool
ts_json_same_pretty(struct json_object *a, struct json_object *b)
{
	struct ts_buf x, y;
	bool same;

	ts_buf_init(&x);
	ts_buf_init(&y);
	pretty(&x, a, 0);
	pretty(&y, b, 0);
	same = x.len == y.len && memcmp(x.data, y.data, x.len) == 0;
	ts_buf_free(&x);
	ts_buf_free(&y);
	return same;
}

void
ts_json_write_canonical(struct json_object *v, struct ts_buf *out)
{
	canonical(out, v);
}

void
ts_doc_pretty(const struct ts_report *r, struct ts_buf *out)
{
	struct json_object *t = ts_doc_tree(r, 1, 1);

	pretty(out, t, 0);
	json_object_put(t);
}

void
ts_doc_canonical(const struct ts_report *r, struct ts_buf *out)
{
	struct json_object *t = ts_doc_tree(r, 0, 0);

	canonical(out, t);
	json_object_put(t);
}

int
ts_doc_write_file(const struct ts_report *r, const char *path, char *err,
    size_t errlen)
{
	struct ts_buf b;
	int rc;

	ts_buf_init(&b);
	ts_doc_pretty(r, &b);
	rc = ts_write_file_atomic(path, b.data, b.len, err, errlen);
	ts_buf_free(&b);
	return rc;
}
