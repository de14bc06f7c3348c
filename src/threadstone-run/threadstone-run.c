/* SPDX-License-Identifier: MIT */
/*
 * threadstone-run: run the ThreadStone workloads on this machine and print
 * the result as a table, JSON or markdown, optionally writing and signing
 * the result document.  Everything that can be checked is checked before
 * the first measurement.
 */
#include <config.h>

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "cli.h"
#include "doc/doc-ext-keys.h"
#include "doc/doc-sign.h"
#include "doc/doc-write.h"
#include "exitcodes.h"
#include "kernels/kernel.h"
#include "msg.h"
#include "num/num-format.h"
#include "outfile.h"
#include "report/report-format.h"
#include "report/report-render.h"
#include "rows.h"
#include "run-fork.h"
#include "size.h"
#include "suite-progress.h"
#include "suite/suite.h"
#include "topo/topo-cpus.h"
#include "util.h"

/* Most threads a multi pass may use, and most MiB a buffer may have. */
#define MAX_THREADS	4096
#define MAX_BUFFER_MB	((uint64_t)1 << 20)
/* Most executions per pass, and the longest --max-seconds (a week). */
#define MAX_EXECUTIONS	10000
#define MAX_SECONDS	604800.0

enum {
	OPT_WARMUP = 256,
	OPT_WINDOW,
	OPT_SINGLE,
	OPT_MULTI,
	OPT_FORMAT,
	OPT_SIGN_KEY,
	OPT_NO_PIN,
	OPT_LIST,
	OPT_HUGE,
	OPT_PER_KIND,
	OPT_EXECUTIONS,
	OPT_PRECISION,
	OPT_MAX_SECONDS,
	OPT_IN_PROCESS,
	OPT_EXPORT_JSON,
	OPT_EXPORT_CSV,
	OPT_EXPORT_MARKDOWN,
	/* The buffer option of the kernel at registry position i. */
	OPT_BUFFER = 512
};

/*
 * The options, with the kernels' buffer options (from their descriptors)
 * put in where BUFFER_OPTIONS stands.
 */
#define BUFFER_OPTIONS	"\001buffers"

static const struct option fixed_opts[] = {
	{ "workload", required_argument, NULL, 'w' },
	{ "threads", required_argument, NULL, 't' },
	{ "samples", required_argument, NULL, 's' },
	{ "warmup", required_argument, NULL, OPT_WARMUP },
	{ "window-ms", required_argument, NULL, OPT_WINDOW },
	{ "executions", required_argument, NULL, OPT_EXECUTIONS },
	{ "precision", required_argument, NULL, OPT_PRECISION },
	{ "max-seconds", required_argument, NULL, OPT_MAX_SECONDS },
	{ "in-process", no_argument, NULL, OPT_IN_PROCESS },
	{ "single-only", no_argument, NULL, OPT_SINGLE },
	{ "multi-only", no_argument, NULL, OPT_MULTI },
	{ "out", required_argument, NULL, 'o' },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "export-json", required_argument, NULL, OPT_EXPORT_JSON },
	{ "export-csv", required_argument, NULL, OPT_EXPORT_CSV },
	{ "export-markdown", required_argument, NULL, OPT_EXPORT_MARKDOWN },
	{ "sign-key", required_argument, NULL, OPT_SIGN_KEY },
	{ "quiet", no_argument, NULL, 'q' },
	{ "no-pin", no_argument, NULL, OPT_NO_PIN },
	{ "per-kind", no_argument, NULL, OPT_PER_KIND },
	{ BUFFER_OPTIONS, no_argument, NULL, 0 },
	{ "huge-pages", no_argument, NULL, OPT_HUGE },
	{ "list", no_argument, NULL, OPT_LIST },
	TS_CLI_STD_OPTIONS
};

/* The --export-* files, in the order they are written. */
enum { EXPORT_JSON, EXPORT_CSV, EXPORT_MARKDOWN, NEXPORTS };
static const char *const export_opt[NEXPORTS] = { "--export-json",
    "--export-csv", "--export-markdown" };

/* Everything the command line asked for. */
struct args {
	const char	**ids;
	size_t		  nids;
	uint64_t	  threads, samples, warmup, window_ms, executions;
	double		  precision, max_seconds;
	bool		  in_process;
	uint64_t	  buffer_mb[TS_KERNELS_MAX];	/* by registry position */
	bool		  single_only, multi_only, quiet, pin, huge, list;
	bool		  per_kind;
	int		  format;	/* of ts_output_names(TS_OUTPUT_DOC) */
	const char	 *out;
	const char	 *exports[NEXPORTS];	/* NULL: not asked for */
	const char	 *key;
};

static struct option longopts[sizeof fixed_opts / sizeof fixed_opts[0] +
    TS_KERNELS_MAX];

/* Fill longopts: fixed_opts with the kernels' buffer options put in. */
static void
make_longopts(void)
{
	const struct option *f;
	struct option *o = longopts;
	size_t i;

	for (f = fixed_opts; ; f++) {
		if (f->name == NULL || strcmp(f->name, BUFFER_OPTIONS) != 0) {
			*o++ = *f;
			if (f->name == NULL)
				break;
			continue;
		}
		for (i = 0; i < ts_nkernels; i++)
			if (ts_kernels[i]->buffer_option != NULL)
				*o++ = (struct option){
				    ts_kernels[i]->buffer_option + 2,
				    required_argument, NULL,
				    OPT_BUFFER + (int)i };
	}
}

/*
 * The --help text into b; the option list names the kernels and their
 * buffer options from their descriptors.
 */
static void
help_text(struct ts_buf *b)
{
	char opt[64];
	size_t i;

	ts_buf_printf(b, "Usage: %%s [OPTION]...\n"
	    "Measure this machine with the ThreadStone workloads and print the\n"
	    "result.  Progress goes to standard error.\n"
	    "\n"
	    "  -w, --workload ID     run this workload (repeatable; default all:\n"
	    "                       ");
	for (i = 0; i < ts_nkernels; i++)
		ts_buf_printf(b, " %s", ts_kernels[i]->id);
	ts_buf_printf(b, ")\n"
	    "  -t, --threads N       threads of the multi-thread pass (0 = every\n"
	    "                        usable CPU, the default)\n");
	ts_buf_printf(b,
	    "  -s, --samples N       measured rounds per execution "
	    "(default %d)\n"
	    "      --warmup N        discarded rounds per execution (default %d)\n"
	    "      --window-ms N     target round duration in ms (default %d)\n"
	    "      --executions N    measure every pass in N fresh processes,\n"
	    "                        interleaved across workloads (default %d)\n"
	    "      --precision PCT   add executions until every pass's 95 %%\n"
	    "                        interval is within PCT %% of its value; a\n"
	    "                        pass whose spread puts PCT out of reach in\n"
	    "                        --max-seconds is said and given up\n"
	    "      --max-seconds S   stop adding executions after S seconds\n"
	    "                        (default %.0f)\n"
	    "      --in-process      run the executions in this process (fresh\n"
	    "                        buffers, not fresh processes)\n"
	    "      --single-only     skip the multi-thread passes\n"
	    "      --multi-only      skip the single-thread passes\n"
	    "  -o, --out PATH        write the JSON document to PATH\n"
	    "      --format FORMAT   table (default), json, markdown, csv or jsonl\n"
	    "                        (csv, jsonl: one row per workload pass,\n"
	    "                        with the run's id, host and time);\n"
	    "                        table-2.0, markdown-2.0: ThreadStone\n"
	    "                        2.0.0's layouts, one cv for two passes\n"
	    "      --export-json FILE      also write the JSON document to FILE\n"
	    "      --export-csv FILE       also write the CSV rows to FILE\n"
	    "      --export-markdown FILE  also write the markdown to FILE\n"
	    "      --sign-key PATH   sign the document with this Ed25519 key\n"
	    "  -q, --quiet           no progress on standard error\n"
	    "      --no-pin          do not pin worker i to physical core i\n"
	    "      --per-kind        on a hybrid CPU, run the single-thread pass\n"
	    "                        on a core of each CPU kind\n",
	    TS_DEFAULT_SAMPLES, TS_DEFAULT_WARMUP, TS_DEFAULT_WINDOW_MS,
	    TS_DEFAULT_EXECUTIONS, TS_DEFAULT_MAX_SECONDS);
	for (i = 0; i < ts_nkernels; i++)
		if (ts_kernels[i]->buffer_option != NULL) {
			snprintf(opt, sizeof opt, "%s N",
			    ts_kernels[i]->buffer_option);
			ts_buf_printf(b, "      %-18s%s (default %llu)\n", opt,
			    ts_kernels[i]->buffer_help, (unsigned long long)
			    (ts_kernels[i]->buffer_default / TS_MIB));
		}
	ts_buf_printf(b,
	    "      --huge-pages      ask for transparent huge pages for both\n"
	    "      --list            describe the workloads and exit (with "
	    "--format\n"
	    "                        json, jsonl or csv: as data)\n"
	    "  -h, --help            print this help and exit\n"
	    "  -V, --version         print the version and exit\n"
	    "\n"
	    "Exit status: 0 the suite ran (failed workloads are recorded in the\n"
	    "document), 1 unknown workload, zero samples or window, unwritable\n"
	    "--out or --export-*, bad --sign-key or another runtime failure,\n"
	    "2 usage error.\n");
}

/*
 * The workload list as data (f's syntax): a JSON array, one object a line
 * (JSON Lines) or CSV with a header, with the same fields.
 */
static void
list_data(struct ts_buf *b, enum ts_output_syntax f)
{
	static const char *const cols[] = { "id", "name", "summary", "unit",
	    "reference", "partitioned", "multi_core", NULL };
	struct ts_rows t = TS_ROWS(b, cols, f == TS_SYNTAX_CSV ? TS_ROWS_CSV :
	    TS_ROWS_JSONL, "\r\n");
	char num[TS_FMT_DOUBLE_MAX];
	size_t i;

	ts_rows_header(&t);
	if (f == TS_SYNTAX_JSON)
		ts_buf_puts(b, "[\n");
	for (i = 0; i < ts_nkernels; i++) {
		const struct ts_kernel *k = ts_kernels[i];

		if (f == TS_SYNTAX_JSON)
			ts_buf_puts(b, "  ");
		ts_rows_text(&t, k->id);
		ts_rows_text(&t, k->name);
		ts_rows_quoted(&t, k->summary);
		ts_rows_text(&t, ts_unit_name(k->unit));
		ts_fmt_double(k->reference, num);
		ts_rows_raw(&t, num);
		ts_rows_raw(&t, k->partitioned ? "true" : "false");
		ts_rows_raw(&t, k->scales ? "true" : "false");
		ts_rows_end(&t);
		/* An element of the array: a comma between them. */
		if (f == TS_SYNTAX_JSON && i + 1 < ts_nkernels) {
			b->len--;
			ts_buf_puts(b, ",\n");
		}
	}
	if (f == TS_SYNTAX_JSON)
		ts_buf_puts(b, "]\n");
}

/*
 * Print the workload list (the original's `list`) and exit 0: text for
 * table and markdown, data for json, jsonl and csv.
 */
static int
list_workloads(const struct ts_output *f)
{
	struct ts_buf b;
	char si[TS_SI_MAX];
	size_t i;

	ts_buf_init(&b);
	if (ts_output_is_data(f)) {
		list_data(&b, f->syntax);
		fwrite(b.data, 1, b.len, stdout);
		ts_buf_free(&b);
		return ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
	}
	ts_buf_printf(&b, "ThreadStone %s workloads\n\n", TS_TOOL_VERSION);
	for (i = 0; i < ts_nkernels; i++) {
		const struct ts_kernel *k = ts_kernels[i];

		ts_buf_puts(&b, "  ");
		ts_buf_pad(&b, k->id, 10);
		ts_buf_printf(&b, " %s\n             %s\n", k->name, k->summary);
		ts_buf_printf(&b, "             unit %s \u00b7 reference %s "
		    "\u00b7 %s \u00b7 %s\n\n", ts_unit_label(k->unit),
		    ts_si(k->reference, si), k->partitioned ?
		    "working set split across threads" :
		    "working set per thread", k->scales ?
		    "scales to all cores" : "single-thread only (excluded "
		    "from the multi-core score)");
	}
	ts_buf_puts(&b, "Reference values define ThreadStone Reference Core "
	    "v1; a machine matching it scores 1000.\n");
	ts_put_text(stdout, b.data, b.len);
	ts_buf_free(&b);
	return ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
}

/* Parse a number option within [min, max] or exit 2 naming the range. */
static uint64_t
number(const char *opt, const char *arg, uint64_t min, uint64_t max)
{
	uint64_t v;

	if (ts_parse_u64(arg, min, max, &v) == -1) {
		ts_error("invalid %s '%s': expected an integer from %llu to "
		    "%llu", opt, arg, (unsigned long long)min,
		    (unsigned long long)max);
		exit(TS_EXIT_USAGE);
	}
	return v;
}

/* Parse a decimal option within [min, max] or exit 2 naming the range. */
static double
real(const char *opt, const char *arg, double min, double max)
{
	double v;

	if (ts_parse_double(arg, min, max, &v) == -1) {
		ts_error("invalid %s '%s': expected a number from %g to %g",
		    opt, arg, min, max);
		exit(TS_EXIT_USAGE);
	}
	return v;
}

/* A buffer option (--stream-mb N ...) of the kernel at registry position i. */
static void
buffer_option(struct args *a, size_t i, const char *arg)
{
	char err[256];

	a->buffer_mb[i] = number(ts_kernels[i]->buffer_option, arg, 1,
	    MAX_BUFFER_MB);
	if (ts_size_mappable(a->buffer_mb[i] * TS_MIB,
	    ts_kernels[i]->buffer_option, err, sizeof err) != 0) {
		ts_error("%s", err);
		exit(TS_EXIT_USAGE);
	}
}

/* Parse the command line into *a; usage errors exit 2 here. */
static void
parse_args(int argc, char *argv[], struct args *a)
{
	const char *other = NULL;
	struct ts_buf help;
	int ch;

	memset(a, 0, sizeof *a);
	a->samples = TS_DEFAULT_SAMPLES;
	a->warmup = TS_DEFAULT_WARMUP;
	a->window_ms = TS_DEFAULT_WINDOW_MS;
	a->executions = TS_DEFAULT_EXECUTIONS;
	a->max_seconds = TS_DEFAULT_MAX_SECONDS;
	a->pin = true;
	a->ids = ts_xcalloc((size_t)argc, sizeof *a->ids);
	make_longopts();
	ts_buf_init(&help);
	help_text(&help);
	while ((ch = ts_cli_getopt(argc, argv, "w:t:s:o:qhV", longopts,
	    help.data)) != -1) {
		/* --list takes only --format: remember any other option. */
		if (ch != OPT_LIST && ch != OPT_FORMAT && other == NULL)
			other = optarg != NULL && optind >= 2 &&
			    optarg == argv[optind - 1] ? argv[optind - 2] :
			    argv[optind - 1];
		switch (ch) {
		case 'w':
			a->ids[a->nids++] = optarg;
			break;
		case 't':
			a->threads = number("--threads", optarg, 0,
			    MAX_THREADS);
			break;
		case 's':
			a->samples = number("--samples", optarg, 0,
			    UINT32_MAX);
			break;
		case OPT_WARMUP:
			a->warmup = number("--warmup", optarg, 0, UINT32_MAX);
			break;
		case OPT_WINDOW:
			a->window_ms = number("--window-ms", optarg, 0,
			    UINT64_MAX);
			break;
		case OPT_EXECUTIONS:
			a->executions = number("--executions", optarg, 1,
			    MAX_EXECUTIONS);
			break;
		case OPT_PRECISION:
			a->precision = real("--precision", optarg, 0.01, 100);
			break;
		case OPT_MAX_SECONDS:
			a->max_seconds = real("--max-seconds", optarg, 1,
			    MAX_SECONDS);
			break;
		case OPT_IN_PROCESS:
			a->in_process = true;
			break;
		case OPT_SINGLE:
			a->single_only = true;
			break;
		case OPT_MULTI:
			a->multi_only = true;
			break;
		case 'o':
			a->out = optarg;
			break;
		case OPT_FORMAT:
			a->format = ts_parse_choice("--format", optarg,
			    ts_output_names(TS_OUTPUT_DOC));
			break;
		case OPT_EXPORT_JSON:
		case OPT_EXPORT_CSV:
		case OPT_EXPORT_MARKDOWN:
			a->exports[ch - OPT_EXPORT_JSON] = optarg;
			break;
		case OPT_SIGN_KEY:
			a->key = optarg;
			break;
		case 'q':
			a->quiet = true;
			break;
		case OPT_NO_PIN:
			a->pin = false;
			break;
		case OPT_PER_KIND:
			a->per_kind = true;
			break;
		case OPT_HUGE:
			a->huge = true;
			break;
		case OPT_LIST:
			a->list = true;
			break;
		default:
			/* ts_getopt returns only the options of longopts. */
			buffer_option(a, (size_t)(ch - OPT_BUFFER), optarg);
			break;
		}
	}
	ts_buf_free(&help);
	if (optind < argc) {
		ts_error("unexpected argument '%s'", argv[optind]);
		exit(TS_EXIT_USAGE);
	}
	if (a->list && other != NULL)
		ts_usage_error("--list (threadstone list) takes no option but "
		    "--format, not '%.*s'", (int)strcspn(other, "="), other);
	if (a->samples + a->warmup > UINT32_MAX) {
		ts_error("--samples plus --warmup must be at most %lu rounds",
		    (unsigned long)UINT32_MAX);
		exit(TS_EXIT_USAGE);
	}
	if (a->samples * a->executions > UINT32_MAX) {
		ts_error("--samples times --executions must be at most %lu "
		    "samples", (unsigned long)UINT32_MAX);
		exit(TS_EXIT_USAGE);
	}
	if (a->single_only && a->multi_only) {
		ts_error("--single-only and --multi-only cannot be used "
		    "together");
		exit(TS_EXIT_USAGE);
	}
	if (a->per_kind && (a->multi_only || !a->pin)) {
		ts_error("--per-kind cannot be used with %s: it pins the "
		    "single-thread pass to each kind's core", a->multi_only ?
		    "--multi-only" : "--no-pin");
		exit(TS_EXIT_USAGE);
	}
}

/* Resolve the workload ids in order; NULL after naming the valid ones. */
static const struct ts_kernel **
resolve(const struct args *a, size_t *n)
{
	const struct ts_kernel **ks;
	struct ts_buf names;
	size_t i;

	if (a->nids == 0) {
		*n = ts_nkernels;
		ks = ts_xcalloc(ts_nkernels, sizeof *ks);
		for (i = 0; i < ts_nkernels; i++)
			ks[i] = ts_kernels[i];
		return ks;
	}
	ks = ts_xcalloc(a->nids, sizeof *ks);
	for (i = 0; i < a->nids; i++)
		if ((ks[i] = ts_kernel_find(a->ids[i])) == NULL) {
			ts_buf_init(&names);
			for (size_t j = 0; j < ts_nkernels; j++)
				ts_buf_printf(&names, "%s%s", j ? ", " : "",
				    ts_kernels[j]->id);
			ts_error("unknown workload '%s'; available: %s",
			    a->ids[i], names.data);
			ts_buf_free(&names);
			free(ks);
			return NULL;
		}
	*n = a->nids;
	return ks;
}

/*
 * Say on stderr what the thread count will do on this machine: more
 * threads than usable CPUs, a cgroup quota below the affinity mask, or
 * one usable CPU.  Never silent, even with --quiet: the numbers depend on
 * it.  Nothing is said when no multi-thread pass would run anyway.
 */
static void
thread_warnings(const struct args *a, const struct ts_kernel **ks,
    size_t nks)
{
	struct ts_cpus c;
	uint64_t t;
	bool scales = false;
	size_t i;

	ts_cpus_probe(&c);
	t = a->threads != 0 ? a->threads : c.usable;
	for (i = 0; i < nks; i++)
		scales |= ks[i]->scales;
	if (a->single_only || !scales)
		return;		/* no multi-thread pass could run */
	if (c.quota != 0 && c.quota < c.affinity)
		ts_warning("the cgroup CPU quota allows %u of the %u CPUs this "
		    "process may run on: %llu thread%s for the multi-thread "
		    "pass", c.quota, c.affinity, (unsigned long long)t,
		    t == 1 ? "" : "s");
	if (t > c.usable)
		ts_warning("--threads %llu is more than the %u usable CPU%s: "
		    "the multi-thread pass runs %llu threads anyway, "
		    "oversubscribed (they take turns on the CPUs)",
		    (unsigned long long)t, c.usable, c.usable == 1 ? "" : "s",
		    (unsigned long long)t);
	else if (t == 1 && a->threads == 0)
		ts_warning("one usable CPU: no multi-thread pass will run");
}

/*
 * The original's checks, in its order (unknown workload, zero samples,
 * zero window), then ours: --out writable and --sign-key loaded, all
 * before any measurement.  Return 0, or -1 after printing one line.
 */
static int
early_checks(const struct args *a, const struct ts_kernel ***ks,
    size_t *nks, struct ts_key *key)
{
	char err[1024];
	size_t i;

	if ((*ks = resolve(a, nks)) == NULL)
		return -1;
	for (i = 0; i < NEXPORTS; i++)
		if (a->exports[i] != NULL && ts_check_writable(a->exports[i],
		    err, sizeof err) == -1)
			break;
	if (a->samples == 0)
		ts_error("--samples must be at least 1");
	else if (a->window_ms == 0)
		ts_error("--window-ms must be at least 1");
	else if (a->out != NULL &&
	    ts_check_writable(a->out, err, sizeof err) == -1)
		ts_error("%s", err);
	else if (i < NEXPORTS)
		ts_error("%s: %s", export_opt[i], err);
	else if (a->key != NULL &&
	    ts_key_load(a->key, key, err, sizeof err) == -1)
		ts_error("%s", err);
	else
		return 0;
	free(*ks);
	return -1;
}

/* The suite's warning hook: one "PROG: warning: ..." line on stderr. */
static void
print_warning(const char *text, void *arg)
{
	(void)arg;
	ts_warning("%s", text);
}

/*
 * Write the --export-* files, each whole or not at all, saying "wrote
 * PATH" as --out does.  Return 0, or -1 after one line per failure.
 */
static int
write_exports(const struct args *a, const struct ts_report *r)
{
	static const char *const format[NEXPORTS] = { "json", "csv",
	    "markdown" };
	struct ts_output_in in = { .doc = r };
	struct ts_buf b;
	size_t i;
	int rc = 0;

	ts_buf_init(&b);
	for (i = 0; i < NEXPORTS; i++) {
		if (a->exports[i] == NULL)
			continue;
		b.len = 0;
		ts_output_render(ts_output_find(TS_OUTPUT_DOC, format[i]), &b,
		    &in, false);
		if (ts_cli_write_file(a->exports[i], b.data, b.len, false) ==
		    -1)
			rc = -1;
	}
	ts_buf_free(&b);
	return rc;
}

/*
 * Record this host's name in the document (extensions.hostname), which
 * the CSV and JSON Lines rows carry as their host.
 */
static void
record_hostname(struct ts_report *r)
{
	char name[256];

	if (gethostname(name, sizeof name) != 0)
		return;
	name[sizeof name - 1] = '\0';
	if (name[0] != '\0') {
		r->ext.present = true;
		ts_ext_set_string(&r->ext, &ts_ext_key_hostname, name);
	}
}

/* Print r in format on standard output; 0, or -1 when it fails. */
static int
print_report(const struct ts_output *format, const struct ts_report *r)
{
	struct ts_output_in in = { .doc = r,
	    .colour = ts_want_colour(STDOUT_FILENO) };
	struct ts_buf b;

	ts_buf_init(&b);
	ts_output_render(format, &b, &in, true);
	/* The table is text for people; the documents are data. */
	ts_put_stdout(b.data, b.len, ts_output_is_text(format));
	ts_buf_free(&b);
	return ts_close_stdout() == 0 ? 0 : -1;
}

int
main(int argc, char *argv[])
{
	struct args a;
	const struct ts_output *format;
	struct ts_suite_opts o;
	struct ts_report r;
	struct ts_progress_display p;
	struct ts_key key;
	const struct ts_kernel **ks;
	char err[1024];
	size_t nks, i;
	int rc = TS_EXIT_OK;
	bool tty;

	parse_args(argc, argv, &a);
	format = ts_output_at(TS_OUTPUT_DOC, (size_t)a.format);
	if (a.list) {
		free(a.ids);
		return list_workloads(format);
	}
	if (early_checks(&a, &ks, &nks, &key) == -1) {
		free(a.ids);
		return TS_EXIT_FAILURE;
	}
	thread_warnings(&a, ks, nks);

	/*
	 * Progress on stderr: on a terminal whatever the format (stdout is
	 * then usually a file); elsewhere the original's pass lines, none
	 * with a data format (json, csv, jsonl); none at all with --quiet.
	 */
	tty = isatty(STDERR_FILENO) == 1;
	ts_progress_display_init(&p, stderr, tty, a.quiet ||
	    (!tty && ts_output_is_data(format)));
	p.columns = tty ? ts_terminal_columns(STDERR_FILENO) : 0;
	p.ascii = !ts_locale_utf8();
	ts_suite_defaults(&o);
	o.kernels = ks;
	o.nkernels = nks;
	o.threads = a.threads;
	o.samples = (uint32_t)a.samples;
	o.warmup = (uint32_t)a.warmup;
	o.window_ms = a.window_ms;
	o.executions = (uint32_t)a.executions;
	o.precision_pct = a.precision;
	o.max_seconds = a.max_seconds;
	if (!a.in_process) {
		o.execute = ts_run_fork_execute;
		o.isolation = TS_RUN_FORK_ISOLATION;
	}
	o.single_only = a.single_only;
	o.multi_only = a.multi_only;
	o.pin = a.pin;
	o.per_kind = a.per_kind;
	o.huge_pages = a.huge;
	for (i = 0; i < ts_nkernels; i++)
		o.buffer_bytes[i] = a.buffer_mb[i] * TS_MIB;
	ts_progress_display_attach(&p, &o.hooks);
	o.hooks.warning = print_warning;
	ts_suite_run(&o, &r);
	ts_progress_display_erase(&p);

	record_hostname(&r);
	ts_report_normalise(&r);
	if (a.key != NULL) {
		/* The key was loaded before measuring; only the library can
		 * fail here.  The run is still written, unsigned. */
		if (ts_report_sign(&r, &key) == -1) {
			ts_error("cannot sign the document: the cryptographic "
			    "library failed%s", a.out != NULL ?
			    "; writing it unsigned" : "");
			rc = TS_EXIT_FAILURE;
		}
		ts_key_clear(&key);
	}
	if (a.out != NULL) {
		if (ts_doc_write_file(&r, a.out, err, sizeof err) == -1) {
			ts_error("%s", err);
			rc = TS_EXIT_FAILURE;
		} else
			fprintf(stderr, "wrote %s\n", a.out);
	}
	if (write_exports(&a, &r) == -1)
		rc = TS_EXIT_FAILURE;
	/* Nothing on stdout after a failure, as the original. */
	if (rc == TS_EXIT_OK && print_report(format, &r) == -1)
		rc = TS_EXIT_FAILURE;
	ts_report_free(&r);
	free(ks);
	free(a.ids);
	return rc;
}
