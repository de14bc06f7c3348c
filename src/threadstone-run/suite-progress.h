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
	 * Beyond the original, once the start hook has said how many
	 * passes there are: "[k/N] " before the label of the transient
	 * line, and after it the time the rest should take.
	 */
	size_t	 columns;	/* the terminal's width; 0 unknown */
	bool	 ascii;		/* ASCII instead of the UTF-8 signs */
	unsigned npasses;	/* 0: not told */
	unsigned passes_done;
	unsigned warmup;	/* rounds before the first sample */
	bool	 in_pass;	/* a round event came since the last pass */
	double	 pass_t0;	/* when the current pass began */
	double	 round_ms;	/* of the current pass, once calibrated */
	double	 passes_secs;	/* what the finished passes took */
	double	(*now)(void);	/* the clock: ts_now unless a test sets it */
};

/*
 * Start a display on fp.  tty: fp is a terminal (transient lines are
 * drawn); quiet: print nothing, not even the permanent lines.
 */
void	ts_progress_display_init(struct ts_progress_display *, FILE *fp,
	    bool tty, bool quiet);

/* Point the suite's start, round, pass_done and note hooks here. */
void	ts_progress_display_attach(struct ts_progress_display *,
	    struct ts_suite_hooks *);

/* Erase the transient line, if one is on screen (call at the suite end). */
void	ts_progress_display_erase(struct ts_progress_display *);

/* Hook: the suite plans npasses passes; arg = display. */
void	ts_progress_display_start(unsigned npasses, void *arg);

/*
 * The seconds the rest of the suite should take, from the passes that
 * finished and the current one's rounds; -1 when nothing is known yet.
 */
double	ts_progress_display_left(const struct ts_progress_display *,
	    const struct ts_progress *ev);

/* Hook: a runner event (calibrating, calibrated, sample); arg = display. */
void	ts_progress_display_round(const struct ts_progress *, void *arg);

/* Hook: a pass finished (pass != NULL) or failed (error); arg = display. */
void	ts_progress_display_pass(const struct ts_kernel *, unsigned threads,
	    const struct ts_pass *pass, const char *error, void *arg);

/* Hook: a remark from the suite, printed as "  <text>…"; arg = display. */
void	ts_progress_display_note(const char *text, void *arg);

#endif /* TS_SUITE_PROGRESS_H */
