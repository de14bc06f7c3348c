/* SPDX-License-Identifier: MIT */
/*
 * tachyon: how fast is this host's memory system right now?  Parses the
 * command line, catches the watch-mode signals, and hands the run to
 * src/tachyon/probe-tool.c.
 */
#include <config.h>

#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

enum {
	OPT_SEED = 256,
	OPT_JSON,
	OPT_MIN_SCORE,
	OPT_WATCH,
	OPT_INTERVAL,
	OPT_COUNT,
	OPT_NO_CACHE_CHECK,
	OPT_TAG,
	OPT_WRAP,
	OPT_RECORD,
	OPT_FORMAT,
	OPT_TEXTFILE,
	OPT_WINDOW
};

static const struct option longopts[] = {
	{ "seconds",		required_argument,	NULL, 's' },
	{ "working-set-mb",	required_argument,	NULL, 'w' },
	{ "threads",		required_argument,	NULL, 't' },
	{ "seed",		required_argument,	NULL, OPT_SEED },
	{ "json",		no_argument,		NULL, OPT_JSON },
	{ "min-score",		required_argument,	NULL, OPT_MIN_SCORE },
	{ "watch",		no_argument,		NULL, OPT_WATCH },
	{ "interval",		required_argument,	NULL, OPT_INTERVAL },
	{ "count",		required_argument,	NULL, OPT_COUNT },
	{ "no-cache-check",	no_argument,		NULL, OPT_NO_CACHE_CHECK },
	{ "tag",		required_argument,	NULL, OPT_TAG },
	{ "wrap",		no_argument,		NULL, OPT_WRAP },
	{ "record",		required_argument,	NULL, OPT_RECORD },
	{ "format",		required_argument,	NULL, OPT_FORMAT },
	{ "textfile",		required_argument,	NULL, OPT_TEXTFILE },
	{ "window",		required_argument,	NULL, OPT_WINDOW },
	TS_CLI_STD_OPTIONS
};

/* Set by SIGINT/SIGTERM in watch mode, which also interrupt the probe. */
static atomic_int stop_flag;

/* The --tag fields, in the order given. */
static struct ts_tag tags[MAX_TAGS];

/* The --help text; each %s is the program's name. */
static const char help[] =
"usage: %s [-s seconds] [-w MiB|auto] [-t threads] [--seed N] [--json]\n"
"       [--format human|json|prometheus] [--textfile DIR]\n"
"       [--min-score X] [--watch] [--interval seconds] [--count N]\n"
"       [--window seconds]\n"
"       [--no-cache-check] [--tag KEY=VALUE]...\n"
"       %s [options] --wrap [--record FILE] [--] COMMAND [ARG]...\n"
"Measure how fast this host's memory system is right now.\n"
"  -s, --seconds F           wall-clock budget, 0 < F <= 86400 (10; 0.02\n"
"                            with --watch)\n"
"  -w, --working-set-mb N    chain size per thread in MiB, 0.0625..16384, or\n"
"                            auto (64)\n"
"  -t, --threads N           concurrent chains, 1..4 per usable CPU (all\n"
"                            usable CPUs)\n"
"      --seed N              chain permutation seed (1)\n"
"      --json                one flat JSON line instead of the summary\n"
"      --format F            human (the summary), json (as --json) or\n"
"                            prometheus (the text exposition format)\n"
"      --textfile DIR        also write DIR/tachyon.prom, whole, after every\n"
"                            reading (node_exporter's textfile collector)\n"
"      --min-score X         exit 3 if the score is below X; with --watch,\n"
"                            the degraded gauge's floor\n"
"      --watch               a JSON line per reading until SIGINT/SIGTERM, on\n"
"                            a schedule costing at most 3.6 CPU-s an hour\n"
"      --interval F          start a reading every F seconds instead (implies\n"
"                            --watch)\n"
"      --count N             stop after N readings (implies --watch)\n"
"      --window F            with --watch: combine the readings of the last\n"
"                            F seconds into a score and its interval (600)\n"
"      --no-cache-check      skip the check that the working set clears cache\n"
"      --tag KEY=VALUE       add a field to JSON records, a label to the\n"
"                            Prometheus series (repeatable)\n"
"      --wrap                a reading, COMMAND, a reading, and one JSON\n"
"                            record with the command's times (readings of\n"
"                            2 s unless --seconds); exit with its status\n"
"      --record FILE         with --wrap: write the record to FILE, not stdout\n"
"  -V, --version             print the version and exit\n"
"  -h, --help                print this help and exit\n";

/* Report a bad option value and exit with the usage status. */
static void __attribute__((noreturn))
bad_value(const char *opt, const char *range, const char *arg)
{
	ts_error("%s must be %s, not '%s'", opt, range, arg);
	exit(TS_EXIT_USAGE);
}

/* Parse the command line into o; exits on any error. */
static void
parse_args(int argc, char **argv, struct ts_probe_tool_opts *o)
{
	static const char *const formats[] = { "human", "json", "prometheus",
	    NULL };
	bool seconds_set = false, wrap = false, window_set = false;
	const char *textfile = NULL;
	char err[512];
	size_t i;
	double mb;
	int c;

	memset(o, 0, sizeof *o);
	o->seconds = 10;
	o->ws_bytes = 64 * TS_MIB;
	o->seed = 1;
	o->cache_check = true;
	o->window = TS_PW_WINDOW_S;
	/* "+": stop at COMMAND, so that its options stay its own. */
	while ((c = ts_cli_getopt(argc, argv, "+s:w:t:Vh", longopts,
	    help)) != -1) {
		switch (c) {
		case 's':
			if (ts_parse_double(optarg, 0, MAX_SECONDS,
			    &o->seconds) == -1 || !(o->seconds > 0))
				bad_value("--seconds", "a number of seconds in "
				    "(0, 86400]", optarg);
			seconds_set = true;
			break;
		case 'w':
			if (strcmp(optarg, "auto") == 0) {
				o->ws_auto = true;
				break;
			}
			if (ts_parse_double(optarg, MIN_WS_MB, MAX_WS_MB,
			    &mb) == -1)
				bad_value("--working-set-mb", "auto or a size "
				    "in MiB in [0.0625, 16384]", optarg);
			o->ws_auto = false;
			o->ws_bytes = (uint64_t)(mb * (double)TS_MIB) / 64 * 64;
			if (ts_size_mappable(o->ws_bytes, "--working-set-mb",
			    err, sizeof err) != 0) {
				ts_error("%s", err);
				exit(TS_EXIT_USAGE);
			}
			break;
		case 't':
			if (ts_parse_u64(optarg, 1, MAX_THREADS,
			    &o->threads) == -1)
				bad_value("--threads", "an integer in [1, "
				    "1024] and at most 4 per usable CPU",
				    optarg);
			break;
		case OPT_SEED:
			if (ts_parse_u64(optarg, 0, UINT64_MAX, &o->seed) == -1)
				bad_value("--seed", "an integer in [0, "
				    "18446744073709551615]", optarg);
			break;
		case OPT_JSON:
			o->json = true;
			break;
		case OPT_MIN_SCORE:
			if (ts_parse_double(optarg, 0, 1e12, &o->min_score)
			    == -1 || !(o->min_score > 0))
				bad_value("--min-score", "a score in (0, 1e12] "
				    "M accesses/s", optarg);
			break;
		case OPT_WATCH:
			o->watch = true;
			break;
		case OPT_INTERVAL:
			if (ts_parse_double(optarg, 0, MAX_SECONDS,
			    &o->interval) == -1 || !(o->interval > 0))
				bad_value("--interval", "a number of seconds "
				    "in (0, 86400]", optarg);
			o->watch = true;
			break;
		case OPT_COUNT:
			if (ts_parse_u64(optarg, 1, MAX_COUNT, &o->count) == -1)
				bad_value("--count", "an integer in [1, "
				    "1000000000]", optarg);
			o->watch = true;
			break;
		case OPT_NO_CACHE_CHECK:
			o->cache_check = false;
			break;
		case OPT_TAG:
			if (o->ntags == MAX_TAGS)
				ts_usage_error("at most %d --tag options",
				    MAX_TAGS);
			if (ts_tag_parse(optarg, "tachyon", tags, o->ntags,
			    &tags[o->ntags], err, sizeof err) == -1)
				ts_usage_error("%s", err);
			o->ntags++;
			break;
		case OPT_WRAP:
			wrap = true;
			break;
		case OPT_RECORD:
			o->record_path = optarg;
			break;
		case OPT_FORMAT:
			switch (ts_parse_choice("--format", optarg, formats)) {
			case 0:
				o->json = o->prometheus = false;
				break;
			case 1:
				o->json = true;
				o->prometheus = false;
				break;
			default:
				o->json = false;
				o->prometheus = true;
			}
			break;
		case OPT_TEXTFILE:
			textfile = optarg;
			break;
		case OPT_WINDOW:
			if (ts_parse_double(optarg, 0, MAX_SECONDS,
			    &o->window) == -1 || !(o->window > 0))
				bad_value("--window", "a number of seconds in "
				    "(0, 86400]", optarg);
			window_set = true;
			break;
		}
	}
	if (wrap) {
		if (optind == argc)
			ts_usage_error("--wrap needs a command to run");
		o->wrap_argv = argv + optind;
		if (o->watch || o->min_score > 0)
			ts_usage_error("--wrap cannot be combined with --watch, "
			    "--interval, --count or --min-score");
		if (!seconds_set)
			o->seconds = WRAP_SECONDS;
		if (o->record_path != NULL && ts_check_writable(o->record_path,
		    err, sizeof err) == -1)
			ts_usage_error("--record: %s", err);
	} else if (optind < argc)
		ts_usage_error("unexpected argument '%s'", argv[optind]);
	else if (o->record_path != NULL)
		ts_usage_error("--record needs --wrap");
	o->tags = tags;
	if (o->prometheus || textfile != NULL)
		for (i = 0; i < o->ntags; i++)
			if (ts_prom_label_check(tags[i].key, err, sizeof err) == -1)
				ts_usage_error("%s", err);
	if (wrap && (o->prometheus || textfile != NULL))
		ts_usage_error("--wrap writes a JSON record; it cannot be "
		    "combined with --format prometheus or --textfile");
	if (o->watch && o->prometheus)
		ts_usage_error("--format prometheus writes one exposition, not "
		    "a stream: with --watch, --interval or --count use "
		    "--textfile DIR");
	if (window_set && !o->watch)
		ts_usage_error("--window needs --watch, --interval or --count");
	if (o->watch && !seconds_set)
		o->seconds = o->interval > 0 && o->interval < WATCH_SECONDS ?
		    o->interval : WATCH_SECONDS;
	/* Without --interval, the watch keeps to its CPU budget. */
	o->cheap = o->watch && !(o->interval > 0);
	if (o->interval > 0 && o->interval < o->seconds)
		ts_usage_error("--interval %g is shorter than --seconds %g",
		    o->interval, o->seconds);
	if (textfile != NULL) {
		/* Exit 1, not 2: the directory is the host's state. */
		if (ts_textfile_check(textfile, err, sizeof err) == -1) {
			ts_error("%s", err);
			exit(TS_EXIT_FAILURE);
		}
		o->textfile_path = ts_textfile_path(textfile);
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
	if (o.cheap)
		o.interval = ts_pw_interval_for(o.threads, o.seconds);
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
