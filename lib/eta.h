/* SPDX-License-Identifier: MIT */
/*
 * Time estimates for progress lines: how long what is left should take,
 * from what the finished steps took, and its wording ("about 40 s
 * left").  Pure arithmetic; the programs draw the lines.
 */
#ifndef TS_ETA_H
#define TS_ETA_H

#include <stddef.h>
#include <stdint.h>

/* Longest text ts_eta_text() writes, with its NUL. */
#define TS_ETA_MAX	48

/*
 * Write "about N s left" (N >= 1, rounded up, to 5 s above 20 s) or
 * "about M min S s left" / "about H h M min left" into buf (TS_ETA_MAX
 * bytes); a negative or non-finite secs gives "".  Return buf.
 */
const char	*ts_eta_text(double secs, char *buf);

/*
 * The seconds that steps of sizes[from..n) should take when every step so
 * far, sizes[0..from), took secs[0..from): a fixed cost (the fastest step
 * so far) plus a cost per byte fitted on the latest finished step once it
 * took at least twice the fixed cost, so that the doubling sizes of a
 * sweep, whose largest steps take longest, are foreseen.  -1 when nothing
 * has finished yet, or only steps 64 times smaller than the last.
 */
double		 ts_eta_sized(const uint64_t *sizes, const double *secs,
		    size_t from, size_t n);

/*
 * The seconds that n passes run in steps should still take: pass i has
 * left[i] steps to go, each taking about secs[i] (what its latest step
 * took; negative when it has not run yet, then the mean of the passes
 * that have).  0 when nothing is left; -1 when something is left and no
 * pass has run.
 */
double		 ts_eta_passes(const double *secs, const unsigned *left,
		    size_t n);

#endif /* TS_ETA_H */
