/* SPDX-License-Identifier: MIT */
/*
 * What every SVG writer (the sweep's plots, the fleet's plot, the
 * history's trend) shares: escaping, the document's head in the
 * package's fonts, and round (1-2-5) steps for value axes.
 */
#ifndef TS_SVG_H
#define TS_SVG_H

#include "buf.h"

/* The fonts every plot asks for. */
#define TS_SVG_FONTS	"DejaVu Sans, Helvetica, Arial, sans-serif"

/*
 * Append s as SVG text or attribute content: the five XML specials as
 * entities, and a control character XML 1.0 forbids (other than tab and
 * newline) as '?'.
 */
void	 ts_svg_escape(struct ts_buf *, const char *s);

/*
 * Append the XML declaration and the opening <svg> element of a picture
 * w by h pixels, in TS_SVG_FONTS, with a white background.
 */
void	 ts_svg_begin(struct ts_buf *, double w, double h);

/*
 * A round step for an axis over span (> 0): 1, 2 or 5 times a power of
 * ten, the smallest that cuts span into at most max_ticks intervals
 * (max_ticks >= 1).  A span that is not finite and positive gets 1.
 */
double	 ts_svg_step(double span, int max_ticks);

#endif /* TS_SVG_H */
