/* SPDX-License-Identifier: MIT */
/*
 * tachyon-analyze: does tachyon's score explain the timings' spread
 * across hosts?  Parses the command line and hands the run to
 * src/tachyon-analyze/fleet-tool.c.
 */
#include <config.h>

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli-opt.h"
#include "cli.h"
#include "exitcodes.h"
#include "fleet-tool.h"
#include "msg.h"
#include "outfile.h"
#include "util.h"

#define MIN_BOOTSTRAP	100
#define MAX_BOOTSTRAP	100000

static char *stdin_only[] = { "-" };

/* --format's values, in the order of enum ts_recfmt. */
static const char *const formats[] = { "auto", "jsonl", "csv", "prometheus",
    NULL };

/* A key: non-empty, no blank path step. */
static void
key_check(const struct ts_opt *opt, const char *arg)
{
	if (arg[0] == '\0' || arg[0] == '.' || arg[strlen(arg) - 1] == '.' ||
	    strstr(arg, "..") != NULL)
		ts_opt_bad(opt, arg, "a key or a dotted path");
}

#define F(m)	TS_FIELD(struct ts_fleet_tool_opts, m)
static const struct ts_opt opts[] = {
	TS_OPT_STRING(0, "time", F(keys.time), "KEY", "the timing (%D)",
	    .check = key_check),
	TS_OPT_STRING(0, "score", F(keys.score), "KEY", "the score (%D)",
	    .check = key_check),
	TS_OPT_STRING(0, "host", F(keys.host), "KEY",
	    "the host's identity (%D); JSON keys may\n"
	    "be dotted paths into nested objects", .check = key_check),
	TS_OPT_CHOICE(0, "format", F(fmt), formats, "F",
	    "auto, jsonl, csv or prometheus (auto: '{'\n"
	    "means JSON, '#' the Prometheus text format);\n"
	    "a directory FILE is read as its *.prom files"),
	TS_OPT_FLAG(0, "json", F(json), "one JSON object instead of the table"),
	TS_OPT_PLOT(F(plot_path), "FILE.svg",
	    "draw timing against score as SVG into FILE.svg"),
	TS_OPT_STRING(0, "normalise", F(normalise_path), "FILE",
	    "write the records with normalised_time added\n"
	    "to FILE, if the verdict is normalise"),
	TS_OPT_FLAG(0, "skip-bad", F(skip_bad),
	    "skip and count bad records instead of failing"),
	TS_OPT_FLAG(0, "keep-failed", F(keep_failed),
	    "analyse records whose wrapped command failed\n"
	    "or was killed (left out and counted otherwise)"),
	TS_OPT_UINT(0, "bootstrap", F(bootstrap), MIN_BOOTSTRAP, MAX_BOOTSTRAP,
	    "N", "resamples of the hosts, 100..100000 (%D)"),
	TS_OPT_SEED(F(seed), "the bootstrap's seed (%D)"),
	TS_OPT_VERSION,
	TS_OPT_HELP,
	TS_OPT_END
};

static const struct ts_cli_prog prog = {
	.usage = "usage: %s [--time KEY] [--score KEY] [--host KEY] [--format F] "
	    "[--json]\n"
	    "       [--plot FILE.svg] [--normalise FILE.jsonl] [--skip-bad]\n"
	    "       [--keep-failed] [--bootstrap N] [--seed N] [FILE]...\n"
	    "Tell whether tachyon's score explains the timings' spread across "
	    "hosts.\n"
	    "Reads JSON Lines or CSV records from the FILEs, or standard "
	    "input.\n",
	.opts = opts,
	.col = 28
};

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
	char err[512];
	int first, i;

	memset(o, 0, sizeof *o);
	o->keys.time = "wall_s";
	o->keys.score = "million_accesses_per_sec";
	o->keys.host = "host_id";
	o->bootstrap = 1000;
	o->seed = 1;
	first = ts_cli_parse(&prog, argc, argv, o, sizeof *o);
	o->inputs = first < argc ? argv + first : stdin_only;
	o->ninputs = first < argc ? argc - first : 1;
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
