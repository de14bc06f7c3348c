/* SPDX-License-Identifier: MIT */
/*
 * The fixtures of the lib/doc/ unit tests: reading them, editing their
 * text and parsing it, and a printable form of odd strings for test
 * names.  Header-only, like tap.h; call fixture_dir() first.
 */
#ifndef TS_DOC_FIXTURE_H
#define TS_DOC_FIXTURE_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "buf.h"
#include "doc/doc-read.h"
#include "doc/doc-write.h"
#include "tap.h"
#include "util.h"

static char fixtures[1024];

/* Find the fixtures under $top_srcdir (or .). */
static void __attribute__((unused))
fixture_dir(void)
{
	const char *src = getenv("top_srcdir");

	snprintf(fixtures, sizeof fixtures, "%s/tests/fixtures",
	    src != NULL ? src : ".");
}

/* Read a fixture whole into b; abort the test run if it is missing. */
static void __attribute__((unused))
fixture(const char *name, struct ts_buf *b)
{
	char path[2048], err[512];

	snprintf(path, sizeof path, "%s/%s", fixtures, name);
	if (ts_read_file(path, 1 << 24, b, err, sizeof err) == -1) {
		printf("Bail out! %s\n", err);
		exit(1);
	}
}

/*
 * The whole of a test program over one fixture: find the fixtures, run
 * test on the text of name, and end the TAP output.
 */
static int __attribute__((unused))
fixture_main(const char *name, void (*test)(const char *text))
{
	struct ts_buf b;

	fixture_dir();
	fixture(name, &b);
	test(b.data);
	ts_buf_free(&b);
	return done_testing();
}

/* Whether a and b are written alike; both are released. */
static bool __attribute__((unused))
same_json(struct json_object *a, struct json_object *b)
{
	bool same = ts_json_same_pretty(a, b);

	json_object_put(a);
	json_object_put(b);
	return same;
}

/* A printable rendering of s for test names (static buffer). */
static __attribute__((unused)) const char *
shown(const char *s)
{
	static char out[256];
	size_t n = 0;

	for (; *s != '\0' && n + 5 < sizeof out; s++) {
		if ((unsigned char)*s >= 0x20 && (unsigned char)*s < 0x7f)
			out[n++] = *s;
		else
			n += (size_t)snprintf(out + n, sizeof out - n, "\\x%02x",
			    (unsigned char)*s);
	}
	out[n] = '\0';
	return out;
}

/* Parse text with ts_doc_parse; return 0 or -1, message in err. */
static int __attribute__((unused))
parse(const char *text, struct ts_report *r, char *err, size_t errlen)
{
	return ts_doc_parse(text, strlen(text), r, err, errlen);
}

/* Replace the first occurrence of from by to in text (a new string). */
static __attribute__((unused)) char *
edit(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	char *out;

	if (at == NULL) {
		printf("Bail out! fixture lacks %s\n", from);
		exit(1);
	}
	out = ts_xmalloc(strlen(text) + strlen(to) + 1);
	memcpy(out, text, (size_t)(at - text));
	strcpy(out + (at - text), to);
	strcat(out, at + strlen(from));
	return out;
}

#endif /* TS_DOC_FIXTURE_H */
