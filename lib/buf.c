/* SPDX-License-Identifier: MIT */
/*
 * The growable byte buffer every text and JSON writer appends to, and the
 * column padding of tables (which counts code points, not bytes).
 */
#include <config.h>

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "util.h"

void
ts_buf_init(struct ts_buf *b)
{
	b->cap = 256;
	b->len = 0;
	b->data = ts_xmalloc(b->cap);
	b->data[0] = '\0';
}

void
ts_buf_free(struct ts_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

/* Make room for n more bytes plus the terminating NUL. */
static void
reserve(struct ts_buf *b, size_t n)
{
	if (b->data == NULL)
		ts_buf_init(b);
	if (n >= SIZE_MAX - b->len - 1)
		ts_out_of_memory();
	if (b->len + n + 1 <= b->cap)
		return;
	while (b->len + n + 1 > b->cap)
		b->cap = b->cap > SIZE_MAX / 2 ? SIZE_MAX : b->cap * 2;
	b->data = ts_xrealloc(b->data, b->cap);
}

void
ts_buf_add(struct ts_buf *b, const void *p, size_t n)
{
	reserve(b, n);
	if (n > 0)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
}

void
ts_buf_puts(struct ts_buf *b, const char *s)
{
	ts_buf_add(b, s, strlen(s));
}

void
ts_buf_putc(struct ts_buf *b, char c)
{
	ts_buf_add(b, &c, 1);
}

void
ts_buf_vprintf(struct ts_buf *b, const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	reserve(b, (size_t)n);
	vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void
ts_buf_printf(struct ts_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	ts_buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void
ts_buf_json_string(struct ts_buf *b, const char *s)
{
	const unsigned char *p;

	ts_buf_putc(b, '"');
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		switch (*p) {
		case '"':
			ts_buf_puts(b, "\\\"");
			break;
		case '\\':
			ts_buf_puts(b, "\\\\");
			break;
		case '\b':
			ts_buf_puts(b, "\\b");
			break;
		case '\t':
			ts_buf_puts(b, "\\t");
			break;
		case '\n':
			ts_buf_puts(b, "\\n");
			break;
		case '\f':
			ts_buf_puts(b, "\\f");
			break;
		case '\r':
			ts_buf_puts(b, "\\r");
			break;
		default:
			if (*p < 0x20) {
				ts_buf_printf(b, "\\u%04x", *p);
			} else if (*p == 0xc0 && p[1] == 0x80) {
				/* U+0000 as doc-parse.c stores it. */
				ts_buf_puts(b, "\\u0000");
				p++;
			} else {
				ts_buf_putc(b, (char)*p);
			}
		}
	}
	ts_buf_putc(b, '"');
}

size_t
ts_text_width(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t w = 0;

	while (*p != '\0') {
		if (p[0] == 0x1b && p[1] == '[') {
			/* Parameters and intermediates, then one final byte. */
			p += 2;
			while (*p != '\0' && (*p < 0x40 || *p > 0x7e))
				p++;
			if (*p != '\0')
				p++;
			continue;
		}
		if ((*p & 0xc0) != 0x80)
			w++;
		p++;
	}
	return w;
}

/* Append n spaces. */
static void
spaces(struct ts_buf *b, size_t n)
{
	while (n-- > 0)
		ts_buf_putc(b, ' ');
}

void
ts_buf_pad(struct ts_buf *b, const char *s, size_t width)
{
	size_t w = ts_text_width(s);

	ts_buf_puts(b, s);
	if (w < width)
		spaces(b, width - w);
}

void
ts_buf_rpad(struct ts_buf *b, const char *s, size_t width)
{
	size_t w = ts_text_width(s);

	if (w < width)
		spaces(b, width - w);
	ts_buf_puts(b, s);
}

/* The signs ts_text_ascii() replaces: UTF-8 bytes, then the ASCII. */
static const struct {
	const char	*utf8;
	const char	*ascii;
} signs[] = {
	{ "\xe2\x86\x92", "->" },	/* U+2192 rightwards arrow */
	{ "\xe2\x86\x90", "<-" },	/* U+2190 leftwards arrow */
	{ "\xe2\x86\x91", "^" },	/* U+2191 upwards arrow */
	{ "\xe2\x86\x93", "v" },	/* U+2193 downwards arrow */
	{ "\xe2\x94\x80", "-" },	/* U+2500 box drawings light horizontal */
	{ "\xe2\x95\x90", "=" },	/* U+2550 box drawings double horizontal */
	{ "\xe2\x94\x82", "|" },	/* U+2502 box drawings light vertical */
	{ "\xc2\xb7", "." },		/* U+00B7 middle dot */
	{ "\xe2\x80\xa6", "..." },	/* U+2026 horizontal ellipsis */
	{ "\xe2\x97\x8f", "#" },	/* U+25CF black circle */
	{ "\xe2\x80\x94", "--" },	/* U+2014 em dash */
	{ "\xe2\x80\x93", "-" },	/* U+2013 en dash */
	{ "\xc2\xb1", "+-" },		/* U+00B1 plus-minus sign */
	{ "\xc3\x97", "x" },		/* U+00D7 multiplication sign */
	{ "\xc2\xb3", "^3" },		/* U+00B3 superscript three */
	{ "\xc2\xb2", "^2" },		/* U+00B2 superscript two */
	{ "\xc2\xb5", "u" },		/* U+00B5 micro sign */
	{ "\xce\xbc", "u" },		/* U+03BC Greek small letter mu */
	{ "\xe2\x89\x88", "~" },	/* U+2248 almost equal to */
	{ "\xe2\x89\xa5", ">=" },	/* U+2265 greater-than or equal to */
	{ "\xe2\x89\xa4", "<=" },	/* U+2264 less-than or equal to */
	{ "\xe2\x9c\x93", "ok" },	/* U+2713 check mark */
	{ "\xe2\x9c\x97", "x" },	/* U+2717 ballot x */
	{ "\xe2\x80\x98", "'" },	/* U+2018 left single quotation mark */
	{ "\xe2\x80\x99", "'" },	/* U+2019 right single quotation mark */
	{ "\xe2\x80\x9c", "\"" },	/* U+201C left double quotation mark */
	{ "\xe2\x80\x9d", "\"" },	/* U+201D right double quotation mark */
	{ "\xc2\xa0", " " },		/* U+00A0 no-break space */
	{ "\xe2\x80\x89", " " },	/* U+2009 thin space */
};

void
ts_text_ascii(const char *text, size_t len, struct ts_buf *out)
{
	size_t i = 0, j, n;

	while (i < len) {
		if ((unsigned char)text[i] < 0x80) {
			for (n = i; n < len && (unsigned char)text[n] < 0x80;
			    n++)
				;
			ts_buf_add(out, text + i, n - i);
			i = n;
			continue;
		}
		for (j = 0; j < sizeof signs / sizeof signs[0]; j++) {
			n = strlen(signs[j].utf8);
			if (n <= len - i && memcmp(text + i, signs[j].utf8,
			    n) == 0)
				break;
		}
		if (j < sizeof signs / sizeof signs[0]) {
			ts_buf_puts(out, signs[j].ascii);
			i += n;
			continue;
		}
		/* Another character: one '?' for all of its bytes. */
		ts_buf_putc(out, '?');
		for (i++; i < len && ((unsigned char)text[i] & 0xC0) == 0x80;
		    i++)
			;
	}
}
