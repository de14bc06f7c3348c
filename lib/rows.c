/* SPDX-License-Identifier: MIT */
/*
 * CSV, JSON Lines and markdown tables' cells (rows.h).
 */
#include <config.h>

#include <stdbool.h>
#include <string.h>

#include "buf.h"
#include "rows.h"

/*
 * s between quote characters q (none when '\0'), each c in it after an
 * esc, each character of blank as a space.
 */
static void
escaped(struct ts_buf *b, const char *s, char q, char c, char esc,
    const char *blank)
{
	if (q != '\0')
		ts_buf_putc(b, q);
	for (; *s != '\0'; s++) {
		if (*s == c)
			ts_buf_putc(b, esc);
		ts_buf_putc(b, strchr(blank, *s) != NULL ? ' ' : *s);
	}
	if (q != '\0')
		ts_buf_putc(b, q);
}

void
ts_csv_quoted(struct ts_buf *b, const char *s)
{
	escaped(b, s, '"', '"', '"', "");
}

void
ts_csv_field(struct ts_buf *b, const char *s)
{
	if (strpbrk(s, ",\"\r\n") == NULL)
		ts_buf_puts(b, s);
	else
		ts_csv_quoted(b, s);
}

void
ts_rows_header(struct ts_rows *r)
{
	size_t i;

	if (r->style != TS_ROWS_CSV)
		return;
	for (i = 0; r->cols[i] != NULL; i++) {
		if (i > 0)
			ts_buf_putc(r->b, ',');
		ts_csv_field(r->b, r->cols[i]);
	}
	ts_buf_puts(r->b, r->eol);
}

/* What comes before the next cell: a comma, or JSON's brace and key. */
static void
cell_start(struct ts_rows *r)
{
	if (r->style == TS_ROWS_JSONL) {
		ts_buf_putc(r->b, r->col == 0 ? '{' : ',');
		ts_buf_json_string(r->b, r->cols[r->col]);
		ts_buf_putc(r->b, ':');
	} else if (r->col > 0)
		ts_buf_putc(r->b, ',');
	r->col++;
}

/* A string cell: JSON's string, or CSV's field, quoted always or as needed. */
static void
text_cell(struct ts_rows *r, const char *s, bool always)
{
	if (s == NULL) {
		ts_rows_raw(r, NULL);
		return;
	}
	cell_start(r);
	if (r->style == TS_ROWS_JSONL)
		ts_buf_json_string(r->b, s);
	else if (always)
		ts_csv_quoted(r->b, s);
	else
		ts_csv_field(r->b, s);
}

void
ts_rows_text(struct ts_rows *r, const char *s)
{
	text_cell(r, s, false);
}

void
ts_rows_quoted(struct ts_rows *r, const char *s)
{
	text_cell(r, s, true);
}

void
ts_rows_raw(struct ts_rows *r, const char *s)
{
	cell_start(r);
	if (s != NULL)
		ts_buf_puts(r->b, s);
	else if (r->style == TS_ROWS_JSONL)
		ts_buf_puts(r->b, "null");
}

void
ts_rows_end(struct ts_rows *r)
{
	ts_buf_puts(r->b, r->style == TS_ROWS_JSONL ? "}\n" : r->eol);
	r->col = 0;
}

void
ts_md_text(struct ts_buf *b, const char *s)
{
	escaped(b, s, '\0', '|', '\\', "");
}

void
ts_md_code(struct ts_buf *b, const char *s)
{
	escaped(b, s, '`', '|', '\\', "`\n");
}

void
ts_md_cell(struct ts_buf *b, const char *s)
{
	ts_buf_putc(b, ' ');
	ts_md_text(b, s);
	ts_buf_puts(b, " |");
}
