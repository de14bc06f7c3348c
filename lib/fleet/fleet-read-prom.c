/* SPDX-License-Identifier: MIT */
/*
 * Records from the Prometheus text exposition format (see fleet-read.h):
 * the whole input is read, the samples of the --time and --score
 * metrics are paired by host (and timestamp, when samples carry one),
 * and the pairs come out as records in the order of their score samples.
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "fleet/fleet-read-prom.h"
#include "util.h"

struct prom_rec {
	char		*host;
	char		*stamp;		/* the samples' timestamp, or "" */
	double		 t, s;
	int		 have_t, have_s;
	uint64_t	 line;		/* of the score sample */
	uint64_t	 t_line;	/* of the time sample */
};

struct ts_promin {
	struct prom_rec	*r;
	size_t		 n, cap, next;
	/* The records by host and stamp: open addressing, indexes + 1. */
	size_t		*slot;
	size_t		 nslots;	/* a power of two, over 2 n */
	char		*info_host;	/* tachyon_info's host label */
	char		*text;		/* the current record as JSON */
};

/* One parsed sample line. */
struct sample {
	char	 name[256];
	char	*host;			/* the host label's value, or NULL */
	char	 stamp[32];		/* the timestamp, as %lld, or "" */
	double	 v;			/* any double, NaN and infinities too */
};

/* Parse a label value at *p ('"' first); malloc'd, or NULL if malformed. */
static char *
label_value(const char **pp)
{
	const char *p = *pp + 1;
	struct ts_buf b;

	ts_buf_init(&b);
	for (; *p != '"'; p++) {
		if (*p == '\0') {
			ts_buf_free(&b);
			return NULL;
		}
		if (*p == '\\') {
			p++;
			if (*p == 'n')
				ts_buf_putc(&b, '\n');
			else if (*p == '\\' || *p == '"')
				ts_buf_putc(&b, *p);
			else {
				ts_buf_free(&b);
				return NULL;
			}
		} else
			ts_buf_putc(&b, *p);
	}
	*pp = p + 1;
	ts_buf_putc(&b, '\0');
	return b.data;
}

/*
 * The labels at *p, just after '{', up to their '}': the value of
 * hostkey's kept as sm->host.  0 with *p after them, or -1 when they are
 * malformed.
 */
static int
parse_labels(const char **p, const char *hostkey, struct sample *sm)
{
	const char *k;
	size_t klen;
	char *v;

	for (;;) {
		while (**p == ' ' || **p == ',')
			(*p)++;
		if (**p == '}') {
			(*p)++;
			return 0;
		}
		for (k = *p; isalnum((unsigned char)**p) || **p == '_'; (*p)++)
			;
		klen = (size_t)(*p - k);
		v = NULL;
		if (klen > 0 && **p == '=' && (*p)[1] == '"') {
			(*p)++;
			v = label_value(p);
		}
		if (v == NULL)
			return -1;
		if (klen == strlen(hostkey) && strncmp(k, hostkey, klen) == 0) {
			free(sm->host);
			sm->host = v;
		} else
			free(v);
	}
}

/*
 * The timestamp at p, after the value: an integer of milliseconds, kept
 * in one spelling ("007" is 7) so that samples pair by its value and the
 * record's JSON holds a number.  0, or -1 with the reason.
 */
static int
parse_stamp(const char *p, struct sample *sm, char *err, size_t errlen)
{
	char *end;
	long long ms;

	if (!isdigit((unsigned char)p[*p == '-'])) {
		snprintf(err, errlen, "text after the value of '%.64s'", sm->name);
		return -1;
	}
	errno = 0;
	ms = strtoll(p, &end, 10);
	if (errno == ERANGE) {
		snprintf(err, errlen, "the timestamp of '%.64s' is out of "
		    "range (milliseconds since the epoch, as an integer)",
		    sm->name);
		return -1;
	}
	if (*end != '\0') {
		snprintf(err, errlen, "text after the value of '%.64s'", sm->name);
		return -1;
	}
	snprintf(sm->stamp, sizeof sm->stamp, "%lld", ms);
	return 0;
}

/* parse_sample's work, leaving sm->host to free when it fails. */
static int
sample_parts(const char *line, const char *hostkey, struct sample *sm,
    char *err, size_t errlen)
{
	const char *p = line;
	char *end;
	size_t n;

	for (n = 0; isalnum((unsigned char)p[n]) || p[n] == '_' || p[n] == ':';
	    n++)
		;
	if (n == 0 || n >= sizeof sm->name || isdigit((unsigned char)*p)) {
		snprintf(err, errlen, "not a metric sample");
		return -1;
	}
	memcpy(sm->name, p, n);
	sm->name[n] = '\0';
	p += n;
	if (*p == '{') {
		p++;
		if (parse_labels(&p, hostkey, sm) == -1) {
			snprintf(err, errlen, "a malformed label");
			return -1;
		}
	}
	if (*p != ' ' && *p != '\t') {
		snprintf(err, errlen, "no value after the metric");
		return -1;
	}
	/*
	 * NaN, +Inf and -Inf are values of the format; a number beyond a
	 * double's range reads as an infinity, one too small as its
	 * rounding.  Only the records' own samples must be finite (see
	 * ts_promin_next): any other metric may hold any value.
	 */
	sm->v = strtod(p, &end);
	if (end == p) {
		snprintf(err, errlen, "'%.64s' has no numeric value", sm->name);
		return -1;
	}
	while (*end == ' ' || *end == '\t')
		end++;
	return *end == '\0' ? 0 : parse_stamp(end, sm, err, errlen);
}

/* Parse a sample line; -1 with the reason when it is not one. */
static int
parse_sample(const char *line, const char *hostkey, struct sample *sm,
    char *err, size_t errlen)
{
	sm->host = NULL;
	sm->stamp[0] = '\0';
	if (sample_parts(line, hostkey, sm, err, errlen) == 0)
		return 0;
	free(sm->host);
	sm->host = NULL;
	return -1;
}

/* FNV-1a of host and stamp, a NUL between them. */
static size_t
hash(const char *host, const char *stamp)
{
	uint64_t h = UINT64_C(14695981039346656037);

	for (; *host != '\0'; host++)
		h = (h ^ (unsigned char)*host) * UINT64_C(1099511628211);
	h *= UINT64_C(1099511628211);
	for (; *stamp != '\0'; stamp++)
		h = (h ^ (unsigned char)*stamp) * UINT64_C(1099511628211);
	return (size_t)h;
}

/* The slot of host and stamp: theirs, or the empty one to take. */
static size_t *
slot_of(struct ts_promin *pi, const char *host, const char *stamp)
{
	size_t mask = pi->nslots - 1, j;
	struct prom_rec *r;

	for (j = hash(host, stamp) & mask; pi->slot[j] != 0;
	    j = (j + 1) & mask) {
		r = &pi->r[pi->slot[j] - 1];
		if (strcmp(r->host, host) == 0 && strcmp(r->stamp, stamp) == 0)
			break;
	}
	return &pi->slot[j];
}

/*
 * The pending record of host and stamp, made on first sight: found by
 * hash, so that a scrape dump of a million samples pairs in one pass.
 */
static struct prom_rec *
find(struct ts_promin *pi, const char *host, const char *stamp)
{
	size_t *sl, i;

	if (2 * (pi->n + 1) > pi->nslots) {
		free(pi->slot);
		pi->nslots = pi->nslots ? 2 * pi->nslots : 64;
		pi->slot = ts_xcalloc(pi->nslots, sizeof *pi->slot);
		for (i = 0; i < pi->n; i++)
			*slot_of(pi, pi->r[i].host, pi->r[i].stamp) = i + 1;
	}
	sl = slot_of(pi, host, stamp);
	if (*sl != 0)
		return &pi->r[*sl - 1];
	if (pi->n == pi->cap) {
		pi->cap = pi->cap ? pi->cap * 2 : 16;
		pi->r = ts_xrealloc(pi->r, pi->cap * sizeof *pi->r);
	}
	memset(&pi->r[pi->n], 0, sizeof pi->r[pi->n]);
	pi->r[pi->n].host = ts_xstrdup(host);
	pi->r[pi->n].stamp = ts_xstrdup(stamp);
	*sl = pi->n + 1;
	return &pi->r[pi->n++];
}

/*
 * Read the next line of f into *buf without its newline, holding at most
 * TS_RECORD_MAX_LINE bytes of it: 1, 0 at the end of the input, -1 for a
 * longer line, -2 at a read error.  *nul is where its first NUL byte is,
 * SIZE_MAX when it has none.
 */
static int
read_line(FILE *f, char **buf, size_t *cap, size_t *nul)
{
	size_t len = 0;
	int c;

	*nul = SIZE_MAX;
	errno = 0;
	flockfile(f);
	while ((c = getc_unlocked(f)) != EOF && c != '\n') {
		if (len == TS_RECORD_MAX_LINE) {
			funlockfile(f);
			return -1;
		}
		if (c == '\0' && *nul == SIZE_MAX)
			*nul = len;
		if (len + 1 >= *cap) {
			*cap = *cap ? *cap * 2 : 256;
			*buf = ts_xrealloc(*buf, *cap);
		}
		(*buf)[len++] = (char)c;
	}
	funlockfile(f);
	if (c == EOF && ferror(f))
		return -2;
	if (c == EOF && len == 0)
		return 0;
	if (*buf == NULL) {
		*cap = 256;
		*buf = ts_xmalloc(*cap);
	}
	(*buf)[len] = '\0';
	return 1;
}

/*
 * Whether s is UTF-8, as the text format's label values are: a record's
 * JSON would hold U+FFFD where the host had another byte.
 */
static int
valid_utf8(const char *s)
{
	size_t n = strlen(s), k;
	unsigned long cp;

	while (n > 0) {
		if ((k = ts_utf8_seq(s, n, &cp)) == 0)
			return 0;
		s += k;
		n -= k;
	}
	return 1;
}

/*
 * A label value as a message shows it, on one line and without terminal
 * controls: '\\', '\n', the other control bytes and bytes that do not
 * start a UTF-8 sequence as C escapes, cut with "..." to fit out (at
 * least 8 bytes).
 */
static const char *
shown(const char *s, char *out, size_t outlen)
{
	size_t n = 0, k;
	unsigned long cp;
	unsigned char c;
	char e[5];

	for (; *s != '\0'; s++) {
		c = (unsigned char)*s;
		k = c >= 0x80 ? ts_utf8_seq(s, strlen(s), &cp) : 1;
		if (k > 1) {
			/* A whole character: its bytes together. */
			memcpy(e, s, k);
			e[k] = '\0';
			s += k - 1;
		} else if (k == 0)
			snprintf(e, sizeof e, "\\x%02x", c);
		else if (c == '\\' || c == '\n')
			snprintf(e, sizeof e, "\\%c", c == '\n' ? 'n' : '\\');
		else if (c < 0x20 || c == 0x7f)
			snprintf(e, sizeof e, "\\x%02x", c);
		else {
			e[0] = (char)c;
			e[1] = '\0';
		}
		if (n + strlen(e) + 4 > outlen) {
			memcpy(out + n, "...", 4);
			return out;
		}
		memcpy(out + n, e, strlen(e));
		n += strlen(e);
	}
	out[n] = '\0';
	return out;
}

void
ts_promin_free(struct ts_promin *pi)
{
	size_t i;

	if (pi == NULL)
		return;
	for (i = 0; i < pi->n; i++) {
		free(pi->r[i].host);
		free(pi->r[i].stamp);
	}
	TS_FREE_ALL(pi->r, pi->slot, pi->info_host, pi->text, pi);
}

struct ts_promin *
ts_promin_load(FILE *f, const char *first, const char *name,
    const struct ts_reckeys *keys, uint64_t *lines, char *err, size_t errlen)
{
	struct ts_promin *pi = ts_xcalloc(1, sizeof *pi);
	struct prom_rec *r;
	struct sample sm;
	char *buf = NULL, why[256];
	size_t cap = 0, i, nul;
	const char *p;
	int rc = 0;

	if (first != NULL) {
		buf = ts_xstrdup(first);
		cap = strlen(first) + 1;
	}
	/* Lines as the other formats take them: bounded, without NUL. */
	while (first != NULL || (rc = read_line(f, &buf, &cap, &nul)) > 0 ||
	    rc == -1) {
		(*lines)++;
		if (first == NULL && rc == -1) {
			snprintf(why, sizeof why, "a line longer than %d bytes "
			    "(records are lines of text)", TS_RECORD_MAX_LINE);
			goto bad;
		}
		if (first == NULL && nul != SIZE_MAX) {
			snprintf(why, sizeof why, "a NUL byte at byte %zu of "
			    "the line (records are lines of text)", nul + 1);
			goto bad;
		}
		first = NULL;
		for (p = buf; *p == ' ' || *p == '\t'; p++)
			;
		if (strcmp(p, "# EOF") == 0)
			break;
		if (*p == '\0' || *p == '#')
			continue;
		if (parse_sample(p, keys->host, &sm, why, sizeof why) == -1)
			goto bad;
		if (strcmp(sm.name, "tachyon_info") == 0 && sm.host != NULL &&
		    pi->info_host == NULL) {
			pi->info_host = sm.host;
			continue;
		}
		if (strcmp(sm.name, keys->time) != 0 &&
		    strcmp(sm.name, keys->score) != 0) {
			free(sm.host);
			continue;
		}
		r = find(pi, sm.host != NULL ? sm.host : "", sm.stamp);
		free(sm.host);
		if (strcmp(sm.name, keys->score) == 0) {
			if (r->have_s) {
				snprintf(why, sizeof why, "a second '%s' sample "
				    "for the same host", keys->score);
				goto bad;
			}
			r->s = sm.v;
			r->have_s = 1;
			r->line = *lines;
		}
		if (strcmp(sm.name, keys->time) == 0) {
			r->t = sm.v;
			r->have_t = 1;
			r->t_line = *lines;
			if (r->line == 0)
				r->line = *lines;
		}
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", name, strerror(errno ? errno :
		    EIO));
		free(buf);
		ts_promin_free(pi);
		return NULL;
	}
	free(buf);
	/* Samples without the host label belong to tachyon_info's host. */
	for (i = 0; i < pi->n; i++)
		if (pi->r[i].host[0] == '\0' && pi->info_host != NULL) {
			free(pi->r[i].host);
			pi->r[i].host = ts_xstrdup(pi->info_host);
		}
	return pi;
bad:
	snprintf(err, errlen, "%s:%ju: %s", name, (uintmax_t)*lines, why);
	free(buf);
	ts_promin_free(pi);
	return NULL;
}

int
ts_promin_next(struct ts_promin *pi, const struct ts_reckeys *keys,
    struct ts_rec *rec, uint64_t *t_line, char *err, size_t errlen)
{
	struct prom_rec *r;
	struct ts_buf b;
	char name[80];

	if (pi->next == pi->n)
		return 0;
	r = &pi->r[pi->next++];
	rec->line = r->line;
	*t_line = r->t_line;
	if (r->host[0] == '\0') {
		snprintf(err, errlen, "no '%s' label on the samples and no "
		    "tachyon_info with one", keys->host);
		return -1;
	}
	if (!valid_utf8(r->host)) {
		snprintf(err, errlen, "host '%s': the '%s' label is not valid "
		    "UTF-8", shown(r->host, name, sizeof name), keys->host);
		return -1;
	}
	if (!r->have_s || !r->have_t) {
		snprintf(err, errlen, "host '%s' has no '%s' sample",
		    shown(r->host, name, sizeof name), r->have_s ? keys->time :
		    keys->score);
		return -1;
	}
	rec->host = r->host;
	rec->t = r->t;
	rec->s = r->s;
	/*
	 * The text format has NaN, +Inf and -Inf (and strtod reads 1e999
	 * as an infinity): a record holds finite numbers or is refused,
	 * in the words of the other formats, at the sample's own line.
	 */
	if (!isfinite(r->t) || !isfinite(r->s)) {
		rec->line = !isfinite(r->t) ? r->t_line : r->line;
		snprintf(err, errlen, "'%s' is not a finite number",
		    !isfinite(r->t) ? keys->time : keys->score);
		return -1;
	}
	/* The record as a JSON object, for --normalise. */
	ts_buf_init(&b);
	ts_buf_putc(&b, '{');
	ts_buf_json_string(&b, keys->host);
	ts_buf_putc(&b, ':');
	ts_buf_json_string(&b, r->host);
	ts_buf_putc(&b, ',');
	ts_buf_json_string(&b, keys->time);
	ts_buf_printf(&b, ":%.17g,", r->t);
	ts_buf_json_string(&b, keys->score);
	ts_buf_printf(&b, ":%.17g", r->s);
	if (r->stamp[0] != '\0')
		ts_buf_printf(&b, ",\"timestamp_ms\":%s", r->stamp);
	ts_buf_putc(&b, '}');
	free(pi->text);
	pi->text = b.data;
	rec->text = pi->text;
	return 1;
}
