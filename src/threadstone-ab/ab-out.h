/* SPDX-License-Identifier: MIT */
/*
 * What threadstone-ab says to people at the end: the summary of an
 * experiment, and the gate's line.
 */
#ifndef AB_OUT_H
#define AB_OUT_H

#include "ab-exp.h"
#include "buf.h"

/* The summary of e (judged) into b, as text for people. */
void	 ab_out_summary(struct ts_buf *b, const struct ab_opts *o,
	    const struct ab_exp *e);

/*
 * When the units (rounds, or duet's pairs) were found correlated in
 * time, what that did to the interval, without a newline: "rounds
 * correlated in time (lag-1 rank autocorrelation 0.20, p 0.003):
 * interval widened 1.31x, to the one of 14 batches of rounds".
 */
void	 ab_out_serial(struct ts_buf *b, const struct ab_opts *o,
	    const struct ts_ab_est *x);

/*
 * One line for --fail-above when the gate failed: "B ('NAME') is slower
 * than A ('NAME') by more than 5 %: ...".
 */
void	 ab_out_gate(struct ts_buf *b, const struct ab_opts *o,
	    const struct ab_exp *e);

#endif /* AB_OUT_H */
