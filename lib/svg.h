/* SPDX-License-Identifier: MIT */
/*
 * A self-contained SVG picture of a sweep: latency against working-set
 * size on log-log axes, hwloc's cache sizes as dashed vertical lines and
 * the plateaus labelled with their level.  Only libc is used.
 */
#ifndef TS_SVG_H
#define TS_SVG_H

#include <stddef.h>
#include <stdint.h>

#include "plateau.h"
#include "util.h"

struct ts_svg_plot {
	const uint64_t		*bytes;		/* ascending sizes */
	const double		*latency_ns;	/* one per size, > 0 */
	size_t			 n;
	const struct ts_plateaus *plateaus;	/* NULL: no levels drawn */
	const char		*title;		/* NULL: a default title */
	const char		*subtitle;	/* NULL: none */
};

/* Append the whole SVG document (UTF-8, ends with a newline). */
void	 ts_svg_render(struct ts_buf *, const struct ts_svg_plot *);

/* Append s with &, <, >, " and ' escaped for XML text and attributes. */
void	 ts_svg_escape(struct ts_buf *, const char *s);

#endif /* TS_SVG_H */
