/* SPDX-License-Identifier: MIT */
/*
 * lib/suite/suite.c with tiny kernels of our own: passes per workload, the "not
 * run" explanations, a failing workload that does not stop the others,
 * scaling, score components, config and the RFC 3339 stamp.
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "doc/doc-ext-keys.h"
#include "doc/doc-ext-exec.h"
#include "suite/suite.h"
#include "fake-kernel.h"
#include "tap.h"
#include "topo/topo-cpus.h"

/* A worker's state: a xorshift accumulator. */
struct acc {
	uint64_t	x;
};

/* Set up a counter; every thread gets its own. */
static ts_kstate *
acc_setup(unsigned threads, unsigned index, const struct ts_kparams *kp)
{
	struct acc *a = calloc(1, sizeof *a);

	(void)threads;
	(void)kp;
	a->x = index + 1;
	return a;
}

/* Refuse to set up, as a kernel out of memory would. */
static ts_kstate *
broken_setup(unsigned threads, unsigned index, const struct ts_kparams *kp)
{
	(void)threads;
	(void)index;
	(void)kp;
	errno = ENOMEM;
	return NULL;
}

/* A dependent chain the compiler cannot fold. */
static uint64_t
acc_run(ts_kstate *st, uint64_t iters)
{
	struct acc *a = st;

	a->x = fake_chain(a->x, iters);
	return a->x;
}

/* Nanoseconds per iteration, as a latency. */
static double
acc_ns(uint64_t iters, unsigned threads, double secs)
{
	(void)threads;
	return secs / (double)iters * 1e9;
}

static const struct ts_kernel fast = {
	.id = "fast", .name = "Fast", .summary = "scales",
	.unit = TS_UNIT_MIB_PER_SEC, .reference = 100.0, .scales = true,
	.setup = acc_setup, .run = acc_run, .teardown = fake_teardown,
	.rate = fake_rate,
};

static const struct ts_kernel solo = {
	.id = "solo", .name = "Solo", .summary = "single-thread only",
	.unit = TS_UNIT_NANOSECONDS, .reference = 90.0, .scales = false,
	.setup = acc_setup, .run = acc_run, .teardown = fake_teardown,
	.rate = acc_ns,
};

static const struct ts_kernel broken = {
	.id = "broken", .name = "Broken", .summary = "never sets up",
	.unit = TS_UNIT_GFLOPS, .reference = 12.0, .scales = true,
	.setup = broken_setup, .run = acc_run, .teardown = fake_teardown,
	.rate = fake_rate,
};

/* extensions.cpus.oversubscribed of a report: 1, 0, or -1 if absent. */
static int
oversubscribed(const struct ts_report *r)
{
	const struct ts_ext_cpus *c = ts_ext_get(&r->ext, &ts_ext_key_cpus);

	if (c == NULL)
		return -1;
	return c->oversubscribed ? 1 : 0;
}

/* Options for a quick suite over the given kernels. */
static void
quick(struct ts_suite_opts *o, const struct ts_kernel *const *ks, size_t n,
    unsigned threads)
{
	ts_suite_defaults(o);
	o->kernels = ks;
	o->nkernels = n;
	o->threads = threads;
	o->samples = 2;
	o->warmup = 0;
	o->window_ms = 2;
	o->executions = 1;
	o->pin = false;
}

int
main(void)
{
	static const struct ts_kernel *const all[] = { &fast, &broken, &solo };
	static const struct ts_kernel *const one[] = { &fast, &solo };
	struct ts_suite_opts o;
	struct ts_report r;
	const struct ts_ext_pinning *pin;
	struct ts_workload *w;
	struct ts_cpus cpus;
	unsigned many;
	char msg[256];

	quick(&o, all, 3, 2);
	ts_suite_run(&o, &r);
	is_int(r.nworkloads, 3, "three workloads, in order");
	w = &r.workloads[0];
	is_str(w->id, "fast", "first is fast");
	ok(w->single != NULL && w->multi != NULL, "fast: both passes");
	ok(w->multi != NULL && w->multi->threads == 2, "fast: multi pass on "
	    "the requested 2 threads");
	ok(w->scaling != NULL && w->scaling->threads == 2 &&
	    w->scaling->speedup > 0, "fast: scaling object");
	ok(w->error == NULL && w->excluded_from_multi_core == NULL,
	    "fast: no error, not excluded");
	w = &r.workloads[1];
	/* Which of the two workers fails first is up to the scheduler. */
	snprintf(msg, sizeof msg, "workload 'broken': cannot set up thread 1 "
	    "of 1: %s; workload 'broken': cannot set up thread ",
	    strerror(ENOMEM));
	ok(w->error != NULL && strncmp(w->error, msg, strlen(msg)) == 0 &&
	    strstr(w->error + strlen(msg), " of 2: ") != NULL,
	    "broken: both passes' errors joined with '; '");
	if (w->error != NULL)
		diag("%s", w->error);
	ok(w->single == NULL && w->multi == NULL && w->scaling == NULL,
	    "broken: no passes");
	w = &r.workloads[2];
	ok(w->single != NULL && w->multi == NULL, "solo: single pass only "
	    "(a failing workload did not stop it)");
	is_str(w->excluded_from_multi_core, TS_EXCLUSION_TEXT,
	    "solo: carries the exclusion text");
	is_int(r.score.nsingle_components, 2, "two single-core components");
	is_int(r.score.nmulti_components, 1, "one multi-core component");
	ok(r.score.has_single_core && r.score.has_multi_core,
	    "both scores present");
	is_str(r.score.reference, TS_REFERENCE_NAME, "score reference name");
	is_int(r.config.threads, 2, "config.threads");
	is_int(r.config.samples, 2, "config.samples");
	is_int(r.config.warmup, 0, "config.warmup");
	is_int(r.config.window_ms, 2, "config.window_ms");
	is_int(r.schema_version, 2, "schema version 2");
	is_str(r.tool_version, TS_TOOL_VERSION, "tool_version");
	ok(r.generated_at != NULL && strlen(r.generated_at) == 20 &&
	    r.generated_at[19] == 'Z', "generated_at is RFC 3339 UTC");
	ok(r.duration_secs > 0, "duration measured");
	ok(r.ext.present && ts_ext_string(&r.ext, &ts_ext_key_producer) !=
	    NULL && strcmp(ts_ext_string(&r.ext, &ts_ext_key_producer),
	    TS_PRODUCER) == 0, "extensions name the producer");
	pin = ts_ext_get(&r.ext, &ts_ext_key_pinning);
	ok(pin != NULL && !pin->enabled, "pinning recorded as disabled");
	ts_report_free(&r);

	/* Executions: interleaved, the interval over their means recorded. */
	quick(&o, one, 2, 2);
	o.executions = 3;
	ts_suite_run(&o, &r);
	{
		const struct ts_exec_design *d = ts_exec_ext_get(&r.ext);
		const struct ts_exec_pass *x = d != NULL ?
		    ts_exec_find(d, "fast", TS_EXEC_MULTI) : NULL;

		is_int(r.config.samples, 6, "3 executions of 2: config.samples 6");
		ok(d != NULL && d->executions == 3 && d->npasses == 3,
		    "extensions.executions: the design and three passes");
		ok(x != NULL && x->nexec == 3 && x->counts[0] == 2 &&
		    x->counts[2] == 2, "fast multi: three executions of 2");
		ok(x != NULL && r.workloads[0].multi != NULL &&
		    r.workloads[0].multi->stats.ci95 == x->ci95 &&
		    r.workloads[0].multi->nsamples == 6,
		    "the pass's ci95 is the interval over the executions");
		ok(d != NULL && strstr(d->isolation, "measuring process") !=
		    NULL, "without an executor: in-process, and said so");
	}
	ts_report_free(&r);

	/* --multi-only: latency-like workloads say why they did not run. */
	quick(&o, one, 2, 2);
	o.multi_only = true;
	ts_suite_run(&o, &r);
	ok(r.workloads[0].single == NULL && r.workloads[0].multi != NULL,
	    "multi-only: fast has only its multi pass");
	is_str(r.workloads[1].error, "not run: 'solo' is measured "
	    "single-threaded only, and the single-thread pass was disabled",
	    "multi-only: solo's explanation");
	ok(!r.score.has_single_core && r.score.nsingle_components == 0,
	    "multi-only: no single-core score");
	ts_report_free(&r);

	/* Both passes disabled (the library allows it; the CLI refuses). */
	quick(&o, one, 1, 2);
	o.multi_only = o.single_only = true;
	ts_suite_run(&o, &r);
	is_str(r.workloads[0].error, "not run: both the single- and "
	    "multi-thread passes were disabled", "no passes: explanation");
	ts_report_free(&r);

	/* One thread: never a multi pass. */
	quick(&o, one, 1, 1);
	ts_suite_run(&o, &r);
	ok(r.workloads[0].single != NULL && r.workloads[0].multi == NULL &&
	    r.workloads[0].scaling == NULL, "--threads 1: no multi pass");
	ok(!r.score.has_multi_core, "--threads 1: no multi-core score");
	ts_report_free(&r);

	/* More threads than CPUs: oversubscribed only if a multi pass ran. */
	ts_cpus_probe(&cpus);
	many = cpus.usable + 2;
	quick(&o, one, 2, many);
	o.single_only = true;
	ts_suite_run(&o, &r);
	is_int(r.config.threads, many, "single-only: config.threads "
	    "still records T");
	is_int(oversubscribed(&r), 0, "single-only: not oversubscribed");
	ts_report_free(&r);
	quick(&o, one + 1, 1, many);
	ts_suite_run(&o, &r);
	is_int(oversubscribed(&r), 0, "only a single-thread workload: not "
	    "oversubscribed");
	ts_report_free(&r);
	quick(&o, one, 1, many);
	ts_suite_run(&o, &r);
	ok(r.workloads[0].multi != NULL &&
	    r.workloads[0].multi->threads == many,
	    "oversubscribed multi pass runs every thread asked for");
	is_int(oversubscribed(&r), 1, "a multi pass over more threads than "
	    "CPUs is recorded as oversubscribed");
	ts_report_free(&r);
	return done_testing();
}
