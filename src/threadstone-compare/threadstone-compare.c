/* SPDX-License-Identifier: MIT */
/*
 * threadstone-compare: is CANDIDATE faster or slower than BASELINE, beyond
 * the noise of both measurements?  Optionally a CI gate.
 */
#include <config.h>

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "doc/doc-read.h"
#include "exitcodes.h"
#include "msg.h"
#include "report/report-compare.h"

enum {
	OPT_FAIL_ON_REGRESSION = 256,
	OPT_JSON
};

static const struct option longopts[] = {
	{ "fail-on-regression", no_argument, NULL, OPT_FAIL_ON_REGRESSION },
	{ "json", no_argument, NULL, OPT_JSON },
	TS_CLI_STD_OPTIONS
};

/* The --help text; each %s is the program's name. */
static const char help[] =
    "Usage: %s [OPTION]... BASELINE CANDIDATE\n"
    "Compare two ThreadStone result documents workload by workload.\n"
    "A change counts only when it exceeds both measurements' 95 %%\n"
    "confidence intervals combined (at least 0.5 %% each); when both\n"
    "were measured in executions, when the best executions differ by\n"
    "more than twice the spread of either pass's four best.  Either file\n"
    "may be - for standard input.  Documents of different producers are\n"
    "named, and workloads whose kernels differ between them are marked.\n"
    "\n"
    "      --fail-on-regression  exit with status 3 when any workload is\n"
    "                            significantly slower, except workloads\n"
    "                            whose kernels differ between the two\n"
    "                            documents' producers\n"
    "      --json                print the comparison as JSON\n"
    "  -h, --help                print this help and exit\n"
    "  -V, --version             print the version and exit\n"
    "\n"
    "Exit status: 0 compared, 1 a file could not be read or parsed,\n"
    "2 usage error, 3 significant regression with --fail-on-regression.\n";

/*
 * Repeat the producer warning as one line on stderr, so that a CI log shows
 * why a gate passed or failed across a change of tool; likewise a
 * difference in CPU kinds.
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
}

/*
 * Print one line on stderr naming the significantly slower workloads whose
 * kernels are the same in both documents.
 */
static void
report_regressions(const struct ts_comparison *c)
{
	static const char *const pass_names[TS_COMPARE_NPASSES] = {
		"single-thread", "multi-thread"
	};
	struct ts_buf b;
	size_t i;
	int p;

	ts_buf_init(&b);
	for (p = 0; p < TS_COMPARE_NPASSES; p++)
		for (i = 0; i < c->nrows[p]; i++) {
			if (c->rows[p][i].verdict != TS_VERDICT_SLOWER ||
			    c->rows[p][i].kernel_differs)
				continue;
			ts_buf_printf(&b, "%s%s %s (%+.1f%%)",
			    b.len > 0 ? ", " : "", c->rows[p][i].id,
			    pass_names[p], c->rows[p][i].pct);
		}
	ts_error("significant regression: %s", b.data);
	ts_buf_free(&b);
}

int
main(int argc, char *argv[])
{
	bool fail_on_regression = false, json = false, regressed;
	struct ts_report base, cand;
	struct ts_comparison cmp;
	struct ts_buf out;
	char err[1024];
	int ch, status;

	while ((ch = ts_cli_getopt(argc, argv, "hV", longopts, help)) != -1) {
		switch (ch) {
		case OPT_FAIL_ON_REGRESSION:
			fail_on_regression = true;
			break;
		case OPT_JSON:
			json = true;
			break;
		}
	}
	if (argc - optind != 2) {
		ts_error("expected two files, BASELINE and CANDIDATE (see "
		    "--help)");
		return TS_EXIT_USAGE;
	}
	if (strcmp(argv[optind], "-") == 0 &&
	    strcmp(argv[optind + 1], "-") == 0) {
		ts_error("standard input (-) can be BASELINE or CANDIDATE, "
		    "not both");
		return TS_EXIT_USAGE;
	}

	if (ts_doc_load_arg(argv[optind], &base, err, sizeof err) != 0) {
		ts_error("%s", err);
		return TS_EXIT_FAILURE;
	}
	if (ts_doc_load_arg(argv[optind + 1], &cand, err, sizeof err) != 0) {
		ts_error("%s", err);
		ts_report_free(&base);
		return TS_EXIT_FAILURE;
	}

	ts_compare(&base, &cand, &cmp);
	ts_buf_init(&out);
	if (json)
		ts_comparison_json(&out, &cmp, argv[optind], argv[optind + 1]);
	else
		ts_render_comparison(&out, &cmp, argv[optind],
		    argv[optind + 1]);
	if (json)
		fwrite(out.data, 1, out.len, stdout);
	else
		ts_put_text(stdout, out.data, out.len);
	regressed = ts_comparison_regressed(&cmp);

	status = TS_EXIT_OK;
	if (ts_close_stdout() != 0)
		status = TS_EXIT_FAILURE;
	else if (fail_on_regression) {
		report_producers(&cmp);
		if (regressed) {
			report_regressions(&cmp);
			status = TS_EXIT_NEGATIVE;
		}
	}
	ts_buf_free(&out);
	ts_comparison_free(&cmp);
	ts_report_free(&cand);
	ts_report_free(&base);
	return status;
}
