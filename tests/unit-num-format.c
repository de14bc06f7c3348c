/* SPDX-License-Identifier: MIT */
/*
 * lib/num/num-format.c: serde_json's layout of doubles and Rust's Display,
 * against spec 9.3/10, a naive shortest-digits search and a Python fixture.
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
#include "num-fixture.h"
#include "tap.h"

/* A double and the text it is formatted as. */
struct want {
	double		 v;
	const char	*want;
};

/* Each of t's n doubles through format, checked against its text. */
static void
is_each(const struct want *t, size_t n, const char *(*format)(double))
{
	size_t i;

	for (i = 0; i < n; i++)
		is_str(format(t[i].v), t[i].want, t[i].want);
}

/* ts_fmt_display(v), kept until the next call. */
static const char *
display(double v)
{
	static char *s;

	free(s);
	s = ts_fmt_display(v);
	return s;
}

/* The spec 9.3 table and layout rows, each boundary on both sides. */
static void
test_layout(void)
{
	static const struct want t[] = {
		{ 1.0, "1.0" }, { 22000000.0, "22000000.0" },
		{ 1e15, "1000000000000000.0" }, { 1e16, "1e16" },
		{ 1.5e16, "1.5e16" },
		{ 1.2345678901234568e17, "1.2345678901234568e17" },
		{ 0.0001, "0.0001" }, { 1e-5, "0.00001" },
		{ 2.5e-5, "0.000025" },
		{ 9.999999999999999e-5, "0.00009999999999999999" },
		{ 1e-6, "1e-6" }, { 1.234e-7, "1.234e-7" },
		{ 5e-324, "5e-324" },
		{ 1.7976931348623157e308, "1.7976931348623157e308" },
		{ 99.10000000000001, "99.10000000000001" },
		{ 45.710684875, "45.710684875" },
		{ 0.0, "0.0" }, { -0.0, "-0.0" }, { -1.5, "-1.5" },
		{ -1e16, "-1e16" }, { -2.5e-5, "-0.000025" },
		{ 9999999999999998.0, "9999999999999998.0" },
		{ 123456789012345.6, "123456789012345.6" },
		{ 1234567890123456.8, "1234567890123456.8" },
		{ 12345678901234567.0, "1.2345678901234568e16" },
		{ 0.1, "0.1" }, { 0.30000000000000004, "0.30000000000000004" },
		{ 9.5367431640625e-07, "9.5367431640625e-7" },
		{ 1e100, "1e100" }, { 1.5e-300, "1.5e-300" },
		{ 0x1p-24, "5.960464477539063e-8" },
		{ INFINITY, "null" }, { -INFINITY, "null" }, { NAN, "null" },
	};

	is_each(t, sizeof t / sizeof t[0], fmt);
}

/* Every line of doubles-serde.txt: layout and round trip. */
static void
test_doubles_fixture(void)
{
	FILE *f = open_fixture("doubles-serde.txt");
	char line[256], text[128], buf[TS_FMT_DOUBLE_MAX];
	uint64_t b;
	long count = 0, bad = 0, badrt = 0;
	double v;

	if (!ok(f != NULL, "doubles-serde.txt opens"))
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "%" SCNx64 " %127s", &b, text) != 2)
			continue;
		count++;
		v = from_bits(b);
		ts_fmt_double(v, buf);
		if (strcmp(buf, text) != 0 && bad++ < 10)
			diag("%016" PRIx64 ": got %s, want %s", b, buf, text);
		if (strtod(buf, NULL) != v && badrt++ < 10)
			diag("%016" PRIx64 ": %s does not read back", b, buf);
	}
	fclose(f);
	ok(count >= 20000, "read %ld doubles", count);
	is_int(bad, 0, "serde layout of every fixture double matches repr");
	is_int(badrt, 0, "every rendering reads back (strtod) to its double");
}

/*
 * The naive search: the least p for which %.{p-1}e reads back.  Write its
 * digits (trailing zeros stripped) into d.
 */
static void
naive_digits(double v, char d[32])
{
	char buf[64];
	int p, n = 0;
	char *s;

	for (p = 1; p <= 17; p++) {
		snprintf(buf, sizeof buf, "%.*e", p - 1, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	for (s = buf; *s != 'e'; s++)
		if (*s != '.')
			d[n++] = *s;
	while (n > 1 && d[n - 1] == '0')
		n--;
	d[n] = '\0';
}

/* Our digits against the naive search over every power of two. */
static void
test_powers_of_two(void)
{
	char d[18], nd[32];
	int k, e, differ = 0, len, badlen = 0;

	for (k = -1074; k <= 1023; k++) {
		len = ts_shortest_digits(ldexp(1.0, k), d, &e);
		if (len != (int)strlen(d) || d[len - 1] == '0')
			badlen++;
		naive_digits(ldexp(1.0, k), nd);
		if (strcmp(d, nd) != 0) {
			differ++;
			if (strlen(nd) != 17 || strlen(d) != 16)
				diag("2^%d: ours %s, naive %s", k, d, nd);
		}
	}
	is_int(badlen, 0, "digit strings have no trailing zero");
	is_int(differ, 46, "46 powers of two where the naive search "
	    "gives 17 digits");
	len = ts_shortest_digits(0x1p-24, d, &e);
	is_str(d, "5960464477539063", "2^-24 digits");
	is_int(e, -23, "2^-24 exponent");
	len = ts_shortest_digits(-0.0, d, &e);
	ok(len == 1 && strcmp(d, "0") == 0 && e == 0, "zero: \"0\", 0");
	len = ts_shortest_digits(-123.5, d, &e);
	ok(len == 4 && strcmp(d, "1235") == 0 && e == -1, "-123.5: 1235e-1");
	len = ts_shortest_digits(DBL_MAX, d, &e);
	ok(len == 17 && strcmp(d, "17976931348623157") == 0 && e == 292,
	    "DBL_MAX digits");
}

/* Rust Display (spec 10). */
static void
test_display(void)
{
	static const struct want t[] = {
		{ 100.0, "100" }, { 81567046.61949702, "81567046.61949702" },
		{ 0.000001, "0.000001" }, { 1e16, "10000000000000000" },
		{ 1e21, "1000000000000000000000" }, { 1.5, "1.5" },
		{ -2.5, "-2.5" }, { 0.0, "0" }, { -0.0, "-0" },
		{ 0.30000000000000004, "0.30000000000000004" },
		{ 1.234e-7, "0.0000001234" }, { 22000000.0, "22000000" },
		{ 99.10000000000001, "99.10000000000001" },
		{ NAN, "NaN" }, { INFINITY, "inf" }, { -INFINITY, "-inf" },
	};
	char *s, want[400];

	is_each(t, sizeof t / sizeof t[0], display);
	s = ts_fmt_display(5e-324);
	snprintf(want, sizeof want, "0.%0323d5", 0);
	is_str(s, want, "5e-324 positional");
	free(s);
	s = ts_fmt_display(DBL_MAX);
	ok(strlen(s) == 309 && strncmp(s, "17976931348623157", 17) == 0 &&
	    strspn(s + 17, "0") == 292, "DBL_MAX positional, 309 digits");
	free(s);
}

int
main(void)
{
	test_layout();
	test_doubles_fixture();
	test_powers_of_two();
	test_display();
	return done_testing();
}
