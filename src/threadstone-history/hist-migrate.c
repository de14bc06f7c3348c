/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history migrate: a history moved from one store to another
 * (--from FILE.sqlite --to postgresql://...), in one transaction of the
 * target, which can be run again without adding anything twice.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exitcodes.h"
#include "hist.h"
#include "history/history-copy.h"
#include "msg.h"
#include "util.h"

/*
 * One try: 0 when copied (the counts in *n, the target's name in *name),
 * 1 when it may be redone (a failure that passes, or a new target file
 * made first by another writer), -1 after a message.
 */
static int
migrate_once(const struct hist_opts *o, int timeout_ms,
    struct ts_hist_copied *n, char **name)
{
	struct ts_hist from, to;
	char err[1024];
	int rc = -1;

	if (ts_hist_open(&from, o->from, false, false, timeout_ms, err,
	    sizeof err) == -1) {
		ts_error("%s", err);
		ts_hist_close(&from);
		return -1;
	}
	if (ts_hist_open(&to, o->to, true, true, timeout_ms, err,
	    sizeof err) == -1) {
		rc = to.retry ? 1 : -1;
		goto close;
	}
	if (ts_hist_begin(&to, err, sizeof err) == -1 ||
	    ts_hist_copy(&from, &to, n, err, sizeof err) == -1) {
		ts_hist_rollback(&to);
		rc = to.retry ? 1 : -1;
		goto close;
	}
	if (ts_hist_commit(&to, err, sizeof err) == -1 ||
	    (rc = ts_hist_publish(&to, err, sizeof err)) == -1) {
		rc = to.retry ? 1 : -1;
		goto close;
	}
	*name = ts_xstrdup(to.path);
close:
	ts_hist_close(&to);
	if (rc == -1)
		ts_error("%s: nothing copied", err);
	ts_hist_close(&from);
	return rc;
}

int
hist_migrate(const struct hist_opts *o)
{
	struct ts_hist_copied n;
	char *name = NULL;
	double start = ts_now();
	int rc, left = o->timeout_ms;

	while ((rc = migrate_once(o, left, &n, &name)) == 1) {
		left = o->timeout_ms - (int)((ts_now() - start) * 1000.0);
		if (left < 0)
			left = 0;
	}
	if (rc == -1)
		return TS_EXIT_FAILURE;
	printf("copied %lu document%s (%lu results), %lu tachyon record%s and "
	    "%lu host%s to %s", n.documents, n.documents == 1 ? "" : "s",
	    n.results, n.readings, n.readings == 1 ? "" : "s", n.hosts,
	    n.hosts == 1 ? "" : "s", name);
	if (n.duplicates > 0)
		printf("; %lu already there", n.duplicates);
	if (n.kept_ids && n.documents + n.readings > 0)
		printf("; ids kept");
	putchar('\n');
	free(name);
	return ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
}
