/* SPDX-License-Identifier: MIT */
/*
 * Shortest round-trip digits of a double, and the two layouts built on
 * them: serde_json/ryu for documents and Rust's Display for messages.
 */
#include <config.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num/num-format.h"
#include "util.h"

/* True if the decimal m x 10^e reads back (correctly rounded) as v. */
static int
round_trips(uint64_t m, int e, double v)
{
	char buf[48];

	snprintf(buf, sizeof buf, "%" PRIu64 "e%d", m, e);
	return strtod(buf, NULL) == v;
}

/*
 * The correctly rounded p-digit decimal of v > 0 as an integer m of p
 * digits (or 10^p after a carry) and exponent e, value m x 10^e.  glibc's
 * printf converts exactly, rounding ties to even.
 */
static void
rounded(double v, int p, uint64_t *m, int *e)
{
	char buf[64], *s;
	uint64_t r = 0;

	snprintf(buf, sizeof buf, "%.*e", p - 1, v);
	for (s = buf; *s != 'e'; s++)
		if (*s >= '0' && *s <= '9')
			r = r * 10 + (uint64_t)(*s - '0');
	*m = r;
	*e = atoi(s + 1) - (p - 1);
}

/*
 * Find a p-digit decimal that reads back as v > 0: the correctly rounded
 * one if it does, else whichever neighbour in the last digit does (the
 * set of decimals reading back as v is an interval around v, so if no
 * p-digit decimal of these three does, none does; and when the rounded
 * one fails, at most one neighbour can succeed).  Return 1 if found.
 */
static int
digits_at(double v, int p, uint64_t *m, int *e)
{
	uint64_t r;
	int x;

	rounded(v, p, &r, &x);
	if (round_trips(r, x, v)) {
		*m = r;
		*e = x;
		return 1;
	}
	if (round_trips(r + 1, x, v)) {
		*m = r + 1;
		*e = x;
		return 1;
	}
	if (r > 1 && round_trips(r - 1, x, v)) {
		*m = r - 1;
		*e = x;
		return 1;
	}
	return 0;
}

int
ts_shortest_digits(double v, char digits[18], int *exp10)
{
	uint64_t m = 0, tm;
	int lo = 1, hi = 17, p, e = 0, te;

	v = fabs(v);
	if (v == 0 || !isfinite(v)) {
		strcpy(digits, "0");
		*exp10 = 0;
		return 1;
	}
	/*
	 * Whether some p-digit decimal reads back as v is monotone in p
	 * (append a zero), and 17 digits always suffice: binary search for
	 * the least p.  Within that length the candidate found is the
	 * closest to v, which is what ryu and Python's repr choose.
	 */
	digits_at(v, 17, &m, &e);
	while (lo < hi) {
		p = lo + (hi - lo) / 2;
		if (digits_at(v, p, &tm, &te)) {
			hi = p;
			m = tm;
			e = te;
		} else
			lo = p + 1;
	}
	while (m % 10 == 0) {
		m /= 10;
		e++;
	}
	*exp10 = e;
	return snprintf(digits, 18, "%" PRIu64, m);
}

size_t
ts_fmt_double(double v, char *buf)
{
	char d[18], *o = buf;
	int len, k, kk, i;

	if (!isfinite(v))
		return (size_t)snprintf(buf, TS_FMT_DOUBLE_MAX, "null");
	if (signbit(v))
		*o++ = '-';
	if (v == 0) {
		strcpy(o, "0.0");
		return (size_t)(o - buf) + 3;
	}
	len = ts_shortest_digits(v, d, &k);
	kk = len + k;
	if (k >= 0 && kk <= 16) {
		memcpy(o, d, (size_t)len);
		o += len;
		for (i = 0; i < k; i++)
			*o++ = '0';
		*o++ = '.';
		*o++ = '0';
	} else if (kk > 0 && kk <= 16) {
		memcpy(o, d, (size_t)kk);
		o += kk;
		*o++ = '.';
		memcpy(o, d + kk, (size_t)(len - kk));
		o += len - kk;
	} else if (kk > -5 && kk <= 0) {
		*o++ = '0';
		*o++ = '.';
		for (i = 0; i < -kk; i++)
			*o++ = '0';
		memcpy(o, d, (size_t)len);
		o += len;
	} else {
		*o++ = d[0];
		if (len > 1) {
			*o++ = '.';
			memcpy(o, d + 1, (size_t)(len - 1));
			o += len - 1;
		}
		o += sprintf(o, "e%d", kk - 1);
	}
	*o = '\0';
	return (size_t)(o - buf);
}

const char *
ts_fmt_cell(double v, char *buf)
{
	if (!isfinite(v))
		return NULL;
	ts_fmt_double(v, buf);
	return buf;
}

char *
ts_fmt_display(double v)
{
	char d[18], *buf, *o;
	int len, k, kk, i;

	if (isnan(v))
		return ts_xstrdup("NaN");
	if (isinf(v))
		return ts_xstrdup(v > 0 ? "inf" : "-inf");
	/* Worst case: sign, "0.", 323 zeros and 17 digits, or 309 digits. */
	buf = ts_xmalloc(400);
	o = buf;
	if (signbit(v))
		*o++ = '-';
	len = ts_shortest_digits(v, d, &k);
	kk = len + k;
	if (v == 0) {
		*o++ = '0';
	} else if (k >= 0) {
		memcpy(o, d, (size_t)len);
		o += len;
		for (i = 0; i < k; i++)
			*o++ = '0';
	} else if (kk > 0) {
		memcpy(o, d, (size_t)kk);
		o += kk;
		*o++ = '.';
		memcpy(o, d + kk, (size_t)(len - kk));
		o += len - kk;
	} else {
		*o++ = '0';
		*o++ = '.';
		for (i = 0; i < -kk; i++)
			*o++ = '0';
		memcpy(o, d, (size_t)len);
		o += len;
	}
	*o = '\0';
	return buf;
}
