/* SPDX-License-Identifier: MIT */
/*
 * The CPU-kind part of a comparison, for lib/report-compare.c: what the
 * two documents' kinds say, and the per-kind single-thread rows.
 */
#ifndef TS_REPORT_COMPARE_KINDS_H
#define TS_REPORT_COMPARE_KINDS_H

#include "buf.h"
#include "doc/doc-model.h"
#include "report/report-compare.h"

/* Fill the CPU-kind members of out (called by ts_compare()). */
void	 ts_compare_kinds(struct ts_comparison *out,
	    const struct ts_report *base, const struct ts_report *cand);
/* Append the per-kind rows as text, with the row renderer given. */
void	 ts_render_compare_kinds(struct ts_buf *,
	    const struct ts_comparison *,
	    void (*row)(struct ts_buf *, const struct ts_compare_row *));

#endif /* TS_REPORT_COMPARE_KINDS_H */
