/* SPDX-License-Identifier: MIT */
/*
 * The typed result document: names of the enumerations as they appear in
 * JSON and in tables, and releasing everything a report owns.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "doc/doc-model.h"
#include "util.h"

static const struct {
	const char	*name;
	const char	*label;
} units[] = {
	[TS_UNIT_DHRYSTONES_PER_SEC] = { "dhrystones_per_sec", "Dhry/s" },
	[TS_UNIT_GFLOPS] = { "gflops", "GFLOP/s" },
	[TS_UNIT_GIB_PER_SEC] = { "gib_per_sec", "GiB/s" },
	[TS_UNIT_MIB_PER_SEC] = { "mib_per_sec", "MiB/s" },
	[TS_UNIT_MELEM_PER_SEC] = { "melem_per_sec", "Melem/s" },
	[TS_UNIT_NANOSECONDS] = { "nanoseconds", "ns" },
};

static const char *const stabilities[] = {
	[TS_STABLE] = "stable",
	[TS_ACCEPTABLE] = "acceptable",
	[TS_NOISY] = "noisy",
	[TS_UNRELIABLE] = "unreliable",
};

#define NUNITS		(sizeof units / sizeof units[0])
#define NSTABILITIES	(sizeof stabilities / sizeof stabilities[0])

const char *
ts_unit_name(enum ts_unit u)
{
	return (size_t)u < NUNITS ? units[u].name : "unknown";
}

const char *
ts_unit_label(enum ts_unit u)
{
	return (size_t)u < NUNITS ? units[u].label : "?";
}

int
ts_unit_from_name(const char *s, enum ts_unit *out)
{
	size_t i;

	for (i = 0; i < NUNITS; i++)
		if (strcmp(s, units[i].name) == 0) {
			*out = (enum ts_unit)i;
			return 0;
		}
	return -1;
}

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

static const char *const ext_keys[TS_EXT_NKEYS] = {
	[TS_EXT_PRODUCER] = "producer",
	[TS_EXT_COMPILER] = "compiler",
	[TS_EXT_CFLAGS] = "cflags",
	[TS_EXT_CONFIGURE_HOST] = "configure_host",
	[TS_EXT_ASSERTIONS] = "assertions",
	[TS_EXT_DEBUG_ASSERTIONS_MEANS] = "debug_assertions_means",
	[TS_EXT_KERNEL_RELEASE] = "kernel_release",
	[TS_EXT_L3_TOTAL_BYTES] = "l3_total_bytes",
	[TS_EXT_LLC] = "llc",
	[TS_EXT_CPUS] = "cpus",
	[TS_EXT_PINNING] = "pinning",
	[TS_EXT_BUFFERS] = "buffers",
	[TS_EXT_CPU_KINDS] = "cpu_kinds",
};

const char *
ts_ext_key_name(enum ts_ext_key k)
{
	return (size_t)k < TS_EXT_NKEYS ? ext_keys[k] : "unknown";
}

bool
ts_ext_has(const struct ts_extensions *e, enum ts_ext_key k)
{
	if ((size_t)k >= TS_EXT_NKEYS)
		return false;
	if (e->have & (1u << k))
		return true;
	return e->other != NULL && json_object_is_type(e->other,
	    json_type_object) && json_object_object_get_ex(e->other,
	    ext_keys[k], NULL);
}

struct ts_ext_buffer *
ts_ext_buffer_add(struct ts_ext_buffers *b, const char *id)
{
	struct ts_ext_buffer *e;

	b->buf = ts_xrealloc(b->buf, (b->nbuf + 1) * sizeof *b->buf);
	e = memset(&b->buf[b->nbuf++], 0, sizeof *e);
	e->id = ts_xstrdup(id);
	return e;
}

/* Free the buffer records. */
static void
ext_buffers_free(struct ts_ext_buffers *b)
{
	size_t i;

	for (i = 0; i < b->nbuf; i++) {
		free(b->buf[i].id);
		free(b->buf[i].decision);
	}
	free(b->buf);
	b->buf = NULL;
	b->nbuf = 0;
}

void
ts_ext_cpu_kinds_free(struct ts_ext_cpu_kinds *k)
{
	struct ts_ext_kind_workload *w;
	size_t i, j;

	for (i = 0; i < k->nkinds; i++)
		free(k->kinds[i].name);
	free(k->kinds);
	free(k->single_thread.kind);
	free(k->single_thread.cpus);
	free(k->single_thread.reason);
	for (i = 0; i < k->nworkers; i++)
		free(k->workers[i].kind);
	free(k->workers);
	free(k->workers_text);
	for (i = 0; i < k->nper_kind; i++) {
		w = &k->per_kind[i];
		for (j = 0; j < w->npasses; j++) {
			free(w->passes[j].kind);
			free(w->passes[j].cpus);
			free(w->passes[j].error);
			free(w->passes[j].stability);
		}
		free(w->passes);
		free(w->workload);
	}
	free(k->per_kind);
	free(k->single_core_score_kind);
	memset(k, 0, sizeof *k);
}

void
ts_extensions_free(struct ts_extensions *e)
{
	free(e->producer);
	free(e->compiler);
	free(e->cflags);
	free(e->configure_host);
	free(e->debug_assertions_means);
	free(e->kernel_release);
	free(e->pinning.reason);
	free(e->pinning.policy);
	ext_buffers_free(&e->buffers);
	free(e->buffers.transparent_hugepage);
	ts_ext_cpu_kinds_free(&e->cpu_kinds);
	if (e->other != NULL)
		json_object_put(e->other);
	free(e->order);
	memset(e, 0, sizeof *e);
}

void
ts_report_free(struct ts_report *r)
{
	size_t i;

	if (r == NULL)
		return;
	free(r->tool_version);
	free(r->generated_at);
	free(r->system.cpu_model);
	free(r->system.cpu_vendor);
	free(r->system.os);
	free(r->system.os_version);
	free(r->system.target);
	free(r->system.rustc_version);
	free(r->system.build_profile.opt_level);
	free(r->system.build_profile.target_cpu);
	free(r->system.build_profile.target_features);
	free(r->system.timer.cycle_source);
	for (i = 0; i < r->nworkloads; i++)
		workload_free(&r->workloads[i]);
	free(r->workloads);
	free(r->score.reference);
	components_free(r->score.single_components,
	    r->score.nsingle_components);
	components_free(r->score.multi_components,
	    r->score.nmulti_components);
	ts_extensions_free(&r->ext);
	if (r->signature != NULL) {
		free(r->signature->algorithm);
		free(r->signature->public_key);
		free(r->signature->value);
		free(r->signature->document_value);
		free(r->signature);
	}
	ts_strv_free(r->unknown_keys, r->nunknown_keys);
	free(r->whole_canonical);
	memset(r, 0, sizeof *r);
}
