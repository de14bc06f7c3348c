/* SPDX-License-Identifier: MIT */
/*
 * tachyon-analyze's picture: timing against score, a point per record
 * (the fleet's reservoir sample of at most TS_FLEET_MAX_POINTS), one
 * colour per host up to TS_FLEETPLOT_COLOURED hosts and grey beyond, the
 * chosen fit with its 95 % bootstrap band, and the filter threshold as a
 * dashed line.  A self-contained SVG document; only libc.
 */
#ifndef TS_FLEET_PLOT_H
#define TS_FLEET_PLOT_H

#include "buf.h"
#include "fleet/fleet.h"

/* Hosts beyond this many are drawn grey. */
#define TS_FLEETPLOT_COLOURED	36

/* Append the SVG document; every point is a <circle class="point">. */
void	 ts_fleetplot_render(struct ts_buf *, const struct ts_fleet *,
	    const struct ts_fleet_result *, const char *time_key,
	    const char *score_key);

#endif /* TS_FLEET_PLOT_H */
