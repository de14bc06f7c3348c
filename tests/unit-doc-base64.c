/* SPDX-License-Identifier: MIT */
/*
 * lib/doc/doc-base64.c: strict base64, the RFC 4648 section 10 vectors
 * and refusals.
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

#include "doc/doc-base64.h"
#include "doc-fixture.h"
#include "tap.h"
#include "util.h"

/* Strict base64 (RFC 4648 section 10 vectors and refusals). */
static void
test_base64(void)
{
	static const char *const enc[] = { "", "Zg==", "Zm8=", "Zm9v",
	    "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy" };
	static const char *const bad[] = { "Zg=", "Zg", "Zh==", "Zm9=",
	    "Zg==Zg==", "Z===", "Zm9v\n", " Zm9v", "Zm-v", "Zm_v", "====",
	    "Zm8" };
	uint8_t out[16];
	char s[16];
	size_t i;

	for (i = 0; i < sizeof enc / sizeof enc[0]; i++) {
		ts_base64_encode((const uint8_t *)"foobar", i, s);
		is_str(s, enc[i], "base64 encodes RFC 4648 vector");
		ok(ts_base64_decode(enc[i], out, sizeof out) == (long)i &&
		    memcmp(out, "foobar", i) == 0, "base64 decodes '%s'",
		    enc[i]);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ok(ts_base64_decode(bad[i], out, sizeof out) == -1,
		    "base64 refuses '%s'", shown(bad[i]));
}

int
main(void)
{
	fixture_dir();
	test_base64();
	return done_testing();
}
