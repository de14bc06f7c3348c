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

#include "buf.h"
#include "eta.h"
#include "doc/doc-ext-exec.h"
#include "doc/doc-ext-keys.h"
#include "doc/doc-kinds.h"
#include "doc/doc-ext-speed.h"
#include "mem/mem-residency.h"
#include "mem/mem-probe-cache.h"
#include "size.h"
#include "stats/stats-basic.h"
#include "suite/suite-executions.h"
#include "suite/suite-score.h"
#include "suite/suite.h"
#include "host/host-sysinfo.h"
#include "topo/topo-speed.h"
#include "topo/topo-together.h"
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
	struct ts_prun			*pr;		/* every pass, run order */
	const struct ts_kind		**pr_kind;	/* single pass's kind */
	bool				*pr_pinned;	/* every worker, always */
	long				*pr_core;	/* exact core, or -1 */
	struct ts_speed			 speed;		/* n 0: not measured */
	long				 single_core;	/* where single passes ran */
	/* The together probe before each round (threads 0: none). */
	struct ts_together_run		 together;
	bool				 together_off;	/* refused once */
	size_t				 npr, next_pr;
	struct ts_exec_design		 design;
	double				 t0;
	/*
	 * Progress: the steps (executions, --per-kind passes) done and
	 * planned; by pass, the executions and --per-kind passes it has
	 * left and what its latest step took (-1: none yet); the single
	 * pass whose --per-kind passes are running.
	 */
	unsigned			 steps_done, steps;
	unsigned			*pr_exec_left, *pr_kind_left;
	double				*pr_secs;
	bool				 past_plan;
	size_t				 kind_pr;
};

void
ts_suite_defaults(struct ts_suite_opts *o)
{
	memset(o, 0, sizeof *o);
	o->kernels = ts_kernels;
	o->nkernels = ts_nkernels;
	o->samples = TS_DEFAULT_SAMPLES;
	o->warmup = TS_DEFAULT_WARMUP;
	o->window_ms = TS_DEFAULT_WINDOW_MS;
	o->executions = TS_DEFAULT_EXECUTIONS;
	o->max_seconds = TS_DEFAULT_MAX_SECONDS;
	o->pin = true;
	o->buffer_check = true;
	o->speed_probe = true;
}

/* Format a line and hand it to hook (a note or a warning), if set. */
static void
tell(struct run *run, void (*hook)(const char *, void *), const char *fmt,
    va_list ap)
{
	struct ts_buf b;

	if (hook == NULL)
		return;
	ts_buf_init(&b);
	ts_buf_vprintf(&b, fmt, ap);
	hook(b.data, run->o->hooks.arg);
	ts_buf_free(&b);
}

/* Say something through the note hook. */
static void __attribute__((format(printf, 2, 3)))
note(struct run *run, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tell(run, run->o->hooks.note, fmt, ap);
	va_end(ap);
}

/* Hand a warning to the warning hook, for the program to print. */
static void __attribute__((format(printf, 2, 3)))
say_warning(struct run *run, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tell(run, run->o->hooks.warning, fmt, ap);
	va_end(ap);
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
 * cache-residency test (lib/mem/mem-residency.h) when hwloc's largest
 * last-level cache is at least half of them.  hwloc's figure is only an upper
 * bound (a virtual machine may be shown its host's whole L3), so it alone
 * never grows a buffer; the test compares page-local chases, so page walks
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
				say_warning(run, "the buffer check was skipped "
				    "(%s); the default sizes are used",
				    res[i].reason);
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

/* The suite's place in its steps, for a progress event. */
static void
progress_fill(const struct run *run, struct ts_progress *ev, bool finished)
{
	unsigned *left;
	size_t i;

	ev->steps = run->steps;
	ev->step = finished || run->steps_done >= run->steps ?
	    run->steps_done : run->steps_done + 1;
	ev->left_s = -1;
	if (run->past_plan || run->npr == 0)
		return;
	left = ts_xcalloc(run->npr, sizeof *left);
	for (i = 0; i < run->npr; i++)
		left[i] = run->pr_exec_left[i] + run->pr_kind_left[i];
	ev->left_s = ts_eta_passes(run->pr_secs, left, run->npr);
	free(left);
}

/*
 * Hand ev to the round hook with the suite's step filled in: the step
 * under way, or the one just finished.
 */
static void
progress(const struct run *run, struct ts_progress *ev, bool finished)
{
	if (run->o->hooks.round == NULL)
		return;
	progress_fill(run, ev, finished);
	run->o->hooks.round(ev, run->o->hooks.arg);
}

/* The round hook of a --per-kind pass: the same, with the step filled. */
static void
kind_round(const struct ts_progress *ev, void *arg)
{
	struct ts_progress e = *ev;

	progress(arg, &e, false);
}

/*
 * Execution of pass i done (it took secs) or failed: one step more; a
 * failed pass's other steps will not run.  Past the plan (--precision's
 * further executions) the count grows and the estimate is unknown.
 */
static void
step_done(struct run *run, size_t i, double secs, bool failed)
{
	if (run->pr_exec_left[i] > 0)
		run->pr_exec_left[i]--;
	else {
		run->steps++;
		run->past_plan = true;
	}
	run->steps_done++;
	if (failed) {
		run->steps -= run->pr_exec_left[i] + run->pr_kind_left[i];
		run->pr_exec_left[i] = run->pr_kind_left[i] = 0;
	} else
		run->pr_secs[i] = secs;
}

/* Run one pass; return it (malloc'd) or NULL with *err set. */
static struct ts_pass *
one_pass(struct run *run, const struct ts_kernel *k, unsigned threads,
    const struct ts_kind *kind, bool *pinned, char **err)
{
	const struct ts_suite_opts *o = run->o;
	struct ts_pass_config cfg;
	struct ts_pass *pass = ts_xcalloc(1, sizeof *pass);
	struct ts_measurement m;
	struct buffer *b = buffer_of(run, k);
	char why[512];
	size_t i;
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
	rc = ts_run_pass(k, &cfg, o->hooks.round != NULL ? kind_round : NULL,
	    run, pass, &m, why, sizeof why);
	/* A --per-kind pass: one step of the single pass's. */
	i = run->kind_pr;
	if (i < run->npr && run->pr_kind_left[i] > 0) {
		run->pr_kind_left[i]--;
		run->steps_done++;
	}
	run->bound += m.pinned;
	run->workers += threads;
	if (pinned != NULL)
		*pinned = cfg.pin != NULL && m.pinned == threads;
	if (b != NULL && m.page_bytes != 0)
		b->page = m.page_bytes;
	if (b != NULL && m.buffer_bytes != 0 && b->bytes == 0)
		b->bytes = m.buffer_bytes;
	ts_measurement_free(&m);
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
		say_warning(run, "cannot pin to %s core %u (CPU %s): %s; "
		    "passes that cannot be pinned run unpinned", kind->name,
		    kind->core, kind->cpus, why);
	run->pin_warned = true;
	return why;
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

/* The pass configuration of the next execution of pass i. */
static void
exec_config(struct run *run, size_t i, struct ts_pass_config *cfg)
{
	const struct ts_suite_opts *o = run->o;
	const struct ts_prun *pr = &run->pr[i];
	struct buffer *b = buffer_of(run, pr->k);

	memset(cfg, 0, sizeof *cfg);
	cfg->threads = pr->threads;
	cfg->samples = o->samples;
	cfg->warmup = o->warmup;
	cfg->window_secs = (double)o->window_ms / 1000.0;
	cfg->pin = o->pin ? run->topo : NULL;
	if (run->pr_core[i] >= 0) {
		cfg->exact_core = true;
		cfg->core = (unsigned)run->pr_core[i];
	}
	cfg->params.huge_pages = o->huge_pages;
	cfg->params.buffer_bytes = b != NULL ? b->bytes : 0;
	cfg->iters = pr->iters;
}

/* Run the next execution of pass i and keep what it measured. */
static void
execute_one(struct run *run, size_t i)
{
	const struct ts_suite_opts *o = run->o;
	struct ts_prun *pr = &run->pr[i];
	struct buffer *b = buffer_of(run, pr->k);
	ts_execute_fn *fn = o->execute != NULL ? o->execute :
	    ts_exec_inprocess;
	struct ts_pass_config cfg;
	struct ts_progress ev;
	struct ts_measurement m;
	char why[512];
	double sum = 0, rate, t0;
	size_t j;

	exec_config(run, i, &cfg);
	if (pr->nexec == 0) {
		memset(&ev, 0, sizeof ev);
		ev.event = TS_PROGRESS_CALIBRATING;
		ev.kernel = pr->k;
		ev.threads = pr->threads;
		progress(run, &ev, false);
	}
	t0 = ts_now();
	if (fn(pr->k, &cfg, &m, why, sizeof why, o->execute_arg) == -1) {
		run->workers += pr->threads;
		run->pr_pinned[i] = false;
		ts_prun_fail(pr, why);
		step_done(run, i, 0, true);
		return;
	}
	step_done(run, i, ts_now() - t0, false);
	run->bound += m.pinned;
	run->workers += pr->threads;
	if (cfg.pin == NULL || m.pinned != pr->threads)
		run->pr_pinned[i] = false;
	if (b != NULL && m.page_bytes != 0)
		b->page = m.page_bytes;
	if (b != NULL && m.buffer_bytes != 0 && b->bytes == 0)
		b->bytes = m.buffer_bytes;
	ts_prun_add(pr, &m, (ts_now() - t0) * 1000);
	for (j = 0; j < m.nsamples; j++)
		sum += m.samples[j];
	rate = m.nsamples > 0 ? sum / (double)m.nsamples : NAN;
	ts_measurement_free(&m);
	memset(&ev, 0, sizeof ev);
	ev.event = TS_PROGRESS_SAMPLE;
	ev.kernel = pr->k;
	ev.threads = pr->threads;
	ev.iters = pr->iters;
	ev.done = (uint32_t)pr->nexec;
	ev.total = pr->nexec > o->executions ? (uint32_t)pr->nexec :
	    o->executions;
	ev.rate = rate;
	progress(run, &ev, true);
}

/* Plan every pass of every workload, in run order. */
static void
plan_passes(struct run *run)
{
	const struct ts_suite_opts *o = run->o;
	const struct ts_kernel *k;
	size_t i, n;

	run->pr = ts_xcalloc(2 * o->nkernels + 1, sizeof *run->pr);
	run->pr_kind = ts_xcalloc(2 * o->nkernels + 1, sizeof *run->pr_kind);
	run->pr_pinned = ts_xcalloc(2 * o->nkernels + 1,
	    sizeof *run->pr_pinned);
	run->pr_core = ts_xcalloc(2 * o->nkernels + 1, sizeof *run->pr_core);
	for (i = 0; i < o->nkernels; i++) {
		k = o->kernels[i];
		if (!o->multi_only) {
			n = run->npr++;
			ts_prun_init(&run->pr[n], k, 1, TS_EXEC_SINGLE);
			run->pr_pinned[n] = true;
			run->pr_core[n] = run->single_core;
			if (run->plan.nkinds > 0 && run->kinds.pin)
				run->pr_kind[n] = &run->plan.kinds[0];
		}
		if (!o->single_only && k->scales && run->threads > 1) {
			n = run->npr++;
			ts_prun_init(&run->pr[n], k, run->threads,
			    TS_EXEC_MULTI);
			run->pr_pinned[n] = true;
			run->pr_core[n] = -1;
			run->multi_passes++;
			run->kinds.multi_ran = true;
		}
	}
	/* The steps: every execution, and the --per-kind passes. */
	run->pr_exec_left = ts_xcalloc(run->npr + 1,
	    sizeof *run->pr_exec_left);
	run->pr_kind_left = ts_xcalloc(run->npr + 1,
	    sizeof *run->pr_kind_left);
	run->pr_secs = ts_xcalloc(run->npr + 1, sizeof *run->pr_secs);
	run->kind_pr = run->npr;
	for (i = 0; i < run->npr; i++) {
		run->pr_exec_left[i] = o->executions;
		if (run->pr[i].which == TS_EXEC_SINGLE && o->per_kind &&
		    run->plan.nkinds > 0 && run->kinds.pin)
			run->pr_kind_left[i] = (unsigned)run->plan.nkinds - 1;
		run->pr_secs[i] = -1;
		run->steps += run->pr_exec_left[i] + run->pr_kind_left[i];
	}
}

/* "sgemm (2 threads)", "latency (1 thread)": a pass in a line. */
static void
pass_name(struct ts_buf *b, const struct ts_prun *pr)
{
	ts_buf_printf(b, "%s (%u thread%s)", pr->k->id, pr->threads,
	    pr->threads == 1 ? "" : "s");
}

/*
 * With --precision, after the planned executions: the executions each
 * pass still running needs for its interval to reach the target at the
 * spread its executions show, and what they would cost.  When they do
 * not fit in what is left of --max-seconds, the passes that cost the
 * most are given up, one plain line each (what they need, what the time
 * left would give), until the rest fit: a target the host's own swings
 * put out of reach is said at once, not after the whole cap.
 */
static void
precision_plan(struct run *run)
{
	const struct ts_suite_opts *o = run->o;
	struct ts_prun_projection *pj;
	double left = o->max_seconds - (ts_now() - run->t0), total, worst;
	size_t i, w, more;
	struct ts_buf b;
	bool *live;

	pj = ts_xcalloc(run->npr + 1, sizeof *pj);
	live = ts_xcalloc(run->npr + 1, sizeof *live);
	for (i = 0; i < run->npr; i++) {
		struct ts_prun *pr = &run->pr[i];

		live[i] = pr->error == NULL && !pr->done &&
		    ts_prun_project(pr, o->precision_pct, &pj[i]) == 0;
	}
	for (;;) {
		total = 0;
		worst = -1;
		w = run->npr;
		for (i = 0; i < run->npr; i++) {
			double c;

			if (!live[i])
				continue;
			more = pj[i].needed > run->pr[i].nexec ?
			    pj[i].needed - run->pr[i].nexec : 0;
			c = (double)more * pj[i].exec_secs;
			total += c;
			if (c > worst) {
				worst = c;
				w = i;
			}
		}
		if (total <= left || w == run->npr)
			break;
		/* Give up the costliest pass. */
		live[w] = false;
		run->pr[w].done = run->pr[w].gave_up = true;
		more = pj[w].exec_secs > 0 ? (size_t)(fmax(left, 0) /
		    pj[w].exec_secs) : 0;
		ts_buf_init(&b);
		pass_name(&b, &run->pr[w]);
		say_warning(run, "--precision %g %%: %s cannot reach it within "
		    "--max-seconds %g here: its executions spread by %.1f %%, "
		    "so it needs about %zu executions (%.0f s more); the time "
		    "left gives about \u00b1%.1f %%, and it stops at \u00b1%.1f "
		    "%% after %zu", o->precision_pct, b.data, o->max_seconds,
		    pj[w].spread_pct, pj[w].needed, worst,
		    ts_prun_reach(&pj[w], run->pr[w].nexec + more),
		    pj[w].reached_pct, run->pr[w].nexec);
		ts_buf_free(&b);
	}
	free(pj);
	free(live);
}

/*
 * What --precision reached: a note when every pass did, else one line
 * naming the passes that did not and what they reached.
 */
static void
precision_summary(struct run *run)
{
	struct ts_prun_projection pj;
	struct ts_buf b;
	size_t i, met = 0, all = 0;

	ts_buf_init(&b);
	for (i = 0; i < run->npr; i++) {
		struct ts_prun *pr = &run->pr[i];

		if (pr->error != NULL)
			continue;
		all++;
		if (ts_prun_precise(pr, run->o->precision_pct)) {
			met++;
			continue;
		}
		if (ts_prun_project(pr, run->o->precision_pct, &pj) == -1)
			continue;
		ts_buf_puts(&b, b.len > 0 ? ", " : "");
		pass_name(&b, pr);
		ts_buf_printf(&b, " \u00b1%.1f %%", pj.reached_pct);
	}
	if (met == all)
		note(run, "--precision %g %%: every pass reached it",
		    run->o->precision_pct);
	else
		say_warning(run, "--precision %g %%: %zu of %zu passes reached "
		    "it here; the others reached %s", run->o->precision_pct,
		    met, all, b.len > 0 ? b.data : "no interval");
	ts_buf_free(&b);
}

/* Whether every pass still running meets --precision now. */
static bool
precision_check(struct run *run)
{
	bool all = true;
	size_t i;

	for (i = 0; i < run->npr; i++) {
		struct ts_prun *pr = &run->pr[i];

		if (pr->error != NULL || pr->done)
			continue;
		if (ts_prun_precise(pr, run->o->precision_pct))
			pr->done = true;
		else
			all = false;
	}
	return all;
}

/*
 * Before a round of executions: what the multi-thread passes' threads
 * get at once right now (lib/topo/topo-together.h), when they are pinned
 * and there are two or more.  A refusal is said once and ends the probe.
 */
static void
probe_together(struct run *run)
{
	unsigned n = run->threads;
	char why[256];
	double rate;
	size_t i;
	bool multi = false;

	if (run->together_off || !run->o->speed_probe ||
	    !run->kinds.multi_pinned || run->topo == NULL)
		return;
	for (i = 0; i < run->npr; i++)
		if (run->pr[i].which == TS_EXEC_MULTI &&
		    run->pr[i].error == NULL && !run->pr[i].done)
			multi = true;
	if (!multi)
		return;
	if (n > ts_topo_cores(run->topo))
		n = ts_topo_cores(run->topo);
	if (n < 2 || (rate = ts_together_probe(run->topo, n, why,
	    sizeof why)) < 0) {
		if (n >= 2)
			note(run, "no together probe: %s", why);
		run->together_off = true;
		return;
	}
	ts_together_add(&run->together, n, rate);
}

/*
 * Every execution of every pass: execution k of each pass in run order
 * before execution k + 1 of any, so that a slow minute of the host
 * spreads over every workload; then, with --precision, more until each
 * pass is within it or the time is up.
 */
static void
run_executions(struct run *run)
{
	const struct ts_suite_opts *o = run->o;
	size_t i;
	uint32_t e;
	bool any;

	note(run, "measuring every pass in %lu executions of %lu sample%s, "
	    "each in a fresh process", (unsigned long)o->executions,
	    (unsigned long)o->samples, o->samples == 1 ? "" : "s");
	for (e = 0;; e++) {
		any = false;
		probe_together(run);
		for (i = 0; i < run->npr; i++) {
			if (run->pr[i].error != NULL || run->pr[i].done)
				continue;
			/*
			 * The buffer check runs just before the first memory
			 * workload: the memory it first touched and freed is
			 * then still the kernel's when that workload
			 * allocates, instead of having gone back to a virtual
			 * machine's host.
			 */
			if (!run->buffers_sized &&
			    buffer_of(run, run->pr[i].k) != NULL) {
				size_buffers(run);
				run->buffers_sized = true;
			}
			execute_one(run, i);
			any = true;
		}
		/* Nothing left to run: every pass failed, or none was planned. */
		if (!any)
			break;
		if (e + 1 < o->executions)
			continue;
		if (!(o->precision_pct > 0) || precision_check(run))
			break;
		precision_plan(run);
		if (precision_check(run) || ts_now() - run->t0 >=
		    o->max_seconds)
			break;
	}
	if (o->precision_pct > 0)
		precision_summary(run);
}

/* Turn pass i into the document's pass, or its error. */
static struct ts_pass *
finish_one(struct run *run, size_t i, char **err)
{
	const struct ts_suite_opts *o = run->o;
	struct ts_prun *pr = &run->pr[i];
	struct ts_pass *pass = NULL;
	char why[512];

	if (pr->error == NULL) {
		pass = ts_xcalloc(1, sizeof *pass);
		if (ts_prun_finish(pr, (unsigned)run->extra.cpus.usable,
		    o->precision_pct > 0, &run->design, pass, why,
		    sizeof why) == -1) {
			free(pass);
			pass = NULL;
			ts_prun_fail(pr, why);
		}
	}
	if (o->hooks.pass_done != NULL)
		o->hooks.pass_done(pr->k, pr->threads, pass, pr->error,
		    o->hooks.arg);
	if (pass == NULL)
		*err = ts_xstrdup(pr->error);
	return pass;
}

/* Both passes of one workload, its scaling and its "not run" text. */
static void
one_workload(struct run *run, const struct ts_kernel *k,
    struct ts_workload *w)
{
	const struct ts_suite_opts *o = run->o;
	struct ts_scaling scaling;
	char *err = NULL;
	size_t i;

	run->current = w;
	w->id = ts_xstrdup(k->id);
	w->name = ts_xstrdup(k->name);
	w->summary = ts_xstrdup(k->summary);
	w->unit = k->unit;
	w->reference = k->reference;
	if (!k->scales)
		w->excluded_from_multi_core = ts_xstrdup(TS_EXCLUSION_TEXT);
	/* The passes were planned in this order: take this entry's. */
	for (; run->next_pr < run->npr && run->pr[run->next_pr].k == k;
	    run->next_pr++) {
		i = run->next_pr;
		if (run->pr[i].which == TS_EXEC_SINGLE) {
			if (w->single != NULL || w->multi != NULL ||
			    w->error != NULL)
				break;	/* the next entry's (listed twice) */
			w->single = finish_one(run, i, &err);
			if (w->single == NULL)
				add_error(&w->error, err);
			if (run->pr_kind[i] != NULL) {
				run->kinds.single_passes++;
				if (run->pr_pinned[i])
					run->kinds.single_pinned++;
				else
					run->kinds.unpinned_reason =
					    pin_failed(run, run->pr_kind[i]);
			}
			if (w->single != NULL && o->per_kind) {
				run->kind_pr = i;
				other_kinds(run, k, run->pr_pinned[i]);
				run->kind_pr = run->npr;
			}
			/* Kinds' passes that did not run are no steps. */
			run->steps -= run->pr_kind_left[i];
			run->pr_kind_left[i] = 0;
		} else {
			w->multi = finish_one(run, i, &err);
			if (w->multi == NULL)
				add_error(&w->error, err);
			run->next_pr++;
			break;
		}
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
 * The keys of the extensions that describe this machine and build
 * (compiler, cflags, configure_host, assertions, debug_assertions_means,
 * kernel_release, cpu_features, l3_total_bytes, llc, the affinity, quota and usable
 * CPUs of cpus, and the page sizes of buffers), from what
 * ts_sysinfo_capture() found.
 */
static void
machine_extensions(const struct ts_sysextra *x, struct ts_extensions *e)
{
	struct ts_ext_buffers *b;
	struct ts_ext_cpus *c;
	struct ts_ext_llc *l;

	e->present = true;
	ts_ext_set_string(e, &ts_ext_key_compiler, TS_CC_VERSION);
	ts_ext_set_string(e, &ts_ext_key_cflags, TS_BUILD_CFLAGS);
	ts_ext_set_string(e, &ts_ext_key_configure_host, x->host_triple);
	*(bool *)ts_ext_set(e, &ts_ext_key_assertions) = x->assertions;
	ts_ext_set_string(e, &ts_ext_key_debug_assertions_means,
	    x->debug_rule);
	if (x->kernel_release != NULL)
		ts_ext_set_string(e, &ts_ext_key_kernel_release,
		    x->kernel_release);
	if (x->cpu_features != NULL)
		ts_ext_set_string(e, &ts_ext_key_cpu_features,
		    x->cpu_features);
	if (x->l3_total_bytes != 0)
		*(uint64_t *)ts_ext_set(e, &ts_ext_key_l3_total_bytes) =
		    x->l3_total_bytes;
	if (x->llc_level != 0) {
		l = ts_ext_set(e, &ts_ext_key_llc);
		l->level = (uint64_t)x->llc_level;
		l->bytes = x->llc_bytes;
	}
	c = ts_ext_set(e, &ts_ext_key_cpus);
	c->affinity = x->cpus.affinity;
	if (x->cpus.quota != 0) {
		c->cgroup_quota.set = true;
		c->cgroup_quota.v = x->cpus.quota;
	}
	c->usable = x->cpus.usable;
	b = ts_ext_set(e, &ts_ext_key_buffers);
	if (x->thp_mode != NULL)
		b->transparent_hugepage = ts_xstrdup(x->thp_mode);
	b->base_page_bytes = x->base_page_bytes;
}

/*
 * Everything we record beyond the original's schema: the machine's part
 * from what lib/host/host-sysinfo.c found, then the run's.
 */
static void
extensions(struct run *run, struct ts_extensions *e)
{
	const struct ts_suite_opts *o = run->o;
	struct ts_ext_buffers *b;
	struct ts_ext_pinning *p;
	struct ts_ext_cpus *c;
	size_t i;

	memset(e, 0, sizeof *e);
	machine_extensions(&run->extra, e);
	ts_ext_set_string(e, &ts_ext_key_producer, TS_PRODUCER);
	c = ts_ext_set(e, &ts_ext_key_cpus);
	c->threads_requested = o->threads;
	c->threads_used = run->threads;
	/* Only a multi-thread pass that ran can have been oversubscribed. */
	c->oversubscribed = run->multi_passes > 0 &&
	    run->threads > run->extra.cpus.usable;
	p = ts_ext_set(e, &ts_ext_key_pinning);
	p->enabled = o->pin && run->topo != NULL;
	if (!o->pin)
		p->reason = ts_xstrdup("disabled by --no-pin");
	else if (run->topo == NULL)
		p->reason = ts_xstrdup(run->topo_err);
	else {
		p->policy = ts_xstrdup("worker i on physical core i "
		    "(modulo the cores allowed)");
		p->cores.set = true;
		p->cores.v = ts_topo_cores(run->topo);
	}
	p->workers = run->workers;
	p->workers_bound = run->bound;
	b = ts_ext_set(e, &ts_ext_key_buffers);
	for (i = 0; i < ts_nkernels; i++)
		if (run->buf[i].k != NULL && run->buf[i].wanted)
			buffer_ext(run, &run->buf[i], b);
	/* Only a machine with two kinds or more gets the record. */
	if (run->plan.nkinds >= 2)
		ts_kinds_record(&run->plan, &run->kinds,
		    ts_ext_set(e, &ts_ext_key_cpu_kinds));
}

/* extensions.executions: the design and every pass's record. */
static void
design_record(struct run *run, struct ts_extensions *e)
{
	const struct ts_suite_opts *o = run->o;
	struct ts_exec_design *d = &run->design;
	size_t i;

	d->executions = o->executions;
	d->samples = o->samples;
	d->warmup = o->warmup;
	d->window_ms = o->window_ms;
	d->isolation = ts_xstrdup(o->isolation != NULL ? o->isolation :
	    "in the measuring process: every buffer mapped and first "
	    "touched anew for each execution");
	d->order = ts_xstrdup("round-robin: execution k of every pass "
	    "before execution k + 1 of any");
	d->interval = ts_xstrdup(o->executions >= 2 ? "ci95: Student t "
	    "over the execution means, executions - 1 degrees of freedom" :
	    "ci95: 1.96 standard errors of the samples (one execution)");
	if (o->precision_pct > 0) {
		d->has_precision = true;
		d->precision_pct = o->precision_pct;
		d->time_cap_secs = o->max_seconds;
		d->precision_met = true;
		for (i = 0; i < d->npasses; i++)
			if (!d->passes[i].precision_met)
				d->precision_met = false;
	}
	ts_exec_ext_put(e, d);
	ts_exec_design_free(d);
}

/*
 * Where the single-thread passes run: on a hybrid CPU the most
 * performant kind's core (plan_kinds()); otherwise, with pinning and two
 * cores or more, the core that ran a short calibrated loop fastest just
 * now (lib/topo/topo-speed.h), since the vCPUs of a virtual machine are
 * not equal and change.
 */
static void
place_single(struct run *run)
{
	const struct ts_suite_opts *o = run->o;
	char why[256];
	const struct ts_core_speed *f;

	run->single_core = -1;
	if (run->plan.nkinds > 0 && run->kinds.pin) {
		run->single_core = run->plan.kinds[0].core;
		return;
	}
	if (!o->pin || run->topo == NULL || o->multi_only || !o->speed_probe)
		return;
	if (ts_speed_probe(run->topo, &run->speed, why, sizeof why) == -1) {
		run->speed.n = 0;
		return;
	}
	f = &run->speed.cores[run->speed.fastest];
	run->single_core = f->core;
	if (run->speed.differ)
		note(run, "cores differ beyond their noise: core %u ran a "
		    "calibrated loop %.2fx as fast as the slowest; single-thread "
		    "passes run on it", f->core, run->speed.disparity);
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
	/* Without a topology the warning said "no CPU kinds" already. */
	if (!o->per_kind || o->multi_only || run->topo == NULL)
		return;
	if (run->plan.nkinds == 0)
		say_warning(run, "--per-kind: hwloc reports one CPU kind on "
		    "this machine, so the single-thread pass runs once");
	else if (!run->kinds.pin)
		say_warning(run, "--per-kind: %s, so the single-thread pass "
		    "runs once", run->kinds.unpinned_reason);
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
	/* Said once: a broken HWLOC_XMLFILE, for example. */
	if (run.topo == NULL)
		say_warning(&run, "%s: no pinning, no CPU kinds",
		    run.topo_err);
	ts_sysinfo_capture(run.topo, &r->system, &run.extra, 1);
	run.threads = o->threads != 0 ? (unsigned)o->threads :
	    (unsigned)r->system.logical_cores;
	if (run.threads == 0)
		run.threads = 1;
	plan_kinds(&run);
	place_single(&run);
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
	r->schema_version = TS_SCHEMA_VERSION;
	r->tool_version = ts_xstrdup(TS_TOOL_VERSION);
	r->workloads = ts_xcalloc(o->nkernels, sizeof *r->workloads);
	r->nworkloads = o->nkernels;
	run.t0 = t0;
	plan_passes(&run);
	run_executions(&run);
	for (i = 0; i < o->nkernels; i++)
		one_workload(&run, o->kernels[i], &r->workloads[i]);
	ts_score_build(r->workloads, r->nworkloads, &r->score);
	r->duration_secs = ts_now() - t0;
	r->generated_at = ts_xstrdup(ts_rfc3339(time(NULL), stamp));
	r->config.threads = run.threads;
	/* Samples in a pass as designed; warm-up rounds per execution. */
	r->config.samples = o->samples * o->executions;
	r->config.warmup = o->warmup;
	r->config.window_ms = o->window_ms;
	extensions(&run, &r->ext);
	design_record(&run, &r->ext);
	if (run.speed.n > 0)
		ts_speed_ext_put(&r->ext, &run.speed, run.single_core);
	if (run.together.n > 0)
		run.together.median = ts_median(run.together.readings,
		    run.together.n);
	ts_together_ext_put(&r->ext, &run.together);
	for (i = 0; i < run.npr; i++)
		ts_prun_free(&run.pr[i]);
	free(run.pr);
	free(run.pr_kind);
	free(run.pr_pinned);
	free(run.pr_core);
	free(run.pr_exec_left);
	free(run.pr_kind_left);
	free(run.pr_secs);
	for (i = 0; i < ts_nkernels; i++)
		free(run.buf[i].decision);
	ts_sysextra_free(&run.extra);
	ts_kinds_run_free(&run.kinds);
	ts_topo_close(run.topo);
}
