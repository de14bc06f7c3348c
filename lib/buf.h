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
 * which lib/doc/doc-parse.c stores for U+0000, become \u0000.
 */
void	 ts_buf_json_string(struct ts_buf *, const char *s);

/*
 * The display width of a UTF-8 string: code points, not bytes, with ANSI
 * escape sequences (ESC [ ... final byte) counting zero.
 */
size_t	 ts_text_width(const char *);

/* Append s, then spaces up to width columns (left-aligned; no truncation). */
void	 ts_buf_pad(struct ts_buf *, const char *s, size_t width);
/* Append spaces up to width columns, then s (right-aligned). */
void	 ts_buf_rpad(struct ts_buf *, const char *s, size_t width);

/*
 * Read a whole regular file of at most `max` bytes.  On failure return -1
 * and put a one-line reason in err ("cannot read PATH: No such file ...",
 * "PATH is a directory", "PATH is larger than N bytes").
 */
int	 ts_read_file(const char *path, size_t max, struct ts_buf *out,
	    char *err, size_t errlen);

#endif /* TS_BUF_H */
