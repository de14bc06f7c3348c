/* SPDX-License-Identifier: MIT */
/*
 * A strict JSON parser with serde_json's grammar and limits, building a
 * json-c tree.  json-c's own tokener accepts NaN, "1.", raw control
 * characters and lone surrogates, clamps big integers and merges duplicate
 * keys silently, so result documents are never read with it.
 */
#ifndef TS_DOC_PARSE_H
#define TS_DOC_PARSE_H

#include <stddef.h>

struct json_object;
struct json_tokener;

/* Nesting deeper than this is refused, as serde_json does (128 levels). */
#define TS_JSON_MAX_DEPTH	128

/*
 * Parse text[0..len) as exactly one JSON value surrounded by optional
 * whitespace.  Every number node keeps its source text:
 * json_object_get_string() on it returns the token as written (integer
 * literals become json-c ints, whose text is the same digits).  An object
 * that had a key more than once keeps the last value and remembers the
 * key in its userdata (see ts_json_is_duplicate()).  A U+0000 inside a
 * string or key is stored as the two bytes C0 80 (never valid UTF-8
 * otherwise), which the document writers turn back into \u0000.
 * JSON null is a NULL pointer, as everywhere in json-c.  Return 0 and the
 * tree in *out, or -1 with a one-line message in err ("expected value at
 * line 1 column 1").
 */
int		 ts_json_parse(const char *text, size_t len,
		    struct json_object **out, char *err, size_t errlen);

/*
 * Where json-c's tokener stopped: the offset after the value it parsed
 * (json-c before 0.15 has no accessor).
 */
size_t		 ts_json_parse_end(struct json_tokener *tok);

/* Whether object o held key more than once in the source text. */
int		 ts_json_is_duplicate(struct json_object *o, const char *key);

/*
 * Whether s[0..len) is well-formed UTF-8 (no overlongs, no surrogates,
 * nothing above U+10FFFF).  On failure *bad is the offset of the first
 * bad byte.
 */
int		 ts_utf8_valid(const char *s, size_t len, size_t *bad);

#endif /* TS_DOC_PARSE_H */
