/* SPDX-License-Identifier: MIT */
/* extensions.cpu_kinds, written and read (see doc-kinds.h). */
#include <config.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "doc/doc-kinds.h"
#include "doc/doc-write.h"
#include "util.h"

/* A count as the first writer's json-c int64 had it. */
static uint64_t
clamp(uint64_t v)
{
	return v > INT64_MAX ? INT64_MAX : v;
}

struct ts_ext_kind_pass
ts_kinds_pass(const struct ts_kind *k, const struct ts_pass *p,
    const char *error, bool pinned)
{
	struct ts_ext_kind_pass o;

	memset(&o, 0, sizeof o);
	o.kind = ts_xstrdup(k->name);
	o.core = k->core;
	o.cpus = ts_xstrdup(k->cpus);
	o.pinned = pinned;
	if (p == NULL) {
		o.error = ts_xstrdup(error != NULL ? error : "not run");
		return o;
	}
	o.value = ts_doc_fixed_point(p->value);
	o.cv = isfinite(p->stats.cv) ? ts_doc_fixed_point(p->stats.cv) : 0;
	o.ci95 = isfinite(p->stats.ci95) ?
	    ts_doc_fixed_point(p->stats.ci95) : 0;
	o.stability = ts_xstrdup(ts_stability_name(p->stats.stability));
	o.samples = clamp(p->nsamples);
	o.iters_per_thread = clamp(p->iters_per_thread);
	return o;
}

/* Free a pass record's strings. */
static void
pass_free(struct ts_ext_kind_pass *p)
{
	free(p->kind);
	free(p->cpus);
	free(p->error);
	free(p->stability);
}

void
ts_kinds_add(struct ts_kinds_run *run, const char *workload,
    const struct ts_kind *k, struct ts_ext_kind_pass pass)
{
	struct ts_ext_kind_workload *w = NULL;
	size_t i;

	for (i = 0; i < run->nper_kind && w == NULL; i++)
		if (strcmp(run->per_kind[i].workload, workload) == 0)
			w = &run->per_kind[i];
	if (w == NULL) {
		run->per_kind = ts_xrealloc(run->per_kind,
		    (run->nper_kind + 1) * sizeof *run->per_kind);
		w = &run->per_kind[run->nper_kind++];
		memset(w, 0, sizeof *w);
		w->workload = ts_xstrdup(workload);
	}
	/* A kind given twice keeps its place and the later figures. */
	for (i = 0; i < w->npasses; i++)
		if (strcmp(w->passes[i].kind, k->name) == 0) {
			pass_free(&w->passes[i]);
			w->passes[i] = pass;
			return;
		}
	w->passes = ts_xrealloc(w->passes, (w->npasses + 1) *
	    sizeof *w->passes);
	w->passes[w->npasses++] = pass;
}

void
ts_kinds_run_free(struct ts_kinds_run *run)
{
	struct ts_ext_cpu_kinds k;

	/* The per-kind records are those of a cpu_kinds record. */
	memset(&k, 0, sizeof k);
	k.per_kind = run->per_kind;
	k.nper_kind = run->nper_kind;
	ts_ext_cpu_kinds_free(&k);
	run->per_kind = NULL;
	run->nper_kind = 0;
}

void
ts_kinds_record(const struct ts_kind_plan *plan, struct ts_kinds_run *run,
    struct ts_ext_cpu_kinds *o)
{
	const struct ts_kind *top = &plan->kinds[0];
	unsigned i;

	memset(o, 0, sizeof *o);
	o->kinds = ts_xcalloc(plan->nkinds > 0 ? plan->nkinds : 1,
	    sizeof *o->kinds);
	o->nkinds = plan->nkinds;
	for (i = 0; i < plan->nkinds; i++) {
		o->kinds[i].name = ts_xstrdup(plan->kinds[i].name);
		o->kinds[i].hwloc_rank = clamp((uint64_t)plan->kinds[i].rank);
		if (plan->kinds[i].efficiency >= 0) {
			o->kinds[i].efficiency.set = true;
			o->kinds[i].efficiency.v =
			    (uint64_t)plan->kinds[i].efficiency;
		}
		o->kinds[i].cores = plan->kinds[i].ncores;
	}
	o->single_thread.kind = ts_xstrdup(top->name);
	if (run->pin) {
		o->single_thread.core.set = true;
		o->single_thread.core.v = top->core;
		o->single_thread.cpus = ts_xstrdup(top->cpus);
		o->single_thread.passes.set = true;
		o->single_thread.passes.v = run->single_passes;
		o->single_thread.passes_pinned.set = true;
		o->single_thread.passes_pinned.v = run->single_pinned;
	}
	o->single_thread.pinned = run->pin && run->single_passes > 0 &&
	    run->single_pinned == run->single_passes;
	if (run->unpinned_reason != NULL)
		o->single_thread.reason = ts_xstrdup(run->unpinned_reason);
	if (run->multi_ran) {
		o->has_multi_thread = true;
		o->multi_threads = plan->threads;
		if (run->multi_pinned) {
			o->workers_pinned = true;
			o->workers = ts_xcalloc(plan->nkinds > 0 ?
			    plan->nkinds : 1, sizeof *o->workers);
			o->nworkers = plan->nkinds;
			for (i = 0; i < plan->nkinds; i++) {
				o->workers[i].kind =
				    ts_xstrdup(plan->kinds[i].name);
				o->workers[i].n = plan->multi_workers[i];
			}
		} else
			o->workers_text = ts_xstrdup("not pinned: the "
			    "scheduler placed them");
	}
	if (run->per_kind != NULL) {
		o->has_per_kind = true;
		o->per_kind = run->per_kind;
		o->nper_kind = run->nper_kind;
		run->per_kind = NULL;
		run->nper_kind = 0;
	}
	o->single_core_score_kind = ts_xstrdup(top->name);
}

/* extensions.cpu_kinds of a document, typed, or NULL. */
static const struct ts_ext_cpu_kinds *
typed(const struct ts_report *r)
{
	return r->ext.have & (1u << TS_EXT_CPU_KINDS) ? &r->ext.cpu_kinds :
	    NULL;
}

/* A workload's pass on a kind in a typed record, or NULL. */
static const struct ts_ext_kind_pass *
typed_pass(const struct ts_ext_cpu_kinds *k, const char *workload,
    const char *kind)
{
	size_t i, j;

	for (i = 0; i < k->nper_kind; i++) {
		if (strcmp(k->per_kind[i].workload, workload) != 0)
			continue;
		for (j = 0; j < k->per_kind[i].npasses; j++)
			if (strcmp(k->per_kind[i].passes[j].kind, kind) == 0)
				return &k->per_kind[i].passes[j];
		return NULL;
	}
	return NULL;
}

/*
 * extensions.cpu_kinds of a document kept as JSON, or NULL.  The reader
 * types a record only when it is exactly as we write it; another tool's
 * record, or a damaged one, is read member by member as before.
 */
static json_object *
record(const struct ts_report *r)
{
	json_object *v;

	if (r->ext.other == NULL ||
	    !json_object_is_type(r->ext.other, json_type_object) ||
	    !json_object_object_get_ex(r->ext.other, "cpu_kinds", &v) ||
	    !json_object_is_type(v, json_type_object))
		return NULL;
	return v;
}

/* Member key of object o if it is of type t, else NULL. */
static json_object *
member(json_object *o, const char *key, json_type t)
{
	json_object *v;

	if (o == NULL || !json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, t))
		return NULL;
	return v;
}

size_t
ts_kinds_names(const struct ts_report *r, const char **names, size_t max)
{
	const struct ts_ext_cpu_kinds *k = typed(r);
	json_object *a = member(record(r), "kinds", json_type_array), *name;
	size_t i, n = 0, len;

	if (k != NULL) {
		for (i = 0; i < k->nkinds && n < max; i++)
			names[n++] = k->kinds[i].name;
		return n;
	}
	if (a == NULL)
		return 0;
	len = json_object_array_length(a);
	for (i = 0; i < len && n < max; i++) {
		name = member(json_object_array_get_idx(a, i), "name",
		    json_type_string);
		if (name != NULL)
			names[n++] = json_object_get_string(name);
	}
	return n;
}

bool
ts_kinds_has_per_kind(const struct ts_report *r)
{
	if (typed(r) != NULL)
		return typed(r)->has_per_kind;
	return member(record(r), "per_kind", json_type_object) != NULL;
}

/* A number member (a double or an integer) into *out; -1 if absent. */
static int
number(json_object *o, const char *key, double *out)
{
	json_object *v;

	if (o == NULL || !json_object_object_get_ex(o, key, &v) ||
	    (!json_object_is_type(v, json_type_double) &&
	    !json_object_is_type(v, json_type_int)))
		return -1;
	*out = json_object_get_double(v);
	return 0;
}

int
ts_kinds_value(const struct ts_report *r, const char *workload,
    const char *kind, double *value, double *ci95)
{
	json_object *p = member(record(r), "per_kind", json_type_object);
	const struct ts_ext_kind_pass *t;

	if (typed(r) != NULL) {
		t = typed_pass(typed(r), workload, kind);
		if (t == NULL || t->error != NULL)
			return -1;
		*value = t->value;
		*ci95 = t->ci95;
		return 0;
	}
	p = member(member(p, workload, json_type_object), kind,
	    json_type_object);
	if (number(p, "value", value) == -1)
		return -1;
	if (number(p, "ci95", ci95) == -1)
		*ci95 = 0;
	return 0;
}

const char *
ts_kinds_single_kind(const struct ts_report *r)
{
	json_object *s = member(record(r), "single_thread", json_type_object);
	json_object *k = member(s, "kind", json_type_string);

	if (typed(r) != NULL)
		return typed(r)->single_thread.kind;
	return k != NULL ? json_object_get_string(k) : NULL;
}

/* A string member, or NULL. */
static const char *
string(json_object *o, const char *key)
{
	json_object *v = member(o, key, json_type_string);

	return v != NULL ? json_object_get_string(v) : NULL;
}

void
ts_kinds_single(const struct ts_report *r, struct ts_kinds_single *out)
{
	const struct ts_ext_kind_single *t;
	json_object *s = member(record(r), "single_thread", json_type_object);
	json_object *v;

	memset(out, 0, sizeof *out);
	out->core = -1;
	if (typed(r) != NULL) {
		t = &typed(r)->single_thread;
		out->kind = t->kind;
		out->cpus = t->cpus;
		out->reason = t->reason;
		if (t->core.set)
			out->core = (long long)clamp(t->core.v);
		out->pinned = t->pinned;
		return;
	}
	out->kind = string(s, "kind");
	out->cpus = string(s, "cpus");
	out->reason = string(s, "reason");
	if ((v = member(s, "core", json_type_int)) != NULL)
		out->core = (long long)json_object_get_int64(v);
	if ((v = member(s, "pinned", json_type_boolean)) != NULL)
		out->pinned = json_object_get_boolean(v);
}

int
ts_kinds_workers(const struct ts_report *r, const char *kind,
    unsigned long long *n)
{
	json_object *m = member(record(r), "multi_thread", json_type_object);
	json_object *v = member(member(m, "workers", json_type_object), kind,
	    json_type_int);
	const struct ts_ext_cpu_kinds *k = typed(r);
	size_t i;

	if (k != NULL) {
		for (i = 0; k->workers_pinned && i < k->nworkers; i++)
			if (strcmp(k->workers[i].kind, kind) == 0) {
				*n = clamp(k->workers[i].n);
				return 0;
			}
		return -1;
	}
	if (v == NULL || json_object_get_int64(v) < 0)
		return -1;
	*n = (unsigned long long)json_object_get_int64(v);
	return 0;
}
