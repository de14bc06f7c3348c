/* SPDX-License-Identifier: MIT */
/*
 * Small helpers every part of lib/ may use: allocation that ends the
 * program on exhaustion (through msg.c), strict number parsing, writing
 * to a descriptor and the clock.
 */
#include <config.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "msg.h"
#include "util.h"

void *
ts_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		ts_out_of_memory();
	return p;
}

void *
ts_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		ts_out_of_memory();
	return p;
}

void *
ts_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		ts_out_of_memory();
	return p;
}

char *
ts_xstrdup(const char *s)
{
	char *p = strdup(s);

	if (p == NULL)
		ts_out_of_memory();
	return p;
}

char *
ts_xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	if (vasprintf(&p, fmt, ap) < 0)
		ts_out_of_memory();
	va_end(ap);
	return p;
}

void
ts_strv_free(char **v, size_t n)
{
	ts_free_each((void *const *)v, n);
	free(v);
}

void
ts_free_each(void *const *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(p[i]);
}

int
ts_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	unsigned long long v;
	char *end;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;	/* no sign, no blanks, no empty string */
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
ts_parse_double(const char *s, double min, double max, double *out)
{
	double v;
	char *end;

	/* Decimal only: no blanks, no hexadecimal floats ("0x10"). */
	if (s == NULL || *s == '\0' || *s == ' ' || *s == '\t' ||
	    strpbrk(s, "xX") != NULL)
		return -1;
	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || *end != '\0' || !isfinite(v) || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int
ts_write_all(int fd, const void *data, size_t len)
{
	const char *p = data;
	ssize_t n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return -1;
		if (n == 0) {
			errno = EIO;
			return -1;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int
ts_read_all(int fd, void *data, size_t len)
{
	char *p = data;
	ssize_t n;

	while (len > 0) {
		n = read(fd, p, len);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

const char *
ts_operand_path(const char *arg)
{
	return strcmp(arg, "-") == 0 ? "/dev/stdin" : arg;
}

double
ts_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

char *
ts_rfc3339(time_t t, char *buf)
{
	struct tm tm;

	if (t < 0)
		t = 0;
	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(buf, 21, "%Y-%m-%dT%H:%M:%SZ", &tm) == 0)
		strcpy(buf, "1970-01-01T00:00:00Z");
	return buf;
}

int
ts_cmp_double(double x, double y)
{
	int nx = isnan(x) != 0, ny = isnan(y) != 0;

	if (nx || ny)
		return nx - ny;
	return (x > y) - (x < y);
}

/* qsort's order of doubles: ts_cmp_double's. */
static int
cmp_double(const void *a, const void *b)
{
	return ts_cmp_double(*(const double *)a, *(const double *)b);
}

void
ts_sort_doubles(double *v, size_t n)
{
	if (n > 1)
		qsort(v, n, sizeof *v, cmp_double);
}
