/* SPDX-License-Identifier: MIT */
/*
 * tachyon's output: one flat JSON line per reading, or a three-line
 * summary for people.  Plain text into a struct ts_buf; no libraries.
 */
#ifndef TS_PROBEOUT_H
#define TS_PROBEOUT_H

#include <stdbool.h>
#include <stdint.h>

#include "cachecheck.h"
#include "probe.h"
#include "util.h"

/* The cache_check field: "off" when the check was disabled, else the verdict. */
const char	*ts_probeout_verdict(bool cache_check, enum ts_cache_verdict);

/* The wall-clock time in seconds since the epoch, for the unix_time field. */
double		 ts_probeout_unix_time(void);

/*
 * Append one JSON object and a newline to b: the documented keys in order,
 * then cache_check and pinned_threads, then reading and unix_time when
 * reading > 0.
 */
void		 ts_probeout_json(struct ts_buf *b,
		    const struct ts_probe_result *r, const char *verdict,
		    uint64_t reading, double unix_time);

/* Append the three-line human summary of r to b. */
void		 ts_probeout_human(struct ts_buf *b,
		    const struct ts_probe_result *r);

#endif
