/* SPDX-License-Identifier: MIT */
/*
 * extensions.cpu_speed: every core's speed as threadstone-run measured it
 * before the single-thread passes (lib/topo/topo-speed.h), the disparity,
 * whether the cores differ beyond the noise, and the core the
 * single-thread passes ran on.  Kept as JSON under ts_extensions.other
 * until the extension descriptors land.
 */
#ifndef TS_DOC_SPEED_H
#define TS_DOC_SPEED_H

#include <stdbool.h>
#include <stddef.h>

#include "doc/doc-model.h"
#include "topo/topo-speed.h"

#define TS_SPEED_KEY	"cpu_speed"

/*
 * Put the record into e.  single_core: the core the single-thread passes
 * were pinned to, or -1.
 */
void	 ts_speed_ext_put(struct ts_extensions *e, const struct ts_speed *,
	    long single_core);

/*
 * Read it back into *s (cores, rates, disparity, differ; noise as
 * recorded).  Return 1 when read, 0 when absent, -1 with err when
 * malformed.
 */
int	 ts_speed_ext_get(const struct ts_extensions *e, struct ts_speed *s,
	    char *err, size_t errlen);

#endif /* TS_DOC_SPEED_H */
