/* SPDX-License-Identifier: MIT */
/*
 * The progress display of ThreadStone 2.0.0 section 12.4: a permanent
 * line per finished or failed pass, and on a terminal a transient status
 * line redrawn in place while a pass runs.
 */
#ifndef TS_SUITE_PROGRESS_H
#define TS_SUITE_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "doc/doc-model.h"
#include "kernels/kernel.h"
#include "suite/suite-pass.h"
#include "suite/suite.h"

/* Longest bar of samples; passes with more samples show "done/total". */
#define TS_PROGRESS_BAR_MAX	32

/* One display on one stream; fill with ts_progress_display_init(). */
struct ts_progress_display {
	FILE	*fp;		/* where everything goes (stderr in the tools) */
	bool	 enabled;	/* false: print nothing at all */
	bool	 tty;		/* transient lines only on a terminal */
	size_t	 shown;		/* columns of the transient line on screen */
	char	 label[256];	/* "<name> (N threads)" of the current pass */
	/*
	 * Beyond the original: the transient line is cut to the terminal's
	 * width, starts with the suite's step ("[k/N] ", from the events)
	 * and ends with the time the rest should take.
	 */
	size_t	 columns;	/* the terminal's width; 0 unknown */
	bool	 ascii;		/* ASCII instead of the UTF-8 signs */
};

/*
 * Start a display on fp.  tty: fp is a terminal (transient lines are
 * drawn); quiet: print nothing, not even the permanent lines.
 */
void	ts_progress_display_init(struct ts_progress_display *, FILE *fp,
	    bool tty, bool quiet);

/* Point the suite's round, pass_done and note hooks at this display. */
void	ts_progress_display_attach(struct ts_progress_display *,
	    struct ts_suite_hooks *);

/* Erase the transient line, if one is on screen (call at the suite end). */
void	ts_progress_display_erase(struct ts_progress_display *);

/* Hook: a runner event (calibrating, calibrated, sample); arg = display. */
void	ts_progress_display_round(const struct ts_progress *, void *arg);

/* Hook: a pass finished (pass != NULL) or failed (error); arg = display. */
void	ts_progress_display_pass(const struct ts_kernel *, unsigned threads,
	    const struct ts_pass *pass, const char *error, void *arg);

/* Hook: a remark from the suite, printed as "  <text>…"; arg = display. */
void	ts_progress_display_note(const char *text, void *arg);

#endif /* TS_SUITE_PROGRESS_H */
