/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history's commands and the options they share.  Each
 * command returns the program's exit status.
 */
#ifndef TS_HIST_H
#define TS_HIST_H

#include <stdbool.h>

#include "buf.h"
#include "history/history-store.h"

struct hist_opts {
	const char	*db;		/* --db, else the default path */
	int		 timeout_ms;	/* --timeout */
	const char	*host;		/* --host */
	const char	*workload;	/* -w */
	const char	*pass;		/* --pass: "single", "multi" or NULL */
	const char	*producer;	/* --producer: a substring */
	long long	 since, until;	/* --since, --until; -1 unset */
	int		 format;	/* export --format: 0 jsonl, 1 csv */
	bool		 json;		/* --json */
	const char	*plot;		/* --plot FILE.svg */
	bool		 force;		/* add --force */
	bool		 body;		/* show --body */
	const char	*from, *to;	/* migrate --from, --to */
};

/*
 * The database's path: --db, else the default one (malloc'd); NULL after
 * one line on stderr when none can be named.
 */
char	*hist_path(const struct hist_opts *);

/*
 * Open the database (write: for add; it is created when missing).  On
 * failure the error is said, unless it is a writer's that may be
 * retried (h->retry).
 */
int	hist_open(const struct hist_opts *, bool write, struct ts_hist *h);

int	hist_add(const struct hist_opts *, int nargs, char **args);
int	hist_list(const struct hist_opts *);
int	hist_show(const struct hist_opts *, const char *id);
int	hist_hosts(const struct hist_opts *);
int	hist_export(const struct hist_opts *);
int	hist_trend(const struct hist_opts *);
int	hist_changes(const struct hist_opts *);
int	hist_check(const struct hist_opts *, const char *doc);
int	hist_migrate(const struct hist_opts *);
int	hist_publish(const struct hist_opts *, const char *dir);

struct ts_hist_check;
/*
 * check's answer in one line without a newline: "regression: sgemm
 * single (-10.3 %)", "no regression", "not checked: ...".
 */
void	hist_check_answer(struct ts_buf *, const struct ts_hist_check *);

struct ts_hist_series;
struct ts_hist_change;
/* One change point as an object of changes --json. */
void	hist_change_json(struct ts_buf *, const struct ts_hist_series *,
	    const struct ts_hist_change *);

struct ts_hist_filter;
/* The filters of o, for the series loader and hist_query. */
void	hist_series_filter(const struct hist_opts *o, struct ts_hist_filter *f);

#endif /* TS_HIST_H */
