/* SPDX-License-Identifier: MIT */
/*
 * A history copied from one store to another, table by table, in the
 * order their references need: hosts, documents, results, records.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "history/history-copy.h"
#include "util.h"

/* A table as it is copied: its id, the other columns, what is unique. */
struct table {
	const char	*name;
	const char	*id;		/* "id", or results' "rowid" */
	const char	*cols;		/* the reference (if any) first */
	int		 ncols;
	const char	*key;		/* ON CONFLICT's columns */
	bool		 ref;		/* the first column is a parent's id */
	bool		 returns;	/* its INSERT gives its new id back */
	int		 keycol;	/* returns: key's column in the SELECT */
};

/* The column of a document's or a record's digest, their unique key. */
#define DIGEST	"sha256"

static const struct table hosts = { "hosts", "id", "name, cpu_model, "
    "logical_cores, memory_bytes, os, target", 6, "name", false, true, 1 };
static const struct table documents = { "documents", "id", "host_id, "
    "sha256, generated_at, unix_time, producer, tool_version, threads, "
    "samples, warmup, window_ms, signature, single_core_score, "
    "multi_core_score, added_at, source, body, executions", 17, DIGEST,
    true, true, 2 };
static const struct table results = { "results", "rowid", "document_id, "
    "workload, pass, unit, higher_is_better, threads, value, ci95, cv, n, "
    "stability", 11, "document_id, workload, pass", true, false, 0 };
static const struct table readings = { "readings", "id", "host_id, sha256, "
    "unix_time, score, ns_per_access, wall_s, added_at, record", 8,
    DIGEST, true, true, 2 };

/* Old ids to new ones, in the order of the old (0: the row was not copied). */
struct idmap {
	long long	*from, *to;
	size_t		 n, cap;
};

static void
map_add(struct idmap *m, long long from, long long to)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 256;
		m->from = ts_xrealloc(m->from, m->cap * sizeof *m->from);
		m->to = ts_xrealloc(m->to, m->cap * sizeof *m->to);
	}
	m->from[m->n] = from;
	m->to[m->n++] = to;
}

/* The new id of old id v (rows were read in the order of their ids). */
static long long
map_get(const struct idmap *m, long long v)
{
	size_t lo = 0, hi = m->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (m->from[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < m->n && m->from[lo] == v ? m->to[lo] : 0;
}

/* Column col of src into parameter param of dst, as what it is. */
static void
copy_value(struct ts_hist_stmt *src, int col, struct ts_hist_stmt *dst,
    int param)
{
	const void *p;
	size_t len;

	switch (ts_hist_col_type(src, col)) {
	case TS_HIST_INT:
		ts_hist_bind_int(dst, param, ts_hist_col_int(src, col));
		break;
	case TS_HIST_REAL:
		ts_hist_bind_real(dst, param, ts_hist_col_real(src, col));
		break;
	case TS_HIST_TEXT:
		ts_hist_bind_text(dst, param, ts_hist_col_text(src, col));
		break;
	case TS_HIST_BLOB:
		p = ts_hist_col_blob(src, col, &len);
		ts_hist_bind_blob(dst, param, p, len);
		break;
	default:
		break;
	}
}

/* The statements of one table's copy. */
struct copier {
	struct ts_hist_stmt *src, *ins, *find;
};

static void
copier_free(struct copier *c)
{
	ts_hist_finalize(c->src);
	ts_hist_finalize(c->ins);
	ts_hist_finalize(c->find);
}

static int
copier_new(struct ts_hist *from, struct ts_hist *to, const struct table *t,
    bool keep, struct copier *c, char *err, size_t errlen)
{
	struct ts_buf q;
	int i, n = t->ncols + keep;
	char *sql;

	memset(c, 0, sizeof *c);
	sql = ts_xasprintf("SELECT %s, %s FROM %s ORDER BY %s", t->id, t->cols,
	    t->name, t->id);
	c->src = ts_hist_prepare(from, sql, TS_HIST_MANY, err, errlen);
	free(sql);
	ts_buf_init(&q);
	ts_buf_printf(&q, "INSERT INTO %s (%s%s%s) VALUES (", t->name,
	    keep ? t->id : "", keep ? ", " : "", t->cols);
	for (i = 1; i <= n; i++)
		ts_buf_printf(&q, "%s?%d", i > 1 ? ", " : "", i);
	ts_buf_printf(&q, ") ON CONFLICT (%s) DO NOTHING%s", t->key,
	    t->returns ? ts_hist_returning_id(to) : "");
	if (c->src != NULL)
		c->ins = ts_hist_prepare(to, q.data, 0, err, errlen);
	ts_buf_free(&q);
	if (c->ins != NULL && t->returns) {
		sql = ts_xasprintf("SELECT id FROM %s WHERE %s = ?1", t->name,
		    t->key);
		c->find = ts_hist_prepare(to, sql, 0, err, errlen);
		free(sql);
	}
	if (c->src == NULL || c->ins == NULL || (t->returns &&
	    c->find == NULL)) {
		copier_free(c);
		return -1;
	}
	return 0;
}

/*
 * The id in the target of the row with the source's current row's key:
 * 0 when there is none, -1 on failure.
 */
static long long
there(struct copier *c, const struct table *t)
{
	long long id = 0;
	int rc;

	copy_value(c->src, t->keycol, c->find, 1);
	if ((rc = ts_hist_step(c->find)) == 1)
		id = ts_hist_col_int(c->find, 0);
	ts_hist_reset(c->find);
	return rc == -1 ? -1 : id;
}

/*
 * Insert the source's current row; its new id into *id (0 when it was
 * there).  Return 1 inserted, 0 there or left out, -1 on failure.
 */
static int
copy_row(struct copier *c, const struct table *t, bool keep,
    const struct idmap *parent, long long *id)
{
	long long ref = 0, old;
	int i, p = 1, rc;

	*id = 0;
	if (t->ref && (ref = map_get(parent, ts_hist_col_int(c->src, 1))) == 0)
		return 0;		/* its parent was there already */
	/*
	 * A row there already is not offered to INSERT, whose conflict
	 * would still take an id of the target's sequence (PostgreSQL).
	 * A host there is mapped to its id, for its documents.
	 */
	if (t->returns && (old = there(c, t)) != 0) {
		if (t == &hosts)
			*id = old;
		return old == -1 ? -1 : 0;
	}
	if (keep)
		copy_value(c->src, 0, c->ins, p++);
	for (i = 1; i <= t->ncols; i++, p++)
		if (i == 1 && t->ref)
			ts_hist_bind_int(c->ins, p, ref);
		else
			copy_value(c->src, i, c->ins, p);
	if (ts_hist_step(c->ins) == -1)
		return -1;
	rc = t->returns ? ts_hist_inserted(c->ins, id) : 1;
	ts_hist_reset(c->ins);
	if (rc == -1)
		return -1;
	/* Another writer's host, added since the lookup. */
	if (t == &hosts && *id == 0 && (*id = there(c, t)) <= 0)
		return -1;
	return rc;
}

/*
 * Copy table t: every row of from whose parent (parent, by the first
 * column) was copied, with its id when keep; the new ids into out (if
 * not NULL).  The rows added and left (there already) into *added and
 * *there.  Return 0, or -1 with err.
 */
static int
copy_table(struct ts_hist *from, struct ts_hist *to, const struct table *t,
    bool keep, const struct idmap *parent, struct idmap *out,
    unsigned long *added, unsigned long *there, char *err, size_t errlen)
{
	struct copier c;
	long long id;
	int rc, got;

	if (copier_new(from, to, t, keep, &c, err, errlen) == -1)
		return -1;
	while ((rc = ts_hist_step(c.src)) == 1) {
		if ((got = copy_row(&c, t, keep, parent, &id)) == -1) {
			ts_hist_errmsg(to, "copying", err, errlen);
			copier_free(&c);
			return -1;
		}
		if (out != NULL)
			map_add(out, ts_hist_col_int(c.src, 0), id);
		if (got == 1)
			(*added)++;
		else if (there != NULL)
			(*there)++;
	}
	if (rc == -1)
		ts_hist_errmsg(from, "reading", err, errlen);
	copier_free(&c);
	return rc == -1 ? -1 : 0;
}

/* Whether the count in the row's first column is 0, into the bool arg. */
static int
zero_row(struct ts_hist_stmt *st, void *arg, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	*(bool *)arg = ts_hist_col_int(st, 0) == 0;
	return 0;
}

/* Whether the target holds no row at all. */
static int
empty(struct ts_hist *to, bool *is, char *err, size_t errlen)
{
	return ts_hist_run(to, "SELECT (SELECT count(*) FROM hosts) + "
	    "(SELECT count(*) FROM documents) + (SELECT count(*) FROM "
	    "readings)", 0, zero_row, is, err, errlen, "") == -1 ? -1 : 0;
}

int
ts_hist_copy(struct ts_hist *from, struct ts_hist *to,
    struct ts_hist_copied *out, char *err, size_t errlen)
{
	struct idmap hmap = { NULL, NULL, 0, 0 }, dmap = { NULL, NULL, 0, 0 };
	unsigned long hosts_there = 0;
	bool keep = false;
	int rc = -1;

	memset(out, 0, sizeof *out);
	if (empty(to, &keep, err, errlen) == -1)
		return -1;
	out->kept_ids = keep;
	if (copy_table(from, to, &hosts, keep, NULL, &hmap, &out->hosts,
	    &hosts_there, err, errlen) == -1 ||
	    copy_table(from, to, &documents, keep, &hmap, &dmap,
	    &out->documents, &out->duplicates, err, errlen) == -1 ||
	    copy_table(from, to, &results, keep, &dmap, NULL, &out->results,
	    NULL, err, errlen) == -1 ||
	    copy_table(from, to, &readings, keep, &hmap, NULL, &out->readings,
	    &out->duplicates, err, errlen) == -1)
		goto done;
	if (keep && ts_hist_ids_copied(to, err, errlen) == -1)
		goto done;
	rc = 0;
done:
	TS_FREE_ALL(hmap.from, hmap.to, dmap.from, dmap.to);
	return rc;
}
