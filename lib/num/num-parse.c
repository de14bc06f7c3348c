/* SPDX-License-Identifier: MIT */
/*
 * serde_json 1.0.140's number parser (without float_roundtrip), which is
 * not correctly rounded, and the normalisation x -> lossy(ryu(x)).
 * Compiled with -ffp-contract=off; every step is one IEEE operation.
 */
#include <config.h>

#include <math.h>
#include <stdint.h>

#include "num/num-format.h"
#include "num/num-parse.h"

#define I32_MAX		2147483647
#define I32_MIN		(-I32_MAX - 1)
#define SIG_LIMIT	UINT64_C(1844674407370955161)	/* UINT64_MAX / 10 */

/* The correctly rounded powers 1e0 .. 1e308 (C literals round correctly). */
static const double pow10s[309] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7,
	1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
	1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22, 1e23,
	1e24, 1e25, 1e26, 1e27, 1e28, 1e29, 1e30, 1e31,
	1e32, 1e33, 1e34, 1e35, 1e36, 1e37, 1e38, 1e39,
	1e40, 1e41, 1e42, 1e43, 1e44, 1e45, 1e46, 1e47,
	1e48, 1e49, 1e50, 1e51, 1e52, 1e53, 1e54, 1e55,
	1e56, 1e57, 1e58, 1e59, 1e60, 1e61, 1e62, 1e63,
	1e64, 1e65, 1e66, 1e67, 1e68, 1e69, 1e70, 1e71,
	1e72, 1e73, 1e74, 1e75, 1e76, 1e77, 1e78, 1e79,
	1e80, 1e81, 1e82, 1e83, 1e84, 1e85, 1e86, 1e87,
	1e88, 1e89, 1e90, 1e91, 1e92, 1e93, 1e94, 1e95,
	1e96, 1e97, 1e98, 1e99, 1e100, 1e101, 1e102, 1e103,
	1e104, 1e105, 1e106, 1e107, 1e108, 1e109, 1e110, 1e111,
	1e112, 1e113, 1e114, 1e115, 1e116, 1e117, 1e118, 1e119,
	1e120, 1e121, 1e122, 1e123, 1e124, 1e125, 1e126, 1e127,
	1e128, 1e129, 1e130, 1e131, 1e132, 1e133, 1e134, 1e135,
	1e136, 1e137, 1e138, 1e139, 1e140, 1e141, 1e142, 1e143,
	1e144, 1e145, 1e146, 1e147, 1e148, 1e149, 1e150, 1e151,
	1e152, 1e153, 1e154, 1e155, 1e156, 1e157, 1e158, 1e159,
	1e160, 1e161, 1e162, 1e163, 1e164, 1e165, 1e166, 1e167,
	1e168, 1e169, 1e170, 1e171, 1e172, 1e173, 1e174, 1e175,
	1e176, 1e177, 1e178, 1e179, 1e180, 1e181, 1e182, 1e183,
	1e184, 1e185, 1e186, 1e187, 1e188, 1e189, 1e190, 1e191,
	1e192, 1e193, 1e194, 1e195, 1e196, 1e197, 1e198, 1e199,
	1e200, 1e201, 1e202, 1e203, 1e204, 1e205, 1e206, 1e207,
	1e208, 1e209, 1e210, 1e211, 1e212, 1e213, 1e214, 1e215,
	1e216, 1e217, 1e218, 1e219, 1e220, 1e221, 1e222, 1e223,
	1e224, 1e225, 1e226, 1e227, 1e228, 1e229, 1e230, 1e231,
	1e232, 1e233, 1e234, 1e235, 1e236, 1e237, 1e238, 1e239,
	1e240, 1e241, 1e242, 1e243, 1e244, 1e245, 1e246, 1e247,
	1e248, 1e249, 1e250, 1e251, 1e252, 1e253, 1e254, 1e255,
	1e256, 1e257, 1e258, 1e259, 1e260, 1e261, 1e262, 1e263,
	1e264, 1e265, 1e266, 1e267, 1e268, 1e269, 1e270, 1e271,
	1e272, 1e273, 1e274, 1e275, 1e276, 1e277, 1e278, 1e279,
	1e280, 1e281, 1e282, 1e283, 1e284, 1e285, 1e286, 1e287,
	1e288, 1e289, 1e290, 1e291, 1e292, 1e293, 1e294, 1e295,
	1e296, 1e297, 1e298, 1e299, 1e300, 1e301, 1e302, 1e303,
	1e304, 1e305, 1e306, 1e307, 1e308
};

/* Would sig * 10 + d overflow a u64?  (serde_json's test.) */
static int
overflows(uint64_t sig, unsigned d)
{
	return sig >= SIG_LIMIT && (sig > SIG_LIMIT || d > 5);
}

/* True for an ASCII digit. */
static int
isdig(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * serde_json's f64_from_parts: sig as a double, scaled by 10^exp with one
 * multiplication or division, dividing by 1e308 while |exp| is too large.
 * Return 0, or -1 for "number out of range".
 */
static int
from_parts(uint64_t sig, int64_t exp, double *out)
{
	double f = (double)sig;
	int64_t a;

	for (;;) {
		a = exp < 0 ? -exp : exp;
		if (a <= 308) {
			if (exp >= 0) {
				f = f * pow10s[a];
				if (isinf(f))
					return -1;
			} else
				f = f / pow10s[a];
			break;
		}
		if (f == 0)
			break;
		if (exp >= 0)
			return -1;
		f = f / 1e308;
		exp += 308;
	}
	*out = f;
	return 0;
}

/* Store a floating-point result with its sign. */
static enum ts_num_kind
set_float(struct ts_num *out, int negative, double f)
{
	out->kind = TS_NUM_F64;
	out->u = 0;
	out->i = 0;
	out->f = negative ? -f : f;
	return out->kind;
}

/*
 * Store an integer token's result: a u64, an i64, or a float where
 * serde_json makes one (-0, and below the i64 range).
 */
static enum ts_num_kind
set_integer(struct ts_num *out, int negative, uint64_t sig)
{
	if (!negative) {
		out->kind = TS_NUM_U64;
		out->u = sig;
		out->i = 0;
		out->f = (double)sig;
		return out->kind;
	}
	if (sig == 0 || sig > UINT64_C(1) << 63)
		return set_float(out, 1, (double)sig);
	out->kind = TS_NUM_I64;
	out->u = 0;
	out->i = sig == UINT64_C(1) << 63 ? INT64_MIN : -(int64_t)sig;
	out->f = (double)out->i;
	return out->kind;
}

/* Store a failure; *range tells "out of range" from bad grammar. */
static enum ts_num_kind
fail(struct ts_num *out, int *range, int is_range)
{
	out->kind = TS_NUM_ERROR;
	out->u = 0;
	out->i = 0;
	out->f = 0;
	*range = is_range;
	return out->kind;
}

/* Parse one token (see ts_serde_parse); *range is set on failure. */
static enum ts_num_kind
parse(const char *s, size_t n, struct ts_num *out, int *range)
{
	uint64_t sig = 0;
	int64_t exp = 0, e;
	size_t i = 0;
	int negative = 0, is_float = 0, exp_negative;
	unsigned d;
	double f;

	if (i < n && s[i] == '-') {
		negative = 1;
		i++;
	}
	if (i >= n || !isdig(s[i]))
		return fail(out, range, 0);
	if (s[i] == '0') {
		i++;
		if (i < n && isdig(s[i]))
			return fail(out, range, 0);
	} else {
		while (i < n && isdig(s[i])) {
			d = (unsigned)(s[i] - '0');
			if (overflows(sig, d)) {
				/* Drop this and later integer digits. */
				for (; i < n && isdig(s[i]); i++)
					exp++;
				is_float = 1;
				break;
			}
			sig = sig * 10 + d;
			i++;
		}
	}
	if (i < n && s[i] == '.') {
		is_float = 1;
		i++;
		if (i >= n || !isdig(s[i]))
			return fail(out, range, 0);
		for (; i < n && isdig(s[i]); i++) {
			d = (unsigned)(s[i] - '0');
			if (overflows(sig, d)) {
				/* Truncate: ignore the rest of the fraction. */
				while (i < n && isdig(s[i]))
					i++;
				break;
			}
			sig = sig * 10 + d;
			exp--;
		}
	}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		is_float = 1;
		i++;
		exp_negative = 0;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			exp_negative = s[i++] == '-';
		if (i >= n || !isdig(s[i]))
			return fail(out, range, 0);
		for (e = 0; i < n && isdig(s[i]); i++) {
			d = (unsigned)(s[i] - '0');
			if (e >= I32_MAX / 10 && (e > I32_MAX / 10 ||
			    d > I32_MAX % 10)) {
				/* i32 overflow of the exponent itself. */
				if (sig != 0 && !exp_negative)
					return fail(out, range, 1);
				while (i < n && isdig(s[i]))
					i++;
				if (i != n)
					return fail(out, range, 0);
				return set_float(out, negative, 0.0);
			}
			e = e * 10 + d;
		}
		exp = exp_negative ? exp - e : exp + e;
		if (exp > I32_MAX)
			exp = I32_MAX;
		if (exp < I32_MIN)
			exp = I32_MIN;
	}
	if (i != n)
		return fail(out, range, 0);
	if (!is_float)
		return set_integer(out, negative, sig);
	if (from_parts(sig, exp, &f) != 0)
		return fail(out, range, 1);
	return set_float(out, negative, f);
}

enum ts_num_kind
ts_serde_parse(const char *text, size_t len, struct ts_num *out)
{
	int range;

	return parse(text, len, out, &range);
}

const char *
ts_serde_parse_error(const char *text, size_t len)
{
	struct ts_num num;
	int range = 0;

	if (parse(text, len, &num, &range) != TS_NUM_ERROR)
		return NULL;
	return range ? "number out of range" : "invalid number";
}

double
ts_serde_normalise(double x)
{
	char buf[TS_FMT_DOUBLE_MAX];
	struct ts_num num;
	size_t len;

	if (!isfinite(x))
		return x;
	len = ts_fmt_double(x, buf);
	if (ts_serde_parse(buf, len, &num) != TS_NUM_F64)
		return x;
	return num.f;
}
