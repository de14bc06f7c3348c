/* SPDX-License-Identifier: MIT */
/*
 * The output formats' table (report-format.h).  A renderer takes
 * everything as a struct ts_output_in; the functions it calls keep their
 * own arguments (report-render.h, report-export.h, report-compare.h).
 */
#include <config.h>

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "buf.h"
#include "doc/doc-write.h"
#include "report/report-compare.h"
#include "report/report-export.h"
#include "report/report-format.h"
#include "report/report-render.h"

/* A result document. */

static void
doc_table(struct ts_buf *b, const struct ts_output_in *in)
{
	ts_render_table(b, in->doc, in->colour);
}

static void
doc_json(struct ts_buf *b, const struct ts_output_in *in)
{
	ts_doc_pretty(in->doc, b);
}

static void
doc_markdown(struct ts_buf *b, const struct ts_output_in *in)
{
	ts_render_markdown(b, in->doc);
}

static void
doc_csv(struct ts_buf *b, const struct ts_output_in *in)
{
	ts_render_csv(b, in->doc);
}

static void
doc_jsonl(struct ts_buf *b, const struct ts_output_in *in)
{
	ts_render_jsonl(b, in->doc);
}

static void
doc_table_original(struct ts_buf *b, const struct ts_output_in *in)
{
	ts_render_table_original(b, in->doc, in->colour);
}

static void
doc_markdown_original(struct ts_buf *b, const struct ts_output_in *in)
{
	ts_render_markdown_original(b, in->doc);
}

/* A comparison. */

static void
cmp_text(struct ts_buf *b, const struct ts_output_in *in)
{
	ts_render_comparison_text(b, in->cmp, in->base_label, in->cand_label);
}

static void
cmp_original(struct ts_buf *b, const struct ts_output_in *in)
{
	ts_render_comparison(b, in->cmp, in->base_paths[0],
	    in->cand_paths[0]);
}

static void
cmp_markdown(struct ts_buf *b, const struct ts_output_in *in)
{
	ts_render_comparison_markdown(b, in->cmp, in->base_label,
	    in->cand_label);
}

static void
cmp_json(struct ts_buf *b, const struct ts_output_in *in)
{
	ts_comparison_json_sets(b, in->cmp, in->base_paths, in->nbase,
	    in->cand_paths, in->ncand);
}

/*
 * The table: for each kind, its formats in --format's order, the
 * default first.
 */
static const struct ts_output outputs[] = {
	{ "table", TS_OUTPUT_DOC, TS_SYNTAX_TEXT, doc_table, 0 },
	{ "json", TS_OUTPUT_DOC, TS_SYNTAX_JSON, doc_json,
	    TS_OUTPUT_NEWLINE_ON_STDOUT },
	{ "markdown", TS_OUTPUT_DOC, TS_SYNTAX_MARKDOWN, doc_markdown, 0 },
	{ "csv", TS_OUTPUT_DOC, TS_SYNTAX_CSV, doc_csv, 0 },
	{ "jsonl", TS_OUTPUT_DOC, TS_SYNTAX_JSONL, doc_jsonl, 0 },
	/* ThreadStone 2.0.0's, byte for byte. */
	{ "table-2.0", TS_OUTPUT_DOC, TS_SYNTAX_TEXT, doc_table_original, 0 },
	{ "markdown-2.0", TS_OUTPUT_DOC, TS_SYNTAX_MARKDOWN,
	    doc_markdown_original, 0 },

	{ "text", TS_OUTPUT_COMPARISON, TS_SYNTAX_TEXT, cmp_text, 0 },
	/* ThreadStone 2.0.0's layout, as earlier versions printed it. */
	{ "original", TS_OUTPUT_COMPARISON, TS_SYNTAX_TEXT, cmp_original,
	    TS_OUTPUT_ONE_A_SIDE },
	{ "markdown", TS_OUTPUT_COMPARISON, TS_SYNTAX_MARKDOWN, cmp_markdown,
	    0 },
	{ "json", TS_OUTPUT_COMPARISON, TS_SYNTAX_JSON, cmp_json, 0 }
};
#define NOUTPUTS	(sizeof outputs / sizeof outputs[0])

const char *const ts_output_cmp_names[] = { "text", "original", "markdown",
    "json", NULL };

const char *const *
ts_output_names(enum ts_output_of of)
{
	/* Filled on the first call, from the table. */
	static const char *names[2][NOUTPUTS + 1];
	size_t i, n = 0;

	if (names[of][0] == NULL)
		for (i = 0; i < NOUTPUTS; i++)
			if (outputs[i].of == of)
				names[of][n++] = outputs[i].name;
	return names[of];
}

const struct ts_output *
ts_output_at(enum ts_output_of of, size_t i)
{
	size_t k;

	for (k = 0; k < NOUTPUTS; k++)
		if (outputs[k].of == of && i-- == 0)
			return &outputs[k];
	return NULL;
}

const struct ts_output *
ts_output_find(enum ts_output_of of, const char *name)
{
	size_t k;

	for (k = 0; k < NOUTPUTS; k++)
		if (outputs[k].of == of && strcmp(outputs[k].name, name) == 0)
			return &outputs[k];
	return NULL;
}

bool
ts_output_is_text(const struct ts_output *f)
{
	return f->syntax == TS_SYNTAX_TEXT;
}

bool
ts_output_is_data(const struct ts_output *f)
{
	return f->syntax == TS_SYNTAX_JSON || f->syntax == TS_SYNTAX_JSONL ||
	    f->syntax == TS_SYNTAX_CSV;
}

void
ts_output_render(const struct ts_output *f, struct ts_buf *b,
    const struct ts_output_in *in, bool to_stdout)
{
	f->render(b, in);
	if (to_stdout && (f->flags & TS_OUTPUT_NEWLINE_ON_STDOUT))
		ts_buf_putc(b, '\n');
}
