/* SPDX-License-Identifier: MIT */
/*
 * threadstone-sweep --loaded and --numa: pick the cores (the chase on the
 * first usable core, load threads on the others), check that the chase
 * buffer clears the caches with the package's residency test, measure the
 * idle point and each mix's curve (or the NUMA matrix), and print or
 * write the table, the JSON and the picture.
 */
#include <config.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "cli.h"
#include "exitcodes.h"
#include "host/host-sysinfo.h"
#include "mem/mem-residency.h"
#include "msg.h"
#include "outfile.h"
#include "size.h"
#include "sweep/sweep-loaded-out.h"
#include "topo/topo-numa.h"
#include "topo/topo.h"
#include "util.h"

#include "loaded.h"

/* What the load threads' bind callback needs: core index per thread. */
struct binding {
	struct ts_topo	*topo;
	unsigned	 cores[256];
};

static int
bind_load(void *arg, unsigned thread)
{
	struct binding *b = arg;

	return b->topo != NULL ? ts_topo_bind_exact(b->topo,
	    b->cores[thread]) : -1;
}

static bool show_progress;

static void
progress_line(const char *what, size_t i, size_t n)
{
	if (!show_progress)
		return;
	fprintf(stderr, "\r  %-24s (%zu/%zu)\r", what, i + 1, n);
	fflush(stderr);
}

static void
progress_done(void)
{
	if (show_progress)
		fprintf(stderr, "\r%40s\r", "");
}

/*
 * The residency test on the chase's footprint: warn when it reads like
 * cache (the curve would then show the cache, not memory).
 */
static void
check_chase(uint64_t bytes, uint64_t llc, bool quiet)
{
	struct ts_residency_cfg rc = { 0.3, UINT64_C(0x10ADED) };
	struct ts_residency res;
	uint64_t large;
	char a[32];

	large = ts_residency_large(bytes, llc, ts_mem_room());
	if (large == 0)
		return;		/* already past twice hwloc's cache */
	if (!quiet && isatty(STDERR_FILENO))
		fprintf(stderr, "  checking that the chase clears the caches"
		    "\r");
	ts_residency_test(&bytes, 1, large, ts_residency_measure, &rc, &res);
	progress_done();
	ts_size_format((double)bytes, TS_SIZE_WHOLE, a, sizeof a);
	if (res.verdict == TS_RESIDENCY_CACHE)
		ts_warning("the %s chase reads like cache (%.1f ns per load "
		    "against %.1f in a larger footprint); use --chase-size "
		    "with a larger size", a, res.ns_small, res.ns_large);
}

/*
 * Measure the idle point and every curve of o into r: o->readings
 * passes over all of them, each point's figures the medians of its
 * readings.  The passes take turns in direction (the first from the
 * largest delay down, the load growing towards its peak; the next back
 * up), so that a host that speeds up or slows down over the run moves
 * every delay alike rather than bending the curve, and one disturbed
 * reading moves no point: a reading on this kind of host can be 10 %
 * off its neighbours on the flat part of a curve, where the delays move
 * the same bandwidth, and one reading a point made the curves rise and
 * fall there at random.
 */
static int
measure_curves(struct ts_loaded *L, const struct loaded_opts *o,
    struct ts_loaded_report *r, char *err, size_t errlen)
{
	const size_t R = o->readings, nd = (size_t)o->ndelays;
	const size_t nm = r->load_threads > 0 ? (size_t)o->nmixes : 0;
	struct ts_loaded_point *rd;	/* [1 + nm * nd][R]: idle first */
	size_t total, done = 0, p, k, j, i;
	char what[64];
	int rc = -1;

	rd = ts_xcalloc((1 + nm * nd) * R, sizeof *rd);
	total = R * (1 + nm * nd);
	for (p = 0; p < R; p++) {
		snprintf(what, sizeof what, "idle");
		progress_line(what, done++, total);
		if (ts_loaded_point(L, TS_MIX_READ, 0, true, &rd[p], err,
		    errlen) != 0)
			goto out;
		for (k = 0; k < nm; k++)
			for (j = 0; j < nd; j++) {
				i = p % 2 == 0 ? nd - 1 - j : j;
				snprintf(what, sizeof what, "%s, delay %"
				    PRIu64, ts_mix_name(o->mixes[k]),
				    o->delays[i]);
				progress_line(what, done++, total);
				if (ts_loaded_point(L, o->mixes[k],
				    o->delays[i], false,
				    &rd[(1 + k * nd + i) * R + p], err,
				    errlen) != 0)
					goto out;
			}
	}
	ts_loaded_median(rd, R, &r->idle);
	for (k = 0; k < nm; k++) {
		struct ts_loaded_curve *c = &r->curve[r->ncurves++];

		c->mix = o->mixes[k];
		for (i = 0; i < nd; i++)
			ts_loaded_median(&rd[(1 + k * nd + i) * R], R,
			    &c->points[i]);
		c->n = nd;
	}
	rc = 0;
out:
	free(rd);
	return rc;
}

/* The NUMA matrix: every node's cores against every node's memory. */
static int
measure_numa(struct ts_topo *topo, const struct loaded_opts *o,
    struct ts_loaded_report *r, char *err, size_t errlen)
{
	struct ts_numa_plan plan;
	struct ts_loaded_cfg cfg;
	struct ts_loaded_point pt;
	struct ts_loaded *L;
	struct binding bd;
	unsigned a, m, k, bound, n;
	char what[48];

	if (ts_numa_plan(topo, &plan, err, errlen) != 0)
		return -1;
	n = plan.nnodes;
	r->nnodes = n;
	r->node_os = ts_xmalloc(n * sizeof *r->node_os);
	r->numa_latency_ns = ts_xmalloc((size_t)n * n * sizeof(double));
	r->numa_random_ns = ts_xmalloc((size_t)n * n * sizeof(double));
	r->numa_bandwidth = ts_xmalloc((size_t)n * n * sizeof(double));
	for (a = 0; a < n; a++)
		r->node_os[a] = plan.node[a].os_index;
	for (a = 0; a < n * n; a++)
		r->numa_latency_ns[a] = r->numa_random_ns[a] =
		    r->numa_bandwidth[a] = NAN;
	bd.topo = topo;
	for (a = 0; a < n; a++) {
		if (plan.node[a].ncores == 0)
			continue;	/* memory only: a column, not a row */
		if (ts_topo_bind_exact(topo, plan.node[a].first_core) != 0 &&
		    r->binding[0] == '\0')
			snprintf(r->binding, sizeof r->binding, "the latency "
			    "thread could not be bound to node %u's core",
			    plan.node[a].os_index);
		for (m = 0; m < n; m++) {
			snprintf(what, sizeof what, "node %u to node %u",
			    plan.node[a].os_index, plan.node[m].os_index);
			progress_line(what, (size_t)a * n + m, (size_t)n * n);
			if (n > 1 && ts_numa_bind_memory(topo, &plan, (int)m,
			    err, errlen) != 0) {
				snprintf(r->binding, sizeof r->binding, "%.*s",
				    (int)sizeof r->binding - 1, err);
			}
			memset(&cfg, 0, sizeof cfg);
			cfg.chase_bytes = r->chase_bytes;
			cfg.load_bytes = TS_LOADED_LOAD_BYTES;
			cfg.load_threads = plan.node[a].ncores - 1;
			if (cfg.load_threads > 255)
				cfg.load_threads = 255;
			for (k = 1; k <= cfg.load_threads; k++)
				bd.cores[k] = ts_numa_core(&plan, a, k);
			cfg.window_s = (double)o->window_ms / 1e3;
			cfg.seed = UINT64_C(0x1A7E4C7A5EED);
			cfg.huge_pages = o->huge_pages;
			cfg.bind = bind_load;
			cfg.bind_arg = &bd;
			L = ts_loaded_open(&cfg, &bound, err, errlen);
			if (n > 1)
				(void)ts_numa_bind_memory(topo, &plan, -1,
				    err, errlen);
			if (L == NULL) {
				ts_numa_plan_free(&plan);
				return -1;
			}
			if (ts_loaded_point(L, TS_MIX_READ, 0, true, &pt, err,
			    errlen) == 0) {
				r->numa_latency_ns[a * n + m] = pt.local_ns;
				r->numa_random_ns[a * n + m] = pt.random_ns;
			}
			if (cfg.load_threads > 0 && ts_loaded_point(L,
			    TS_MIX_READ, 0, false, &pt, err, errlen) == 0)
				r->numa_bandwidth[a * n + m] = pt.bandwidth;
			ts_loaded_close(L);
		}
	}
	ts_numa_plan_free(&plan);
	return 0;
}

/*
 * The curves' cores: the chase on the first, a load thread on each other
 * (255 at most), in r and bd; why the chase is alone or unbound in r.
 */
static void
curve_cores(struct ts_topo *topo, unsigned cores, struct binding *bd,
    struct ts_loaded_report *r)
{
	unsigned i;

	r->latency_core = 0;
	r->load_threads = cores > 1 ? cores - 1 : 0;
	if (r->load_threads > 255)
		r->load_threads = 255;
	if (r->load_threads == 0)
		snprintf(r->note, sizeof r->note, "one usable core: the "
		    "idle point alone (load threads need cores of "
		    "their own)");
	r->load_bytes = TS_LOADED_LOAD_BYTES;
	bd->topo = topo;
	for (i = 1; i <= r->load_threads; i++)
		bd->cores[i] = i;
	if (topo == NULL || ts_topo_bind_exact(topo, 0) != 0)
		snprintf(r->binding, sizeof r->binding, "the latency "
		    "thread could not be bound to a core; unbound "
		    "run");
}

/* The curves' warnings: binding, the note, and the curves' own. */
static void
curve_warnings(const struct ts_loaded_report *r, bool quiet)
{
	char w[2 * TS_MIX_COUNT][TS_LOADED_WARNING_MAX];
	size_t j, nw;

	if (r->binding[0] != '\0')
		ts_warning("%s", r->binding);
	if (r->note[0] != '\0' && !quiet)
		ts_warning("%s", r->note);
	nw = ts_loaded_warnings(r, w, sizeof w / sizeof w[0]);
	for (j = 0; j < nw; j++)
		ts_warning("%s", w[j]);
}

/*
 * The idle point and every mix's curve into r, on cores of topo.
 * Return 0, or -1 once the error is said.
 */
static int
sweep_curves(const struct loaded_opts *o, struct ts_topo *topo,
    unsigned cores, struct ts_loaded_report *r)
{
	struct ts_loaded_cfg cfg;
	struct ts_loaded *L;
	struct binding bd;
	unsigned bound = 0;
	char err[1024];

	curve_cores(topo, cores, &bd, r);
	memset(&cfg, 0, sizeof cfg);
	cfg.chase_bytes = r->chase_bytes;
	cfg.load_bytes = r->load_bytes;
	cfg.load_threads = r->load_threads;
	cfg.window_s = r->window_s;
	cfg.seed = UINT64_C(0x1A7E4C7A5EED);
	cfg.huge_pages = o->huge_pages;
	cfg.bind = bind_load;
	cfg.bind_arg = &bd;
	if (!o->quiet)
		fprintf(stderr, "Measuring latency under load: %d "
		    "mix%s x %d delays, %u reading%s a point\xe2\x80"
		    "\xa6\n", o->nmixes, o->nmixes == 1 ? "" : "es",
		    o->ndelays, o->readings, o->readings == 1 ? "" :
		    "s");
	if ((L = ts_loaded_open(&cfg, &bound, err, sizeof err)) == NULL ||
	    measure_curves(L, o, r, err, sizeof err) != 0) {
		progress_done();
		ts_error("%s", err);
		ts_loaded_close(L);
		return -1;
	}
	progress_done();
	r->chase_page_bytes = ts_loaded_chase_page(L);
	ts_loaded_close(L);
	if (bound < r->load_threads && r->binding[0] == '\0')
		snprintf(r->binding, sizeof r->binding, "%u of %u load "
		    "threads could not be bound; unbound run",
		    r->load_threads - bound, r->load_threads);
	r->bound = r->binding[0] == '\0';
	curve_warnings(r, o->quiet);
	return 0;
}

/*
 * The NUMA matrix into r, its binding warning said; the curves' binding
 * kept when it has none.  Return 0, or -1 once the error is said.
 */
static int
sweep_numa(const struct loaded_opts *o, struct ts_topo *topo,
    struct ts_loaded_report *r)
{
	char b0[sizeof r->binding], err[1024];

	memcpy(b0, r->binding, sizeof b0);
	r->binding[0] = '\0';
	if (measure_numa(topo, o, r, err, sizeof err) != 0) {
		progress_done();
		ts_error("%s", err);
		return -1;
	}
	progress_done();
	if (r->binding[0] != '\0')
		ts_warning("%s", r->binding);
	else
		memcpy(r->binding, b0, sizeof b0);
	if (!o->curve) {
		r->bound = r->binding[0] == '\0';
		r->chase_page_bytes = 0;
	}
	return 0;
}

/*
 * Print the table, or write the JSON (-o, "-" for standard output), and
 * the picture (--plot); the exit status.
 */
int
sweep_write_out(const char *out, const struct ts_buf *b, bool quiet)
{
	if (strcmp(out, "-") == 0) {
		fwrite(b->data, 1, b->len, stdout);
		return TS_EXIT_OK;
	}
	return ts_cli_write_file(out, b->data, b->len, quiet) != 0 ?
	    TS_EXIT_FAILURE : TS_EXIT_OK;
}

static int
sweep_write(const struct loaded_opts *o, const struct ts_loaded_report *r)
{
	struct ts_buf buf;
	int status = TS_EXIT_OK;

	ts_buf_init(&buf);
	if (o->out != NULL) {
		ts_loaded_json(&buf, r);
		status = sweep_write_out(o->out, &buf, o->quiet);
	} else {
		ts_loaded_table(&buf, r);
		fwrite(buf.data, 1, buf.len, stdout);
	}
	if (o->plot != NULL && status == TS_EXIT_OK) {
		buf.len = 0;
		ts_loaded_svg(&buf, r);
		if (ts_cli_write_file(o->plot, buf.data, buf.len, o->quiet) != 0)
			status = TS_EXIT_FAILURE;
	}
	ts_buf_free(&buf);
	return status;
}

int
sweep_loaded(struct loaded_opts *o)
{
	struct ts_loaded_report r;
	struct ts_topo *topo;
	unsigned cores;
	uint64_t llc = 0, room;
	char err[1024];
	int status = TS_EXIT_FAILURE;

	show_progress = !o->quiet && isatty(STDERR_FILENO);
	memset(&r, 0, sizeof r);
	if ((topo = ts_topo_open(err, sizeof err)) == NULL)
		ts_warning("topology unknown, threads left unbound: %s", err);
	cores = topo != NULL ? ts_topo_cores(topo) : 1;
	if (topo != NULL)
		llc = ts_topo_llc_size(topo);
	r.chase_bytes = o->chase_bytes ? o->chase_bytes :
	    TS_LOADED_CHASE_DEFAULT;
	r.window_s = (double)o->window_ms / 1e3;
	r.readings = o->curve ? o->readings : 1;
	room = ts_mem_room();
	if (room != 0 && r.chase_bytes + TS_LOADED_LOAD_BYTES *
	    (uint64_t)(cores > 1 ? cores - 1 : 0) > room / 10 * 9) {
		ts_error("the chase and %u load buffers need more memory than "
		    "the %" PRIu64 " MiB available", cores - 1, room / TS_MIB);
		ts_topo_close(topo);
		return TS_EXIT_FAILURE;
	}
	check_chase(r.chase_bytes, llc, o->quiet);
	if ((!o->curve || sweep_curves(o, topo, cores, &r) == 0) &&
	    (!o->numa || sweep_numa(o, topo, &r) == 0)) {
		ts_topo_close(topo);
		topo = NULL;
		status = sweep_write(o, &r);
	}
	ts_topo_close(topo);
	TS_FREE_ALL(r.node_os, r.numa_latency_ns, r.numa_random_ns,
	    r.numa_bandwidth);
	return status;
}
