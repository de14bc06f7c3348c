/* SPDX-License-Identifier: MIT */
/*
 * lib/util.c: strict option values, allocation helpers, whole-file
 * reading and writing to a descriptor, RFC 3339 stamps, and the total
 * order of doubles (NaNs last, so that a sort has an order and a loop
 * over equal values moves on).
 */
#include <config.h>

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "tap.h"
#include "util.h"

/* The RFC 3339 vectors of section 2.6. */
static void
stamps(void)
{
	char buf[32];

	is_str(ts_rfc3339(0, buf), "1970-01-01T00:00:00Z", "stamp: epoch");
	is_str(ts_rfc3339(1000000000, buf), "2001-09-09T01:46:40Z",
	    "stamp: 1e9");
	is_str(ts_rfc3339(1709164800, buf), "2024-02-29T00:00:00Z",
	    "stamp: leap day");
	is_str(ts_rfc3339(951868800, buf), "2000-03-01T00:00:00Z",
	    "stamp: after 2000's leap day");
	is_str(ts_rfc3339(1735689599, buf), "2024-12-31T23:59:59Z",
	    "stamp: last second of 2024");
	is_str(ts_rfc3339(-5, buf), "1970-01-01T00:00:00Z",
	    "stamp: before 1970 gives the epoch");
}

/* ts_cmp_double is a total order; ts_sort_doubles puts NaNs last. */
static void
order(void)
{
	double v[] = { NAN, 3, -INFINITY, NAN, INFINITY, -0.0, 0.0, -1, NAN,
	    2 };
	size_t n = sizeof v / sizeof v[0], i;
	int sorted = 1;

	ok(ts_cmp_double(1, 2) == -1 && ts_cmp_double(2, 1) == 1 &&
	    ts_cmp_double(2, 2) == 0, "cmp: numbers ascending");
	ok(ts_cmp_double(NAN, NAN) == 0 && ts_cmp_double(NAN, INFINITY) == 1 &&
	    ts_cmp_double(INFINITY, NAN) == -1 &&
	    ts_cmp_double(-NAN, 0) == 1, "cmp: a NaN after every number, "
	    "equal to every NaN");
	ok(ts_cmp_double(-0.0, 0.0) == 0 &&
	    ts_cmp_double(-INFINITY, -1e308) == -1, "cmp: -0 is 0; -Inf first");
	ts_sort_doubles(v, n);
	for (i = 0; i + 1 < n; i++)
		if (ts_cmp_double(v[i], v[i + 1]) > 0)
			sorted = 0;
	ok(sorted && v[0] == -INFINITY && v[6] == INFINITY && isnan(v[7]) &&
	    isnan(v[8]) && isnan(v[9]), "sort: ascending, the NaNs last");
}

int
main(void)
{
	char dir[] = "/tmp/ts-unit-util.XXXXXX", path[256], err[512];
	char **v, *s;
	struct ts_buf b;
	uint64_t u = 7;
	double d = 7;
	FILE *f;
	int fd;

	stamps();
	order();
	ok(ts_parse_u64("42", 1, 100, &u) == 0 && u == 42, "u64: 42");
	ok(ts_parse_u64("0", 1, 100, &u) == -1 && u == 42, "u64: below min");
	ok(ts_parse_u64("101", 1, 100, &u) == -1, "u64: above max");
	ok(ts_parse_u64("-1", 0, 100, &u) == -1, "u64: negative refused");
	ok(ts_parse_u64(" 1", 0, 100, &u) == -1, "u64: leading blank refused");
	ok(ts_parse_u64("1x", 0, 100, &u) == -1, "u64: trailing junk refused");
	ok(ts_parse_u64("", 0, 100, &u) == -1, "u64: empty refused");
	ok(ts_parse_u64("99999999999999999999999", 0, UINT64_MAX, &u) == -1,
	    "u64: overflow refused");
	ok(ts_parse_double("0.25", 0.001, 10, &d) == 0 && d == 0.25,
	    "double: 0.25");
	ok(ts_parse_double("nan", 0, 10, &d) == -1, "double: nan refused");
	ok(ts_parse_double("inf", 0, 1e300, &d) == -1, "double: inf refused");
	ok(ts_parse_double("1e9", 0, 86400, &d) == -1, "double: above max");
	ok(ts_parse_double("abc", 0, 10, &d) == -1, "double: not a number");
	ok(ts_parse_double("0x10", 0, 100, &d) == -1,
	    "double: hexadecimal refused");
	ok(ts_parse_double("1.5e1", 0, 100, &d) == 0 && d == 15,
	    "double: exponent form accepted");

	s = ts_xasprintf("%s-%d", "ab", 12);
	is_str(s, "ab-12", "ts_xasprintf formats into a new string");
	free(s);
	v = ts_xcalloc(2, sizeof *v);
	v[0] = ts_xstrdup("a");
	v[1] = ts_xstrdup("b");
	ts_strv_free(v, 2);
	ts_strv_free(NULL, 0);
	ok(1, "ts_strv_free frees a vector, and takes NULL");

	if (mkdtemp(dir) == NULL)
		return 99;
	snprintf(path, sizeof path, "%s/out.json", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	ok(fd != -1 && ts_write_all(fd, "hello", 5) == 0 && close(fd) == 0,
	    "ts_write_all writes to a descriptor");
	ok(ts_read_file(path, 100, &b, err, sizeof err) == 0 &&
	    strcmp(b.data, "hello") == 0 && b.len == 5, "read back");
	ts_buf_free(&b);
	ok(ts_read_file(path, 3, &b, err, sizeof err) == -1,
	    "read refuses a file over the limit");
	ok(ts_read_file(dir, 100, &b, err, sizeof err) == -1 &&
	    strstr(err, "directory") != NULL, "read refuses a directory");
	unlink(path);
	ok(ts_read_file(path, 100, &b, err, sizeof err) == -1 &&
	    strstr(err, path) != NULL, "a missing file is refused, named (%s)",
	    err);
	f = fopen(path, "w");
	if (f != NULL)
		fclose(f);
	ok(ts_read_file(path, 100, &b, err, sizeof err) == 0 && b.len == 0 &&
	    b.data != NULL && b.data[0] == '\0', "an empty file reads as \"\"");
	ts_buf_free(&b);
	unlink(path);
	rmdir(dir);
	return done_testing();
}
