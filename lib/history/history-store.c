/* SPDX-License-Identifier: MIT */
/*
 * The history store's one interface: which back end a --db names,
 * opening and closing through it, transactions, statements and their
 * columns (a number as text is written here, the same way for both back
 * ends); and the default path of the SQLite file.
 */
#include <config.h>

#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"
#include "history/history-store.h"
#include "history/history-backend.h"
#include "util.h"

double
ts_hist_waited(const struct ts_hist *h)
{
	return ts_now() - h->wait_from;
}

bool
ts_hist_time_up(const struct ts_hist *h)
{
	return ts_hist_waited(h) * 1000.0 >= h->timeout_ms;
}

void
ts_hist_nap(void)
{
	static unsigned n;
	struct timespec ts = { 0, 0 };

	n = n * 1103515245u + 12345u + (unsigned)getpid();
	ts.tv_nsec = (long)(2 + (n >> 16) % 16) * 1000000L;
	nanosleep(&ts, NULL);
}

int
ts_hist_refuse(struct ts_hist *h, char *err, size_t errlen, const char *fmt,
    ...)
{
	va_list ap;

	h->busy = false;
	h->retry = false;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

int
ts_hist_refuse_newer(struct ts_hist *h, long long v, char *err,
    size_t errlen)
{
	if (v > TS_HIST_SCHEMA)
		return ts_hist_refuse(h, err, errlen, "%s has schema version "
		    "%lld, newer than this program's %d: use a newer release "
		    "of threadstone", h->path, v, TS_HIST_SCHEMA);
	return 0;
}

/* libpq's keywords that may begin key=value settings. */
static const char *const pg_keywords[] = {
	"host", "hostaddr", "port", "dbname", "user", "password", "passfile",
	"service", "connect_timeout", "client_encoding", "options",
	"application_name", "sslmode", "sslcert", "sslkey", "sslrootcert",
	"sslcrl", "requiressl", "gssencmode", "krbsrvname", "target_session_attrs",
	"keepalives", "channel_binding", "load_balance_hosts", NULL
};

/* Whether p, past blanks, is at an '=': a keyword's setting follows. */
static bool
setting_at(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return *p == '=';
}

bool
ts_hist_is_server(const char *where)
{
	size_t i, n;

	if (strncmp(where, "postgresql://", 13) == 0 ||
	    strncmp(where, "postgres://", 11) == 0)
		return true;
	while (isspace((unsigned char)*where))
		where++;
	for (i = 0; pg_keywords[i] != NULL; i++) {
		n = strlen(pg_keywords[i]);
		if (strncmp(where, pg_keywords[i], n) == 0 &&
		    setting_at(where + n))
			return true;
	}
	return false;
}

bool
ts_hist_has_password(const char *where)
{
	const char *p, *at, *colon;

	if (strncmp(where, "postgresql://", 13) == 0 ||
	    strncmp(where, "postgres://", 11) == 0) {
		p = strstr(where, "://") + 3;
		at = p + strcspn(p, "@/?");
		colon = p + strcspn(p, ":@/?");
		if (*at == '@' && colon < at)
			return true;
		p = strchr(where, '?');
		for (; p != NULL; p = strchr(p + 1, '&'))
			if (strncmp(p + 1, "password=", 9) == 0)
				return true;
		return false;
	}
	/* key=value settings: a word password before an =. */
	for (p = where; (p = strstr(p, "password")) != NULL; p += 8)
		if ((p == where || isspace((unsigned char)p[-1])) &&
		    setting_at(p + 8))
			return true;
	return false;
}

bool
ts_hist_have_server(void)
{
#ifdef HAVE_LIBPQ
	return true;
#else
	return false;
#endif
}

int
ts_hist_open(struct ts_hist *h, const char *where, bool create, bool write,
    int timeout_ms, char *err, size_t errlen)
{
	bool missing, retry;
	char *path;

	memset(h, 0, sizeof *h);
	h->be = ts_hist_is_server(where) ? &ts_hist_pg : &ts_hist_sqlite;
	h->timeout_ms = timeout_ms;
	h->wait_from = ts_now();
	if (h->be == &ts_hist_sqlite)
		h->path = ts_xstrdup(where);
	if (h->be->open(h, where, create, write, err, errlen) == 0)
		return 0;
	missing = h->missing;
	retry = h->retry;
	path = h->path;
	h->path = NULL;
	ts_hist_close(h);
	h->missing = missing;
	h->retry = retry;
	if (missing)
		h->path = path;
	else
		free(path);
	return -1;
}

int
ts_hist_publish(struct ts_hist *h, char *err, size_t errlen)
{
	return h->be->publish(h, err, errlen);
}

void
ts_hist_close(struct ts_hist *h)
{
	if (h->be != NULL)
		h->be->close(h);
	free(h->path);
	free(h->conninfo);
	free(h->pgerr);
	memset(h, 0, sizeof *h);
}

int
ts_hist_begin(struct ts_hist *h, char *err, size_t errlen)
{
	h->wait_from = ts_now();
	return h->be->begin(h, err, errlen);
}

int
ts_hist_commit(struct ts_hist *h, char *err, size_t errlen)
{
	h->wait_from = ts_now();
	return h->be->commit(h, err, errlen);
}

void
ts_hist_rollback(struct ts_hist *h)
{
	h->be->rollback(h);
}

int
ts_hist_schema_of(struct ts_hist *h)
{
	return h->be->schema_of(h);
}

void
ts_hist_errmsg(struct ts_hist *h, const char *what, char *err, size_t errlen)
{
	h->be->errmsg(h, what, err, errlen);
}

void
ts_hist_sql_contains(const struct ts_hist *h, struct ts_buf *sql,
    const char *a, const char *b)
{
	ts_buf_printf(sql, h->be->contains, a, b);
}

const char *
ts_hist_returning_id(const struct ts_hist *h)
{
	return h->be->returning_id;
}

/* Statements: the back end's, with room for numbers written as text. */
struct ts_hist_stmt {
	struct ts_hist	*h;
	void		*impl;
	char		(*num)[32];	/* a number's text, per column */
	int		 nnum;
};

struct ts_hist_stmt *
ts_hist_prepare(struct ts_hist *h, const char *sql, unsigned flags,
    char *err, size_t errlen)
{
	struct ts_hist_stmt *st;
	void *impl = h->be->prepare(h, sql, flags);

	if (impl == NULL) {
		ts_hist_errmsg(h, "reading", err, errlen);
		return NULL;
	}
	st = ts_xcalloc(1, sizeof *st);
	st->h = h;
	st->impl = impl;
	return st;
}

int
ts_hist_param(struct ts_hist_stmt *st, const char *name)
{
	return st->h->be->param(st->impl, name);
}

static void
bind(struct ts_hist_stmt *st, int i, const struct ts_hist_value *v)
{
	if (i > 0)
		st->h->be->bind(st->impl, i, v);
}

void
ts_hist_bind_text(struct ts_hist_stmt *st, int i, const char *s)
{
	struct ts_hist_value v = { TS_HIST_TEXT, 0, 0, s, 0 };

	if (s == NULL)
		v.type = TS_HIST_NULL;
	else
		v.len = strlen(s);
	bind(st, i, &v);
}

void
ts_hist_bind_int(struct ts_hist_stmt *st, int i, long long x)
{
	struct ts_hist_value v = { TS_HIST_INT, x, 0, NULL, 0 };

	bind(st, i, &v);
}

void
ts_hist_bind_real(struct ts_hist_stmt *st, int i, double x)
{
	struct ts_hist_value v = { TS_HIST_REAL, 0, x, NULL, 0 };

	bind(st, i, &v);
}

void
ts_hist_bind_blob(struct ts_hist_stmt *st, int i, const void *p, size_t len)
{
	struct ts_hist_value v = { TS_HIST_BLOB, 0, 0, p, len };

	bind(st, i, &v);
}

int
ts_hist_step(struct ts_hist_stmt *st)
{
	return st->h->be->step(st->impl);
}

long
ts_hist_each_row(struct ts_hist_stmt *st, ts_hist_row_fn *row, void *arg,
    char *err, size_t errlen)
{
	long n = 0;
	int rc;

	while ((rc = ts_hist_step(st)) == 1) {
		n++;
		if (row(st, arg, err, errlen) == -1)
			break;
	}
	if (rc == -1)
		ts_hist_errmsg(st->h, "reading", err, errlen);
	ts_hist_finalize(st);
	return rc == 0 ? n : -1;
}

long
ts_hist_run(struct ts_hist *h, const char *sql, unsigned flags,
    ts_hist_row_fn *row, void *arg, char *err, size_t errlen,
    const char *binds, ...)
{
	struct ts_hist_stmt *st;
	va_list ap;
	int i;

	if ((st = ts_hist_prepare(h, sql, flags, err, errlen)) == NULL)
		return -1;
	va_start(ap, binds);
	for (i = 0; binds[i] != '\0'; i++)
		if (binds[i] == 't')
			ts_hist_bind_text(st, i + 1, va_arg(ap, const char *));
		else
			ts_hist_bind_int(st, i + 1, va_arg(ap, long long));
	va_end(ap);
	return ts_hist_each_row(st, row, arg, err, errlen);
}

int
ts_hist_array_row(struct ts_hist_stmt *st, void *rows, char *err,
    size_t errlen)
{
	struct ts_hist_rows *a = rows;
	char *elem;

	if ((a->n & (a->n - 1)) == 0)
		a->v = ts_xrealloc(a->v, (a->n ? 2 * a->n : 1) * a->size);
	elem = (char *)a->v + a->n++ * a->size;
	memset(elem, 0, a->size);
	return a->row(st, elem, err, errlen);
}

void
ts_hist_reset(struct ts_hist_stmt *st)
{
	st->h->be->reset(st->impl);
}

void
ts_hist_finalize(struct ts_hist_stmt *st)
{
	if (st == NULL)
		return;
	st->h->be->finalize(st->impl);
	free(st->num);
	free(st);
}

enum ts_hist_type
ts_hist_col_type(struct ts_hist_stmt *st, int i)
{
	return (enum ts_hist_type)st->h->be->col_type(st->impl, i);
}

long long
ts_hist_col_int(struct ts_hist_stmt *st, int i)
{
	return st->h->be->col_int(st->impl, i);
}

double
ts_hist_col_real(struct ts_hist_stmt *st, int i)
{
	return st->h->be->col_real(st->impl, i);
}

const void *
ts_hist_col_blob(struct ts_hist_stmt *st, int i, size_t *len)
{
	*len = 0;
	if (ts_hist_col_type(st, i) == TS_HIST_NULL)
		return NULL;
	return st->h->be->col_blob(st->impl, i, len);
}

/*
 * A real as SQLite's "%!.15g" writes it: 15 significant digits, and a
 * decimal point with a digit after it always (3.0, 1.0e+20).
 */
static void
real_text(double x, char out[32])
{
	char *e;

	if (isnan(x)) {
		strcpy(out, "NaN");
		return;
	}
	if (isinf(x)) {
		strcpy(out, x > 0 ? "Inf" : "-Inf");
		return;
	}
	snprintf(out, 24, "%.15g", x);
	if (strchr(out, '.') != NULL)
		return;
	if ((e = strchr(out, 'e')) != NULL) {
		memmove(e + 2, e, strlen(e) + 1);
		memcpy(e, ".0", 2);
	} else
		strcat(out, ".0");
}

const char *
ts_hist_col_text(struct ts_hist_stmt *st, int i)
{
	const char *s;
	size_t len;

	switch (ts_hist_col_type(st, i)) {
	case TS_HIST_NULL:
		return "";
	case TS_HIST_INT:
	case TS_HIST_REAL:
		if (i >= st->nnum) {
			st->num = ts_xrealloc(st->num, (size_t)(i + 1) *
			    sizeof *st->num);
			st->nnum = i + 1;
		}
		if (ts_hist_col_type(st, i) == TS_HIST_INT)
			snprintf(st->num[i], sizeof st->num[i], "%lld",
			    ts_hist_col_int(st, i));
		else
			real_text(ts_hist_col_real(st, i), st->num[i]);
		return st->num[i];
	default:
		s = ts_hist_col_blob(st, i, &len);
		return s != NULL ? s : "";
	}
}

int
ts_hist_inserted(struct ts_hist_stmt *st, long long *id)
{
	return st->h->be->inserted(st->impl, id);
}

int
ts_hist_ids_copied(struct ts_hist *h, char *err, size_t errlen)
{
	return h->be->ids_copied != NULL ? h->be->ids_copied(h, err, errlen) :
	    0;
}

char *
ts_hist_default_path(char *err, size_t errlen)
{
	const char *s;

	s = getenv("THREADSTONE_HISTORY");
	if (s != NULL && *s != '\0')
		return ts_xstrdup(s);
	s = getenv("XDG_DATA_HOME");
	if (s != NULL && *s == '/')
		return ts_xasprintf("%s/threadstone/history.sqlite", s);
	s = getenv("HOME");
	if (s != NULL && *s == '/')
		return ts_xasprintf("%s/.local/share/threadstone/"
		    "history.sqlite", s);
	snprintf(err, errlen, "no database named: set HOME, XDG_DATA_HOME or "
	    "THREADSTONE_HISTORY, or give --db FILE");
	return NULL;
}

int
ts_hist_make_dirs(const char *path, size_t *made, char *err, size_t errlen)
{
	char dir[PATH_MAX];
	char *p;

	if (made != NULL)
		*made = 0;
	if (strlen(path) >= sizeof dir) {
		snprintf(err, errlen, "%.200s...: path too long (%zu bytes)",
		    path, strlen(path));
		return -1;
	}
	strcpy(dir, path);
	p = strrchr(dir, '/');
	if (p == NULL || p == dir)
		return 0;
	*p = '\0';
	for (p = dir + 1; ; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;

			*p = '\0';
			if (mkdir(dir, 0777) == 0) {
				if (made != NULL)
					(*made)++;
			} else if (errno != EEXIST) {
				snprintf(err, errlen, "cannot create %s: %s", dir,
				    strerror(errno));
				return -1;
			}
			*p = c;
			if (c == '\0')
				break;
		}
	}
	return 0;
}

void
ts_hist_remove_dirs(const char *path, size_t made)
{
	char dir[PATH_MAX];
	char *p;

	if (strlen(path) >= sizeof dir)
		return;
	strcpy(dir, path);
	for (; made > 0; made--) {
		if ((p = strrchr(dir, '/')) == NULL || p == dir)
			return;
		*p = '\0';
		if (rmdir(dir) != 0)
			return;
	}
}
