/* SPDX-License-Identifier: MIT */
/*
 * The threadstone command's table of verbs and what it needs to run one:
 * where the package's programs are, and the argument vector to give them.
 */
#include <config.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-verbs.h"
#include "util.h"

const struct ts_verb ts_verbs[] = {
	{ "run", "threadstone-run", NULL,
	    "run the benchmark suite" },
	{ "list", "threadstone-run", "--list",
	    "describe the workloads" },
	{ "sweep", "threadstone-sweep", NULL,
	    "map the cache hierarchy by latency" },
	{ "compare", "threadstone-compare", NULL,
	    "compare two results, or two sets of runs" },
	{ "verify", "threadstone-verify", NULL,
	    "check a result document and its signature" },
	{ "sign", "threadstone-sign", NULL,
	    "sign a result document with an Ed25519 key" },
	{ "keygen", "threadstone-keygen", NULL,
	    "make an Ed25519 key pair" },
	{ "report", "threadstone-report", NULL,
	    "print a result document again" },
	{ "schema", "threadstone-report", "--schema",
	    "print the JSON Schema of result documents" },
	{ "history", "threadstone-history", NULL,
	    "results over time in SQLite, change points" },
	/* Not ThreadStone's either: two commands on one host, paired. */
	{ "ab", "threadstone-ab", NULL,
	    "compare two commands on this host, paired" },
	/*
	 * Not ThreadStone's: the probe, under the name it is installed as
	 * (tachyon-probe in the Debian and RPM packages, where tachyon is a
	 * ray tracer's name; see configure's --program-transform-name).
	 */
	{ "tachyon", TS_TACHYON_PROGRAM, NULL,
	    "probe this host's memory system" },
};
const size_t ts_nverbs = sizeof ts_verbs / sizeof ts_verbs[0];

const struct ts_verb *
ts_verb_find(const char *name)
{
	size_t i;

	for (i = 0; i < ts_nverbs; i++)
		if (strcmp(ts_verbs[i].name, name) == 0)
			return &ts_verbs[i];
	return NULL;
}

const char *
ts_verb_names(void)
{
	static char names[128];
	size_t i;

	if (names[0] != '\0')
		return names;
	for (i = 0; i < ts_nverbs; i++) {
		if (i > 0)
			strcat(names, ", ");
		strcat(names, ts_verbs[i].name);
	}
	return names;
}

int
ts_self_dir(const char *fallback, char *buf, size_t len)
{
	char exe[PATH_MAX];
	ssize_t n;
	char *slash;

	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash != NULL) {
			*slash = '\0';
			/* A program at the root: the directory is "/". */
			fallback = slash == exe ? "/" : exe;
		}
	}
	if (strlen(fallback) >= len)
		return -1;
	strcpy(buf, fallback);
	return 0;
}

char **
ts_verb_argv(const struct ts_verb *v, int argc, char *const argv[])
{
	char **out;
	size_t n = 0;
	int i;

	out = ts_xcalloc((size_t)argc + 3, sizeof *out);
	out[n++] = (char *)v->program;
	if (v->option != NULL)
		out[n++] = (char *)v->option;
	for (i = 0; i < argc; i++)
		out[n++] = argv[i];
	out[n] = NULL;
	return out;
}
