/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history add: every operand in one transaction, so that a
 * bad one leaves the database as it was.  A new database is made whole
 * beside its name and put there after the commit; when another writer
 * made it first, the work is done again in that one.  On a server, a
 * transaction that failed for a reason that passes (a serialization
 * failure, a deadlock, a dropped connection) is done again, within
 * --timeout.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "doc/doc-read.h"
#include "exitcodes.h"
#include "hist.h"
#include "history/history-add.h"
#include "msg.h"
#include "util.h"

struct added {
	unsigned long	docs, recs, dups, invalid;
};

/*
 * Read operand arg into text (which it initialises); standard input is
 * read once and kept in *in for a second try.
 */
static int
read_operand(const char *arg, struct ts_buf *in, bool *in_read,
    struct ts_buf *text, char *err, size_t errlen)
{
	if (strcmp(arg, "-") != 0)
		return ts_read_file(ts_operand_path(arg), TS_DOC_MAX_BYTES,
		    text, err, errlen);
	if (!*in_read) {
		if (ts_read_file(ts_operand_path(arg), TS_DOC_MAX_BYTES, in,
		    err, errlen) == -1)
			return -1;
		*in_read = true;
	}
	ts_buf_init(text);
	ts_buf_add(text, in->data, in->len);
	return 0;
}

/*
 * The end of a try that failed with err: 1 (try again, quietly) when the
 * failure passes and there is time left, else -1 after the message.
 */
static int
failed(const struct ts_hist *h, const char *err, const char *tail)
{
	if (h->retry)
		return 1;
	ts_error("%s%s", err, tail);
	return -1;
}

/*
 * One try: every operand into the database in one transaction.  Return
 * 0 when added (the counts in *n, the database's path in *path), 1 when
 * another writer created the database first or the try may be redone,
 * -1 after a message.
 */
static int
add_all(const struct hist_opts *o, int nargs, char **args,
    struct ts_buf *in, bool *in_read, struct added *n, char **path)
{
	struct ts_hist h;
	struct ts_hist_adder *a;
	struct ts_hist_added one;
	struct ts_buf text;
	char err[1024];
	int i, rc = -1;

	memset(n, 0, sizeof *n);
	if (hist_open(o, true, &h) == -1)
		return h.retry ? 1 : -1;
	a = ts_hist_adder_new(&h, o->host, o->force, err, sizeof err);
	if (a == NULL || ts_hist_begin(&h, err, sizeof err) == -1) {
		rc = failed(&h, err, "");
		goto fail;
	}
	for (i = 0; i < nargs; i++) {
		const char *name = strcmp(args[i], "-") == 0 ?
		    "standard input" : args[i];

		if (read_operand(args[i], in, in_read, &text, err,
		    sizeof err) == -1) {
			ts_error("%s: nothing added", err);
			rc = -1;
			goto rollback;
		}
		h.retry = false;
		if (ts_hist_add(a, text.data, text.len, name, &one, err,
		    sizeof err) == -1) {
			ts_buf_free(&text);
			rc = failed(&h, err, "");
			goto rollback;
		}
		ts_buf_free(&text);
		if (one.tachyon)
			n->recs += one.added;
		else {
			n->docs += one.added;
			if (one.added > 0 && one.signature[0] == 'i')
				n->invalid++;
		}
		n->dups += one.duplicates;
	}
	ts_hist_adder_free(a);
	a = NULL;
	if (ts_hist_commit(&h, err, sizeof err) == -1 ||
	    (rc = ts_hist_publish(&h, err, sizeof err)) == -1) {
		rc = failed(&h, err, ": nothing added");
		goto fail;
	}
	*path = ts_xstrdup(h.path);
	ts_hist_close(&h);
	return rc;
rollback:
	ts_hist_rollback(&h);
fail:
	ts_hist_adder_free(a);
	ts_hist_close(&h);
	return rc;
}

int
hist_add(const struct hist_opts *o, int nargs, char **args)
{
	struct ts_buf in = { NULL, 0, 0 };
	struct hist_opts left = *o;
	struct added n;
	char err[1024], *path = NULL, *dflt = NULL;
	bool in_read = false;
	double start = ts_now();
	size_t made = 0;
	int rc;

	/*
	 * The default database's directories are made first, and removed
	 * again when nothing was added: a refused add changes nothing on
	 * disk (the database itself is only put in place after its commit).
	 */
	if (o->db == NULL) {
		if ((dflt = hist_path(o)) == NULL)
			return TS_EXIT_FAILURE;
		if (!ts_hist_is_server(dflt) &&
		    ts_hist_make_dirs(dflt, &made, err, sizeof err) == -1) {
			ts_error("%s", err);
			free(dflt);
			return TS_EXIT_FAILURE;
		}
	}
	/* Each try gets the time that is left of --timeout. */
	while ((rc = add_all(&left, nargs, args, &in, &in_read, &n,
	    &path)) == 1) {
		free(path);
		path = NULL;
		left.timeout_ms = o->timeout_ms -
		    (int)((ts_now() - start) * 1000.0);
		if (left.timeout_ms < 0)
			left.timeout_ms = 0;
	}
	ts_buf_free(&in);
	if (rc == -1 && made > 0)
		ts_hist_remove_dirs(dflt, made);
	free(dflt);
	if (rc == -1)
		return TS_EXIT_FAILURE;
	printf("added %lu document%s and %lu tachyon record%s to %s",
	    n.docs, n.docs == 1 ? "" : "s", n.recs, n.recs == 1 ? "" : "s",
	    path);
	if (n.dups > 0)
		printf("; %lu already there", n.dups);
	if (n.invalid > 0)
		printf("; %lu with an invalid signature (--force)", n.invalid);
	putchar('\n');
	free(path);
	return ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
}
