/* SPDX-License-Identifier: MIT */
/*
 * How fast each core runs right now.  On a virtual machine the vCPUs are
 * not equal, and they change: one measured here ran a compute loop at
 * 0.60 of the other for minutes, while twenty minutes earlier both ran
 * alike.  A few milliseconds of a calibrated dependent-integer loop on
 * every core, in turns, tell which is fastest, by how much, and whether
 * that is more than the readings' own noise.
 */
#ifndef TS_TOPO_SPEED_H
#define TS_TOPO_SPEED_H

#include <stdbool.h>
#include <stddef.h>

struct ts_topo;

#define TS_SPEED_MAX	256	/* cores measured, at most */
#define TS_SPEED_MS	4.0	/* one reading, ms */
#define TS_SPEED_ROUNDS	5	/* readings of each core, in turns */
/* Cores differ when the fastest is beyond the noise and at least 3 %. */
#define TS_SPEED_FLOOR	0.03

struct ts_core_speed {
	unsigned	 core;		/* physical core index (lib/topo) */
	double		 rate;		/* best reading, loop steps per ns */
	double		 noise;		/* (best - second best) / best */
};

struct ts_speed {
	struct ts_core_speed cores[TS_SPEED_MAX];
	size_t		 n;
	size_t		 fastest;	/* index into cores */
	double		 disparity;	/* fastest rate / slowest rate */
	double		 noise;		/* the largest of the cores' */
	bool		 differ;	/* disparity beyond noise and floor */
};

/*
 * Measure every core of the topology (bound exactly, one at a time, from
 * a thread of its own).  Return 0, or -1 with a reason in err when fewer
 * than two cores could be measured (one core, binding refused, a
 * topology that is not this machine's).
 */
int	 ts_speed_probe(const struct ts_topo *, struct ts_speed *out,
	    char *err, size_t errlen);

/*
 * Fill fastest, disparity, noise and differ from cores[0..n) (for tests
 * and for readings taken elsewhere).
 */
void	 ts_speed_judge(struct ts_speed *);

/* Steps per ns of the loop over about ms milliseconds on this thread. */
double	 ts_speed_reading(double ms);

#endif /* TS_TOPO_SPEED_H */
