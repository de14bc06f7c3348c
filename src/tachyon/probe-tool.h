/* SPDX-License-Identifier: MIT */
/*
 * tachyon's run once the command line is parsed: settle and check the
 * working set, build the chains, and print one reading or a stream.
 */
#ifndef TS_PROBE_TOOL_H
#define TS_PROBE_TOOL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "host/host-id.h"
#include "probe-out.h"
#include "probe-prom.h"
#include "mem/mem-probe.h"
#include "topo/topo.h"

/* What the program decided; ts_probe_tool_run() reads it. */
struct ts_probe_tool_opts {
	double		 seconds;	/* length of each reading */
	bool		 ws_auto;	/* size the working set by measurement */
	uint64_t	 ws_bytes;	/* per thread, a multiple of 64 */
	uint64_t	 threads;	/* >= 1, already checked against CPUs */
	uint64_t	 seed;
	bool		 json;
	bool		 prometheus;	/* --format prometheus on stdout */
	double		 min_score;	/* 0 = no threshold */
	bool		 watch;
	/* Watch mode's time between routine readings: --interval, or the
	 * cheap schedule's (ts_pw_interval_for, set by ts_probe_tool_run
	 * once the working set is sized) when cheap is set. */
	double		 interval;
	bool		 cheap;		/* the CPU budget, confirmations */
	double		 window;	/* --window, seconds */
	uint64_t	 count;		/* 0 = until *stop */
	bool		 cache_check;
	/*
	 * Watch mode ends when this is set (by a signal handler, which also
	 * calls ts_probe_tool_interrupt); or NULL.
	 */
	atomic_int	*stop;
	/* JSON lines end with this identity (NULL: none) and the tags. */
	const struct ts_hostid *id;
	const struct ts_tag *tags;
	size_t		 ntags;
	/* --wrap: the command to run between two readings; else NULL. */
	char	       **wrap_argv;
	/* --record: the --wrap record goes to this file, not stdout; or NULL. */
	const char	*record_path;
	/* --textfile: DIR/tachyon.prom, rewritten after every reading; or NULL. */
	char		*textfile_path;
};

/*
 * Size and check the working set (warnings on stderr), then take the
 * readings onto stdout; o->ws_bytes is updated by `auto`.  topo may be
 * NULL: no cache bound and no binding.  Errors are one line on stderr.
 * Return the exit status: TS_EXIT_OK, TS_EXIT_FAILURE, or
 * TS_EXIT_NEGATIVE when the score is below o->min_score.
 */
int	 ts_probe_tool_run(struct ts_probe_tool_opts *o, struct ts_topo *topo);

/*
 * End the reading in progress and any later one at the next batch
 * boundary (tachyon_interrupt on the probe being read, if any).
 * Async-signal-safe: the watch mode's signal handler calls it.
 */
void	 ts_probe_tool_interrupt(void);

#endif
