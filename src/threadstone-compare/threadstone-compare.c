/* SPDX-License-Identifier: MIT */
/*
 * threadstone-compare: is CANDIDATE faster or slower than BASELINE, beyond
 * the noise of both measurements?  Two documents, or two sets of runs
 * (BASELINE... -- CANDIDATE..., or directories); optionally a CI gate.
 */
#include <config.h>

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"
#include "cli-opt.h"
#include "cli.h"
#include "doc/doc-read.h"
#include "exitcodes.h"
#include "msg.h"
#include "report/report-compare.h"
#include "report/report-export.h"
#include "report/report-format.h"
#include "util.h"

/* What the command line sets. */
struct compare_opts {
	bool		 fail_on_regression;
	int		 format;	/* an index into ts_output_cmp_names */
};

#define F(m)	TS_FIELD(struct compare_opts, m)
static const struct ts_opt opts[] = {
	TS_OPT_FLAG(0, "fail-on-regression", F(fail_on_regression),
	    "exit with status 3 when any workload is\n"
	    "significantly slower, except workloads\n"
	    "whose kernels differ between the two\n"
	    "documents' producers"),
	TS_OPT_CHOICE(0, "format", F(format), ts_output_cmp_names, "FORMAT",
	    "text (the default), markdown, json, or\n"
	    "original: ThreadStone 2.0.0's layout, as\n"
	    "earlier versions printed it (one run a\n"
	    "side only), for scripts that read it"),
	TS_OPT_JSON("the same as --format json"),
	TS_OPT_LAST
};

static const struct ts_cli_prog prog = {
	.usage = "Usage: %s [OPTION]... BASELINE CANDIDATE\n"
	    "  or:  %s [OPTION]... BASELINE... -- CANDIDATE...\n"
	    "Compare ThreadStone result documents workload by workload: two\n"
	    "runs, or two sets of runs (a directory stands for the .json\n"
	    "documents in it).  Either file may be - for standard input.\n"
	    "\n"
	    "One run a side: a change counts when it exceeds both documents'\n"
	    "95 %% intervals combined (0.5 %% at least each); when both were\n"
	    "measured in executions, when the best executions differ by more\n"
	    "than the range of either run's executions and twice the spread of\n"
	    "their four best.  Sets: each run is one figure (its best\n"
	    "execution, or its pass value when a run has no executions), and a\n"
	    "change counts when the 95 %% interval of the shift between the sets\n"
	    "(Mann-Whitney, as benchstat; Student's t under 4 runs a side) leaves\n"
	    "out 0.\n"
	    "\n"
	    "In the text, each row is marked\n"
	    "  ~  no significant change (its interval holds 0)\n"
	    "  +  faster (better: a higher rate, or a lower latency)\n"
	    "  -  slower, a regression\n"
	    "  ?  the workload or pass is on one side only\n"
	    "and gives the figures compared with their unit, the change, the\n"
	    "interval that decides, the p-value for sets and n, the runs a side.\n"
	    "\n",
	.opts = opts,
	.tail = "\n"
	    "Exit status: 0 compared, 1 a file could not be read or parsed,\n"
	    "2 usage error, 3 significant regression with --fail-on-regression.\n",
	.col = 28
};

/* One side's documents: paths, and how the user named them. */
struct side {
	char		**paths;
	size_t		  n;
	struct ts_report *docs;
	char		 *label;
};

/*
 * Repeat the producer warning as one line on stderr, so that a CI log shows
 * why a gate passed or failed across a change of tool; likewise a
 * difference in CPU kinds, and runs of a set that differ from its first.
 */
static void
report_producers(const struct ts_comparison *c)
{
	struct ts_buf b;

	ts_buf_init(&b);
	ts_producer_warning(&b, c);
	if (b.len > 0)
		ts_warning("%s", b.data);
	ts_buf_free(&b);
	if (c->kinds_differ != NULL)
		ts_warning("%s", c->kinds_differ);
	if (c->base_differ != NULL)
		ts_warning("baseline runs differ from its first: %s",
		    c->base_differ);
	if (c->cand_differ != NULL)
		ts_warning("candidate runs differ from its first: %s",
		    c->cand_differ);
}

/*
 * Print one line on stderr naming the workloads the family finds slower
 * (report-compare.h: never one whose kernels differ).
 */
static void
report_regressions(const struct ts_comparison *c)
{
	static const char *const pass_names[TS_COMPARE_NPASSES] = {
		"single-thread", "multi-thread"
	};
	struct ts_buf b;
	size_t i, k;
	int p;

	ts_buf_init(&b);
	for (p = 0; p < TS_COMPARE_NPASSES; p++)
		for (i = 0; i < c->nrows[p]; i++) {
			if (!c->rows[p][i].family_slower)
				continue;
			ts_buf_printf(&b, "%s%s %s (%+.1f%%)",
			    b.len > 0 ? ", " : "", c->rows[p][i].id,
			    pass_names[p], c->rows[p][i].pct);
		}
	for (k = 0; k < c->nkinds; k++)
		for (i = 0; i < c->kinds[k].nrows; i++)
			if (c->kinds[k].rows[i].family_slower)
				ts_buf_printf(&b, "%s%s single-thread on %s "
				    "(%+.1f%%)", b.len > 0 ? ", " : "",
				    c->kinds[k].rows[i].id, c->kinds[k].kind,
				    c->kinds[k].rows[i].pct);
	ts_error("significant regression: %s", b.data);
	ts_buf_free(&b);
}

/* Add a path to a side. */
static void
side_add(struct side *s, const char *path)
{
	s->paths = ts_xrealloc(s->paths, (s->n + 1) * sizeof *s->paths);
	s->paths[s->n++] = ts_xstrdup(path);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Add an operand to a side: a directory stands for the .json files in
 * it, in name order.  Return 0, or -1 once the error is said.
 */
static int
side_operand(struct side *s, const char *op)
{
	struct stat st;
	struct dirent *e;
	char **names = NULL, *path;
	size_t n = 0, i, len;
	DIR *d;

	if (strcmp(op, "-") == 0 || stat(op, &st) == -1 ||
	    !S_ISDIR(st.st_mode)) {
		side_add(s, op);
		return 0;
	}
	if ((d = opendir(op)) == NULL) {
		ts_error("cannot read %s: %s", op, strerror(errno));
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		len = strlen(e->d_name);
		if (len <= 5 || strcmp(e->d_name + len - 5, ".json") != 0 ||
		    e->d_name[0] == '.')
			continue;
		path = ts_xasprintf("%s%s%s", op, op[strlen(op) - 1] == '/' ?
		    "" : "/", e->d_name);
		if (stat(path, &st) == -1 || !S_ISREG(st.st_mode)) {
			free(path);
			continue;
		}
		names = ts_xrealloc(names, (n + 1) * sizeof *names);
		names[n++] = path;
	}
	closedir(d);
	if (n == 0) {
		ts_error("%s: a directory without .json documents", op);
		return -1;
	}
	qsort(names, n, sizeof *names, by_name);
	for (i = 0; i < n; i++) {
		side_add(s, names[i]);
		free(names[i]);
	}
	free(names);
	return 0;
}

/*
 * A side from its operands: the paths, and how the text names it (the
 * path; "DIR (6 runs)"; "6 runs: FIRST ... LAST").  Return 0 or -1.
 */
static int
side_build(struct side *s, char *const *ops, size_t nops)
{
	size_t i;

	for (i = 0; i < nops; i++)
		if (side_operand(s, ops[i]) == -1)
			return -1;
	if (s->n == 1)
		s->label = ts_xstrdup(s->paths[0]);
	else if (nops == 1)
		s->label = ts_xasprintf("%s (%zu runs)", ops[0], s->n);
	else if (s->n == 2)
		s->label = ts_xasprintf("2 runs: %s, %s", s->paths[0],
		    s->paths[1]);
	else
		s->label = ts_xasprintf("%zu runs: %s ... %s", s->n,
		    s->paths[0], s->paths[s->n - 1]);
	return 0;
}

/* Read a side's documents; 0, or -1 once the error is said. */
static int
side_load(struct side *s)
{
	char err[1024];
	size_t i;

	s->docs = ts_xcalloc(s->n, sizeof *s->docs);
	for (i = 0; i < s->n; i++)
		if (ts_doc_load_arg(s->paths[i], &s->docs[i], err,
		    sizeof err) != 0) {
			ts_error("%s", err);
			return -1;
		}
	return 0;
}

/*
 * One run is one run however many files hold it (a copy, a link such
 * as a directory's latest.json): documents of a side with a run id
 * already in it (the SHA-256 of the canonical bytes) are dropped, and
 * one line says so.
 */
static void
side_dedupe(struct side *s, const char *which)
{
	char (*id)[TS_RUN_ID_LEN + 1], *first = NULL, *again = NULL;
	char dup[TS_RUN_ID_LEN + 1] = "";
	size_t i, j, k = 0, dropped = 0;

	id = ts_xcalloc(s->n, sizeof *id);
	for (i = 0; i < s->n; i++) {
		ts_export_run_id(&s->docs[i], id[k]);
		for (j = 0; j < k && strcmp(id[j], id[k]) != 0; j++)
			;
		if (j < k) {
			if (dropped++ == 0) {
				first = ts_xstrdup(s->paths[j]);
				again = ts_xstrdup(s->paths[i]);
				memcpy(dup, id[k], sizeof dup);
			}
			ts_report_free(&s->docs[i]);
			free(s->paths[i]);
			continue;
		}
		s->docs[k] = s->docs[i];
		s->paths[k++] = s->paths[i];
	}
	if (dropped > 0) {
		ts_warning("%s: %zu document%s repeat%s a run already in the "
		    "set (%s is %s's run %s): each run counts once, %zu "
		    "run%s", which, dropped, dropped == 1 ? "" : "s",
		    dropped == 1 ? "s" : "", again, first, dup, k,
		    k == 1 ? "" : "s");
		if (strstr(s->label, " runs") != NULL) {
			free(s->label);
			s->label = k == 1 ? ts_xstrdup(s->paths[0]) :
			    ts_xasprintf("%zu runs: %s ... %s", k, s->paths[0],
			    s->paths[k - 1]);
		}
	}
	s->n = k;
	free(first);
	free(again);
	free(id);
}

static void
side_free(struct side *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		if (s->docs != NULL)
			ts_report_free(&s->docs[i]);
		free(s->paths[i]);
	}
	TS_FREE_ALL(s->paths, s->docs, s->label);
}

/* Print comparison c of the two sides in format on standard output. */
static void
print_comparison(const struct ts_output *format,
    const struct ts_comparison *c, const struct side *base,
    const struct side *cand)
{
	struct ts_output_in in = { .cmp = c,
	    .base_paths = (const char *const *)base->paths, .nbase = base->n,
	    .cand_paths = (const char *const *)cand->paths, .ncand = cand->n,
	    .base_label = base->label, .cand_label = cand->label };
	struct ts_buf out;

	ts_buf_init(&out);
	ts_output_render(format, &out, &in, true);
	ts_put_stdout(out.data, out.len, ts_output_is_text(format));
	ts_buf_free(&out);
}

/*
 * Where "--" divides the operands, before option parsing: the first
 * "--" that is not the value of --format; argc when none.
 */
static int
separator(int argc, char *argv[])
{
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			return i;
		/* --format VALUE (or an abbreviation of it, as getopt takes). */
		if (strncmp(argv[i], "--fo", 4) == 0 &&
		    strchr(argv[i], '=') == NULL &&
		    strncmp("--format", argv[i], strlen(argv[i])) == 0)
			i++;
	}
	return argc;
}

/*
 * The two sides from the operands: BASELINE CANDIDATE, or BASELINE...
 * -- CANDIDATE... (sep: where "--" stands, argc when nowhere).  Return
 * 0, or the exit status once the error is said.
 */
static int
sides(int argc, char *argv[], int first, int sep, struct side *base,
    struct side *cand)
{
	char **ops = argv + first;
	int nops = sep - first, stdins = 0;
	size_t i;

	if (sep < argc && nops > 0) {
		/* BASELINE... -- CANDIDATE... */
		if (argc - sep - 1 == 0) {
			ts_error("no CANDIDATE after -- (see --help)");
			return TS_EXIT_USAGE;
		}
		if (side_build(base, ops, (size_t)nops) == -1 ||
		    side_build(cand, argv + sep + 1,
		    (size_t)(argc - sep - 1)) == -1)
			return TS_EXIT_FAILURE;
	} else {
		/* BASELINE CANDIDATE, "--" (if any) ending the options. */
		if (sep < argc) {
			ops = argv + sep + 1;
			nops = argc - sep - 1;
		}
		if (nops != 2) {
			ts_error("expected two files, BASELINE and CANDIDATE, "
			    "or BASELINE... -- CANDIDATE... (see --help)");
			return TS_EXIT_USAGE;
		}
		if (side_build(base, ops, 1) == -1 ||
		    side_build(cand, ops + 1, 1) == -1)
			return TS_EXIT_FAILURE;
	}
	for (i = 0; i < base->n; i++)
		stdins += strcmp(base->paths[i], "-") == 0;
	for (i = 0; i < cand->n; i++)
		stdins += strcmp(cand->paths[i], "-") == 0;
	if (stdins > 1) {
		ts_error("standard input (-) can be one document, not %d",
		    stdins);
		return TS_EXIT_USAGE;
	}
	return 0;
}

int
main(int argc, char *argv[])
{
	struct compare_opts o = { false, 0 };
	bool regressed;
	const struct ts_output *format;
	struct side base = { 0 }, cand = { 0 };
	struct ts_comparison cmp;
	const char *const *bp, *const *cp;
	int status, sep, first;

	sep = separator(argc, argv);
	first = ts_cli_parse(&prog, sep, argv, &o, sizeof o);
	format = ts_output_at(TS_OUTPUT_COMPARISON, (size_t)o.format);
	if ((status = sides(argc, argv, first, sep, &base, &cand)) != 0)
		goto out;
	status = TS_EXIT_FAILURE;
	if ((format->flags & TS_OUTPUT_ONE_A_SIDE) && (base.n > 1 ||
	    cand.n > 1)) {
		ts_error("--format %s compares one document a side: "
		    "use text, markdown or json for sets of runs",
		    format->name);
		status = TS_EXIT_USAGE;
		goto out;
	}
	if (side_load(&base) == -1 || side_load(&cand) == -1)
		goto out;
	side_dedupe(&base, "baseline");
	side_dedupe(&cand, "candidate");

	bp = (const char *const *)base.paths;
	cp = (const char *const *)cand.paths;
	ts_compare_sets(base.docs, bp, base.n, cand.docs, cp, cand.n, &cmp);
	print_comparison(format, &cmp, &base, &cand);
	regressed = ts_comparison_regressed(&cmp);

	status = TS_EXIT_OK;
	if (ts_close_stdout() != 0)
		status = TS_EXIT_FAILURE;
	else if (o.fail_on_regression) {
		report_producers(&cmp);
		if (regressed) {
			report_regressions(&cmp);
			status = TS_EXIT_NEGATIVE;
		}
	}
	ts_comparison_free(&cmp);
out:
	side_free(&cand);
	side_free(&base);
	return status;
}
