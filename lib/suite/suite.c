/* SPDX-License-Identifier: MIT */
/*
 * The suite (see suite.h): passes per workload in run order, the "not
 * run" explanations, scaling and scores, and the buffer check that grows
 * a memory buffer only when a larger one measurably reads slower.
 */
#include <config.h>

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/doc-kinds.h"
#include "mem/mem-residency.h"
#include "mem/mem-probe-cache.h"
#include "size.h"
#include "suite/suite-score.h"
#include "suite/suite.h"
#include "host/host-sysinfo.h"
#include "topo/topo.h"
#include "util.h"

/*
 * The sizing of one kernel's buffer and how it was decided.  Its id,
 * default, option and name are the descriptor's.
 */
struct buffer {
	const struct ts_kernel *k;	/* NULL: no sized buffer */
	uint64_t	 bytes;		/* 0: the kernel's default */
	char		*decision;	/* one line for extensions */
	struct ts_residency res;	/* the check, when one was measured */
	uint64_t	 page;		/* page size seen */
	bool		 wanted;	/* the workload is in the run */
	bool		 checked;
};

/* Everything one suite run keeps while it goes. */
struct run {
	const struct ts_suite_opts	*o;
	struct ts_topo			*topo;
	char				 topo_err[256];
	struct ts_sysextra		 extra;
	unsigned			 threads;	/* T of the multi pass */
	unsigned			 bound, workers;
	unsigned			 multi_passes;	/* attempted */
	/* By registry position, as ts_suite_opts.buffer_bytes. */
	struct buffer			 buf[TS_KERNELS_MAX];
	bool				 buffers_sized;
	struct ts_kind_plan		 plan;		/* nkinds 0: one kind */
	struct ts_kinds_run		 kinds;
	const struct ts_workload	*current;	/* being measured */
	bool				 pin_warned;
};

void
ts_suite_defaults(struct ts_suite_opts *o)
{
	memset(o, 0, sizeof *o);
	o->kernels = ts_kernels;
	o->nkernels = ts_nkernels;
	o->samples = 7;
	o->warmup = 2;
	o->window_ms = 250;
	o->pin = true;
	o->buffer_check = true;
}

/* Say something through the note hook. */
static void
note(struct run *run, const char *fmt, ...)
{
	va_list ap;
	struct ts_buf b;

	if (run->o->hooks.note == NULL)
		return;
	ts_buf_init(&b);
	va_start(ap, fmt);
	ts_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	run->o->hooks.note(b.data, run->o->hooks.arg);
	ts_buf_free(&b);
}

/* Seconds each page-local chase of the buffer check is timed, and its seed. */
#define CHECK_SECONDS	0.06
#define CHECK_SEED	UINT64_C(0x1A7E4C7A5EED)

/*
 * Decide what needs no measurement: the user's size, a disabled check,
 * or a default that hwloc's largest last-level cache could not hold half
 * of.  Return true when the default is left for the check to decide.
 */
static bool
needs_check(struct run *run, struct buffer *b)
{
	uint64_t llc = run->extra.llc_bytes;

	if (b->bytes != 0)
		b->decision = ts_xasprintf("set by %s", b->k->buffer_option);
	else if (!run->o->buffer_check)
		b->decision = ts_xstrdup("default; check disabled");
	else if (llc == 0 || llc * 2 < b->k->buffer_default)
		b->decision = ts_xasprintf("default; the largest last-level "
		    "cache hwloc reports (%llu MiB) is under half of it",
		    (unsigned long long)(llc / TS_MIB));
	else
		return true;
	return false;
}

/* Say which buffers the check measures: "the stream buffer clears". */
static void
note_check(struct run *run, struct buffer *const *tested, size_t n)
{
	struct ts_buf names;
	size_t i;

	ts_buf_init(&names);
	for (i = 0; i < n; i++)
		ts_buf_printf(&names, "%s%s", i == 0 ? "" : i + 1 == n ?
		    " and " : ", ", tested[i]->k->buffer_name);
	note(run, "checking whether the %s buffer%s clear%s the cache",
	    names.data, n == 1 ? "" : "s", n == 1 ? "s" : "");
	ts_buf_free(&names);
}

/*
 * Decide the buffers' sizes: the user's, or the defaults, checked by the
 * cache-residency test (lib/mem-residency.h) when hwloc's largest last-level
 * cache is at least half of them.  hwloc's figure is only an upper bound
 * (a virtual machine may be shown its host's whole L3), so it alone never
 * grows a buffer; the test compares page-local chases, so page walks
 * cannot pass for cache misses either.  Both buffers are tested in one
 * mapping, which costs one first touch of fresh memory, not two.
 */
static void
size_buffers(struct run *run)
{
	struct ts_residency_cfg cfg = { CHECK_SECONDS, CHECK_SEED };
	struct ts_residency res[TS_KERNELS_MAX];
	struct buffer *b, *tested[TS_KERNELS_MAX];
	uint64_t small[TS_KERNELS_MAX], big = 0, large;
	unsigned long long small_mib, large_mib;
	size_t n = 0, i;

	for (i = 0; i < ts_nkernels; i++) {
		b = &run->buf[i];
		if (b->k == NULL || !b->wanted || !needs_check(run, b))
			continue;
		tested[n] = b;
		small[n++] = b->k->buffer_default;
		if (b->k->buffer_default > big)
			big = b->k->buffer_default;
	}
	if (n == 0)
		return;
	large = ts_residency_large(big, run->extra.llc_bytes,
	    ts_cache_mem_bound(run->topo != NULL ?
	    ts_topo_memory(run->topo) : 0, ts_mem_available()));
	if (large == 0) {
		for (i = 0; i < n; i++)
			tested[i]->decision = ts_xstrdup("default; memory "
			    "leaves no room to check it against a larger "
			    "footprint");
		return;
	}
	note_check(run, tested, n);
	ts_residency_test(small, n, large, ts_residency_measure, &cfg, res);
	for (i = 0; i < n; i++) {
		b = tested[i];
		b->res = res[i];
		if (res[i].verdict == TS_RESIDENCY_SKIPPED) {
			b->decision = ts_xasprintf("default; the check failed: "
			    "%s", res[i].reason);
			if (i == 0)
				ts_warning("the buffer check was skipped (%s); "
				    "the default sizes are used", res[i].reason);
			continue;
		}
		b->checked = true;
		small_mib = (unsigned long long)(b->k->buffer_default / TS_MIB);
		large_mib = (unsigned long long)(large / TS_MIB);
		if (res[i].verdict == TS_RESIDENCY_CACHE) {
			b->bytes = large;
			b->decision = ts_xasprintf("grown to %llu MiB: in a "
			    "page-local chase %llu MiB read %.1f ns per load "
			    "and %llu MiB %.1f ns, so the default sits in "
			    "cache", large_mib, small_mib, res[i].ns_small,
			    large_mib, res[i].ns_large);
		} else
			b->decision = ts_xasprintf("default kept: in a "
			    "page-local chase %llu MiB read %.1f ns per load "
			    "and %llu MiB %.1f ns (within %.0f %%)", small_mib,
			    res[i].ns_small, large_mib, res[i].ns_large,
			    (TS_RESIDENCY_SLOWER - 1) * 100);
	}
}

/* The buffer record that goes with a kernel, or NULL. */
static struct buffer *
buffer_of(struct run *run, const struct ts_kernel *k)
{
	size_t i = ts_kernel_index(k);

	return i < ts_nkernels && run->buf[i].k != NULL ? &run->buf[i] : NULL;
}

/* Run one pass; return it (malloc'd) or NULL with *err set. */
static struct ts_pass *
one_pass(struct run *run, const struct ts_kernel *k, unsigned threads,
    const struct ts_kind *kind, bool *pinned, char **err)
{
	const struct ts_suite_opts *o = run->o;
	struct ts_pass_config cfg;
	struct ts_pass *pass = ts_xcalloc(1, sizeof *pass);
	struct ts_measure m;
	struct buffer *b = buffer_of(run, k);
	char why[512];
	int rc;

	memset(&cfg, 0, sizeof cfg);
	cfg.threads = threads;
	cfg.samples = o->samples;
	cfg.warmup = o->warmup;
	cfg.window_secs = (double)o->window_ms / 1000.0;
	cfg.pin = o->pin ? run->topo : NULL;
	if (kind != NULL) {
		cfg.exact_core = true;
		cfg.core = kind->core;
	}
	cfg.params.huge_pages = o->huge_pages;
	cfg.params.buffer_bytes = b != NULL ? b->bytes : 0;
	rc = ts_run_pass(k, &cfg, o->hooks.round, o->hooks.arg, pass, &m, why,
	    sizeof why);
	run->bound += m.pinned;
	run->workers += threads;
	if (pinned != NULL)
		*pinned = cfg.pin != NULL && m.pinned == threads;
	if (b != NULL && m.page_bytes != 0)
		b->page = m.page_bytes;
	if (b != NULL && m.buffer_bytes != 0 && b->bytes == 0)
		b->bytes = m.buffer_bytes;
	ts_measure_free(&m);
	if (o->hooks.pass_done != NULL)
		o->hooks.pass_done(k, threads, rc == 0 ? pass : NULL,
		    rc == 0 ? NULL : why, o->hooks.arg);
	if (rc == -1) {
		*err = ts_xstrdup(why);
		free(pass);
		return NULL;
	}
	return pass;
}

/* Append text to an error, joined with "; ". */
static void
add_error(char **error, char *text)
{
	char *joined;

	if (*error == NULL) {
		*error = text;
		return;
	}
	joined = ts_xasprintf("%s; %s", *error, text);
	free(*error);
	free(text);
	*error = joined;
}

/* Say once, on one line, that a kind's core could not be bound. */
static const char *
pin_failed(struct run *run, const struct ts_kind *kind)
{
	const char *why = ts_topo_is_this_machine(run->topo) ?
	    "the system refused" : "hwloc's topology is not this machine's";

	if (!run->pin_warned)
		ts_warning("cannot pin to %s core %u (CPU %s): %s; passes "
		    "that cannot be pinned run unpinned", kind->name,
		    kind->core, kind->cpus, why);
	run->pin_warned = true;
	return why;
}

/*
 * A workload's single-thread pass: on a hybrid CPU with pinning, on the
 * most performant kind's core; otherwise as it always was.
 */
static struct ts_pass *
single_pass(struct run *run, const struct ts_kernel *k, bool *pinned,
    char **err)
{
	const struct ts_kind *kind;
	struct ts_pass *pass;

	*pinned = false;
	if (run->plan.nkinds == 0 || !run->kinds.pin)
		return one_pass(run, k, 1, NULL, NULL, err);
	kind = &run->plan.kinds[0];
	pass = one_pass(run, k, 1, kind, pinned, err);
	run->kinds.single_passes++;
	if (*pinned)
		run->kinds.single_pinned++;
	else
		run->kinds.unpinned_reason = pin_failed(run, kind);
	return pass;
}

/* With --per-kind: the single-thread pass on every kind, recorded. */
static void
other_kinds(struct run *run, const struct ts_kernel *k, bool top_pinned)
{
	const struct ts_workload *w = run->current;
	const struct ts_kind *kind;
	struct ts_pass *pass;
	bool pinned;
	char *err = NULL;
	unsigned i;

	if (run->plan.nkinds == 0 || !run->kinds.pin)
		return;
	kind = &run->plan.kinds[0];
	ts_kinds_add(&run->kinds, k->id, kind, ts_kinds_pass(kind,
	    w->single, NULL, top_pinned));
	for (i = 1; i < run->plan.nkinds; i++) {
		kind = &run->plan.kinds[i];
		note(run, "%s: single thread on %s core %u (CPU %s)", k->name,
		    kind->name, kind->core, kind->cpus);
		pinned = false;
		pass = one_pass(run, k, 1, kind, &pinned, &err);
		if (!pinned)
			pin_failed(run, kind);
		ts_kinds_add(&run->kinds, k->id, kind,
		    ts_kinds_pass(kind, pass, err, pinned));
		if (pass != NULL) {
			ts_pass_free(pass);
			free(pass);
		}
		free(err);
		err = NULL;
	}
}

/*
 * The passes one_workload() will run, for the start hook: a workload's
 * single-thread pass (once per CPU kind with --per-kind), and its
 * multi-thread pass when it scales.  A failed pass still counts: the
 * next one runs all the same.
 */
static unsigned
planned_passes(const struct run *run)
{
	const struct ts_suite_opts *o = run->o;
	unsigned n = 0, kinds;
	size_t i;

	kinds = o->per_kind && run->plan.nkinds > 0 && run->kinds.pin ?
	    (unsigned)run->plan.nkinds : 1;
	for (i = 0; i < o->nkernels; i++) {
		if (!o->multi_only)
			n += kinds;
		if (!o->single_only && o->kernels[i]->scales &&
		    run->threads > 1)
			n++;
	}
	return n;
}

/* Both passes of one workload, its scaling and its "not run" text. */
static void
one_workload(struct run *run, const struct ts_kernel *k,
    struct ts_workload *w)
{
	const struct ts_suite_opts *o = run->o;
	struct ts_scaling scaling;
	char *err = NULL;
	bool pinned;

	run->current = w;
	w->id = ts_xstrdup(k->id);
	w->name = ts_xstrdup(k->name);
	w->summary = ts_xstrdup(k->summary);
	w->unit = k->unit;
	w->reference = k->reference;
	if (!k->scales)
		w->excluded_from_multi_core = ts_xstrdup(TS_EXCLUSION_TEXT);
	if (!o->multi_only) {
		w->single = single_pass(run, k, &pinned, &err);
		if (w->single == NULL)
			add_error(&w->error, err);
		else if (o->per_kind)
			other_kinds(run, k, pinned);
	}
	if (!o->single_only && k->scales && run->threads > 1) {
		run->multi_passes++;
		run->kinds.multi_ran = true;
		w->multi = one_pass(run, k, run->threads, NULL, NULL, &err);
		if (w->multi == NULL)
			add_error(&w->error, err);
	}
	if (w->single == NULL && w->multi == NULL && w->error == NULL)
		w->error = ts_xasprintf(!k->scales ? "not run: '%s' is "
		    "measured single-threaded only, and the single-thread pass "
		    "was disabled" : "not run: both the single- and "
		    "multi-thread passes were disabled", k->id);
	if (w->single != NULL && w->multi != NULL &&
	    ts_scaling_compute(w->single, w->multi, w->unit, &scaling) == 0) {
		w->scaling = ts_xmalloc(sizeof *w->scaling);
		*w->scaling = scaling;
	}
}

/* Add the extensions record of one buffer to buffers. */
static void
buffer_ext(const struct run *run, const struct buffer *b,
    struct ts_ext_buffers *buffers)
{
	struct ts_ext_buffer *e = ts_ext_buffer_add(buffers, b->k->id);

	e->bytes = b->bytes ? b->bytes : b->k->buffer_default;
	e->huge_pages_requested = run->o->huge_pages;
	if (b->page != 0) {
		e->page_bytes.set = true;
		e->page_bytes.v = b->page;
	}
	e->decision = ts_xstrdup(b->decision);
	if (b->checked) {
		e->check_large_bytes.set = true;
		e->check_large_bytes.v = b->res.large_bytes;
		if (isfinite(b->res.ns_small) && isfinite(b->res.ns_large)) {
			e->has_check_ns = true;
			e->check_ns = b->res.ns_small;
			e->check_large_ns = b->res.ns_large;
		}
		e->has_check_seconds = true;
		e->check_seconds = b->res.seconds;
	}
}

/*
 * Everything we record beyond the original's schema: the machine's part
 * from lib/sysinfo.c, the run's here.
 */
static void
extensions(struct run *run, struct ts_extensions *e)
{
	const struct ts_suite_opts *o = run->o;
	size_t i;

	memset(e, 0, sizeof *e);
	ts_sysextra_fill(&run->extra, e);
	e->producer = ts_xstrdup(TS_PRODUCER);
	e->have |= 1u << TS_EXT_PRODUCER;
	e->cpus.threads_requested = o->threads;
	e->cpus.threads_used = run->threads;
	/* Only a multi-thread pass that ran can have been oversubscribed. */
	e->cpus.oversubscribed = run->multi_passes > 0 &&
	    run->threads > run->extra.cpus.usable;
	e->pinning.enabled = o->pin && run->topo != NULL;
	if (!o->pin)
		e->pinning.reason = ts_xstrdup("disabled by --no-pin");
	else if (run->topo == NULL)
		e->pinning.reason = ts_xstrdup(run->topo_err);
	else {
		e->pinning.policy = ts_xstrdup("worker i on physical core i "
		    "(modulo the cores allowed)");
		e->pinning.cores.set = true;
		e->pinning.cores.v = ts_topo_cores(run->topo);
	}
	e->pinning.workers = run->workers;
	e->pinning.workers_bound = run->bound;
	e->have |= 1u << TS_EXT_PINNING;
	for (i = 0; i < ts_nkernels; i++)
		if (run->buf[i].k != NULL && run->buf[i].wanted)
			buffer_ext(run, &run->buf[i], &e->buffers);
	/* Only a machine with two kinds or more gets the record. */
	if (run->plan.nkinds >= 2) {
		ts_kinds_record(&run->plan, &run->kinds, &e->cpu_kinds);
		e->have |= 1u << TS_EXT_CPU_KINDS;
	}
}

/* Plan the passes over the CPU kinds, and say what --per-kind cannot do. */
static void
plan_kinds(struct run *run)
{
	const struct ts_suite_opts *o = run->o;

	if (run->topo != NULL)
		ts_topo_kind_plan(run->topo, run->threads, &run->plan);
	run->kinds.pin = o->pin && run->topo != NULL;
	run->kinds.multi_pinned = run->kinds.pin;
	if (!o->pin)
		run->kinds.unpinned_reason = "disabled by --no-pin";
	else if (run->topo == NULL)
		run->kinds.unpinned_reason = run->topo_err;
	if (!o->per_kind || o->multi_only)
		return;
	if (run->plan.nkinds == 0)
		ts_warning("--per-kind: hwloc reports one CPU kind on this "
		    "machine, so the single-thread pass runs once");
	else if (!run->kinds.pin)
		ts_warning("--per-kind: %s, so the single-thread pass runs "
		    "once", run->kinds.unpinned_reason);
}

void
ts_suite_run(const struct ts_suite_opts *o, struct ts_report *r)
{
	struct run run;
	char stamp[32];
	double t0 = ts_now();
	size_t i;

	memset(r, 0, sizeof *r);
	memset(&run, 0, sizeof run);
	run.o = o;
	run.topo = ts_topo_open(run.topo_err, sizeof run.topo_err);
	ts_sysinfo_capture(run.topo, &r->system, &run.extra, 1);
	run.threads = o->threads != 0 ? (unsigned)o->threads :
	    (unsigned)r->system.logical_cores;
	if (run.threads == 0)
		run.threads = 1;
	plan_kinds(&run);
	for (i = 0; i < ts_nkernels; i++)
		if (ts_kernels[i]->buffer_default != 0) {
			run.buf[i].k = ts_kernels[i];
			run.buf[i].bytes = o->buffer_bytes[i];
		}
	for (i = 0; i < o->nkernels; i++) {
		struct buffer *bp = buffer_of(&run, o->kernels[i]);
		/*
		 * A kernel that does not scale needs its single pass; one
		 * that scales runs either way.
		 */
		if (bp != NULL && (o->kernels[i]->scales || !o->multi_only))
			bp->wanted = true;
	}
	if (o->hooks.start != NULL)
		o->hooks.start(planned_passes(&run), o->hooks.arg);
	r->schema_version = TS_SCHEMA_VERSION;
	r->tool_version = ts_xstrdup(TS_TOOL_VERSION);
	r->workloads = ts_xcalloc(o->nkernels, sizeof *r->workloads);
	r->nworkloads = o->nkernels;
	for (i = 0; i < o->nkernels; i++) {
		/*
		 * The buffer check runs just before the first memory
		 * workload: the memory it first touched and freed is then
		 * still the kernel's when that workload allocates, instead
		 * of having gone back to a virtual machine's host.
		 */
		if (!run.buffers_sized && buffer_of(&run, o->kernels[i]) !=
		    NULL) {
			size_buffers(&run);
			run.buffers_sized = true;
		}
		one_workload(&run, o->kernels[i], &r->workloads[i]);
	}
	ts_score_build(r->workloads, r->nworkloads, &r->score);
	r->duration_secs = ts_now() - t0;
	r->generated_at = ts_xstrdup(ts_rfc3339(time(NULL), stamp));
	r->config.threads = run.threads;
	r->config.samples = o->samples;
	r->config.warmup = o->warmup;
	r->config.window_ms = o->window_ms;
	extensions(&run, &r->ext);
	for (i = 0; i < ts_nkernels; i++)
		free(run.buf[i].decision);
	ts_sysextra_free(&run.extra);
	ts_kinds_run_free(&run.kinds);
	ts_topo_close(run.topo);
}
