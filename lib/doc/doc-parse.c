/* SPDX-License-Identifier: MIT */
/*
 * Strict JSON text to json-c tree, with serde_json's grammar: only the four
 * JSON whitespace bytes, no NaN, no trailing commas, no leading zeros, no
 * raw control characters or lone surrogates in strings, 128 levels at most.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "buf.h"
#include "doc/doc-parse.h"
#include "num/num-format.h"
#include "num/num-parse.h"
#include "util.h"

struct parser {
	const unsigned char	*s;
	size_t			 len;
	size_t			 pos;
	int			 depth;
	char			*err;
	size_t			 errlen;
	bool			 failed;
};

static struct json_object *parse_value(struct parser *);

/* Record the first error with serde_json's "at line L column C" suffix. */
static void
fail(struct parser *p, const char *what)
{
	size_t i, line = 1, col = 0;

	if (p->failed)
		return;
	p->failed = true;
	for (i = 0; i < p->pos && i < p->len; i++) {
		if (p->s[i] == '\n') {
			line++;
			col = 0;
		} else
			col++;
	}
	if (p->pos < p->len)
		col++;
	snprintf(p->err, p->errlen, "%s at line %zu column %zu", what, line,
	    col);
}

/* Skip the JSON whitespace bytes: space, tab, newline, carriage return. */
static void
skip_ws(struct parser *p)
{
	while (p->pos < p->len && (p->s[p->pos] == ' ' ||
	    p->s[p->pos] == '\t' || p->s[p->pos] == '\n' ||
	    p->s[p->pos] == '\r'))
		p->pos++;
}

size_t
ts_json_parse_end(struct json_tokener *tok)
{
#if JSON_C_VERSION_NUM >= ((0 << 16) | (15 << 8))
	return json_tokener_get_parse_end(tok);
#else
	return (size_t)tok->char_offset;
#endif
}

int
ts_utf8_valid(const char *str, size_t len, size_t *bad)
{
	unsigned long cp;
	size_t i = 0, n;

	while (i < len) {
		if ((n = ts_utf8_seq(str + i, len - i, &cp)) == 0) {
			if (bad != NULL)
				*bad = i;
			return 0;
		}
		i += n;
	}
	return 1;
}

/* Read four hex digits of a \u escape; -1 if they are not hex. */
static int32_t
hex4(struct parser *p)
{
	int32_t v = 0;
	int i, c;

	if (p->len - p->pos < 4) {
		p->pos = p->len;
		fail(p, "EOF while parsing a string");
		return -1;
	}
	for (i = 0; i < 4; i++) {
		c = p->s[p->pos];
		if (c >= '0' && c <= '9')
			v = v * 16 + (c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v = v * 16 + (c - 'A' + 10);
		else {
			fail(p, "invalid escape");
			return -1;
		}
		p->pos++;
	}
	return v;
}

/*
 * Append code point c to b as UTF-8.  U+0000 (legal in JSON strings and
 * in the original's documents) becomes the overlong pair C0 80, as in
 * "modified UTF-8", so strings and keys stay C strings; the writers turn
 * it back into \u0000 (a real UTF-8 input can never contain C0 80).
 */
static void
put_utf8(struct ts_buf *b, uint32_t c)
{
	char u[4];

	if (c == 0) {
		ts_buf_add(b, "\xc0\x80", 2);
	} else if (c < 0x80) {
		ts_buf_putc(b, (char)c);
	} else if (c < 0x800) {
		u[0] = (char)(0xc0 | (c >> 6));
		u[1] = (char)(0x80 | (c & 0x3f));
		ts_buf_add(b, u, 2);
	} else if (c < 0x10000) {
		u[0] = (char)(0xe0 | (c >> 12));
		u[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		u[2] = (char)(0x80 | (c & 0x3f));
		ts_buf_add(b, u, 3);
	} else {
		u[0] = (char)(0xf0 | (c >> 18));
		u[1] = (char)(0x80 | ((c >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((c >> 6) & 0x3f));
		u[3] = (char)(0x80 | (c & 0x3f));
		ts_buf_add(b, u, 4);
	}
}

/* Parse one escape sequence after its backslash into b. */
static int
parse_escape(struct parser *p, struct ts_buf *b)
{
	int32_t c, lo;

	if (p->pos >= p->len) {
		fail(p, "EOF while parsing a string");
		return -1;
	}
	switch (p->s[p->pos++]) {
	case '"': ts_buf_putc(b, '"'); return 0;
	case '\\': ts_buf_putc(b, '\\'); return 0;
	case '/': ts_buf_putc(b, '/'); return 0;
	case 'b': ts_buf_putc(b, '\b'); return 0;
	case 'f': ts_buf_putc(b, '\f'); return 0;
	case 'n': ts_buf_putc(b, '\n'); return 0;
	case 'r': ts_buf_putc(b, '\r'); return 0;
	case 't': ts_buf_putc(b, '\t'); return 0;
	case 'u': break;
	default:
		p->pos--;
		fail(p, "invalid escape");
		return -1;
	}
	if ((c = hex4(p)) < 0)
		return -1;
	if (c >= 0xdc00 && c <= 0xdfff) {
		fail(p, "lone leading surrogate in hex escape");
		return -1;
	}
	if (c >= 0xd800 && c <= 0xdbff) {
		if (p->len - p->pos < 2 || p->s[p->pos] != '\\' ||
		    p->s[p->pos + 1] != 'u') {
			fail(p, "unexpected end of hex escape");
			return -1;
		}
		p->pos += 2;
		if ((lo = hex4(p)) < 0)
			return -1;
		if (lo < 0xdc00 || lo > 0xdfff) {
			fail(p, "lone leading surrogate in hex escape");
			return -1;
		}
		c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
	}
	put_utf8(b, (uint32_t)c);
	return 0;
}

/* Parse a string token (p->pos at the opening quote) into b. */
static int
parse_string(struct parser *p, struct ts_buf *b)
{
	size_t start, bad;
	unsigned char c;

	ts_buf_init(b);
	p->pos++;
	for (;;) {
		start = p->pos;
		while (p->pos < p->len && p->s[p->pos] != '"' &&
		    p->s[p->pos] != '\\' && p->s[p->pos] >= 0x20)
			p->pos++;
		if (!ts_utf8_valid((const char *)p->s + start, p->pos - start,
		    &bad)) {
			p->pos = start + bad;
			fail(p, "invalid unicode code point");
			goto err;
		}
		ts_buf_add(b, p->s + start, p->pos - start);
		if (p->pos >= p->len) {
			fail(p, "EOF while parsing a string");
			goto err;
		}
		c = p->s[p->pos++];
		if (c == '"')
			return 0;
		if (c == '\\') {
			if (parse_escape(p, b) == -1)
				goto err;
			continue;
		}
		p->pos--;
		fail(p, "control character (\\u0000-\\u001F) found while "
		    "parsing a string");
		goto err;
	}
err:
	ts_buf_free(b);
	return -1;
}

/* Whether an ASCII digit is at p->pos. */
static bool
at_digit(const struct parser *p)
{
	return p->pos < p->len && p->s[p->pos] >= '0' && p->s[p->pos] <= '9';
}

/* Step over one or more digits; -1 ("invalid number") when none is there. */
static int
digits(struct parser *p)
{
	if (!at_digit(p)) {
		fail(p, "invalid number");
		return -1;
	}
	while (at_digit(p))
		p->pos++;
	return 0;
}

/* Parse a number token by the JSON grammar, keeping its text. */
static struct json_object *
parse_number(struct parser *p)
{
	size_t start = p->pos;
	struct ts_num num;
	char *text;
	struct json_object *o;
	enum ts_num_kind kind;

	if (p->pos < p->len && p->s[p->pos] == '-')
		p->pos++;
	if (at_digit(p) && p->s[p->pos] == '0') {
		p->pos++;
		if (at_digit(p)) {
			fail(p, "invalid number");
			return NULL;
		}
	} else if (digits(p) == -1)
		return NULL;
	if (p->pos < p->len && p->s[p->pos] == '.') {
		p->pos++;
		if (digits(p) == -1)
			return NULL;
	}
	if (p->pos < p->len && (p->s[p->pos] == 'e' || p->s[p->pos] == 'E')) {
		p->pos++;
		if (p->pos < p->len && (p->s[p->pos] == '+' ||
		    p->s[p->pos] == '-'))
			p->pos++;
		if (digits(p) == -1)
			return NULL;
	}
	text = ts_xmalloc(p->pos - start + 1);
	memcpy(text, p->s + start, p->pos - start);
	text[p->pos - start] = '\0';
	/*
	 * Out-of-range numbers are not an error here: serde_json only
	 * refuses them where a typed field reads them, and skips them in
	 * keys it ignores.  The reader parses the text again.
	 */
	kind = ts_serde_parse(text, p->pos - start, &num);
	if (kind == TS_NUM_U64)
		o = json_object_new_uint64(num.u);
	else if (kind == TS_NUM_I64)
		o = json_object_new_int64(num.i);
	else
		o = json_object_new_double_s(kind == TS_NUM_F64 ? num.f :
		    (text[0] == '-' ? -HUGE_VAL : HUGE_VAL), text);
	free(text);
	return o;
}

/* Match a literal keyword (true, false, null) at the current position. */
static int
keyword(struct parser *p, const char *word)
{
	size_t n = strlen(word);

	if (p->len - p->pos >= n && memcmp(p->s + p->pos, word, n) == 0) {
		p->pos += n;
		return 0;
	}
	fail(p, p->len - p->pos < n && memcmp(p->s + p->pos, word,
	    p->len - p->pos) == 0 ? "EOF while parsing a value" :
	    "expected ident");
	return -1;
}

/*
 * Step over an opening bracket and the blanks after it; true when the
 * closing bracket follows at once (it is consumed too).
 */
static bool
empty_container(struct parser *p, char close)
{
	p->pos++;
	skip_ws(p);
	if (p->pos < p->len && p->s[p->pos] == close) {
		p->pos++;
		return true;
	}
	return false;
}

/*
 * After an element or member: 1 at the closing bracket, 0 after a comma
 * and the blanks behind it (all consumed), -1 with eof or sep as the
 * failure when the text ends or something else follows.
 */
static int
after_member(struct parser *p, char close, const char *eof,
    const char *sep)
{
	skip_ws(p);
	if (p->pos >= p->len) {
		fail(p, eof);
		return -1;
	}
	if (p->s[p->pos] == close) {
		p->pos++;
		return 1;
	}
	if (p->s[p->pos] != ',') {
		fail(p, sep);
		return -1;
	}
	p->pos++;
	skip_ws(p);
	return 0;
}

/* Parse an array (p->pos at '['). */
static struct json_object *
parse_array(struct parser *p)
{
	struct json_object *a, *v;
	int rc;

	a = json_object_new_array();
	if (empty_container(p, ']'))
		return a;
	for (;;) {
		v = parse_value(p);
		if (p->failed)
			goto err;
		json_object_array_add(a, v);
		rc = after_member(p, ']', "EOF while parsing a list",
		    "expected `,` or `]`");
		if (rc == 1)
			return a;
		if (rc == -1)
			goto err;
		if (p->pos < p->len && p->s[p->pos] == ']') {
			fail(p, "trailing comma");
			goto err;
		}
	}
err:
	json_object_put(a);
	return NULL;
}

/* Release the list of duplicated keys attached to an object. */
static void
put_duplicates(struct json_object *o, void *list)
{
	(void)o;
	json_object_put(list);
}

/* Remember that key appeared more than once in object o. */
static void
note_duplicate(struct json_object *o, const char *key)
{
	struct json_object *list = json_object_get_userdata(o);

	if (list == NULL) {
		list = json_object_new_array();
		json_object_set_userdata(o, list, put_duplicates);
	}
	json_object_array_add(list, json_object_new_string(key));
}

/* Parse an object (p->pos at '{'), marking duplicated keys. */
static struct json_object *
parse_object(struct parser *p)
{
	struct json_object *o, *v;
	struct ts_buf key;
	int rc;

	o = json_object_new_object();
	if (empty_container(p, '}'))
		return o;
	for (;;) {
		if (p->pos >= p->len) {
			fail(p, "EOF while parsing an object");
			goto err;
		}
		if (p->s[p->pos] != '"') {
			fail(p, p->s[p->pos] == '}' ? "trailing comma" :
			    "key must be a string");
			goto err;
		}
		if (parse_string(p, &key) == -1)
			goto err;
		skip_ws(p);
		if (p->pos >= p->len || p->s[p->pos] != ':') {
			fail(p, p->pos >= p->len ? "EOF while parsing an object"
			    : "expected `:`");
			ts_buf_free(&key);
			goto err;
		}
		p->pos++;
		v = parse_value(p);
		if (p->failed) {
			ts_buf_free(&key);
			goto err;
		}
		if (json_object_object_get_ex(o, key.data, NULL))
			note_duplicate(o, key.data);
		json_object_object_add(o, key.data, v);
		ts_buf_free(&key);
		rc = after_member(p, '}', "EOF while parsing an object",
		    "expected `,` or `}`");
		if (rc == 1)
			return o;
		if (rc == -1)
			goto err;
	}
err:
	json_object_put(o);
	return NULL;
}

/*
 * Parse any value after optional whitespace.  JSON null is a NULL pointer
 * in json-c, so errors are signalled by p->failed, not by the result.
 */
static struct json_object *
parse_value(struct parser *p)
{
	struct json_object *o;
	struct ts_buf s;
	unsigned char c;

	skip_ws(p);
	if (p->pos >= p->len) {
		fail(p, "EOF while parsing a value");
		return NULL;
	}
	c = p->s[p->pos];
	switch (c) {
	case '[':
	case '{':
		if (++p->depth >= TS_JSON_MAX_DEPTH) {
			fail(p, "recursion limit exceeded");
			return NULL;
		}
		o = c == '[' ? parse_array(p) : parse_object(p);
		p->depth--;
		return o;
	case '"':
		if (parse_string(p, &s) == -1)
			return NULL;
		o = json_object_new_string_len(s.data, (int)s.len);
		ts_buf_free(&s);
		return o;
	case 't':
		return keyword(p, "true") == 0 ? json_object_new_boolean(1) :
		    NULL;
	case 'f':
		return keyword(p, "false") == 0 ? json_object_new_boolean(0) :
		    NULL;
	case 'n':
		/* json-c represents null as a NULL pointer. */
		keyword(p, "null");
		return NULL;
	default:
		if (c == '-' || (c >= '0' && c <= '9'))
			return parse_number(p);
		fail(p, "expected value");
		return NULL;
	}
}

int
ts_json_parse(const char *text, size_t len, struct json_object **out,
    char *err, size_t errlen)
{
	struct parser p = { (const unsigned char *)text, len, 0, 0, err,
	    errlen, false };
	struct json_object *o;

	*out = NULL;
	if (len > (size_t)INT32_MAX) {
		snprintf(err, errlen, "document larger than 2 GiB");
		return -1;
	}
	o = parse_value(&p);
	if (p.failed)
		return -1;
	skip_ws(&p);
	if (p.pos != p.len) {
		fail(&p, "trailing characters");
		json_object_put(o);
		return -1;
	}
	*out = o;
	return 0;
}

int
ts_json_is_duplicate(struct json_object *o, const char *key)
{
	struct json_object *list;
	size_t i, n;

	if (o == NULL || !json_object_is_type(o, json_type_object) ||
	    (list = json_object_get_userdata(o)) == NULL)
		return 0;
	n = json_object_array_length(list);
	for (i = 0; i < n; i++)
		if (strcmp(json_object_get_string(
		    json_object_array_get_idx(list, i)), key) == 0)
			return 1;
	return 0;
}
