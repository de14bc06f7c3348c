/* SPDX-License-Identifier: MIT */
/*
 * threadstone-ab's progress line on a terminal (ab-progress.h).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ab-figure.h"
#include "ab-progress.h"
#include "buf.h"
#include "cli.h"
#include "eta.h"
#include "status.h"

void
ab_progress_init(struct ab_progress *p, FILE *fp, bool on)
{
	memset(p, 0, sizeof *p);
	p->fp = fp;
	p->on = on;
	p->columns = on ? ts_terminal_columns(fileno(fp)) : 0;
}

void
ab_progress_erase(struct ab_progress *p)
{
	ts_status_erase(p->fp, &p->shown);
}

void
ab_progress_draw(struct ab_progress *p, const char *what,
    const struct ts_ab_metric *m, double a, double b,
    const struct ts_ab_est *e, double left)
{
	char fa[AB_FIGURE_MAX], fb[AB_FIGURE_MAX], eta[TS_ETA_MAX];
	struct ts_buf line;

	if (!p->on)
		return;
	ts_buf_init(&line);
	ts_buf_printf(&line, "%s", what);
	if (isfinite(a))
		ts_buf_printf(&line, " \xc2\xb7 A %s", ab_figure(m, a, fa));
	if (isfinite(b))
		ts_buf_printf(&line, " \xc2\xb7 B %s", ab_figure(m, b, fb));
	if (e != NULL && isfinite(e->ratio)) {
		ts_buf_printf(&line, " \xc2\xb7 B/A %.3f", e->ratio);
		if (isfinite(e->half_width))
			ts_buf_printf(&line, " \xc2\xb1%.1f %%",
			    100 * e->half_width);
	}
	if (left >= 0)
		ts_buf_printf(&line, " \xc2\xb7 %s", ts_eta_text(left, eta));
	ts_status_show(p->fp, line.data, !ts_locale_utf8(), p->columns,
	    &p->shown);
	ts_buf_free(&line);
}
