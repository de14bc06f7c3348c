/* SPDX-License-Identifier: MIT */
/*
 * What the number tests share: doubles to and from their bit patterns,
 * and the fixtures under tests/fixtures that Python models wrote.
 * Header-only, for tests/unit-num-format.c and tests/unit-num-parse.c.
 */
#ifndef TS_NUM_FIXTURE_H
#define TS_NUM_FIXTURE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/num-format.h"

/* The double with bit pattern b. */
static double __attribute__((unused))
from_bits(uint64_t b)
{
	double d;

	memcpy(&d, &b, sizeof d);
	return d;
}

/* The bit pattern of d. */
static uint64_t __attribute__((unused))
to_bits(double d)
{
	uint64_t b;

	memcpy(&b, &d, sizeof b);
	return b;
}

/* Open a fixture under tests/fixtures of the source tree. */
static FILE * __attribute__((unused))
open_fixture(const char *name)
{
	const char *srcdir = getenv("top_srcdir");
	char path[4096];

	snprintf(path, sizeof path, "%s/tests/fixtures/%s",
	    srcdir ? srcdir : ".", name);
	return fopen(path, "r");
}

/* ts_fmt_double(v) as a string in a static buffer. */
static const char * __attribute__((unused))
fmt(double v)
{
	static char buf[TS_FMT_DOUBLE_MAX];
	size_t n = ts_fmt_double(v, buf);

	return n == strlen(buf) ? buf : "(length mismatch)";
}

#endif /* TS_NUM_FIXTURE_H */
