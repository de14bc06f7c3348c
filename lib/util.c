/* SPDX-License-Identifier: MIT */
/*
 * Dependency-free helpers shared by every program: allocation, messages,
 * strict number parsing, whole-file I/O and the clock.
 */
#include <config.h>

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

void
ts_out_of_memory(void)
{
	fprintf(stderr, "%s: out of memory\n", ts_progname());
	exit(1);
}

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
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

const char *
ts_progname(void)
{
	return program_invocation_short_name;
}

/* Print one "PROG: [prefix]message" line on stderr. */
static void
vmessage(const char *prefix, const char *fmt, va_list ap)
{
	fflush(stdout);
	fprintf(stderr, "%s: %s", ts_progname(), prefix);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void
ts_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage("", fmt, ap);
	va_end(ap);
}

void
ts_warning(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage("warning: ", fmt, ap);
	va_end(ap);
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
ts_read_file(const char *path, size_t max, struct ts_buf *out, char *err,
    size_t errlen)
{
	struct stat st;
	char chunk[65536];
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd == -1) {
		snprintf(err, errlen, "cannot read %s: %s", path,
		    strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) == -1 || S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "cannot read %s: %s", path,
		    S_ISDIR(st.st_mode) ? "Is a directory" : strerror(errno));
		close(fd);
		return -1;
	}
	ts_buf_init(out);
	for (;;) {
		n = read(fd, chunk, sizeof chunk);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			snprintf(err, errlen, "cannot read %s: %s", path,
			    strerror(errno));
			break;
		}
		if (n == 0) {
			close(fd);
			return 0;
		}
		if (out->len + (size_t)n > max) {
			snprintf(err, errlen, "cannot read %s: larger than "
			    "%zu bytes", path, max);
			break;
		}
		ts_buf_add(out, chunk, (size_t)n);
	}
	close(fd);
	ts_buf_free(out);
	return -1;
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

double
ts_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Whether a write error on stdout was reported: it is reported once. */
static bool stdout_reported;

int
ts_close_stdout(void)
{
	int e;

	if (stdout_reported)
		return -1;
	errno = 0;
	if (fflush(stdout) == 0 && !ferror(stdout))
		return 0;
	/*
	 * errno is the flush's; after an earlier failed write that the flush
	 * did not repeat it may be 0, and then there is no reason to name.
	 */
	e = errno;
	stdout_reported = true;
	if (e != 0)
		fprintf(stderr, "%s: write error: %s\n", ts_progname(),
		    strerror(e));
	else
		fprintf(stderr, "%s: write error\n", ts_progname());
	return -1;
}

bool
ts_stdout_reported(void)
{
	return stdout_reported;
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
