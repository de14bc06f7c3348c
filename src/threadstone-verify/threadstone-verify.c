/* SPDX-License-Identifier: MIT */
/*
 * threadstone-verify: does a result document parse, is it coherent, and is
 * its signature intact?  Output and verdict as ThreadStone 2.0.0's verify.
 */
#include <config.h>

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "buf.h"
#include "cli.h"
#include "doc/doc-read.h"
#include "msg.h"
#include "report/report-verify.h"
#include "exitcodes.h"
#include "util.h"

enum {
	OPT_REQUIRE_SIGNATURE = 256,
	OPT_JSON
};

static const struct option longopts[] = {
	{ "require-signature", no_argument, NULL, OPT_REQUIRE_SIGNATURE },
	{ "json", no_argument, NULL, OPT_JSON },
	TS_CLI_STD_OPTIONS
};

/* The --help text; each %s is the program's name. */
static const char help[] =
    "Usage: %s [OPTION]... FILE\n"
    "Check a ThreadStone result document: that it parses, that its\n"
    "contents are coherent, and that its signature (if any) matches.\n"
    "Recomputed statistics, scores and keys outside the signature are\n"
    "reported as warnings on standard error; they do not fail the file.\n"
    "FILE may be - for standard input.\n"
    "\n"
    "      --require-signature  fail when the file is not signed\n"
    "      --json               print the verdict as JSON\n"
    "  -h, --help               print this help and exit\n"
    "  -V, --version            print the version and exit\n"
    "\n"
    "Exit status: 0 the file passed, 1 it failed or could not be read,\n"
    "2 usage error.\n";

int
main(int argc, char *argv[])
{
	bool require = false, json = false;
	struct ts_verdict v;
	struct ts_report r;
	struct ts_buf out;
	const char *path;
	char err[1024];
	size_t i;
	int ch, rc;

	while ((ch = ts_cli_getopt(argc, argv, "hV", longopts, help)) != -1) {
		switch (ch) {
		case OPT_REQUIRE_SIGNATURE:
			require = true;
			break;
		case OPT_JSON:
			json = true;
			break;
		}
	}
	if (argc - optind != 1) {
		ts_error("expected exactly one FILE (see --help)");
		return TS_EXIT_USAGE;
	}
	path = argv[optind];

	rc = ts_doc_read(ts_operand_path(path), &r, err, sizeof err);
	if (rc == TS_DOC_EREAD) {
		ts_error("%s", err);
		return TS_EXIT_FAILURE;
	}
	ts_buf_init(&out);
	if (rc == TS_DOC_EPARSE) {
		if (json)
			ts_verdict_json(path, NULL, err, &out);
		else
			ts_verdict_parse_failure_text(path, err, &out);
		fwrite(out.data, 1, out.len, stdout);
		if (json)
			putchar('\n');
		ts_buf_free(&out);
		if (ts_close_stdout() != 0)
			return TS_EXIT_FAILURE;
		ts_error("%s failed verification", path);
		return TS_EXIT_FAILURE;
	}

	ts_verify_report(&r, require, &v);
	if (json) {
		ts_verdict_json(path, &v, NULL, &out);
		ts_buf_putc(&out, '\n');
	} else
		ts_verdict_text(path, &v, &out);
	fwrite(out.data, 1, out.len, stdout);
	ts_buf_free(&out);
	rc = ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
	if (!json)
		for (i = 0; i < v.nwarnings; i++)
			ts_warning("%s: %s", path, v.warnings[i]);
	if (!v.pass) {
		ts_error("%s failed verification", path);
		rc = TS_EXIT_FAILURE;
	}
	ts_verdict_free(&v);
	ts_report_free(&r);
	return rc;
}
