/* SPDX-License-Identifier: MIT */
/*
 * Adding to the history: a result document (read with the document
 * reader, checked with verify's coherence and signature checks) with its
 * host, producer, configuration and every workload's pass; or a file of
 * tachyon records (JSON Lines, read with the fleet record reader).  The
 * caller holds the write transaction (history-store.h).
 */
#ifndef TS_HISTORY_ADD_H
#define TS_HISTORY_ADD_H

#include <stdbool.h>
#include <stddef.h>

#include "doc/doc-model.h"
#include "history/history-store.h"

struct ts_hist_adder;

/* What one add did. */
struct ts_hist_added {
	unsigned long	added;		/* new rows (documents or records) */
	unsigned long	duplicates;	/* already there: left as they were */
	bool		tachyon;	/* the input was tachyon records */
	const char	*signature;	/* a document's: valid, unsigned, invalid */
};

/*
 * Prepare the statements of adding to h; NULL with err on failure.
 * host: the host name to record everything under (NULL: a document's
 * machine, a record's host_id); force: record documents whose signature
 * does not verify (else they are refused).
 */
struct ts_hist_adder *ts_hist_adder_new(struct ts_hist *h, const char *host,
	    bool force, char *err, size_t errlen);
void	ts_hist_adder_free(struct ts_hist_adder *);

/*
 * Add text[0..len), named name in messages and recorded as its source
 * (bytes that are not UTF-8 text there become '?'): tachyon records when
 * its first line is a tachyon JSON object ({"probe":"tachyon",...}),
 * else a result document.  What is stored is checked first: its time
 * within TS_HIST_TIME_MIN and TS_HIST_TIME_END (a record without
 * unix_time is dated now), its host name by ts_hist_host_check, every
 * string UTF-8 text without NUL (a document's strings, which the
 * commands print, also without control characters; a record, kept as
 * its JSON text, valid UTF-8 whole).  Return 0 with *out filled, or -1
 * with one line in err (nothing of this input added; the caller rolls
 * the transaction back).
 */
int	ts_hist_add(struct ts_hist_adder *, const char *text, size_t len,
	    const char *name, struct ts_hist_added *out, char *err,
	    size_t errlen);

/*
 * The host name of a document with no --host: the host's name it records
 * (extensions.hostname, as the CSV and JSON Lines rows say), else its
 * machine in one line, "CPU MODEL, N CPUs, M GiB, TARGET" (malloc'd).
 */
char	*ts_hist_machine_name(const struct ts_report *r);

/*
 * Seconds since the epoch of "YYYY-MM-DDTHH:MM:SS[.f]Z"; -1 if it is not
 * one (a day the month does not have, such as 2026-02-30, among them) or
 * is before 1970.
 */
long long ts_hist_parse_time(const char *s);

/*
 * Whether name[0..len) can be a host's name in the history: 1 to
 * TS_TAG_MAX_VALUE bytes of UTF-8 text without control characters (NUL
 * among them), the rule of tachyon's --tag values (host/host-id.h).
 * Return 0, or -1 with the reason in why, worded to follow the name's
 * description ("is empty", "holds the control character U+001B (byte
 * 4)"); the name itself is not quoted.
 */
int	ts_hist_host_check(const char *name, size_t len, char *why,
	    size_t whylen);

/* What a refused host name is told, after the reason. */
#define TS_HIST_HOST_RULE	"a host name is 1 to 1024 bytes of UTF-8 " \
	"text without control characters"

/* The lowercase hex SHA-256 of data into hex (65 bytes). */
void	ts_hist_sha256(const void *data, size_t len, char hex[65]);

#endif /* TS_HISTORY_ADD_H */
