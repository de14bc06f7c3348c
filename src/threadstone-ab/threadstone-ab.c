/* SPDX-License-Identifier: MIT */
/*
 * threadstone-ab: two commands on one host, paired.  Parses the command
 * line, then runs the experiment (ab-exp.c), says what it found
 * (ab-out.c), writes the exports (ab-export.c) and gives the gate's
 * exit status.
 */
#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "ab-exp.h"
#include "ab-export.h"
#include "ab-out.h"
#include "ab-proc.h"
#include "ab-words.h"
#include "buf.h"
#include "cli-opt.h"
#include "cli.h"
#include "exitcodes.h"
#include "msg.h"
#include "outfile.h"
#include "topo/topo-cpus.h"
#include "topo/topo-split.h"
#include "topo/topo.h"
#include "util.h"

#define MAX_RUNS	1000000
#define MAX_SECONDS	1e6

/* A per-command option's value: the first for both, a second for B. */
static void
per_command(void *fields, const char *arg, const struct ts_opt *opt)
{
	const char **v = ts_opt_field(fields, opt);

	if (v[1] != NULL)
		ts_usage_error("--%s is given at most twice (A, then B), not "
		    "three times", opt->name);
	v[v[0] != NULL] = arg;
}

/* --metric: wall, user, ..., json:KEY or regex:RE. */
static void
metric_option(void *fields, const char *arg, const struct ts_opt *opt)
{
	struct ab_opts *o = fields;
	char err[512];

	(void)opt;
	ts_ab_metric_free(&o->metric);
	if (ts_ab_metric_parse(arg, &o->metric, err, sizeof err) == -1)
		ts_usage_fail("%s", err);
}

static const char *const designs[] = { "interleaved", "duet", "sequential",
    NULL };

#define F(m)	TS_FIELD(struct ab_opts, m)
static const struct ts_opt opts[] = {
	TS_OPT_CHOICE('d', "design", F(design), designs, "D",
	    "interleaved (A and B in a random order each\n"
	    "round; the default), duet (A and B at once, on\n"
	    "two CPU sets, A on each once in each pair of\n"
	    "rounds) or sequential\n"
	    "(every A, then every B, as hyperfine runs them)"),
	TS_OPT_CALL(0, "metric", metric_option, "M",
	    "wall (the default), user, system, cpu, maxrss,\n"
	    "json:KEY (a number in the command's JSON output)\n"
	    "or regex:RE (the first match, or its first group)"),
	TS_OPT_FLAG(0, "higher-is-better", F(higher_better),
	    "a higher figure is the better one (throughput)"),
	TS_OPT_UINT('r', "runs", F(stop.runs), 1, MAX_RUNS, "N",
	    "exactly N rounds, 1..1000000"),
	TS_OPT_UINT('m', "min-runs", F(stop.min_runs), 1, MAX_RUNS, "N",
	    "at least N rounds (%D; at least the 6 an interval\n"
	    "needs, 12 in duet)"),
	TS_OPT_UINT('M', "max-runs", F(stop.max_runs), 1, MAX_RUNS, "N",
	    "at most N rounds (%D)"),
	TS_OPT_DOUBLE_ABOVE(0, "precision", F(stop.precision), 0, 100, "PCT",
	    "rounds until the interval's half-width is within\n"
	    "PCT %% of the ratio, in (0, 100] (%D)", .factor = 0.01),
	TS_OPT_DOUBLE_ABOVE(0, "max-seconds", F(stop.max_time), 0, MAX_SECONDS,
	    "S", "start no round that would end past S seconds (%D)"),
	TS_OPT_ALIAS(0, "max-time", "max-seconds", NULL, "S",
	    "the same as --max-seconds"),
	TS_OPT_UINT('w', "warmup", F(warmup), 0, MAX_RUNS, "N",
	    "rounds run first and not measured (%D)"),
	TS_OPT_CALL_AT('p', "prepare", F(prepare), per_command, "CMD",
	    "run CMD before every run (given twice: before\n"
	    "A's, then B's)"),
	TS_OPT_CALL_AT('C', "conclude", F(conclude), per_command, "CMD",
	    "run CMD after every run (likewise)"),
	TS_OPT_CALL_AT('c', "cleanup", F(cleanup), per_command, "CMD",
	    "run CMD once at the end (likewise)"),
	TS_OPT_STRING('S', "shell", F(how.shell), "SHELL",
	    "run commands as SHELL -c COMMAND (%D), or none: split\n"
	    "into words and run directly", .min = 1,
	    .what = "a shell's name or path, or none"),
	TS_OPT_ALIAS('N', NULL, "shell", "none", NULL, "--shell none"),
	TS_OPT_CALL_AT('n', "command-name", F(name), per_command, "NAME",
	    "name A (then B) in the output"),
	TS_OPT_FLAG('i', "ignore-failure", F(ignore_failure),
	    "go on when a command exits with a status other than 0"),
	TS_OPT_FLAG(0, "show-output", F(how.show_output),
	    "let the commands' output through (it is discarded)"),
	TS_OPT_FLAG(0, "probe", F(probe),
	    "a 0.2 s tachyon reading between rounds: how the host\n"
	    "moved, and whether the ratio moved with it"),
	TS_OPT_DOUBLE(0, "fail-above", F(fail_above), 0, 1000, "PCT",
	    "exit 3 when B is worse than A by more than PCT %%\n"
	    "with 95 %% confidence", .factor = 0.01),
	TS_OPT_EXPORT("json", F(export_json),
	    "hyperfine's JSON, with the comparison"),
	TS_OPT_EXPORT("csv", F(export_csv),
	    "hyperfine's CSV columns, with B/A"),
	TS_OPT_EXPORT("markdown", F(export_markdown),
	    "hyperfine's markdown table, with B/A"),
	TS_OPT_SEED(F(seed), "the rounds' random order (random)"),
	TS_OPT_QUIET(F(quiet), "no progress line on a terminal"),
	TS_OPT_LAST
};

static const struct ts_cli_prog prog = {
	.usage = "Usage: %s [OPTION]... COMMAND_A COMMAND_B\n"
	    "Compare two commands on this host, paired: rounds of A and B, the "
	    "ratio\n"
	    "B/A of their figures with a 95 %% interval, and a verdict.  "
	    "Commands are\n"
	    "shell strings, as hyperfine takes them.\n"
	    "\n",
	.opts = opts,
	.tail = "\n"
	    "Exit status: 0 compared, 1 a command or the experiment failed,\n"
	    "2 usage error, 3 B worse beyond --fail-above.\n",
	.col = 26
};

/* A random seed, when none is given. */
static uint64_t
random_seed(void)
{
	uint64_t s;

	if (getrandom(&s, sizeof s, GRND_NONBLOCK) == (ssize_t)sizeof s)
		return s;
	return (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
}

/* Check that an export can be written, before the experiment starts. */
static void
check_export(const char *opt, const char *path)
{
	char err[512];

	if (path != NULL && ts_check_writable(path, err, sizeof err) == -1)
		ts_usage_error("%s: %s", opt, err);
}

/*
 * A name goes into JSON and CSV alike: one that is not UTF-8 text would
 * read differently in each, so it is refused.
 */
static void
names_text(const struct ab_opts *o)
{
	unsigned long cp;
	size_t i, n, len;
	int s;

	for (s = 0; s < 2; s++) {
		len = strlen(o->name[s]);
		for (i = 0; i < len; i += n)
			if ((n = ts_utf8_seq(o->name[s] + i, len - i, &cp))
			    == 0)
				ts_usage_error("the name of command %c is not "
				    "UTF-8 text (byte 0x%02x at offset %zu): "
				    "name it with --command-name", s == 0 ?
				    'A' : 'B', (unsigned char)o->name[s][i],
				    i);
	}
}

/* Two exports to one file would leave only the last: refused. */
static void
exports_apart(const struct ab_opts *o)
{
	const char *opt[3] = { "--export-json", "--export-csv",
	    "--export-markdown" };
	const char *path[3] = { o->export_json, o->export_csv,
	    o->export_markdown };
	int i, j;

	for (i = 0; i < 3; i++)
		for (j = i + 1; j < 3; j++)
			if (path[i] != NULL && path[j] != NULL &&
			    ts_outfile_same(path[i], path[j]))
				ts_usage_error("%s %s and %s %s name one file: "
				    "each export needs a file of its own",
				    opt[i], path[i], opt[j], path[j]);
}

/* The two CPU sets of duet; exits 2 when the host has fewer than two. */
static void
duet_sets(struct ab_opts *o)
{
	struct ts_cpus c;
	struct ts_topo *t;
	char err[256];
	unsigned n;

	ts_cpus_probe(&c);
	if (c.usable < 2)
		ts_usage_error("--design duet runs A and B at once, each on a "
		    "CPU of its own: it needs two usable CPUs, and this "
		    "process has %u (affinity %u%s)", c.usable, c.affinity,
		    c.quota > 0 ? ", cgroup quota" : "");
	t = ts_topo_open(err, sizeof err);
	n = ts_topo_split(t, &o->cpus[0], &o->cpus[1]);
	ts_topo_close(t);
	if (n == 0)
		ts_usage_error("--design duet needs two CPUs to split into two "
		    "sets, and hwloc found one core with one CPU");
}

/* The stopping rule from --runs or the adaptive options; exits on errors. */
static void
stop_args(struct ab_opts *o)
{
	bool runs_set = ts_cli_given("runs") > 0;
	size_t n;

	if (runs_set && (ts_cli_given("min-runs") || ts_cli_given("max-runs") ||
	    ts_cli_given("precision") || ts_cli_given("max-seconds")))
		ts_usage_error("--runs N runs exactly N rounds: it cannot be "
		    "combined with --min-runs, --max-runs, --precision or "
		    "--max-seconds");
	if (runs_set) {
		o->stop.precision = 0;
		o->stop.max_time = 0;
		o->stop.min_runs = o->stop.max_runs = o->stop.runs;
	}
	if (o->design == TS_AB_DUET && runs_set && o->stop.runs % 2 != 0)
		ts_usage_error("--runs must be even with --design duet: its "
		    "rounds come in pairs, A once on each CPU set");
	o->stop.step = o->design == TS_AB_DUET ? 2 : 1;
	n = ts_ab_min_rounds(o->design);
	if (!runs_set && o->stop.min_runs < n)
		o->stop.min_runs = n;
	if (!runs_set && o->stop.max_runs < o->stop.min_runs)
		ts_usage_error("--max-runs %zu is below the %zu rounds that must "
		    "run (--min-runs, and the %zu an interval needs)",
		    o->stop.max_runs, o->stop.min_runs, n);
	if (o->fail_above >= 0 && runs_set && o->stop.runs < n)
		ts_usage_error("--fail-above needs an interval, and %s gives "
		    "one from %zu rounds, not %zu", ts_ab_design_name(
		    o->design), n, o->stop.runs);
}

/* The two commands and how they run; exits on errors. */
static void
command_args(struct ab_opts *o, char **commands)
{
	char err[512];
	size_t n;
	int s;

	for (s = 0; s < 2; s++) {
		o->command[s] = commands[s];
		/* As hyperfine: names go to the commands in order. */
		if (o->name[s] == NULL)
			o->name[s] = o->command[s];
		/* One value of a per-command option serves both. */
		if (s == 1 && o->prepare[1] == NULL)
			o->prepare[1] = o->prepare[0];
		if (s == 1 && o->conclude[1] == NULL)
			o->conclude[1] = o->conclude[0];
		if (s == 1 && o->cleanup[1] == NULL)
			o->cleanup[1] = o->cleanup[0];
	}
	if (!ts_cli_given("metric") &&
	    ts_ab_metric_parse("wall", &o->metric, err, sizeof err) == -1)
		ts_usage_fail("%s", err);
	o->how.capture = ts_ab_metric_reads_output(&o->metric);
	if (strcmp(o->how.shell, "none") != 0)
		return;
	o->how.shell = NULL;
	for (s = 0; s < 2; s++)
		if ((o->argv[s] = ab_words_split(o->command[s], &n, err,
		    sizeof err)) == NULL)
			ts_usage_error("with --shell none, command %c ('%s') "
			    "has %s", s == 0 ? 'A' : 'B', o->command[s], err);
}

/* Parse the command line into o; exits on any error. */
static void
parse_args(int argc, char **argv, struct ab_opts *o)
{
	int first;

	memset(o, 0, sizeof *o);
	ts_ab_stop_defaults(&o->stop);
	o->warmup = 1;
	o->fail_above = -1;
	o->how.shell = "sh";
	first = ts_cli_parse(&prog, argc, argv, o, sizeof *o);
	if (argc - first != 2)
		ts_usage_error("expected two commands, COMMAND_A and "
		    "COMMAND_B, not %d", argc - first);
	/* A quick mistake first: a later one may start work (duet). */
	stop_args(o);
	command_args(o, argv + first);
	check_export("--export-json", o->export_json);
	check_export("--export-csv", o->export_csv);
	check_export("--export-markdown", o->export_markdown);
	exports_apart(o);
	names_text(o);
	if (!ts_cli_given("seed"))
		o->seed = random_seed();
	o->progress = !o->quiet && isatty(STDERR_FILENO) == 1;
	if (o->design == TS_AB_DUET)
		duet_sets(o);
}

/* Write one export; false after one line on stderr. */
static bool
write_export(const char *path, void (*fn)(struct ts_buf *,
    const struct ab_opts *, const struct ab_exp *), const struct ab_opts *o,
    const struct ab_exp *e)
{
	struct ts_buf b;
	char err[512];
	bool okay = true;

	if (path == NULL)
		return true;
	ts_buf_init(&b);
	fn(&b, o, e);
	if (ts_write_file_atomic(path, b.data, b.len, err, sizeof err) == -1) {
		ts_error("%s", err);
		okay = false;
	}
	ts_buf_free(&b);
	return okay;
}

/* Free what the options hold. */
static void
opts_free(struct ab_opts *o)
{
	int s;

	ts_ab_metric_free(&o->metric);
	for (s = 0; s < 2; s++) {
		ab_words_free(o->argv[s]);
		o->argv[s] = NULL;
	}
}

int
main(int argc, char **argv)
{
	struct ab_opts o;
	struct ab_exp e;
	struct ts_buf out;
	char err[512];
	int status = TS_EXIT_OK, s;
	bool screen_gone;

	parse_args(argc, argv, &o);
	if (ab_proc_start(err, sizeof err) == -1) {
		ts_error("%s", err);
		opts_free(&o);
		return TS_EXIT_FAILURE;
	}
	if (ab_exp_run(&o, &e) == -1 || ab_exp_judge(&o, &e) == -1) {
		ts_error("%s", e.error);
		ab_exp_cleanup(&o);
		ab_exp_free(&e);
		opts_free(&o);
		return TS_EXIT_FAILURE;
	}
	ts_buf_init(&out);
	ab_out_summary(&out, &o, &e);
	errno = 0;
	ts_put_text(stdout, out.data, out.len);
	/* A reader that went away ends the screen's output, nothing else. */
	screen_gone = (fflush(stdout) != 0 || ferror(stdout)) &&
	    errno == EPIPE;
	ts_buf_free(&out);
	/* Each export on its own: one that fails keeps no other from being. */
	if (!write_export(o.export_json, ab_export_json, &o, &e))
		status = TS_EXIT_FAILURE;
	if (!write_export(o.export_csv, ab_export_csv, &o, &e))
		status = TS_EXIT_FAILURE;
	if (!write_export(o.export_markdown, ab_export_markdown, &o, &e))
		status = TS_EXIT_FAILURE;
	if (ab_exp_cleanup(&o) == -1)
		status = TS_EXIT_FAILURE;
	/* What is left for the screen goes nowhere, and is no error. */
	if (screen_gone && freopen("/dev/null", "w", stdout) == NULL)
		clearerr(stdout);
	if (ts_close_stdout() == -1)
		status = TS_EXIT_FAILURE;
	if (e.end == AB_END_INTERRUPTED) {
		s = e.signal;
		ab_exp_free(&e);
		opts_free(&o);
		/* End by the signal, so that a shell's loop stops too. */
		signal(s, SIG_DFL);
		raise(s);
		return 128 + s;
	}
	if (status == TS_EXIT_OK && o.fail_above >= 0 &&
	    e.verdict == TS_AB_UNDECIDED) {
		/* A gate that judged nothing must not pass. */
		ts_error("--fail-above: the experiment gave no interval "
		    "(%zu rounds, %zu usable units): nothing was judged",
		    e.est.rounds, e.est.units);
		status = TS_EXIT_FAILURE;
	} else if (status == TS_EXIT_OK && e.gate_failed) {
		ts_buf_init(&out);
		ab_out_gate(&out, &o, &e);
		ts_error("%s", out.data);
		ts_buf_free(&out);
		status = TS_EXIT_NEGATIVE;
	}
	ab_exp_free(&e);
	opts_free(&o);
	return status;
}
