/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the number parser and formatter.  The input is parsed as
 * a JSON number token with serde_json's rules; when its first eight
 * bytes are also taken as a double, and for every double the parser
 * returns, the formatter's text must parse back to lossy(ryu(x))
 * (ts_serde_normalise), the shortest digits must read back to x under
 * correct rounding, and Display's form must be produced.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "num/num-format.h"
#include "num/num-parse.h"

const char ts_fuzz_name[] = "numbers";

/* Bitwise equality: -0.0 and 0.0 differ, every NaN is itself. */
static int
same(double a, double b)
{
	return memcmp(&a, &b, sizeof a) == 0;
}

/* The properties for one double. */
static void
round_trip(double x)
{
	char buf[TS_FMT_DOUBLE_MAX], digits[18], text[64];
	struct ts_num n;
	size_t len;
	char *display;
	int exp10, nd;

	display = ts_fmt_display(x);
	FUZZ_ASSERT(display != NULL && display[0] != '\0');
	free(display);
	len = ts_fmt_double(x, buf);
	FUZZ_ASSERT(len > 0 && len < TS_FMT_DOUBLE_MAX && buf[len] == '\0');
	if (!isfinite(x)) {
		FUZZ_ASSERT(strcmp(buf, "null") == 0);
		return;
	}
	FUZZ_ASSERT(ts_serde_parse(buf, len, &n) == TS_NUM_F64);
	FUZZ_ASSERT(same(n.f, ts_serde_normalise(x)));
	FUZZ_ASSERT(ts_serde_parse_error(buf, len) == NULL);

	nd = ts_shortest_digits(x, digits, &exp10);
	FUZZ_ASSERT(nd >= 1 && nd <= 17 && (size_t)nd == strlen(digits));
	FUZZ_ASSERT(nd == 1 || digits[nd - 1] != '0');
	snprintf(text, sizeof text, "%s%se%d", signbit(x) ? "-" : "",
	    digits, exp10);
	FUZZ_ASSERT(same(strtod(text, NULL), x));
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ts_num n;
	enum ts_num_kind kind;
	const char *msg;
	double x;

	kind = ts_serde_parse((const char *)data, size, &n);
	msg = ts_serde_parse_error((const char *)data, size);
	FUZZ_ASSERT((kind == TS_NUM_ERROR) == (msg != NULL));
	if (kind != TS_NUM_ERROR)
		round_trip(n.f);
	if (size >= sizeof x) {
		memcpy(&x, data, sizeof x);
		round_trip(x);
	}
	return 0;
}
