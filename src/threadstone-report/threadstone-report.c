/* SPDX-License-Identifier: MIT */
/*
 * threadstone-report: re-render a result document as the terminal table,
 * pretty JSON or markdown, or print the JSON Schema of result documents.
 */
#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "cli-opt.h"
#include "cli.h"
#include "doc/doc-read.h"
#include "msg.h"
#include "schema-text.h"
#include "doc/doc-write.h"
#include "exitcodes.h"
#include "outfile.h"
#include "report/report-format.h"
#include "report/report-render.h"

/* What the command line sets. */
struct report_opts {
	int		 format;	/* an index into ts_formats */
	bool		 schema;
	const char	*out;
};

#define F(m)	TS_FIELD(struct report_opts, m)
static const struct ts_opt opts[] = {
	TS_OPT_CHOICE(0, "format", F(format), ts_formats, "FORMAT",
	    "table (the default), json, markdown, csv or\n"
	    "jsonl (one row per workload pass, with the\n"
	    "run's id, host and time); table-2.0 and\n"
	    "markdown-2.0: ThreadStone 2.0.0's layouts"),
	TS_OPT_FLAG(0, "schema", F(schema),
	    "print the JSON Schema of result documents"),
	TS_OPT_OUT(F(out), "PATH",
	    "write to PATH instead of standard output"),
	TS_OPT_LAST
};

static const struct ts_cli_prog prog = {
	.usage = "Usage: %s [OPTION]... FILE\n"
	    "   or: %s --schema [--out PATH]\n"
	    "Print a ThreadStone result document (FILE, or - for standard\n"
	    "input) again, as threadstone-run would have printed it.\n"
	    "\n",
	.opts = opts,
	.tail = "\n"
	    "Exit status: 0 printed, 1 FILE could not be read or parsed or the\n"
	    "output not written, 2 usage error.\n",
	.col = 23
};

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
	struct report_opts o = { 0, false, NULL };
	const struct ts_output *format;
	struct ts_output_in in = { 0 };
	const char *out_path;
	struct ts_report r;
	struct ts_buf b;
	char err[1024];
	int first, rc;

	first = ts_cli_parse(&prog, argc, argv, &o, sizeof o);
	format = ts_output_at(TS_OUTPUT_DOC, (size_t)o.format);
	out_path = o.out;
	ts_buf_init(&b);
	if (o.schema) {
		if (first != argc || ts_cli_given("format")) {
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
	if (argc - first != 1) {
		ts_error("expected one FILE (see --help)");
		ts_buf_free(&b);
		return TS_EXIT_USAGE;
	}

	if (ts_doc_load_arg(argv[first], &r, err, sizeof err) != 0) {
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
