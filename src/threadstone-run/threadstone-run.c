/* SPDX-License-Identifier: MIT */
/*
 * threadstone-run: run the ThreadStone workloads on this machine and print
 * the result as a table, JSON or markdown, optionally writing and signing
 * the result document.  Everything that can be checked is checked before
 * the first measurement.
 */
#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "cli-opt.h"
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

/* The --export-* files, in the order they are written. */
enum { EXPORT_JSON, EXPORT_CSV, EXPORT_MARKDOWN, NEXPORTS };
static const char *const export_opt[NEXPORTS] = { "--export-json",
    "--export-csv", "--export-markdown" };

/* Everything the command line asked for: the suite's settings and ours. */
struct args {
	struct ts_suite_opts suite;
	struct ts_opt_list ids;
	bool		  in_process, quiet, list;
	int		  format;	/* an index into ts_formats */
	const struct ts_output *fmt;	/* that format */
	const char	 *out;
	const char	 *exports[NEXPORTS];	/* NULL: not asked for */
	const char	 *key;
};

#define F(m)	TS_FIELD(struct args, m)
#define S(m)	TS_FIELD(struct args, suite.m)
/* The kernels' buffer options (from their descriptors) go at BUFFERS. */
#define BUFFERS	"\001buffers"
static const struct ts_opt fixed_opts[] = {
	TS_OPT_LIST('w', "workload", F(ids), 0, "ID",
	    "run this workload (repeatable; default all:\n%s)"),
	TS_OPT_UINT('t', "threads", S(threads), 0, MAX_THREADS, "N",
	    "threads of the multi-thread pass (0 = every\n"
	    "usable CPU, the default)"),
	TS_OPT_UINT('s', "samples", S(samples), 0, UINT32_MAX, "N",
	    "measured rounds per execution (default %D)"),
	TS_OPT_UINT(0, "warmup", S(warmup), 0, UINT32_MAX, "N",
	    "discarded rounds per execution (default %D)"),
	TS_OPT_UINT(0, "window-ms", S(window_ms), 0, UINT64_MAX, "N",
	    "target round duration in ms (default %D)"),
	TS_OPT_UINT(0, "executions", S(executions), 1, MAX_EXECUTIONS, "N",
	    "measure every pass in N fresh processes,\n"
	    "interleaved across workloads (default %D)"),
	TS_OPT_DOUBLE(0, "precision", S(precision_pct), 0.01, 100, "PCT",
	    "add executions until every pass's 95 %%\n"
	    "interval is within PCT %% of its value; a\n"
	    "pass whose spread puts PCT out of reach in\n"
	    "--max-seconds is said and given up"),
	TS_OPT_DOUBLE(0, "max-seconds", S(max_seconds), 1, MAX_SECONDS, "S",
	    "stop adding executions after S seconds\n"
	    "(default %D)"),
	TS_OPT_FLAG(0, "in-process", F(in_process),
	    "run the executions in this process (fresh\n"
	    "buffers, not fresh processes)"),
	TS_OPT_FLAG(0, "single-only", S(single_only),
	    "skip the multi-thread passes"),
	TS_OPT_FLAG(0, "multi-only", S(multi_only),
	    "skip the single-thread passes"),
	TS_OPT_OUT(F(out), "PATH",
	    "write the JSON document to PATH"),
	TS_OPT_CHOICE(0, "format", F(format), ts_formats, "FORMAT",
	    "table (default), json, markdown, csv or jsonl\n"
	    "(csv, jsonl: one row per workload pass,\n"
	    "with the run's id, host and time);\n"
	    "table-2.0, markdown-2.0: ThreadStone\n"
	    "2.0.0's layouts, one cv for two passes"),
	TS_OPT_EXPORT("json", F(exports[EXPORT_JSON]),
	    "also write the JSON document to FILE", .col = 30),
	TS_OPT_EXPORT("csv", F(exports[EXPORT_CSV]),
	    "also write the CSV rows to FILE", .col = 30),
	TS_OPT_EXPORT("markdown", F(exports[EXPORT_MARKDOWN]),
	    "also write the markdown to FILE", .col = 30),
	TS_OPT_STRING(0, "sign-key", F(key), "PATH",
	    "sign the document with this Ed25519 key"),
	TS_OPT_QUIET(F(quiet), "no progress on standard error"),
	TS_OPT_UNSET(0, "no-pin", S(pin),
	    "do not pin worker i to physical core i"),
	TS_OPT_FLAG(0, "per-kind", S(per_kind),
	    "on a hybrid CPU, run the single-thread pass\n"
	    "on a core of each CPU kind"),
	TS_OPT_TEXT(BUFFERS),
	TS_OPT_FLAG(0, "huge-pages", S(huge_pages),
	    "ask for transparent huge pages for both"),
	TS_OPT_FLAG(0, "list", F(list),
	    "describe the workloads and exit (with --format\n"
	    "json, jsonl or csv: as data)"),
	TS_OPT_LAST
};

/*
 * The table: fixed_opts with -w's help naming the workloads and a row
 * for each kernel's buffer option (--stream-mb N, MiB, into the suite's
 * buffer_bytes) where BUFFERS stands.
 */
static const struct ts_opt *
make_opts(void)
{
	static struct ts_opt opts[sizeof fixed_opts / sizeof fixed_opts[0] +
	    TS_KERNELS_MAX];
	static char ids[256];
	const struct ts_opt *f;
	struct ts_opt *o = opts;
	size_t i, n = 0;

	for (i = 0; i < ts_nkernels; i++)
		n += (size_t)snprintf(ids + n, sizeof ids - n, "%s%s",
		    i > 0 ? " " : "", ts_kernels[i]->id);
	for (f = fixed_opts; ; f++) {
		if (f->kind != TS_OPT_KIND_TEXT) {
			*o = *f;
			if (f->key == 'w')
				o->help = ts_xasprintf(f->help, ids);
			if (o++->kind == TS_OPT_KIND_END)
				return opts;
			continue;
		}
		for (i = 0; i < ts_nkernels; i++)
			if (ts_kernels[i]->buffer_option != NULL)
				*o++ = (struct ts_opt)TS_OPT_UINT(0,
				    ts_kernels[i]->buffer_option + 2,
				    S(buffer_bytes[i]), 1, MAX_BUFFER_MB, "N",
				    ts_xasprintf("%s (default %llu)",
				    ts_kernels[i]->buffer_help,
				    (unsigned long long)(ts_kernels[i]->
				    buffer_default / TS_MIB)), .mult = TS_MIB);
	}
}

static const char usage[] =
    "Usage: %s [OPTION]...\n"
    "Measure this machine with the ThreadStone workloads and print the\n"
    "result.  Progress goes to standard error.\n"
    "\n";

static const char tail[] =
    "\n"
    "Exit status: 0 the suite ran (failed workloads are recorded in the\n"
    "document), 1 unknown workload, zero samples or window, unwritable\n"
    "--out or --export-*, bad --sign-key or another runtime failure,\n"
    "2 usage error.\n";

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

/* Parse the command line into *a; usage errors exit 2 here. */
static void
parse_args(int argc, char *argv[], struct args *a)
{
	static const char *const list_takes[] = { "list", "format", NULL };
	const struct ts_cli_prog prog = { .usage = usage, .opts = make_opts(),
	    .tail = tail, .col = 24 };
	struct ts_suite_opts *o = &a->suite;
	const char *other;
	char err[256];
	size_t i;
	int first;

	memset(a, 0, sizeof *a);
	ts_suite_defaults(o);
	first = ts_cli_parse(&prog, argc, argv, a, sizeof *a);
	a->fmt = ts_output_at(TS_OUTPUT_DOC, (size_t)a->format);
	if (first < argc) {
		ts_error("unexpected argument '%s'", argv[first]);
		exit(TS_EXIT_USAGE);
	}
	/* --list takes only --format. */
	if (a->list && (other = ts_cli_first_other(list_takes)) != NULL)
		ts_usage_error("--list (threadstone list) takes no option but "
		    "--format, not '%.*s'", (int)strcspn(other, "="), other);
	for (i = 0; i < ts_nkernels; i++)
		if (ts_size_mappable(o->buffer_bytes[i],
		    ts_kernels[i]->buffer_option, err, sizeof err) != 0) {
			ts_error("%s", err);
			exit(TS_EXIT_USAGE);
		}
	if ((uint64_t)o->samples + o->warmup > UINT32_MAX)
		ts_usage_fail("--samples plus --warmup must be at most "
		    "%lu rounds", (unsigned long)UINT32_MAX);
	if ((uint64_t)o->samples * o->executions > UINT32_MAX)
		ts_usage_fail("--samples times --executions must be at "
		    "most %lu samples", (unsigned long)UINT32_MAX);
	if (o->single_only && o->multi_only)
		ts_usage_fail("--single-only and --multi-only cannot be "
		    "used together");
	if (o->per_kind && (o->multi_only || !o->pin))
		ts_usage_fail("--per-kind cannot be used with %s: it pins "
		    "the single-thread pass to each kind's core",
		    o->multi_only ? "--multi-only" : "--no-pin");
	if (!a->in_process) {
		o->execute = ts_run_fork_execute;
		o->isolation = TS_RUN_FORK_ISOLATION;
	}
}

/* Resolve the workload ids in order; NULL after naming the valid ones. */
static const struct ts_kernel **
resolve(const struct args *a, size_t *n)
{
	const struct ts_kernel **ks;
	struct ts_buf names;
	size_t i;

	if (a->ids.n == 0) {
		*n = ts_nkernels;
		ks = ts_xcalloc(ts_nkernels, sizeof *ks);
		for (i = 0; i < ts_nkernels; i++)
			ks[i] = ts_kernels[i];
		return ks;
	}
	ks = ts_xcalloc(a->ids.n, sizeof *ks);
	for (i = 0; i < a->ids.n; i++)
		if ((ks[i] = ts_kernel_find(a->ids.v[i])) == NULL) {
			ts_buf_init(&names);
			for (size_t j = 0; j < ts_nkernels; j++)
				ts_buf_printf(&names, "%s%s", j ? ", " : "",
				    ts_kernels[j]->id);
			ts_error("unknown workload '%s'; available: %s",
			    a->ids.v[i], names.data);
			ts_buf_free(&names);
			free(ks);
			return NULL;
		}
	*n = a->ids.n;
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
	t = a->suite.threads != 0 ? a->suite.threads : c.usable;
	for (i = 0; i < nks; i++)
		scales |= ks[i]->scales;
	if (a->suite.single_only || !scales)
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
	else if (t == 1 && a->suite.threads == 0)
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
	if (a->suite.samples == 0)
		ts_error("--samples must be at least 1");
	else if (a->suite.window_ms == 0)
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

/*
 * Run the suite as a asks, its progress on stderr: on a terminal
 * whatever the format (stdout is then usually a file); elsewhere the
 * original's pass lines, none with a data format (json, csv, jsonl);
 * none at all with --quiet.
 */
static void
measure(struct args *a, struct ts_report *r)
{
	struct ts_progress_display p;
	bool tty = isatty(STDERR_FILENO) == 1;

	ts_progress_display_init(&p, stderr, tty, a->quiet ||
	    (!tty && ts_output_is_data(a->fmt)));
	p.columns = tty ? ts_terminal_columns(STDERR_FILENO) : 0;
	p.ascii = !ts_locale_utf8();
	ts_progress_display_attach(&p, &a->suite.hooks);
	a->suite.hooks.warning = print_warning;
	ts_suite_run(&a->suite, r);
	ts_progress_display_erase(&p);
}

/*
 * Sign the measured document with the loaded key (if --sign-key), write
 * --out and the exports, and print it; the exit status.
 */
static int
finish(const struct args *a, struct ts_report *r, struct ts_key *key)
{
	char err[1024];
	int rc = TS_EXIT_OK;

	record_hostname(r);
	ts_report_normalise(r);
	if (a->key != NULL) {
		/* The key was loaded before measuring; only the library can
		 * fail here.  The run is still written, unsigned. */
		if (ts_report_sign(r, key) == -1) {
			ts_error("cannot sign the document: the cryptographic "
			    "library failed%s", a->out != NULL ?
			    "; writing it unsigned" : "");
			rc = TS_EXIT_FAILURE;
		}
		ts_key_clear(key);
	}
	if (a->out != NULL) {
		if (ts_doc_write_file(r, a->out, err, sizeof err) == -1) {
			ts_error("%s", err);
			rc = TS_EXIT_FAILURE;
		} else
			fprintf(stderr, "wrote %s\n", a->out);
	}
	if (write_exports(a, r) == -1)
		rc = TS_EXIT_FAILURE;
	/* Nothing on stdout after a failure, as the original. */
	if (rc == TS_EXIT_OK && print_report(a->fmt, r) == -1)
		rc = TS_EXIT_FAILURE;
	return rc;
}

int
main(int argc, char *argv[])
{
	struct args a;
	struct ts_report r;
	struct ts_key key;
	const struct ts_kernel **ks;
	size_t nks;
	int rc;

	parse_args(argc, argv, &a);
	if (a.list) {
		free(a.ids.v);
		return list_workloads(a.fmt);
	}
	if (early_checks(&a, &ks, &nks, &key) == -1) {
		free(a.ids.v);
		return TS_EXIT_FAILURE;
	}
	thread_warnings(&a, ks, nks);
	a.suite.kernels = ks;
	a.suite.nkernels = nks;
	measure(&a, &r);
	rc = finish(&a, &r, &key);
	ts_report_free(&r);
	free(ks);
	free(a.ids.v);
	return rc;
}
