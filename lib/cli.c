/* SPDX-License-Identifier: MIT */
/*
 * Command-line conventions shared by the programs (no dependencies, so
 * any program may link it).
 */
#include <config.h>

#include <getopt.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "exitcodes.h"
#include "util.h"

void
ts_print_version(void)
{
	printf("%s (%s) %s\n", ts_progname(), PACKAGE_NAME, PACKAGE_VERSION);
}

const char *
ts_operand_path(const char *arg)
{
	return strcmp(arg, "-") == 0 ? "/dev/stdin" : arg;
}

void
ts_usage_error(const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	ts_error("%s (see %s --help)", msg, ts_progname());
	exit(TS_EXIT_USAGE);
}

const char *
ts_refused_option(char *const argv[], char *buf, size_t len)
{
	if (optopt > 0 && optopt < 128)
		snprintf(buf, len, "-%c", optopt);
	else
		snprintf(buf, len, "%s", argv[optind - 1]);
	return buf;
}
