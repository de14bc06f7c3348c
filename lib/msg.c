/* SPDX-License-Identifier: MIT */
/*
 * Program support, the message half (see msg.h): every line a program
 * prints on stderr about itself goes through here.
 */
#include <config.h>

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "msg.h"

/* The name set by ts_set_progname(), or NULL: the one run under. */
static const char *progname;

void
ts_set_progname(const char *name)
{
	progname = name;
}

const char *
ts_progname(void)
{
	return progname != NULL ? progname : program_invocation_short_name;
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

void
ts_out_of_memory(void)
{
	fprintf(stderr, "%s: out of memory\n", ts_progname());
	exit(1);
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
