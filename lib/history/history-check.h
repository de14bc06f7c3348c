/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history check's judgement of one document against its
 * host's series: every pass by ts_hist_judge(), the run as a whole and
 * the night's family by ts_hist_judge_run() (history-night.h), and the
 * answer (a regression of the family, none, or nothing to judge by).  check prints it; publish shows it as a page.
 */
#ifndef TS_HISTORY_CHECK_H
#define TS_HISTORY_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "doc/doc-model.h"
#include "history/history-night.h"
#include "history/history-series.h"

struct ts_hist_check_row {
	const char		*workload;	/* borrowed from the document */
	const char		*pass;		/* "single" or "multi" */
	enum ts_unit		 unit;
	double			 value;
	struct ts_hist_judgement j;
};

enum ts_hist_check_answer {
	TS_HIST_CHECK_OK,		/* no regression */
	TS_HIST_CHECK_REGRESSION,	/* the night's family failed */
	TS_HIST_CHECK_NOT_CHECKED	/* no pass had enough history */
};

struct ts_hist_check {
	struct ts_hist_check_row	*rows;	/* the document's passes */
	size_t				 nrows;
	struct ts_hist_run_judgement	 run;
	size_t				 njudged;	/* rows with a verdict */
	size_t				 nworse;	/* the family's regressions */
	enum ts_hist_check_answer	 answer;
};

/*
 * Judge document r, written by producer (its description), against
 * s[0..ns), its host's series (any order; none is no history).  out
 * borrows r's strings; free it with ts_hist_check_free.
 */
void	ts_hist_check_doc(const struct ts_report *r, const char *producer,
	    const struct ts_hist_series *s, size_t ns,
	    struct ts_hist_check *out);
void	ts_hist_check_free(struct ts_hist_check *);

/* "no-regression", "regression" or "not-checked". */
const char *ts_hist_check_answer_name(enum ts_hist_check_answer);

#endif /* TS_HISTORY_CHECK_H */
