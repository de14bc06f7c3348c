/* SPDX-License-Identifier: MIT */
/*
 * The CPU-kind part of the table and of the markdown summary: where the
 * single-thread passes ran, the multi-thread workers per kind and, with
 * --per-kind, one column of single-thread figures per kind.  Nothing for a
 * document without extensions.cpu_kinds (a machine with one kind).
 */
#ifndef TS_REPORT_KINDS_H
#define TS_REPORT_KINDS_H

#include "buf.h"
#include "doc/doc-model.h"

void	ts_render_kinds(struct ts_buf *, const struct ts_report *);
void	ts_render_kinds_markdown(struct ts_buf *, const struct ts_report *);

#endif /* TS_REPORT_KINDS_H */
