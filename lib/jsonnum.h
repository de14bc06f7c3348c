/* SPDX-License-Identifier: MIT */
/*
 * Numbers in result documents, bit-exact with ThreadStone 2.0.0:
 *  - shortest round-trip digits (our own generator) laid out as ryu /
 *    serde_json write them (section 9.3): "1.0", "1e16", "0.00001";
 *  - Rust's Display layout for messages (positional, no ".0");
 *  - serde_json 1.0.140's float parser, which is not correctly rounded
 *    (section 9.4), and the normalisation x -> lossy(ryu(x)) (9.5).
 */
#ifndef TS_JSONNUM_H
#define TS_JSONNUM_H

#include <stddef.h>
#include <stdint.h>

/* Longest output of ts_fmt_double, including the NUL. */
#define TS_FMT_DOUBLE_MAX	32

/*
 * The shortest decimal digits of a finite double: digits[] gets the
 * significant digits (no leading or trailing zeros, NUL-terminated, at
 * most 17), *exp10 the exponent so that |v| = digits x 10^exp10.
 * Zero gives "0" and exponent 0.  Return the number of digits.
 */
int	 ts_shortest_digits(double v, char digits[18], int *exp10);

/*
 * Write v in serde_json's layout into buf (at least TS_FMT_DOUBLE_MAX
 * bytes); non-finite values give "null".  Return the length.
 */
size_t	 ts_fmt_double(double v, char *buf);

/*
 * Write v as Rust's `{}` Display prints a double: shortest digits, always
 * positional (no exponent), no ".0" on integral values ("100",
 * "81567046.61949702", "0.000001"), "NaN", "inf", "-inf".  Return a
 * malloc'd string.
 */
char	*ts_fmt_display(double v);

/* What a JSON number token parses to under serde_json's rules. */
enum ts_num_kind {
	TS_NUM_U64,		/* an integer literal that fits u64 */
	TS_NUM_I64,		/* a negative integer literal that fits i64 */
	TS_NUM_F64,		/* anything else that is in range */
	TS_NUM_ERROR		/* bad grammar, or "number out of range" */
};

struct ts_num {
	enum ts_num_kind	kind;
	uint64_t		u;
	int64_t			i;
	double			f;	/* always set for U64/I64/F64 */
};

/*
 * Parse one JSON number token of len bytes with serde_json's algorithm.
 * The whole token must be a number.  Return the kind (also in out->kind).
 */
enum ts_num_kind ts_serde_parse(const char *text, size_t len,
	    struct ts_num *out);

/*
 * NULL if text parses as a number under ts_serde_parse, else serde_json's
 * message for it: "invalid number" or "number out of range".
 */
const char *ts_serde_parse_error(const char *text, size_t len);

/*
 * lossy(ryu(x)): the double a file written from x reads back as.
 * Non-finite values are returned unchanged.
 */
double	 ts_serde_normalise(double x);

#endif /* TS_JSONNUM_H */
