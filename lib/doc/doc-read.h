/* SPDX-License-Identifier: MIT */
/*
 * Reading a result document into the typed model with ThreadStone 2.0.0's
 * rules (section 8.4): strict types, optional fields missing or null,
 * serde_json's float parser, duplicate fields refused, unknown keys kept
 * aside as paths so verify can say the signature does not cover them.
 */
#ifndef TS_DOC_READ_H
#define TS_DOC_READ_H

#include <stddef.h>

#include "doc/doc-model.h"
#include "size.h"

/* Documents are a few tens of kilobytes; larger files are refused. */
#define TS_DOC_MAX_BYTES	((size_t)32 * TS_MIB)

/* Results of ts_doc_read(). */
#define TS_DOC_OK		0
#define TS_DOC_EREAD		(-1)	/* err: "cannot read PATH: reason" */
#define TS_DOC_EPARSE		(-2)	/* err: the parser's message */

/*
 * Parse text[0..len) into *r (which the caller zeroes or not: it is
 * overwritten).  Return 0, or -1 with a one-line message in err, in which
 * case *r holds nothing to free.  The message has serde_json's meaning
 * and names the place: "missing field `logical_cores` in system",
 * "invalid type: floating point `14.0`, expected u32 at config.samples",
 * "expected value at line 1 column 1".
 */
int	ts_doc_parse(const char *text, size_t len, struct ts_report *r,
	    char *err, size_t errlen);

/*
 * Read the file at path (at most TS_DOC_MAX_BYTES, valid UTF-8 as a whole)
 * and parse it.  Return TS_DOC_OK, TS_DOC_EREAD (not readable, a
 * directory, too large, not UTF-8) or TS_DOC_EPARSE, with a message in err.
 */
int	ts_doc_read(const char *path, struct ts_report *r, char *err,
	    size_t errlen);

/*
 * ts_doc_read() for a program: 0, or -1 with the one line to print in
 * err.  A read error is worded as ts_doc_read() words it, a parse error
 * as "NAME: message".
 */
int	ts_doc_load(const char *path, const char *name, struct ts_report *r,
	    char *err, size_t errlen);

/*
 * ts_doc_load() of a file operand: "-" reads standard input and is named
 * "standard input" in a parse error.
 */
int	ts_doc_load_arg(const char *arg, struct ts_report *r, char *err,
	    size_t errlen);

/*
 * Fill *e from a document's "extensions" value v (not JSON null), member
 * by member in its order: every known key into its typed record, and
 * beside it the value as read when the record would not write it back
 * byte for byte; unknown keys as read (see doc-ext.h).  Any previous
 * contents of *e are freed.
 */
void	ts_ext_read(struct json_object *v, struct ts_extensions *e);

#endif /* TS_DOC_READ_H */
