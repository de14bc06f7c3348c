/* SPDX-License-Identifier: MIT */
/*
 * Naming the producer of a result document.  The original writes no
 * "extensions" and records its rustc in system.rustc_version; we write
 * extensions.producer ("threadstone 0.2.0 (C)") and extensions.compiler,
 * and put the C compiler's version line in rustc_version too.  Anything
 * else is an unknown producer, described by what it does record.
 */
#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "buf.h"
#include "doc/doc-ext-keys.h"
#include "doc/doc-producer.h"
#include "util.h"

#define ELLIPSIS	"\xe2\x80\xa6"		/* U+2026 */

/* At most this many bytes of any one field go into a description. */
#define FIELD_MAX	48

#define OUR_NAME	"threadstone "
#define OUR_SUFFIX	" (C)"

/*
 * A string-valued key of the extensions, or NULL; *present says whether
 * the key is there at all (its value may be of another type).
 */
static const char *
extension_string(const struct ts_report *r, const struct ts_ext_key *k,
    bool *present)
{
	if (present != NULL)
		*present = ts_ext_get(&r->ext, k) != NULL;
	return ts_ext_string(&r->ext, k);
}

/*
 * Append at most max bytes of s, printable and on one line: control
 * characters and the reader's encoded U+0000 become '?'; a longer s is cut
 * at a character boundary and ends in an ellipsis.
 */
static void
append_clean(struct ts_buf *b, const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i, n = strlen(s), cut = n;

	if (n > max) {
		cut = max;
		while (cut > 0 && (p[cut] & 0xc0) == 0x80)
			cut--;
	}
	for (i = 0; i < cut; i++) {
		if (p[i] < 0x20 || p[i] == 0x7f)
			ts_buf_putc(b, '?');
		else if (p[i] == 0xc0 && i + 1 < cut && p[i + 1] == 0x80) {
			ts_buf_putc(b, '?');
			i++;
		} else
			ts_buf_putc(b, (char)p[i]);
	}
	if (cut < n)
		ts_buf_puts(b, ELLIPSIS);
}

/* Parse a run of decimal digits at *s into *v, advancing *s. */
static int
parse_number(const char **s, unsigned *v)
{
	unsigned long n = 0;
	const char *p = *s;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		n = n * 10 + (unsigned long)(*p - '0');
		if (n > 99999)
			return -1;
	}
	*v = (unsigned)n;
	*s = p;
	return 0;
}

int
ts_rustc_version_parse(const char *s, struct ts_rustc_version *out)
{
	struct ts_rustc_version v = { 0 };

	memset(out, 0, sizeof *out);
	if (s == NULL || strncmp(s, "rustc ", 6) != 0)
		return -1;
	s += 6;
	if (parse_number(&s, &v.major) != 0 || *s++ != '.' ||
	    parse_number(&s, &v.minor) != 0 || *s++ != '.' ||
	    parse_number(&s, &v.patch) != 0)
		return -1;
	if (*s == '-') {
		v.prerelease = true;
		s += strcspn(s, " ");
	}
	if (*s != '\0' && *s != ' ')
		return -1;
	v.set = true;
	*out = v;
	return 0;
}

/* Whether tok (len bytes) is a dotted version: digits, dots, digits. */
static bool
dotted_version(const char *tok, size_t len)
{
	bool dot = false;
	size_t i;

	if (len == 0 || tok[0] < '0' || tok[0] > '9' || tok[len - 1] == '.')
		return false;
	for (i = 0; i < len; i++) {
		if (tok[i] == '.') {
			if (tok[i - 1] == '.')
				return false;
			dot = true;
		} else if (tok[i] < '0' || tok[i] > '9')
			return false;
	}
	return dot;
}

/*
 * Append a compiler's version line in short: "rustc 1.83.0" from the
 * rustc line, "gcc 12.2.0" from "gcc (Debian 12.2.0-14) 12.2.0", "clang
 * 16.0.6" from "clang version 16.0.6 (Fedora ...)": the compiler's name
 * and the last token that is a plain dotted version.  A line with no such
 * token is appended as it is (cleaned, cut).
 */
static void
append_compiler(struct ts_buf *b, const char *line)
{
	const char *p, *ver = NULL, *name = NULL;
	size_t verlen = 0, len;
	char *tok;

	if (strncmp(line, "rustc ", 6) == 0 &&
	    (len = strcspn(line + 6, " \t")) > 0) {
		tok = ts_xasprintf("rustc %.*s", (int)len, line + 6);
		append_clean(b, tok, FIELD_MAX);
		free(tok);
		return;
	}
	for (p = line; *p != '\0'; p += len) {
		p += strspn(p, " \t");
		len = strcspn(p, " \t");
		if (dotted_version(p, len)) {
			ver = p;
			verlen = len;
		}
	}
	if (ver == NULL || verlen > FIELD_MAX) {
		append_clean(b, line, FIELD_MAX);
		return;
	}
	if (strstr(line, "clang") != NULL)
		name = "clang";
	else if (strstr(line, "gcc") != NULL || strstr(line, "GCC") != NULL)
		name = "gcc";
	if (name != NULL)
		tok = ts_xasprintf("%s %.*s", name, (int)verlen, ver);
	else
		tok = ts_xasprintf("%.*s %.*s", (int)strcspn(line, " \t"),
		    line, (int)verlen, ver);
	append_clean(b, tok, 2 * FIELD_MAX);
	free(tok);
}

/* The version in "threadstone VERSION (C)", or NULL if p is not ours. */
static char *
our_version(const char *p)
{
	size_t n = strlen(p), nn = strlen(OUR_NAME), ns = strlen(OUR_SUFFIX);

	if (n <= nn + ns || strncmp(p, OUR_NAME, nn) != 0 ||
	    strcmp(p + n - ns, OUR_SUFFIX) != 0)
		return NULL;
	if (memchr(p + nn, ' ', n - nn - ns) != NULL)
		return NULL;
	return ts_xasprintf("%.*s", (int)(n - nn - ns), p + nn);
}

void
ts_producer_of(const struct ts_report *r, struct ts_producer *out)
{
	const char *tv = r->tool_version, *rv = r->system.rustc_version;
	const char *prod, *cc;
	bool has_prod;
	char *ours = NULL;
	struct ts_buf b;

	memset(out, 0, sizeof *out);
	ts_buf_init(&b);
	prod = extension_string(r, &ts_ext_key_producer, &has_prod);
	cc = extension_string(r, &ts_ext_key_compiler, NULL);
	if (cc == NULL && rv != NULL && strncmp(rv, "rustc ", 6) != 0)
		cc = rv;
	if (prod != NULL)
		ours = our_version(prod);

	if (tv != NULL && ours != NULL && strcmp(ours, tv) == 0) {
		/* Ours: the producer line agrees with the signed version. */
		out->family = TS_FAMILY_C;
		out->version = ts_xstrdup(tv);
		ts_buf_puts(&b, OUR_NAME);
		append_clean(&b, tv, FIELD_MAX);
		ts_buf_puts(&b, " (C, ");
		if (cc != NULL && *cc != '\0')
			append_compiler(&b, cc);
		else
			ts_buf_puts(&b, "compiler unknown");
		ts_buf_putc(&b, ')');
	} else if (tv != NULL && !has_prod &&
	    ts_rustc_version_parse(rv, &out->rustc) == 0) {
		/* The original: no producer of ours, a rustc line. */
		out->family = TS_FAMILY_RUST;
		out->version = ts_xstrdup(tv);
		ts_buf_puts(&b, "ThreadStone ");
		append_clean(&b, tv, FIELD_MAX);
		ts_buf_puts(&b, " (");
		append_compiler(&b, rv);
		ts_buf_putc(&b, ')');
	} else {
		out->family = TS_FAMILY_UNKNOWN;
		ts_buf_puts(&b, "unknown producer (tool_version ");
		append_clean(&b, tv != NULL ? tv : "missing", FIELD_MAX);
		if (prod != NULL) {
			ts_buf_puts(&b, ", producer ");
			append_clean(&b, prod, FIELD_MAX);
		}
		if (cc != NULL && *cc != '\0') {
			ts_buf_puts(&b, ", ");
			append_compiler(&b, cc);
		} else if (rv != NULL && *rv != '\0') {
			ts_buf_puts(&b, ", ");
			append_compiler(&b, rv);
		}
		ts_buf_putc(&b, ')');
	}
	free(ours);
	out->description = b.data;
}

void
ts_producer_free(struct ts_producer *p)
{
	if (p == NULL)
		return;
	free(p->version);
	free(p->description);
	memset(p, 0, sizeof *p);
}
