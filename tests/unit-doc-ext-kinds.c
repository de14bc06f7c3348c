/* SPDX-License-Identifier: MIT */
/*
 * lib/doc/doc-ext-kinds.c: the cpu_kinds descriptor, a record read back
 * to the same bytes, and another tool's record read leniently.
 */
#include <config.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "buf.h"
#include "doc/doc-ext-kinds.h"
#include "doc/doc-write.h"
#include "tap.h"
#include "util.h"

static const struct ts_ext_key *const k = &ts_ext_key_cpu_kinds;

/* Read text with the descriptor into *r; return the written-back text. */
static char *
read_text(const char *text, struct ts_ext_cpu_kinds *r)
{
	struct json_object *v = json_tokener_parse(text), *w;
	struct ts_buf b;

	memset(r, 0, sizeof *r);
	k->read(v, r);
	w = k->write(r);
	ts_buf_init(&b);
	ts_json_write_pretty(w, &b);
	json_object_put(v);
	json_object_put(w);
	return b.data;
}

int
main(void)
{
	static const char ours[] = "{\n  \"kinds\": [\n    {\n"
	    "      \"name\": \"big\",\n      \"hwloc_rank\": 1,\n"
	    "      \"efficiency\": 1,\n      \"cores\": 2\n    }\n  ],\n"
	    "  \"single_thread\": {\n    \"kind\": \"big\",\n"
	    "    \"core\": 3,\n    \"pinned\": true\n  },\n"
	    "  \"multi_thread\": {\n    \"threads\": 2,\n"
	    "    \"workers\": \"not pinned: the scheduler placed them\"\n"
	    "  },\n  \"per_kind\": {\n    \"sort\": {\n      \"big\": {\n"
	    "        \"core\": 3,\n        \"cpus\": \"3\",\n"
	    "        \"pinned\": true,\n        \"error\": \"not run\"\n"
	    "      }\n    }\n  },\n  \"single_core_score_kind\": \"big\"\n}";
	struct ts_ext_cpu_kinds r;
	char *s;

	s = read_text(ours, &r);
	ok(strcmp(s, ours) == 0, "our record reads and writes back the same");
	ok(r.nkinds == 1 && strcmp(r.kinds[0].name, "big") == 0 &&
	    r.kinds[0].efficiency.set && r.kinds[0].efficiency.v == 1 &&
	    r.single_thread.core.set && r.single_thread.core.v == 3 &&
	    !r.single_thread.passes.set && r.has_multi_thread &&
	    !r.workers_pinned && r.workers_text != NULL && r.has_per_kind &&
	    r.nper_kind == 1 && r.per_kind[0].npasses == 1 &&
	    !r.per_kind[0].passes[0].has_value &&
	    strcmp(r.per_kind[0].passes[0].error, "not run") == 0,
	    "its fields typed");
	free(s);
	k->free(&r);
	ok(r.kinds == NULL && r.nkinds == 0 && r.per_kind == NULL,
	    "free zeroes the record");

	s = read_text("{\"kinds\": [{\"cores\": 4}, 7, {\"name\": \"e\"}], "
	    "\"multi_thread\": {\"workers\": {\"p\": 2, \"e\": -1, "
	    "\"x\": \"y\"}}, \"per_kind\": {\"sort\": 1, \"sha256\": {\"p\": "
	    "{\"value\": 3, \"ci95\": 0.5}, \"e\": []}}}", &r);
	ok(r.nkinds == 3 && r.kinds[0].name == NULL && r.kinds[0].cores == 4 &&
	    r.kinds[1].name == NULL && strcmp(r.kinds[2].name, "e") == 0,
	    "kinds: every element kept in place, named or not");
	ok(r.workers_pinned && r.nworkers == 1 &&
	    strcmp(r.workers[0].kind, "p") == 0 && r.workers[0].n == 2,
	    "workers: only non-negative counts");
	ok(r.nper_kind == 1 && strcmp(r.per_kind[0].workload, "sha256") == 0 &&
	    r.per_kind[0].npasses == 1 && r.per_kind[0].passes[0].has_value &&
	    r.per_kind[0].passes[0].value == 3 &&
	    r.per_kind[0].passes[0].ci95 == 0.5,
	    "per_kind: objects only; an integer value is a figure");
	ok(r.single_thread.kind == NULL && r.single_core_score_kind == NULL,
	    "missing members stay unset");
	free(s);
	k->free(&r);
	s = read_text("[1, 2]", &r);
	ok(r.nkinds == 0 && !r.has_multi_thread && !r.has_per_kind,
	    "a record that is not an object reads as no kinds");
	free(s);
	k->free(&r);
	return done_testing();
}
