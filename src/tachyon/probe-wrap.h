/* SPDX-License-Identifier: MIT */
/*
 * tachyon --wrap: a reading, the command, a reading, and one JSON record
 * with the score beside the command's timing and the host identity.
 */
#ifndef TS_PROBE_WRAP_H
#define TS_PROBE_WRAP_H

#include "probe-out.h"
#include "probe-tool.h"
#include "topo/topo.h"

/*
 * --wrap: a reading, o->wrap_argv, a reading, then one JSON
 * record on stdout (or in o->record_path).  Return the command's exit
 * status, or TS_EXIT_FAILURE when a reading or the record failed.
 */
int	 ts_probe_wrap(const struct ts_probe_tool_opts *o, struct ts_topo *topo,
	    const struct ts_probeout_check *chk);

#endif /* TS_PROBE_WRAP_H */
