/* SPDX-License-Identifier: MIT */
/*
 * extensions.cpu_speed to and from JSON (see doc-speed.h).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "doc/doc-speed.h"

void
ts_speed_ext_put(struct ts_extensions *e, const struct ts_speed *s,
    long single_core)
{
	struct json_object *o = json_object_new_object(), *a, *c;
	size_t i;

	json_object_object_add(o, "probe", json_object_new_string("a chain "
	    "of dependent multiply-adds, best of 5 readings of 4 ms on each "
	    "core, the cores in turns"));
	json_object_object_add(o, "unit", json_object_new_string(
	    "steps_per_ns"));
	a = json_object_new_array();
	for (i = 0; i < s->n; i++) {
		c = json_object_new_object();
		json_object_object_add(c, "core",
		    json_object_new_uint64(s->cores[i].core));
		json_object_object_add(c, "rate",
		    json_object_new_double(s->cores[i].rate));
		json_object_object_add(c, "noise",
		    json_object_new_double(s->cores[i].noise));
		json_object_array_add(a, c);
	}
	json_object_object_add(o, "cores", a);
	if (s->n > 0)
		json_object_object_add(o, "fastest_core",
		    json_object_new_uint64(s->cores[s->fastest].core));
	if (isfinite(s->disparity))
		json_object_object_add(o, "disparity",
		    json_object_new_double(s->disparity));
	json_object_object_add(o, "noise", json_object_new_double(s->noise));
	json_object_object_add(o, "cores_differ",
	    json_object_new_boolean(s->differ));
	if (single_core >= 0)
		json_object_object_add(o, "single_thread_core",
		    json_object_new_int64(single_core));
	e->present = true;
	if (e->other == NULL)
		e->other = json_object_new_object();
	json_object_object_add(e->other, TS_SPEED_KEY, o);
}

/* A number member, NaN when absent or not a number. */
static double
number(struct json_object *o, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(o, key, &v) || v == NULL ||
	    !(json_object_is_type(v, json_type_double) ||
	    json_object_is_type(v, json_type_int)))
		return NAN;
	return json_object_get_double(v);
}

int
ts_speed_ext_get(const struct ts_extensions *e, struct ts_speed *s,
    char *err, size_t errlen)
{
	struct json_object *o, *a, *c, *v;
	size_t i, n;

	memset(s, 0, sizeof *s);
	if (e == NULL || e->other == NULL ||
	    !json_object_is_type(e->other, json_type_object) ||
	    !json_object_object_get_ex(e->other, TS_SPEED_KEY, &o))
		return 0;
	if (o == NULL || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, "cores", &a) || a == NULL ||
	    !json_object_is_type(a, json_type_array)) {
		snprintf(err, errlen, "extensions.cpu_speed: needs a cores "
		    "list");
		return -1;
	}
	n = json_object_array_length(a);
	if (n > TS_SPEED_MAX)
		n = TS_SPEED_MAX;
	for (i = 0; i < n; i++) {
		c = json_object_array_get_idx(a, i);
		if (c == NULL || !json_object_is_type(c, json_type_object) ||
		    !isfinite(number(c, "rate")) || !(number(c, "core") >= 0)) {
			snprintf(err, errlen, "extensions.cpu_speed.cores[%zu]: "
			    "needs core and rate", i);
			return -1;
		}
		s->cores[i].core = (unsigned)number(c, "core");
		s->cores[i].rate = number(c, "rate");
		s->cores[i].noise = number(c, "noise");
		if (!isfinite(s->cores[i].noise))
			s->cores[i].noise = 0;
	}
	s->n = n;
	ts_speed_judge(s);
	/* The recorded verdict stands; the recomputed figures fill gaps. */
	if (json_object_object_get_ex(o, "cores_differ", &v) && v != NULL &&
	    json_object_is_type(v, json_type_boolean))
		s->differ = json_object_get_boolean(v);
	return 1;
}
