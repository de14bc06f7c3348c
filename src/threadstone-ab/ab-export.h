/* SPDX-License-Identifier: MIT */
/*
 * threadstone-ab's exports, in hyperfine's layouts so that its readers
 * and plotting scripts take them:
 *  - JSON: "results", one object per command with hyperfine's keys
 *    (command, mean, stddev, median, user, system, min, max, times,
 *    exit_codes, all in seconds of wall time, as hyperfine's), and ours
 *    beside them (command_line, metric, memory_usage_byte); then
 *    "comparison": the ratio B/A of the metric with its 95 % interval
 *    (ratio, low, high), the verdict, the design, the rounds and how the
 *    host behaved;
 *  - CSV: hyperfine's columns (command,mean,stddev,median,user,system,
 *    min,max), then the metric's name and median and B/A with its
 *    interval (1 for A);
 *  - markdown: hyperfine's table (command, mean +- stddev, min, max,
 *    relative), with B's relative figure the paired ratio and its
 *    interval, and a line with the verdict under it.
 */
#ifndef AB_EXPORT_H
#define AB_EXPORT_H

#include "ab-exp.h"
#include "buf.h"

void	 ab_export_json(struct ts_buf *, const struct ab_opts *,
	    const struct ab_exp *);
void	 ab_export_csv(struct ts_buf *, const struct ab_opts *,
	    const struct ab_exp *);
void	 ab_export_markdown(struct ts_buf *, const struct ab_opts *,
	    const struct ab_exp *);

/*
 * Why the rounds stopped, as the JSON says it: "runs", "precision",
 * "time", "max-runs" or "interrupted".
 */
const char	*ab_export_stopped(const struct ab_exp *);

#endif /* AB_EXPORT_H */
