/* SPDX-License-Identifier: MIT */
/*
 * The types and limits of the fleet analysis (fleet.h), which its
 * within-host half (fleet-within.h) shares: the hosts and points kept,
 * the estimates and the result.  Types only.
 */
#ifndef TS_FLEET_TYPES_H
#define TS_FLEET_TYPES_H

#include <stddef.h>
#include <stdint.h>

#include "fleet/fleet-mom.h"
#include "rng.h"

/* At most this many records are kept for a plot (reservoir sample). */
#define TS_FLEET_MAX_POINTS	20000
/*
 * Clusters a bootstrap needs for a verdict: hosts (each with two records
 * or more) for the between-host one; hosts, or else blocks of time, for
 * the within-host one.  With k clusters there are only C(2k-1, k)
 * distinct resamples (35 for 4): too few to bound an estimate.
 */
#define TS_FLEET_MIN_HOSTS	10
/* Share of the timing variance between hosts below which there is
   nothing to normalise between hosts. */
#define TS_FLEET_MIN_SHARE	0.05
/* Blocks of time are kept while the fleet has at most this many hosts
   (more hosts are clusters enough). */
#define TS_FLEET_BLOCK_HOSTS	64
/* R^2 from which the score "explains most" of the between-host variance. */
#define TS_FLEET_MOST		0.5
/* Points of the fit's interval band. */
#define TS_FLEET_BAND		48

struct ts_fleet_host {
	char		*name;
	uint64_t	 n;
	double		 mean_t, m2_t;	/* Welford, timing */
	double		 mean_s;	/* running mean of the score */
	struct ts_fleet_mom	 mom;	/* the host's co-moments */
	struct ts_fleet_blocks	 blk;	/* its blocks of time, or none */
};

struct ts_fleet_point {
	uint32_t	 host;		/* index into hosts */
	double		 t, s;
};

struct ts_fleet {
	struct ts_fleet_host	*hosts;
	size_t			 nhosts, cap;
	uint32_t		*slots;	/* open addressing; UINT32_MAX empty */
	size_t			 nslots;
	uint64_t		 records;
	struct ts_fleet_point	*points;
	size_t			 npoints;
	struct ts_rng		 rng;	/* reservoir sampling */
	int			 blocks_dropped; /* too many hosts for blocks */
};

/* An estimate with its 95 % bootstrap interval. */
struct ts_est {
	double	 v, lo, hi;
};

enum ts_fleet_verdict {
	TS_FLEET_NORMALISE,
	TS_FLEET_FILTER,
	TS_FLEET_NONE
};

/* What --normalise would use. */
enum ts_fleet_norm {
	TS_FLEET_NORM_NONE,
	TS_FLEET_NORM_BETWEEN,	/* the host-mean fit */
	TS_FLEET_NORM_WITHIN	/* the within-host slope, per record */
};

/* Which of the two the score explains. */
enum ts_fleet_explains {
	TS_FLEET_NEITHER,
	TS_FLEET_BETWEEN,
	TS_FLEET_WITHIN,
	TS_FLEET_BOTH
};

struct ts_fleet_result {
	uint64_t	 records;	/* in the analysed hosts */
	size_t		 hosts;		/* with >= 2 records */
	size_t		 single_hosts;	/* with one record, left out */
	uint64_t	 single_records;
	double		 per_host_min, per_host_mean, per_host_max;
	double		 mean_t;	/* over records */
	double		 cv_within;	/* pooled within-host SD / mean */
	double		 cv_between;	/* SD of host means / their mean */
	double		 cv_total;	/* SD of all records / mean */
	double		 share_between;	/* of the timing variance */
	/* Host-mean timing on host-mean score, and on 1 / score. */
	struct ts_est	 r2, slope, r2_inv, slope_inv, rho;
	double		 intercept, intercept_inv;
	unsigned	 bootstrap;
	uint64_t	 seed;
	/* The better model: 0 score, 1 inverse. */
	int		 inverse;
	enum ts_fleet_verdict	 verdict;
	/* The filter: drop hosts whose mean score is below threshold. */
	int		 have_threshold;
	double		 threshold;
	size_t		 dropped_hosts;
	uint64_t	 dropped_records;
	double		 slower_pct;	/* dropped hosts' mean timing excess */
	double		 welch_t;
	double		 cv_kept;	/* record CV of the kept hosts */
	double		 ref_score;	/* --normalise's reference: median host score */
	char		 reason[2048];	/* why the verdict */
	/* Between hosts: 0 when too few hosts to bootstrap (why says). */
	int		 between_ok;
	char		 between_why[256];
	/*
	 * Within hosts: each record's timing and score about its host's
	 * means, pooled over hosts (record level), bootstrapped over hosts
	 * or, with fewer than TS_FLEET_MIN_HOSTS, over each host's blocks
	 * of time.  within_ok 0: no verdict (within_why says).
	 */
	int		 within_ok;
	char		 within_why[256];
	size_t		 within_hosts;
	uint64_t	 within_records;
	double		 share_within;	/* of the timing variance */
	int		 by_blocks;	/* clusters are blocks of time */
	size_t		 clusters;
	double		 block_len;	/* records per block, mean */
	struct ts_est	 w_r2, w_slope, w_r2_inv, w_slope_inv;
	int		 w_inverse;	/* the better model: 1 / score */
	double		 w_ref;		/* the records' mean score (or 1/score) */
	int		 w_explains;	/* R^2 >= TS_FLEET_MOST, slope clear */
	char		 w_reason[256];
	enum ts_fleet_explains	 explains;
	enum ts_fleet_norm	 norm;
	/* The chosen fit's 95 % band at TS_FLEET_BAND points across the
	   host-mean scores, from x_min to x_max. */
	double		 x_min, x_max;
	double		 band_lo[TS_FLEET_BAND], band_hi[TS_FLEET_BAND];
};

#endif /* TS_FLEET_TYPES_H */
