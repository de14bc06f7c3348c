/* SPDX-License-Identifier: MIT */
/*
 * The output formats, declared once: one entry per value of --format, as
 * lstopo's output methods, each a renderer of one signature.  The
 * programs choose through the table (threadstone-run and
 * threadstone-report the formats of a result document,
 * threadstone-compare those of a comparison); its names are --format's
 * values and its error message's list, in the table's order.  A new
 * format is an entry in report-format.c and its renderer.
 */
#ifndef TS_REPORT_FORMAT_H
#define TS_REPORT_FORMAT_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"

struct ts_report;
struct ts_comparison;

/* What a format renders. */
enum ts_output_of {
	TS_OUTPUT_DOC,		/* a result document */
	TS_OUTPUT_COMPARISON	/* a comparison of two documents or sets */
};

/* What the output is, for the choices that depend on it. */
enum ts_output_syntax {
	TS_SYNTAX_TEXT,		/* for people: ASCII if need be, colours */
	TS_SYNTAX_MARKDOWN,
	TS_SYNTAX_JSON,
	TS_SYNTAX_JSONL,
	TS_SYNTAX_CSV
};

/* What a renderer is given; each format reads the fields of its kind. */
struct ts_output_in {
	/* TS_OUTPUT_DOC */
	const struct ts_report		 *doc;
	bool				  colour;	/* the table's SGR colours */
	/* TS_OUTPUT_COMPARISON: the comparison, its sides' files and names */
	const struct ts_comparison	 *cmp;
	const char *const		 *base_paths, *const *cand_paths;
	size_t				  nbase, ncand;
	const char			 *base_label, *cand_label;
};

/* The one signature: append the rendering of in to b. */
typedef void	 ts_output_fn(struct ts_buf *b, const struct ts_output_in *in);

/* An entry's flags. */
enum {
	/*
	 * The rendering ends without a newline, which standard output adds
	 * (a JSON document: a file holds it as the original wrote it).
	 */
	TS_OUTPUT_NEWLINE_ON_STDOUT = 1,
	/* It compares one document a side, not sets of runs. */
	TS_OUTPUT_ONE_A_SIDE = 2
};

struct ts_output {
	const char		*name;		/* --format's value */
	enum ts_output_of	 of;
	enum ts_output_syntax	 syntax;
	ts_output_fn		*render;
	unsigned		 flags;
};

/*
 * --format's values for what of renders, in the table's order,
 * NULL-terminated; the first is the default.
 */
const char *const	*ts_output_names(enum ts_output_of of);

/*
 * A comparison's --format values as an option table's choices,
 * NULL-terminated, in the order of ts_output_names(TS_OUTPUT_COMPARISON)
 * (tests/unit-report-format checks it); a document's are lib/cli.h's
 * ts_formats.
 */
extern const char *const ts_output_cmp_names[];

/* The format of that name (an index into ts_output_names(of)). */
const struct ts_output	*ts_output_at(enum ts_output_of of, size_t i);

/* The format called name for what of renders, or NULL. */
const struct ts_output	*ts_output_find(enum ts_output_of of,
			    const char *name);

/* Whether f's output is text for people (ts_put_text on a terminal). */
bool			 ts_output_is_text(const struct ts_output *f);

/* Whether f's output is data: JSON, JSON Lines or CSV. */
bool			 ts_output_is_data(const struct ts_output *f);

/*
 * Append f's rendering of in to b, with the newline f leaves to
 * standard output when it goes there (to_stdout).
 */
void			 ts_output_render(const struct ts_output *f,
			    struct ts_buf *b, const struct ts_output_in *in,
			    bool to_stdout);

#endif /* TS_REPORT_FORMAT_H */
