/* SPDX-License-Identifier: MIT */
/*
 * Small helpers without external dependencies: allocation that ends the
 * program on exhaustion, strict number parsing for options, writing to a
 * descriptor, and the clock.  Elsewhere at lib/'s root: the growable
 * buffer and whole-file reading (buf.h), output files (outfile.h), and
 * the messages of programs (msg.h).
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
 * Allocation: on failure these call ts_out_of_memory (msg.h), which
 * prints "PROG: out of memory" and exits 1.
 */
void	*ts_xmalloc(size_t);
void	*ts_xcalloc(size_t, size_t);
void	*ts_xrealloc(void *, size_t);
char	*ts_xstrdup(const char *);
char	*ts_xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));
/* Free the n strings of v, then v (NULL-safe when n is 0). */
void	 ts_strv_free(char **v, size_t n);

/* Free each of the n pointers of p (the array itself is not freed). */
void	 ts_free_each(void *const *p, size_t n);

/* Free every pointer given: TS_FREE_ALL(s->a, s->b, s->c). */
#define TS_FREE_ALL(...)						\
	ts_free_each((void *const []){ __VA_ARGS__ },			\
	    sizeof((void *const []){ __VA_ARGS__ }) / sizeof(void *))

/*
 * Strict option parsing.  The whole string must be a number (leading and
 * trailing blanks refused), within [min, max].  Return 0 on success, -1
 * otherwise (nothing printed; *out untouched).
 */
int	 ts_parse_u64(const char *, uint64_t min, uint64_t max, uint64_t *out);
int	 ts_parse_double(const char *, double min, double max, double *out);

/*
 * Write all of data[0..len) to fd, again after EINTR and short writes.
 * Return 0, or -1 with errno set (EIO if write() made no progress).
 */
int	 ts_write_all(int fd, const void *data, size_t len);

/*
 * Read exactly len bytes from fd into data, again after EINTR and short
 * reads.  Return 0, or -1 at an error or when the input ends first.
 */
int	 ts_read_all(int fd, void *data, size_t len);

/*
 * The path to open for a file operand: "/dev/stdin" for "-", else the
 * operand itself.
 */
const char *ts_operand_path(const char *arg);

/* CLOCK_MONOTONIC in seconds. */
double	 ts_now(void);

/*
 * A total order of doubles: -1, 0 or 1 as x sorts before, with or after
 * y; ascending, -0 equal to 0, every NaN equal to every other and after
 * every number (a comparison with NaN is false either way, which would
 * leave qsort without an order and a loop over equal values stuck).
 */
int	 ts_cmp_double(double x, double y);
/* Sort n doubles in place in ts_cmp_double's order (NaNs last). */
void	 ts_sort_doubles(double *v, size_t n);
/* "YYYY-MM-DDTHH:MM:SSZ" of t (before 1970: the epoch); buf >= 21 bytes. */
char	*ts_rfc3339(time_t t, char *buf);

#endif /* TS_UTIL_H */
