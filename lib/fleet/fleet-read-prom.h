/* SPDX-License-Identifier: MIT */
/*
 * The Prometheus text format as records for tachyon-analyze (used by
 * fleet-read.c): one whole input is parsed, then its records are handed
 * out one by one.  Only libc.
 */
#ifndef TS_FLEET_READ_PROM_H
#define TS_FLEET_READ_PROM_H

#include <stdint.h>
#include <stdio.h>

#include "fleet/fleet-rec.h"

struct ts_promin;

/*
 * Read f to its end (or a "# EOF" line), after the line `first` when it
 * is not NULL (already read from f); *lines counts from the line before
 * `first` (*lines is that line's number less one on entry).
 * NULL with "NAME:LINE: reason" in err for a malformed line, a line
 * longer than TS_RECORD_MAX_LINE or with a NUL byte, or a read error.
 */
struct ts_promin *ts_promin_load(FILE *f, const char *first,
		    const char *name,
		    const struct ts_reckeys *keys, uint64_t *lines, char *err,
		    size_t errlen);
/*
 * The next record (its text a JSON object of the host, the timing and
 * the score, both finite): 1, 0 at the end, -1 with the reason (no
 * NAME:LINE prefix; rec->line is set, to the bad sample's line) for a
 * host without both samples or with a value that is not finite (NaN,
 * +Inf, -Inf).  *t_line is the line of the time sample.
 */
int		 ts_promin_next(struct ts_promin *, const struct ts_reckeys *,
		    struct ts_rec *rec, uint64_t *t_line, char *err,
		    size_t errlen);
void		 ts_promin_free(struct ts_promin *);

#endif /* TS_FLEET_READ_PROM_H */
