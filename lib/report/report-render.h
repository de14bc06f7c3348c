/* SPDX-License-Identifier: MIT */
/*
 * Text rendering of result documents, shared by threadstone-run and
 * threadstone-report (ThreadStone 2.0.0 sections 7 and 12): si() numbers,
 * the one-line system description, the terminal table and the markdown summary.
 */
#ifndef TS_REPORT_RENDER_H
#define TS_REPORT_RENDER_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "doc/doc-model.h"

/* What every text output prints for a missing value: U+2014, one column. */
#define TS_DASH		"\xe2\x80\x94"

/* Room for any ts_si() result, including the NUL (1.8e308 has 309 digits). */
#define TS_SI_MAX	320

/*
 * Write v as si() of section 12.1 ("1.23k", "45.6M", "999", "—" when not
 * finite) into buf, which holds at least TS_SI_MAX bytes.  Return buf.
 */
const char	*ts_si(double v, char *buf);

/*
 * Append the one-line description of section 7:
 * "Apple M4 Pro (10P+4E) · macos · aarch64-apple-darwin".
 */
void		 ts_describe(struct ts_buf *, const struct ts_system *);

/*
 * Whether text written to fd may be coloured: fd is a terminal, NO_COLOR
 * is unset or empty, and TERM is not "dumb".
 */
bool		 ts_want_colour(int fd);

/*
 * Append the terminal table that run and report print by default: the
 * layout of section 12.2, but with a cv column after each pass's value
 * (its stability glyph and cv) where the original has one, the noisier
 * pass's, and a line under the table that says what the glyphs mean.
 * With colour, pieces are wrapped in ANSI SGR sequences; the alignment
 * is the same either way.
 */
void		 ts_render_table(struct ts_buf *, const struct ts_report *,
		    bool colour);

/* The terminal table of section 12.2, byte for byte (--format table-2.0). */
void		 ts_render_table_original(struct ts_buf *,
		    const struct ts_report *, bool colour);

/*
 * Append the markdown summary: section 12.3's, with a CV column after
 * each pass's value and a line saying what CV is.
 */
void		 ts_render_markdown(struct ts_buf *, const struct ts_report *);

/* The markdown summary of section 12.3, byte for byte (markdown-2.0). */
void		 ts_render_markdown_original(struct ts_buf *,
		    const struct ts_report *);

#endif /* TS_REPORT_RENDER_H */
