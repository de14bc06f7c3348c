/* SPDX-License-Identifier: MIT */
/*
 * lib/cli-opt.c: a table's rows fill their fields by type within their
 * bounds; a bad value, a repeated option past its limit, an option a
 * command does not take and a broken table each end the program (in a
 * child here) with one line and status 2 (abort for the table); --help
 * is written from the table at its columns with the defaults.
 */
#include <config.h>

#include <sys/wait.h>

#include <getopt.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "cli-opt.h"
#include "exitcodes.h"
#include "msg.h"
#include "tap.h"

struct fields {
	uint64_t	 u64;
	unsigned	 u32;
	uint8_t		 u8;
	double		 d, pct;
	uint64_t	 size;
	int		 choice;
	const char	*name;
	const char	*s;
	struct ts_opt_list list;
	bool		 flag, on;
	const char	*pair[2];
};

static const char *const colours[] = { "red", "green", "blue", NULL };

/* A callback: fill pair[] at most twice. */
static void
pair_option(void *fields, const char *arg, const struct ts_opt *opt)
{
	const char **v = ts_opt_field(fields, opt);

	v[v[0] != NULL] = arg;
}

#define F(m)	TS_FIELD(struct fields, m)
static const struct ts_opt opts[] = {
	TS_OPT_UINT('n', "number", F(u64), 1, 10, "N", "a number (%D)"),
	TS_OPT_UINT(0, "mib", F(u32), 1, 1024, "N", "in MiB", .mult = 1024),
	TS_OPT_UINT(0, "small", F(u8), 0, 255, "N", "a byte"),
	TS_OPT_DOUBLE_ABOVE(0, "seconds", F(d), 0, 60, "S",
	    "seconds, two lines\nof help (%D)"),
	TS_OPT_DOUBLE(0, "pct", F(pct), 0, 100, "PCT", "a %% (%D)",
	    .factor = 0.01),
	TS_OPT_SIZE(0, "size", F(size), 1024 * 1024, "SIZE", "a size"),
	TS_OPT_CHOICE('c', "colour", F(choice), colours, "C", "a colour (%D)"),
	TS_OPT_CHOICE_NAME(0, "name", F(name), colours, "C", "by name"),
	TS_OPT_STRING('s', "string", F(s), "S", "a string", .min = 1,
	    .what = "a word"),
	TS_OPT_LIST('l', "list", F(list), 3, "X", "repeatable"),
	TS_OPT_FLAG('f', "flag", F(flag), "a flag"),
	TS_OPT_UNSET(0, "no-on", F(on), "clear on"),
	TS_OPT_CALL_AT('p', "pair", F(pair), pair_option, "X", "twice"),
	TS_OPT_ALIAS(0, "blue", "colour", "blue", NULL, "--colour blue"),
	TS_OPT_ALIAS(0, "count", "number", NULL, "N", "--number N"),
	TS_OPT_TEXT("\nMore:\n"),
	TS_OPT_AGAIN(0, "number", "N", "again, in another context",
	    .col = 30),
	TS_OPT_FLAG(0, "hidden", F(flag), "not shown", .hidden = true),
	TS_OPT_HELP,
	TS_OPT_VERSION,
	TS_OPT_END
};

static const struct ts_cli_cmd cmds[] = {
	{ "go", "X", 1, 1, (const char *const []){ "flag", NULL }, "go X" },
	{ "stay", NULL, 0, 0, NULL, "stay" },
};

static const struct ts_cli_prog prog = {
	.usage = "Usage: %s [OPTION]...\n",
	.cmds = cmds, .ncmds = 2, .cmd_col = 10,
	.opts = opts,
	.tail = "The end.\n",
	.col = 20
};

/* The defaults the parse starts from. */
static void
defaults(struct fields *f)
{
	*f = (struct fields){ .u64 = 5, .d = 1.5, .pct = 0.25, .choice = 1,
	    .on = true };
}

/* Parse args (NULL-terminated) into f as a program would. */
static int
parse(struct fields *f, char **args)
{
	int n = 0;

	while (args[n] != NULL)
		n++;
	defaults(f);
	optind = 0;
	return ts_cli_parse(&prog, n, args, f, sizeof *f);
}

/* What a child parses: args, then a command if command. */
struct line {
	char	**args;
	bool	  command;
};

/* Parse a line as a program would, in a child: it exits. */
static void
child_parse(void *arg)
{
	struct line *l = arg;
	struct fields f;
	int first, n = 0;

	while (l->args[n] != NULL)
		n++;
	first = parse(&f, l->args);
	if (l->command)
		ts_cli_command(&prog, n, l->args, first);
}

/* args are refused with status 2 and the one line "PROG: want". */
static void
refused(char **args, bool command, const char *want)
{
	struct line l = { args, command };
	char err[512], line[512];

	snprintf(line, sizeof line, "%s: %s\n", ts_progname(), want);
	is_int(tap_child(child_parse, &l, err, sizeof err), TS_EXIT_USAGE,
	    want);
	ok(strcmp(err, line) == 0, "one line: %s", err);
}

static void
values(void)
{
	char *a1[] = { "p", "-n", "7", "--mib", "2", "--small=255", "--seconds",
	    "0.5", "--pct", "50", "--size", "2M", "-c", "blue", "--name",
	    "green", "-s", "word", "-l", "a", "--list", "b", "-f",
	    "--no-on", "-p", "x", "--pair", "y", "op", NULL };
	char *a2[] = { "p", "--blue", "--count", "9", NULL };
	struct fields f;

	is_int(parse(&f, a1), 28, "the operand follows the options");
	is_u64(f.u64, 7, "an integer");
	is_int((int)f.u32, 2048, "an integer times its row's mult");
	is_int(f.u8, 255, "a byte's largest value");
	is_double(f.d, 0.5, "a double above 0");
	is_double(f.pct, 0.5, "a double times its row's factor");
	is_u64(f.size, 2 * 1024 * 1024, "a size with its suffix");
	is_int(f.choice, 2, "a choice's index");
	is_str(f.name, "green", "a choice's name");
	is_str(f.s, "word", "a string");
	ok(f.list.n == 2 && strcmp(f.list.v[0], "a") == 0 &&
	    strcmp(f.list.v[1], "b") == 0, "a list, in the order given");
	ok(f.flag && !f.on, "a flag set and one cleared");
	ok(strcmp(f.pair[0], "x") == 0 && strcmp(f.pair[1], "y") == 0,
	    "a callback with its field");
	is_int((int)ts_cli_given("list"), 2, "given twice");
	is_str(ts_cli_arg("list"), "b", "the last value given");
	is_str(ts_cli_first_other((const char *const []){ "number", "mib",
	    NULL }), "--small=255", "the first other option, as typed");
	free(f.list.v);
	parse(&f, a2);
	ok(f.choice == 2 && f.u64 == 9, "aliases: with their value, and "
	    "with the user's");
	is_int((int)ts_cli_given("number"), 1, "an alias counts for its "
	    "option");
}

static void
refusals(void)
{
	refused((char *[]){ "p", "-n", "11", NULL }, false,
	    "invalid --number '11': expected an integer from 1 to 10");
	refused((char *[]){ "p", "--count", "x", NULL }, false,
	    "invalid --count 'x': expected an integer from 1 to 10");
	refused((char *[]){ "p", "--seconds", "0", NULL }, false,
	    "invalid --seconds '0': expected a number above 0, at most 60");
	refused((char *[]){ "p", "--pct", "101", NULL }, false,
	    "invalid --pct '101': expected a number from 0 to 100");
	refused((char *[]){ "p", "--size", "1K", NULL }, false,
	    "invalid --size '1K': expected a size of at least 1M with an "
	    "optional K, M, G or T suffix");
	refused((char *[]){ "p", "-c", "pink", NULL }, false,
	    "invalid --colour 'pink': expected red, green or blue");
	refused((char *[]){ "p", "--string=", NULL }, false,
	    "invalid --string '': expected a word");
	refused((char *[]){ "p", "-l1", "-l2", "-l3", "-l4", NULL }, false,
	    "--list is given at most 3 times");
	refused((char *[]){ "p", "--nope", NULL }, false,
	    "unknown option '--nope' (see unit-cli-opt --help)");
	refused((char *[]){ "p", "-f", "stay", NULL }, true,
	    "stay does not take --flag (see unit-cli-opt --help)");
	refused((char *[]){ "p", "go", NULL }, true,
	    "go expects exactly one operand (see unit-cli-opt --help)");
	refused((char *[]){ "p", "come", NULL }, true,
	    "unknown command 'come': expected go or stay (see unit-cli-opt "
	    "--help)");
	refused((char *[]){ "p", NULL }, true,
	    "expected a command: go or stay (see unit-cli-opt --help)");
}

static void
help(void)
{
	struct fields f;
	struct ts_buf b;
	char want[2048];

	defaults(&f);
	ts_buf_init(&b);
	ts_cli_help(&prog, &f, &b);
	snprintf(want, sizeof want,
	    "Usage: %s [OPTION]...\n"
	    "  go X    go X\n"
	    "  stay    stay\n"
	    "  -n, --number N    a number (5)\n"
	    "      --mib N       in MiB\n"
	    "      --small N     a byte\n"
	    "      --seconds S   seconds, two lines\n"
	    "                    of help (1.5)\n"
	    "      --pct PCT     a %% (25)\n"
	    "      --size SIZE   a size\n"
	    "  -c, --colour C    a colour (green)\n"
	    "      --name C      by name\n"
	    "  -s, --string S    a string\n"
	    "  -l, --list X      repeatable\n"
	    "  -f, --flag        a flag\n"
	    "      --no-on       clear on\n"
	    "  -p, --pair X      twice\n"
	    "      --blue        --colour blue\n"
	    "      --count N     --number N\n"
	    "\nMore:\n"
	    "      --number N              again, in another context\n"
	    "  -h, --help        print this help and exit\n"
	    "  -V, --version     print the version and exit\n"
	    "The end.\n", ts_progname());
	ok(strcmp(b.data, want) == 0, "--help from the table");
	if (strcmp(b.data, want) != 0)
		diag("got:\n%s", b.data);
	ts_buf_free(&b);
}

/* A table whose row's field is wider than its type: the table's bug. */
static void
broken_parse(void *arg)
{
	static const struct ts_opt bad[] = {
		TS_OPT_FLAG(0, "flag", F(u64), "a bool in a uint64_t"),
		TS_OPT_HELP, TS_OPT_VERSION, TS_OPT_END
	};
	static const struct ts_cli_prog p = { .opts = bad };
	char *args[] = { "p", NULL };
	struct fields f;

	(void)arg;
	signal(SIGABRT, SIG_DFL);
	ts_cli_parse(&p, 1, args, &f, sizeof f);
}

int
main(void)
{
	char err[512];

	ts_set_progname("unit-cli-opt");
	values();
	refusals();
	help();
	is_int(tap_child(broken_parse, NULL, err, sizeof err), -1,
	    "a broken table aborts at once");
	return done_testing();
}
