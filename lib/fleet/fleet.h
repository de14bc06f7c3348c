/* SPDX-License-Identifier: MIT */
/*
 * Between-host analysis of (host, timing, score) records, the second step
 * of "filter first, normalise only once validated": per-host running
 * accumulators (memory grows with hosts, not records), the split of the
 * timing variance within and between hosts, how much of the between-host
 * part the score explains (R^2 on the score and on its inverse, slope,
 * Spearman's rho, each with a bootstrap interval over hosts), a score
 * threshold that drops reliably slower hosts, and the verdict.  Only libc.
 */
#ifndef TS_FLEET_H
#define TS_FLEET_H

#include <stddef.h>
#include <stdint.h>

#include "rng.h"

/* At most this many records are kept for a plot (reservoir sample). */
#define TS_FLEET_MAX_POINTS	20000
/* Hosts needed for a verdict (each with two records or more). */
#define TS_FLEET_MIN_HOSTS	3
/* R^2 from which the score "explains most" of the between-host variance. */
#define TS_FLEET_MOST		0.5
/* Points of the fit's interval band. */
#define TS_FLEET_BAND		48

struct ts_fleet_host {
	char		*name;
	uint64_t	 n;
	double		 mean_t, m2_t;	/* Welford, timing */
	double		 mean_s;	/* running mean of the score */
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
};

void	 ts_fleet_init(struct ts_fleet *, uint64_t seed);
void	 ts_fleet_free(struct ts_fleet *);
/* Add one record; t and s are finite and s > 0 (the caller checks). */
void	 ts_fleet_add(struct ts_fleet *, const char *host, double t, double s);

/* An estimate with its 95 % bootstrap interval. */
struct ts_est {
	double	 v, lo, hi;
};

enum ts_fleet_verdict {
	TS_FLEET_NORMALISE,
	TS_FLEET_FILTER,
	TS_FLEET_NONE
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
	char		 reason[256];	/* why the verdict */
	/* The chosen fit's 95 % band at TS_FLEET_BAND points across the
	   host-mean scores, from x_min to x_max. */
	double		 x_min, x_max;
	double		 band_lo[TS_FLEET_BAND], band_hi[TS_FLEET_BAND];
};

/*
 * Analyse the fleet with `bootstrap` resamples of the hosts from `seed`.
 * Return 0, or -1 with a one-line reason in err when there is too little
 * data for a verdict.
 */
int	 ts_fleet_analyse(const struct ts_fleet *, unsigned bootstrap,
	    uint64_t seed, struct ts_fleet_result *, char *err, size_t errlen);

const char *ts_fleet_verdict_name(enum ts_fleet_verdict);

/* The chosen fit's timing at score s. */
double	 ts_fleet_fit(const struct ts_fleet_result *, double s);

/* The timing normalised to the reference score by the chosen fit. */
double	 ts_fleet_normalise(const struct ts_fleet_result *, double t,
	    double s);

#endif /* TS_FLEET_H */
