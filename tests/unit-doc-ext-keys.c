/* SPDX-License-Identifier: MIT */
/*
 * lib/doc/doc-ext-keys.c: the table of the extension keys we know, and
 * their descriptors: each key found by its name, every record written,
 * read back and written again to the same bytes, a document we produce
 * written in table order whatever order its keys were set in, and
 * lenient reading of values of another type.
 */
#include <config.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "buf.h"
#include "doc/doc-ext-keys.h"
#include "doc/doc-write.h"
#include "tap.h"
#include "util.h"

/* The pretty text of v (a new string). */
static char *
text(struct json_object *v)
{
	struct ts_buf b;

	ts_buf_init(&b);
	ts_json_write_pretty(v, &b);
	return b.data;
}

/* Write rec with k, read that into a new record, write it again. */
static bool
round_trip(const struct ts_ext_key *k, const void *rec)
{
	struct json_object *a = k->write(rec), *b;
	void *again = ts_xcalloc(1, k->size);
	char *x, *y;
	bool same;

	k->read(a, again);
	b = k->write(again);
	x = text(a);
	y = text(b);
	same = strcmp(x, y) == 0;
	if (!same)
		diag("%s: %s became %s", k->name, x, y);
	free(x);
	free(y);
	json_object_put(a);
	json_object_put(b);
	k->free(again);
	free(again);
	return same;
}

int
main(void)
{
	struct ts_extensions e;
	struct ts_ext_buffers *b;
	struct ts_ext_buffer *one;
	struct ts_ext_cpus *c;
	struct ts_ext_pinning *p;
	struct json_object *t, *v;
	void *zero;
	char *s;
	size_t i, j;
	bool all = true;

	for (i = 0; i < ts_next_keys; i++) {
		all = all && ts_ext_find(ts_ext_keys[i]->name) == ts_ext_keys[i];
		for (j = 0; j < i; j++)
			all = all && strcmp(ts_ext_keys[i]->name,
			    ts_ext_keys[j]->name) != 0;
	}
	ok(all, "%zu keys, each found by its own name, no name twice",
	    ts_next_keys);
	ok(ts_ext_find("no_such_key") == NULL && ts_ext_find("") == NULL,
	    "an unknown name is not found");
	is_str(ts_ext_keys[0]->name, "producer", "producer comes first");
	for (i = 0, all = true; i < ts_next_keys; i++) {
		zero = ts_xcalloc(1, ts_ext_keys[i]->size);
		all = round_trip(ts_ext_keys[i], zero) && all;
		ts_ext_keys[i]->free(zero);
		free(zero);
	}
	ok(all, "every key's zeroed record writes, reads and writes the same");

	/* Set out of order; written in table order. */
	memset(&e, 0, sizeof e);
	b = ts_ext_set(&e, &ts_ext_key_buffers);
	b->base_page_bytes = 4096;
	one = ts_ext_buffer_add(b, "stream");
	one->bytes = 1 << 20;
	one->decision = ts_xstrdup("default");
	one->has_check_ns = true;
	one->check_ns = 1.5;
	one->check_large_ns = 2.5;
	c = ts_ext_set(&e, &ts_ext_key_cpus);
	c->usable = 2;
	c->cgroup_quota.set = true;
	c->cgroup_quota.v = 1;
	p = ts_ext_set(&e, &ts_ext_key_pinning);
	p->reason = ts_xstrdup("disabled by --no-pin");
	ts_ext_set_string(&e, &ts_ext_key_producer, "threadstone 9 (C)");
	ts_ext_set_string(&e, &ts_ext_key_producer, "threadstone 0.2.0 (C)");
	ok(e.present && e.n == 4 && ts_ext_set(&e, &ts_ext_key_cpus) == c,
	    "setting a key twice gives its record again");
	is_str(ts_ext_string(&e, &ts_ext_key_producer), "threadstone 0.2.0 (C)",
	    "a string key set twice has the last value");
	ok(ts_ext_get(&e, &ts_ext_key_llc) == NULL &&
	    ts_ext_string(&e, &ts_ext_key_compiler) == NULL,
	    "keys not set are absent");
	t = ts_ext_tree(&e);
	s = text(t);
	ok(strncmp(s, "{\n  \"producer\"", 14) == 0 &&
	    strstr(s, "\"cpus\"") < strstr(s, "\"pinning\"") &&
	    strstr(s, "\"pinning\"") < strstr(s, "\"buffers\""),
	    "a document we produce has its keys in table order");
	ok(strstr(s, "\"cgroup_quota\": 1") != NULL &&
	    strstr(s, "\"check_ns\": 1.5,\n      \"check_large_ns\": 2.5") !=
	    NULL && strstr(s, "\"cores\"") == NULL,
	    "optional members written when set only");
	for (i = 0, all = true; i < e.n; i++)
		all = round_trip(e.v[i].key, e.v[i].rec) && all;
	ok(all, "every record set here reads back to the same bytes");
	free(s);
	json_object_put(t);
	ts_extensions_free(&e);
	ok(e.n == 0 && e.v == NULL && !e.present, "freed extensions are empty");

	/* Lenient: a value of another type leaves the field unset. */
	zero = ts_xcalloc(1, ts_ext_key_producer.size);
	v = json_object_new_int(42);
	ts_ext_key_producer.read(v, zero);
	ok(*(char **)zero == NULL, "a number where a string goes reads as no "
	    "string");
	json_object_put(v);
	free(zero);
	c = ts_xcalloc(1, sizeof *c);
	v = json_tokener_parse("{\"affinity\": -1, \"usable\": \"2\", "
	    "\"threads_used\": 3, \"oversubscribed\": 1}");
	ts_ext_key_cpus.read(v, c);
	ok(c->affinity == 0 && c->usable == 0 && c->threads_used == 3 &&
	    !c->oversubscribed && !c->cgroup_quota.set,
	    "cpus: a negative, a string and a number for a boolean stay unset");
	json_object_put(v);
	free(c);
	return done_testing();
}
