/* SPDX-License-Identifier: MIT */
/* What every SVG writer (the sweep's plot, the fleet's plot) shares. */
#ifndef TS_SVG_H
#define TS_SVG_H

#include "buf.h"

/*
 * Append s as SVG text or attribute content: the five XML specials as
 * entities, and a control character XML 1.0 forbids (other than tab and
 * newline) as '?'.
 */
void	 ts_svg_escape(struct ts_buf *, const char *s);

#endif /* TS_SVG_H */
