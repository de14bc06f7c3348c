/* SPDX-License-Identifier: MIT */
/*
 * The typed result document: names of the stability classes as they
 * appear in JSON and in tables (the units': units.c), and releasing
 * everything a report owns.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "doc/doc-model.h"
#include "util.h"

static const char *const stabilities[] = {
	[TS_STABLE] = "stable",
	[TS_ACCEPTABLE] = "acceptable",
	[TS_NOISY] = "noisy",
	[TS_UNRELIABLE] = "unreliable",
};

#define NSTABILITIES	(sizeof stabilities / sizeof stabilities[0])

const char *
ts_stability_name(enum ts_stability s)
{
	return (size_t)s < NSTABILITIES ? stabilities[s] : "unreliable";
}

int
ts_stability_from_name(const char *s, enum ts_stability *out)
{
	size_t i;

	for (i = 0; i < NSTABILITIES; i++)
		if (strcmp(s, stabilities[i]) == 0) {
			*out = (enum ts_stability)i;
			return 0;
		}
	return -1;
}

void
ts_pass_free(struct ts_pass *p)
{
	if (p == NULL)
		return;
	free(p->samples);
	p->samples = NULL;
	p->nsamples = 0;
}

void
ts_pass_map_doubles(struct ts_pass *p, double (*fn)(double))
{
	double *f[] = { &p->value, &p->window_ms, &p->stats.median,
	    &p->stats.mean, &p->stats.stddev, &p->stats.cv, &p->stats.min,
	    &p->stats.max, &p->stats.p05, &p->stats.p95, &p->stats.ci95 };
	size_t i;

	for (i = 0; i < sizeof f / sizeof f[0]; i++)
		*f[i] = fn(*f[i]);
	for (i = 0; i < p->nsamples; i++)
		p->samples[i] = fn(p->samples[i]);
}

/* The doubles of a component array. */
static void
components_map(struct ts_component *c, size_t n, double (*fn)(double))
{
	size_t i;

	for (i = 0; i < n; i++) {
		c[i].measured = fn(c[i].measured);
		c[i].reference = fn(c[i].reference);
		c[i].ratio = fn(c[i].ratio);
	}
}

void
ts_report_map_doubles(struct ts_report *r, double (*fn)(double))
{
	struct ts_workload *w;
	size_t i;

	r->duration_secs = fn(r->duration_secs);
	r->system.timer.cycle_hz = fn(r->system.timer.cycle_hz);
	r->system.timer.overhead_ns = fn(r->system.timer.overhead_ns);
	for (i = 0; i < r->nworkloads; i++) {
		w = &r->workloads[i];
		w->reference = fn(w->reference);
		if (w->single != NULL)
			ts_pass_map_doubles(w->single, fn);
		if (w->multi != NULL)
			ts_pass_map_doubles(w->multi, fn);
		if (w->scaling != NULL) {
			w->scaling->speedup = fn(w->scaling->speedup);
			w->scaling->efficiency = fn(w->scaling->efficiency);
		}
	}
	r->score.single_core = fn(r->score.single_core);
	r->score.multi_core = fn(r->score.multi_core);
	components_map(r->score.single_components,
	    r->score.nsingle_components, fn);
	components_map(r->score.multi_components, r->score.nmulti_components,
	    fn);
}

/* Release the strings and passes of one workload entry. */
static void
workload_free(struct ts_workload *w)
{
	free(w->id);
	free(w->name);
	free(w->summary);
	if (w->single != NULL) {
		ts_pass_free(w->single);
		free(w->single);
	}
	if (w->multi != NULL) {
		ts_pass_free(w->multi);
		free(w->multi);
	}
	free(w->scaling);
	free(w->excluded_from_multi_core);
	free(w->error);
}

/* Release the ids of a component array. */
static void
components_free(struct ts_component *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(c[i].id);
	free(c);
}

void
ts_system_free(struct ts_system *s)
{
	TS_FREE_ALL(s->cpu_model, s->cpu_vendor, s->os, s->os_version,
	    s->target, s->rustc_version, s->build_profile.opt_level,
	    s->build_profile.target_cpu, s->build_profile.target_features,
	    s->timer.cycle_source);
	memset(s, 0, sizeof *s);
}

void
ts_score_free(struct ts_score *s)
{
	if (s == NULL)
		return;
	free(s->reference);
	components_free(s->single_components, s->nsingle_components);
	components_free(s->multi_components, s->nmulti_components);
	memset(s, 0, sizeof *s);
}

void
ts_report_free(struct ts_report *r)
{
	size_t i;

	if (r == NULL)
		return;
	free(r->tool_version);
	free(r->generated_at);
	ts_system_free(&r->system);
	for (i = 0; i < r->nworkloads; i++)
		workload_free(&r->workloads[i]);
	free(r->workloads);
	ts_score_free(&r->score);
	ts_extensions_free(&r->ext);
	if (r->signature != NULL) {
		TS_FREE_ALL(r->signature->algorithm, r->signature->public_key,
		    r->signature->value, r->signature->document_value,
		    r->signature);
	}
	ts_strv_free(r->unknown_keys, r->nunknown_keys);
	free(r->whole_canonical);
	memset(r, 0, sizeof *r);
}
