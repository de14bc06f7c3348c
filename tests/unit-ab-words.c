/* SPDX-License-Identifier: MIT */
/*
 * src/threadstone-ab/ab-words.c: --shell none's words, by quoting alone:
 * blanks, single and double quotes, backslashes; what it refuses.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "threadstone-ab/ab-words.h"

/* The words of s joined by '|', or "!" and the reason. */
static const char *
split(const char *s)
{
	static char buf[512];
	char err[128], **w;
	size_t n, i;

	w = ab_words_split(s, &n, err, sizeof err);
	if (w == NULL) {
		snprintf(buf, sizeof buf, "!%s", err);
		return buf;
	}
	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		if (i > 0)
			strcat(buf, "|");
		strcat(buf, w[i]);
	}
	ok(w[n] == NULL, "%zu words, then NULL", n);
	ab_words_free(w);
	return buf;
}

int
main(void)
{
	is_str(split("gzip -1 -c input"), "gzip|-1|-c|input", "blanks");
	is_str(split("  a \t b\n"), "a|b", "leading and trailing blanks");
	is_str(split("printf '{\"t\": 1.03}'"), "printf|{\"t\": 1.03}",
	    "single quotes keep everything");
	is_str(split("echo \"a \\\"b\\\" \\x $HOME\""),
	    "echo|a \"b\" \\x $HOME", "double quotes: \\\" kept, \\x as it is, "
	    "no expansion");
	is_str(split("a\\ b c\\\\d"), "a b|c\\d", "a backslash outside quotes");
	is_str(split("x''y \"\""), "xy|", "empty quotes join, or make a word");
	is_str(split("'unterminated"), "!an unterminated single quote",
	    "an unterminated single quote");
	is_str(split("\"unterminated"), "!an unterminated double quote",
	    "an unterminated double quote");
	is_str(split("a\\"), "!a backslash at the end", "a trailing backslash");
	is_str(split("   "), "!an empty command", "no word");
	return done_testing();
}
