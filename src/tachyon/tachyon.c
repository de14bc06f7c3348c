/* SPDX-License-Identifier: MIT */
/*
 * tachyon: how fast is this host's memory system right now?  Parses the
 * command line, catches the watch-mode signals, and hands the run to
 * src/tachyon/probe-tool.c.
 */
#include <config.h>

#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-opt.h"
#include "cli.h"
#include "exitcodes.h"
#include "mem/mem-probe-cache.h"
#include "host/host-id.h"
#include "msg.h"
#include "outfile.h"
#include "probe-prom.h"
#include "probe-textfile.h"
#include "probe-tool.h"
#include "probe-window.h"
#include "topo/topo-cpus.h"
#include "topo/topo.h"
#include "util.h"

#define MAX_SECONDS	86400.0
#define MIN_WS_MB	0.0625		/* 64 KiB */
#define MAX_WS_MB	16384.0		/* 32-bit slot indices */
#define MAX_THREADS	1024u		/* and 4 per usable CPU */
#define MAX_COUNT	UINT64_C(1000000000)
#define WATCH_SECONDS	TS_PW_READING_S	/* a watch's readings, by default */
#define WRAP_SECONDS	2.0		/* each reading's default length with --wrap */
#define MAX_TAGS	64

/* Set by SIGINT/SIGTERM in watch mode, which also interrupt the probe. */
static atomic_int stop_flag;

/* The --tag fields, in the order given. */
static struct ts_tag tags[MAX_TAGS];

/* --format's values. */
enum { FORMAT_HUMAN, FORMAT_JSON, FORMAT_PROMETHEUS };
static const char *const formats[] = { "human", "json", "prometheus",
    NULL };

/* The probe tool's settings, and what only the command line needs. */
struct args {
	struct ts_probe_tool_opts tool;
	int		 format;
	bool		 wrap;
	const char	*textfile;
};

/* -w: auto, or MiB in [MIN_WS_MB, MAX_WS_MB] that this machine can map. */
static void
ws_option(void *fields, const char *arg, const struct ts_opt *opt)
{
	struct ts_probe_tool_opts *o = &((struct args *)fields)->tool;
	char err[512];
	double mb;

	if (strcmp(arg, "auto") == 0) {
		o->ws_auto = true;
		return;
	}
	if (ts_parse_double(arg, MIN_WS_MB, MAX_WS_MB, &mb) == -1)
		ts_opt_bad(opt, arg, NULL);
	o->ws_auto = false;
	o->ws_bytes = (uint64_t)(mb * (double)TS_MIB) / 64 * 64;
	if (ts_size_mappable(o->ws_bytes, "--working-set-mb", err,
	    sizeof err) != 0)
		ts_usage_fail("%s", err);
}

/* --tag KEY=VALUE, at most MAX_TAGS of them. */
static void
tag_option(void *fields, const char *arg, const struct ts_opt *opt)
{
	struct ts_probe_tool_opts *o = &((struct args *)fields)->tool;
	char err[512];

	(void)opt;
	if (o->ntags == MAX_TAGS)
		ts_usage_error("at most %d --tag options", MAX_TAGS);
	if (ts_tag_parse(arg, "tachyon", tags, o->ntags, &tags[o->ntags], err,
	    sizeof err) == -1)
		ts_usage_error("%s", err);
	o->ntags++;
}

#define F(m)	TS_FIELD(struct args, m)
#define T(m)	TS_FIELD(struct args, tool.m)
static const struct ts_opt opts[] = {
	TS_OPT_DOUBLE_ABOVE('s', "seconds", T(seconds), 0, MAX_SECONDS, "F",
	    "wall-clock budget, 0 < F <= 86400 (10; 0.02\n"
	    "with --watch)"),
	TS_OPT_CALL('w', "working-set-mb", ws_option, "N",
	    "chain size per thread in MiB, 0.0625..16384, or\n"
	    "auto (64)",
	    .bad = "%s must be auto or a size in MiB in [0.0625, 16384], not "
	    "'%s'"),
	TS_OPT_UINT('t', "threads", T(threads), 1, MAX_THREADS, "N",
	    "concurrent chains, 1..4 per usable CPU (all\n"
	    "usable CPUs)",
	    .bad = "%s must be an integer in [1, 1024] and at most 4 per "
	    "usable CPU, not '%s'"),
	TS_OPT_SEED(T(seed), "chain permutation seed (%D)"),
	TS_OPT_JSON("one flat JSON line instead of the summary"),
	TS_OPT_CHOICE(0, "format", F(format), formats, "F",
	    "human (the summary), json (as --json) or\n"
	    "prometheus (the text exposition format)"),
	TS_OPT_STRING(0, "textfile", F(textfile), "DIR",
	    "also write DIR/tachyon.prom, whole, after every\n"
	    "reading (node_exporter's textfile collector)"),
	TS_OPT_DOUBLE_ABOVE(0, "min-score", T(min_score), 0, 1e12, "X",
	    "exit 3 if the score is below X; with --watch,\n"
	    "the degraded gauge's floor"),
	TS_OPT_FLAG(0, "watch", T(watch),
	    "a JSON line per reading until SIGINT/SIGTERM, on\n"
	    "a schedule costing at most 3.6 CPU-s an hour"),
	TS_OPT_DOUBLE_ABOVE(0, "interval", T(interval), 0, MAX_SECONDS, "F",
	    "start a reading every F seconds instead (implies\n"
	    "--watch)"),
	TS_OPT_UINT(0, "count", T(count), 1, MAX_COUNT, "N",
	    "stop after N readings (implies --watch)"),
	TS_OPT_DOUBLE_ABOVE(0, "window", T(window), 0, MAX_SECONDS, "F",
	    "with --watch: combine the readings of the last\n"
	    "F seconds into a score and its interval (%D)"),
	TS_OPT_UNSET(0, "no-cache-check", T(cache_check),
	    "skip the check that the working set clears cache"),
	TS_OPT_CALL(0, "tag", tag_option, "KEY=VALUE",
	    "add a field to JSON records, a label to the\n"
	    "Prometheus series (repeatable)"),
	TS_OPT_FLAG(0, "wrap", F(wrap),
	    "a reading, COMMAND, a reading, and one JSON\n"
	    "record with the command's times (readings of\n"
	    "2 s unless --seconds); exit with its status"),
	TS_OPT_STRING(0, "record", T(record_path), "FILE",
	    "with --wrap: write the record to FILE, not stdout"),
	TS_OPT_VERSION,
	TS_OPT_HELP,
	TS_OPT_END
};

static const struct ts_cli_prog prog = {
	.usage = "usage: %s [-s seconds] [-w MiB|auto] [-t threads] [--seed N] "
	    "[--json]\n"
	    "       [--format human|json|prometheus] [--textfile DIR]\n"
	    "       [--min-score X] [--watch] [--interval seconds] [--count N]\n"
	    "       [--window seconds]\n"
	    "       [--no-cache-check] [--tag KEY=VALUE]...\n"
	    "       %s [options] --wrap [--record FILE] [--] COMMAND [ARG]...\n"
	    "Measure how fast this host's memory system is right now.\n",
	.opts = opts,
	.col = 28,
	/* Stop at COMMAND, so that its options stay its own. */
	.in_order = true
};

/* The checks of --wrap and what it takes; usage errors exit 2. */
static void
wrap_args(struct args *a, int argc, char **argv, int first)
{
	struct ts_probe_tool_opts *o = &a->tool;
	char err[512];

	if (!a->wrap) {
		if (first < argc)
			ts_usage_error("unexpected argument '%s'", argv[first]);
		if (o->record_path != NULL)
			ts_usage_error("--record needs --wrap");
		return;
	}
	if (first == argc)
		ts_usage_error("--wrap needs a command to run");
	o->wrap_argv = argv + first;
	if (o->watch || o->min_score > 0)
		ts_usage_error("--wrap cannot be combined with --watch, "
		    "--interval, --count or --min-score");
	if (!ts_cli_given("seconds"))
		o->seconds = WRAP_SECONDS;
	if (o->record_path != NULL && ts_check_writable(o->record_path,
	    err, sizeof err) == -1)
		ts_usage_error("--record: %s", err);
}

/* Parse the command line into o; exits on any error. */
static void
parse_args(int argc, char **argv, struct ts_probe_tool_opts *o)
{
	struct args a = { .format = FORMAT_HUMAN };
	char err[512];
	size_t i;

	a.tool.seconds = 10;
	a.tool.ws_bytes = 64 * TS_MIB;
	a.tool.seed = 1;
	a.tool.cache_check = true;
	a.tool.window = TS_PW_WINDOW_S;
	a.tool.tags = tags;
	i = (size_t)ts_cli_parse(&prog, argc, argv, &a, sizeof a);
	a.tool.json = a.format == FORMAT_JSON;
	a.tool.prometheus = a.format == FORMAT_PROMETHEUS;
	a.tool.watch |= ts_cli_given("interval") || ts_cli_given("count");
	wrap_args(&a, argc, argv, (int)i);
	*o = a.tool;
	if (o->prometheus || a.textfile != NULL)
		for (i = 0; i < o->ntags; i++)
			if (ts_prom_label_check(tags[i].key, err, sizeof err) == -1)
				ts_usage_error("%s", err);
	if (a.wrap && (o->prometheus || a.textfile != NULL))
		ts_usage_error("--wrap writes a JSON record; it cannot be "
		    "combined with --format prometheus or --textfile");
	if (o->watch && o->prometheus)
		ts_usage_error("--format prometheus writes one exposition, not "
		    "a stream: with --watch, --interval or --count use "
		    "--textfile DIR");
	if (ts_cli_given("window") && !o->watch)
		ts_usage_error("--window needs --watch, --interval or --count");
	if (o->watch && !ts_cli_given("seconds"))
		o->seconds = o->interval > 0 && o->interval < WATCH_SECONDS ?
		    o->interval : WATCH_SECONDS;
	/* Without --interval, the watch keeps to its CPU budget. */
	o->cheap = o->watch && !(o->interval > 0);
	if (o->interval > 0 && o->interval < o->seconds)
		ts_usage_error("--interval %g is shorter than --seconds %g",
		    o->interval, o->seconds);
	if (a.textfile != NULL) {
		/* Exit 1, not 2: the directory is the host's state. */
		if (ts_textfile_check(a.textfile, err, sizeof err) == -1) {
			ts_error("%s", err);
			exit(TS_EXIT_FAILURE);
		}
		o->textfile_path = ts_textfile_path(a.textfile);
		/* What writers killed by SIGKILL left there. */
		ts_textfile_clean(o->textfile_path);
	}
}

/* Record a watch-mode signal and end the reading in progress. */
static void
on_signal(int sig)
{
	(void)sig;
	atomic_store(&stop_flag, 1);
	ts_probe_tool_interrupt();
}

/* Catch SIGINT and SIGTERM; interrupted writes restart. */
static void
catch_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = SA_RESTART;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

int
main(int argc, char **argv)
{
	struct ts_probe_tool_opts o;
	struct ts_hostid id;
	struct ts_topo *topo;
	struct ts_cpus cpus;
	char err[256];
	int status;

	/* Its installed name (tachyon-probe in the packages), also when
	 * the build tree's libtool wrapper runs it as tachyon. */
	ts_set_progname(TS_TACHYON_PROGRAM);
	parse_args(argc, argv, &o);
	ts_cpus_probe(&cpus);
	if (o.threads == 0)
		o.threads = cpus.usable < MAX_THREADS ? cpus.usable :
		    MAX_THREADS;
	else if (o.threads > 4 * (uint64_t)cpus.usable)
		ts_usage_error("--threads must be at most 4 per usable CPU, "
		    "[1, %u] here, not %" PRIu64, 4 * cpus.usable, o.threads);
	o.stop = &stop_flag;
	/* From here on a signal in watch mode ends the first reading. */
	if (o.watch)
		catch_signals();
	/* Without a topology: no LLC bound and no binding, but a reading. */
	topo = ts_topo_open(err, sizeof err);
	if (topo == NULL)
		ts_warning("%s: no cache bound, no thread binding", err);
	ts_hostid_read(&id, NULL);
	o.id = &id;
	status = ts_probe_tool_run(&o, topo);
	ts_topo_close(topo);
	ts_hostid_free(&id);
	free(o.textfile_path);
	if (ts_close_stdout() == -1 && status == TS_EXIT_OK)
		status = TS_EXIT_FAILURE;
	return status;
}
