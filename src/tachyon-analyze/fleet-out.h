/* SPDX-License-Identifier: MIT */
/*
 * tachyon-analyze's reports: a table for people and one JSON object,
 * from a struct ts_fleet_result.  Plain text into a struct ts_buf.
 */
#ifndef TS_FLEET_OUT_H
#define TS_FLEET_OUT_H

#include "buf.h"
#include "fleet/fleet.h"

/* The keys the analysis read, for the reports. */
struct ts_fleetout_keys {
	const char	*time, *score, *host;
	uint64_t	 skipped;	/* bad records skipped (--skip-bad) */
	uint64_t	 failed;	/* failed commands' records left out */
};

void	 ts_fleetout_table(struct ts_buf *, const struct ts_fleet_result *,
	    const struct ts_fleetout_keys *);
/* One JSON object and a newline. */
void	 ts_fleetout_json(struct ts_buf *, const struct ts_fleet_result *,
	    const struct ts_fleetout_keys *);

#endif /* TS_FLEET_OUT_H */
