/* SPDX-License-Identifier: MIT */
/*
 * Naming a document's producer: the original (tool_version and a rustc
 * line), ours (extensions.producer and the compiler), and unknown ones;
 * compilers in short; rustc lines parsed; missing, mistyped, long and
 * control-laden fields.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "doc/doc-parse.h"
#include "doc/doc-producer.h"
#include "doc/doc-read.h"
#include "tap.h"
#include "util.h"

#define GCC_DEBIAN	"gcc (Debian 12.2.0-14+deb12u1) 12.2.0"
#define RUSTC_183	"rustc 1.83.0 (90b35a623 2024-11-26)"

/*
 * Describe a document with these fields (NULL: absent); ext is the text
 * of the "extensions" value.  Returns the description, owned by *p.
 */
static const char *
describe(struct ts_producer *p, const char *tool_version, const char *rustc,
    const char *ext)
{
	struct json_object *v;
	struct ts_report r;
	char err[128];

	memset(&r, 0, sizeof r);
	r.tool_version = tool_version != NULL ? ts_xstrdup(tool_version) :
	    NULL;
	r.system.rustc_version = rustc != NULL ? ts_xstrdup(rustc) : NULL;
	if (ext != NULL && ts_json_parse(ext, strlen(ext), &v, err,
	    sizeof err) != 0)
		diag("bad test JSON: %s: %s", err, ext);
	else if (ext != NULL) {
		/* JSON null is no extensions, as the reader has it. */
		if (v != NULL)
			ts_ext_read(v, &r.ext);
		json_object_put(v);
	}
	ts_producer_of(&r, p);
	ts_report_free(&r);
	return p->description;
}

/* The description of ours with this compiler line. */
static void
is_ours_with(const char *compiler, const char *want)
{
	struct ts_producer p;
	char *ext;

	ext = ts_xasprintf("{\"producer\": \"threadstone 0.2.0 (C)\", "
	    "\"compiler\": \"%s\"}", compiler);
	is_str(describe(&p, "0.2.0", compiler, ext), want, compiler);
	free(ext);
	ts_producer_free(&p);
}

/* The original, and rustc lines. */
static void
test_original(void)
{
	struct ts_producer p;
	struct ts_rustc_version v;

	is_str(describe(&p, "2.0.0", RUSTC_183, NULL),
	    "ThreadStone 2.0.0 (rustc 1.83.0)", "the original, rustc 1.83");
	is_int(p.family, TS_FAMILY_RUST, "family: Rust");
	is_str(p.version, "2.0.0", "version is tool_version");
	ok(p.rustc.set && p.rustc.major == 1 && p.rustc.minor == 83 &&
	    p.rustc.patch == 0 && !p.rustc.prerelease, "rustc 1.83.0 parsed");
	ts_producer_free(&p);

	is_str(describe(&p, "2.0.0", "rustc 1.81.0-nightly (5aea140 "
	    "2024-06-06)", NULL), "ThreadStone 2.0.0 (rustc 1.81.0-nightly)",
	    "a nightly rustc keeps its channel in the description");
	ok(p.rustc.set && p.rustc.minor == 81 && p.rustc.prerelease,
	    "1.81.0-nightly is a prerelease of 1.81");
	ts_producer_free(&p);

	is_str(describe(&p, "2.0.0", RUSTC_183, "[1, 2]"),
	    "ThreadStone 2.0.0 (rustc 1.83.0)",
	    "extensions that are not an object are ignored");
	ts_producer_free(&p);

	is_str(describe(&p, "2.0.0", NULL, NULL),
	    "unknown producer (tool_version 2.0.0)",
	    "no rustc_version: unknown, even for 2.0.0");
	is_int(p.family, TS_FAMILY_UNKNOWN, "family: unknown");
	ok(p.version == NULL && !p.rustc.set, "unknown: no version, no rustc");
	ts_producer_free(&p);

	ok(ts_rustc_version_parse("rustc 1.80.1 (3f5fd8dd4 2024-08-06)",
	    &v) == 0 && v.minor == 80 && v.patch == 1, "rustc 1.80.1");
	ok(ts_rustc_version_parse("rustc 1.83.0", &v) == 0 && v.set,
	    "rustc line without hash and date");
	ok(ts_rustc_version_parse("rustc 1.82.0-beta.3 (x y)", &v) == 0 &&
	    v.prerelease, "beta is a prerelease");
	ok(ts_rustc_version_parse("rustc 1.83", &v) == -1 && !v.set,
	    "two parts are refused");
	ok(ts_rustc_version_parse("rustc 1.83.0x", &v) == -1,
	    "trailing garbage is refused");
	ok(ts_rustc_version_parse("rustc 123456789.1.1", &v) == -1,
	    "huge numbers are refused");
	ok(ts_rustc_version_parse("rustc", &v) == -1 &&
	    ts_rustc_version_parse("", &v) == -1 &&
	    ts_rustc_version_parse(NULL, &v) == -1 &&
	    ts_rustc_version_parse(GCC_DEBIAN, &v) == -1,
	    "non-rustc lines are refused");
}

/* Ours, and compiler lines in short. */
static void
test_ours(void)
{
	struct ts_producer p;

	is_str(describe(&p, "0.1.0", GCC_DEBIAN, "{\"producer\": "
	    "\"threadstone 0.1.0 (C)\", \"compiler\": \"" GCC_DEBIAN "\"}"),
	    "threadstone 0.1.0 (C, gcc 12.2.0)", "ours, 0.1.0 with gcc");
	is_int(p.family, TS_FAMILY_C, "family: C");
	is_str(p.version, "0.1.0", "our version");
	ok(!p.rustc.set, "ours has no rustc");
	ts_producer_free(&p);

	is_ours_with("clang version 16.0.6 (Fedora 16.0.6-3.fc38)",
	    "threadstone 0.2.0 (C, clang 16.0.6)");
	is_ours_with("Apple clang version 15.0.0 (clang-1500.3.9.4)",
	    "threadstone 0.2.0 (C, clang 15.0.0)");
	is_ours_with("cc (GCC) 13.2.1 20231011 (Red Hat 13.2.1-4)",
	    "threadstone 0.2.0 (C, gcc 13.2.1)");
	is_ours_with("icx (ICX) 2024.0.0 20231017",
	    "threadstone 0.2.0 (C, icx 2024.0.0)");
	is_ours_with("tcc", "threadstone 0.2.0 (C, tcc)");

	is_str(describe(&p, "0.2.0", GCC_DEBIAN,
	    "{\"producer\": \"threadstone 0.2.0 (C)\"}"),
	    "threadstone 0.2.0 (C, gcc 12.2.0)",
	    "no extensions.compiler: the compiler from rustc_version");
	ts_producer_free(&p);
	is_str(describe(&p, "0.2.0", NULL,
	    "{\"producer\": \"threadstone 0.2.0 (C)\", \"compiler\": 7}"),
	    "threadstone 0.2.0 (C, compiler unknown)",
	    "no usable compiler field: compiler unknown");
	ts_producer_free(&p);
}

/* Unknown producers and hostile fields: described, never a crash. */
static void
test_unknown(void)
{
	struct ts_producer p;
	char *longer, *ext;
	const char *d;

	is_str(describe(&p, "0.1.0", GCC_DEBIAN,
	    "{\"producer\": \"threadstone 0.2.0 (C)\"}"),
	    "unknown producer (tool_version 0.1.0, producer threadstone "
	    "0.2.0 (C), gcc 12.2.0)",
	    "producer and tool_version disagree: unknown");
	is_int(p.family, TS_FAMILY_UNKNOWN, "disagreement is unknown");
	ts_producer_free(&p);

	is_str(describe(&p, "0.1.0", GCC_DEBIAN, NULL),
	    "unknown producer (tool_version 0.1.0, gcc 12.2.0)",
	    "ours without extensions (re-signed by the original): unknown");
	ts_producer_free(&p);

	is_str(describe(&p, "2.0.0", RUSTC_183, "{\"producer\": 42}"),
	    "unknown producer (tool_version 2.0.0, rustc 1.83.0)",
	    "a producer that is not a string: unknown");
	ts_producer_free(&p);

	is_str(describe(&p, "1.0", NULL, "{\"producer\": \"benchy 1.0\"}"),
	    "unknown producer (tool_version 1.0, producer benchy 1.0)",
	    "someone else's producer: unknown, named");
	ts_producer_free(&p);

	is_str(describe(&p, NULL, NULL, NULL),
	    "unknown producer (tool_version missing)", "nothing at all");
	ts_producer_free(&p);

	is_str(describe(&p, "2.0.0\n\tx", RUSTC_183, NULL),
	    "ThreadStone 2.0.0??x (rustc 1.83.0)",
	    "control characters become '?': one line");
	ts_producer_free(&p);

	is_str(describe(&p, "2.0.0", RUSTC_183,
	    "{\"producer\": \"a\\u0000b\"}"),
	    "unknown producer (tool_version 2.0.0, producer a?b, "
	    "rustc 1.83.0)", "U+0000 becomes '?'");
	ts_producer_free(&p);

	longer = ts_xcalloc(1, 301);
	memset(longer, 'x', 300);
	memcpy(longer + 47, "\xc3\xa9", 2);	/* é across the cut */
	ext = ts_xasprintf("{\"producer\": \"%s\", \"compiler\": \"%s\"}",
	    longer, longer);
	d = describe(&p, longer, longer, ext);
	ok(strlen(d) < 240, "long fields are cut (%zu bytes)", strlen(d));
	ok(strstr(d, "\xe2\x80\xa6") != NULL, "a cut field ends in an "
	    "ellipsis");
	ok(strchr(d, '\xc3') == NULL && strstr(d, "xx\xe2\x80\xa6") != NULL,
	    "the cut falls before a character it would split");
	ts_producer_free(&p);
	free(ext);
	free(longer);

	ts_producer_free(NULL);
	ok(1, "ts_producer_free(NULL) is harmless");
}

int
main(void)
{
	test_original();
	test_ours();
	test_unknown();
	return done_testing();
}
