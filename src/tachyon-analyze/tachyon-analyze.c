/* SPDX-License-Identifier: MIT */
/*
 * tachyon-analyze: does tachyon's score explain the timings' spread
 * across hosts?  Parses the command line and hands the run to
 * src/tachyon-analyze/fleet-tool.c.
 */
#include <config.h>

#include <dirent.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "exitcodes.h"
#include "fleet-tool.h"
#include "msg.h"
#include "outfile.h"
#include "util.h"

#define MIN_BOOTSTRAP	100
#define MAX_BOOTSTRAP	100000

enum {
	OPT_TIME = 256,
	OPT_SCORE,
	OPT_HOST,
	OPT_FORMAT,
	OPT_JSON,
	OPT_PLOT,
	OPT_NORMALISE,
	OPT_SKIP_BAD,
	OPT_KEEP_FAILED,
	OPT_BOOTSTRAP,
	OPT_SEED
};

static const struct option longopts[] = {
	{ "time",	required_argument,	NULL, OPT_TIME },
	{ "score",	required_argument,	NULL, OPT_SCORE },
	{ "host",	required_argument,	NULL, OPT_HOST },
	{ "format",	required_argument,	NULL, OPT_FORMAT },
	{ "json",	no_argument,		NULL, OPT_JSON },
	{ "plot",	required_argument,	NULL, OPT_PLOT },
	{ "normalise",	required_argument,	NULL, OPT_NORMALISE },
	{ "skip-bad",	no_argument,		NULL, OPT_SKIP_BAD },
	{ "keep-failed", no_argument,		NULL, OPT_KEEP_FAILED },
	{ "bootstrap",	required_argument,	NULL, OPT_BOOTSTRAP },
	{ "seed",	required_argument,	NULL, OPT_SEED },
	TS_CLI_STD_OPTIONS
};

static char *stdin_only[] = { "-" };

/* The --help text; each %s is the program's name. */
static const char help[] =
"usage: %s [--time KEY] [--score KEY] [--host KEY] [--format F] [--json]\n"
"       [--plot FILE.svg] [--normalise FILE.jsonl] [--skip-bad]\n"
"       [--keep-failed] [--bootstrap N] [--seed N] [FILE]...\n"
"Tell whether tachyon's score explains the timings' spread across hosts.\n"
"Reads JSON Lines or CSV records from the FILEs, or standard input.\n"
"      --time KEY            the timing (wall_s)\n"
"      --score KEY           the score (million_accesses_per_sec)\n"
"      --host KEY            the host's identity (host_id); JSON keys may\n"
"                            be dotted paths into nested objects\n"
"      --format F            auto, jsonl, csv or prometheus (auto: '{'\n"
"                            means JSON, '#' the Prometheus text format);\n"
"                            a directory FILE is read as its *.prom files\n"
"      --json                one JSON object instead of the table\n"
"      --plot FILE.svg       draw timing against score as SVG into FILE.svg\n"
"      --normalise FILE      write the records with normalised_time added\n"
"                            to FILE, if the verdict is normalise\n"
"      --skip-bad            skip and count bad records instead of failing\n"
"      --keep-failed         analyse records whose wrapped command failed\n"
"                            or was killed (left out and counted otherwise)\n"
"      --bootstrap N         resamples of the hosts, 100..100000 (1000)\n"
"      --seed N              the bootstrap's seed (1)\n"
"  -V, --version             print the version and exit\n"
"  -h, --help                print this help and exit\n";

/* A key: non-empty, no blank path step. */
static const char *
key_arg(const char *opt, const char *arg)
{
	if (arg[0] == '\0' || arg[0] == '.' || arg[strlen(arg) - 1] == '.' ||
	    strstr(arg, "..") != NULL)
		ts_usage_error("%s must be a key or a dotted path, not '%s'", opt,
		    arg);
	return arg;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Replace each directory operand (a textfile collector's directory) by
 * its *.prom files, sorted; one with none is a usage error.
 */
static void
expand_dirs(struct ts_fleet_tool_opts *o)
{
	char **v = NULL, **mine;
	size_t n = 0, cap = 0, first, len;
	struct dirent *e;
	struct stat st;
	DIR *d;
	int i;

	for (i = 0; i < o->ninputs; i++) {
		if (stat(o->inputs[i], &st) == -1 || !S_ISDIR(st.st_mode)) {
			if (n == cap)
				v = ts_xrealloc(v, (cap = cap * 2 + 8) *
				    sizeof *v);
			v[n++] = ts_xstrdup(o->inputs[i]);
			continue;
		}
		if ((d = opendir(o->inputs[i])) == NULL)
			ts_usage_error("cannot read the directory %s",
			    o->inputs[i]);
		first = n;
		while ((e = readdir(d)) != NULL) {
			len = strlen(e->d_name);
			if (len <= 5 || e->d_name[0] == '.' ||
			    strcmp(e->d_name + len - 5, ".prom") != 0)
				continue;
			if (n == cap)
				v = ts_xrealloc(v, (cap = cap * 2 + 8) *
				    sizeof *v);
			v[n] = ts_xmalloc(strlen(o->inputs[i]) + len + 2);
			sprintf(v[n++], "%s/%s", o->inputs[i], e->d_name);
		}
		closedir(d);
		if (n == first)
			ts_usage_error("the directory %s holds no *.prom file",
			    o->inputs[i]);
		qsort(v + first, n - first, sizeof *v, cmp_str);
	}
	/* The program's own copy: main frees it. */
	mine = v;
	o->inputs = mine;
	o->ninputs = (int)n;
}

static void
parse_args(int argc, char **argv, struct ts_fleet_tool_opts *o)
{
	static const char *const formats[] = { "auto", "jsonl", "csv",
	    "prometheus", NULL };
	static const enum ts_recfmt fmts[] = {
		TS_RECFMT_AUTO, TS_RECFMT_JSONL, TS_RECFMT_CSV, TS_RECFMT_PROM
	};
	char err[512];
	uint64_t v;
	int c, i;

	memset(o, 0, sizeof *o);
	o->keys.time = "wall_s";
	o->keys.score = "million_accesses_per_sec";
	o->keys.host = "host_id";
	o->bootstrap = 1000;
	o->seed = 1;
	while ((c = ts_cli_getopt(argc, argv, "Vh", longopts,
	    help)) != -1) {
		switch (c) {
		case OPT_TIME:
			o->keys.time = key_arg("--time", optarg);
			break;
		case OPT_SCORE:
			o->keys.score = key_arg("--score", optarg);
			break;
		case OPT_HOST:
			o->keys.host = key_arg("--host", optarg);
			break;
		case OPT_FORMAT:
			o->fmt = fmts[ts_parse_choice("--format", optarg,
			    formats)];
			break;
		case OPT_JSON:
			o->json = true;
			break;
		case OPT_PLOT:
			ts_cli_plot_name(optarg);
			o->plot_path = optarg;
			break;
		case OPT_NORMALISE:
			o->normalise_path = optarg;
			break;
		case OPT_KEEP_FAILED:
			o->keep_failed = true;
			break;
		case OPT_SKIP_BAD:
			o->skip_bad = true;
			break;
		case OPT_BOOTSTRAP:
			if (ts_parse_u64(optarg, MIN_BOOTSTRAP, MAX_BOOTSTRAP,
			    &v) == -1)
				ts_usage_error("--bootstrap must be an integer in "
				    "[100, 100000], not '%s'", optarg);
			o->bootstrap = (unsigned)v;
			break;
		case OPT_SEED:
			if (ts_parse_u64(optarg, 0, UINT64_MAX, &o->seed) == -1)
				ts_usage_error("--seed must be an integer in [0, "
				    "18446744073709551615], not '%s'", optarg);
			break;
		}
	}
	o->inputs = optind < argc ? argv + optind : stdin_only;
	o->ninputs = optind < argc ? argc - optind : 1;
	expand_dirs(o);
	for (i = 0; o->normalise_path != NULL && i < o->ninputs; i++)
		if (strcmp(o->inputs[i], "-") == 0)
			ts_usage_error("--normalise reads its input twice: give "
			    "files, not standard input");
	if (o->plot_path != NULL &&
	    ts_check_writable(o->plot_path, err, sizeof err) == -1)
		ts_usage_error("--plot: %s", err);
	if (o->normalise_path != NULL &&
	    ts_check_writable(o->normalise_path, err, sizeof err) == -1)
		ts_usage_error("--normalise: %s", err);
}

int
main(int argc, char **argv)
{
	struct ts_fleet_tool_opts o;
	int status;

	parse_args(argc, argv, &o);
	status = ts_fleet_tool_run(&o);
	ts_strv_free(o.inputs, (size_t)o.ninputs);
	if (ts_close_stdout() == -1 && status == TS_EXIT_OK)
		status = TS_EXIT_FAILURE;
	return status;
}
