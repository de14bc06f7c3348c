/* SPDX-License-Identifier: MIT */
/*
 * lib/cli.c: the program-support helpers, each run in a child process
 * where it exits: refused options in one line on stderr with
 * status 2, file operands, and --version.
 */
#include <config.h>

#include <sys/wait.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "msg.h"
#include "exitcodes.h"
#include "tap.h"
#include "util.h"

static const struct option longopts[] = {
	{ "format", required_argument, NULL, 'f' },
	{ "force", no_argument, NULL, 'F' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* Parse argv (n of them) with ts_getopt as a program would. */
static void
parse_all(int n, char **argv)
{
	optind = 1;
	while (ts_getopt(n, argv, "f:Fh", longopts) != -1)
		;
}

/* One case, in a child: it exits. */
static void
child_case(void *arg)
{
	char *args[4][4] = {
		{ "prog", "--nope", NULL },
		{ "prog", "--fo", NULL },
		{ "prog", "-f", NULL },
		{ "prog", "--force=1", NULL },
	};
	int which = *(int *)arg;

	if (which < 4)
		parse_all(2, args[which]);
	else
		ts_usage_error("bad %s", "thing");
}

int
main(void)
{
	static const char *const want[] = {
	    "unknown option '--nope'",
	    "option '--fo' is ambiguous (--format, --force)",
	    "option '-f' needs an argument",
	    "option '--force' takes no argument",
	    "bad thing",
	};
	char *argv[] = { "prog", "--form", "json", "-F", "file", NULL };
	char err[512], line[600], see[300];
	int i, c, f = 0, force = 0;

	is_str(ts_operand_path("-"), "/dev/stdin", "'-' is standard input");
	is_str(ts_operand_path("a.json"), "a.json", "a file is itself");
	optind = 1;
	while ((c = ts_getopt(5, argv, "f:Fh", longopts)) != -1) {
		if (c == 'f' && strcmp(optarg, "json") == 0)
			f++;
		if (c == 'F')
			force++;
	}
	ok(f == 1 && force == 1 && optind == 4 && strcmp(argv[optind],
	    "file") == 0, "a unique prefix, a value and a short option");
	for (i = 0; i < 5; i++) {
		snprintf(see, sizeof see, " (see %s --help)", ts_progname());
		snprintf(line, sizeof line, "%s: %s%s\n", ts_progname(),
		    want[i], see);
		is_int(tap_child(child_case, &i, err, sizeof err), TS_EXIT_USAGE,
		    want[i]);
		ok(strcmp(err, line) == 0, "one line on stderr: %s", err);
	}
	return done_testing();
}
