/* SPDX-License-Identifier: MIT */
/*
 * threadstone-ab: two commands on one host, paired.  Parses the command
 * line, then runs the experiment (ab-exp.c), says what it found
 * (ab-out.c), writes the exports (ab-export.c) and gives the gate's
 * exit status.
 */
#include <config.h>

#include <errno.h>
#include <getopt.h>
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
#include "cli.h"
#include "exitcodes.h"
#include "msg.h"
#include "outfile.h"
#include "topo/topo-cpus.h"
#include "topo/topo-split.h"
#include "topo/topo.h"
#include "util.h"

#define MAX_RUNS	1000000
#define DEF_MIN_RUNS	10
#define DEF_MAX_RUNS	100000
#define DEF_PRECISION	1.0	/* % */
#define DEF_MAX_TIME	60.0	/* s */
#define MAX_SECONDS	1e6

enum {
	OPT_METRIC = 256,
	OPT_HIGHER,
	OPT_PRECISION,
	OPT_MAX_TIME,
	OPT_SHOW_OUTPUT,
	OPT_PROBE,
	OPT_FAIL_ABOVE,
	OPT_EXPORT_JSON,
	OPT_EXPORT_CSV,
	OPT_EXPORT_MARKDOWN,
	OPT_SEED
};

static const struct option longopts[] = {
	{ "design",		required_argument,	NULL, 'd' },
	{ "metric",		required_argument,	NULL, OPT_METRIC },
	{ "higher-is-better",	no_argument,		NULL, OPT_HIGHER },
	{ "runs",		required_argument,	NULL, 'r' },
	{ "min-runs",		required_argument,	NULL, 'm' },
	{ "max-runs",		required_argument,	NULL, 'M' },
	{ "precision",		required_argument,	NULL, OPT_PRECISION },
	{ "max-time",		required_argument,	NULL, OPT_MAX_TIME },
	{ "warmup",		required_argument,	NULL, 'w' },
	{ "prepare",		required_argument,	NULL, 'p' },
	{ "conclude",		required_argument,	NULL, 'C' },
	{ "cleanup",		required_argument,	NULL, 'c' },
	{ "shell",		required_argument,	NULL, 'S' },
	{ "command-name",	required_argument,	NULL, 'n' },
	{ "ignore-failure",	no_argument,		NULL, 'i' },
	{ "show-output",	no_argument,		NULL, OPT_SHOW_OUTPUT },
	{ "probe",		no_argument,		NULL, OPT_PROBE },
	{ "fail-above",		required_argument,	NULL, OPT_FAIL_ABOVE },
	{ "export-json",	required_argument,	NULL, OPT_EXPORT_JSON },
	{ "export-csv",		required_argument,	NULL, OPT_EXPORT_CSV },
	{ "export-markdown",	required_argument,	NULL, OPT_EXPORT_MARKDOWN },
	{ "seed",		required_argument,	NULL, OPT_SEED },
	{ "quiet",		no_argument,		NULL, 'q' },
	TS_CLI_STD_OPTIONS
};

/* The --help text; each %s is the program's name. */
static const char help[] =
"Usage: %s [OPTION]... COMMAND_A COMMAND_B\n"
"Compare two commands on this host, paired: rounds of A and B, the ratio\n"
"B/A of their figures with a 95 %% interval, and a verdict.  Commands are\n"
"shell strings, as hyperfine takes them.\n"
"\n"
"  -d, --design D          interleaved (A and B in a random order each\n"
"                          round; the default), duet (A and B at once, on\n"
"                          two CPU sets, A on each once in each pair of\n"
"                          rounds) or sequential\n"
"                          (every A, then every B, as hyperfine runs them)\n"
"      --metric M          wall (the default), user, system, cpu, maxrss,\n"
"                          json:KEY (a number in the command's JSON output)\n"
"                          or regex:RE (the first match, or its first group)\n"
"      --higher-is-better  a higher figure is the better one (throughput)\n"
"  -r, --runs N            exactly N rounds, 1..1000000\n"
"  -m, --min-runs N        at least N rounds (10; at least the 6 an interval\n"
"                          needs, 12 in duet)\n"
"  -M, --max-runs N        at most N rounds (100000)\n"
"      --precision PCT     rounds until the interval's half-width is within\n"
"                          PCT %% of the ratio, in (0, 100] (1)\n"
"      --max-time S        start no round that would end past S seconds (60)\n"
"  -w, --warmup N          rounds run first and not measured (1)\n"
"  -p, --prepare CMD       run CMD before every run (given twice: before\n"
"                          A's, then B's)\n"
"  -C, --conclude CMD      run CMD after every run (likewise)\n"
"  -c, --cleanup CMD       run CMD once at the end (likewise)\n"
"  -S, --shell SHELL       run commands as SHELL -c COMMAND (sh), or none: split\n"
"                          into words and run directly\n"
"  -N                      --shell none\n"
"  -n, --command-name NAME  name A (then B) in the output\n"
"  -i, --ignore-failure    go on when a command exits with a status other than 0\n"
"      --show-output       let the commands' output through (it is discarded)\n"
"      --probe             a 0.2 s tachyon reading between rounds: how the host\n"
"                          moved, and whether the ratio moved with it\n"
"      --fail-above PCT    exit 3 when B is worse than A by more than PCT %%\n"
"                          with 95 %% confidence\n"
"      --export-json FILE  hyperfine's JSON, with the comparison\n"
"      --export-csv FILE   hyperfine's CSV columns, with B/A\n"
"      --export-markdown FILE  hyperfine's markdown table, with B/A\n"
"      --seed N            the rounds' random order (random)\n"
"  -q, --quiet             no progress line on a terminal\n"
"  -h, --help              print this help and exit\n"
"  -V, --version           print the version and exit\n"
"\n"
"Exit status: 0 compared, 1 a command or the experiment failed,\n"
"2 usage error, 3 B worse beyond --fail-above.\n";

/* Report a bad option value and exit with the usage status. */
static void __attribute__((noreturn))
bad_value(const char *opt, const char *range, const char *arg)
{
	ts_usage_error("%s must be %s, not '%s'", opt, range, arg);
}

/* A count option in [min, max]. */
static size_t
count(const char *opt, const char *arg, uint64_t min, uint64_t max)
{
	uint64_t v;
	char range[64];

	if (ts_parse_u64(arg, min, max, &v) == -1) {
		snprintf(range, sizeof range, "an integer in [%" PRIu64 ", %"
		    PRIu64 "]", min, max);
		bad_value(opt, range, arg);
	}
	return (size_t)v;
}

/* Take a per-command option's value: the first for both, a second for B. */
static void
per_command(const char *opt, const char *arg, const char *v[2], int *n)
{
	if (*n == 2)
		ts_usage_error("%s is given at most twice (A, then B), not "
		    "three times", opt);
	v[(*n)++] = arg;
}

/* Both of a per-command option's values: one given serves both. */
static void
per_command_done(const char *v[2], int n)
{
	if (n == 1)
		v[1] = v[0];
}

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

/* Parse the command line into o; exits on any error. */
static void
parse_args(int argc, char **argv, struct ab_opts *o)
{
	static const char *const designs[] = { "interleaved", "duet",
	    "sequential", NULL };
	const char *metric = "wall", *shell = "sh";
	bool runs_set = false, adaptive_set = false, seed_set = false;
	bool quiet = false;
	int nprep = 0, nconc = 0, nclean = 0, nname = 0, s, c;
	double v;
	size_t n;
	char err[512];

	memset(o, 0, sizeof *o);
	o->stop.min_runs = DEF_MIN_RUNS;
	o->stop.max_runs = DEF_MAX_RUNS;
	o->stop.precision = DEF_PRECISION / 100;
	o->stop.max_time = DEF_MAX_TIME;
	o->warmup = 1;
	o->fail_above = -1;
	while ((c = ts_cli_getopt(argc, argv, "d:r:m:M:w:p:C:c:S:Nn:iqhV",
	    longopts, help)) != -1) {
		switch (c) {
		case 'd':
			o->design = (enum ts_ab_design)ts_parse_choice(
			    "--design", optarg, designs);
			break;
		case OPT_METRIC:
			metric = optarg;
			break;
		case OPT_HIGHER:
			o->higher_better = true;
			break;
		case 'r':
			o->stop.runs = count("--runs", optarg, 1, MAX_RUNS);
			runs_set = true;
			break;
		case 'm':
			o->stop.min_runs = count("--min-runs", optarg, 1,
			    MAX_RUNS);
			adaptive_set = true;
			break;
		case 'M':
			o->stop.max_runs = count("--max-runs", optarg, 1,
			    MAX_RUNS);
			adaptive_set = true;
			break;
		case OPT_PRECISION:
			if (ts_parse_double(optarg, 0, 100, &v) == -1 ||
			    !(v > 0))
				bad_value("--precision", "a percentage in "
				    "(0, 100]", optarg);
			o->stop.precision = v / 100;
			adaptive_set = true;
			break;
		case OPT_MAX_TIME:
			if (ts_parse_double(optarg, 0, MAX_SECONDS, &v) == -1 ||
			    !(v > 0))
				bad_value("--max-time", "a number of seconds "
				    "in (0, 1000000]", optarg);
			o->stop.max_time = v;
			adaptive_set = true;
			break;
		case 'w':
			o->warmup = (unsigned)count("--warmup", optarg, 0,
			    MAX_RUNS);
			break;
		case 'p':
			per_command("--prepare", optarg, o->prepare, &nprep);
			break;
		case 'C':
			per_command("--conclude", optarg, o->conclude, &nconc);
			break;
		case 'c':
			per_command("--cleanup", optarg, o->cleanup, &nclean);
			break;
		case 'S':
			if (*optarg == '\0')
				bad_value("--shell", "a shell's name or path, "
				    "or none", optarg);
			shell = optarg;
			break;
		case 'N':
			shell = "none";
			break;
		case 'n':
			per_command("--command-name", optarg, o->name, &nname);
			break;
		case 'i':
			o->ignore_failure = true;
			break;
		case OPT_SHOW_OUTPUT:
			o->how.show_output = true;
			break;
		case OPT_PROBE:
			o->probe = true;
			break;
		case OPT_FAIL_ABOVE:
			if (ts_parse_double(optarg, 0, 1000, &v) == -1)
				bad_value("--fail-above", "a percentage in "
				    "[0, 1000]", optarg);
			o->fail_above = v / 100;
			break;
		case OPT_EXPORT_JSON:
			o->export_json = optarg;
			break;
		case OPT_EXPORT_CSV:
			o->export_csv = optarg;
			break;
		case OPT_EXPORT_MARKDOWN:
			o->export_markdown = optarg;
			break;
		case OPT_SEED:
			o->seed = count("--seed", optarg, 0, UINT64_MAX);
			seed_set = true;
			break;
		case 'q':
			quiet = true;
			break;
		}
	}
	if (argc - optind != 2)
		ts_usage_error("expected two commands, COMMAND_A and "
		    "COMMAND_B, not %d", argc - optind);
	o->command[0] = argv[optind];
	o->command[1] = argv[optind + 1];
	/* As hyperfine: names go to the commands in order. */
	for (s = nname; s < 2; s++)
		o->name[s] = o->command[s];
	per_command_done(o->prepare, nprep);
	per_command_done(o->conclude, nconc);
	per_command_done(o->cleanup, nclean);
	if (runs_set && adaptive_set)
		ts_usage_error("--runs N runs exactly N rounds: it cannot be "
		    "combined with --min-runs, --max-runs, --precision or "
		    "--max-time");
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
	if (ts_ab_metric_parse(metric, &o->metric, err, sizeof err) == -1)
		ts_usage_error("%s", err);
	o->how.capture = ts_ab_metric_reads_output(&o->metric);
	if (strcmp(shell, "none") == 0) {
		o->how.shell = NULL;
		for (s = 0; s < 2; s++)
			if ((o->argv[s] = ab_words_split(o->command[s], &n, err,
			    sizeof err)) == NULL)
				ts_usage_error("with --shell none, command %c "
				    "('%s') has %s", s == 0 ? 'A' : 'B',
				    o->command[s], err);
	} else
		o->how.shell = shell;
	check_export("--export-json", o->export_json);
	check_export("--export-csv", o->export_csv);
	check_export("--export-markdown", o->export_markdown);
	exports_apart(o);
	names_text(o);
	if (!seed_set)
		o->seed = random_seed();
	o->progress = !quiet && isatty(STDERR_FILENO) == 1;
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
