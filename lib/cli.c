/* SPDX-License-Identifier: MIT */
/*
 * Command-line conventions shared by the programs (no dependencies, so
 * any program may link it).
 */
#include <config.h>

#include <getopt.h>

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "cli.h"
#include "exitcodes.h"
#include "msg.h"
#include "outfile.h"

const char *const ts_formats[] = { "table", "json", "markdown", "csv",
    "jsonl", NULL };

/*
 * At exit: stdout's last check.  A program that reported the error itself
 * chose its own status, so nothing is said twice or changed; otherwise
 * the unreported error fails the program.  _exit, since exit may not be
 * called again from an atexit handler.
 */
static void
close_stdout(void)
{
	if (ts_stdout_reported())
		return;
	if (ts_close_stdout() == -1)
		_exit(TS_EXIT_FAILURE);
}

void
ts_check_stdout_at_exit(void)
{
	atexit(close_stdout);
}

void
ts_exit_stdout(void)
{
	exit(ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE);
}

void
ts_version_exit(void)
{
	printf("%s (%s) %s\n", ts_progname(), PACKAGE_NAME, PACKAGE_VERSION);
	ts_exit_stdout();
}

/* The length of a long option's name as written in "--name[=value]". */
static size_t
name_len(const char *arg)
{
	return strcspn(arg, "=");
}

/*
 * Whether the option getopt_long refused with optopt set is the long one
 * in arg ("--json=1", "--samples" at the end) rather than a short option:
 * a long option's optopt is its value, which may be a letter.  A short
 * option refused in mid-cluster leaves arg at an earlier argument, which
 * names no option of that value.
 */
static bool
refused_long(const char *arg, const struct option *longopts)
{
	const struct option *lo;
	size_t n;

	if (optopt == 0)
		return true;	/* unknown or ambiguous */
	if (strncmp(arg, "--", 2) != 0)
		return false;
	n = name_len(arg + 2);
	for (lo = longopts; lo->name != NULL; lo++)
		if (lo->val == optopt && n > 0 &&
		    strncmp(lo->name, arg + 2, n) == 0)
			return true;
	return false;
}

/*
 * The long options name (n characters) abbreviates, as "--a, --b" in
 * buf, if more than one and none is exactly name; else false.
 */
static bool
ambiguous(const char *name, size_t n, const struct option *longopts,
    char *buf, size_t len)
{
	const struct option *lo;
	size_t used = 0;
	int matches = 0;

	buf[0] = '\0';
	for (lo = longopts; lo->name != NULL; lo++) {
		if (n == 0 || strncmp(lo->name, name, n) != 0)
			continue;
		if (lo->name[n] == '\0')
			return false;
		if (used < len)
			used += (size_t)snprintf(buf + used, len - used,
			    "%s--%s", matches ? ", " : "", lo->name);
		matches++;
	}
	return matches > 1;
}

/*
 * Report the option getopt_long just refused (c is '?' or ':') in the one
 * wording all programs share, instead of getopt's own messages, which
 * name the program by its full path and vary with the C library.
 */
static void __attribute__((noreturn))
option_error(int c, char *const argv[], const struct option *longopts)
{
	const char *arg = argv[optind - 1];
	char which[256];
	int n;

	if (!refused_long(arg, longopts)) {
		if (c == ':')
			ts_usage_error("option '-%c' needs an argument",
			    optopt);
		ts_usage_error("unknown option '-%c'", optopt);
	}
	n = (int)name_len(arg);
	if (c == ':')
		ts_usage_error("option '%.*s' needs an argument", n, arg);
	if (optopt != 0)
		ts_usage_error("option '%.*s' takes no argument", n, arg);
	if (n > 2 && ambiguous(arg + 2, (size_t)n - 2, longopts, which,
	    sizeof which))
		ts_usage_error("option '%.*s' is ambiguous (%s)", n, arg,
		    which);
	ts_usage_error("unknown option '%.*s'", n, arg);
}

int
ts_getopt(int argc, char *const argv[], const char *shortopts,
    const struct option *longopts)
{
	char opts[128];
	int skip, c;

	/* A leading ':' makes a missing argument ':', told from '?'. */
	skip = shortopts[0] == '+' || shortopts[0] == '-';
	snprintf(opts, sizeof opts, "%.*s:%s", skip, shortopts,
	    shortopts + skip);
	opterr = 0;
	c = getopt_long(argc, argv, opts, longopts, NULL);
	if (c == '?' || c == ':')
		option_error(c, argv, longopts);
	return c;
}

int
ts_parse_choice(const char *opt, const char *arg,
    const char *const choices[])
{
	struct ts_buf list;
	int i;

	for (i = 0; choices[i] != NULL; i++)
		if (strcmp(arg, choices[i]) == 0)
			return i;
	ts_buf_init(&list);
	for (i = 0; choices[i] != NULL; i++)
		ts_buf_printf(&list, "%s%s", i == 0 ? "" :
		    choices[i + 1] == NULL ? " or " : ", ", choices[i]);
	ts_error("invalid %s '%s': expected %s", opt, arg, list.data);
	exit(TS_EXIT_USAGE);
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

int
ts_cli_write_file(const char *path, const void *data, size_t len,
    bool quiet)
{
	char err[1024];

	if (ts_write_file_atomic(path, data, len, err, sizeof err) != 0) {
		ts_error("%s", err);
		return -1;
	}
	if (!quiet)
		fprintf(stderr, "wrote %s\n", path);
	return 0;
}
