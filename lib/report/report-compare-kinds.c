/* SPDX-License-Identifier: MIT */
/*
 * The CPU-kind part of a comparison (see report-compare-kinds.h): whether
 * the two documents' kinds, or the kinds their single-thread passes ran on,
 * differ, and the per-kind single-thread rows, each kind against the
 * same kind, never a performance core against an efficiency core.
 */
#include <config.h>

#include <string.h>

#include "buf.h"
#include "doc/doc-kinds.h"
#include "report/report-compare-kinds.h"
#include "report/report-compare.h"
#include "util.h"

/* "IntelCore, IntelAtom; 1 thread on IntelCore", or "one kind". */
static void
describe(struct ts_buf *b, const char **names, size_t n, const char *single)
{
	size_t i;

	if (n == 0) {
		ts_buf_puts(b, "one CPU kind or none recorded");
		return;
	}
	for (i = 0; i < n; i++)
		ts_buf_printf(b, "%s%s", i ? ", " : "", names[i]);
	if (single != NULL)
		ts_buf_printf(b, "; 1 thread on %s", single);
}

/* Whether two optional strings differ. */
static bool
differ(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a != b;
	return strcmp(a, b) != 0;
}

/* The difference in kinds as one line, or NULL. */
static char *
kinds_differ(const struct ts_report *base, const struct ts_report *cand)
{
	const char *nb[TS_KINDS_MAX], *nc[TS_KINDS_MAX];
	const char *sb = ts_kinds_single_kind(base);
	const char *sc = ts_kinds_single_kind(cand);
	size_t b = ts_kinds_names(base, nb, TS_KINDS_MAX);
	size_t c = ts_kinds_names(cand, nc, TS_KINDS_MAX), i;
	bool same = b == c && !differ(sb, sc);
	struct ts_buf t;
	char *s;

	for (i = 0; same && i < b; i++)
		same = strcmp(nb[i], nc[i]) == 0;
	if (same)
		return NULL;
	ts_buf_init(&t);
	ts_buf_puts(&t, "different CPU kinds: '");
	describe(&t, nb, b, sb);
	ts_buf_puts(&t, "' vs '");
	describe(&t, nc, c, sc);
	ts_buf_putc(&t, '\'');
	s = ts_xstrdup(t.data);
	ts_buf_free(&t);
	return s;
}

/* A workload's figure on a kind as a pass, or NULL. */
static const struct ts_pass *
kind_pass(const struct ts_report *r, const char *id, const char *kind,
    struct ts_pass *p)
{
	memset(p, 0, sizeof *p);
	if (ts_kinds_value(r, id, kind, &p->value, &p->stats.ci95) == -1)
		return NULL;
	p->threads = 1;
	return p;
}

/* The rows of one kind: baseline workloads, then the candidate's own. */
static void
kind_rows(struct ts_comparison *out, struct ts_compare_kind *k,
    const struct ts_report *base, const struct ts_report *cand)
{
	struct ts_pass pb, pc;
	const struct ts_pass *b, *c;
	size_t i, j, n = 0;
	bool known;

	k->rows = ts_xcalloc(base->nworkloads + cand->nworkloads,
	    sizeof *k->rows);
	for (i = 0; i < base->nworkloads; i++) {
		b = kind_pass(base, base->workloads[i].id, k->kind, &pb);
		c = kind_pass(cand, base->workloads[i].id, k->kind, &pc);
		if (b != NULL || c != NULL)
			ts_compare_fill_row(&k->rows[n++],
			    base->workloads[i].id, base->workloads[i].unit,
			    b, c);
	}
	for (i = 0; i < cand->nworkloads; i++) {
		for (known = false, j = 0; j < base->nworkloads && !known; j++)
			known = strcmp(base->workloads[j].id,
			    cand->workloads[i].id) == 0;
		c = kind_pass(cand, cand->workloads[i].id, k->kind, &pc);
		if (!known && c != NULL)
			ts_compare_fill_row(&k->rows[n++],
			    cand->workloads[i].id, cand->workloads[i].unit,
			    NULL, c);
	}
	for (i = 0; i < n; i++)
		out->count[k->rows[i].verdict]++;
	k->nrows = n;
}

void
ts_compare_kinds(struct ts_comparison *out, const struct ts_report *base,
    const struct ts_report *cand)
{
	const char *nb[TS_KINDS_MAX], *nc[TS_KINDS_MAX];
	const char *sb = ts_kinds_single_kind(base);
	const char *sc = ts_kinds_single_kind(cand);
	size_t b = ts_kinds_names(base, nb, TS_KINDS_MAX);
	size_t c = ts_kinds_names(cand, nc, TS_KINDS_MAX), i, j;

	out->has_kinds = b > 0 || c > 0;
	out->kinds_differ = kinds_differ(base, cand);
	if (!ts_kinds_has_per_kind(base) || !ts_kinds_has_per_kind(cand))
		return;
	out->kinds = ts_xcalloc(b, sizeof *out->kinds);
	for (i = 0; i < b; i++) {
		/* The single-thread section already compares this one. */
		if (!differ(sb, sc) && sb != NULL && strcmp(nb[i], sb) == 0)
			continue;
		for (j = 0; j < c && strcmp(nb[i], nc[j]) != 0; j++)
			continue;
		if (j == c)
			continue;
		out->kinds[out->nkinds].kind = nb[i];
		kind_rows(out, &out->kinds[out->nkinds], base, cand);
		out->nkinds++;
	}
}

void
ts_render_compare_kinds(struct ts_buf *b, const struct ts_comparison *c,
    void (*row)(struct ts_buf *, const struct ts_compare_row *))
{
	size_t k, i;

	for (k = 0; k < c->nkinds; k++) {
		if (c->kinds[k].nrows == 0)
			continue;
		ts_buf_printf(b, "single-thread on %s\n", c->kinds[k].kind);
		for (i = 0; i < c->kinds[k].nrows; i++)
			row(b, &c->kinds[k].rows[i]);
		ts_buf_putc(b, '\n');
	}
}
