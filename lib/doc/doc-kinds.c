/* SPDX-License-Identifier: MIT */
/* extensions.cpu_kinds, built for a run and asked about (doc-kinds.h). */
#include <config.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
	o.has_value = true;
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
	TS_FREE_ALL(p->kind, p->cpus, p->error, p->stability);
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

/* extensions.cpu_kinds of a document, or NULL. */
static const struct ts_ext_cpu_kinds *
record(const struct ts_report *r)
{
	return ts_ext_get(&r->ext, &ts_ext_key_cpu_kinds);
}

/* A workload's pass on a kind, or NULL. */
static const struct ts_ext_kind_pass *
find_pass(const struct ts_ext_cpu_kinds *k, const char *workload,
    const char *kind)
{
	size_t i, j;

	for (i = 0; k != NULL && i < k->nper_kind; i++) {
		if (strcmp(k->per_kind[i].workload, workload) != 0)
			continue;
		for (j = 0; j < k->per_kind[i].npasses; j++)
			if (strcmp(k->per_kind[i].passes[j].kind, kind) == 0)
				return &k->per_kind[i].passes[j];
		return NULL;
	}
	return NULL;
}

size_t
ts_kinds_names(const struct ts_report *r, const char **names, size_t max)
{
	const struct ts_ext_cpu_kinds *k = record(r);
	size_t i, n = 0;

	/* A kind without a name (another tool's record) is left out. */
	for (i = 0; k != NULL && i < k->nkinds && n < max; i++)
		if (k->kinds[i].name != NULL)
			names[n++] = k->kinds[i].name;
	return n;
}

bool
ts_kinds_has_per_kind(const struct ts_report *r)
{
	return record(r) != NULL && record(r)->has_per_kind;
}

int
ts_kinds_value(const struct ts_report *r, const char *workload,
    const char *kind, double *value, double *ci95)
{
	const struct ts_ext_kind_pass *p = find_pass(record(r), workload,
	    kind);

	if (p == NULL || !p->has_value)
		return -1;
	*value = p->value;
	*ci95 = p->ci95;
	return 0;
}

const char *
ts_kinds_single_kind(const struct ts_report *r)
{
	return record(r) != NULL ? record(r)->single_thread.kind : NULL;
}

void
ts_kinds_single(const struct ts_report *r, struct ts_kinds_single *out)
{
	const struct ts_ext_kind_single *t;

	memset(out, 0, sizeof *out);
	out->core = -1;
	if (record(r) == NULL)
		return;
	t = &record(r)->single_thread;
	out->kind = t->kind;
	out->cpus = t->cpus;
	out->reason = t->reason;
	if (t->core.set)
		out->core = (long long)clamp(t->core.v);
	out->pinned = t->pinned;
}

int
ts_kinds_workers(const struct ts_report *r, const char *kind,
    unsigned long long *n)
{
	const struct ts_ext_cpu_kinds *k = record(r);
	size_t i;

	for (i = 0; k != NULL && k->workers_pinned && i < k->nworkers; i++)
		if (strcmp(k->workers[i].kind, kind) == 0) {
			*n = clamp(k->workers[i].n);
			return 0;
		}
	return -1;
}
