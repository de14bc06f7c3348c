/* SPDX-License-Identifier: MIT */
/*
 * threadstone: ThreadStone 2.0.0's command line over this package's
 * programs.  `threadstone VERB ARGS...` runs threadstone-VERB ARGS... from
 * the directory this program lives in, as git runs git-VERB, so that each
 * program keeps its own options, messages and exit statuses.
 */
#include <config.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-verbs.h"
#include "cli.h"
#include "exitcodes.h"
#include "msg.h"

#ifndef TS_BINDIR
#define TS_BINDIR	"/usr/bin"
#endif

/* Print the usage text to stdout and exit 0 (1 if it could not be). */
static void __attribute__((noreturn))
usage(void)
{
	size_t i;

	printf("Usage: %s COMMAND [ARGUMENT]...\n"
	    "   or: %s help [COMMAND]\n"
	    "Run a threadstone program by ThreadStone 2.0.0's command name:\n"
	    "'threadstone COMMAND ARGUMENTS' runs the command's program (below)\n"
	    "with the same arguments, from the directory this program is\n"
	    "installed in.\n"
	    "\n"
	    "Commands:\n", ts_progname(), ts_progname());
	for (i = 0; i < ts_nverbs; i++)
		printf("  %-8s %-43s %s%s%s\n", ts_verbs[i].name,
		    ts_verbs[i].summary, ts_verbs[i].program,
		    ts_verbs[i].option != NULL ? " " : "",
		    ts_verbs[i].option != NULL ? ts_verbs[i].option : "");
	printf("  %-8s %s\n", "help", "show a command's manual page, or this "
	    "list");
	printf("\n"
	    "  -h, --help     print this help and exit\n"
	    "  -V, --version  print the version and exit\n"
	    "\n"
	    "A command takes its program's options: see 'threadstone help "
	    "COMMAND'.\n"
	    "Exit status: the program's own; 1 the program is missing or "
	    "cannot be\nrun; 2 usage error (no command or an unknown "
	    "one).\n");
	ts_exit_stdout();
}

/* The verb called name, or a one-line error and exit 2. */
static const struct ts_verb *
find_verb(const char *name)
{
	const struct ts_verb *v = ts_verb_find(name);
	const char *names[64], *near;
	size_t i, n = 0;

	if (v == NULL) {
		for (i = 0; i < ts_nverbs && n + 2 < sizeof names /
		    sizeof names[0]; i++)
			names[n++] = ts_verbs[i].name;
		names[n++] = "help";
		names[n] = NULL;
		if ((near = ts_suggest(name, names)) != NULL)
			ts_error("unknown command '%s'; did you mean '%s'? "
			    "(the commands are %s and help)", name, near,
			    ts_verb_names());
		else
			ts_error("unknown command '%s'; the commands are %s "
			    "and help", name, ts_verb_names());
		exit(TS_EXIT_USAGE);
	}
	return v;
}

/* Replace this process with the verb's program; exit 1 if it cannot. */
static void
run_verb(const struct ts_verb *v, int argc, char *const argv[])
{
	char dir[PATH_MAX], path[PATH_MAX];
	char **args;

	if (ts_self_dir(TS_BINDIR, dir, sizeof dir) == -1 ||
	    snprintf(path, sizeof path, "%s/%s", dir, v->program) >=
	    (int)sizeof path) {
		ts_error("the path of %s is too long", v->program);
		exit(TS_EXIT_FAILURE);
	}
	if (access(path, X_OK) == -1) {
		ts_error("%s is missing from %s (%s); reinstall threadstone",
		    v->program, dir, strerror(errno));
		exit(TS_EXIT_FAILURE);
	}
	args = ts_verb_argv(v, argc, argv);
	fflush(stdout);
	execv(path, args);
	ts_error("cannot run %s: %s", path, strerror(errno));
	free(args);
	exit(TS_EXIT_FAILURE);
}

/*
 * help [COMMAND]: the list, or the command's program's manual page;
 * where man(1) is not installed, the program's --help.
 */
static void
help(int argc, char *argv[])
{
	static const struct ts_verb plain = { "help", NULL, "--help", NULL };
	const struct ts_verb *v;
	struct ts_verb prog;

	if (argc == 0 || strcmp(argv[0], "help") == 0)
		usage();
	if (argc > 1) {
		ts_error("help takes one command, not '%s' (see --help)",
		    argv[1]);
		exit(TS_EXIT_USAGE);
	}
	v = find_verb(argv[0]);
	fflush(stdout);
	execlp("man", "man", v->program, (char *)NULL);
	if (errno != ENOENT) {
		ts_error("cannot run man: %s", strerror(errno));
		exit(TS_EXIT_FAILURE);
	}
	prog = plain;
	prog.program = v->program;
	run_verb(&prog, 0, NULL);
}

int
main(int argc, char *argv[])
{
	const char *cmd;

	ts_check_stdout_at_exit();
	if (argc < 2) {
		ts_error("no command given; the commands are %s and help "
		    "(see --help)", ts_verb_names());
		return TS_EXIT_USAGE;
	}
	cmd = argv[1];
	if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0)
		usage();
	if (strcmp(cmd, "-V") == 0 || strcmp(cmd, "--version") == 0)
		ts_version_exit();
	if (strcmp(cmd, "help") == 0)
		help(argc - 2, argv + 2);
	/*
	 * Not ts_getopt's wording: the dispatcher takes no options but these
	 * two, and the likely mistake is a command's option put first.
	 */
	if (cmd[0] == '-') {
		ts_error("unknown option '%s'; a command comes first, then its "
		    "options (see --help)", cmd);
		return TS_EXIT_USAGE;
	}
	run_verb(find_verb(cmd), argc - 2, argv + 2);
	return TS_EXIT_FAILURE;
}
