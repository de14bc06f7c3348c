/* SPDX-License-Identifier: MIT */
/*
 * lib/doc/doc-write.c: the pretty and canonical writers against the
 * published vectors, normalisation to a serde fixed point, escapes, and
 * every number of a whole written document (every extension key set)
 * reading back to itself under serde_json's parser.
 *
 * Given FILE arguments, it only walks those files' number tokens instead
 * (e.g. a real `threadstone-run --out FILE` document).
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
#include "doc/doc-ext-keys.h"
#include "doc/doc-ext-speed.h"
#include "doc/doc-keys.h"
#include "doc/doc-read.h"
#include "doc/doc-write.h"
#include "num/num-format.h"
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


/*
 * Walk every number token of text (outside strings): *n gets how many
 * there are, *nfloat how many are floats; return how many do not read
 * back to themselves (serde_json's parse of the token, written again,
 * is another token).  The first of them is described in first.
 */
static size_t
unstable_numbers(const char *text, size_t len, size_t *n, size_t *nfloat,
    char *first, size_t firstlen)
{
	char again[TS_FMT_DOUBLE_MAX];
	struct ts_num num;
	size_t i = 0, j, k, bad = 0;

	*n = *nfloat = 0;
	first[0] = '\0';
	while (i < len) {
		if (text[i] == '"') {
			for (i++; i < len && text[i] != '"'; i++)
				if (text[i] == '\\')
					i++;
			i++;
			continue;
		}
		if (text[i] != '-' && (text[i] < '0' || text[i] > '9')) {
			i++;
			continue;
		}
		j = i;
		while (j < len && strchr("0123456789+-.eE", text[j]) != NULL)
			j++;
		(*n)++;
		if (ts_serde_parse(text + i, j - i, &num) == TS_NUM_ERROR) {
			if (bad++ == 0)
				snprintf(first, firstlen, "%.*s does not parse",
				    (int)(j - i), text + i);
		} else if (num.kind == TS_NUM_F64) {
			(*nfloat)++;
			k = ts_fmt_double(num.f, again);
			if ((k != j - i || memcmp(again, text + i, k) != 0) &&
			    bad++ == 0)
				snprintf(first, firstlen, "%.*s reads back as "
				    "%.*s (%.17g)", (int)(j - i), text + i,
				    (int)k, again, num.f);
		}
		i = j;
	}
	return bad;
}

/* A double near x (x itself if none) that one serde trip changes. */
static double
unstable_near(double x)
{
	double y = x;
	int i;

	if (x == 0 || !isfinite(x))
		return x;
	for (i = 0; i < 4096; i++, y = nextafter(y, HUGE_VAL))
		if (ts_serde_normalise(y) != y)
			return y;
	return x;
}

/* Replace every double of a json-c tree by one near it that is unstable. */
static void
poison_tree(struct json_object *v)
{
	size_t i;

	if (json_object_is_type(v, json_type_double))
		json_object_set_double(v,
		    unstable_near(json_object_get_double(v)));
	else if (json_object_is_type(v, json_type_array))
		for (i = 0; i < json_object_array_length(v); i++)
			poison_tree(json_object_array_get_idx(v, i));
	else if (json_object_is_type(v, json_type_object)) {
		json_object_object_foreach(v, key, m) {
			(void)key;
			poison_tree(m);
		}
	}
}

/* The members executions-run.json lacks, so that every key has numbers. */
static const char more_ext[] = "{"
    "\"cpu_kinds\": {\"kinds\": [{\"name\": \"p\", \"hwloc_rank\": 1, "
    "\"efficiency\": 1, \"cores\": 2}, {\"name\": \"e\", "
    "\"hwloc_rank\": 0, \"efficiency\": 0, \"cores\": 4}], "
    "\"single_thread\": {\"kind\": \"p\", \"core\": 1, \"pinned\": true}, "
    "\"multi_thread\": {\"threads\": 6, \"workers\": {\"p\": 2, \"e\": 4}}, "
    "\"per_kind\": {\"sha256\": {\"p\": {\"core\": 1, \"cpus\": \"1\", "
    "\"pinned\": true, \"value\": 245.31376567839314, "
    "\"cv\": 0.0123456789012345, \"ci95\": 1.0987420999660814e-7, "
    "\"stability\": \"stable\", \"samples\": 8, "
    "\"iters_per_thread\": 1000}}}, \"single_core_score_kind\": \"p\"}, "
    "\"buffer\": {\"bytes\": 201326592, \"huge_pages_requested\": true, "
    "\"page_bytes\": 2097152, \"decision\": \"grown\", "
    "\"check_large_bytes\": 402653184, \"check_ns\": 81.23456789012345, "
    "\"check_large_ns\": 95.87654321098765, "
    "\"check_seconds\": 0.12345678901234566}, "
    "\"design\": {\"precision_pct\": 1.5, \"time_cap_secs\": 600.5}}";

/* Add the members more_ext lists to the extensions tree e. */
static void
complete_extensions(struct json_object *e)
{
	struct json_object *more = json_tokener_parse(more_ext), *m, *v, *b;
	struct json_object *speed;
	struct ts_together_run t;
	struct ts_extensions x;

	json_object_object_get_ex(more, "cpu_kinds", &v);
	json_object_object_add(e, "cpu_kinds", json_object_get(v));
	json_object_object_add(e, "hostname",
	    json_object_new_string("lab-1.example"));
	/* The together readings as their descriptor writes them. */
	memset(&t, 0, sizeof t);
	ts_together_add(&t, 2, 1.2345678901234567);
	ts_together_add(&t, 2, 2.3456789012345678);
	t.median = 1.7901233956790122;
	memset(&x, 0, sizeof x);
	ts_together_ext_put(&x, &t);
	speed = ts_ext_key_cpu_speed.write(ts_ext_get(&x,
	    &ts_ext_key_cpu_speed));
	ts_extensions_free(&x);
	json_object_object_get_ex(e, "cpu_speed", &m);
	json_object_object_get_ex(speed, "together", &v);
	json_object_object_add(m, "together", json_object_get(v));
	json_object_put(speed);
	/* A workload's buffer comes before the host's members. */
	json_object_object_get_ex(e, "buffers", &m);
	json_object_object_get_ex(more, "buffer", &v);
	b = json_object_new_object();
	json_object_object_add(b, "sha256", json_object_get(v));
	json_object_object_foreach(m, bkey, bval)
		json_object_object_add(b, bkey, json_object_get(bval));
	json_object_object_add(e, "buffers", b);
	json_object_object_get_ex(e, "executions", &m);
	json_object_object_get_ex(m, "design", &m);
	json_object_object_get_ex(more, "design", &v);
	json_object_object_foreach(v, key, val)
		json_object_object_add(m, key, json_object_get(val));
	json_object_object_add(m, "precision_met",
	    json_object_new_boolean(1));
	json_object_object_add(e, "cpu_features",
	    json_object_new_string("sse2,avx,avx2,fma,aes,sha_ni"));
	json_object_put(more);
}

/*
 * A whole document, every extension key set and every double made one
 * that a serde trip changes, written: every number token reads back to
 * itself, and the text read and written again is the same text.
 */
static void
test_every_number(void)
{
	struct json_object *tree, *e;
	struct ts_buf text, again;
	struct ts_workload *w;
	struct ts_report r, back;
	char err[512], first[256];
	size_t i, j, n, nfloat, bad;
	bool all = true;

	fixture("executions-run.json", &text);
	if (ts_doc_parse(text.data, text.len, &r, err, sizeof err) == -1) {
		printf("Bail out! executions-run.json: %s\n", err);
		exit(1);
	}
	ts_buf_free(&text);
	tree = ts_doc_tree(&r, 1, 0);
	json_object_object_get_ex(tree, "extensions", &e);
	complete_extensions(e);
	poison_tree(e);
	ts_ext_read(e, &r.ext);
	json_object_put(tree);
	for (i = 0; i < ts_next_keys; i++) {
		for (j = 0; j < r.ext.n; j++)
			if (r.ext.v[j].key == ts_ext_keys[i] &&
			    !r.ext.v[j].kept)
				break;
		if (j == r.ext.n) {
			diag("extensions.%s is missing or kept as read",
			    ts_ext_keys[i]->name);
			all = false;
		}
	}
	ok(all, "every one of the %zu extension keys is set, written by its "
	    "descriptor", ts_next_keys);
	/* Every float made unstable, the timer's overhead from a figure
	 * that is not 0. */
	r.system.timer.overhead_ns = 1.0987420999660814e-7;
	ts_report_map_doubles(&r, unstable_near);

	/* The writer alone, without ts_report_normalise(). */
	ts_buf_init(&text);
	ts_doc_pretty(&r, &text);
	bad = unstable_numbers(text.data, text.len, &n, &nfloat, first,
	    sizeof first);
	ok(bad == 0 && nfloat > 200, "the number tokens of a written "
	    "document read back to themselves (%zu tokens, %zu floats)", n,
	    nfloat);
	if (bad > 0)
		diag("%zu do not, e.g. %s", bad, first);
	ok(strstr(text.data, "\"means\"") != NULL &&
	    strstr(text.data, "\"per_kind\"") != NULL &&
	    strstr(text.data, "\"readings\"") != NULL &&
	    strstr(text.data, "\"check_seconds\"") != NULL &&
	    strstr(text.data, "\"time_cap_secs\"") != NULL,
	    "the walk covers executions, cpu_kinds, cpu_speed, buffers");
	ok(ts_doc_parse(text.data, text.len, &back, err, sizeof err) == 0,
	    "the document reads back");
	ts_buf_init(&again);
	ts_doc_pretty(&back, &again);
	ok(again.len == text.len && memcmp(again.data, text.data, text.len)
	    == 0, "written again, it is the same text");
	ts_buf_free(&again);
	ts_report_free(&back);
	ts_buf_free(&text);
	ts_report_free(&r);
}

/* Walk the number tokens of each file named. */
static int
walk_files(int argc, char **argv)
{
	struct ts_buf text;
	char err[512], first[256];
	size_t n, nfloat, bad;
	int i;

	for (i = 1; i < argc; i++) {
		if (ts_read_file(argv[i], 1 << 26, &text, err, sizeof err)
		    == -1) {
			printf("Bail out! %s\n", err);
			return 1;
		}
		bad = unstable_numbers(text.data, text.len, &n, &nfloat,
		    first, sizeof first);
		ok(bad == 0, "%s: %zu of %zu number tokens (%zu floats) do not "
		    "read back to themselves", argv[i], bad, n, nfloat);
		if (bad > 0)
			diag("e.g. %s", first);
		ts_buf_free(&text);
	}
	return done_testing();
}

int
main(int argc, char **argv)
{
	struct ts_buf b;

	if (argc > 1)
		return walk_files(argc, argv);
	fixture_dir();
	fixture("apple-m4-pro.json", &b);
	test_writers(b.data);
	ts_buf_free(&b);
	test_every_number();
	return done_testing();
}
