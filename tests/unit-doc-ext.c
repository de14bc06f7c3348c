/* SPDX-License-Identifier: MIT */
/*
 * lib/doc/doc-ext.c and its use by the reader and writer: a document we
 * wrote reads into typed records with nothing kept as read; unknown keys
 * and irregular values of known ones are kept where they stood and
 * written back there; a figure beyond a double's range (1e999, read as
 * infinite) never reaches a typed record.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "buf.h"
#include "doc/doc-ext-keys.h"
#include "doc/doc-ext-speed.h"
#include "doc/doc-ext.h"
#include "doc/doc-parse.h"
#include "doc/doc-read.h"
#include "doc/doc-write.h"
#include "doc-fixture.h"
#include "tap.h"
#include "util.h"

/* How many members of the extensions keep their value as read. */
static size_t
nkept(const struct ts_extensions *e)
{
	size_t i, n = 0;

	for (i = 0; i < e->n; i++)
		n += e->v[i].kept;
	return n;
}

/*
 * The typed extensions: a document we wrote reads into typed records with
 * nothing kept as read; an irregular value of a known key and unknown keys
 * are kept as read where they stood (the known key typed leniently
 * beside it), and the writer puts them back there.
 */
static void
test_extensions(void)
{
	static const char ext[] = "{\n"
	    "    \"first\": [\n      1,\n      {\n        \"x\": null\n"
	    "      }\n    ],\n"
	    "    \"producer\": \"threadstone 0.2.0 (C)\",\n"
	    "    \"l3_total_bytes\": 1.0,\n"
	    "    \"llc\": {\n      \"level\": 3,\n      \"bytes\": 8\n"
	    "    },\n"
	    "    \"cpus\": {\n      \"usable\": 2,\n"
	    "      \"affinity\": 2\n    },\n"
	    "    \"last\": 123456789012345678\n  }";
	static const bool kept[] = { true, false, true, false, true, true };
	const struct ts_ext_buffers *b;
	const struct ts_ext_pinning *pin;
	const struct ts_ext_llc *llc;
	const struct ts_ext_cpus *cpus;
	struct ts_report r;
	struct json_object *v;
	struct ts_buf text, out;
	char err[256];
	size_t i;
	bool all;

	fixture("producer-ours-0.1.0.json", &text);
	ok(ts_doc_parse(text.data, text.len, &r, err, sizeof err) == 0,
	    "producer-ours-0.1.0 reads");
	/*
	 * Every key but cpu_kinds, executions and cpu_speed (0.2 on) and
	 * cpu_features (issue 37).
	 */
	all = r.ext.present && r.ext.read && r.ext.n == ts_next_keys - 4;
	for (i = 0; all && i < r.ext.n; i++)
		all = r.ext.v[i].key == ts_ext_keys[i] && !r.ext.v[i].kept;
	ok(all, "every key we write reads into its typed record (%zu)",
	    r.ext.n);
	llc = ts_ext_get(&r.ext, &ts_ext_key_llc);
	pin = ts_ext_get(&r.ext, &ts_ext_key_pinning);
	b = ts_ext_get(&r.ext, &ts_ext_key_buffers);
	ok(llc != NULL && llc->level == 3 && pin != NULL && pin->enabled &&
	    b != NULL && b->base_page_bytes == 4096 && b->nbuf == 0 &&
	    strcmp(b->transparent_hugepage, "madvise") == 0,
	    "typed values as in the file");
	ts_buf_init(&out);
	ts_doc_pretty(&r, &out);
	ok(out.len + 1 == text.len && memcmp(out.data, text.data,
	    out.len) == 0, "written back byte for byte");
	ts_buf_free(&out);
	ts_buf_free(&text);
	ts_report_free(&r);

	memset(&r, 0, sizeof r);
	if (ts_json_parse(ext, strlen(ext), &v, err, sizeof err) != 0)
		diag("bad test JSON: %s", err);
	ts_ext_read(v, &r.ext);
	all = r.ext.n == 6;
	for (i = 0; all && i < r.ext.n; i++)
		all = r.ext.v[i].kept == kept[i];
	ok(all, "a float l3_total_bytes and reordered cpus kept as read");
	cpus = ts_ext_get(&r.ext, &ts_ext_key_cpus);
	ok(cpus != NULL && cpus->usable == 2 && cpus->affinity == 2 &&
	    ts_ext_get(&r.ext, &ts_ext_key_l3_total_bytes) != NULL &&
	    ts_ext_get(&r.ext, &ts_ext_key_pinning) == NULL,
	    "irregular known keys are typed leniently all the same");
	ok(nkept(&r.ext) == 4 && r.ext.n == 6 && r.ext.v[0].key == NULL &&
	    strcmp(r.ext.v[0].name, "first") == 0 &&
	    strcmp(r.ext.v[5].name, "last") == 0,
	    "four keys kept as read, six in order");
	ok(same_json(ts_ext_tree(&r.ext), v),
	    "unknown and irregular keys written back in place");
	ts_report_free(&r);
}

/* cpu_speed's recorded figures stand only when finite. */
static void
test_not_finite(void)
{
	static const char ext[] = "{\"cpu_speed\": {\"cores\": ["
	    "{\"core\": 0, \"rate\": 1, \"noise\": 0.01}, "
	    "{\"core\": 1, \"rate\": 2, \"noise\": 0.02}], "
	    "\"fastest_core\": 1, \"disparity\": 1e999, \"noise\": -1e999, "
	    "\"cores_differ\": true, \"together\": {\"threads\": 2, "
	    "\"best\": 3, \"median\": 2, \"readings\": [2, 1e999, 3, -1e999, "
	    "0]}}}";
	const struct ts_speed *sp;
	const struct ts_together_run *t;
	struct ts_report r;
	struct json_object *v;
	char err[256];

	memset(&r, 0, sizeof r);
	if (ts_json_parse(ext, strlen(ext), &v, err, sizeof err) != 0) {
		ok(0, "test JSON: %s", err);
		return;
	}
	ts_ext_read(v, &r.ext);
	sp = ts_speed_ext_get(&r.ext);
	t = ts_together_ext_get(&r.ext);
	ok(sp != NULL && sp->disparity == 2 && sp->noise == 0.02,
	    "cpu_speed: an infinite disparity and noise give way to the "
	    "cores' own");
	ok(t != NULL && t->n == 2 && t->readings[0] == 2 &&
	    t->readings[1] == 3, "together: only the finite, positive "
	    "readings kept");
	json_object_put(v);
	ts_report_free(&r);
}

int
main(void)
{
	fixture_dir();
	test_extensions();
	test_not_finite();
	return done_testing();
}
