/* SPDX-License-Identifier: MIT */
/*
 * Result documents as rows for spreadsheets and line-oriented tools:
 * one row per workload and pass (single_thread, multi_thread), in CSV (RFC 4180, with a
 * header line) or JSON Lines (one object per line, the same fields).
 * Every row starts with its document's run id, host and time, so that
 * the rows of many runs stack into one table.
 */
#ifndef TS_REPORT_EXPORT_H
#define TS_REPORT_EXPORT_H

#include "doc/doc-model.h"
#include "buf.h"

/* The columns, in order, as the CSV header and the JSON Lines keys name them. */
extern const char *const ts_export_columns[];

/* Hex digits of a run id. */
#define TS_RUN_ID_LEN	16

/*
 * A document's run id into id: the first 16 hex digits of the SHA-256
 * of its canonical bytes (ts_doc_canonical: what the original signs),
 * so the same run has the same id wherever it is read (threadstone-run
 * at the end of the run, report, the history's export) and signing it
 * later changes nothing.
 */
void	ts_export_run_id(const struct ts_report *, char id[TS_RUN_ID_LEN + 1]);

/*
 * The document's machine in one line, "CPU MODEL, N CPUs, M GiB,
 * TARGET" (malloc'd): the name of a host that names itself nowhere.
 */
char	*ts_export_machine(const struct ts_report *);

/*
 * A document's host (malloc'd): extensions.hostname, as threadstone-run
 * records it, else its machine (ts_export_machine).
 */
char	*ts_export_host(const struct ts_report *);

/*
 * Append the header line and one line per workload pass that the document
 * has (a workload without passes gets one line with its error).  Numbers
 * are written in their shortest exact form, a missing one empty.
 */
void	ts_render_csv(struct ts_buf *, const struct ts_report *);

/* Append one JSON object per workload pass, a missing number as null. */
void	ts_render_jsonl(struct ts_buf *, const struct ts_report *);

#endif /* TS_REPORT_EXPORT_H */
