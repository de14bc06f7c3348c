/* SPDX-License-Identifier: MIT */
/*
 * Moving a history from one store to another (an SQLite file to a
 * PostgreSQL server, or any other way): hosts, documents with their
 * results, and tachyon records, each identified as add identifies it
 * (a document or record by the digest of its text, a host by its
 * name), so that a copy run again adds nothing twice.  Into a history
 * that is empty, rows keep their ids, so that list, show and export
 * read the same on both; into one that is not, they are given new ones.
 */
#ifndef TS_HISTORY_COPY_H
#define TS_HISTORY_COPY_H

#include <stdbool.h>
#include <stddef.h>

#include "history/history-store.h"

struct ts_hist_copied {
	unsigned long	hosts;		/* new hosts */
	unsigned long	documents;	/* new documents */
	unsigned long	results;	/* their results */
	unsigned long	readings;	/* new tachyon records */
	unsigned long	duplicates;	/* documents and records already there */
	bool		kept_ids;	/* the target was empty: ids kept */
};

/*
 * Copy every row of from into to, whose write transaction the caller
 * holds (ts_hist_begin).  Return 0 with *out, or -1 with one line in err
 * (the caller rolls back; to->retry when it may be redone).
 */
int	ts_hist_copy(struct ts_hist *from, struct ts_hist *to,
	    struct ts_hist_copied *out, char *err, size_t errlen);

#endif /* TS_HISTORY_COPY_H */
