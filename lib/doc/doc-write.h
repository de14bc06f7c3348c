/* SPDX-License-Identifier: MIT */
/*
 * Writing result documents byte for byte as ThreadStone 2.0.0 does: the
 * pretty file (section 8.5) and the canonical bytes that are signed (9.1).
 */
#ifndef TS_DOC_WRITE_H
#define TS_DOC_WRITE_H

#include <stdbool.h>

#include <stddef.h>

#include "buf.h"
#include "doc/doc-model.h"

struct json_object;

/*
 * Replace every double of the report x by lossy(ryu(x)), repeated until it
 * no longer changes (at most a few rounds), so the text written is a fixed
 * point of serde_json's parser: the original's verifier, ours and any
 * correctly rounding reader then compute the same canonical bytes (9.5).
 * threadstone-run calls this before writing, so that what it prints and
 * what it writes agree; ts_report_sign() calls it itself.  Extensions are
 * not touched: the pretty writer writes every double, theirs included, as
 * ts_doc_fixed_point() gives it.
 */
void	ts_report_normalise(struct ts_report *);
/*
 * One double as ts_report_normalise() leaves it: a double that one trip
 * through serde_json's parser leaves unchanged (where the rounds cycle,
 * the nearest such double), so that its text reads back to itself.
 */
double	ts_doc_fixed_point(double);

/*
 * Append the pretty document to out: serde_json's pretty layout, struct
 * order, optional fields omitted, window_too_short only when true,
 * "extensions" after "score", then "signature", every double written as
 * its fixed point (ts_doc_fixed_point).  No trailing newline (stdout
 * users add one).
 */
void	ts_doc_pretty(const struct ts_report *, struct ts_buf *out);

/*
 * Append the canonical bytes to out: what the original signs and checks.
 * Sorted keys, compact, floats as ryu(lossy(ryu(x))), without "signature",
 * "extensions" or unknown keys.
 */
void	ts_doc_canonical(const struct ts_report *, struct ts_buf *out);

/*
 * Write the pretty document to path whole or not at all (temporary file
 * and rename; an existing file keeps its mode).  Return 0, or -1 with
 * "cannot write PATH: reason" in err.
 */
int	ts_doc_write_file(const struct ts_report *, const char *path,
	    char *err, size_t errlen);

/*
 * The typed report as a json-c tree in struct order (doubles as json-c
 * doubles), with or without "extensions" and "signature".  The caller
 * owns the result (json_object_put).
 */
struct json_object *ts_doc_tree(const struct ts_report *, int extensions,
	    int signature);

/*
 * The "extensions" value of a report (NULL when it has none): each member
 * where it stood in the document read, or known keys in table order in a
 * document we produce; a known key's record written by its descriptor
 * unless its value as read is kept (see doc-ext.h).  The caller owns the
 * result.
 */
struct json_object *ts_ext_tree(const struct ts_extensions *);

/*
 * Serialise any json-c tree: pretty (serde_json's layout, keys in
 * insertion order) or canonical (compact, keys sorted bytewise, as the
 * signed bytes; doc-read.c signs a whole document's tree this way).
 * Doubles use ts_fmt_double(), of their fixed point when pretty (the text
 * reads back to itself), after one serde trip when canonical (what the
 * original signs); strings are escaped as serde_json does (section 9.2).
 */
void	ts_json_write_pretty(struct json_object *, struct ts_buf *out);
void	ts_json_write_canonical(struct json_object *, struct ts_buf *out);

/* Whether two trees are written to the same bytes by ts_json_write_pretty. */
bool	ts_json_same_pretty(struct json_object *, struct json_object *);

#endif /* TS_DOC_WRITE_H */
