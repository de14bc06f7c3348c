/* SPDX-License-Identifier: MIT */
/*
 * lib/rows.c: CSV fields quoted as RFC 4180 says (a comma, a double
 * quote, CR or LF), the same rows as CSV and JSON Lines, and markdown
 * cells with their pipes escaped.
 */
#include <config.h>

#include <string.h>

#include "buf.h"
#include "rows.h"
#include "tap.h"

/* field through ts_csv_field, as a string. */
static const char *
csv(struct ts_buf *b, const char *field)
{
	b->len = 0;
	ts_csv_field(b, field);
	return b->data;
}

/*
 * Two rows of the same cells in style, the first named name: a text, a
 * number, a missing text; an always quoted text, a missing number, a
 * literal.
 */
static const char *
two_rows(struct ts_buf *b, enum ts_rows_style style, const char *name)
{
	static const char *const cols[] = { "name", "n", "note", NULL };
	struct ts_rows t = TS_ROWS(b, cols, style, "\r\n");

	b->len = 0;
	ts_rows_header(&t);
	ts_rows_text(&t, name);
	ts_rows_raw(&t, "1.5");
	ts_rows_text(&t, NULL);
	ts_rows_end(&t);
	ts_rows_quoted(&t, "c");
	ts_rows_raw(&t, NULL);
	ts_rows_raw(&t, "true");
	ts_rows_end(&t);
	return b->data;
}

int
main(void)
{
	struct ts_buf b;

	ts_buf_init(&b);
	is_str(csv(&b, "plain text"), "plain text", "CSV: plain text bare");
	is_str(csv(&b, ""), "", "CSV: the empty field bare");
	is_str(csv(&b, "a,b"), "\"a,b\"", "CSV: a comma quoted");
	is_str(csv(&b, "say \"hi\""), "\"say \"\"hi\"\"\"",
	    "CSV: a quote quoted and doubled");
	is_str(csv(&b, "one\ntwo"), "\"one\ntwo\"", "CSV: LF quoted");
	is_str(csv(&b, "one\rtwo"), "\"one\rtwo\"", "CSV: CR quoted");
	b.len = 0;
	ts_csv_quoted(&b, "x\"y");
	is_str(b.data, "\"x\"\"y\"", "CSV: a field always quoted");

	is_str(two_rows(&b, TS_ROWS_CSV, "a\rb"),
	    "name,n,note\r\n\"a\rb\",1.5,\r\n\"c\",,true\r\n",
	    "CSV rows: header, quoted, raw and missing cells, line ends");
	is_str(two_rows(&b, TS_ROWS_JSONL, "a\"b"),
	    "{\"name\":\"a\\\"b\",\"n\":1.5,\"note\":null}\n"
	    "{\"name\":\"c\",\"n\":null,\"note\":true}\n",
	    "JSON Lines rows: no header, the columns as keys, null");

	b.len = 0;
	ts_buf_putc(&b, '|');
	ts_md_cell(&b, "a|b");
	ts_md_cell(&b, "");
	is_str(b.data, "| a\\|b |  |", "markdown cells, a pipe escaped");
	b.len = 0;
	ts_md_code(&b, "sh -c `x` | y\nz");
	is_str(b.data, "`sh -c  x  \\| y z`",
	    "markdown code: backquotes and newlines as spaces, pipes escaped");
	ts_buf_free(&b);
	return done_testing();
}
