/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history add: every operand in one transaction, so that a
 * bad one leaves the database as it was.
 */
#include <config.h>

#include <stdio.h>

#include "buf.h"
#include "cli.h"
#include "doc/doc-read.h"
#include "exitcodes.h"
#include "hist.h"
#include "history/history-add.h"
#include "msg.h"
#include "util.h"

int
hist_add(const struct hist_opts *o, int nargs, char **args)
{
	struct ts_hist h;
	struct ts_hist_adder *a;
	struct ts_hist_added one;
	unsigned long docs = 0, recs = 0, dups = 0, invalid = 0;
	struct ts_buf text;
	char err[1024];
	int i;

	if (hist_open(o, true, &h) == -1)
		return TS_EXIT_FAILURE;
	a = ts_hist_adder_new(&h, o->host, o->force, err, sizeof err);
	if (a == NULL || ts_hist_begin(&h, err, sizeof err) == -1) {
		ts_error("%s", err);
		goto fail;
	}
	for (i = 0; i < nargs; i++) {
		const char *name = args[i][0] == '-' && args[i][1] == '\0' ?
		    "standard input" : args[i];

		if (ts_read_file(ts_operand_path(args[i]), TS_DOC_MAX_BYTES,
		    &text, err, sizeof err) == -1) {
			ts_error("%s: nothing added", err);
			goto rollback;
		}
		if (ts_hist_add(a, text.data, text.len, name, &one, err,
		    sizeof err) == -1) {
			ts_buf_free(&text);
			ts_error("%s", err);
			goto rollback;
		}
		ts_buf_free(&text);
		if (one.tachyon)
			recs += one.added;
		else {
			docs += one.added;
			if (one.added > 0 && one.signature[0] == 'i')
				invalid++;
		}
		dups += one.duplicates;
	}
	if (ts_hist_commit(&h, err, sizeof err) == -1) {
		ts_error("%s: nothing added", err);
		goto fail;
	}
	ts_hist_adder_free(a);
	printf("added %lu document%s and %lu tachyon record%s to %s",
	    docs, docs == 1 ? "" : "s", recs, recs == 1 ? "" : "s", h.path);
	if (dups > 0)
		printf("; %lu already there", dups);
	if (invalid > 0)
		printf("; %lu with an invalid signature (--force)", invalid);
	putchar('\n');
	ts_hist_close(&h);
	return ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
rollback:
	ts_hist_rollback(&h);
fail:
	ts_hist_adder_free(a);
	ts_hist_close(&h);
	return TS_EXIT_FAILURE;
}
