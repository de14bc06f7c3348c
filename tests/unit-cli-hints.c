/* SPDX-License-Identifier: MIT */
/*
 * lib/cli.c's suggestions (edit distance, the closest name) and the
 * ASCII substitutes that ts_put_text() writes in a non-UTF-8 locale
 * (lib/buf.c's ts_text_ascii).
 */
#include <config.h>

#include <string.h>

#include "buf.h"
#include "cli.h"
#include "tap.h"

/* ts_text_ascii() of s, NUL-terminated in a static buffer. */
static const char *
ascii(const char *s)
{
	static char out[256];
	struct ts_buf b;

	ts_buf_init(&b);
	ts_text_ascii(s, strlen(s), &b);
	snprintf(out, sizeof out, "%s", b.data);
	ts_buf_free(&b);
	return out;
}

int
main(void)
{
	static const char *const verbs[] = { "run", "list", "sweep",
	    "compare", "verify", "sign", "keygen", "report", "schema",
	    "help", NULL };
	static const char *const opts[] = { "samples", "single-only",
	    "sign-key", "stream-mb", "format", "quiet", NULL };

	is_u64(ts_edit_distance("compare", "compare", 2), 0, "same: 0");
	is_u64(ts_edit_distance("comapre", "compare", 2), 1,
	    "a swap of neighbours counts one");
	is_u64(ts_edit_distance("compar", "compare", 2), 1, "a deletion");
	is_u64(ts_edit_distance("kompare", "compare", 2), 1, "a substitution");
	is_u64(ts_edit_distance("cmpr", "compare", 2), 3,
	    "beyond the cap: cap + 1");
	is_u64(ts_edit_distance("", "abc", 5), 3, "from nothing");

	is_str(ts_suggest("comapre", verbs), "compare", "comapre: compare");
	is_str(ts_suggest("verfiy", verbs), "verify", "verfiy: verify");
	is_str(ts_suggest("sweeep", verbs), "sweep", "sweeep: sweep");
	ok(ts_suggest("xyz", verbs) == NULL, "xyz: nothing near");
	ok(ts_suggest("lst", verbs) != NULL &&
	    strcmp(ts_suggest("lst", verbs), "list") == 0,
	    "a short word: distance 1 only (lst: list)");
	ok(ts_suggest("sgn", verbs) != NULL, "sgn: sign");
	ok(ts_suggest("rn", verbs) != NULL &&
	    strcmp(ts_suggest("rn", verbs), "run") == 0, "rn: run");
	is_str(ts_suggest("sampels", opts), "samples", "sampels: samples");
	ok(ts_suggest("sign-ky", opts) != NULL &&
	    strcmp(ts_suggest("sign-ky", opts), "sign-key") == 0,
	    "sign-ky: sign-key");
	ok(ts_suggest("sig", (const char *const[]){ "sign", "sig2", NULL })
	    == NULL, "two equally close: no suggestion");

	is_str(ascii("a \xe2\x86\x92 b"), "a -> b", "arrow");
	is_str(ascii("\xe2\x94\x80\xe2\x94\x80\xe2\x94\x80"), "---", "rule");
	is_str(ascii("x \xc2\xb7 y\xe2\x80\xa6"), "x . y...", "dot, ellipsis");
	is_str(ascii("\xe2\x97\x8f\xe2\x97\x8f\xc2\xb7 \xc2\xb1" "1%"),
	    "##. +-1%", "bar and plus-minus");
	is_str(ascii("SGEMM 256\xc2\xb3 \xe2\x80\x94 ok"), "SGEMM 256^3 -- ok",
	    "superscript, em dash");
	is_str(ascii("caf\xc3\xa9"), "caf?", "another character: one ?");
	is_str(ascii("plain"), "plain", "ASCII unchanged");
	return done_testing();
}
