/* SPDX-License-Identifier: MIT */
/*
 * Small helpers without external dependencies: allocation that dies on
 * exhaustion, strict number parsing for options, a growable byte buffer,
 * whole-file reading, writing to a descriptor, and the clock (output
 * files: outfile.h).
 */
#ifndef TS_UTIL_H
#define TS_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

/*
 * Output files (ts_check_writable, ts_write_file_atomic) have a header of
 * their own; it is included here so that every caller of util.h keeps
 * them.
 */
#include "buf.h"
#include "outfile.h"

/* Allocation: these print "PROG: out of memory" and exit 1 on failure. */
void	 ts_out_of_memory(void) __attribute__((noreturn));
void	*ts_xmalloc(size_t);
void	*ts_xcalloc(size_t, size_t);
void	*ts_xrealloc(void *, size_t);
char	*ts_xstrdup(const char *);
char	*ts_xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));
/* Free the n strings of v, then v (NULL-safe when n is 0). */
void	 ts_strv_free(char **v, size_t n);

/* Short name of the running program, for messages. */
const char *ts_progname(void);

/*
 * Print "PROG: message\n" on stderr (one line, nothing else).  The
 * caller then exits with the status it documents.
 */
void	 ts_error(const char *, ...) __attribute__((format(printf, 1, 2)));
void	 ts_warning(const char *, ...) __attribute__((format(printf, 1, 2)));

/*
 * Strict option parsing.  The whole string must be a number (leading and
 * trailing blanks refused), within [min, max].  Return 0 on success, -1
 * otherwise (nothing printed; *out untouched).
 */
int	 ts_parse_u64(const char *, uint64_t min, uint64_t max, uint64_t *out);
int	 ts_parse_double(const char *, double min, double max, double *out);

/*
 * Read a whole regular file of at most `max` bytes.  On failure return -1
 * and put a one-line reason in err ("cannot read PATH: No such file ...",
 * "PATH is a directory", "PATH is larger than N bytes").
 */
int	 ts_read_file(const char *path, size_t max, struct ts_buf *out,
	    char *err, size_t errlen);

/*
 * Write all of data[0..len) to fd, again after EINTR and short writes.
 * Return 0, or -1 with errno set (EIO if write() made no progress).
 */
int	 ts_write_all(int fd, const void *data, size_t len);

/* CLOCK_MONOTONIC in seconds. */
double	 ts_now(void);
/* "YYYY-MM-DDTHH:MM:SSZ" of t (before 1970: the epoch); buf >= 21 bytes. */
char	*ts_rfc3339(time_t t, char *buf);

/*
 * Check stdout for write errors (closed pipe, full disk) before exit: 0,
 * or -1 after "PROG: write error: REASON" on stderr.  The error is
 * reported once; later calls return -1 quietly.
 */
int	 ts_close_stdout(void);

/* Whether ts_close_stdout has reported a write error. */
bool	 ts_stdout_reported(void);

#endif /* TS_UTIL_H */
