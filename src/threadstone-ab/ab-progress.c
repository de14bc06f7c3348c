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
	size_t i;

	if (p->shown == 0)
		return;
	fputc('\r', p->fp);
	for (i = 0; i < p->shown; i++)
		fputc(' ', p->fp);
	fputc('\r', p->fp);
	p->shown = 0;
	fflush(p->fp);
}

void
ab_progress_draw(struct ab_progress *p, const char *what,
    const struct ts_ab_metric *m, double a, double b,
    const struct ts_ab_est *e, double left)
{
	char fa[AB_FIGURE_MAX], fb[AB_FIGURE_MAX], eta[TS_ETA_MAX];
	struct ts_buf line, ascii;
	const char *text;
	size_t i, w = 0;

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
	ts_buf_init(&ascii);
	text = line.data;
	if (!ts_locale_utf8()) {
		ts_text_ascii(line.data, line.len, &ascii);
		text = ascii.data;
	}
	ab_progress_erase(p);
	if (p->columns > 1 && ts_text_width(text) >= p->columns) {
		for (i = 0; text[i] != '\0'; i++)
			if (((unsigned char)text[i] & 0xC0) != 0x80 &&
			    w++ == p->columns - 1)
				break;
		fwrite(text, 1, i, p->fp);
		p->shown = p->columns - 1;
	} else {
		fputs(text, p->fp);
		p->shown = ts_text_width(text);
	}
	fflush(p->fp);
	ts_buf_free(&ascii);
	ts_buf_free(&line);
}
