/* SPDX-License-Identifier: MIT */
/*
 * The growable byte buffer every text and JSON writer appends to, the
 * column padding of tables (which counts code points, not bytes), and
 * the reading of a whole file into a buffer.
 */
#include <config.h>

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "msg.h"
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
ts_buf_visible(struct ts_buf *b, const char *s)
{
	unsigned char c;

	for (; (c = (unsigned char)*s) != '\0'; s++)
		if (c == '\t')
			ts_buf_puts(b, "\\t");
		else if (c == '\n')
			ts_buf_puts(b, "\\n");
		else if (c == '\r')
			ts_buf_puts(b, "\\r");
		else if (c < 0x20 || c == 0x7f)
			ts_buf_printf(b, "\\x%02x", c);
		else
			ts_buf_putc(b, (char)c);
}

size_t
ts_utf8_seq(const char *str, size_t avail, unsigned long *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned long c, min;
	size_t n, k;

	if (avail == 0)
		return 0;
	c = s[0];
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		c &= 0x1f;
		min = 0x80;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		c &= 0x0f;
		min = 0x800;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		c &= 0x07;
		min = 0x10000;
	} else
		return 0;
	if (avail < n)
		return 0;
	for (k = 1; k < n; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (s[k] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

/* JSON's two-character escapes, by the byte they stand for. */
static const char *const json_escapes[256] = {
	['"'] = "\\\"", ['\\'] = "\\\\", ['\b'] = "\\b", ['\t'] = "\\t",
	['\n'] = "\\n", ['\f'] = "\\f", ['\r'] = "\\r"
};

void
ts_buf_json_string(struct ts_buf *b, const char *s)
{
	const unsigned char *p;
	unsigned long cp;
	size_t n;

	ts_buf_putc(b, '"');
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (json_escapes[*p] != NULL)
			ts_buf_puts(b, json_escapes[*p]);
		else if (*p < 0x20)
			ts_buf_printf(b, "\\u%04x", *p);
		else if (*p == 0xc0 && p[1] == 0x80) {
			/* U+0000 as doc-parse.c stores it. */
			ts_buf_puts(b, "\\u0000");
			p++;
		} else if (*p < 0x80)
			ts_buf_putc(b, (char)*p);
		else if ((n = ts_utf8_seq((const char *)p,
		    strnlen((const char *)p, 4), &cp)) > 0) {
			ts_buf_add(b, p, n);
			p += n - 1;
		} else
			ts_buf_puts(b, "\\ufffd");
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

int
ts_read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	int rc = -1;

	if (f == NULL)
		return -1;
	if (fgets(buf, (int)len, f) != NULL)
		rc = 0;
	fclose(f);
	return rc;
}

/*
 * ts_buf_add that returns -1 when memory runs out instead of ending the
 * program: ts_read_file reads /proc and cgroup files for
 * libtachyon-probe, which must return its errors.
 */
static int
add_quiet(struct ts_buf *b, const void *p, size_t n)
{
	size_t cap = b->cap ? b->cap : 256;
	char *d;

	if (n >= SIZE_MAX - b->len - 1)
		return -1;
	while (b->len + n + 1 > cap)
		cap = cap > SIZE_MAX / 2 ? SIZE_MAX : cap * 2;
	if (b->data == NULL || cap != b->cap) {
		if ((d = realloc(b->data, cap)) == NULL)
			return -1;
		b->data = d;
		b->cap = cap;
	}
	if (n > 0)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

int
ts_read_file(const char *path, size_t max, struct ts_buf *out, char *err,
    size_t errlen)
{
	struct stat st;
	char chunk[65536];
	ssize_t n;
	int fd;

	/* Non-blocking: opening a FIFO must not wait for a writer. */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd == -1) {
		snprintf(err, errlen, "cannot read %s: %s", path,
		    strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) == -1 || S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "cannot read %s: %s", path,
		    S_ISDIR(st.st_mode) ? "Is a directory" : strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode) && strcmp(path, "/dev/stdin") != 0) {
		snprintf(err, errlen, "cannot read %s: a %s, not a regular "
		    "file (give a file, or - for standard input)", path,
		    S_ISFIFO(st.st_mode) ? "FIFO" : S_ISSOCK(st.st_mode) ?
		    "socket" : "device");
		close(fd);
		return -1;
	}
	/* Standard input may be a pipe or a terminal: wait for it. */
	(void)fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	memset(out, 0, sizeof *out);
	if (add_quiet(out, "", 0) == -1) {
		snprintf(err, errlen, "cannot read %s: out of memory", path);
		close(fd);
		return -1;
	}
	for (;;) {
		n = read(fd, chunk, sizeof chunk);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			snprintf(err, errlen, "cannot read %s: %s", path,
			    strerror(errno));
			break;
		}
		if (n == 0) {
			close(fd);
			return 0;
		}
		if (out->len + (size_t)n > max) {
			snprintf(err, errlen, "cannot read %s: larger than "
			    "%zu bytes", path, max);
			break;
		}
		if (add_quiet(out, chunk, (size_t)n) == -1) {
			snprintf(err, errlen, "cannot read %s: out of memory",
			    path);
			break;
		}
	}
	close(fd);
	ts_buf_free(out);
	return -1;
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
