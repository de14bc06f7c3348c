/* SPDX-License-Identifier: MIT */
/* The extension key cpu_kinds, read, written and freed (doc-ext-kinds.h). */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "doc/doc-ext-kinds.h"
#include "util.h"

/* kinds[]: every element, named or not, in order. */
static void
kinds_read(struct json_object *a, struct ts_ext_cpu_kinds *k)
{
	struct json_object *e;
	size_t i, n;

	if (a == NULL)
		return;
	n = json_object_array_length(a);
	k->kinds = ts_xcalloc(n > 0 ? n : 1, sizeof *k->kinds);
	k->nkinds = n;
	for (i = 0; i < n; i++) {
		e = json_object_array_get_idx(a, i);
		k->kinds[i].name = ts_ext_member_str(e, "name");
		ts_ext_member_u64(e, "hwloc_rank", &k->kinds[i].hwloc_rank);
		ts_ext_member_opt(e, "efficiency", &k->kinds[i].efficiency);
		ts_ext_member_u64(e, "cores", &k->kinds[i].cores);
	}
}

/* single_thread. */
static void
single_read(struct json_object *s, struct ts_ext_kind_single *t)
{
	t->kind = ts_ext_member_str(s, "kind");
	ts_ext_member_opt(s, "core", &t->core);
	t->cpus = ts_ext_member_str(s, "cpus");
	ts_ext_member_opt(s, "passes", &t->passes);
	ts_ext_member_opt(s, "passes_pinned", &t->passes_pinned);
	ts_ext_member_bool(s, "pinned", &t->pinned);
	t->reason = ts_ext_member_str(s, "reason");
}

/* multi_thread: its threads, and the workers per kind or the text. */
static void
multi_read(struct json_object *m, struct ts_ext_cpu_kinds *k)
{
	struct json_object *w;
	size_t n;

	k->has_multi_thread = true;
	ts_ext_member_u64(m, "threads", &k->multi_threads);
	if (json_object_object_get_ex(m, "workers", &w) && w != NULL &&
	    json_object_is_type(w, json_type_string))
		k->workers_text = ts_xstrdup(json_object_get_string(w));
	if ((w = ts_ext_member_object(m, "workers")) == NULL)
		return;
	k->workers_pinned = true;
	n = (size_t)json_object_object_length(w);
	k->workers = ts_xcalloc(n > 0 ? n : 1, sizeof *k->workers);
	json_object_object_foreach(w, kind, v)
		if (ts_ext_value_u64(v, &k->workers[k->nworkers].n))
			k->workers[k->nworkers++].kind = ts_xstrdup(kind);
}

/* One pass of per_kind.WORKLOAD. */
static void
pass_read(struct json_object *v, struct ts_ext_kind_pass *p)
{
	ts_ext_member_u64(v, "core", &p->core);
	p->cpus = ts_ext_member_str(v, "cpus");
	ts_ext_member_bool(v, "pinned", &p->pinned);
	p->error = ts_ext_member_str(v, "error");
	p->has_value = ts_ext_member_f64(v, "value", &p->value);
	ts_ext_member_f64(v, "cv", &p->cv);
	ts_ext_member_f64(v, "ci95", &p->ci95);
	p->stability = ts_ext_member_str(v, "stability");
	ts_ext_member_u64(v, "samples", &p->samples);
	ts_ext_member_u64(v, "iters_per_thread", &p->iters_per_thread);
}

/* per_kind: workload -> kind -> pass; members not objects are left out. */
static void
per_kind_read(struct json_object *v, struct ts_ext_cpu_kinds *k)
{
	struct ts_ext_kind_workload *w;
	size_t n;

	k->has_per_kind = true;
	n = (size_t)json_object_object_length(v);
	k->per_kind = ts_xcalloc(n > 0 ? n : 1, sizeof *k->per_kind);
	json_object_object_foreach(v, workload, o) {
		if (o == NULL || !json_object_is_type(o, json_type_object))
			continue;
		w = &k->per_kind[k->nper_kind++];
		w->workload = ts_xstrdup(workload);
		n = (size_t)json_object_object_length(o);
		w->passes = ts_xcalloc(n > 0 ? n : 1, sizeof *w->passes);
		json_object_object_foreach(o, kind, p) {
			if (p == NULL || !json_object_is_type(p,
			    json_type_object))
				continue;
			w->passes[w->npasses].kind = ts_xstrdup(kind);
			pass_read(p, &w->passes[w->npasses++]);
		}
	}
}

static void
cpu_kinds_read(struct json_object *v, void *rec)
{
	struct ts_ext_cpu_kinds *k = rec;
	struct json_object *m;

	kinds_read(ts_ext_member_array(v, "kinds"), k);
	single_read(ts_ext_member_object(v, "single_thread"),
	    &k->single_thread);
	if ((m = ts_ext_member_object(v, "multi_thread")) != NULL)
		multi_read(m, k);
	if ((m = ts_ext_member_object(v, "per_kind")) != NULL)
		per_kind_read(m, k);
	k->single_core_score_kind = ts_ext_member_str(v,
	    "single_core_score_kind");
}

/* A pass record of per_kind: the error, or the figures. */
static struct json_object *
pass_write(const struct ts_ext_kind_pass *p)
{
	struct json_object *o = json_object_new_object();

	ts_ext_put_u64(o, "core", p->core);
	ts_ext_put_str(o, "cpus", p->cpus ? p->cpus : "");
	ts_ext_put_bool(o, "pinned", p->pinned);
	if (p->error != NULL) {
		ts_ext_put_str(o, "error", p->error);
		return o;
	}
	ts_ext_put_f64(o, "value", p->value);
	ts_ext_put_f64(o, "cv", p->cv);
	ts_ext_put_f64(o, "ci95", p->ci95);
	ts_ext_put_str(o, "stability", p->stability ? p->stability : "");
	ts_ext_put_u64(o, "samples", p->samples);
	ts_ext_put_u64(o, "iters_per_thread", p->iters_per_thread);
	return o;
}

/* single_thread. */
static struct json_object *
single_write(const struct ts_ext_kind_single *t)
{
	struct json_object *e = json_object_new_object();

	ts_ext_put_str(e, "kind", t->kind ? t->kind : "");
	ts_ext_put_opt(e, "core", t->core);
	ts_ext_put_str(e, "cpus", t->cpus);
	ts_ext_put_opt(e, "passes", t->passes);
	ts_ext_put_opt(e, "passes_pinned", t->passes_pinned);
	ts_ext_put_bool(e, "pinned", t->pinned);
	ts_ext_put_str(e, "reason", t->reason);
	return e;
}

/* multi_thread. */
static struct json_object *
multi_write(const struct ts_ext_cpu_kinds *k)
{
	struct json_object *e = json_object_new_object(), *w;
	size_t i;

	ts_ext_put_u64(e, "threads", k->multi_threads);
	if (!k->workers_pinned) {
		ts_ext_put_str(e, "workers", k->workers_text ?
		    k->workers_text : "");
		return e;
	}
	w = json_object_new_object();
	for (i = 0; i < k->nworkers; i++)
		ts_ext_put_u64(w, k->workers[i].kind ? k->workers[i].kind :
		    "", k->workers[i].n);
	json_object_object_add(e, "workers", w);
	return e;
}

/* The record in the order lib/doc/doc-kinds.c first wrote it. */
static struct json_object *
cpu_kinds_write(const void *rec)
{
	const struct ts_ext_cpu_kinds *k = rec;
	const struct ts_ext_kind_workload *pk;
	struct json_object *o = json_object_new_object(), *a, *e, *w;
	size_t i, j;

	a = json_object_new_array();
	for (i = 0; i < k->nkinds; i++) {
		e = json_object_new_object();
		ts_ext_put_str(e, "name", k->kinds[i].name ?
		    k->kinds[i].name : "");
		ts_ext_put_u64(e, "hwloc_rank", k->kinds[i].hwloc_rank);
		ts_ext_put_opt(e, "efficiency", k->kinds[i].efficiency);
		ts_ext_put_u64(e, "cores", k->kinds[i].cores);
		json_object_array_add(a, e);
	}
	json_object_object_add(o, "kinds", a);
	json_object_object_add(o, "single_thread",
	    single_write(&k->single_thread));
	if (k->has_multi_thread)
		json_object_object_add(o, "multi_thread", multi_write(k));
	if (k->has_per_kind) {
		e = json_object_new_object();
		for (i = 0; i < k->nper_kind; i++) {
			pk = &k->per_kind[i];
			w = json_object_new_object();
			for (j = 0; j < pk->npasses; j++)
				json_object_object_add(w, pk->passes[j].kind ?
				    pk->passes[j].kind : "",
				    pass_write(&pk->passes[j]));
			json_object_object_add(e, pk->workload ?
			    pk->workload : "", w);
		}
		json_object_object_add(o, "per_kind", e);
	}
	ts_ext_put_str(o, "single_core_score_kind",
	    k->single_core_score_kind ? k->single_core_score_kind : "");
	return o;
}

void
ts_ext_cpu_kinds_free(struct ts_ext_cpu_kinds *k)
{
	struct ts_ext_kind_workload *w;
	size_t i, j;

	for (i = 0; i < k->nkinds; i++)
		free(k->kinds[i].name);
	TS_FREE_ALL(k->kinds, k->single_thread.kind, k->single_thread.cpus,
	    k->single_thread.reason);
	for (i = 0; i < k->nworkers; i++)
		free(k->workers[i].kind);
	free(k->workers);
	free(k->workers_text);
	for (i = 0; i < k->nper_kind; i++) {
		w = &k->per_kind[i];
		for (j = 0; j < w->npasses; j++) {
			TS_FREE_ALL(w->passes[j].kind, w->passes[j].cpus,
			    w->passes[j].error, w->passes[j].stability);
		}
		free(w->passes);
		free(w->workload);
	}
	free(k->per_kind);
	free(k->single_core_score_kind);
	memset(k, 0, sizeof *k);
}

static void
cpu_kinds_free(void *rec)
{
	ts_ext_cpu_kinds_free(rec);
}

const struct ts_ext_key ts_ext_key_cpu_kinds = { "cpu_kinds",
	sizeof(struct ts_ext_cpu_kinds), cpu_kinds_read, cpu_kinds_write,
	cpu_kinds_free };
