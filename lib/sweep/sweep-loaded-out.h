/* SPDX-License-Identifier: MIT */
/*
 * What a loaded-latency run found, and its three forms: the table, the
 * JSON object (keys in threadstone-sweep(1)) and the SVG picture of
 * latency against bandwidth, one curve per mix.  Only libc.
 */
#ifndef TS_SWEEP_LOADED_OUT_H
#define TS_SWEEP_LOADED_OUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "sweep/sweep-loaded.h"

struct ts_loaded_curve {
	enum ts_load_mix	 mix;
	size_t			 n;
	struct ts_loaded_point	 points[TS_LOADED_MAX_DELAYS];
};

struct ts_loaded_report {
	uint64_t	 chase_bytes;
	uint64_t	 chase_page_bytes;
	uint64_t	 load_bytes;		/* per load thread */
	unsigned	 load_threads;
	unsigned	 latency_core;		/* core index of the chase */
	bool		 bound;			/* every thread bound */
	char		 binding[192];		/* why not, or "" */
	char		 note[192];		/* why the idle point alone, or "" */
	double		 window_s;
	unsigned	 readings;		/* per point, medians kept */
	struct ts_loaded_point idle;
	size_t		 ncurves;
	struct ts_loaded_curve curve[TS_MIX_COUNT];
	/* The NUMA matrix (nnodes 0: not measured): row = the cores' node,
	 * column = the memory's node. */
	unsigned	 nnodes;
	unsigned	*node_os;		/* nnodes */
	double		*numa_latency_ns;	/* nnodes x nnodes, page-local */
	double		*numa_random_ns;	/* nnodes x nnodes */
	double		*numa_bandwidth;	/* nnodes x nnodes, bytes/s */
};

/* The highest bandwidth of a curve (bytes per second). */
double	 ts_loaded_peak(const struct ts_loaded_curve *);

void	 ts_loaded_table(struct ts_buf *, const struct ts_loaded_report *);
/* The JSON object, pretty, two-space indent, ending with a newline. */
void	 ts_loaded_json(struct ts_buf *, const struct ts_loaded_report *);
/*
 * The SVG document: latency against the bandwidth the load moved, both
 * axes from zero in 1-2-5 steps, a curve per mix whose points are joined
 * in order of bandwidth when ts_loaded_joined (marks alone otherwise, so
 * that no curve doubles back), the idle latency and the peak as dotted
 * lines, a legend beside the frame, and ts_loaded_warnings under it.
 * Nothing drawn but the idle line without curves.
 */
void	 ts_loaded_svg(struct ts_buf *, const struct ts_loaded_report *);

/*
 * Whether a curve's points are joined: its bandwidth fell steadily (5 %
 * tolerance) as the delay grew, so that they trace the curve in order.
 */
bool	 ts_loaded_joined(const struct ts_loaded_curve *);

/* The least rise, peak over least, of a load that loaded memory. */
#define TS_LOADED_RISE	2.0
/* Room for one warning. */
#define TS_LOADED_WARNING_MAX	256

/*
 * What the curves say that makes them hard to read, one line each (no
 * program name), at most max into out; how many.  Per curve of two
 * points or more: a load that did not load memory (its bandwidth rose
 * less than TS_LOADED_RISE times from the longest delay to the
 * shortest, or its peak is under TS_LOADED_RISE times what the idle
 * random chase moves itself, a 64-byte line a load), and a bandwidth that did not fall steadily with the delay
 * (a noisy host: its points are not joined).
 */
size_t	 ts_loaded_warnings(const struct ts_loaded_report *,
	    char out[][TS_LOADED_WARNING_MAX], size_t max);

#endif /* TS_SWEEP_LOADED_OUT_H */
