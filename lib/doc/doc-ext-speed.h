/* SPDX-License-Identifier: MIT */
/*
 * The extension key cpu_speed: every core's speed as threadstone-run
 * measured it before the single-thread passes (lib/topo/topo-speed.h),
 * the disparity, whether the cores differ beyond the noise, and the core
 * the single-thread passes ran on.  Its descriptor is
 * ts_ext_key_cpu_speed (lib/doc/doc-ext-keys.c lists it).
 */
#ifndef TS_DOC_EXT_SPEED_H
#define TS_DOC_EXT_SPEED_H

#include <stdbool.h>
#include <stddef.h>

#include "doc/doc-ext.h"
#include "doc/doc-model.h"
#include "topo/topo-speed.h"

/* The record. */
struct ts_ext_speed {
	struct ts_speed	 speed;
	long		 single_core;	/* -1: not pinned by speed */
	bool		 valid;		/* read: a cores list we could use */
};

extern const struct ts_ext_key ts_ext_key_cpu_speed;

/*
 * Put the record into e.  single_core: the core the single-thread passes
 * were pinned to, or -1.
 */
void	 ts_speed_ext_put(struct ts_extensions *e, const struct ts_speed *,
	    long single_core);

/* The document's speeds, or NULL when it has none we can use. */
const struct ts_speed *ts_speed_ext_get(const struct ts_extensions *e);

#endif /* TS_DOC_EXT_SPEED_H */
