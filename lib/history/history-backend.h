/* SPDX-License-Identifier: MIT */
/*
 * What a back end of the history store provides (history-store.h): its
 * operations, called through struct ts_hist's be; and what the back
 * ends share (waits, one-line refusals).  Only lib/history/'s store
 * files include it, after history-store.h.
 */
#ifndef TS_HISTORY_BACKEND_H
#define TS_HISTORY_BACKEND_H

#include <stdbool.h>
#include <stddef.h>

struct ts_hist;

/* A value bound to a parameter. */
struct ts_hist_value {
	int		 type;		/* enum ts_hist_type */
	long long	 i;
	double		 r;
	const void	*p;		/* text (NUL-ended) or blob */
	size_t		 len;
};

struct ts_hist_backend {
	const char	*name;
	int	(*open)(struct ts_hist *, const char *where, bool create,
		    bool write, char *err, size_t errlen);
	int	(*publish)(struct ts_hist *, char *err, size_t errlen);
	void	(*close)(struct ts_hist *);
	int	(*begin)(struct ts_hist *, char *err, size_t errlen);
	int	(*commit)(struct ts_hist *, char *err, size_t errlen);
	void	(*rollback)(struct ts_hist *);
	void	(*errmsg)(struct ts_hist *, const char *what, char *err,
		    size_t errlen);
	int	(*schema_of)(struct ts_hist *);
	/* Statements: the back end's own, behind a void pointer. */
	void	*(*prepare)(struct ts_hist *, const char *sql, unsigned flags);
	int	(*param)(void *, const char *name);
	void	(*bind)(void *, int i, const struct ts_hist_value *);
	int	(*step)(void *);
	void	(*reset)(void *);
	void	(*finalize)(void *);
	int	(*col_type)(void *, int i);	/* enum ts_hist_type */
	long long (*col_int)(void *, int i);
	double	(*col_real)(void *, int i);
	const void *(*col_blob)(void *, int i, size_t *len);
	int	(*inserted)(void *, long long *id);
	int	(*ids_copied)(struct ts_hist *, char *err, size_t errlen);
	const char	*contains;	/* printf format of a and b */
	const char	*returning_id;
};

/*
 * The operations every back end has, as designated initializers of its
 * struct ts_hist_backend, each named after the field with the back end's
 * prefix p (sq_open, pg_open, ...): a back end's table is its name, this
 * list, and what is its own (ids_copied, its SQL spellings).
 */
#define TS_HIST_BACKEND_OPS(p) \
	.open = p##_open, .publish = p##_publish, .close = p##_close, \
	.begin = p##_begin, .commit = p##_commit, .rollback = p##_rollback, \
	.errmsg = p##_errmsg, .schema_of = p##_schema_of, \
	.prepare = p##_prepare, .param = p##_param, .bind = p##_bind, \
	.step = p##_step, .reset = p##_reset, .finalize = p##_finalize, \
	.col_type = p##_col_type, .col_int = p##_col_int, \
	.col_real = p##_col_real, .col_blob = p##_col_blob, \
	.inserted = p##_inserted

extern const struct ts_hist_backend ts_hist_sqlite;
extern const struct ts_hist_backend ts_hist_pg;

/* Seconds since the current wait began. */
double	ts_hist_waited(const struct ts_hist *h);
/* Whether the time to wait for other processes is up. */
bool	ts_hist_time_up(const struct ts_hist *h);
/* A short pause between two tries, 2 to 17 ms, differing by process. */
void	ts_hist_nap(void);
/* One line of ours into err (nothing to wait for, nothing to retry): -1. */
int	ts_hist_refuse(struct ts_hist *h, char *err, size_t errlen,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/*
 * Refuse schema version v when it is newer than this code's
 * (TS_HIST_SCHEMA), in one line as ts_hist_refuse: -1; else 0.
 */
int	ts_hist_refuse_newer(struct ts_hist *h, long long v, char *err,
	    size_t errlen);

#endif /* TS_HISTORY_BACKEND_H */
