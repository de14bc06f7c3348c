/* SPDX-License-Identifier: MIT */
/*
 * lib/doc/doc-parse.c: the strict JSON grammar of serde_json, its limits,
 * number nodes that keep their text, and duplicate keys remembered.
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

#include "doc/doc-parse.h"
#include "doc-fixture.h"
#include "tap.h"
#include "util.h"

/* The strict JSON grammar of serde_json, and its limits. */
static void
test_grammar(void)
{
	static const char *const bad[] = { "NaN", "[NaN]", "Infinity",
	    "[1.]", "[.5]", "[01]", "[-]", "[1,]", "{\"a\":1,}", "[1]x",
	    "\"a\tb\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\x\"", "\v[1]",
	    "'a'", "[1e]", "{a:1}", "", "[", "\"\xc3\x28\"",
	    "\"\xed\xa0\x80\"", "\xef\xbb\xbf[1]", "nul", "[true false]" };
	static const char *const good[] = { "[1.0,-0,1E5,1e-7,0.5]",
	    "\"\\ud83d\\ude00\"", " [ ] ", "{}", "\"\\u0000\"",
	    "[18446744073709551616]", "[1e400]", "\"\xe2\x80\x94\"" };
	struct json_object *o;
	char err[256], deep[300];
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ok(ts_json_parse(bad[i], strlen(bad[i]), &o, err,
		    sizeof err) == -1, "grammar refuses '%s' (%s)",
		    shown(bad[i]), err);
	}
	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		if (ok(ts_json_parse(good[i], strlen(good[i]), &o, err,
		    sizeof err) == 0, "grammar accepts '%s'", shown(good[i])))
			json_object_put(o);
	}
	/* Number nodes keep their source text. */
	ts_json_parse("[99.10000000000001, 14, 18446744073709551616, -0]",
	    49, &o, err, sizeof err);
	is_str(json_object_get_string(json_object_array_get_idx(o, 0)),
	    "99.10000000000001", "a float keeps its text");
	is_str(json_object_get_string(json_object_array_get_idx(o, 2)),
	    "18446744073709551616", "an overflowing integer keeps its text");
	is_str(json_object_get_string(json_object_array_get_idx(o, 3)),
	    "-0", "-0 keeps its text");
	json_object_put(o);
	/* 127 nested arrays are fine, 128 are not (serde_json's limit). */
	memset(deep, '[', 127);
	memset(deep + 127, ']', 127);
	ok(ts_json_parse(deep, 254, &o, err, sizeof err) == 0,
	    "127 levels of nesting parse");
	json_object_put(o);
	memset(deep, '[', 128);
	memset(deep + 128, ']', 128);
	ok(ts_json_parse(deep, 256, &o, err, sizeof err) == -1 &&
	    strstr(err, "recursion limit") != NULL,
	    "128 levels are refused (%s)", err);
	ts_json_parse("{\"a\":1,\"b\":2,\"a\":3}", 19, &o, err, sizeof err);
	ok(ts_json_is_duplicate(o, "a") && !ts_json_is_duplicate(o, "b"),
	    "duplicate keys are remembered");
	json_object_put(o);
}

int
main(void)
{
	fixture_dir();
	test_grammar();
	return done_testing();
}
