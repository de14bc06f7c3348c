/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the record reader of tachyon-analyze (JSON Lines and CSV,
 * the format told by the first byte).  Properties: every record it
 * accepts has a host and finite timing and score, and the record written
 * back as JSON with a field added (what --normalise writes) is one JSON
 * object that json-c reads and that holds the added field.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "fleet/fleet-read.h"
#include "fuzz.h"
#include "fuzz-rec.h"

const char ts_fuzz_name[] = "records";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct ts_reckeys keys = { "wall_s",
	    "million_accesses_per_sec", "host_id" };
	struct ts_recin *in;
	struct ts_rec rec;
	struct ts_buf b;
	char err[512];
	FILE *f;
	int rc, n = 0;

	if (size == 0 || (f = fmemopen((void *)data, size, "r")) == NULL)
		return 0;
	in = ts_fleet_read_open(f, "fuzz", TS_RECFMT_AUTO, &keys);
	FUZZ_ASSERT(in != NULL);
	ts_buf_init(&b);
	/* Reading goes on after a bad line; bound it for pathological input. */
	while ((rc = ts_fleet_read_next(in, &rec, err, sizeof err)) != 0 &&
	    rc != -2 && n++ < 100000) {
		if (rc == -1) {
			FUZZ_ASSERT(err[0] != '\0' && strchr(err, '\n') == NULL);
			continue;
		}
		FUZZ_ASSERT(rec.host != NULL && isfinite(rec.t) &&
		    isfinite(rec.s));
		fuzz_check_json_with(in, &rec, &b);
	}
	ts_buf_free(&b);
	ts_fleet_read_close(in);
	fclose(f);
	return 0;
}
