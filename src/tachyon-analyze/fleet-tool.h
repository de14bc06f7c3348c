/* SPDX-License-Identifier: MIT */
/*
 * tachyon-analyze's run once the command line is parsed: stream the
 * records into the fleet's accumulators, analyse, and write the table or
 * JSON, the plot and the normalised records.
 */
#ifndef TS_FLEET_TOOL_H
#define TS_FLEET_TOOL_H

#include <stdbool.h>
#include <stdint.h>

#include "fleet/fleet-read.h"

struct ts_fleet_tool_opts {
	struct ts_reckeys	 keys;
	enum ts_recfmt		 fmt;
	bool			 json;
	bool			 skip_bad;
	/* Analyse records whose wrapped command failed or was killed. */
	bool			 keep_failed;
	unsigned		 bootstrap;
	uint64_t		 seed;
	const char		*plot_path;	/* or NULL */
	const char		*normalise_path;	/* or NULL */
	char		       **inputs;	/* "-" is stdin */
	int			 ninputs;
};

/* The key --normalise adds to every record. */
#define TS_ANALYZE_NORM_KEY	"normalised_time"

/*
 * Run the analysis.  Return the exit status: TS_EXIT_OK with a verdict
 * of normalise or filter, TS_EXIT_NEGATIVE for no signal (or --normalise
 * refused), TS_EXIT_FAILURE for bad input or too little data (one line
 * on stderr).
 */
int	 ts_fleet_tool_run(const struct ts_fleet_tool_opts *);

#endif /* TS_FLEET_TOOL_H */
