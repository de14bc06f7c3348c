/* SPDX-License-Identifier: MIT */
/*
 * A growable byte buffer, always NUL-terminated, that text and JSON
 * writers append to; column padding for tables; and reading a whole file
 * into a buffer.  Allocation failure ends the program ("PROG: out of
 * memory", status 1).
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
 * which lib/doc/doc-parse.c stores for U+0000, become \u0000.  Whatever
 * s holds, the string written is valid JSON: a byte that does not start
 * a valid UTF-8 sequence becomes \ufffd (the replacement character).
 */
void	 ts_buf_json_string(struct ts_buf *, const char *s);

/*
 * Append s for a terminal or a table: each control character (below
 * 0x20, and DEL) as a C escape (\t, \n, \r, else \xHH), so that a name
 * cannot move the cursor, break a row or start an escape sequence.
 */
void	 ts_buf_visible(struct ts_buf *, const char *s);

/*
 * The length (1 to 4) of the valid UTF-8 sequence at s[0..avail), its
 * code point in *cp; 0 when none starts there (a stray continuation
 * byte, an overlong form, a surrogate, beyond U+10FFFF, cut short).
 */
size_t	 ts_utf8_seq(const char *s, size_t avail, unsigned long *cp);

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

/*
 * Read the first line of a small file (a /proc or /sys entry) into buf
 * of len bytes, newline kept; 0, or -1 when it cannot be opened or is
 * empty.
 */
int	 ts_read_line(const char *path, char *buf, size_t len);

/*
 * Read a whole regular file of at most `max` bytes.  Anything else but
 * "/dev/stdin" (the operand "-") is refused at once, a FIFO included
 * (opened without blocking).  On failure return -1
 * and put a one-line reason in err ("cannot read PATH: No such file ...",
 * "PATH is a directory", "PATH is larger than N bytes", "cannot read
 * PATH: out of memory"); it never ends the program.
 */
int	 ts_read_file(const char *path, size_t max, struct ts_buf *out,
	    char *err, size_t errlen);

#endif /* TS_BUF_H */
