/* SPDX-License-Identifier: MIT */
/*
 * A run's figure (ab-metric.h).
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab/ab-metric.h"
#include "doc/doc-parse.h"
#include "util.h"

static const struct {
	const char		*name;
	enum ts_ab_metric_kind	 kind;
} plain[] = {
	{ "wall", TS_AB_METRIC_WALL },
	{ "user", TS_AB_METRIC_USER },
	{ "system", TS_AB_METRIC_SYSTEM },
	{ "cpu", TS_AB_METRIC_CPU },
	{ "maxrss", TS_AB_METRIC_MAXRSS },
};

#define ACCEPTED "wall, user, system, cpu, maxrss, json:KEY or regex:RE"

int
ts_ab_metric_parse(const char *arg, struct ts_ab_metric *m, char *err,
    size_t errlen)
{
	char why[256];
	size_t i;
	int rc;

	memset(m, 0, sizeof *m);
	for (i = 0; i < sizeof plain / sizeof plain[0]; i++)
		if (strcmp(arg, plain[i].name) == 0) {
			m->kind = plain[i].kind;
			m->name = ts_xstrdup(arg);
			m->arg = m->name;
			return 0;
		}
	if (strncmp(arg, "json:", 5) == 0) {
		if (arg[5] == '\0' || arg[5] == '.' ||
		    arg[strlen(arg) - 1] == '.' || strstr(arg, "..") != NULL) {
			snprintf(err, errlen, "--metric '%s': json: needs a key, "
			    "a dotted path such as json:results.0.mean", arg);
			return -1;
		}
		m->kind = TS_AB_METRIC_JSON;
		m->name = ts_xstrdup(arg);
		m->arg = m->name + 5;
		return 0;
	}
	if (strncmp(arg, "regex:", 6) == 0) {
		if (arg[6] == '\0') {
			snprintf(err, errlen, "--metric '%s': regex: needs a "
			    "regular expression, such as 'regex:([0-9.]+) ms'",
			    arg);
			return -1;
		}
		m->kind = TS_AB_METRIC_REGEX;
		m->name = ts_xstrdup(arg);
		m->arg = m->name + 6;
		rc = regcomp(&m->re, m->arg, REG_EXTENDED);
		if (rc != 0) {
			regerror(rc, &m->re, why, sizeof why);
			snprintf(err, errlen, "--metric '%s': not a POSIX "
			    "extended regular expression: %s", arg, why);
			free(m->name);
			m->name = NULL;
			return -1;
		}
		m->re_compiled = true;
		return 0;
	}
	snprintf(err, errlen, "invalid --metric '%s': expected " ACCEPTED, arg);
	return -1;
}

void
ts_ab_metric_free(struct ts_ab_metric *m)
{
	if (m->re_compiled)
		regfree(&m->re);
	free(m->name);
	memset(m, 0, sizeof *m);
}

bool
ts_ab_metric_reads_output(const struct ts_ab_metric *m)
{
	return m->kind == TS_AB_METRIC_JSON || m->kind == TS_AB_METRIC_REGEX;
}

bool
ts_ab_metric_is_time(const struct ts_ab_metric *m)
{
	return m->kind <= TS_AB_METRIC_CPU;
}

const char *
ts_ab_metric_unit(const struct ts_ab_metric *m)
{
	if (ts_ab_metric_is_time(m))
		return "s";
	return m->kind == TS_AB_METRIC_MAXRSS ? "KiB" : "";
}

/* Parse text[0..len) as one JSON value, blank around it; or NULL. */
static struct json_object *
parse_whole(const char *text, size_t len)
{
	struct json_tokener *tok;
	struct json_object *o;
	size_t i, end;

	if (len > (size_t)INT32_MAX)
		return NULL;
	tok = json_tokener_new();
	o = json_tokener_parse_ex(tok, text, (int)len);
	if (o == NULL || json_tokener_get_error(tok) != json_tokener_success) {
		json_object_put(o);
		json_tokener_free(tok);
		return NULL;
	}
	end = ts_json_parse_end(tok);
	json_tokener_free(tok);
	for (i = end; i < len; i++)
		if (!isspace((unsigned char)text[i])) {
			json_object_put(o);
			return NULL;
		}
	return o;
}

/* An array index: digits only, no leading zero but "0". */
static bool
index_of(const char *s, size_t n, size_t *at)
{
	size_t i, v = 0;

	if (n == 0 || n > 9 || (n > 1 && s[0] == '0'))
		return false;
	for (i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return false;
		v = v * 10 + (size_t)(s[i] - '0');
	}
	*at = v;
	return true;
}

/* Follow path into o; NULL when a step is missing. */
static struct json_object *
follow(struct json_object *o, const char *path)
{
	struct json_object *next;
	const char *dot;
	char step[256];
	size_t n, at;

	for (;;) {
		if (json_object_is_type(o, json_type_object) &&
		    json_object_object_get_ex(o, path, &next))
			return next;	/* the rest is one key */
		dot = strchr(path, '.');
		n = dot != NULL ? (size_t)(dot - path) : strlen(path);
		if (json_object_is_type(o, json_type_array)) {
			if (!index_of(path, n, &at) ||
			    at >= json_object_array_length(o))
				return NULL;
			next = json_object_array_get_idx(o, at);
		} else if (json_object_is_type(o, json_type_object) &&
		    dot != NULL && n < sizeof step) {
			memcpy(step, path, n);
			step[n] = '\0';
			if (!json_object_object_get_ex(o, step, &next))
				return NULL;
		} else
			return NULL;
		if (dot == NULL)
			return next;
		o = next;
		path = dot + 1;
	}
}

/* The number at key in doc: 1 found, 0 missing, -1 not a number. */
static int
number_at(struct json_object *doc, const char *key, double *v,
    const char **type)
{
	struct json_object *x = follow(doc, key);

	if (x == NULL)
		return 0;
	if (!json_object_is_type(x, json_type_double) &&
	    !json_object_is_type(x, json_type_int)) {
		switch (json_object_get_type(x)) {
		case json_type_string:
			*type = "a string";
			break;
		case json_type_boolean:
			*type = "a boolean";
			break;
		case json_type_array:
			*type = "an array";
			break;
		case json_type_object:
			*type = "an object";
			break;
		default:
			*type = "null";
		}
		return -1;
	}
	*v = json_object_get_double(x);
	return 1;
}

/* Digits of an integer past which json-c clamps it (20: UINT64_MAX). */
#define LONG_INT_DIGITS	19

/*
 * Whether the digits text[at..end] are a whole integer of
 * LONG_INT_DIGITS digits or more: no fraction or exponent around them.
 */
static bool
long_int(const char *text, size_t len, size_t at, size_t end)
{
	size_t b = at;

	if (end - at + 1 < LONG_INT_DIGITS ||
	    (end + 1 < len && strchr(".eE", text[end + 1]) != NULL))
		return false;
	if (b > 0 && (text[b - 1] == '-' || text[b - 1] == '+'))
		b--;
	return b == 0 || strchr(".eE", text[b - 1]) == NULL;
}

/*
 * A copy of text in which every integer of LONG_INT_DIGITS digits or
 * more outside strings ends in ".0", so that json-c reads it as the
 * double it writes instead of clamping it to 64 bits; NULL when there
 * is none (or no memory: the text is read as it is).
 */
static char *
widen_long_ints(const char *text, size_t len, size_t *outlen)
{
	bool in_str = false, esc = false, copy;
	size_t i, j = 0, at = 0, pass;
	char *w = NULL;

	for (pass = 0; pass < 2; pass++) {
		copy = pass == 1;
		for (i = 0; i < len; i++) {
			if (copy)
				w[j++] = text[i];
			if (in_str) {
				in_str = esc || text[i] != '"';
				esc = !esc && text[i] == '\\';
				continue;
			}
			in_str = text[i] == '"';
			if (!isdigit((unsigned char)text[i]))
				continue;
			if (i == 0 || !isdigit((unsigned char)text[i - 1]))
				at = i;
			if ((i + 1 == len ||
			    !isdigit((unsigned char)text[i + 1])) &&
			    long_int(text, len, at, i)) {
				if (!copy)
					break;
				w[j++] = '.';
				w[j++] = '0';
			}
		}
		if (!copy && (i == len ||
		    (w = malloc(len + len / LONG_INT_DIGITS * 2 + 3)) == NULL))
			return NULL;
		in_str = esc = false;
	}
	*outlen = j;
	return w;
}

/* ", and the output holds a NUL byte at offset N", or "". */
static const char *
nul_note(const char *out, size_t len, char *buf, size_t buflen)
{
	const char *z = memchr(out, '\0', len);

	if (z == NULL)
		return "";
	snprintf(buf, buflen, " (the output holds a NUL byte at offset %zu)",
	    (size_t)(z - out));
	return buf;
}

/* json:KEY from the whole output, else from its last line holding KEY. */
static int
json_value(const struct ts_ab_metric *m, const char *out, size_t len,
    double *v, char *err, size_t errlen)
{
	struct json_object *doc;
	const char *type = "not finite", *line, *end;
	char note[80], *wide;
	size_t wlen;
	int rc = 0;

	if ((wide = widen_long_ints(out, len, &wlen)) != NULL) {
		rc = json_value(m, wide, wlen, v, err, errlen);
		free(wide);
		return rc;
	}
	end = out + len;

	if ((doc = parse_whole(out, len)) != NULL) {
		rc = number_at(doc, m->arg, v, &type);
		json_object_put(doc);
	} else
		while (end > out && rc == 0) {
			for (line = end; line > out && line[-1] != '\n'; line--)
				;
			doc = parse_whole(line, (size_t)(end - line));
			if (doc != NULL &&
			    json_object_is_type(doc, json_type_object))
				rc = number_at(doc, m->arg, v, &type);
			json_object_put(doc);
			end = line > out ? line - 1 : out;
		}
	if (rc == 1 && !isfinite(*v))
		rc = -1;
	if (rc == 1)
		return 0;
	if (rc == -1)
		snprintf(err, errlen, "%s: the value is %s, not a finite "
		    "number", m->name, type);
	else
		snprintf(err, errlen, "%s: no JSON document or line of the "
		    "output holds '%s'%s", m->name, m->arg,
		    nul_note(out, len, note, sizeof note));
	return -1;
}

/* regex:RE: its first match (first group), as a number. */
static int
regex_value(const struct ts_ab_metric *m, const char *out, size_t len,
    double *v, char *err, size_t errlen)
{
	regmatch_t g[2];
	char *text, *num, *endp;
	size_t n, at;
	int which;

	text = ts_xmalloc(len + 1);
	memcpy(text, out, len);
	text[len] = '\0';
	/* The whole output, NUL bytes read as any other. */
	g[0].rm_so = 0;
	g[0].rm_eo = (regoff_t)len;
	if (regexec(&m->re, text, 2, g, REG_STARTEND) != 0) {
		free(text);
		snprintf(err, errlen, "%s: the output does not match", m->name);
		return -1;
	}
	which = m->re.re_nsub > 0 ? 1 : 0;
	if (g[which].rm_so < 0) {
		free(text);
		snprintf(err, errlen, "%s: its first group matched nothing",
		    m->name);
		return -1;
	}
	at = (size_t)g[which].rm_so;
	n = (size_t)(g[which].rm_eo - g[which].rm_so);
	num = ts_xmalloc(n + 1);
	memcpy(num, text + at, n);
	num[n] = '\0';
	free(text);
	errno = 0;
	*v = n > 0 && !isspace((unsigned char)num[0]) ? strtod(num, &endp) :
	    NAN;
	if (n == 0 || isspace((unsigned char)num[0]) || *endp != '\0' ||
	    errno != 0 || !isfinite(*v)) {
		for (at = 0; at < n; at++)
			if (iscntrl((unsigned char)num[at]))
				num[at] = ' ';
		snprintf(err, errlen, "%s: matched '%.40s', not a number",
		    m->name, num);
		free(num);
		return -1;
	}
	free(num);
	return 0;
}

int
ts_ab_metric_check(const struct ts_ab_metric *m, double v, char *err,
    size_t errlen)
{
	if (!isfinite(v))
		snprintf(err, errlen, "%s: the figure is not a finite number",
		    m->name);
	else if (!(v > 0))
		snprintf(err, errlen, "%s: the figure is %g; a ratio needs "
		    "figures above 0", m->name, v);
	else if (v < TS_AB_FIGURE_MIN || v > TS_AB_FIGURE_MAX)
		snprintf(err, errlen, "%s: the figure %g is outside %g to %g, "
		    "where its ratios, logarithms and squares are exact: "
		    "rescale it", m->name, v, TS_AB_FIGURE_MIN,
		    TS_AB_FIGURE_MAX);
	else
		return 0;
	return -1;
}

int
ts_ab_metric_value(const struct ts_ab_metric *m, const struct ts_ab_sample *s,
    const char *out, size_t len, double *v, char *err, size_t errlen)
{
	switch (m->kind) {
	case TS_AB_METRIC_WALL:
		*v = s->wall_s;
		return 0;
	case TS_AB_METRIC_USER:
		*v = s->user_s;
		return 0;
	case TS_AB_METRIC_SYSTEM:
		*v = s->sys_s;
		return 0;
	case TS_AB_METRIC_CPU:
		*v = s->user_s + s->sys_s;
		return 0;
	case TS_AB_METRIC_MAXRSS:
		*v = s->maxrss_kib;
		return 0;
	case TS_AB_METRIC_JSON:
		return json_value(m, out, len, v, err, errlen);
	default:
		return regex_value(m, out, len, v, err, errlen);
	}
}
