/* SPDX-License-Identifier: MIT */
/*
 * A document's extensions as a list of members, each a known key's typed
 * record or a value kept as JSON, and the lenient member readers and the
 * writers the key descriptors share (see doc-ext.h).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "doc/doc-ext.h"
#include "util.h"

void
ts_extensions_free(struct ts_extensions *e)
{
	struct ts_ext_entry *m;
	size_t i;

	if (e == NULL)
		return;
	for (i = 0; i < e->n; i++) {
		m = &e->v[i];
		if (m->rec != NULL) {
			m->key->free(m->rec);
			free(m->rec);
		}
		if (m->raw != NULL)
			json_object_put(m->raw);
		free(m->name);
	}
	free(e->v);
	if (e->whole != NULL)
		json_object_put(e->whole);
	memset(e, 0, sizeof *e);
}

/* The member of key k, or NULL. */
static struct ts_ext_entry *
find(const struct ts_extensions *e, const struct ts_ext_key *k)
{
	size_t i;

	for (i = 0; i < e->n; i++)
		if (e->v[i].key == k)
			return &e->v[i];
	return NULL;
}

void *
ts_ext_get(const struct ts_extensions *e, const struct ts_ext_key *k)
{
	struct ts_ext_entry *m = find(e, k);

	return m != NULL ? m->rec : NULL;
}

struct ts_ext_entry *
ts_ext_append(struct ts_extensions *e, const struct ts_ext_key *k,
    const char *name)
{
	struct ts_ext_entry *m;

	e->v = ts_xrealloc(e->v, (e->n + 1) * sizeof *e->v);
	m = memset(&e->v[e->n++], 0, sizeof *m);
	m->key = k;
	m->name = ts_xstrdup(name);
	if (k != NULL)
		m->rec = ts_xcalloc(1, k->size);
	return m;
}

void *
ts_ext_set(struct ts_extensions *e, const struct ts_ext_key *k)
{
	struct ts_ext_entry *m = find(e, k);

	e->present = true;
	if (e->whole != NULL)
		json_object_put(e->whole);
	e->whole = NULL;
	if (m == NULL)
		m = ts_ext_append(e, k, k->name);
	if (m->raw != NULL)
		json_object_put(m->raw);
	m->raw = NULL;
	m->kept = false;
	return m->rec;
}

/* Member key of o if o is an object and the member of type t, else NULL. */
static struct json_object *
member(struct json_object *o, const char *key, json_type t)
{
	struct json_object *v;

	if (o == NULL || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, key, &v) || v == NULL ||
	    !json_object_is_type(v, t))
		return NULL;
	return v;
}

struct json_object *
ts_ext_member_object(struct json_object *o, const char *key)
{
	return member(o, key, json_type_object);
}

struct json_object *
ts_ext_member_array(struct json_object *o, const char *key)
{
	return member(o, key, json_type_array);
}

char *
ts_ext_member_str(struct json_object *o, const char *key)
{
	struct json_object *v = member(o, key, json_type_string);

	return v != NULL ? ts_xstrdup(json_object_get_string(v)) : NULL;
}

bool
ts_ext_member_bool(struct json_object *o, const char *key, bool *out)
{
	struct json_object *v = member(o, key, json_type_boolean);

	if (v == NULL)
		return false;
	*out = json_object_get_boolean(v);
	return true;
}

bool
ts_ext_value_u64(struct json_object *v, uint64_t *out)
{
	/* json-c's int64 of a larger unsigned value is INT64_MAX. */
	if (v == NULL || !json_object_is_type(v, json_type_int) ||
	    json_object_get_int64(v) < 0)
		return false;
	*out = json_object_get_uint64(v);
	return true;
}

bool
ts_ext_member_u64(struct json_object *o, const char *key, uint64_t *out)
{
	return ts_ext_value_u64(member(o, key, json_type_int), out);
}

bool
ts_ext_member_f64(struct json_object *o, const char *key, double *out)
{
	struct json_object *v = member(o, key, json_type_double);

	if (v == NULL)
		v = member(o, key, json_type_int);
	if (v == NULL)
		return false;
	*out = json_object_get_double(v);
	return true;
}

void
ts_ext_put_str(struct json_object *o, const char *key, const char *s)
{
	if (s != NULL)
		json_object_object_add(o, key, json_object_new_string(s));
}

void
ts_ext_put_u64(struct json_object *o, const char *key, uint64_t v)
{
	json_object_object_add(o, key, json_object_new_uint64(v));
}

void
ts_ext_put_f64(struct json_object *o, const char *key, double v)
{
	json_object_object_add(o, key, json_object_new_double(v));
}

void
ts_ext_put_bool(struct json_object *o, const char *key, bool v)
{
	json_object_object_add(o, key, json_object_new_boolean(v));
}
