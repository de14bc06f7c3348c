/* SPDX-License-Identifier: MIT */
/*
 * Writing numbers in result documents, bit-exact with ThreadStone 2.0.0:
 *  - shortest round-trip digits (our own generator) laid out as ryu /
 *    serde_json write them (section 9.3): "1.0", "1e16", "0.00001";
 *  - Rust's Display layout for messages (positional, no ".0").
 * Reading them is num-parse.h's.
 */
#ifndef TS_NUM_FORMAT_H
#define TS_NUM_FORMAT_H

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
 * A table's number cell: v as ts_fmt_double writes it into buf, or NULL
 * when v is not finite (a missing cell: see ts_rows_raw in rows.h).
 */
const char *ts_fmt_cell(double v, char *buf);

/*
 * Write v as Rust's `{}` Display prints a double: shortest digits, always
 * positional (no exponent), no ".0" on integral values ("100",
 * "81567046.61949702", "0.000001"), "NaN", "inf", "-inf".  Return a
 * malloc'd string.
 */
char	*ts_fmt_display(double v);

#endif /* TS_NUM_FORMAT_H */
