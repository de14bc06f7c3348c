/* SPDX-License-Identifier: MIT */
/*
 * threadstone-sweep: pointer-chase latency across working-set sizes, by a
 * random and a page-local chase, with the page-local curve's plateaus
 * named after hwloc's cache levels, as a table, JSON and SVG.
 */
#include <config.h>

#include <inttypes.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "cli-opt.h"
#include "cli.h"
#include "eta.h"
#include "exitcodes.h"
#include "msg.h"
#include "outfile.h"
#include "sweep/sweep-plateau.h"
#include "sweep/sweep-svg.h"
#include "sweep/sweep.h"
#include "host/host-sysinfo.h"
#include "topo/topo.h"
#include "util.h"

#include "loaded.h"

/* The longest reading anyone should ask for: one hour per size. */
#define MAX_MIN_MS	UINT64_C(3600000)
/* Readings per size at most. */
#define MAX_REPEAT	100u

struct options {
	uint64_t	 min_ms;
	uint64_t	 max_size;	/* 0: the default */
	uint64_t	 repeat;	/* readings per size, best kept */
	const char	*out;
	const char	*plot;
	bool		 huge_pages;
	bool		 quiet;
	struct loaded_opts loaded;	/* --loaded, --numa and their options */
};

/* --mix LIST (the load kernels) or --delays LIST: they mean --loaded. */
static void
list_option(void *fields, const char *arg, const struct ts_opt *opt)
{
	struct loaded_opts *l = &((struct options *)fields)->loaded;
	char err[256];
	int n;

	l->curve = true;
	if (strcmp(opt->name, "mix") == 0)
		n = l->nmixes = ts_mix_list(arg, l->mixes, err, sizeof err);
	else
		n = l->ndelays = ts_loaded_delay_list(arg, l->delays,
		    TS_LOADED_MAX_DELAYS, err, sizeof err);
	if (n < 0)
		ts_usage_fail("--%s: %s", opt->name, err);
}

#define F(m)	TS_FIELD(struct options, m)
#define L(m)	TS_FIELD(struct options, loaded.m)
static const struct ts_opt opts[] = {
	TS_OPT_UINT(0, "min-ms", F(min_ms), 0, MAX_MIN_MS, "N",
	    "time each size for at least N ms (default %D)"),
	TS_OPT_OUT(F(out), "FILE",
	    "write the points as JSON to FILE instead of\n"
	    "printing the table (-: to standard output)"),
	TS_OPT_SIZE(0, "max-size", F(max_size), 0, "SIZE",
	    "largest working set, e.g. 64M or 1G (default:\n"
	    "256M, or 4 x the last-level cache if larger)",
	    .bad = "%s: expected a size in bytes with an optional K, M, G or "
	    "T suffix, got '%s'"),
	TS_OPT_PLOT(F(plot), "FILE.svg", "draw the curve as an SVG picture"),
	TS_OPT_FLAG(0, "huge-pages", F(huge_pages),
	    "back the buffers with transparent huge pages"),
	TS_OPT_UINT(0, "repeat", F(repeat), 1, MAX_REPEAT, "N",
	    "take N readings per size and keep the fastest\n"
	    "(default %D, as the original); 3 or more\n"
	    "name the levels and judge hwloc's sizes,\n"
	    "fewer mark them \"L3?\", not judged"),
	TS_OPT_TEXT("\nLatency under load (instead of the sizes):\n"),
	TS_OPT_FLAG(0, "loaded", L(curve),
	    "chase one DRAM-sized buffer on the first core while\n"
	    "load threads on the other cores stream through\n"
	    "memory, from peak bandwidth down to none"),
	TS_OPT_CALL(0, "mix", list_option, "LIST",
	    "load kernels: read, triad, copy or all (default all)"),
	TS_OPT_CALL(0, "delays", list_option, "LIST",
	    "spin steps after each line, e.g. 0,10,100 (default\n"
	    "0,1,2,5,...,5000)"),
	TS_OPT_SIZE(0, "chase-size", L(chase_bytes), TS_MIB, "SIZE",
	    "the chase buffer (default 256M)"),
	TS_OPT_FLAG(0, "numa", L(numa),
	    "latency and bandwidth from each NUMA node's cores\n"
	    "to each node's memory"),
	TS_OPT_AGAIN(0, "repeat", "N",
	    "with --loaded: N readings of each point, taken in\n"
	    "turn, their medians kept (default 3)"),
	TS_OPT_AGAIN(0, "min-ms", "N",
	    "with these: each chase order's reading per point\n"
	    "(default 100)"),
	TS_OPT_QUIET(F(quiet),
	    "no progress or \"wrote\" lines on stderr"),
	TS_OPT_LAST
};

static const struct ts_cli_prog prog = {
	.usage = "Usage: %s [OPTION]...\n"
	    "Measure dependent-load latency for working sets from 4 KiB up,\n"
	    "doubling each time, with a random chase (what a workload sees)\n"
	    "and a page-local chase through the same buffer (the data caches\n"
	    "alone, page walks left out), and name the page-local curve's\n"
	    "plateaus after the cache levels hwloc reports (L1d, L2, L3,\n"
	    "DRAM).\n"
	    "\n",
	.opts = opts,
	.tail = "\n"
	    "Exit status: 0 measured, 1 runtime failure, 2 usage error.\n",
	.col = 23
};

/* Check --max-size against the smallest size and the memory; 0 or -1. */
static int
check_max_size(const char *arg, uint64_t v, uint64_t avail)
{
	uint64_t top = TS_SWEEP_MIN_BYTES;
	char a[32], b[32];

	if (v < TS_SWEEP_MIN_BYTES) {
		ts_error("--max-size: %s is below the smallest working set "
		    "(4 KiB)", arg);
		return -1;
	}
	while (top <= v / 2)
		top *= 2;
	if (avail != 0 && ts_sweep_footprint(top) > avail) {
		ts_size_format((double)ts_sweep_footprint(top), TS_SIZE_WHOLE,
		    a, sizeof a);
		ts_size_format((double)avail, TS_SIZE_WHOLE, b, sizeof b);
		ts_error("--max-size: %s needs %s of memory, more than the %s "
		    "available", arg, a, b);
		return -1;
	}
	if (ts_sweep_footprint(top) > TS_MAP_MAX_BYTES) {
		ts_size_format((double)ts_sweep_footprint(top), TS_SIZE_SHORT,
		    a, sizeof a);
		ts_error("--max-size: %s needs %s in one mapping, which "
		    "cannot be mapped by a %u-bit program (at most %llu MiB)",
		    arg, a, (unsigned)(sizeof(size_t) * 8),
		    (unsigned long long)(TS_MAP_MAX_BYTES / TS_MIB));
		return -1;
	}
	return 0;
}

/* Complete the options of --loaded and --numa; usage errors exit 2. */
static void
loaded_args(struct options *o)
{
	struct loaded_opts *l = &o->loaded;

	if (ts_cli_given("max-size"))
		ts_usage_fail("--max-size goes with the size sweep, not with "
		    "--loaded or --numa");
	if (ts_cli_given("repeat") && !l->curve)
		ts_usage_fail("--repeat goes with the size sweep or --loaded, "
		    "not with --numa alone");
	l->readings = ts_cli_given("repeat") ? (unsigned)o->repeat :
	    TS_LOADED_READINGS;
	if (l->nmixes == 0) {
		l->nmixes = TS_MIX_COUNT;
		l->mixes[0] = TS_MIX_READ;
		l->mixes[1] = TS_MIX_TRIAD;
		l->mixes[2] = TS_MIX_COPY;
	}
	if (l->ndelays == 0)
		l->ndelays = (int)ts_loaded_delays(
		    TS_LOADED_DEFAULT_MAX_DELAY, l->delays,
		    TS_LOADED_MAX_DELAYS);
	if (ts_cli_given("min-ms") && o->min_ms == 0)
		ts_usage_fail("--min-ms: with --loaded or --numa a reading "
		    "needs at least 1 ms");
	l->window_ms = ts_cli_given("min-ms") ? o->min_ms : TS_LOADED_WINDOW_MS;
	l->huge_pages = o->huge_pages;
	l->quiet = o->quiet;
	l->out = o->out;
	l->plot = o->plot;
}

/* Parse the command line into o; usage errors exit 2. */
static void
parse_args(int argc, char *argv[], struct options *o)
{
	char err[256];
	int first;

	memset(o, 0, sizeof *o);
	o->min_ms = 120;
	o->repeat = 1;
	first = ts_cli_parse(&prog, argc, argv, o, sizeof *o);
	if (first < argc)
		ts_usage_fail("unexpected argument '%s' (see --help)",
		    argv[first]);
	if (o->loaded.chase_bytes != 0 && ts_size_mappable(
	    o->loaded.chase_bytes, "--chase-size", err, sizeof err) != 0)
		ts_usage_fail("%s", err);
	if (o->out != NULL && o->plot != NULL && strcmp(o->out, o->plot) == 0)
		ts_usage_fail("--out and --plot name the same file '%s'",
		    o->out);
	if (ts_cli_given("max-size") && check_max_size(ts_cli_arg("max-size"),
	    o->max_size, ts_mem_room()) != 0)
		exit(TS_EXIT_USAGE);
	if (o->loaded.curve || o->loaded.numa)
		loaded_args(o);
	else if (o->loaded.chase_bytes != 0)
		ts_usage_fail("--chase-size goes with --loaded or --numa");
}

/*
 * The progress line on a terminal: the size being measured, its place in
 * the sweep, how long it has been measuring and what should be left.  A
 * thread redraws it every second, since the largest sizes take tens of
 * seconds each.
 */
struct ticker {
	pthread_mutex_t	 lock;
	pthread_cond_t	 wake;
	pthread_t	 thread;
	bool		 started, stop;
	const uint64_t	*sizes;
	double		 secs[TS_SWEEP_MAX_SIZES];	/* finished sizes */
	size_t		 i, n;		/* measuring sizes[i] of n */
	double		 t0;		/* since when */
	size_t		 shown;		/* columns on screen */
	size_t		 columns;	/* the terminal's width, 0 unknown */
};

/* Draw the line for the current state; the lock is held. */
static void
ticker_draw(struct ticker *t)
{
	char size[32], eta[TS_ETA_MAX] = "";
	double elapsed = ts_now() - t->t0, cur, later;
	struct ts_buf b, a;

	ts_size_format((double)t->sizes[t->i], TS_SIZE_WHOLE, size,
	    sizeof size);
	cur = ts_eta_sized(t->sizes, t->secs, t->i, t->i + 1);
	later = ts_eta_sized(t->sizes, t->secs, t->i, t->n);
	if (cur >= 0 && elapsed < cur)
		ts_eta_text(cur - elapsed + later - cur, eta);
	else if (cur >= 0)
		snprintf(eta, sizeof eta, "longer than estimated");
	ts_buf_init(&b);
	ts_buf_printf(&b, "  %-8s [%zu/%zu] \u00b7 %.0f s", size, t->i + 1,
	    t->n, floor(elapsed));
	if (eta[0] != '\0')
		ts_buf_printf(&b, " \u00b7 %s", eta);
	ts_buf_init(&a);
	if (!ts_locale_utf8())
		ts_text_ascii(b.data, b.len, &a);
	else
		ts_buf_add(&a, b.data, b.len);
	if (t->columns > 1 && a.len >= t->columns)
		a.len = t->columns - 1;		/* ASCII by then, or nearly */
	fprintf(stderr, "\r%*s\r%.*s", (int)t->shown, "", (int)a.len,
	    a.data);
	fflush(stderr);
	t->shown = ts_text_width(a.data) < a.len ? a.len : ts_text_width(a.data);
	ts_buf_free(&a);
	ts_buf_free(&b);
}

static void *
ticker_main(void *arg)
{
	struct ticker *t = arg;
	struct timespec until;

	pthread_mutex_lock(&t->lock);
	while (!t->stop) {
		clock_gettime(CLOCK_REALTIME, &until);
		until.tv_sec += 1;
		if (pthread_cond_timedwait(&t->wake, &t->lock, &until) ==
		    ETIMEDOUT && !t->stop)
			ticker_draw(t);
	}
	pthread_mutex_unlock(&t->lock);
	return NULL;
}

/* The sweep's callback: size i begins; the last one has ended. */
static void
progress(void *arg, size_t i, size_t n, uint64_t bytes)
{
	struct ticker *t = arg;
	double now = ts_now();

	(void)bytes;
	pthread_mutex_lock(&t->lock);
	if (i > 0)
		t->secs[i - 1] = now - t->t0;
	t->i = i;
	t->n = n;
	t->t0 = now;
	ticker_draw(t);
	if (!t->started)
		t->started = pthread_create(&t->thread, NULL, ticker_main,
		    t) == 0;
	pthread_mutex_unlock(&t->lock);
}

/* Stop the redrawing and erase the line. */
static void
ticker_end(struct ticker *t)
{
	pthread_mutex_lock(&t->lock);
	t->stop = true;
	pthread_cond_signal(&t->wake);
	pthread_mutex_unlock(&t->lock);
	if (t->started)
		pthread_join(t->thread, NULL);
	if (t->shown > 0)
		fprintf(stderr, "\r%*s\r", (int)t->shown, "");
	fflush(stderr);
}

/* hwloc's cache sizes, L1d first; none when the topology cannot load. */
static void
cache_sizes(struct ts_cache_sizes *cs, uint64_t *llc)
{
	struct ts_topo *t;
	char err[256];
	uint64_t b;

	memset(cs, 0, sizeof *cs);
	*llc = 0;
	if ((t = ts_topo_open(err, sizeof err)) == NULL) {
		ts_warning("cache sizes unknown, plateaus left unnamed: %s",
		    err);
		return;
	}
	while (cs->n < TS_PLATEAU_MAX_CACHES &&
	    (b = ts_topo_cache_size(t, cs->n + 1)) != 0)
		cs->bytes[cs->n++] = b;
	*llc = ts_topo_llc_size(t);
	ts_topo_close(t);
}

/* A one-line description of the run for the picture. */
static char *
subtitle(const struct ts_sweep_point *pts, size_t n,
    const struct options *o)
{
	uint64_t lo = pts[0].page_bytes, hi = pts[0].page_bytes;
	char a[32], b[32], pages[80], best[32] = "";
	size_t i;

	for (i = 1; i < n; i++) {
		lo = pts[i].page_bytes < lo ? pts[i].page_bytes : lo;
		hi = pts[i].page_bytes > hi ? pts[i].page_bytes : hi;
	}
	ts_size_format((double)lo, TS_SIZE_WHOLE, a, sizeof a);
	ts_size_format((double)hi, TS_SIZE_WHOLE, b, sizeof b);
	if (lo == hi)
		snprintf(pages, sizeof pages, "%s pages", a);
	else
		snprintf(pages, sizeof pages, "%s to %s pages", a, b);
	if (o->repeat > 1)
		snprintf(best, sizeof best, ", best of %" PRIu64, o->repeat);
	return ts_xasprintf("%s %s \xc2\xb7 %s%s \xc2\xb7 at least %" PRIu64
	    " ms per reading%s \xc2\xb7 dashed verticals: hwloc's cache sizes",
	    ts_progname(), PACKAGE_VERSION, pages,
	    o->huge_pages ? " (--huge-pages)" : "", o->min_ms, best);
}

/*
 * Measure the sizes of o into pts (n of them, from the cache sizes and
 * memory), with the progress line on a terminal; 0, or -1 after one line.
 */
static int
measure(struct options *o, uint64_t *sizes, size_t n,
    struct ts_sweep_point *pts)
{
	struct ticker tick;
	uint64_t failed = 0;
	char size[32];
	bool tty;
	int rc;

	if (!o->quiet)
		fprintf(stderr, "Measuring pointer-chase latency across %zu "
		    "working-set sizes\xe2\x80\xa6\n", n);
	tty = !o->quiet && isatty(STDERR_FILENO);
	memset(&tick, 0, sizeof tick);
	pthread_mutex_init(&tick.lock, NULL);
	pthread_cond_init(&tick.wake, NULL);
	tick.sizes = sizes;
	tick.columns = ts_terminal_columns(STDERR_FILENO);
	rc = ts_sweep_run(sizes, n, o->min_ms, (unsigned)o->repeat,
	    o->huge_pages, pts, tty ? progress : NULL, &tick, &failed);
	if (tty)
		ticker_end(&tick);
	pthread_cond_destroy(&tick.wake);
	pthread_mutex_destroy(&tick.lock);
	if (rc != 0) {
		ts_size_format((double)failed, TS_SIZE_WHOLE,
		    size, sizeof size);
		ts_error("cannot allocate a %s working set", size);
		return -1;
	}
	return 0;
}

/* Draw the curve into o->plot; 0, or -1 after one line. */
static int
plot(const struct options *o, const struct ts_sweep_point *pts, size_t n,
    const uint64_t *bytes, const double *lat, const double *local,
    const struct ts_plateaus *plat)
{
	struct ts_svg_plot pl;
	struct ts_buf buf;
	char *sub;
	int rc;

	ts_buf_init(&buf);
	sub = subtitle(pts, n, o);
	pl = (struct ts_svg_plot){ .bytes = bytes, .latency_ns = lat,
	    .page_local_ns = local, .n = n, .plateaus = plat,
	    .subtitle = sub };
	ts_svg_render(&buf, &pl);
	free(sub);
	rc = ts_cli_write_file(o->plot, buf.data, buf.len, o->quiet);
	ts_buf_free(&buf);
	return rc;
}

/* Name the levels, print or write the points, and plot; the exit status. */
static int
report(const struct options *o, const struct ts_sweep_point *pts, size_t n,
    const struct ts_cache_sizes *cs)
{
	uint64_t bytes[TS_SWEEP_MAX_SIZES];
	double lat[TS_SWEEP_MAX_SIZES], local[TS_SWEEP_MAX_SIZES];
	const char *names[TS_SWEEP_MAX_SIZES];
	struct ts_plateaus plat;
	struct ts_buf buf;
	int status = TS_EXIT_OK;
	size_t i;

	/* The levels are named from the page-local curve: no page walks. */
	for (i = 0; i < n; i++) {
		bytes[i] = pts[i].bytes;
		lat[i] = pts[i].latency_ns;
		local[i] = pts[i].page_local_ns;
	}
	for (i = 0; i < n; i++)
		if (!(lat[i] > 0) || !isfinite(lat[i]))
			break;
	if (i < n || ts_plateau_find_local(bytes, local, n, cs, &plat) != 0) {
		ts_error("the measured latencies cannot be analysed "
		    "(a reading was zero)");
		return TS_EXIT_FAILURE;
	}
	plat.unjudged = o->repeat < TS_PLATEAU_JUDGE_READINGS;
	for (i = 0; i < n; i++)
		names[i] = ts_plateau_point_label(&plat, i);
	ts_buf_init(&buf);
	if (o->out != NULL) {
		ts_sweep_json(&buf, pts, n, names);
		status = sweep_write_out(o->out, &buf, o->quiet);
	} else {
		ts_sweep_table(&buf, pts, n, names);
		ts_plateau_summary(&buf, &plat, bytes);
		ts_sweep_walks(&buf, pts, n, plat.memory_from);
		ts_put_text(stdout, buf.data, buf.len);
	}
	ts_buf_free(&buf);
	if (o->plot != NULL && status == TS_EXIT_OK &&
	    plot(o, pts, n, bytes, lat, local, &plat) != 0)
		status = TS_EXIT_FAILURE;
	return status;
}

int
main(int argc, char *argv[])
{
	uint64_t sizes[TS_SWEEP_MAX_SIZES], llc;
	struct ts_sweep_point pts[TS_SWEEP_MAX_SIZES];
	struct ts_cache_sizes cs;
	struct options o;
	char err[1024];
	int status;
	size_t n;

	parse_args(argc, argv, &o);
	/* Refuse an unwritable destination before the long measurement;
	 * -o -: the JSON on standard output, in place of the table. */
	if ((o.out != NULL && strcmp(o.out, "-") != 0 &&
	    ts_check_writable(o.out, err, sizeof err)) ||
	    (o.plot != NULL && ts_check_writable(o.plot, err, sizeof err))) {
		ts_error("%s", err);
		return TS_EXIT_FAILURE;
	}
	if (o.loaded.curve || o.loaded.numa)
		status = sweep_loaded(&o.loaded);
	else {
		cache_sizes(&cs, &llc);
		if (o.max_size == 0)
			o.max_size = ts_sweep_default_max(llc, ts_mem_room());
		n = ts_sweep_sizes(o.max_size, sizes, TS_SWEEP_MAX_SIZES);
		if (measure(&o, sizes, n, pts) != 0)
			return TS_EXIT_FAILURE;
		status = report(&o, pts, n, &cs);
	}
	if (ts_close_stdout() != 0)
		status = TS_EXIT_FAILURE;
	return status;
}
