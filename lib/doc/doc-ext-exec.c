/* SPDX-License-Identifier: MIT */
/*
 * extensions.executions to and from JSON (see doc-ext-exec.h).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "doc/doc-ext-exec.h"
#include "util.h"

const char *
ts_exec_which_name(enum ts_exec_which w)
{
	return w == TS_EXEC_SINGLE ? "single_thread" : "multi_thread";
}

struct ts_exec_pass *
ts_exec_pass_add(struct ts_exec_design *d, const char *workload,
    enum ts_exec_which which, size_t nexec)
{
	struct ts_exec_pass *p;

	d->passes = ts_xrealloc(d->passes, (d->npasses + 1) *
	    sizeof *d->passes);
	p = &d->passes[d->npasses++];
	memset(p, 0, sizeof *p);
	p->workload = ts_xstrdup(workload);
	p->which = which;
	p->nexec = nexec;
	p->counts = ts_xcalloc(nexec + 1, sizeof *p->counts);
	p->means = ts_xcalloc(nexec + 1, sizeof *p->means);
	p->var_within = p->var_between = p->between_share = NAN;
	return p;
}

const struct ts_exec_pass *
ts_exec_find(const struct ts_exec_design *d, const char *workload,
    enum ts_exec_which which)
{
	size_t i;

	for (i = 0; d != NULL && i < d->npasses; i++)
		if (d->passes[i].which == which &&
		    strcmp(d->passes[i].workload, workload) == 0)
			return &d->passes[i];
	return NULL;
}

void
ts_exec_design_free(struct ts_exec_design *d)
{
	size_t i;

	if (d == NULL)
		return;
	for (i = 0; i < d->npasses; i++) {
		struct ts_exec_pass *p = &d->passes[i];

		TS_FREE_ALL(p->workload, p->counts, p->means, p->steal_ms,
		    p->nivcsw, p->slowest, p->wall_ms, p->lost_why);
	}
	TS_FREE_ALL(d->passes, d->isolation, d->order, d->interval);
	memset(d, 0, sizeof *d);
}

/* Add a double member, left out when not finite. */
static void
put_f64(struct json_object *o, const char *key, double v)
{
	if (isfinite(v))
		json_object_object_add(o, key, json_object_new_double(v));
}

/* An array of doubles; non-finite entries become null. */
static struct json_object *
f64_array(const double *v, size_t n)
{
	struct json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < n; i++)
		json_object_array_add(a, isfinite(v[i]) ?
		    json_object_new_double(v[i]) : NULL);
	return a;
}

/* One pass's record. */
static struct json_object *
pass_tree(const struct ts_exec_pass *p)
{
	struct json_object *o = json_object_new_object(), *a, *h;
	size_t i;

	json_object_object_add(o, "workload",
	    json_object_new_string(p->workload));
	json_object_object_add(o, "pass",
	    json_object_new_string(ts_exec_which_name(p->which)));
	a = json_object_new_array();
	for (i = 0; i < p->nexec; i++)
		json_object_array_add(a, json_object_new_uint64(p->counts[i]));
	json_object_object_add(o, "samples", a);
	json_object_object_add(o, "means", f64_array(p->means, p->nexec));
	if (p->wall_ms != NULL)
		json_object_object_add(o, "wall_ms", f64_array(p->wall_ms,
		    p->nexec));
	put_f64(o, "mean", p->mean);
	put_f64(o, "sd", p->sd);
	put_f64(o, "ci95", p->ci95);
	put_f64(o, "within_variance", p->var_within);
	put_f64(o, "between_variance", p->var_between);
	put_f64(o, "between_share", p->between_share);
	if (p->has_precision)
		json_object_object_add(o, "precision_met",
		    json_object_new_boolean(p->precision_met));
	h = json_object_new_object();
	if (p->steal_ms != NULL)
		json_object_object_add(h, "steal_ms",
		    f64_array(p->steal_ms, p->nexec));
	if (p->nivcsw != NULL) {
		a = json_object_new_array();
		for (i = 0; i < p->nexec; i++)
			json_object_array_add(a,
			    json_object_new_uint64(p->nivcsw[i]));
		json_object_object_add(h, "involuntary_switches", a);
	}
	if (p->slowest != NULL)
		json_object_object_add(h, "slowest_round_ratio",
		    f64_array(p->slowest, p->nexec));
	put_f64(h, "usual_round_ms", p->usual_round_ms);
	json_object_object_add(h, "lost_time",
	    json_object_new_boolean(p->lost_time));
	if (p->lost_why != NULL)
		json_object_object_add(h, "why",
		    json_object_new_string(p->lost_why));
	json_object_object_add(o, "host", h);
	return o;
}

/* The value of extensions.executions as we write it. */
static struct json_object *
exec_write(const void *rec)
{
	const struct ts_exec_design *d = rec;
	struct json_object *o = json_object_new_object(), *g, *a;
	size_t i;

	g = json_object_new_object();
	json_object_object_add(g, "executions",
	    json_object_new_uint64(d->executions));
	json_object_object_add(g, "samples", json_object_new_uint64(d->samples));
	json_object_object_add(g, "warmup", json_object_new_uint64(d->warmup));
	json_object_object_add(g, "window_ms",
	    json_object_new_uint64(d->window_ms));
	if (d->isolation != NULL)
		json_object_object_add(g, "isolation",
		    json_object_new_string(d->isolation));
	if (d->order != NULL)
		json_object_object_add(g, "order",
		    json_object_new_string(d->order));
	if (d->interval != NULL)
		json_object_object_add(g, "interval",
		    json_object_new_string(d->interval));
	if (d->has_precision) {
		put_f64(g, "precision_pct", d->precision_pct);
		put_f64(g, "time_cap_secs", d->time_cap_secs);
		json_object_object_add(g, "precision_met",
		    json_object_new_boolean(d->precision_met));
	}
	json_object_object_add(o, "design", g);
	a = json_object_new_array();
	for (i = 0; i < d->npasses; i++)
		json_object_array_add(a, pass_tree(&d->passes[i]));
	json_object_object_add(o, "passes", a);
	return o;
}

void
ts_exec_ext_put(struct ts_extensions *e, struct ts_exec_design *d)
{
	struct ts_exec_design *rec = ts_ext_set(e, &ts_ext_key_executions);

	ts_exec_design_free(rec);
	*rec = *d;
	rec->valid = true;
	memset(d, 0, sizeof *d);
}

/* Reading: a member of a type, or NULL. */
static struct json_object *
member(struct json_object *o, const char *key, json_type t)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || v == NULL)
		return NULL;
	if (t == json_type_double && json_object_is_type(v, json_type_int))
		return v;
	return json_object_is_type(v, t) ? v : NULL;
}

/* A double member, NaN when absent. */
static double
get_f64(struct json_object *o, const char *key)
{
	struct json_object *v = member(o, key, json_type_double);

	return v != NULL ? json_object_get_double(v) : NAN;
}

/* A non-negative integer member into *out; -1 when absent or not one. */
static int
get_u64(struct json_object *o, const char *key, uint64_t *out)
{
	struct json_object *v = member(o, key, json_type_int);

	if (v == NULL || json_object_get_int64(v) < 0)
		return -1;
	*out = json_object_get_uint64(v);
	return 0;
}

/* A string member, copied, or NULL. */
static char *
get_str(struct json_object *o, const char *key)
{
	struct json_object *v = member(o, key, json_type_string);

	return v != NULL ? ts_xstrdup(json_object_get_string(v)) : NULL;
}

/* An array of n doubles (null entries NaN); NULL unless exactly that. */
static double *
get_f64s(struct json_object *o, const char *key, size_t n)
{
	struct json_object *a = member(o, key, json_type_array), *v;
	double *out;
	size_t i;

	if (a == NULL || json_object_array_length(a) != n)
		return NULL;
	out = ts_xcalloc(n + 1, sizeof *out);
	for (i = 0; i < n; i++) {
		v = json_object_array_get_idx(a, i);
		if (v == NULL)
			out[i] = NAN;
		else if (json_object_is_type(v, json_type_double) ||
		    json_object_is_type(v, json_type_int))
			out[i] = json_object_get_double(v);
		else {
			free(out);
			return NULL;
		}
	}
	return out;
}

/* One pass record; 0 or -1 with err. */
static int
pass_read(struct ts_exec_design *d, struct json_object *o, size_t idx,
    char *err, size_t errlen)
{
	struct json_object *a, *h, *v;
	const char *wl, *name;
	struct ts_exec_pass *p;
	enum ts_exec_which which;
	uint64_t u;
	size_t i, n;

	a = member(o, "samples", json_type_array);
	v = member(o, "workload", json_type_string);
	h = member(o, "pass", json_type_string);
	if (!json_object_is_type(o, json_type_object) || a == NULL ||
	    v == NULL || h == NULL) {
		snprintf(err, errlen, "extensions.executions.passes[%zu]: "
		    "needs workload, pass and samples", idx);
		return -1;
	}
	wl = json_object_get_string(v);
	name = json_object_get_string(h);
	if (strcmp(name, "single_thread") == 0)
		which = TS_EXEC_SINGLE;
	else if (strcmp(name, "multi_thread") == 0)
		which = TS_EXEC_MULTI;
	else {
		snprintf(err, errlen, "extensions.executions.passes[%zu]: "
		    "pass is \"%s\", not single_thread or multi_thread", idx,
		    name);
		return -1;
	}
	n = json_object_array_length(a);
	p = ts_exec_pass_add(d, wl, which, n);
	for (i = 0; i < n; i++) {
		v = json_object_array_get_idx(a, i);
		if (v == NULL || !json_object_is_type(v, json_type_int) ||
		    json_object_get_int64(v) < 0 ||
		    json_object_get_int64(v) > UINT32_MAX) {
			snprintf(err, errlen, "extensions.executions.passes"
			    "[%zu].samples: not a list of counts", idx);
			return -1;
		}
		p->counts[i] = (uint32_t)json_object_get_int64(v);
	}
	free(p->means);
	if ((p->means = get_f64s(o, "means", n)) == NULL) {
		p->means = ts_xcalloc(n + 1, sizeof *p->means);
		snprintf(err, errlen, "extensions.executions.passes[%zu]: "
		    "means must list one number per execution", idx);
		return -1;
	}
	p->wall_ms = get_f64s(o, "wall_ms", n);
	p->mean = get_f64(o, "mean");
	p->sd = get_f64(o, "sd");
	p->ci95 = get_f64(o, "ci95");
	p->var_within = get_f64(o, "within_variance");
	p->var_between = get_f64(o, "between_variance");
	p->between_share = get_f64(o, "between_share");
	if ((v = member(o, "precision_met", json_type_boolean)) != NULL) {
		p->has_precision = true;
		p->precision_met = json_object_get_boolean(v);
	}
	if ((h = member(o, "host", json_type_object)) == NULL)
		return 0;
	p->steal_ms = get_f64s(h, "steal_ms", n);
	p->slowest = get_f64s(h, "slowest_round_ratio", n);
	a = member(h, "involuntary_switches", json_type_array);
	if (a != NULL && json_object_array_length(a) == n) {
		p->nivcsw = ts_xcalloc(n + 1, sizeof *p->nivcsw);
		for (i = 0; i < n; i++) {
			v = json_object_array_get_idx(a, i);
			u = v != NULL && json_object_is_type(v, json_type_int)
			    && json_object_get_int64(v) >= 0 ?
			    json_object_get_uint64(v) : 0;
			p->nivcsw[i] = u;
		}
	}
	p->usual_round_ms = get_f64(h, "usual_round_ms");
	if ((v = member(h, "lost_time", json_type_boolean)) != NULL)
		p->lost_time = json_object_get_boolean(v);
	p->lost_why = get_str(h, "why");
	return 0;
}

/* Read the value into the zeroed record; valid says whether it was ours. */
static void
exec_read(struct json_object *o, void *rec)
{
	struct ts_exec_design *d = rec;
	struct json_object *g, *a, *v;
	char err[256];
	size_t i;

	g = o != NULL ? member(o, "design", json_type_object) : NULL;
	a = o != NULL ? member(o, "passes", json_type_array) : NULL;
	if (g == NULL || a == NULL || get_u64(g, "executions",
	    &d->executions) == -1 || get_u64(g, "samples", &d->samples) == -1
	    || get_u64(g, "warmup", &d->warmup) == -1 ||
	    get_u64(g, "window_ms", &d->window_ms) == -1)
		return;
	d->isolation = get_str(g, "isolation");
	d->order = get_str(g, "order");
	d->interval = get_str(g, "interval");
	d->precision_pct = get_f64(g, "precision_pct");
	d->time_cap_secs = get_f64(g, "time_cap_secs");
	if ((v = member(g, "precision_met", json_type_boolean)) != NULL) {
		d->has_precision = true;
		d->precision_met = json_object_get_boolean(v);
	}
	for (i = 0; i < json_object_array_length(a); i++)
		if (pass_read(d, json_object_array_get_idx(a, i), i, err,
		    sizeof err) == -1)
			return;
	d->valid = true;
}

static void
exec_free(void *rec)
{
	ts_exec_design_free(rec);
}

const struct ts_ext_key ts_ext_key_executions = { "executions",
	sizeof(struct ts_exec_design), exec_read, exec_write, exec_free };

const struct ts_exec_design *
ts_exec_ext_get(const struct ts_extensions *e)
{
	const struct ts_exec_design *d = e != NULL ?
	    ts_ext_get(e, &ts_ext_key_executions) : NULL;

	return d != NULL && d->valid ? d : NULL;
}
