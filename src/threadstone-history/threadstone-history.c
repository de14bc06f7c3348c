/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history: every result document and tachyon record of every
 * host in one database (an SQLite file, or a PostgreSQL server); lists,
 * exports, trends, change points, a check of a new result against its
 * host's past, and a history moved from one store to another.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-opt.h"
#include "cli.h"
#include "exitcodes.h"
#include "hist.h"
#include "history/history-add.h"
#include "msg.h"
#include "util.h"

/* --since and --until: "YYYY-MM-DD" or a full UTC time, in seconds. */
static void
when_option(void *fields, const char *arg, const struct ts_opt *opt)
{
	long long *t = ts_opt_field(fields, opt);
	char buf[32];

	*t = ts_hist_parse_time(arg);
	if (*t < 0 && strlen(arg) == 10) {
		snprintf(buf, sizeof buf, "%sT00:00:00Z", arg);
		*t = ts_hist_parse_time(buf);
	}
	if (*t < 0)
		ts_opt_bad(opt, arg, "a date YYYY-MM-DD or a UTC time "
		    "YYYY-MM-DDTHH:MM:SSZ, from 1970 on, that the calendar has");
}

/* --host NAME: a name the store can hold. */
static void
host_check(const struct ts_opt *opt, const char *arg)
{
	char why[128];

	(void)opt;
	if (ts_hist_host_check(arg, strlen(arg), why, sizeof why) == -1)
		ts_usage_error("invalid --host: the name %s; %s", why,
		    TS_HIST_HOST_RULE);
}

/*
 * --db, --from, --to: a server's settings must not hold its password,
 * which ps shows to every user of the machine.
 */
static void
db_check(const struct ts_opt *opt, const char *arg)
{
	if (ts_hist_is_server(arg) && ts_hist_has_password(arg))
		ts_usage_error("--%s holds a password, which ps shows to every "
		    "user: put it in ~/.pgpass (or the file PGPASSFILE names), "
		    "or in PGPASSWORD", opt->name);
}

/* A database's row: not empty, no password. */
#define DB_ROW	.min = 1, .what = "a file name or a PostgreSQL server", \
	.check = db_check

static const char *const passes[] = { "single", "multi", NULL };
static const char *const formats[] = { "jsonl", "csv", NULL };

#define F(m)	TS_FIELD(struct hist_opts, m)
static const struct ts_opt opts[] = {
	TS_OPT_TEXT("\nOptions:\n"),
	TS_OPT_STRING(0, "db", F(db), "DB",
	    "the database: a file, or a PostgreSQL server\n"
	    "as postgresql://USER@HOST:PORT/NAME or libpq's\n"
	    "key=value settings, its password in ~/.pgpass\n"
	    "(default: $THREADSTONE_HISTORY, else\n"
	    "$XDG_DATA_HOME/threadstone/history.sqlite)", DB_ROW),
	TS_OPT_UINT(0, "timeout", F(timeout_ms), 0, 86400, "SECONDS",
	    "wait this long for another writer (%D)", .mult = 1000),
	TS_OPT_STRING(0, "host", F(host), "NAME",
	    "add: record under this host name; else only\n"
	    "this host", .check = host_check),
	TS_OPT_STRING('w', "workload", F(workload), "ID",
	    "only this workload"),
	TS_OPT_CHOICE_NAME(0, "pass", F(pass), passes, "PASS",
	    "only this pass: single or multi"),
	TS_OPT_STRING(0, "producer", F(producer), "TEXT",
	    "only documents whose producer contains TEXT"),
	TS_OPT_CALL_AT(0, "since", F(since), when_option, "TIME",
	    "only documents generated at or after TIME"),
	TS_OPT_CALL_AT(0, "until", F(until), when_option, "TIME",
	    "only documents generated before TIME\n"
	    "(TIME: YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)"),
	TS_OPT_CHOICE(0, "format", F(format), formats, "FORMAT",
	    "export: jsonl or csv (%D)"),
	TS_OPT_FLAG(0, "json", F(json), "trend, changes, check: print JSON"),
	TS_OPT_PLOT(F(plot), "FILE.svg", "trend: draw the series as an SVG plot"),
	TS_OPT_FLAG(0, "force", F(force),
	    "add: record documents whose signature is\n"
	    "invalid (marked invalid)"),
	TS_OPT_FLAG(0, "body", F(body), "show: print the stored document itself"),
	TS_OPT_STRING(0, "from", F(from), "DB", "migrate: the history to copy",
	    DB_ROW),
	TS_OPT_STRING(0, "to", F(to), "DB",
	    "migrate: the history to copy it into", DB_ROW),
	TS_OPT_LAST
};

/* The options of the commands that filter the series. */
#define FILTERS	"host", "workload", "pass", "producer", "since", "until"
static const struct ts_cli_cmd commands[] = {
	{ "add", "DOC...", 1, -1, (const char *const []){ "host", "force",
	    NULL }, "add documents or tachyon record files (- is stdin)" },
	{ "list", NULL, 0, 0, (const char *const []){ FILTERS, NULL },
	    "one line per document" },
	{ "show", "ID", 1, 1, (const char *const []){ "body", NULL },
	    "one document's results (--body: the document)" },
	{ "hosts", NULL, 0, 0, NULL,
	    "the hosts, with their documents and records" },
	{ "export", NULL, 0, 0, (const char *const []){ FILTERS, "format",
	    NULL }, "one row per result (--format jsonl or csv)" },
	{ "trend", NULL, 0, 0, (const char *const []){ FILTERS, "json",
	    "plot", NULL }, "one workload and pass over time (-w required)" },
	{ "changes", NULL, 0, 0, (const char *const []){ FILTERS, "json",
	    NULL }, "the change points of every series" },
	{ "check", "DOC", 1, 1, (const char *const []){ "host", "json",
	    NULL }, "is DOC a regression against its host's history?" },
	{ "publish", "DIR", 1, 1, NULL,
	    "write the history as a static site into DIR" },
	{ "migrate", NULL, 0, 0, (const char *const []){ "from", "to", NULL },
	    "copy a history (--from) into another (--to)" },
};

static const struct ts_cli_prog prog = {
	.usage = "Usage: %s [OPTION]... COMMAND [ARG]...\n"
	    "Keep every result document and tachyon record of every host in one\n"
	    "database, an SQLite file or a PostgreSQL server, and read its history:\n"
	    "trends, change points, and whether a new result is out of line with\n"
	    "its host's past.\n"
	    "\n"
	    "Commands:\n",
	.cmds = commands,
	.ncmds = sizeof commands / sizeof commands[0],
	.cmd_col = 20,
	.opts = opts,
	.tail = "\n"
	    "Exit status: 0 success (check: no regression), 1 failure (nothing\n"
	    "changed; a server that cannot be reached, or a build without\n"
	    "PostgreSQL), 2 usage error, 3 check found a regression, 4 check had\n"
	    "nothing to judge by (no history of the host yet, or too little).\n",
	.col = 25
};

int
main(int argc, char *argv[])
{
	struct hist_opts o;
	int first, nargs;
	size_t c;

	memset(&o, 0, sizeof o);
	o.timeout_ms = TS_HIST_TIMEOUT_MS;
	o.since = o.until = -1;
	first = ts_cli_parse(&prog, argc, argv, &o, sizeof o);
	c = ts_cli_command(&prog, argc, argv, first);
	if (c == 5 && o.workload == NULL)
		ts_usage_error("trend needs -w WORKLOAD");
	if (c == 9 && (o.from == NULL || o.to == NULL))
		ts_usage_error("migrate needs --from DB and --to DB");
	nargs = argc - first - 1;
	argv += first + 1;
	switch (c) {
	case 0: return hist_add(&o, nargs, argv);
	case 1: return hist_list(&o);
	case 2: return hist_show(&o, argv[0]);
	case 3: return hist_hosts(&o);
	case 4: return hist_export(&o);
	case 5: return hist_trend(&o);
	case 6: return hist_changes(&o);
	case 7: return hist_check(&o, argv[0]);
	case 8: return hist_publish(&o, argv[0]);
	default: return hist_migrate(&o);
	}
}
