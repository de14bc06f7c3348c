/* SPDX-License-Identifier: MIT */
/*
 * Tables written as data, the one writer of every export: rows of named
 * columns as CSV (RFC 4180: a field holding a comma, a double quote, CR
 * or LF is quoted, its quotes doubled) or as JSON Lines (one object a
 * row, the columns' names its keys), and the cells of markdown tables
 * (GitHub's pipe tables, a cell's '|' escaped).
 *
 *	struct ts_rows r = TS_ROWS(b, cols, TS_ROWS_CSV, "\r\n");
 *
 *	ts_rows_header(&r);
 *	ts_rows_text(&r, name);		one call a column, in cols' order
 *	ts_rows_raw(&r, number);
 *	ts_rows_end(&r);
 */
#ifndef TS_ROWS_H
#define TS_ROWS_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

enum ts_rows_style {
	TS_ROWS_CSV,
	TS_ROWS_JSONL
};

/* A table being written into b, a row at a time. */
struct ts_rows {
	struct ts_buf		 *b;
	const char *const	 *cols;	/* the columns' names, NULL-terminated */
	enum ts_rows_style	  style;
	const char		 *eol;	/* CSV's line end: "\r\n" or "\n" */
	size_t			  col;	/* the next cell's column */
};

#define TS_ROWS(b_, cols_, style_, eol_) \
	((struct ts_rows){ .b = (b_), .cols = (cols_), .style = (style_), \
	    .eol = (eol_), .col = 0 })

/* CSV: the line of the columns' names; JSON Lines: nothing. */
void	 ts_rows_header(struct ts_rows *);

/* The next cell, a string: quoted as it needs; NULL: missing. */
void	 ts_rows_text(struct ts_rows *, const char *s);

/* The next cell, a string (prose): always quoted in CSV; NULL: missing. */
void	 ts_rows_quoted(struct ts_rows *, const char *s);

/*
 * The next cell as it is written, a number or a literal (true, an id of
 * hex digits): never quoted; NULL: missing (CSV's empty field, JSON's
 * null).
 */
void	 ts_rows_raw(struct ts_rows *, const char *s);

/* End the row. */
void	 ts_rows_end(struct ts_rows *);

/* One CSV field: s, quoted when it holds a comma, a quote, CR or LF. */
void	 ts_csv_field(struct ts_buf *, const char *s);

/* One CSV field always quoted, its quotes doubled. */
void	 ts_csv_quoted(struct ts_buf *, const char *s);

/* Text in a markdown table's cell: s with each '|' escaped. */
void	 ts_md_text(struct ts_buf *, const char *s);

/*
 * Code in a markdown table's cell: s in backquotes, its backquotes and
 * newlines as spaces, each '|' escaped.
 */
void	 ts_md_code(struct ts_buf *, const char *s);

/* A markdown cell after the row's first '|': " s |", s as ts_md_text. */
void	 ts_md_cell(struct ts_buf *, const char *s);

#endif /* TS_ROWS_H */
