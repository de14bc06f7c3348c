/* SPDX-License-Identifier: MIT */
/*
 * Plateaus of a latency-versus-working-set curve, named after the cache
 * levels hwloc reports (L1d, L2, L3, ..., then DRAM), with each level's
 * measured boundary checked against hwloc's size.  Pure computation: the
 * caller passes the curve and the cache sizes.
 */
#ifndef TS_SWEEP_PLATEAU_H
#define TS_SWEEP_PLATEAU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

/* At most this many cache levels (L1d .. L4) and curve points. */
#define TS_PLATEAU_MAX_CACHES	4
#define TS_PLATEAU_MAX_POINTS	64

/* A doubling of the size that raises latency this much is rising... */
#define TS_PLATEAU_RISE		1.15
/* ...and a run of rising doublings that rises this much in all, */
#define TS_PLATEAU_STEP		1.5
/* with at least one doubling rising this much, is a step. */
#define TS_PLATEAU_STEEP	1.35
/* A rising run splits where it rises this fraction of its steepest part, */
#define TS_PLATEAU_VALLEY	0.7
/* or where the rise per doubling grows by this factor. */
#define TS_PLATEAU_REGIME	3.0
/* Plateaus whose medians differ by less than this are one level. */
#define TS_PLATEAU_MERGE	2.0
/* A level ends where latency has risen this much above its plateau. */
#define TS_PLATEAU_EDGE		1.5
/* A boundary within this factor of hwloc's size agrees with it. */
#define TS_PLATEAU_AGREE	2.0
/* Sizes this many times hwloc's largest cache are surely past it. */
#define TS_PLATEAU_PAST_LLC	2

/* The cache sizes hwloc reports, smallest level first (0 = absent). */
struct ts_cache_sizes {
	int		n;		/* levels present: L1d, L2, ... */
	uint64_t	bytes[TS_PLATEAU_MAX_CACHES];
};

/* How a level's measured extent compares with hwloc's size. */
enum ts_plateau_verdict {
	TS_PV_NONE,		/* DRAM, or no hwloc size to compare */
	TS_PV_AGREES,		/* boundary within a factor 2 of hwloc */
	TS_PV_EARLY,		/* latency steps up well before hwloc's size */
	TS_PV_LATE,		/* the plateau runs well past hwloc's size */
	TS_PV_OPEN		/* the sweep ended inside this level */
};

struct ts_plateau {
	size_t		first, last;	/* point indices (inclusive) */
	double		latency_ns;	/* median over first..last */
	int		level;		/* 0 = L1d ... n = DRAM */
	double		boundary;	/* measured end in bytes, 0 if open */
	size_t		step_at;	/* first point at the next level */
	enum ts_plateau_verdict verdict;
};

struct ts_plateaus {
	size_t		 n;			/* plateaus found */
	struct ts_plateau p[TS_PLATEAU_MAX_POINTS];
	int		 point_level[TS_PLATEAU_MAX_POINTS];
	int		 ncaches;		/* copied from the sizes */
	uint64_t	 cache_bytes[TS_PLATEAU_MAX_CACHES];
	uint64_t	 top_bytes;		/* largest size measured */
	size_t		 npoints;		/* points named */
	size_t		 memory_from;		/* first point the residency */
						/*   rule calls memory, or n */
	/*
	 * Set by the caller when each size had fewer readings than
	 * TS_PLATEAU_JUDGE_READINGS: the plateaus are then shown as
	 * tentative ("L2?") and hwloc's sizes are not judged.
	 */
	bool		 unjudged;
};

/* Readings per size (the fastest kept) that level names and hwloc's
 * verdicts need: one reading, which an interruption can move, does not
 * support "DISAGREES". */
#define TS_PLATEAU_JUDGE_READINGS	3

/*
 * Find the plateaus of the curve (bytes ascending, n <= 64 points,
 * latencies > 0) and name every point.  With no cache sizes at all the
 * plateaus are named P1, P2, ... in order.  Return 0, or -1 when the
 * input is unusable (n == 0, too many points, a latency not > 0).
 */
int	 ts_plateau_find(const uint64_t *bytes, const double *latency_ns,
	    size_t n, const struct ts_cache_sizes *, struct ts_plateaus *);

/*
 * Where memory begins on a page-local curve (mem-chase.h), by the package's
 * residency rule (mem-residency.h): when the sweep reached TS_PLATEAU_PAST_LLC
 * times hwloc's largest cache, the points there are surely memory, and
 * the lowest latency among them is memory's.  Every point from the top
 * down that is not cache-resident against it, by ts_residency_cached(),
 * is memory too.  Return the first of them; n when the rule cannot tell
 * (no cache sizes, a sweep too short, or no point read faster at all).
 */
size_t	 ts_plateau_memory_from(const uint64_t *bytes,
	    const double *local_ns, size_t n, const struct ts_cache_sizes *);

/*
 * ts_plateau_find for a page-local curve.  Such a curve has no TLB
 * sub-steps, so plateaus merge only when their medians are closer than
 * a step (TS_PLATEAU_STEP).  When ts_plateau_memory_from tells where
 * memory begins, the points from there on are one DRAM plateau and the
 * plateaus before it are named after cache levels only: a plateau that
 * runs on into memory is cut there, a single cached point left of it (the
 * ramp into memory) joining the level before it, and the last cache
 * level's step is where memory begins.  When more
 * plateaus stay apart before memory than hwloc has caches, the rule and
 * the steps disagree (a reading slowed by other work, most likely), and
 * the steps alone decide.
 */
int	 ts_plateau_find_local(const uint64_t *bytes, const double *local_ns,
	    size_t n, const struct ts_cache_sizes *, struct ts_plateaus *);

/* The name of a level for this many cache levels: "L1d", "L2", "DRAM". */
const char *ts_plateau_level_name(int level, int ncaches);

/* The name of point i's level. */
const char *ts_plateau_point_name(const struct ts_plateaus *, size_t i);

/*
 * The name of point i as shown: ts_plateau_point_name, followed by "?"
 * when the plateaus are unjudged ("L2?", "DRAM?").
 */
const char *ts_plateau_point_label(const struct ts_plateaus *, size_t i);

/* The line that says why the plateaus of r are not judged (no period). */
#define TS_PLATEAU_UNJUDGED_NOTE	"Levels not judged: one reading " \
	"per size, which one interruption can move; --repeat 3 keeps the " \
	"fastest of three, names the levels and checks hwloc's sizes"

/*
 * The plateau summary printed after the table: one line per plateau
 * (name, sizes, latency, boundary against hwloc), then one sentence for
 * every level whose boundary disagrees with hwloc or that has no plateau.
 */
void	 ts_plateau_summary(struct ts_buf *, const struct ts_plateaus *,
	    const uint64_t *bytes);

/*
 * Every sentence worth telling about the naming, at most max, each
 * malloc'd (no final period): boundaries that disagree with hwloc, hwloc
 * levels without a plateau, levels the sweep did not reach.  Return the
 * count.
 */
#define TS_PLATEAU_MAX_NOTES	(TS_PLATEAU_MAX_CACHES + 4)
size_t	 ts_plateau_notes(const struct ts_plateaus *, const uint64_t *bytes,
	    char **notes, size_t max);

/* The disagreement sentence for plateau j, or NULL; malloc'd. */
char	*ts_plateau_flag(const struct ts_plateaus *, size_t j,
	    const uint64_t *bytes);

#endif /* TS_SWEEP_PLATEAU_H */
