/* SPDX-License-Identifier: MIT */
/*
 * The progress display of section 12.4, written to one stream: permanent
 * pass lines, and the transient status line with its bar or count.
 */
#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "eta.h"
#include "report/report-render.h"
#include "status.h"
#include "suite-progress.h"

void
ts_progress_display_init(struct ts_progress_display *d, FILE *fp, bool tty,
    bool quiet)
{
	memset(d, 0, sizeof *d);
	d->fp = fp;
	d->enabled = !quiet;
	d->tty = tty;
}

void
ts_progress_display_attach(struct ts_progress_display *d,
    struct ts_suite_hooks *h)
{
	h->round = ts_progress_display_round;
	h->pass_done = ts_progress_display_pass;
	h->note = ts_progress_display_note;
	h->arg = d;
}

void
ts_progress_display_erase(struct ts_progress_display *d)
{
	ts_status_erase(d->fp, &d->shown);
}

/* Put text in place of the transient line (terminals only). */
static void
show(struct ts_progress_display *d, const char *utf8)
{
	if (d->tty)
		ts_status_show(d->fp, utf8, d->ascii, d->columns, &d->shown);
}

/* A permanent line, in ASCII when the locale is not UTF-8. */
static void
put_line(struct ts_progress_display *d, const char *text)
{
	struct ts_buf a;

	if (!d->ascii) {
		fputs(text, d->fp);
		return;
	}
	ts_buf_init(&a);
	ts_text_ascii(text, strlen(text), &a);
	fputs(a.data, d->fp);
	ts_buf_free(&a);
}

/* Set the label to "<name> (1 thread)" or "<name> (N threads)". */
static void
set_label(struct ts_progress_display *d, const struct ts_kernel *k,
    unsigned threads)
{
	snprintf(d->label, sizeof d->label, "%s (%u thread%s)", k->name,
	    threads, threads == 1 ? "" : "s");
}

void
ts_progress_display_round(const struct ts_progress *ev, void *arg)
{
	struct ts_progress_display *d = arg;
	struct ts_buf b;
	char si[TS_SI_MAX], eta[TS_ETA_MAX];
	uint32_t i;

	if (!d->enabled || !d->tty)
		return;
	set_label(d, ev->kernel, ev->threads);
	ts_buf_init(&b);
	if (ev->steps > 0)
		ts_buf_printf(&b, "  [%u/%u] %s \u00b7 ", ev->step, ev->steps,
		    d->label);
	else
		ts_buf_printf(&b, "  %s \u00b7 ", d->label);
	switch (ev->event) {
	case TS_PROGRESS_CALIBRATING:
		ts_buf_puts(&b, "calibrating\u2026");
		break;
	case TS_PROGRESS_CALIBRATED:
		ts_buf_printf(&b, "%llu iters/thread, %.0f ms per round",
		    (unsigned long long)ev->iters, ev->round_ms);
		break;
	case TS_PROGRESS_SAMPLE:
		/* The original draws a bar; a long one would wrap, and a
		 * wrapped line cannot be redrawn in place, so count. */
		if (ev->total > TS_PROGRESS_BAR_MAX)
			ts_buf_printf(&b, "%lu/%lu", (unsigned long)ev->done,
			    (unsigned long)ev->total);
		else
			for (i = 0; i < ev->total; i++)
				ts_buf_puts(&b, i < ev->done ? "\u25cf" :
				    "\u00b7");
		ts_buf_printf(&b, " %s %s", ts_si(ev->rate, si),
		    ts_unit_label(ev->kernel->unit));
		break;
	}
	if (ev->steps > 0 && ev->left_s > 0)
		ts_buf_printf(&b, " \u00b7 %s", ts_eta_text(ev->left_s, eta));
	show(d, b.data);
	ts_buf_free(&b);
}

void
ts_progress_display_pass(const struct ts_kernel *k, unsigned threads,
    const struct ts_pass *pass, const char *error, void *arg)
{
	struct ts_progress_display *d = arg;
	struct ts_buf b;
	char si[TS_SI_MAX];

	if (!d->enabled)
		return;
	ts_progress_display_erase(d);
	ts_buf_init(&b);
	if (pass != NULL) {
		set_label(d, k, threads);
		ts_buf_puts(&b, "  ");
		ts_buf_pad(&b, d->label, 28);
		ts_buf_putc(&b, ' ');
		ts_buf_rpad(&b, ts_si(pass->value, si), 10);
		ts_buf_printf(&b, " %s  \u00b1%.1f%%\n", ts_unit_label(k->unit),
		    pass->stats.cv * 100.0);
	} else
		ts_buf_printf(&b, "  %s: FAILED \u2014 %s\n", k->id, error);
	put_line(d, b.data);
	fflush(d->fp);
	ts_buf_free(&b);
}

void
ts_progress_display_note(const char *text, void *arg)
{
	struct ts_progress_display *d = arg;
	struct ts_buf b;

	if (!d->enabled)
		return;
	ts_progress_display_erase(d);
	ts_buf_init(&b);
	ts_buf_printf(&b, "  %s\u2026\n", text);
	put_line(d, b.data);
	ts_buf_free(&b);
	fflush(d->fp);
}
