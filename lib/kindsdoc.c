/* SPDX-License-Identifier: MIT */
/* extensions.cpu_kinds, written and read (see kindsdoc.h). */
#include <config.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

#include <json.h>

#include "docwrite.h"
#include "kindsdoc.h"

/* A json-c integer from an unsigned count. */
static json_object *
jint(uint64_t v)
{
	return json_object_new_int64(v > INT64_MAX ? INT64_MAX : (int64_t)v);
}

/* The core a kind's single-thread pass uses, as "core" and "cpus". */
static void
add_core(json_object *o, const struct ts_kind *k)
{
	json_object_object_add(o, "core", jint(k->core));
	json_object_object_add(o, "cpus", json_object_new_string(k->cpus));
}

json_object *
ts_kinds_pass_json(const struct ts_kind *k, const struct ts_pass *p,
    const char *error, bool pinned)
{
	json_object *o = json_object_new_object();

	add_core(o, k);
	json_object_object_add(o, "pinned", json_object_new_boolean(pinned));
	if (p == NULL) {
		json_object_object_add(o, "error",
		    json_object_new_string(error != NULL ? error : "not run"));
		return o;
	}
	json_object_object_add(o, "value",
	    json_object_new_double(ts_doc_fixed_point(p->value)));
	json_object_object_add(o, "cv", json_object_new_double(
	    isfinite(p->stats.cv) ? ts_doc_fixed_point(p->stats.cv) : 0));
	json_object_object_add(o, "ci95", json_object_new_double(
	    isfinite(p->stats.ci95) ? ts_doc_fixed_point(p->stats.ci95) : 0));
	json_object_object_add(o, "stability",
	    json_object_new_string(ts_stability_name(p->stats.stability)));
	json_object_object_add(o, "samples", jint(p->nsamples));
	json_object_object_add(o, "iters_per_thread", jint(p->iters_per_thread));
	return o;
}

void
ts_kinds_add(struct ts_kinds_run *run, const char *workload,
    const struct ts_kind *k, json_object *pass)
{
	json_object *w;

	if (run->per_kind == NULL)
		run->per_kind = json_object_new_object();
	if (!json_object_object_get_ex(run->per_kind, workload, &w)) {
		w = json_object_new_object();
		json_object_object_add(run->per_kind, workload, w);
	}
	json_object_object_add(w, k->name, pass);
}

json_object *
ts_kinds_json(const struct ts_kind_plan *plan, struct ts_kinds_run *run)
{
	json_object *o = json_object_new_object(), *a, *k, *s, *m, *w;
	const struct ts_kind *top = &plan->kinds[0];
	unsigned i;

	a = json_object_new_array();
	for (i = 0; i < plan->nkinds; i++) {
		k = json_object_new_object();
		json_object_object_add(k, "name",
		    json_object_new_string(plan->kinds[i].name));
		json_object_object_add(k, "hwloc_rank",
		    jint((uint64_t)plan->kinds[i].rank));
		if (plan->kinds[i].efficiency >= 0)
			json_object_object_add(k, "efficiency",
			    jint((uint64_t)plan->kinds[i].efficiency));
		json_object_object_add(k, "cores", jint(plan->kinds[i].ncores));
		json_object_array_add(a, k);
	}
	json_object_object_add(o, "kinds", a);

	s = json_object_new_object();
	json_object_object_add(s, "kind", json_object_new_string(top->name));
	if (run->pin) {
		add_core(s, top);
		json_object_object_add(s, "passes", jint(run->single_passes));
		json_object_object_add(s, "passes_pinned",
		    jint(run->single_pinned));
	}
	json_object_object_add(s, "pinned", json_object_new_boolean(run->pin &&
	    run->single_passes > 0 && run->single_pinned == run->single_passes));
	if (run->unpinned_reason != NULL)
		json_object_object_add(s, "reason",
		    json_object_new_string(run->unpinned_reason));
	json_object_object_add(o, "single_thread", s);

	if (run->multi_ran) {
		m = json_object_new_object();
		json_object_object_add(m, "threads", jint(plan->threads));
		if (run->multi_pinned) {
			w = json_object_new_object();
			for (i = 0; i < plan->nkinds; i++)
				json_object_object_add(w, plan->kinds[i].name,
				    jint(plan->multi_workers[i]));
			json_object_object_add(m, "workers", w);
		} else
			json_object_object_add(m, "workers",
			    json_object_new_string("not pinned: the scheduler "
			    "placed them"));
		json_object_object_add(o, "multi_thread", m);
	}
	if (run->per_kind != NULL) {
		json_object_object_add(o, "per_kind", run->per_kind);
		run->per_kind = NULL;
	}
	json_object_object_add(o, "single_core_score_kind",
	    json_object_new_string(top->name));
	return o;
}

/* extensions.cpu_kinds of a document, or NULL. */
static json_object *
record(const struct ts_report *r)
{
	/* The reader keeps a value that is not an object as unknown JSON. */
	return r->ext.cpu_kinds;
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
	json_object *a = member(record(r), "kinds", json_type_array), *name;
	size_t i, n = 0, len;

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
	json_object *s = member(record(r), "single_thread", json_type_object);
	json_object *v;

	memset(out, 0, sizeof *out);
	out->core = -1;
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

	if (v == NULL || json_object_get_int64(v) < 0)
		return -1;
	*n = (unsigned long long)json_object_get_int64(v);
	return 0;
}
