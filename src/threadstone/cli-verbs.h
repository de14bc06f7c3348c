/* SPDX-License-Identifier: MIT */
/*
 * The verbs of the threadstone command: ThreadStone 2.0.0's subcommands
 * and tachyon, each carried out by one of this package's programs, run
 * from the directory the threadstone command itself lives in.
 */
#ifndef TS_CLI_VERBS_H
#define TS_CLI_VERBS_H

#include <stddef.h>

struct ts_verb {
	const char	*name;		/* "run", "list", ... */
	const char	*program;	/* "threadstone-run" */
	const char	*option;	/* put before the user's arguments, or NULL */
	const char	*summary;	/* one line for the verb list */
};

/* The verbs that run a program, in the order the help lists them. */
extern const struct ts_verb	ts_verbs[];
extern const size_t		ts_nverbs;

/* The verb called name, or NULL. */
const struct ts_verb	*ts_verb_find(const char *name);

/* "run, list, ..., schema": the verbs' names for messages, static. */
const char		*ts_verb_names(void);

/*
 * The directory of the running executable (from /proc/self/exe), or
 * `fallback` when the kernel cannot say.  Return 0, or -1 when the
 * result does not fit in buf.
 */
int			 ts_self_dir(const char *fallback, char *buf, size_t len);

/*
 * The argument vector for the verb's program: its name, the verb's own
 * option if any, then argv[0..argc) unchanged, NULL-terminated.  Free
 * the array (not its strings) with free().
 */
char			**ts_verb_argv(const struct ts_verb *, int argc,
			    char *const argv[]);

#endif /* TS_CLI_VERBS_H */
