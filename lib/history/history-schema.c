/* SPDX-License-Identifier: MIT */
/*
 * The history schema.  Version 1 held hosts, documents and their
 * results; version 2 adds the tachyon records and each document's
 * executions (extensions.executions, when a producer writes them).
 * tests/fixtures/history-v1.sql is a version 1 database as text.
 */
#include <config.h>

#include <stddef.h>

#include "history/history-schema.h"

/* The table of tachyon records: in the whole schema and in 1 -> 2. */
#define READINGS_SQL							\
    "CREATE TABLE readings ("						\
    " id INTEGER PRIMARY KEY,"						\
    " sha256 TEXT NOT NULL UNIQUE,"					\
    " host_id INTEGER NOT NULL REFERENCES hosts(id),"			\
    " unix_time REAL NOT NULL,"						\
    " score REAL NOT NULL,"						\
    " ns_per_access REAL,"						\
    " wall_s REAL,"							\
    " added_at TEXT NOT NULL,"						\
    " record TEXT NOT NULL);"						\
    "CREATE INDEX readings_host_time ON readings(host_id, unix_time);"

const char ts_hist_schema_sql[] =
    "CREATE TABLE hosts ("
    " id INTEGER PRIMARY KEY,"
    " name TEXT NOT NULL UNIQUE,"
    " cpu_model TEXT,"
    " logical_cores INTEGER,"
    " memory_bytes INTEGER,"
    " os TEXT,"
    " target TEXT);"
    "CREATE TABLE documents ("
    " id INTEGER PRIMARY KEY,"
    " sha256 TEXT NOT NULL UNIQUE,"
    " host_id INTEGER NOT NULL REFERENCES hosts(id),"
    " generated_at TEXT NOT NULL,"
    " unix_time INTEGER NOT NULL,"
    " producer TEXT NOT NULL,"
    " tool_version TEXT NOT NULL,"
    " threads INTEGER NOT NULL,"
    " samples INTEGER NOT NULL,"
    " warmup INTEGER NOT NULL,"
    " window_ms INTEGER NOT NULL,"
    " signature TEXT NOT NULL"
    "  CHECK (signature IN ('valid', 'unsigned', 'invalid')),"
    " single_core_score REAL,"
    " multi_core_score REAL,"
    " added_at TEXT NOT NULL,"
    " source TEXT,"
    " body BLOB NOT NULL,"
    " executions TEXT);"
    "CREATE INDEX documents_host_time ON documents(host_id, unix_time);"
    "CREATE TABLE results ("
    " document_id INTEGER NOT NULL REFERENCES documents(id)"
    "  ON DELETE CASCADE,"
    " workload TEXT NOT NULL,"
    " pass TEXT NOT NULL CHECK (pass IN ('single', 'multi')),"
    " unit TEXT NOT NULL,"
    " higher_is_better INTEGER NOT NULL,"
    " threads INTEGER NOT NULL,"
    " value REAL NOT NULL,"
    " ci95 REAL NOT NULL,"
    " cv REAL NOT NULL,"
    " n INTEGER NOT NULL,"
    " stability TEXT NOT NULL,"
    " UNIQUE (document_id, workload, pass));"
    "CREATE INDEX results_series ON results(workload, pass);"
    READINGS_SQL;

static const char migrate_1_to_2[] =
    "ALTER TABLE documents ADD COLUMN executions TEXT;"
    READINGS_SQL;

const char *const ts_hist_migrations[] = {
	NULL,			/* 0: a new file gets the whole schema */
	migrate_1_to_2,
	NULL
};

const struct ts_hist_table ts_hist_tables[] = {
	{ "hosts", 1 },
	{ "documents", 1 },
	{ "results", 1 },
	{ "readings", 2 },
	{ NULL, 0 }
};
