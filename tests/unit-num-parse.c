/* SPDX-License-Identifier: MIT */
/*
 * lib/num/num-parse.c: serde_json's float parser and the normalisation
 * built on it, against spec 9.4/14 and a Python model's fixture.
 */
#include <config.h>

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/num-format.h"
#include "num/num-parse.h"
#include "tap.h"

/* The double with bit pattern b. */
static double
from_bits(uint64_t b)
{
	double d;

	memcpy(&d, &b, sizeof d);
	return d;
}

/* The bit pattern of d. */
static uint64_t
to_bits(double d)
{
	uint64_t b;

	memcpy(&b, &d, sizeof b);
	return b;
}

/* Open a fixture under tests/fixtures of the source tree. */
static FILE *
open_fixture(const char *name)
{
	const char *srcdir = getenv("top_srcdir");
	char path[4096];

	snprintf(path, sizeof path, "%s/tests/fixtures/%s",
	    srcdir ? srcdir : ".", name);
	return fopen(path, "r");
}

/* ts_fmt_double(v) as a string in a static buffer. */
static const char *
fmt(double v)
{
	static char buf[TS_FMT_DOUBLE_MAX];
	size_t n = ts_fmt_double(v, buf);

	return n == strlen(buf) ? buf : "(length mismatch)";
}

/* Split a fixture line TOKEN\tKIND\tRESULT in place. */
static int
split3(char *line, char **tok, char **kind, char **res)
{
	char *t1, *t2, *nl;

	if ((nl = strchr(line, '\n')) != NULL)
		*nl = '\0';
	if ((t1 = strchr(line, '\t')) == NULL ||
	    (t2 = strchr(t1 + 1, '\t')) == NULL)
		return -1;
	*t1 = *t2 = '\0';
	*tok = line;
	*kind = t1 + 1;
	*res = t2 + 1;
	return 0;
}

/* Compare one parse with the model's answer; return 1 if equal. */
static int
parse_matches(const char *tok, const char *kind, const char *res)
{
	struct ts_num num;
	enum ts_num_kind k = ts_serde_parse(tok, strlen(tok), &num);
	const char *msg = ts_serde_parse_error(tok, strlen(tok));

	if (k != num.kind)
		return 0;
	if (strcmp(kind, "u64") == 0)
		return k == TS_NUM_U64 && num.u == strtoull(res, NULL, 10) &&
		    num.f == (double)num.u && msg == NULL;
	if (strcmp(kind, "i64") == 0)
		return k == TS_NUM_I64 && num.i == strtoll(res, NULL, 10) &&
		    num.f == (double)num.i && msg == NULL;
	if (strcmp(kind, "f64") == 0)
		return k == TS_NUM_F64 &&
		    to_bits(num.f) == strtoull(res, NULL, 16) && msg == NULL;
	if (strcmp(kind, "range") == 0)
		return k == TS_NUM_ERROR && msg != NULL &&
		    strcmp(msg, "number out of range") == 0;
	return k == TS_NUM_ERROR && msg != NULL &&
	    strcmp(msg, "invalid number") == 0;
}

/* Every line of serde-parse.txt (from serde_canon.lossy_parse). */
static void
test_parse_fixture(void)
{
	FILE *f = open_fixture("serde-parse.txt");
	char line[512], *tok, *kind, *res;
	long count = 0, bad = 0;

	if (!ok(f != NULL, "serde-parse.txt opens"))
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		if (split3(line, &tok, &kind, &res) != 0)
			continue;
		count++;
		if (!parse_matches(tok, kind, res) && bad++ < 10)
			diag("\"%s\": want %s %s", tok, kind, res);
	}
	fclose(f);
	ok(count >= 20000, "read %ld tokens", count);
	is_int(bad, 0, "every token parses as the model says");
}

/* Parse text that must be a float; its bits, or a marker on failure. */
static uint64_t
pbits(const char *text)
{
	struct ts_num num;

	if (ts_serde_parse(text, strlen(text), &num) != TS_NUM_F64)
		return UINT64_C(0xdeadbeefdeadbeef);
	return to_bits(num.f);
}

/* The documented one-ulp cases and the normalisation. */
static void
test_parse_examples(void)
{
	struct ts_num num;
	double x;

	is_u64(pbits("99.10000000000001"), UINT64_C(0x4058C66666666666),
	    "99.10000000000001 reads as 99.1");
	is_str(fmt(from_bits(pbits("0.9177512044179499"))), "0.91775120441795",
	    "0.9177512044179499 -> 0.91775120441795");
	is_str(fmt(from_bits(pbits("190.29705461568093"))),
	    "190.2970546156809", "190.29705461568093 -> 190.2970546156809");
	is_str(fmt(from_bits(pbits("226.60491681474906"))),
	    "226.60491681474903", "226.60491681474906 -> 226.60491681474903");
	is_u64(pbits("-0"), to_bits(-0.0), "-0 is the float -0.0");
	is_int(ts_serde_parse("-9223372036854775808", 20, &num), TS_NUM_I64,
	    "i64 minimum is an integer");
	ok(num.i == INT64_MIN, "i64 minimum value");
	is_int(ts_serde_parse("18446744073709551615", 20, &num), TS_NUM_U64,
	    "u64 maximum is an integer");
	ok(num.u == UINT64_MAX, "u64 maximum value");
	is_int(ts_serde_parse("1.5", 2, &num), TS_NUM_ERROR,
	    "only len bytes are parsed (\"1.\" is invalid)");
	is_int(ts_serde_parse("12x", 2, &num), TS_NUM_U64,
	    "bytes after len are ignored");
	is_str(ts_serde_parse_error("1e400", 5), "number out of range",
	    "1e400 is out of range");
	is_str(ts_serde_parse_error("1.e4", 4), "invalid number",
	    "1.e4 is invalid");
	ok(ts_serde_parse_error("1e-400", 6) == NULL, "1e-400 is zero");

	x = from_bits(UINT64_C(0x4058C66666666667));
	is_u64(to_bits(ts_serde_normalise(x)), UINT64_C(0x4058C66666666666),
	    "normalise 99.10000000000001 -> 99.1");
	x = ts_serde_normalise(1.0987420999660814e-7);
	is_str(fmt(x), "1.0987420999660815e-7", "lossy(ryu) below 1e-6, once");
	is_str(fmt(ts_serde_normalise(x)), "1.0987420999660816e-7",
	    "and again: not idempotent there (spec 14 item 1)");
	is_double(ts_serde_normalise(DBL_MAX), DBL_MAX, "DBL_MAX is fixed");
	is_double(ts_serde_normalise(-0.0), -0.0, "-0.0 is fixed");
	ok(isnan(ts_serde_normalise(NAN)), "NaN is returned unchanged");
}

int
main(void)
{
	test_parse_fixture();
	test_parse_examples();
	return done_testing();
}
