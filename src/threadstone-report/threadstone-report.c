/* SPDX-License-Identifier: MIT */
/*
 * threadstone-report: re-render a result document as the terminal table,
 * pretty JSON or markdown, or print the JSON Schema of result documents.
 */
#include <config.h>

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "cli.h"
#include "doc/doc-read.h"
#include "msg.h"
#include "schema-text.h"
#include "doc/doc-write.h"
#include "exitcodes.h"
#include "outfile.h"
#include "report/report-format.h"
#include "report/report-render.h"

enum {
	OPT_FORMAT = 256,
	OPT_SCHEMA
};

static const struct option longopts[] = {
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "schema", no_argument, NULL, OPT_SCHEMA },
	{ "out", required_argument, NULL, 'o' },
	TS_CLI_STD_OPTIONS
};

/* The --help text; each %s is the program's name. */
static const char help[] =
    "Usage: %s [OPTION]... FILE\n"
    "   or: %s --schema [--out PATH]\n"
    "Print a ThreadStone result document (FILE, or - for standard\n"
    "input) again, as threadstone-run would have printed it.\n"
    "\n"
    "      --format FORMAT  table (the default), json, markdown, csv or\n"
    "                       jsonl (one row per workload pass, with the\n"
    "                       run's id, host and time); table-2.0 and\n"
    "                       markdown-2.0: ThreadStone 2.0.0's layouts\n"
    "      --schema         print the JSON Schema of result documents\n"
    "  -o, --out PATH       write to PATH instead of standard output\n"
    "  -h, --help           print this help and exit\n"
    "  -V, --version        print the version and exit\n"
    "\n"
    "Exit status: 0 printed, 1 FILE could not be read or parsed or the\n"
    "output not written, 2 usage error.\n";

/*
 * Send the output to stdout (text for people as ts_put_stdout puts it),
 * or whole to path.
 */
static int
emit(struct ts_buf *b, const char *path, bool text)
{
	if (path == NULL) {
		ts_put_stdout(b->data, b->len, text);
		return ts_close_stdout() == 0 ? 0 : -1;
	}
	return ts_cli_write_file(path, b->data, b->len, false);
}

int
main(int argc, char *argv[])
{
	const struct ts_output *format = ts_output_at(TS_OUTPUT_DOC, 0);
	struct ts_output_in in = { 0 };
	bool schema = false, format_given = false;
	const char *out_path = NULL;
	struct ts_report r;
	struct ts_buf b;
	char err[1024];
	int ch, rc;

	while ((ch = ts_cli_getopt(argc, argv, "o:hV", longopts, help)) != -1) {
		switch (ch) {
		case OPT_FORMAT:
			format_given = true;
			format = ts_output_at(TS_OUTPUT_DOC, (size_t)
			    ts_parse_choice("--format", optarg,
			    ts_output_names(TS_OUTPUT_DOC)));
			break;
		case OPT_SCHEMA:
			schema = true;
			break;
		case 'o':
			out_path = optarg;
			break;
		}
	}

	ts_buf_init(&b);
	if (schema) {
		if (optind != argc || format_given) {
			ts_error("--schema takes no FILE and no --format");
			ts_buf_free(&b);
			return TS_EXIT_USAGE;
		}
		ts_buf_add(&b, ts_schema_text, ts_schema_len);
		if (out_path == NULL)
			ts_buf_putc(&b, '\n');
		rc = emit(&b, out_path, false);
		ts_buf_free(&b);
		return rc == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
	}
	if (argc - optind != 1) {
		ts_error("expected one FILE (see --help)");
		ts_buf_free(&b);
		return TS_EXIT_USAGE;
	}

	if (ts_doc_load_arg(argv[optind], &r, err, sizeof err) != 0) {
		ts_error("%s", err);
		ts_buf_free(&b);
		return TS_EXIT_FAILURE;
	}
	/* The table on stdout is text for people: ASCII if need be. */
	in.doc = &r;
	in.colour = out_path == NULL && ts_want_colour(STDOUT_FILENO);
	ts_output_render(format, &b, &in, out_path == NULL);
	rc = emit(&b, out_path, ts_output_is_text(format));
	ts_buf_free(&b);
	ts_report_free(&r);
	return rc == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
}
