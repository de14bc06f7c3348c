/* SPDX-License-Identifier: MIT */
/*
 * Running co-moments of (score, 1/score, timing) over a run of records,
 * mergeable (Chan, Golub and LeVeque's pairwise update), and a host's
 * records kept as at most TS_FLEET_BLOCKS such runs of consecutive
 * records (blocks of time): memory per host stays fixed however many
 * records it has.  Only libc.
 */
#ifndef TS_FLEET_MOM_H
#define TS_FLEET_MOM_H

#include <stdint.h>

/* Blocks of time kept per host, at most; an even number. */
#define TS_FLEET_BLOCKS		32

struct ts_fleet_mom {
	double	 n;			/* records (a weight in resamples) */
	double	 ms, mi, mt;		/* means of s, 1/s, t */
	double	 css, cii, ctt, cst, cit;	/* co-moments about the means */
};

struct ts_fleet_blocks {
	struct ts_fleet_mom	*b;	/* NULL until the first record */
	unsigned		 n;	/* blocks in use */
	uint64_t		 len;	/* records per full block */
};

/* Add one record (score s > 0, timing t). */
void	 ts_fleet_mom_add(struct ts_fleet_mom *, double s, double t);
/* a becomes the moments of a's records and w copies of b's. */
void	 ts_fleet_mom_merge(struct ts_fleet_mom *a,
	    const struct ts_fleet_mom *b, double w);

/*
 * Add a record to the last block, starting a new one when it is full;
 * when TS_FLEET_BLOCKS are full, neighbours merge pairwise and blocks
 * double in length.
 */
void	 ts_fleet_blocks_add(struct ts_fleet_blocks *, double s, double t);
void	 ts_fleet_blocks_free(struct ts_fleet_blocks *);

#endif /* TS_FLEET_MOM_H */
