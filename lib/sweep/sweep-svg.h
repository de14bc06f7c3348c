/* SPDX-License-Identifier: MIT */
/*
 * A self-contained SVG picture of a sweep: latency against working-set
 * size on log-log axes, the random chase and the page-local chase with
 * the page walks shaded between them, hwloc's cache sizes as dashed
 * vertical lines and the plateaus banded and labelled with their level.
 * No label inside the frame crosses a curve (sweep-labels.h).  Only libc is
 * used.
 */
#ifndef TS_SWEEP_SVG_H
#define TS_SWEEP_SVG_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "sweep/sweep-plateau.h"

/* At most this many points are drawn (the sweep has at most 52). */
#define TS_SVG_MAX_POINTS	64

struct ts_svg_plot {
	const uint64_t		*bytes;		/* ascending sizes */
	const double		*latency_ns;	/* one per size, > 0 */
	const double		*page_local_ns;	/* the same, or NULL */
	size_t			 n;
	const struct ts_plateaus *plateaus;	/* NULL: no levels drawn; */
						/*   else found on page_local_ns */
						/*   when that is given */
	const char		*title;		/* NULL: a default title */
	const char		*subtitle;	/* NULL: none */
};

/* Append the whole SVG document (UTF-8, ends with a newline). */
void	 ts_svg_render(struct ts_buf *, const struct ts_svg_plot *);

#endif /* TS_SWEEP_SVG_H */
