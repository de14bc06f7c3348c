/* SPDX-License-Identifier: MIT */
/*
 * The table of the extension keys we know, and the descriptors of the
 * plain ones (see doc-ext-keys.h).
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "doc/doc-ext-exec.h"
#include "doc/doc-ext-keys.h"
#include "doc/doc-ext-speed.h"
#include "doc/doc-ext-kinds.h"
#include "util.h"

/* A string-valued key: its record is a char *. */
static void
string_read(struct json_object *v, void *rec)
{
	if (v != NULL && json_object_is_type(v, json_type_string))
		*(char **)rec = ts_xstrdup(json_object_get_string(v));
}

static struct json_object *
string_write(const void *rec)
{
	const char *s = *(char *const *)rec;

	return json_object_new_string(s != NULL ? s : "");
}

static void
string_free(void *rec)
{
	free(*(char **)rec);
}

#define STRING_KEY(id) \
	const struct ts_ext_key ts_ext_key_##id = { #id, sizeof(char *), \
	    string_read, string_write, string_free }

STRING_KEY(producer);
STRING_KEY(compiler);
STRING_KEY(cflags);
STRING_KEY(configure_host);
STRING_KEY(debug_assertions_means);
STRING_KEY(kernel_release);
STRING_KEY(cpu_features);

const char *
ts_ext_string(const struct ts_extensions *e, const struct ts_ext_key *k)
{
	char **s = ts_ext_get(e, k);

	return s != NULL ? *s : NULL;
}

void
ts_ext_set_string(struct ts_extensions *e, const struct ts_ext_key *k,
    const char *s)
{
	char **p = ts_ext_set(e, k);

	free(*p);
	*p = ts_xstrdup(s);
}

/* A record that owns nothing. */
static void
plain_free(void *rec)
{
	(void)rec;
}

/* extensions.assertions. */
static void
bool_read(struct json_object *v, void *rec)
{
	if (v != NULL && json_object_is_type(v, json_type_boolean))
		*(bool *)rec = json_object_get_boolean(v);
}

static struct json_object *
bool_write(const void *rec)
{
	return json_object_new_boolean(*(const bool *)rec);
}

const struct ts_ext_key ts_ext_key_assertions = { "assertions",
	sizeof(bool), bool_read, bool_write, plain_free };

/* extensions.l3_total_bytes. */
static void
u64_read(struct json_object *v, void *rec)
{
	ts_ext_value_u64(v, rec);
}

static struct json_object *
u64_write(const void *rec)
{
	return json_object_new_uint64(*(const uint64_t *)rec);
}

const struct ts_ext_key ts_ext_key_l3_total_bytes = { "l3_total_bytes",
	sizeof(uint64_t), u64_read, u64_write, plain_free };

/* extensions.llc. */
static void
llc_read(struct json_object *v, void *rec)
{
	struct ts_ext_llc *l = rec;

	ts_ext_member_u64(v, "level", &l->level);
	ts_ext_member_u64(v, "bytes", &l->bytes);
}

static struct json_object *
llc_write(const void *rec)
{
	const struct ts_ext_llc *l = rec;
	struct json_object *o = json_object_new_object();

	ts_ext_put_u64(o, "level", l->level);
	ts_ext_put_u64(o, "bytes", l->bytes);
	return o;
}

const struct ts_ext_key ts_ext_key_llc = { "llc", sizeof(struct ts_ext_llc),
	llc_read, llc_write, plain_free };

/* extensions.cpus. */
static void
cpus_read(struct json_object *v, void *rec)
{
	struct ts_ext_cpus *c = rec;

	ts_ext_member_u64(v, "affinity", &c->affinity);
	ts_ext_member_opt(v, "cgroup_quota", &c->cgroup_quota);
	ts_ext_member_u64(v, "usable", &c->usable);
	ts_ext_member_u64(v, "threads_requested", &c->threads_requested);
	ts_ext_member_u64(v, "threads_used", &c->threads_used);
	ts_ext_member_bool(v, "oversubscribed", &c->oversubscribed);
}

static struct json_object *
cpus_write(const void *rec)
{
	const struct ts_ext_cpus *c = rec;
	struct json_object *o = json_object_new_object();

	ts_ext_put_u64(o, "affinity", c->affinity);
	ts_ext_put_opt(o, "cgroup_quota", c->cgroup_quota);
	ts_ext_put_u64(o, "usable", c->usable);
	ts_ext_put_u64(o, "threads_requested", c->threads_requested);
	ts_ext_put_u64(o, "threads_used", c->threads_used);
	ts_ext_put_bool(o, "oversubscribed", c->oversubscribed);
	return o;
}

const struct ts_ext_key ts_ext_key_cpus = { "cpus",
	sizeof(struct ts_ext_cpus), cpus_read, cpus_write, plain_free };

/* extensions.pinning. */
static void
pinning_read(struct json_object *v, void *rec)
{
	struct ts_ext_pinning *p = rec;

	ts_ext_member_bool(v, "enabled", &p->enabled);
	p->reason = ts_ext_member_str(v, "reason");
	p->policy = ts_ext_member_str(v, "policy");
	ts_ext_member_opt(v, "cores", &p->cores);
	ts_ext_member_u64(v, "workers", &p->workers);
	ts_ext_member_u64(v, "workers_bound", &p->workers_bound);
}

static struct json_object *
pinning_write(const void *rec)
{
	const struct ts_ext_pinning *p = rec;
	struct json_object *o = json_object_new_object();

	ts_ext_put_bool(o, "enabled", p->enabled);
	ts_ext_put_str(o, "reason", p->reason);
	ts_ext_put_str(o, "policy", p->policy);
	ts_ext_put_opt(o, "cores", p->cores);
	ts_ext_put_u64(o, "workers", p->workers);
	ts_ext_put_u64(o, "workers_bound", p->workers_bound);
	return o;
}

static void
pinning_free(void *rec)
{
	struct ts_ext_pinning *p = rec;

	free(p->reason);
	free(p->policy);
}

const struct ts_ext_key ts_ext_key_pinning = { "pinning",
	sizeof(struct ts_ext_pinning), pinning_read, pinning_write,
	pinning_free };

struct ts_ext_buffer *
ts_ext_buffer_add(struct ts_ext_buffers *b, const char *id)
{
	struct ts_ext_buffer *e;

	b->buf = ts_xrealloc(b->buf, (b->nbuf + 1) * sizeof *b->buf);
	e = memset(&b->buf[b->nbuf++], 0, sizeof *e);
	e->id = ts_xstrdup(id);
	return e;
}

/* One workload's record of extensions.buffers. */
static void
buffer_read(struct json_object *v, struct ts_ext_buffer *b)
{
	double large;

	ts_ext_member_u64(v, "bytes", &b->bytes);
	ts_ext_member_bool(v, "huge_pages_requested",
	    &b->huge_pages_requested);
	ts_ext_member_opt(v, "page_bytes", &b->page_bytes);
	b->decision = ts_ext_member_str(v, "decision");
	ts_ext_member_opt(v, "check_large_bytes", &b->check_large_bytes);
	b->has_check_ns = ts_ext_member_f64(v, "check_ns", &b->check_ns);
	if (ts_ext_member_f64(v, "check_large_ns", &large))
		b->check_large_ns = large;
	else
		b->has_check_ns = false;
	b->has_check_seconds = ts_ext_member_f64(v, "check_seconds",
	    &b->check_seconds);
}

/* extensions.buffers: every member but the last two is a workload's. */
static void
buffers_read(struct json_object *v, void *rec)
{
	struct ts_ext_buffers *b = rec;

	if (v == NULL || !json_object_is_type(v, json_type_object))
		return;
	json_object_object_foreach(v, id, m)
		if (strcmp(id, "transparent_hugepage") != 0 &&
		    strcmp(id, "base_page_bytes") != 0 && m != NULL &&
		    json_object_is_type(m, json_type_object))
			buffer_read(m, ts_ext_buffer_add(b, id));
	b->transparent_hugepage = ts_ext_member_str(v,
	    "transparent_hugepage");
	ts_ext_member_u64(v, "base_page_bytes", &b->base_page_bytes);
}

/* A buffer record, in the order the suite writes it. */
static struct json_object *
buffer_write(const struct ts_ext_buffer *b)
{
	struct json_object *o = json_object_new_object();

	ts_ext_put_u64(o, "bytes", b->bytes);
	ts_ext_put_bool(o, "huge_pages_requested", b->huge_pages_requested);
	ts_ext_put_opt(o, "page_bytes", b->page_bytes);
	ts_ext_put_str(o, "decision", b->decision ? b->decision : "");
	ts_ext_put_opt(o, "check_large_bytes", b->check_large_bytes);
	if (b->has_check_ns) {
		ts_ext_put_f64(o, "check_ns", b->check_ns);
		ts_ext_put_f64(o, "check_large_ns", b->check_large_ns);
	}
	if (b->has_check_seconds)
		ts_ext_put_f64(o, "check_seconds", b->check_seconds);
	return o;
}

static struct json_object *
buffers_write(const void *rec)
{
	const struct ts_ext_buffers *b = rec;
	struct json_object *o = json_object_new_object();
	size_t i;

	for (i = 0; i < b->nbuf; i++)
		json_object_object_add(o, b->buf[i].id,
		    buffer_write(&b->buf[i]));
	ts_ext_put_str(o, "transparent_hugepage", b->transparent_hugepage);
	ts_ext_put_u64(o, "base_page_bytes", b->base_page_bytes);
	return o;
}

static void
buffers_free(void *rec)
{
	struct ts_ext_buffers *b = rec;
	size_t i;

	for (i = 0; i < b->nbuf; i++) {
		free(b->buf[i].id);
		free(b->buf[i].decision);
	}
	free(b->buf);
	free(b->transparent_hugepage);
}

const struct ts_ext_key ts_ext_key_buffers = { "buffers",
	sizeof(struct ts_ext_buffers), buffers_read, buffers_write,
	buffers_free };

/*
 * THE TABLE of the keys we know, in the order a document we produce
 * writes them (a document read keeps its own order).
 *
 * To add a key: write its descriptor, `const struct ts_ext_key
 * ts_ext_key_NAME = { "NAME", sizeof(record), read, write, free }`, with
 * its record type, in this file for a plain fact (a string-valued key is
 * one STRING_KEY line) or in a doc-ext-NAME.c of its own (add that to
 * mk/lib-doc.am, with its tests/unit-doc-ext-NAME.c) for a larger record;
 * declare it in its header; list it below.  Its read types the value
 * leniently and never fails (what is missing or of another type stays
 * unset); its write gives the value as we write it; its free releases
 * what the record owns.
 * Nothing else changes: reading, writing back in place, keeping a value
 * that the record would not reproduce byte for byte, and freeing all go
 * through this table, and tests/unit-doc-ext-keys.c round-trips every
 * key listed.  The program that records the key sets it with
 * ts_ext_set(&report.ext, &ts_ext_key_NAME); readers use ts_ext_get().
 */
const struct ts_ext_key *const ts_ext_keys[] = {
	&ts_ext_key_producer,
	&ts_ext_key_compiler,
	&ts_ext_key_cflags,
	&ts_ext_key_configure_host,
	&ts_ext_key_assertions,
	&ts_ext_key_debug_assertions_means,
	&ts_ext_key_kernel_release,
	&ts_ext_key_l3_total_bytes,
	&ts_ext_key_llc,
	&ts_ext_key_cpus,
	&ts_ext_key_pinning,
	&ts_ext_key_buffers,
	&ts_ext_key_cpu_kinds,
	&ts_ext_key_executions,
	&ts_ext_key_cpu_speed,
	&ts_ext_key_cpu_features,
};

const size_t ts_next_keys = sizeof ts_ext_keys / sizeof ts_ext_keys[0];

const struct ts_ext_key *
ts_ext_find(const char *name)
{
	size_t i;

	for (i = 0; i < ts_next_keys; i++)
		if (strcmp(ts_ext_keys[i]->name, name) == 0)
			return ts_ext_keys[i];
	return NULL;
}
