/* SPDX-License-Identifier: MIT */
/*
 * Whether two documents are of one machine, as compare and history's
 * check decide it (in report-compare.c).
 */
#ifndef TS_REPORT_MACHINE_H
#define TS_REPORT_MACHINE_H

struct ts_report;

/*
 * The first difference between the two documents' machines (CPU model,
 * target, thread count) as one line, or NULL (malloc'd).
 */
char	*ts_compare_machine_mismatch(const struct ts_report *,
	    const struct ts_report *);

#endif /* TS_REPORT_MACHINE_H */
