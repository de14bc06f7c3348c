/* SPDX-License-Identifier: MIT */
/*
 * Streaming reader of measurement records for tachyon-analyze: JSON
 * Lines (one object per line, keys as dotted paths into nested objects)
 * or CSV (a header line names the columns; RFC 4180 quoting on one
 * line).  A record is one line; only the line in hand is held.
 * Or the Prometheus text exposition format (a scrape dump, a textfile):
 * a record is a host's sample of the --score metric with its sample of
 * the --time metric, the host being the sample's --host label or, when it
 * has none, that of tachyon_info in the same input; one input is held.
 */
#ifndef TS_FLEET_READ_H
#define TS_FLEET_READ_H

#include <stdint.h>
#include <stdio.h>

#include "buf.h"
#include "fleet/fleet-rec.h"

struct ts_recin;


/* Read records from f (not closed here), named `name` in messages. */
struct ts_recin	*ts_fleet_read_open(FILE *f, const char *name, enum ts_recfmt,
		    const struct ts_reckeys *);
/*
 * The next record: 1 with *rec filled, 0 at the end, -1 for a bad line
 * (reason in err as "NAME:LINE: ..."; reading may go on): not a record,
 * a NUL byte in it, a key repeated in one JSON object; -2 for a read
 * error, a line longer than TS_RECORD_MAX_LINE, or a CSV header without
 * the keys (reading must stop).
 */
int		 ts_fleet_read_next(struct ts_recin *, struct ts_rec *rec,
		    char *err, size_t errlen);
void		 ts_fleet_read_close(struct ts_recin *);

/*
 * Append rec as a JSON object with `key`:value added at the end and a
 * newline: a JSON line keeps its text, a CSV row becomes an object of its
 * columns (numbers where a field is one, else strings).
 */
void		 ts_fleet_read_json_with(struct ts_recin *,
		    const struct ts_rec *rec, struct ts_buf *b, const char *key,
		    double value);

#endif /* TS_FLEET_READ_H */
