/* SPDX-License-Identifier: MIT */
/*
 * src/threadstone/cli-verbs.c: the verb table maps ThreadStone 2.0.0's
 * subcommands to this package's programs, argument vectors pass arguments
 * unchanged, and the running program's directory is found.
 */
#include <config.h>

#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "threadstone/cli-verbs.h"
#include "tap.h"

/* The argument vector for verb name and args, joined with spaces. */
static char *
joined(const char *name, int argc, char *argv[])
{
	static char buf[256];
	char **v = ts_verb_argv(ts_verb_find(name), argc, argv);
	size_t i;

	buf[0] = '\0';
	for (i = 0; v[i] != NULL; i++) {
		if (i > 0)
			strcat(buf, " ");
		strcat(buf, v[i]);
	}
	free(v);
	return buf;
}

int
main(void)
{
	static const char *const original[] = { "run", "list", "sweep",
	    "compare", "verify", "sign", "keygen", "report", "schema" };
	char *args[] = { "result.json", "--key", "a b.key", "" };
	char dir[PATH_MAX], cwd[PATH_MAX];
	size_t i;
	int all = 1;

	for (i = 0; i < sizeof original / sizeof original[0]; i++)
		all &= ts_verb_find(original[i]) != NULL;
	ok(all, "every subcommand of ThreadStone 2.0.0 but help is a verb");
	is_int(ts_nverbs, 12, "twelve verbs run a program");
	ok(ts_verb_find("tachyon-probe") == NULL &&
	    ts_verb_find("help") == NULL && ts_verb_find("") == NULL &&
	    ts_verb_find("RUN") == NULL && ts_verb_find("../run") == NULL,
	    "no other name is a verb");
	for (i = 0, all = 1; i < ts_nverbs; i++)
		all &= (strncmp(ts_verbs[i].program, "threadstone-", 12) == 0 ||
		    strcmp(ts_verbs[i].name, "tachyon") == 0) &&
		    strchr(ts_verbs[i].program, '/') == NULL;
	ok(all, "every verb but tachyon runs a threadstone-* program by name");
	is_str(ts_verb_find("tachyon")->program, TS_TACHYON_PROGRAM,
	    "tachyon runs the probe under its installed name");
	is_str(ts_verb_names(), "run, list, sweep, compare, verify, sign, "
	    "keygen, report, schema, history, ab, tachyon",
	    "the verbs' names for messages");

	is_str(joined("sign", 4, args), "threadstone-sign result.json --key "
	    "a b.key ", "sign: the arguments unchanged, empty ones included");
	is_str(joined("list", 0, args), "threadstone-run --list",
	    "list is threadstone-run --list");
	is_str(joined("schema", 2, (char *[]){ "-o", "s.json" }),
	    "threadstone-report --schema -o s.json",
	    "schema -o FILE is threadstone-report --schema -o FILE");
	is_str(joined("run", 1, (char *[]){ "--list" }),
	    "threadstone-run --list", "run passes its options through");

	ok(ts_self_dir("/fallback", dir, sizeof dir) == 0 && dir[0] == '/',
	    "the running program's directory is found");
	ok(getcwd(cwd, sizeof cwd) != NULL && strstr(dir, cwd) == dir,
	    "it is where this test was built (%s)", dir);
	ok(ts_self_dir("/fallback", dir, 2) == -1,
	    "a directory longer than the buffer is refused");
	return done_testing();
}
