/* SPDX-License-Identifier: MIT */
/*
 * lib/report/report-format.c: the output formats' table gives --format's
 * values in their order, finds each by name, says which are text and
 * which data, and renders as the functions it stands for; the list of
 * lib/cli.c's hint is the result documents'.
 */
#include <config.h>

#include <stdbool.h>
#include <string.h>

#include "buf.h"
#include "cli.h"
#include "doc-fixture.h"
#include "report/report-compare.h"
#include "report/report-export.h"
#include "report/report-format.h"
#include "report/report-render.h"
#include "tap.h"

/* names, NULL-terminated, joined with spaces. */
static char *
joined(const char *const *names, struct ts_buf *b)
{
	size_t i;

	b->len = 0;
	for (i = 0; names[i] != NULL; i++)
		ts_buf_printf(b, "%s%s", i > 0 ? " " : "", names[i]);
	return b->data;
}

/* Whether f, given in, renders what want holds. */
static bool
renders(const char *name, enum ts_output_of of,
    const struct ts_output_in *in, const struct ts_buf *want, bool to_stdout)
{
	const struct ts_output *f = ts_output_find(of, name);
	struct ts_buf got;
	bool same;

	if (f == NULL)
		return false;
	ts_buf_init(&got);
	ts_output_render(f, &got, in, to_stdout);
	same = got.len == want->len && memcmp(got.data, want->data,
	    got.len) == 0;
	ts_buf_free(&got);
	return same;
}

static void
test_names(void)
{
	const char *const *doc = ts_output_names(TS_OUTPUT_DOC);
	struct ts_buf b;
	size_t i;

	ts_buf_init(&b);
	is_str(joined(doc, &b),
	    "table json markdown csv jsonl table-2.0 markdown-2.0",
	    "a document's formats, in --format's order");
	is_str(joined(ts_output_names(TS_OUTPUT_COMPARISON), &b),
	    "text original markdown json",
	    "a comparison's formats, in --format's order");
	for (i = 0; doc[i] != NULL && ts_formats[i] != NULL; i++)
		if (strcmp(doc[i], ts_formats[i]) != 0)
			break;
	ok(doc[i] == NULL && ts_formats[i] == NULL,
	    "the hint's formats (lib/cli.c) are a document's");
	{
		struct ts_buf c;

		ts_buf_init(&c);
		is_str(joined(ts_output_cmp_names, &c),
		    joined(ts_output_names(TS_OUTPUT_COMPARISON), &b),
		    "compare's option choices are a comparison's formats");
		ts_buf_free(&c);
	}
	ok(ts_output_at(TS_OUTPUT_DOC, 0) == ts_output_find(TS_OUTPUT_DOC,
	    "table") && ts_output_at(TS_OUTPUT_COMPARISON, 3) ==
	    ts_output_find(TS_OUTPUT_COMPARISON, "json") &&
	    ts_output_at(TS_OUTPUT_COMPARISON, 4) == NULL,
	    "the n-th name's format");
	ok(ts_output_find(TS_OUTPUT_DOC, "original") == NULL &&
	    ts_output_find(TS_OUTPUT_COMPARISON, "csv") == NULL,
	    "a format of the other kind is not found");
	ok(ts_output_is_text(ts_output_find(TS_OUTPUT_DOC, "table-2.0")) &&
	    ts_output_is_text(ts_output_find(TS_OUTPUT_COMPARISON,
	    "original")) && !ts_output_is_text(ts_output_find(
	    TS_OUTPUT_DOC, "markdown")), "the tables are text for people");
	ok(ts_output_is_data(ts_output_find(TS_OUTPUT_DOC, "jsonl")) &&
	    ts_output_is_data(ts_output_find(TS_OUTPUT_DOC, "csv")) &&
	    !ts_output_is_data(ts_output_find(TS_OUTPUT_DOC, "markdown")) &&
	    !ts_output_is_data(ts_output_find(TS_OUTPUT_DOC, "table")),
	    "json, jsonl and csv are data");
	ts_buf_free(&b);
}

static void
test_doc(const struct ts_report *r)
{
	struct ts_output_in in = { .doc = r, .colour = true };
	static const char *const names[] = { "table", "table-2.0", "markdown",
	    "markdown-2.0", "csv", "jsonl", "json" };
	struct {
		const char	*name;
		struct ts_buf	 want;
	} e[sizeof names / sizeof names[0]];
	size_t i, n = sizeof e / sizeof e[0];

	for (i = 0; i < n; i++) {
		e[i].name = names[i];
		ts_buf_init(&e[i].want);
	}
	ts_render_table(&e[0].want, r, true);
	ts_render_table_original(&e[1].want, r, true);
	ts_render_markdown(&e[2].want, r);
	ts_render_markdown_original(&e[3].want, r);
	ts_render_csv(&e[4].want, r);
	ts_render_jsonl(&e[5].want, r);
	ts_doc_pretty(r, &e[6].want);
	for (i = 0; i < n; i++)
		ok(renders(e[i].name, TS_OUTPUT_DOC, &in, &e[i].want, false),
		    "%s: the function it stands for, in colour when asked",
		    e[i].name);
	ts_buf_putc(&e[6].want, '\n');
	ok(renders("json", TS_OUTPUT_DOC, &in, &e[6].want, true),
	    "json on standard output: a newline after it");
	for (i = 0; i < n; i++)
		ts_buf_free(&e[i].want);
}

static void
test_comparison(const struct ts_report *r)
{
	const char *base[] = { "a.json" }, *cand[] = { "b|c.json" };
	struct ts_output_in in = { .base_paths = base, .nbase = 1,
	    .cand_paths = cand, .ncand = 1, .base_label = "A",
	    .cand_label = "B|C" };
	struct ts_comparison c;
	struct ts_buf want;

	ts_compare_sets(r, base, 1, r, cand, 1, &c);
	in.cmp = &c;
	ts_buf_init(&want);
	ts_render_comparison_text(&want, &c, "A", "B|C");
	ok(renders("text", TS_OUTPUT_COMPARISON, &in, &want, true),
	    "text: ts_render_comparison_text, with the sides' labels");
	want.len = 0;
	ts_render_comparison(&want, &c, "a.json", "b|c.json");
	ok(renders("original", TS_OUTPUT_COMPARISON, &in, &want, true) &&
	    (ts_output_find(TS_OUTPUT_COMPARISON, "original")->flags &
	    TS_OUTPUT_ONE_A_SIDE), "original: ts_render_comparison, "
	    "one document a side");
	want.len = 0;
	ts_render_comparison_markdown(&want, &c, "A", "B|C");
	ok(renders("markdown", TS_OUTPUT_COMPARISON, &in, &want, true) &&
	    strstr(want.data, "B\\|C") != NULL,
	    "markdown: ts_render_comparison_markdown, a pipe escaped");
	want.len = 0;
	ts_comparison_json_sets(&want, &c, base, 1, cand, 1);
	ok(renders("json", TS_OUTPUT_COMPARISON, &in, &want, true),
	    "json: ts_comparison_json_sets, as it ends");
	ts_buf_free(&want);
	ts_comparison_free(&c);
}

int
main(void)
{
	struct ts_report r;
	struct ts_buf text;
	char err[512];

	test_names();
	fixture_dir();
	fixture("apple-m4-pro.json", &text);
	if (parse(text.data, &r, err, sizeof err) != 0) {
		printf("Bail out! %s\n", err);
		return 1;
	}
	test_doc(&r);
	test_comparison(&r);
	ts_report_free(&r);
	ts_buf_free(&text);
	return done_testing();
}
