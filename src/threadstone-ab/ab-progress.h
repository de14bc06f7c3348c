/* SPDX-License-Identifier: MIT */
/*
 * threadstone-ab's progress line on a terminal (standard error): the
 * rounds so far, the latest figures of A and B, the ratio so far and the
 * time left, redrawn in place and cut to the terminal's width.
 */
#ifndef AB_PROGRESS_H
#define AB_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "ab/ab-metric.h"
#include "ab/ab-stats.h"

/* The progress line: whether it is drawn, and what is on screen. */
struct ab_progress {
	FILE	*fp;
	bool	 on;
	size_t	 shown;		/* columns of the line on screen */
	size_t	 columns;	/* the terminal's width; 0: unknown */
};

void	 ab_progress_init(struct ab_progress *, FILE *fp, bool on);
/*
 * Redraw it: what is being done ("warm-up 1/1", "12 rounds"), the latest
 * figures of A and B (NaN: none yet), the estimate so far (NULL: none)
 * and the seconds left (negative: unknown).
 */
void	 ab_progress_draw(struct ab_progress *, const char *what,
	    const struct ts_ab_metric *, double a, double b,
	    const struct ts_ab_est *, double left);
/* Erase the line, if one is on screen. */
void	 ab_progress_erase(struct ab_progress *);

#endif /* AB_PROGRESS_H */
