/* SPDX-License-Identifier: MIT */
/*
 * What the record fuzz targets (fuzz-records, fuzz-prom) check alike on a
 * record that was read.
 */
#ifndef TS_FUZZ_REC_H
#define TS_FUZZ_REC_H

#include <json-c/json.h>

#include "buf.h"
#include "fleet/fleet-read.h"
#include "fuzz.h"

/*
 * rec written back into b with a value added (what --normalise writes):
 * one line, a JSON object json-c reads, holding the added field.
 */
static inline void
fuzz_check_json_with(struct ts_recin *in, const struct ts_rec *rec,
    struct ts_buf *b)
{
	json_object *o, *added;

	b->len = 0;
	b->data[0] = '\0';
	ts_fleet_read_json_with(in, rec, b, "normalised_time", 1.5);
	FUZZ_ASSERT(b->len > 0 && b->data[b->len - 1] == '\n');
	o = json_tokener_parse(b->data);
	FUZZ_ASSERT(o != NULL && json_object_is_type(o, json_type_object));
	FUZZ_ASSERT(json_object_object_get_ex(o, "normalised_time", &added));
	json_object_put(o);
}

#endif /* TS_FUZZ_REC_H */
