/* SPDX-License-Identifier: MIT */
/*
 * lib/doc/doc-write.c: the pretty and canonical writers against the
 * published vectors, normalisation to a serde fixed point, escapes.
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
#include "doc/doc-ext.h"
#include "doc/doc-keys.h"
#include "doc/doc-read.h"
#include "doc/doc-write.h"
#include "num/num-parse.h"
#include "doc-fixture.h"
#include "tap.h"
#include "util.h"

/* The writers against the published vectors. */
static void
test_writers(const char *apple)
{
	static const char *const vec[] = { "apple-m4-pro",
	    "run-signed-at-runtime", "adversarial-1", "adversarial-2",
	    "adversarial-3", "adversarial-4", "adversarial-5", "adversarial-6",
	    "adversarial-7", "adversarial-8" };
	struct ts_buf text, want, out;
	struct ts_ext_entry *m;
	struct ts_report r;
	char err[512], name[64];
	size_t i;
	double x;

	for (i = 0; i < sizeof vec / sizeof vec[0]; i++) {
		snprintf(name, sizeof name, "%s.json", vec[i]);
		fixture(name, &text);
		snprintf(name, sizeof name, "%s.canonical.json", vec[i]);
		fixture(name, &want);
		ts_buf_init(&out);
		ok(ts_doc_parse(text.data, text.len, &r, err, sizeof err) == 0,
		    "%s parses", vec[i]);
		ts_doc_canonical(&r, &out);
		ok(out.len == want.len && memcmp(out.data, want.data,
		    out.len) == 0, "%s: canonical bytes equal the vector",
		    vec[i]);
		ts_report_free(&r);
		ts_buf_free(&text);
		ts_buf_free(&want);
		ts_buf_free(&out);
	}
	ts_buf_init(&out);
	parse(apple, &r, err, sizeof err);
	ts_doc_pretty(&r, &out);
	ok(strcmp(out.data, apple) == 0, "pretty writer reproduces the "
	    "fixture byte for byte");
	ts_buf_free(&out);
	/* Normalisation reaches a fixed point of serde's parser. */
	x = 1.0987420999660814e-7;
	r.system.timer.overhead_ns = x;
	ts_report_normalise(&r);
	x = r.system.timer.overhead_ns;
	ok(ts_serde_normalise(x) == x, "a normalised double is a fixed "
	    "point (%.17g)", x);
	ts_report_free(&r);
	/* Escapes, empty containers, extensions after score. */
	parse(apple, &r, err, sizeof err);
	free(r.system.os_version);
	r.system.os_version = ts_xstrdup("a\"b\\c/\x01\x1f\n\t\x7f\xc2\xb7");
	ts_extensions_free(&r.ext);
	r.ext.present = true;
	m = ts_ext_append(&r.ext, NULL, "e");
	m->kept = true;
	m->raw = json_object_new_array();
	ts_buf_init(&out);
	ts_doc_pretty(&r, &out);
	ok(strstr(out.data, "\"a\\\"b\\\\c/\\u0001\\u001f\\n\\t\x7f\xc2\xb7\"")
	    != NULL, "strings are escaped as serde_json does");
	ok(strstr(out.data, "  },\n  \"extensions\": {\n    \"e\": []\n  },\n"
	    "  \"signature\"") != NULL, "extensions sit between score and "
	    "signature, empty arrays are []");
	ts_buf_free(&out);
	ts_buf_init(&out);
	ts_doc_canonical(&r, &out);
	ok(strstr(out.data, "extensions") == NULL &&
	    strstr(out.data, "signature") == NULL,
	    "canonical bytes leave out extensions and signature");
	ts_buf_free(&out);
	ts_report_free(&r);
}

int
main(void)
{
	return fixture_main("apple-m4-pro.json", test_writers);
}
