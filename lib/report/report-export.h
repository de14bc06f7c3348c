/* SPDX-License-Identifier: MIT */
/*
 * Result documents as rows for spreadsheets and line-oriented tools:
 * one row per workload and pass (single_thread, multi_thread), in CSV (RFC 4180, with a
 * header line) or JSON Lines (one object per line, the same fields).
 */
#ifndef TS_REPORT_EXPORT_H
#define TS_REPORT_EXPORT_H

#include "doc/doc-model.h"
#include "buf.h"

/* The columns, in order, as the CSV header and the JSON Lines keys name them. */
extern const char *const ts_export_columns[];

/*
 * Append the header line and one line per workload pass that the document
 * has (a workload without passes gets one line with its error).  Numbers
 * are written in their shortest exact form, a missing one empty.
 */
void	ts_render_csv(struct ts_buf *, const struct ts_report *);

/* Append one JSON object per workload pass, a missing number as null. */
void	ts_render_jsonl(struct ts_buf *, const struct ts_report *);

#endif /* TS_REPORT_EXPORT_H */
