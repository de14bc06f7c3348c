/* SPDX-License-Identifier: MIT */
/*
 * Records as JSON Lines (json-c) or CSV, one line at a time.
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "buf.h"
#include "doc/doc-parse.h"
#include "fleet/fleet-read.h"
#include "fleet/fleet-read-prom.h"
#include "util.h"

struct ts_recin {
	FILE			*f;
	const char		*name;
	enum ts_recfmt		 fmt;
	struct ts_reckeys	 keys;
	uint64_t		 line;
	char			*buf;
	size_t			 cap;
	size_t			 len;	/* of the line in buf */
	struct json_tokener	*tok;
	struct json_object	*obj;	/* the current JSON line */
	char			 num[32];	/* a numeric host, as text */
	/* CSV: header names, the key columns, the current row's fields. */
	char			**cols;
	size_t			 ncols;
	int			 ci[3];	/* time, score, host */
	int			 ci_exit, ci_signal;	/* -1: no such column */
	char			**fields;
	size_t			 nfields;
	struct ts_buf		 fbuf;	/* the row's unquoted fields */
	struct ts_promin	*prom;	/* Prometheus text, once loaded */
};

struct ts_recin *
ts_fleet_read_open(FILE *f, const char *name, enum ts_recfmt fmt,
    const struct ts_reckeys *keys)
{
	struct ts_recin *in = ts_xcalloc(1, sizeof *in);

	in->f = f;
	in->name = name;
	in->fmt = fmt;
	in->keys = *keys;
	in->tok = json_tokener_new();
	/*
	 * JSON Lines are JSON: no trailing commas or other leniencies, which
	 * --normalise would otherwise copy into lines no reader accepts.
	 */
	json_tokener_set_flags(in->tok, JSON_TOKENER_STRICT);
	ts_buf_init(&in->fbuf);
	return in;
}

void
ts_fleet_read_close(struct ts_recin *in)
{
	if (in == NULL)
		return;
	free(in->buf);
	if (in->obj != NULL)
		json_object_put(in->obj);
	json_tokener_free(in->tok);
	ts_strv_free(in->cols, in->ncols);
	free(in->fields);
	ts_buf_free(&in->fbuf);
	ts_promin_free(in->prom);
	free(in);
}

/* Whether s holds only blanks. */
static int
blank(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return *s == '\0';
}

/*
 * Split a CSV line into in->fields (pointers into in->fbuf).  Return 0,
 * or -1 with the reason.
 */
static int
csv_split(struct ts_recin *in, const char *s, char *err, size_t errlen)
{
	size_t cap = 0, *offs = NULL, n = 0, i;
	int quoted;

	in->fbuf.len = 0;
	for (;;) {
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			offs = ts_xrealloc(offs, cap * sizeof *offs);
		}
		offs[n++] = in->fbuf.len;
		quoted = *s == '"';
		if (quoted) {
			for (s++;; s++) {
				if (*s == '\0') {
					snprintf(err, errlen, "an unterminated "
					    "quoted field");
					free(offs);
					return -1;
				}
				if (*s == '"' && s[1] == '"')
					s++;
				else if (*s == '"')
					break;
				ts_buf_putc(&in->fbuf, *s);
			}
			s++;
			if (*s != ',' && *s != '\0' && *s != '\r') {
				snprintf(err, errlen, "text after a quoted "
				    "field");
				free(offs);
				return -1;
			}
		} else
			for (; *s != ',' && *s != '\0' && !(*s == '\r' &&
			    s[1] == '\0'); s++)
				ts_buf_putc(&in->fbuf, *s);
		ts_buf_putc(&in->fbuf, '\0');
		if (*s != ',')
			break;
		s++;
	}
	free(in->fields);
	in->fields = ts_xmalloc(n * sizeof *in->fields);
	for (i = 0; i < n; i++)
		in->fields[i] = in->fbuf.data + offs[i];
	in->nfields = n;
	free(offs);
	return 0;
}

/* Take the CSV header: find the key columns.  -1 when one is missing. */
static int
csv_header(struct ts_recin *in, char *err, size_t errlen)
{
	const char *want[3] = { in->keys.time, in->keys.score, in->keys.host };
	size_t i;
	int k;

	if (csv_split(in, in->buf, err, errlen) == -1)
		return -1;
	in->ncols = in->nfields;
	in->cols = ts_xmalloc(in->ncols * sizeof *in->cols);
	for (i = 0; i < in->ncols; i++)
		in->cols[i] = ts_xstrdup(in->fields[i]);
	in->ci_exit = in->ci_signal = -1;
	for (i = 0; i < in->ncols; i++) {
		if (strcmp(in->cols[i], "exit_status") == 0)
			in->ci_exit = (int)i;
		else if (strcmp(in->cols[i], "signal") == 0)
			in->ci_signal = (int)i;
	}
	for (k = 0; k < 3; k++) {
		in->ci[k] = -1;
		for (i = 0; i < in->ncols; i++)
			if (strcmp(in->cols[i], want[k]) == 0)
				in->ci[k] = (int)i;
		if (in->ci[k] == -1) {
			snprintf(err, errlen, "the CSV header has no column "
			    "'%s'", want[k]);
			return -1;
		}
	}
	return 0;
}

/*
 * A whole-string number: 0; -1 if it is not one; -2 if it is not finite
 * (nan, inf, or beyond a double's range, which strtod makes infinite).
 * One too small for a double is its rounding (0 for 1e-400), as the JSON
 * reader takes it.
 */
static int
parse_num(const char *s, double *v)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	if (*s == '\0')
		return -1;
	*v = strtod(s, &end);
	while (isspace((unsigned char)*end))
		end++;
	if (*end != '\0')
		return -1;
	return isfinite(*v) ? 0 : -2;
}

/* Whether s is a number as JSON writes one (no blanks, no sign '+'). */
static int
json_number_text(const char *s)
{
	if (*s == '-')
		s++;
	if (*s == '0')
		s++;
	else if (isdigit((unsigned char)*s))
		while (isdigit((unsigned char)*s))
			s++;
	else
		return 0;
	if (*s == '.') {
		if (!isdigit((unsigned char)*++s))
			return 0;
		while (isdigit((unsigned char)*s))
			s++;
	}
	if (*s == 'e' || *s == 'E') {
		s++;
		if (*s == '+' || *s == '-')
			s++;
		if (!isdigit((unsigned char)*s))
			return 0;
		while (isdigit((unsigned char)*s))
			s++;
	}
	return *s == '\0';
}

/* Follow a dotted path into obj; NULL when a step is missing. */
static struct json_object *
json_path(struct json_object *obj, const char *path)
{
	struct json_object *whole;
	char step[256];
	const char *dot;
	size_t n;

	for (;;) {
		if (!json_object_is_type(obj, json_type_object))
			return NULL;
		if (json_object_object_get_ex(obj, path, &whole))
			return whole;	/* a key with dots of its own */
		dot = strchr(path, '.');
		if (dot == NULL)
			return NULL;
		n = (size_t)(dot - path);
		if (n >= sizeof step)
			return NULL;
		memcpy(step, path, n);
		step[n] = '\0';
		if (!json_object_object_get_ex(obj, step, &obj))
			return NULL;
		path = dot + 1;
	}
}

/* A numeric value of a JSON record, or the reason it has none. */
static int
json_num(struct json_object *o, const char *key, double *v, char *err,
    size_t errlen)
{
	struct json_object *x = json_path(o, key);

	if (x == NULL) {
		snprintf(err, errlen, "no key '%s'", key);
		return -1;
	}
	if (!json_object_is_type(x, json_type_double) &&
	    !json_object_is_type(x, json_type_int)) {
		snprintf(err, errlen, "'%s' is not a number", key);
		return -1;
	}
	*v = json_object_get_double(x);
	if (!isfinite(*v)) {
		snprintf(err, errlen, "'%s' is not a finite number", key);
		return -1;
	}
	return 0;
}

/*
 * Read the next line into in->buf (without its newline), holding at most
 * TS_RECORD_MAX_LINE bytes of it.  Return 1, 0 at the end of the input,
 * or -1 with the reason in err.  *nul is where its first NUL byte is (the
 * line's length when there is none).
 */
static int
read_line(struct ts_recin *in, size_t *nul, char *err, size_t errlen)
{
	size_t len = 0;
	int c;

	*nul = SIZE_MAX;
	errno = 0;
	flockfile(in->f);
	while ((c = getc_unlocked(in->f)) != EOF && c != '\n') {
		if (len == TS_RECORD_MAX_LINE) {
			funlockfile(in->f);
			snprintf(err, errlen, "%s:%ju: a line longer than %d "
			    "bytes%s (records are lines of text)", in->name,
			    (uintmax_t)in->line + 1, TS_RECORD_MAX_LINE,
			    *nul != SIZE_MAX ? ", with NUL bytes" : "");
			return -1;
		}
		if (c == '\0' && *nul == SIZE_MAX)
			*nul = len;
		if (len + 1 >= in->cap) {
			in->cap = in->cap ? in->cap * 2 : 256;
			in->buf = ts_xrealloc(in->buf, in->cap);
		}
		in->buf[len++] = (char)c;
	}
	funlockfile(in->f);
	if (c == EOF && ferror(in->f)) {
		snprintf(err, errlen, "%s: %s", in->name,
		    strerror(errno ? errno : EIO));
		return -1;
	}
	if (c == EOF && len == 0)
		return 0;
	if (in->buf == NULL) {
		in->cap = 256;
		in->buf = ts_xmalloc(in->cap);
	}
	in->buf[len] = '\0';
	in->len = len;
	in->line++;
	if (*nul == SIZE_MAX)
		*nul = len;
	return 1;
}

/* A key of an open JSON object, as written (escapes and all). */
struct keyref {
	const char	*p;
	size_t		 n;
};

static int
keyref_cmp(const void *a, const void *b)
{
	const struct keyref *x = a, *y = b;
	int c = memcmp(x->p, y->p, x->n < y->n ? x->n : y->n);

	return c != 0 ? c : (x->n > y->n) - (x->n < y->n);
}

/* The number of keys of every object in o, nested ones included. */
static size_t
count_keys(struct json_object *o)
{
	size_t n = 0, i, len;

	if (json_object_is_type(o, json_type_object)) {
		json_object_object_foreach(o, k, v) {
			(void)k;
			n += 1 + count_keys(v);
		}
	} else if (json_object_is_type(o, json_type_array)) {
		len = json_object_array_length(o);
		for (i = 0; i < len; i++)
			n += count_keys(json_object_array_get_idx(o, i));
	}
	return n;
}

/*
 * Whether an object of the JSON text s (valid JSON, parsed as obj) has a
 * key twice; then the reason goes to why.  json-c keeps the last of
 * repeated keys silently, so the text is scanned: each object's keys are
 * sorted when it closes, and the number of keys written is compared with
 * the number json-c kept (for a key repeated with different escapes).
 */
static bool
repeated_key(const char *s, struct json_object *obj, char *why,
    size_t whylen)
{
	struct { bool object, want_key; size_t first; }
	    st[TS_RECORD_MAX_DEPTH + 2];
	struct keyref *keys = NULL;
	size_t nkeys = 0, cap = 0, total = 0, i, j;
	const char *q;
	int depth = -1;
	bool found = false;

	for (; *s != '\0' && !found; s++) {
		switch (*s) {
		case '{':
		case '[':
			if (depth + 1 >= (int)(sizeof st / sizeof st[0]))
				goto out;	/* json-c refused it already */
			depth++;
			st[depth].object = *s == '{';
			st[depth].want_key = *s == '{';
			st[depth].first = nkeys;
			break;
		case ',':
			if (depth >= 0 && st[depth].object)
				st[depth].want_key = true;
			break;
		case '}':
			if (depth < 0)
				goto out;
			i = st[depth].first;
			if (nkeys - i > 1)
				qsort(keys + i, nkeys - i, sizeof *keys,
				    keyref_cmp);
			for (j = i + 1; j < nkeys && !found; j++)
				if (keyref_cmp(&keys[j - 1], &keys[j]) == 0) {
					snprintf(why, whylen, "the key \"%.*s\" "
					    "twice in one object",
					    (int)(keys[j].n > 64 ? 64 :
					    keys[j].n), keys[j].p);
					found = true;
				}
			nkeys = i;
			depth--;
			break;
		case ']':
			depth--;
			break;
		case '"':
			for (q = s + 1; *q != '"' && *q != '\0'; q++)
				if (*q == '\\' && q[1] != '\0')
					q++;
			if (depth >= 0 && st[depth].want_key) {
				if (nkeys == cap) {
					cap = cap ? cap * 2 : 16;
					keys = ts_xrealloc(keys,
					    cap * sizeof *keys);
				}
				keys[nkeys].p = s + 1;
				keys[nkeys].n = (size_t)(q - s - 1);
				nkeys++;
				total++;
				st[depth].want_key = false;
			}
			s = *q == '\0' ? q - 1 : q;
			break;
		}
	}
	if (!found && total != count_keys(obj)) {
		snprintf(why, whylen, "a key twice in one object (spelled "
		    "with different escapes)");
		found = true;
	}
out:
	free(keys);
	return found;
}

/*
 * Whether top-level key (exit_status, signal) says a wrapped command
 * failed: present and not the number 0.
 */
static bool
json_failed(struct json_object *obj, const char *key)
{
	struct json_object *v;

	if (!json_object_object_get_ex(obj, key, &v) || v == NULL)
		return false;
	if (json_object_is_type(v, json_type_int))
		return json_object_get_int64(v) != 0;
	if (json_object_is_type(v, json_type_double))
		return json_object_get_double(v) != 0;
	return true;
}

/* Whether CSV field ci (-1: no such column) is set and not 0. */
static bool
csv_failed(const struct ts_recin *in, int ci)
{
	const char *f;

	if (ci < 0)
		return false;
	f = in->fields[ci];
	return f[0] != '\0' && strcmp(f, "0") != 0;
}

/* Parse the line in in->buf as JSON into *rec. */
static int
json_record(struct ts_recin *in, struct ts_rec *rec, char *err,
    size_t errlen)
{
	struct json_object *h;
	size_t len = strlen(in->buf);

	if (in->obj != NULL)
		json_object_put(in->obj);
	json_tokener_reset(in->tok);
	in->obj = json_tokener_parse_ex(in->tok, in->buf, (int)len);
	if (in->obj == NULL || (ts_json_parse_end(in->tok) < len &&
	    !blank(in->buf + ts_json_parse_end(in->tok))) ||
	    !json_object_is_type(in->obj, json_type_object)) {
		snprintf(err, errlen, "not a JSON object");
		return -1;
	}
	if (repeated_key(in->buf, in->obj, err, errlen))
		return -1;
	if (json_num(in->obj, in->keys.time, &rec->t, err, errlen) == -1 ||
	    json_num(in->obj, in->keys.score, &rec->s, err, errlen) == -1)
		return -1;
	if ((h = json_path(in->obj, in->keys.host)) == NULL) {
		snprintf(err, errlen, "no key '%s'", in->keys.host);
		return -1;
	}
	rec->failed = json_failed(in->obj, "exit_status") ||
	    json_failed(in->obj, "signal");
	if (json_object_is_type(h, json_type_string))
		rec->host = json_object_get_string(h);
	else if (json_object_is_type(h, json_type_int)) {
		snprintf(in->num, sizeof in->num, "%lld",
		    (long long)json_object_get_int64(h));
		rec->host = in->num;
	} else {
		snprintf(err, errlen, "'%s' is not a string", in->keys.host);
		return -1;
	}
	return 0;
}

/* Take the CSV row in in->buf into *rec. */
static int
csv_record(struct ts_recin *in, struct ts_rec *rec, char *err,
    size_t errlen)
{
	int rc;

	if (csv_split(in, in->buf, err, errlen) == -1)
		return -1;
	if (in->nfields != in->ncols) {
		snprintf(err, errlen, "%zu fields where the header has %zu",
		    in->nfields, in->ncols);
		return -1;
	}
	if ((rc = parse_num(in->fields[in->ci[0]], &rec->t)) < 0) {
		snprintf(err, errlen, "'%s' is not a %snumber", in->keys.time,
		    rc == -2 ? "finite " : "");
		return -1;
	}
	if ((rc = parse_num(in->fields[in->ci[1]], &rec->s)) < 0) {
		snprintf(err, errlen, "'%s' is not a %snumber", in->keys.score,
		    rc == -2 ? "finite " : "");
		return -1;
	}
	rec->host = in->fields[in->ci[2]];
	rec->failed = csv_failed(in, in->ci_exit) ||
	    csv_failed(in, in->ci_signal);
	if (rec->host[0] == '\0') {
		snprintf(err, errlen, "'%s' is empty", in->keys.host);
		return -1;
	}
	return 0;
}

/*
 * What every format's record must hold, whichever reader read it: a
 * finite timing, not negative, and a finite score, positive.  0, or 1
 * for the timing and 2 for the score, with the reason in why.  Each
 * reader refuses what is not finite first, in these words.
 */
static int
check_values(const struct ts_recin *in, const struct ts_rec *rec,
    char *why, size_t whylen)
{
	if (!isfinite(rec->t) || !isfinite(rec->s)) {
		snprintf(why, whylen, "'%s' is not a finite number",
		    !isfinite(rec->t) ? in->keys.time : in->keys.score);
		return !isfinite(rec->t) ? 1 : 2;
	}
	if (rec->t < 0) {
		snprintf(why, whylen, "'%s' is negative", in->keys.time);
		return 1;
	}
	if (!(rec->s > 0)) {
		snprintf(why, whylen, "'%s' is not positive", in->keys.score);
		return 2;
	}
	return 0;
}

/* The next record of a loaded Prometheus input. */
static int
prom_next(struct ts_recin *in, struct ts_rec *rec, char *err, size_t errlen)
{
	char why[256];
	uint64_t t_line = 0;
	int rc, bad;

	rc = ts_promin_next(in->prom, &in->keys, rec, &t_line, why,
	    sizeof why);
	if (rc == 1 && (bad = check_values(in, rec, why, sizeof why)) != 0) {
		/* The line of the sample at fault. */
		if (bad == 1)
			rec->line = t_line;
		rc = -1;
	}
	if (rc == -1)
		snprintf(err, errlen, "%s:%ju: %s", in->name,
		    (uintmax_t)rec->line, why);
	rec->fmt = TS_RECFMT_PROM;
	return rc;
}

int
ts_fleet_read_next(struct ts_recin *in, struct ts_rec *rec, char *err,
    size_t errlen)
{
	char why[256];
	size_t nul;
	int rc;

	rec->failed = false;
	if (in->prom != NULL)
		return prom_next(in, rec, err, errlen);
	for (;;) {
		rc = read_line(in, &nul, err, errlen);
		if (rc <= 0)
			return rc == 0 ? 0 : -2;
		if (nul < in->len) {
			snprintf(err, errlen, "%s:%ju: a NUL byte at byte %zu "
			    "of the line (records are lines of text)",
			    in->name, (uintmax_t)in->line, nul + 1);
			return -1;
		}
		if (blank(in->buf))
			continue;
		if (in->fmt == TS_RECFMT_AUTO) {
			const char *p = in->buf;

			while (isspace((unsigned char)*p))
				p++;
			in->fmt = *p == '{' ? TS_RECFMT_JSONL : *p == '#' ?
			    TS_RECFMT_PROM : TS_RECFMT_CSV;
		}
		if (in->fmt == TS_RECFMT_PROM) {
			in->line--;
			in->prom = ts_promin_load(in->f, in->buf, in->name,
			    &in->keys, &in->line, err, errlen);
			if (in->prom == NULL)
				return -2;
			return prom_next(in, rec, err, errlen);
		}
		if (in->fmt == TS_RECFMT_CSV && in->cols == NULL) {
			if (csv_header(in, why, sizeof why) == -1) {
				snprintf(err, errlen, "%s:%ju: %s", in->name,
				    (uintmax_t)in->line, why);
				return -2;
			}
			continue;
		}
		break;
	}
	rc = in->fmt == TS_RECFMT_JSONL ? json_record(in, rec, why, sizeof why) :
	    csv_record(in, rec, why, sizeof why);
	if (rc == 0 && check_values(in, rec, why, sizeof why) != 0)
		rc = -1;
	if (rc == -1) {
		snprintf(err, errlen, "%s:%ju: %s", in->name,
		    (uintmax_t)in->line, why);
		return -1;
	}
	rec->line = in->line;
	rec->text = in->buf;
	rec->fmt = in->fmt;
	return 1;
}

void
ts_fleet_read_json_with(struct ts_recin *in, const struct ts_rec *rec,
    struct ts_buf *b, const char *key, double value)
{
	const char *end;
	double v;
	size_t i;

	if (rec->fmt == TS_RECFMT_JSONL || rec->fmt == TS_RECFMT_PROM) {
		end = rec->text + strlen(rec->text);
		while (end > rec->text && end[-1] != '}')
			end--;
		ts_buf_add(b, rec->text, (size_t)(end - 1 - rec->text));
		/* An empty object takes no comma. */
		for (i = (size_t)(end - 1 - rec->text); i > 0 &&
		    isspace((unsigned char)rec->text[i - 1]); i--)
			;
		if (i > 0 && rec->text[i - 1] != '{')
			ts_buf_putc(b, ',');
	} else {
		ts_buf_putc(b, '{');
		for (i = 0; i < in->ncols; i++) {
			ts_buf_json_string(b, in->cols[i]);
			ts_buf_putc(b, ':');
			if (json_number_text(in->fields[i]))
				ts_buf_puts(b, in->fields[i]);
			else if (parse_num(in->fields[i], &v) == 0)
				ts_buf_printf(b, "%.17g", v);
			else
				ts_buf_json_string(b, in->fields[i]);
			ts_buf_putc(b, ',');
		}
	}
	ts_buf_json_string(b, key);
	ts_buf_printf(b, ":%.9g}\n", value);
}
