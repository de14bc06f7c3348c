/* SPDX-License-Identifier: MIT */
/*
 * A growable byte buffer, always NUL-terminated, that text and JSON
 * writers append to; and column padding for tables.  Allocation failure
 * ends the program ("PROG: out of memory", status 1).
 */
#ifndef TS_BUF_H
#define TS_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct ts_buf {
	char	*data;
	size_t	 len;
	size_t	 cap;
};
void	 ts_buf_init(struct ts_buf *);
void	 ts_buf_free(struct ts_buf *);
void	 ts_buf_add(struct ts_buf *, const void *, size_t);
void	 ts_buf_puts(struct ts_buf *, const char *);
void	 ts_buf_putc(struct ts_buf *, char);
void	 ts_buf_printf(struct ts_buf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	 ts_buf_vprintf(struct ts_buf *, const char *, va_list);
/*
 * Append s as a JSON string, escaped as serde_json does ('"', '\\', the
 * short escapes and \u00XX for other controls); the two bytes C0 80,
 * which lib/doc-parse.c stores for U+0000, become \u0000.
 */
void	 ts_buf_json_string(struct ts_buf *, const char *s);

/*
 * The display width of a UTF-8 string: code points, not bytes, with ANSI
 * escape sequences (ESC [ ... final byte) counting zero.
 */
size_t	 ts_text_width(const char *);

/*
 * Append text[0..len) to out with the non-ASCII signs our programs print
 * for people replaced by ASCII ("\u2192" "->", "\u2500" "-", "\u00b7"
 * ".", "\u2026" "...", "\u25cf" "#", "\u2014" "--", "\u00b1" "+-",
 * and the like); any other non-ASCII character becomes "?".
 */
void	 ts_text_ascii(const char *text, size_t len, struct ts_buf *out);

/* Append s, then spaces up to width columns (left-aligned; no truncation). */
void	 ts_buf_pad(struct ts_buf *, const char *s, size_t width);
/* Append spaces up to width columns, then s (right-aligned). */
void	 ts_buf_rpad(struct ts_buf *, const char *s, size_t width);

#endif /* TS_BUF_H */
