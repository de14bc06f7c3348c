/* SPDX-License-Identifier: MIT */
/*
 * The extension key cpu_speed: every core's speed as threadstone-run
 * measured it before the single-thread passes (lib/topo/topo-speed.h),
 * the disparity, whether the cores differ beyond the noise, and the core
 * the single-thread passes ran on; and, under "together", what the
 * multi-thread passes' threads got at once before each round of
 * executions (lib/topo/topo-together.h).  Its descriptor is
 * ts_ext_key_cpu_speed (lib/doc/doc-ext-keys.c lists it).
 */
#ifndef TS_DOC_EXT_SPEED_H
#define TS_DOC_EXT_SPEED_H

#include <stdbool.h>
#include <stddef.h>

#include "doc/doc-ext.h"
#include "doc/doc-model.h"
#include "topo/topo-speed.h"

/* Readings of the together probe kept in a document, at most. */
#define TS_TOGETHER_KEEP	64

/* The together probe's readings over a run. */
struct ts_together_run {
	unsigned	 threads;	/* 0: not measured */
	size_t		 n;		/* readings kept */
	double		 readings[TS_TOGETHER_KEEP];	/* steps per ns */
	double		 best;		/* over every reading taken */
	/*
	 * The median of the readings kept: the run's level, which compare
	 * uses (one lucky reading between a neighbour's bursts does not move
	 * it).  Set by whoever fills the readings.
	 */
	double		 median;
};

/* The record. */
struct ts_ext_speed {
	struct ts_speed		 speed;
	long			 single_core;	/* -1: not pinned by speed */
	bool			 valid;	/* read: a cores list we could use */
	struct ts_together_run	 together;
};

extern const struct ts_ext_key ts_ext_key_cpu_speed;

/*
 * Put the record into e.  single_core: the core the single-thread passes
 * were pinned to, or -1.
 */
void	 ts_speed_ext_put(struct ts_extensions *e, const struct ts_speed *,
	    long single_core);

/*
 * Put the together readings into e's record (speed or not); together
 * with no threads puts nothing.
 */
void	 ts_together_ext_put(struct ts_extensions *e,
	    const struct ts_together_run *);

/* Add one reading (threads set by the first; median left to the caller). */
void	 ts_together_add(struct ts_together_run *, unsigned threads,
	    double rate);

/* The document's together readings, or NULL when it has none. */
const struct ts_together_run *ts_together_ext_get(
	    const struct ts_extensions *e);

/* The document's speeds, or NULL when it has none we can use. */
const struct ts_speed *ts_speed_ext_get(const struct ts_extensions *e);

#endif /* TS_DOC_EXT_SPEED_H */
