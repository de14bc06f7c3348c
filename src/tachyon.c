/* SPDX-License-Identifier: MIT */
/*
 * tachyon: how fast is this host's memory system right now?  Parses the
 * command line, sizes and checks the working set, runs the probe once or
 * at intervals, and prints the reading.
 */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cachecheck.h"
#include "cli.h"
#include "cpus.h"
#include "exitcodes.h"
#include "probe.h"
#include "topo.h"
#include "util.h"

#define MAX_SECONDS	86400.0
#define MIN_WS_MB	0.0625		/* 64 KiB */
#define MAX_WS_MB	16384.0		/* 32-bit slot indices */
#define MAX_THREADS	1024u		/* and 4 per usable CPU */
#define MAX_COUNT	UINT64_C(1000000000)
#define WATCH_SECONDS	1.0		/* a reading's default length in watch mode */
#define SLEEP_SLICE	0.1		/* longest sleep between flag checks */

enum {
	OPT_SEED = 256,
	OPT_JSON,
	OPT_MIN_SCORE,
	OPT_WATCH,
	OPT_INTERVAL,
	OPT_COUNT,
	OPT_NO_CACHE_CHECK
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
	{ "version",		no_argument,		NULL, 'V' },
	{ "help",		no_argument,		NULL, 'h' },
	{ NULL,			0,			NULL, 0 }
};

/* Everything the command line decides. */
struct opts {
	double		 seconds;
	bool		 seconds_set;
	bool		 ws_auto;
	uint64_t	 ws_bytes;	/* per thread */
	uint64_t	 threads;	/* 0 = available parallelism */
	uint64_t	 seed;
	bool		 json;
	double		 min_score;	/* 0 = no threshold */
	bool		 watch;
	double		 interval;	/* 0 = back to back */
	uint64_t	 count;		/* 0 = until a signal */
	bool		 cache_check;
};

/* Set by SIGINT/SIGTERM in watch mode; the probe threads poll it. */
static atomic_int stop_flag;

/* Print the usage summary to f. */
static void
usage(FILE *f)
{
	fprintf(f,
"usage: %s [-s seconds] [-w MiB|auto] [-t threads] [--seed N] [--json]\n"
"       [--min-score X] [--watch] [--interval seconds] [--count N]\n"
"       [--no-cache-check]\n"
"Measure how fast this host's memory system is right now.\n"
"  -s, --seconds F           wall-clock budget, 0 < F <= 86400 (10; 1 with\n"
"                            --watch)\n"
"  -w, --working-set-mb N    chain size per thread in MiB, 0.0625..16384, or\n"
"                            auto (64)\n"
"  -t, --threads N           concurrent chains, 1..4 per usable CPU (all\n"
"                            usable CPUs)\n"
"      --seed N              chain permutation seed (1)\n"
"      --json                one flat JSON line instead of the summary\n"
"      --min-score X         exit 3 if the score is below X\n"
"      --watch               a JSON line per reading until SIGINT/SIGTERM\n"
"      --interval F          start a reading every F seconds (implies --watch)\n"
"      --count N             stop after N readings (implies --watch)\n"
"      --no-cache-check      skip the check that the working set clears cache\n"
"  -V, --version             print the version and exit\n"
"  -h, --help                print this help and exit\n", ts_progname());
}

/* Report a bad option value and exit with the usage status. */
static void __attribute__((noreturn))
bad_value(const char *opt, const char *range, const char *arg)
{
	ts_error("%s must be %s, not '%s'", opt, range, arg);
	exit(TS_EXIT_USAGE);
}

/* Report a command-line error and exit with the usage status. */
static void __attribute__((noreturn, format(printf, 1, 2)))
usage_error(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	ts_error("%s (see %s --help)", msg, ts_progname());
	exit(TS_EXIT_USAGE);
}

/* The option getopt_long just refused, as the user wrote it. */
static const char *
refused_option(char **argv, char *buf, size_t len)
{
	if (optopt > 0 && optopt < 128)
		snprintf(buf, len, "-%c", optopt);
	else
		snprintf(buf, len, "%s", argv[optind - 1]);
	return buf;
}

/*
 * Whether the long option getopt_long just refused is an abbreviation of
 * several; if so, list them in buf.
 */
static bool
ambiguous_option(char **argv, char *buf, size_t len)
{
	const char *arg = argv[optind - 1];
	const struct option *lo;
	size_t n, used = 0;
	int matches = 0;

	if (optopt != 0 || strncmp(arg, "--", 2) != 0)
		return false;
	arg += 2;
	n = strcspn(arg, "=");
	buf[0] = '\0';
	for (lo = longopts; lo->name != NULL; lo++) {
		if (n == 0 || strncmp(lo->name, arg, n) != 0)
			continue;
		if (used < len)
			used += (size_t)snprintf(buf + used, len - used,
			    "%s--%s", matches ? ", " : "", lo->name);
		matches++;
	}
	return matches > 1;
}

/* Parse the command line into o; exits on any error. */
static void
parse_args(int argc, char **argv, struct opts *o)
{
	char name[128], which[256];
	double mb;
	int c;

	memset(o, 0, sizeof *o);
	o->seconds = 10;
	o->ws_bytes = 64 * TS_MIB;
	o->seed = 1;
	o->cache_check = true;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":s:w:t:Vh", longopts,
	    NULL)) != -1) {
		switch (c) {
		case 's':
			if (ts_parse_double(optarg, 0, MAX_SECONDS,
			    &o->seconds) == -1 || !(o->seconds > 0))
				bad_value("--seconds", "a number of seconds in "
				    "(0, 86400]", optarg);
			o->seconds_set = true;
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
		case 'V':
			ts_print_version();
			exit(ts_close_stdout() == 0 ? TS_EXIT_OK :
			    TS_EXIT_FAILURE);
		case 'h':
			usage(stdout);
			exit(ts_close_stdout() == 0 ? TS_EXIT_OK :
			    TS_EXIT_FAILURE);
		case ':':
			usage_error("option %s needs a value",
			    refused_option(argv, name, sizeof name));
		default:
			if (optopt >= 128)
				usage_error("option %s takes no value",
				    refused_option(argv, name, sizeof name));
			if (ambiguous_option(argv, which, sizeof which))
				usage_error("option %s is ambiguous (%s)",
				    refused_option(argv, name, sizeof name),
				    which);
			usage_error("unknown option %s",
			    refused_option(argv, name, sizeof name));
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	if (o->watch && o->min_score > 0)
		usage_error("--min-score cannot be combined with --watch, "
		    "--interval or --count");
	if (o->watch && !o->seconds_set)
		o->seconds = o->interval > 0 && o->interval < WATCH_SECONDS ?
		    o->interval : WATCH_SECONDS;
	if (o->interval > 0 && o->interval < o->seconds)
		usage_error("--interval %g is shorter than --seconds %g",
		    o->interval, o->seconds);
}

/* The probe's bind callback: thread i on core i of the topology. */
static int
bind_core(void *arg, unsigned thread)
{
	return ts_topo_bind_core(arg, thread);
}

/* Record a watch-mode signal. */
static void
on_signal(int sig)
{
	(void)sig;
	atomic_store(&stop_flag, 1);
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

/*
 * Sleep until the monotonic time `until`, or a signal.  The sleep goes
 * in slices, so a signal landing between the check of the flag and the
 * call to nanosleep delays the stop by one slice at most.
 */
static void
sleep_until(double until)
{
	struct timespec ts;
	double left;

	while (!atomic_load(&stop_flag) && (left = until - ts_now()) > 0) {
		if (left > SLEEP_SLICE)
			left = SLEEP_SLICE;
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
		(void)nanosleep(&ts, NULL);
	}
}

/* The cache-check verdict as the JSON field spells it. */
static const char *
verdict_name(const struct opts *o, enum ts_cache_verdict v)
{
	if (!o->cache_check)
		return "off";
	switch (v) {
	case TS_CACHE_CLEAR:
		return "clear";
	case TS_CACHE_IN_CACHE:
		return "cache";
	default:
		return "skipped";
	}
}

/*
 * One flat JSON object: the documented keys in order, then the appended
 * ones (cache_check, pinned_threads; reading and unix_time when
 * reading > 0).
 */
static void
format_json(struct ts_buf *b, const struct ts_probe_result *r,
    const char *verdict, uint64_t reading)
{
	struct timespec now;

	ts_buf_printf(b, "{\"probe\":\"%s\",\"version\":\"%s\","
	    "\"million_accesses_per_sec\":%.3f,\"ns_per_access\":%.2f,"
	    "\"accesses\":%" PRIu64 ",\"elapsed_s\":%.3f,\"threads\":%u,"
	    "\"working_set_bytes_per_thread\":%" PRIu64 ",\"cache_check\":"
	    "\"%s\",\"pinned_threads\":%u", TS_PROBE_NAME, PACKAGE_VERSION,
	    ts_probe_score(r), ts_probe_ns_per_access(r), r->accesses,
	    r->elapsed_s, r->threads, r->working_set_bytes, verdict,
	    r->pinned);
	if (reading > 0) {
		clock_gettime(CLOCK_REALTIME, &now);
		ts_buf_printf(b, ",\"reading\":%" PRIu64 ",\"unix_time\":%.3f",
		    reading, (double)now.tv_sec + (double)now.tv_nsec / 1e9);
	}
	ts_buf_puts(b, "}\n");
}

/* The three-line human summary. */
static void
format_human(struct ts_buf *b, const struct ts_probe_result *r)
{
	ts_buf_printf(b, "score %.3f M accesses/s (higher = faster host "
	    "right now)\n", ts_probe_score(r));
	ts_buf_printf(b, "latency %.2f ns/access (expect ~60-120 ns "
	    "uncontended DRAM)\n", ts_probe_ns_per_access(r));
	ts_buf_printf(b, "%u threads x %.6g MB chain, %" PRIu64 " accesses "
	    "in %.2f s\n", r->threads,
	    (double)r->working_set_bytes / (double)TS_MIB, r->accesses,
	    r->elapsed_s);
}

/* Write a whole line (or block) at once; false on a write error. */
static bool
emit(struct ts_buf *b)
{
	bool okay = fwrite(b->data, 1, b->len, stdout) == b->len &&
	    fflush(stdout) == 0;

	b->len = 0;
	b->data[0] = '\0';
	return okay;
}

/*
 * Settle the working set: `auto` sizes it, memory must hold it, and the
 * cache check (unless disabled) warns when it reads like cache.  Return
 * an exit status, with the check's verdict in *verdict.
 */
static int
size_working_set(struct opts *o, struct ts_topo *topo,
    enum ts_cache_verdict *verdict)
{
	struct ts_cache_bounds bounds = { 0, 0 };
	struct ts_cache_report rep;
	struct ts_quick q;
	uint64_t avail;
	unsigned steps;
	char err[256];

	avail = ts_mem_available();
	if (topo != NULL)
		bounds.llc_bytes = ts_topo_llc_size(topo);
	bounds.mem_bytes = ts_cache_mem_bound(topo != NULL ?
	    ts_topo_memory(topo) : 0, avail);
	/* Each quick measurement: 5 % of the budget, within 50-250 ms. */
	memset(&q, 0, sizeof q);
	q.seconds = o->seconds * 0.05 < 0.05 ? 0.05 :
	    o->seconds * 0.05 > 0.25 ? 0.25 : o->seconds * 0.05;
	q.seed = o->seed;
	q.warm_bytes = bounds.llc_bytes;
	q.err = err;
	q.errlen = sizeof err;
	if (o->ws_auto && ts_auto_size((unsigned)o->threads, &bounds,
	    ts_quick_latency_pair, &q, &o->ws_bytes, &steps) == -1) {
		ts_error("--working-set-mb auto: %s", err);
		return TS_EXIT_FAILURE;
	}
	if (avail != 0 && o->ws_bytes * o->threads > avail / 10 * 9) {
		ts_error("--working-set-mb %.6g with --threads %" PRIu64
		    " needs %" PRIu64 " MiB, but only %" PRIu64 " MiB of memory is "
		    "available: at most %.6g MiB per thread here",
		    (double)o->ws_bytes / (double)TS_MIB, o->threads,
		    o->ws_bytes * o->threads / TS_MIB, avail / TS_MIB,
		    (double)(avail / 10 * 9 / o->threads / TS_MIB));
		return TS_EXIT_FAILURE;
	}
	*verdict = TS_CACHE_SKIPPED;
	if (!o->cache_check)
		return TS_EXIT_OK;
	/* A check that cannot allocate its larger chain is skipped. */
	if (ts_cache_check(o->ws_bytes, (unsigned)o->threads, &bounds,
	    ts_quick_latency_pair, &q, &rep) == -1)
		return TS_EXIT_OK;
	*verdict = rep.verdict;
	if (rep.verdict == TS_CACHE_IN_CACHE)
		ts_warning("the probe is measuring cache: %.6g MiB in total "
		    "reads %.1f ns/access, %.6g MiB reads %.1f; use "
		    "--working-set-mb %" PRIu64 " or more, or auto",
		    (double)rep.chosen_bytes / (double)TS_MIB, rep.ns_chosen,
		    (double)rep.larger_bytes / (double)TS_MIB, rep.ns_larger,
		    rep.suggest_bytes / TS_MIB);
	return TS_EXIT_OK;
}

/*
 * Build the chains, then take one reading, or in watch mode one per
 * interval until --count or a signal.  Return the exit status.
 */
static int
readings(const struct opts *o, struct ts_topo *topo, const char *verdict)
{
	struct ts_probe_config cfg;
	struct ts_probe_result res;
	struct ts_probe *pr;
	struct ts_buf out;
	uint64_t reading;
	double begin;
	char err[256];
	int status = TS_EXIT_OK;

	memset(&cfg, 0, sizeof cfg);
	cfg.seconds = o->seconds;
	cfg.working_set_bytes = o->ws_bytes;
	cfg.threads = (unsigned)o->threads;
	cfg.seed = o->seed;
	cfg.stride = 1;
	if (topo != NULL && cfg.threads <= ts_topo_cores(topo)) {
		cfg.bind = bind_core;
		cfg.bind_arg = topo;
	}
	if (o->watch)
		cfg.stop = &stop_flag;
	if ((pr = ts_probe_open(&cfg, err, sizeof err)) == NULL) {
		if (errno == ENOMEM)
			ts_error("--working-set-mb %.6g with --threads %u: "
			    "cannot allocate the chains (%s); try a smaller "
			    "working set or fewer threads",
			    (double)o->ws_bytes / (double)TS_MIB, cfg.threads,
			    strerror(ENOMEM));
		else
			ts_error("%s", err);
		return TS_EXIT_FAILURE;
	}
	ts_buf_init(&out);
	begin = ts_now();
	for (reading = 1;; reading++) {
		if (ts_probe_measure(pr, o->seconds, &res, err,
		    sizeof err) == -1) {
			ts_error("%s", err);
			status = TS_EXIT_FAILURE;
			break;
		}
		if (o->watch || o->json)
			format_json(&out, &res, verdict, o->watch ? reading : 0);
		else
			format_human(&out, &res);
		if (!emit(&out)) {
			status = TS_EXIT_FAILURE;
			break;
		}
		if (!o->watch || atomic_load(&stop_flag) || reading == o->count)
			break;
		sleep_until(begin + (double)reading * o->interval);
		if (atomic_load(&stop_flag))
			break;
	}
	ts_buf_free(&out);
	ts_probe_close(pr);
	if (status == TS_EXIT_OK && o->min_score > 0 &&
	    ts_probe_score(&res) < o->min_score) {
		ts_error("score %.3f is below --min-score %g: this host is "
		    "degraded right now", ts_probe_score(&res), o->min_score);
		status = TS_EXIT_NEGATIVE;
	}
	return status;
}

int
main(int argc, char **argv)
{
	enum ts_cache_verdict verdict = TS_CACHE_SKIPPED;
	struct ts_topo *topo;
	struct ts_cpus cpus;
	struct opts o;
	char err[256];
	int status;

	parse_args(argc, argv, &o);
	ts_cpus_probe(&cpus);
	if (o.threads == 0)
		o.threads = cpus.usable < MAX_THREADS ? cpus.usable :
		    MAX_THREADS;
	else if (o.threads > 4 * (uint64_t)cpus.usable)
		usage_error("--threads must be at most 4 per usable CPU, "
		    "[1, %u] here, not %" PRIu64, 4 * cpus.usable, o.threads);
	/* From here on a signal in watch mode ends the first reading. */
	if (o.watch)
		catch_signals();
	/* Without a topology: no LLC bound and no binding, but a reading. */
	topo = ts_topo_open(err, sizeof err);
	if (topo == NULL)
		ts_warning("%s: no cache bound, no thread binding", err);
	status = size_working_set(&o, topo, &verdict);
	if (status == TS_EXIT_OK)
		status = readings(&o, topo, verdict_name(&o, verdict));
	ts_topo_close(topo);
	if (ts_close_stdout() == -1 && status == TS_EXIT_OK)
		status = TS_EXIT_FAILURE;
	return status;
}
