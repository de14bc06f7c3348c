/* SPDX-License-Identifier: MIT */
/*
 * The SQL of the history schema: the current version whole, for a new
 * file, and each migration from the version before it.
 */
#ifndef TS_HISTORY_SCHEMA_H
#define TS_HISTORY_SCHEMA_H

/* The whole current schema (TS_HIST_SCHEMA), without user_version. */
extern const char ts_hist_schema_sql[];

/*
 * ts_hist_migrations[v] takes a database from version v to v + 1
 * (index 0 unused: version 0 is an empty file and gets the whole
 * schema).  NULL past the last.
 */
extern const char *const ts_hist_migrations[];

/*
 * PostgreSQL's: the whole current schema, its version table
 * (threadstone_history) included and empty; and the migrations, as for
 * SQLite (versions 0 and 1 were never made there).
 */
extern const char ts_hist_pg_schema_sql[];
extern const char *const ts_hist_pg_migrations[];

/*
 * The tables of the schema and the version that brought each, in a list
 * ended by a NULL name: a file whose user_version is v but which lacks a
 * table of version v or earlier is not a threadstone history.
 */
struct ts_hist_table {
	const char	*name;
	int		 since;
};
extern const struct ts_hist_table ts_hist_tables[];

#endif /* TS_HISTORY_SCHEMA_H */
