/* SPDX-License-Identifier: MIT */
/* check's judgement of a document (see history-check.h). */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "history/history-check.h"
#include "util.h"

const char *
ts_hist_check_answer_name(enum ts_hist_check_answer a)
{
	switch (a) {
	case TS_HIST_CHECK_OK: return "no-regression";
	case TS_HIST_CHECK_REGRESSION: return "regression";
	default: return "not-checked";
	}
}

/* The series of workload and pass among v[0..n), or NULL. */
static const struct ts_hist_series *
find_series(const struct ts_hist_series *v, size_t n, const char *w,
    const char *pass)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(v[i].workload, w) == 0 &&
		    strcmp(v[i].pass, pass) == 0)
			return &v[i];
	return NULL;
}

void
ts_hist_check_doc(const struct ts_report *r, const char *producer,
    const struct ts_hist_series *s, size_t ns, struct ts_hist_check *out)
{
	static const char *const pn[2] = { "single", "multi" };
	const struct ts_hist_series **ss;
	struct ts_hist_judgement *js;
	struct ts_cpd_params par;
	double *vals;
	size_t i, k, n = 0;

	memset(out, 0, sizeof *out);
	ts_cpd_defaults(&par);
	out->rows = ts_xcalloc(2 * r->nworkloads + 1, sizeof *out->rows);
	js = ts_xcalloc(2 * r->nworkloads + 1, sizeof *js);
	ss = ts_xcalloc(2 * r->nworkloads + 1, sizeof *ss);
	vals = ts_xcalloc(2 * r->nworkloads + 1, sizeof *vals);
	/* Every pass judged first: the run's judgement refines them. */
	for (i = 0; i < r->nworkloads; i++) {
		const struct ts_workload *w = &r->workloads[i];
		const struct ts_pass *p[2] = { w->single, w->multi };

		for (k = 0; k < 2; k++) {
			if (p[k] == NULL)
				continue;
			out->rows[n].workload = w->id;
			out->rows[n].pass = pn[k];
			out->rows[n].unit = w->unit;
			out->rows[n].value = vals[n] = p[k]->value;
			ss[n] = find_series(s, ns, w->id, pn[k]);
			ts_hist_judge(ss[n], producer, vals[n], &par, &js[n]);
			n++;
		}
	}
	/* The run as a whole: the median change of its passes. */
	ts_hist_judge_run(ss, js, vals, n, &out->run);
	for (i = 0; i < n; i++) {
		out->rows[i].j = js[i];
		out->njudged += ts_hist_judged(&js[i]);
		out->nworse += js[i].regression;
	}
	out->nworse += out->run.run_regression;
	out->nrows = n;
	out->answer = out->nworse > 0 ? TS_HIST_CHECK_REGRESSION :
	    out->njudged == 0 ? TS_HIST_CHECK_NOT_CHECKED : TS_HIST_CHECK_OK;
	TS_FREE_ALL(js, ss, vals);
}

void
ts_hist_check_free(struct ts_hist_check *c)
{
	free(c->rows);
	memset(c, 0, sizeof *c);
}
