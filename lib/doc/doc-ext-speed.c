/* SPDX-License-Identifier: MIT */
/*
 * extensions.cpu_speed to and from JSON (see doc-ext-speed.h).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "doc/doc-ext-speed.h"

#define PROBE_TEXT	"a chain of dependent multiply-adds, best of 5 " \
	"readings of 4 ms on each core, the cores in turns"
#define TOGETHER_TEXT	"four independent multiply-xorshift chains on " \
	"every thread at once, thread i on core i, summed; best of 3 " \
	"readings of 4 ms before each round of executions"

static struct json_object *
together_write(const struct ts_together_run *t)
{
	struct json_object *o = json_object_new_object(), *a;
	size_t i;

	ts_ext_put_str(o, "probe", TOGETHER_TEXT);
	ts_ext_put_u64(o, "threads", t->threads);
	a = json_object_new_array();
	for (i = 0; i < t->n; i++)
		json_object_array_add(a, json_object_new_double(
		    t->readings[i]));
	json_object_object_add(o, "readings", a);
	ts_ext_put_f64(o, "best", t->best);
	ts_ext_put_f64(o, "median", t->median);
	return o;
}

/* The together object, or nothing (threads 0) when it is unusable. */
static void
together_read(struct json_object *o, struct ts_together_run *t)
{
	struct json_object *a, *v;
	uint64_t u;
	size_t i, n;

	memset(t, 0, sizeof *t);
	if (o == NULL || !ts_ext_member_u64(o, "threads", &u) || u < 2 ||
	    u > UINT32_MAX || !ts_ext_member_f64(o, "best", &t->best) ||
	    !isfinite(t->best) || !(t->best > 0) ||
	    !ts_ext_member_f64(o, "median", &t->median) ||
	    !isfinite(t->median) || !(t->median > 0)) {
		memset(t, 0, sizeof *t);
		return;
	}
	t->threads = (unsigned)u;
	if ((a = ts_ext_member_array(o, "readings")) == NULL)
		return;
	n = json_object_array_length(a);
	for (i = 0; i < n && t->n < TS_TOGETHER_KEEP; i++) {
		v = json_object_array_get_idx(a, i);
		/* What ts_together_add keeps: finite and positive. */
		if ((json_object_is_type(v, json_type_double) ||
		    json_object_is_type(v, json_type_int)) &&
		    isfinite(json_object_get_double(v)) &&
		    json_object_get_double(v) > 0)
			t->readings[t->n++] = json_object_get_double(v);
	}
}

/* The single-core probe's members of the record into o. */
static void
cores_write(struct json_object *o, const struct ts_ext_speed *r)
{
	const struct ts_speed *s = &r->speed;
	struct json_object *a, *c;
	size_t i;

	ts_ext_put_str(o, "probe", PROBE_TEXT);
	ts_ext_put_str(o, "unit", "steps_per_ns");
	a = json_object_new_array();
	for (i = 0; i < s->n; i++) {
		c = json_object_new_object();
		ts_ext_put_u64(c, "core", s->cores[i].core);
		ts_ext_put_f64(c, "rate", s->cores[i].rate);
		ts_ext_put_f64(c, "noise", s->cores[i].noise);
		json_object_array_add(a, c);
	}
	json_object_object_add(o, "cores", a);
	if (s->n > 0)
		ts_ext_put_u64(o, "fastest_core", s->cores[s->fastest].core);
	if (isfinite(s->disparity))
		ts_ext_put_f64(o, "disparity", s->disparity);
	ts_ext_put_f64(o, "noise", s->noise);
	ts_ext_put_bool(o, "cores_differ", s->differ);
	if (r->single_core >= 0)
		ts_ext_put_u64(o, "single_thread_core",
		    (uint64_t)r->single_core);
}

static struct json_object *
speed_write(const void *rec)
{
	const struct ts_ext_speed *r = rec;
	struct json_object *o = json_object_new_object();

	/* Without cores (a --multi-only run), only the together readings. */
	if (r->valid)
		cores_write(o, r);
	if (r->together.threads > 0)
		json_object_object_add(o, "together",
		    together_write(&r->together));
	return o;
}

static void
speed_read(struct json_object *o, void *rec)
{
	struct ts_ext_speed *r = rec;
	struct ts_speed *s = &r->speed;
	struct json_object *a, *c;
	uint64_t u;
	double d;
	bool b;
	size_t i, n;

	r->single_core = -1;
	together_read(ts_ext_member_object(o, "together"), &r->together);
	if ((a = ts_ext_member_array(o, "cores")) == NULL)
		return;
	n = json_object_array_length(a);
	if (n > TS_SPEED_MAX)
		n = TS_SPEED_MAX;
	for (i = 0; i < n; i++) {
		c = json_object_array_get_idx(a, i);
		if (!ts_ext_member_u64(c, "core", &u) ||
		    !ts_ext_member_f64(c, "rate", &s->cores[i].rate) ||
		    !isfinite(s->cores[i].rate))
			return;
		s->cores[i].core = (unsigned)u;
		if (!ts_ext_member_f64(c, "noise", &s->cores[i].noise) ||
		    !isfinite(s->cores[i].noise))
			s->cores[i].noise = 0;
	}
	s->n = n;
	ts_speed_judge(s);
	/*
	 * The recorded figures stand; the recomputed ones fill gaps, and
	 * stand for a figure that is not finite (1e999 reads as infinite).
	 */
	if (ts_ext_member_f64(o, "disparity", &d) && isfinite(d))
		s->disparity = d;
	else if (n == 0)
		s->disparity = NAN;
	if (ts_ext_member_f64(o, "noise", &d) && isfinite(d))
		s->noise = d;
	if (ts_ext_member_bool(o, "cores_differ", &b))
		s->differ = b;
	if (ts_ext_member_u64(o, "single_thread_core", &u))
		r->single_core = (long)u;
	r->valid = n > 0;
}

static void
speed_free(void *rec)
{
	(void)rec;
}

const struct ts_ext_key ts_ext_key_cpu_speed = { "cpu_speed",
	sizeof(struct ts_ext_speed), speed_read, speed_write, speed_free };

void
ts_speed_ext_put(struct ts_extensions *e, const struct ts_speed *s,
    long single_core)
{
	struct ts_ext_speed *r = ts_ext_set(e, &ts_ext_key_cpu_speed);

	r->speed = *s;
	r->single_core = single_core;
	r->valid = true;
}

void
ts_together_ext_put(struct ts_extensions *e,
    const struct ts_together_run *t)
{
	struct ts_ext_speed *r;

	if (t->threads == 0)
		return;
	r = ts_ext_get(e, &ts_ext_key_cpu_speed);
	if (r == NULL) {
		r = ts_ext_set(e, &ts_ext_key_cpu_speed);
		r->single_core = -1;
	}
	r->together = *t;
}

void
ts_together_add(struct ts_together_run *t, unsigned threads, double rate)
{
	if (!isfinite(rate) || !(rate > 0))
		return;
	if (t->threads == 0)
		t->threads = threads;
	if (t->n < TS_TOGETHER_KEEP)
		t->readings[t->n++] = rate;
	if (rate > t->best)
		t->best = rate;
}

const struct ts_together_run *
ts_together_ext_get(const struct ts_extensions *e)
{
	const struct ts_ext_speed *r = e != NULL ?
	    ts_ext_get(e, &ts_ext_key_cpu_speed) : NULL;

	return r != NULL && r->together.threads > 0 ? &r->together : NULL;
}

const struct ts_speed *
ts_speed_ext_get(const struct ts_extensions *e)
{
	const struct ts_ext_speed *r = e != NULL ?
	    ts_ext_get(e, &ts_ext_key_cpu_speed) : NULL;

	return r != NULL && r->valid ? &r->speed : NULL;
}
