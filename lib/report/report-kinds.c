/* SPDX-License-Identifier: MIT */
/* The CPU-kind lines and columns of the outputs (see report-kinds.h). */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "doc/doc-kinds.h"
#include "report/report-kinds.h"
#include "report/report-render.h"

/* The kinds' summary line: where the passes ran. */
static void
where(struct ts_buf *b, const struct ts_report *r, const char **names,
    size_t n, const char *item)
{
	struct ts_kinds_single s;
	unsigned long long w;
	size_t i;
	bool any = false;

	ts_buf_printf(b, "%sCPU kinds: ", item);
	for (i = 0; i < n; i++)
		ts_buf_printf(b, "%s%s", i ? ", " : "", names[i]);
	ts_kinds_single(r, &s);
	if (s.kind != NULL) {
		ts_buf_printf(b, "\n%s1 thread on %s", item, s.kind);
		if (s.core >= 0 && s.cpus != NULL)
			ts_buf_printf(b, " core %lld (CPU %s)", s.core, s.cpus);
		if (!s.pinned)
			ts_buf_printf(b, ", not pinned: %s", s.reason != NULL ?
			    s.reason : "unknown reason");
	}
	for (i = 0; i < n; i++) {
		if (ts_kinds_workers(r, names[i], &w) == -1)
			continue;
		if (!any)
			ts_buf_printf(b, "\n%s%ju threads: ", item,
			    (uintmax_t)r->config.threads);
		ts_buf_printf(b, "%s%llu %s", any ? ", " : "", w, names[i]);
		any = true;
	}
	ts_buf_putc(b, '\n');
}

/* A workload's figure on a kind, or the dash. */
static const char *
cell(const struct ts_report *r, const struct ts_workload *w,
    const char *kind, char *buf)
{
	double v, ci95;

	if (ts_kinds_value(r, w->id, kind, &v, &ci95) == -1)
		return TS_DASH;
	return ts_si(v, buf);
}

void
ts_render_kinds(struct ts_buf *b, const struct ts_report *r)
{
	const char *names[TS_KINDS_MAX];
	char buf[TS_SI_MAX];
	size_t n = ts_kinds_names(r, names, TS_KINDS_MAX), i, k, width;

	if (n < 2)
		return;
	ts_buf_putc(b, '\n');
	where(b, r, names, n, "");
	if (!ts_kinds_has_per_kind(r))
		return;
	ts_buf_putc(b, '\n');
	ts_buf_pad(b, "1 thread per kind", 20);
	ts_buf_pad(b, "Unit", 9);
	for (k = 0; k < n; k++) {
		width = ts_text_width(names[k]) + 2;
		ts_buf_rpad(b, names[k], width < 12 ? 12 : width);
	}
	ts_buf_putc(b, '\n');
	for (i = 0; i < r->nworkloads; i++) {
		ts_buf_pad(b, r->workloads[i].name, 20);
		ts_buf_pad(b, ts_unit_label(r->workloads[i].unit), 9);
		for (k = 0; k < n; k++) {
			width = ts_text_width(names[k]) + 2;
			ts_buf_rpad(b, cell(r, &r->workloads[i], names[k], buf),
			    width < 12 ? 12 : width);
		}
		ts_buf_putc(b, '\n');
	}
}

void
ts_render_kinds_markdown(struct ts_buf *b, const struct ts_report *r)
{
	const char *names[TS_KINDS_MAX];
	char buf[TS_SI_MAX];
	size_t n = ts_kinds_names(r, names, TS_KINDS_MAX), i, k;

	if (n < 2)
		return;
	ts_buf_putc(b, '\n');
	where(b, r, names, n, "- ");
	if (!ts_kinds_has_per_kind(r))
		return;
	ts_buf_puts(b, "\n| Workload | Unit |");
	for (k = 0; k < n; k++)
		ts_buf_printf(b, " 1 thread, %s |", names[k]);
	ts_buf_puts(b, "\n|---|---|");
	for (k = 0; k < n; k++)
		ts_buf_puts(b, "---:|");
	ts_buf_putc(b, '\n');
	for (i = 0; i < r->nworkloads; i++) {
		ts_buf_printf(b, "| %s | %s |", r->workloads[i].name,
		    ts_unit_label(r->workloads[i].unit));
		for (k = 0; k < n; k++)
			ts_buf_printf(b, " %s |", cell(r, &r->workloads[i],
			    names[k], buf));
		ts_buf_putc(b, '\n');
	}
}
