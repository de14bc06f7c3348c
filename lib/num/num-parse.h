/* SPDX-License-Identifier: MIT */
/*
 * Reading numbers in result documents as ThreadStone 2.0.0 does: serde_json
 * 1.0.140's float parser, which is not correctly rounded (section 9.4),
 * and the normalisation x -> lossy(ryu(x)) (9.5).
 */
#ifndef TS_NUM_PARSE_H
#define TS_NUM_PARSE_H

#include <stddef.h>
#include <stdint.h>

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

#endif /* TS_NUM_PARSE_H */
