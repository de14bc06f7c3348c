/* SPDX-License-Identifier: MIT */
/*
 * Replay driver for a fuzz target without libFuzzer: feed every file of
 * $top_srcdir/tests/fuzz/corpus/NAME and .../regressions/NAME (or of the
 * files and directories given as arguments) to LLVMFuzzerTestOneInput,
 * one TAP test point per input.  A crash or an abort stops the program,
 * which the TAP driver reports as an error.
 */
#include <config.h>

#include <sys/stat.h>

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "../tap.h"
#include "buf.h"
#include "fuzz.h"
#include "util.h"

/* Largest input replayed (the document reader's own limit is larger). */
#define REPLAY_MAX_BYTES	(16u << 20)

/* Run the target on the file at path. */
static void
replay_file(const char *path)
{
	struct ts_buf b;
	char err[512];
	uint8_t *copy;

	if (ts_read_file(path, REPLAY_MAX_BYTES, &b, err, sizeof err) == -1) {
		ok(0, "%s", err);
		return;
	}
	/* An exact-size copy, so that reading past the end is caught. */
	copy = ts_xmalloc(b.len);
	memcpy(copy, b.data, b.len);
	LLVMFuzzerTestOneInput(copy, b.len);
	free(copy);
	ts_buf_free(&b);
	ok(1, "%s", path);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run the target on every file in dir, in name order, or on the file. */
static void
replay(const char *path, int required)
{
	struct dirent *e;
	struct stat st;
	char **names = NULL;
	size_t n = 0, i;
	DIR *d;

	if (stat(path, &st) == -1) {
		if (required)
			ok(0, "cannot read %s", path);
		return;
	}
	if (!S_ISDIR(st.st_mode)) {
		replay_file(path);
		return;
	}
	if ((d = opendir(path)) == NULL) {
		ok(0, "cannot read %s", path);
		return;
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		names = ts_xrealloc(names, (n + 1) * sizeof *names);
		names[n++] = ts_xasprintf("%s/%s", path, e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof *names, by_name);
	for (i = 0; i < n; i++) {
		replay_file(names[i]);
		free(names[i]);
	}
	free(names);
}

int
main(int argc, char *argv[])
{
	const char *top = getenv("top_srcdir");
	char *dir;
	int i;

	if (argc > 1) {
		for (i = 1; i < argc; i++)
			replay(argv[i], 1);
		return done_testing();
	}
	dir = ts_xasprintf("%s/tests/fuzz/corpus/%s", top ? top : ".",
	    ts_fuzz_name);
	replay(dir, 1);
	free(dir);
	dir = ts_xasprintf("%s/tests/fuzz/regressions/%s", top ? top : ".",
	    ts_fuzz_name);
	replay(dir, 0);
	free(dir);
	return done_testing();
}
