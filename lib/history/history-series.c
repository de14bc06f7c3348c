/* SPDX-License-Identifier: MIT */
/*
 * Series out of the database, their change points, and the check of a
 * new result against one.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "doc/doc-model.h"
#include "history/history-series.h"
#include "history/history-stats.h"
#include "stats/stats-basic.h"
#include "util.h"

static void
bind_text(struct ts_hist_stmt *st, const char *name, const char *v)
{
	if (v != NULL)
		ts_hist_bind_text(st, ts_hist_param(st, name), v);
}

#define col	ts_hist_col_text

/* The index of description d among s's producers, added when new. */
static size_t
producer_index(struct ts_hist_series *s, const char *d)
{
	size_t i;

	for (i = 0; i < s->nproducers; i++)
		if (strcmp(s->producers[i], d) == 0)
			return i;
	s->producers = ts_xrealloc(s->producers, (s->nproducers + 1) *
	    sizeof *s->producers);
	s->producers[s->nproducers] = ts_xstrdup(d);
	return s->nproducers++;
}

/*
 * The reason a row's time is refused: out of the range add takes, so an
 * earlier version added it.
 */
static void
out_of_range(char *err, size_t errlen, const char *what, const char *table,
    long long id, double t)
{
	snprintf(err, errlen, "the history holds a %s (%s.id %lld) at unix "
	    "time %.15g, not a time " TS_HIST_TIME_RANGE ", which add "
	    "refuses (an earlier version let it in): delete that row (DELETE "
	    "FROM %s WHERE id = %lld)", what, table, id, t, table, id);
}

void
ts_hist_filter_sql(const struct ts_hist *h, const struct ts_hist_filter *f,
    bool results, struct ts_buf *sql)
{
	if (f->host != NULL)
		ts_buf_puts(sql, " AND h.name = :host");
	if (f->producer != NULL) {
		ts_buf_puts(sql, " AND ");
		ts_hist_sql_contains(h, sql, "d.producer", ":producer");
	}
	if (f->since >= 0)
		ts_buf_puts(sql, " AND d.unix_time >= :since");
	if (f->until >= 0)
		ts_buf_puts(sql, " AND d.unix_time < :until");
	if (f->exclude_sha256 != NULL)
		ts_buf_puts(sql, " AND d.sha256 <> :sha");
	if (results) {
		if (f->workload != NULL)
			ts_buf_puts(sql, " AND r.workload = :workload");
		if (f->pass != NULL)
			ts_buf_puts(sql, " AND r.pass = :pass");
	} else if (f->workload != NULL || f->pass != NULL) {
		ts_buf_puts(sql, " AND EXISTS (SELECT 1 FROM results r WHERE "
		    "r.document_id = d.id");
		if (f->workload != NULL)
			ts_buf_puts(sql, " AND r.workload = :workload");
		if (f->pass != NULL)
			ts_buf_puts(sql, " AND r.pass = :pass");
		ts_buf_puts(sql, ")");
	}
}

void
ts_hist_filter_bind(const struct ts_hist_filter *f, struct ts_hist_stmt *st)
{
	bind_text(st, ":host", f->host);
	bind_text(st, ":workload", f->workload);
	bind_text(st, ":pass", f->pass);
	bind_text(st, ":producer", f->producer);
	bind_text(st, ":sha", f->exclude_sha256);
	if (f->since >= 0)
		ts_hist_bind_int(st, ts_hist_param(st, ":since"), f->since);
	if (f->until >= 0)
		ts_hist_bind_int(st, ts_hist_param(st, ":until"), f->until);
}

/*
 * The statement reading the results f selects, in series order: host,
 * workload, pass, then time.  NULL with err on failure.
 */
static struct ts_hist_stmt *
series_query(struct ts_hist *h, const struct ts_hist_filter *f, char *err,
    size_t errlen)
{
	struct ts_buf sql;
	struct ts_hist_stmt *st;

	ts_buf_init(&sql);
	ts_buf_puts(&sql, "SELECT h.name, r.workload, r.pass, r.unit, "
	    "r.higher_is_better, d.id, d.unix_time, r.value, r.ci95, "
	    "d.producer FROM results r JOIN documents d ON d.id = "
	    "r.document_id JOIN hosts h ON h.id = d.host_id WHERE true");
	ts_hist_filter_sql(h, f, true, &sql);
	ts_buf_puts(&sql, " ORDER BY h.name, r.workload, r.pass, "
	    "d.unix_time, d.id");
	st = ts_hist_prepare(h, sql.data, TS_HIST_MANY, err, errlen);
	ts_buf_free(&sql);
	if (st != NULL)
		ts_hist_filter_bind(f, st);
	return st;
}

/* The series of the row (v[0..*nv), growing), s the row before's. */
static struct ts_hist_series *
series_of_row(struct ts_hist_stmt *st, struct ts_hist_series **v,
    size_t *nv, size_t *cap, struct ts_hist_series *s)
{
	if (s != NULL && strcmp(s->host, col(st, 0)) == 0 &&
	    strcmp(s->workload, col(st, 1)) == 0 &&
	    strcmp(s->pass, col(st, 2)) == 0)
		return s;
	if (*nv == *cap) {
		*cap = *cap ? 2 * *cap : 8;
		*v = ts_xrealloc(*v, *cap * sizeof **v);
	}
	s = &(*v)[(*nv)++];
	memset(s, 0, sizeof *s);
	s->host = ts_xstrdup(col(st, 0));
	s->workload = ts_xstrdup(col(st, 1));
	s->pass = ts_xstrdup(col(st, 2));
	s->unit = ts_xstrdup(col(st, 3));
	s->higher_is_better = ts_hist_col_int(st, 4) != 0;
	return s;
}

/* The row's point, appended to s; 0, or -1 with err when it is bad. */
static int
point_of_row(struct ts_hist_stmt *st, struct ts_hist_series *s, char *err,
    size_t errlen)
{
	struct ts_hist_point *p;

	if ((s->n & (s->n - 1)) == 0)
		s->pts = ts_xrealloc(s->pts, (s->n ? 2 * s->n : 1) *
		    sizeof *s->pts);
	p = &s->pts[s->n++];
	p->doc = ts_hist_col_int(st, 5);
	if (!TS_HIST_TIME_OK(ts_hist_col_real(st, 6))) {
		out_of_range(err, errlen, "document", "documents", p->doc,
		    ts_hist_col_real(st, 6));
		return -1;
	}
	p->t = ts_hist_col_int(st, 6);
	p->value = ts_hist_col_real(st, 7);
	p->ci95 = ts_hist_col_real(st, 8);
	p->producer = producer_index(s, col(st, 9));
	/* add stores finite numbers; a REAL column may hold Inf. */
	if (!isfinite(p->value) || !isfinite(p->ci95)) {
		snprintf(err, errlen, "document %lld's %s %s result is not a "
		    "finite number in the database (changed by other means: "
		    "add stores none)", (long long)p->doc, s->workload,
		    s->pass);
		return -1;
	}
	return 0;
}

/* The series read so far, and the one of the last row. */
struct series_read {
	struct ts_hist_series *v, *s;
	size_t nv, cap;
};

/* A row of the series query into its series (a series_read). */
static int
series_row(struct ts_hist_stmt *st, void *arg, char *err, size_t errlen)
{
	struct series_read *r = arg;

	r->s = series_of_row(st, &r->v, &r->nv, &r->cap, r->s);
	return point_of_row(st, r->s, err, errlen);
}

long
ts_hist_series_load(struct ts_hist *h, const struct ts_hist_filter *f,
    struct ts_hist_series **out, char *err, size_t errlen)
{
	struct series_read r = { NULL, NULL, 0, 0 };
	struct ts_hist_stmt *st;

	*out = NULL;
	if ((st = series_query(h, f, err, errlen)) == NULL)
		return -1;
	if (ts_hist_each_row(st, series_row, &r, err, errlen) == -1) {
		ts_hist_series_free(r.v, r.nv);
		return -1;
	}
	*out = r.v;
	return (long)r.nv;
}

void
ts_hist_series_free(struct ts_hist_series *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		TS_FREE_ALL(v[i].host, v[i].workload, v[i].pass, v[i].unit,
		    v[i].pts);
		ts_strv_free(v[i].producers, v[i].nproducers);
	}
	free(v);
}

/* after against before in %, positive when better. */
static double
pct_better(double before, double after, bool higher_is_better)
{
	double pct = (after - before) / fabs(before) * 100;

	return higher_is_better ? pct : -pct;
}

size_t
ts_hist_changes(const struct ts_hist_series *s,
    const struct ts_cpd_params *par, struct ts_hist_change **out)
{
	struct ts_hist_change *v = NULL;
	struct ts_cpd_change *ch;
	size_t nv = 0, a = 0, b, i, k, nch;
	double *x;

	*out = NULL;
	if (s->n == 0)
		return 0;
	x = ts_xmalloc(s->n * sizeof *x);
	for (i = 0; i < s->n; i++)
		x[i] = s->pts[i].value;
	while (a < s->n) {
		for (b = a + 1; b < s->n && s->pts[b].producer ==
		    s->pts[a].producer; b++)
			;
		/* The stretch [a, b) has one producer. */
		nch = ts_cpd_detect(x + a, b - a, par, &ch);
		v = ts_xrealloc(v, (nv + nch + 1) * sizeof *v);
		for (k = 0; k < nch; k++) {
			struct ts_hist_change *c = &v[nv++];

			c->kind = TS_HIST_LEVEL;
			c->at = a + ch[k].at;
			c->before = ch[k].before;
			c->after = ch[k].after;
			c->pct = pct_better(c->before, c->after,
			    s->higher_is_better);
			c->p = ch[k].p;
			c->direction = c->pct > 0 ? 1 : -1;
		}
		if (b < s->n) {
			struct ts_hist_change *c = &v[nv++];
			size_t from = nch > 0 ? a + ch[nch - 1].at : a, to;

			for (to = b + 1; to < s->n && s->pts[to].producer ==
			    s->pts[b].producer; to++)
				;
			c->kind = TS_HIST_PRODUCER;
			c->at = b;
			c->before = ts_median(x + from, b - from);
			c->after = ts_median(x + b, to - b);
			c->pct = pct_better(c->before, c->after,
			    s->higher_is_better);
			c->p = 1;
			c->direction = 0;
		}
		free(ch);
		a = b;
	}
	free(x);
	if (nv == 0) {
		free(v);
		v = NULL;
	}
	*out = v;
	return nv;
}

const char *
ts_hist_verdict_name(enum ts_hist_verdict v)
{
	switch (v) {
	case TS_HIST_WITHIN: return "within";
	case TS_HIST_BETTER: return "better";
	case TS_HIST_WORSE: return "worse";
	case TS_HIST_NEW_PRODUCER: return "new-producer";
	case TS_HIST_TOO_FEW: return "too-few";
	default: return "no-history";
	}
}

enum ts_hist_verdict
ts_hist_verdict_of(double value, double lo, double hi, bool higher_is_better)
{
	if (value >= lo && value <= hi)
		return TS_HIST_WITHIN;
	if ((value > hi) == higher_is_better)
		return TS_HIST_BETTER;
	return TS_HIST_WORSE;
}

void
ts_hist_judge(const struct ts_hist_series *s, const char *producer,
    double value, const struct ts_cpd_params *par,
    struct ts_hist_judgement *out)
{
	struct ts_hist_change *ch;
	struct ts_hs_tail tail;
	size_t nch, start, i;
	double *x, half, q;

	memset(out, 0, sizeof *out);
	out->verdict = TS_HIST_TOO_FEW;
	out->resid_pct = out->p = out->detect_pct = NAN;
	if (s == NULL || s->n == 0) {
		out->verdict = TS_HIST_NO_HISTORY;
		return;
	}
	nch = ts_hist_changes(s, par, &ch);
	start = nch > 0 ? ch[nch - 1].at : 0;
	free(ch);
	out->n = s->n - start;
	out->since = s->pts[start].t;
	if (strcmp(s->producers[s->pts[s->n - 1].producer], producer) != 0) {
		out->verdict = TS_HIST_NEW_PRODUCER;
		return;
	}
	x = ts_xmalloc(out->n * sizeof *x);
	for (i = 0; i < out->n; i++)
		x[i] = s->pts[start + i].value;
	out->center = ts_median(x, out->n);
	out->noise = ts_hs_mad_sigma(x, out->n);
	ts_hs_tail_fit(x, out->n, out->center, &tail);
	free(x);
	if (out->noise < 1e-9 * fabs(out->center))
		out->noise = 1e-9 * fabs(out->center);
	out->tail_df = tail.df;
	out->scale = fmax(tail.scale, 1e-9 * fabs(out->center));
	out->pct = pct_better(out->center, value, s->higher_is_better);
	if (out->n < TS_HIST_MIN_POINTS)
		return;
	q = ts_hs_tail_quantile(out->tail_df, TS_HIST_CHECK_ALPHA);
	half = q * out->scale * sqrt(1 + 1.0 / (double)out->n);
	out->lo = out->center - half;
	out->hi = out->center + half;
	out->verdict = ts_hist_verdict_of(value, out->lo, out->hi,
	    s->higher_is_better);
}

bool
ts_hist_judged(const struct ts_hist_judgement *j)
{
	return j->verdict == TS_HIST_WITHIN || j->verdict == TS_HIST_BETTER ||
	    j->verdict == TS_HIST_WORSE;
}

/* The probe readings read so far, of host. */
struct tachyon_read {
	const char	*host;
	double		*t, *score;
	size_t		 n;
};

/* A row of the readings query appended (a tachyon_read); -1 when bad. */
static int
tachyon_row(struct ts_hist_stmt *st, void *arg, char *err, size_t errlen)
{
	struct tachyon_read *r = arg;
	size_t n = r->n;

	if (!TS_HIST_TIME_OK(ts_hist_col_real(st, 0))) {
		out_of_range(err, errlen, "record", "readings",
		    ts_hist_col_int(st, 2), ts_hist_col_real(st, 0));
		return -1;
	}
	if ((n & (n - 1)) == 0) {
		r->t = ts_xrealloc(r->t, (n ? 2 * n : 1) * sizeof *r->t);
		r->score = ts_xrealloc(r->score, (n ? 2 * n : 1) *
		    sizeof *r->score);
	}
	r->t[n] = ts_hist_col_real(st, 0);
	r->score[n] = ts_hist_col_real(st, 1);
	r->n++;
	if (!isfinite(r->t[n]) || !isfinite(r->score[n])) {
		snprintf(err, errlen, "a probe reading of %s is not a "
		    "finite number in the database (changed by other "
		    "means: add stores none)", r->host);
		return -1;
	}
	return 0;
}

long
ts_hist_tachyon_load(struct ts_hist *h, const char *host, long long since,
    long long until, double **t, double **score, char *err, size_t errlen)
{
	struct tachyon_read r = { host, NULL, NULL, 0 };

	*t = *score = NULL;
	if (ts_hist_run(h, "SELECT t.unix_time, t.score, t.id FROM "
	    "readings t JOIN hosts h ON h.id = t.host_id WHERE h.name = ?1 "
	    "AND (?2 < 0 OR t.unix_time >= ?2) AND (?3 < 0 OR t.unix_time < "
	    "?3) ORDER BY t.unix_time, t.id", TS_HIST_MANY, tachyon_row, &r,
	    err, errlen, "tii", host, since, until) == -1) {
		free(r.t);
		free(r.score);
		return -1;
	}
	*t = r.t;
	*score = r.score;
	return (long)r.n;
}

/* The first column of the row as an integer, into *arg. */
static int
int_row(struct ts_hist_stmt *st, void *arg, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	*(long long *)arg = ts_hist_col_int(st, 0);
	return 0;
}

int
ts_hist_recent_since(struct ts_hist *h, const char *host, long n,
    long long *since, char *err, size_t errlen)
{
	*since = -1;
	return ts_hist_run(h, "SELECT d.unix_time FROM documents d "
	    "JOIN hosts h ON h.id = d.host_id WHERE h.name = ?1 ORDER BY "
	    "d.unix_time DESC LIMIT 1 OFFSET ?2", 0, int_row, since, err,
	    errlen, "ti", host, (long long)n - 1) == -1 ? -1 : 0;
}

/* A column's text, strdup'd; NULL when it is NULL. */
static char *
column_text(struct ts_hist_stmt *st, int i)
{
	return ts_hist_col_type(st, i) == TS_HIST_NULL ? NULL :
	    ts_xstrdup(ts_hist_col_text(st, i));
}

/* The row's machine (cpu_model, target, threads) into the report arg. */
static int
machine_row(struct ts_hist_stmt *st, void *arg, char *err, size_t errlen)
{
	struct ts_report *m = arg;

	(void)err;
	(void)errlen;
	m->system.cpu_model = column_text(st, 0);
	m->system.target = column_text(st, 1);
	if (m->system.target == NULL)
		m->system.target = ts_xstrdup("unknown");
	m->config.threads = (uint64_t)ts_hist_col_int(st, 2);
	return 0;
}

int
ts_hist_host_machine(struct ts_hist *h, const char *host,
    struct ts_report *m, char *err, size_t errlen)
{
	return (int)ts_hist_run(h, "SELECT h.cpu_model, h.target, d.threads "
	    "FROM documents d JOIN hosts h ON h.id = d.host_id WHERE "
	    "h.name = ?1 ORDER BY d.unix_time DESC LIMIT 1", 0, machine_row, m,
	    err, errlen, "t", host);
}
