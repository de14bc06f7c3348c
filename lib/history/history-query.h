/* SPDX-License-Identifier: MIT */
/*
 * The history read back as hosts and documents, for a reader that walks
 * all of it (threadstone-history publish): every host with its counts
 * and times, a host's documents in time order, and one document's
 * stored text.  What the series are is history-series.h's.
 */
#ifndef TS_HISTORY_QUERY_H
#define TS_HISTORY_QUERY_H

#include <stddef.h>

#include "buf.h"
#include "history/history-store.h"

struct ts_hist_host {
	char		*name;
	char		*cpu_model;	/* "" when the documents gave none */
	long long	 ndocs;		/* its documents */
	long long	 nrecords;	/* its tachyon records */
	long long	 first, last;	/* its first and last document's time, -1 */
};

/*
 * Every host, by name, into *out (freed with ts_hist_hosts_free).
 * Return how many, or -1 with err.
 */
long	ts_hist_hosts_load(struct ts_hist *h, struct ts_hist_host **out,
	    char *err, size_t errlen);
void	ts_hist_hosts_free(struct ts_hist_host *, size_t n);

/* One stored document, without its text. */
struct ts_hist_doc {
	long long	 id;		/* documents.id */
	long long	 t;		/* generated_at in seconds */
	char		*generated_at;
	char		*producer;	/* its description (doc-producer.h) */
	char		*signature;	/* "valid", "unsigned" or "invalid" */
	char		*sha256;	/* of its text, lowercase hex */
	char		*added_at;
	char		*source;	/* the name it was added by, "" if none */
};

/*
 * The documents of host in time order (generated_at, then id) into *out
 * (freed with ts_hist_docs_free).  Return how many, or -1 with err.
 */
long	ts_hist_docs_load(struct ts_hist *h, const char *host,
	    struct ts_hist_doc **out, char *err, size_t errlen);
void	ts_hist_docs_free(struct ts_hist_doc *, size_t n);

/*
 * The text of document id, as it was added, into out (emptied first).
 * Return 0, or -1 with err (no such document among them).
 */
int	ts_hist_doc_text(struct ts_hist *h, long long id, struct ts_buf *out,
	    char *err, size_t errlen);

#endif /* TS_HISTORY_QUERY_H */
