/* SPDX-License-Identifier: MIT */
/*
 * threadstone-history: every result document and tachyon record of every
 * host in one SQLite database; lists, exports, trends, change points and
 * a check of a new result against its host's past.
 */
#include <config.h>

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "exitcodes.h"
#include "hist.h"
#include "history/history-add.h"
#include "msg.h"
#include "util.h"

enum {
	OPT_DB = 256,
	OPT_TIMEOUT,
	OPT_HOST,
	OPT_PASS,
	OPT_PRODUCER,
	OPT_SINCE,
	OPT_UNTIL,
	OPT_FORMAT,
	OPT_JSON,
	OPT_PLOT,
	OPT_FORCE,
	OPT_BODY
};

static const struct option longopts[] = {
	{ "db", required_argument, NULL, OPT_DB },
	{ "timeout", required_argument, NULL, OPT_TIMEOUT },
	{ "host", required_argument, NULL, OPT_HOST },
	{ "workload", required_argument, NULL, 'w' },
	{ "pass", required_argument, NULL, OPT_PASS },
	{ "producer", required_argument, NULL, OPT_PRODUCER },
	{ "since", required_argument, NULL, OPT_SINCE },
	{ "until", required_argument, NULL, OPT_UNTIL },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "plot", required_argument, NULL, OPT_PLOT },
	{ "force", no_argument, NULL, OPT_FORCE },
	{ "body", no_argument, NULL, OPT_BODY },
	TS_CLI_STD_OPTIONS
};

/* The --help text; each %s is the program's name. */
static const char help[] =
    "Usage: %s [OPTION]... COMMAND [ARG]...\n"
    "Keep every result document and tachyon record of every host in one\n"
    "SQLite database, and read its history: trends, change points, and\n"
    "whether a new result is out of line with its host's past.\n"
    "\n"
    "Commands:\n"
    "  add DOC...        add documents or tachyon record files (- is stdin)\n"
    "  list              one line per document\n"
    "  show ID           one document's results (--body: the document)\n"
    "  hosts             the hosts, with their documents and records\n"
    "  export            one row per result (--format jsonl or csv)\n"
    "  trend             one workload and pass over time (-w required)\n"
    "  changes           the change points of every series\n"
    "  check DOC         is DOC a regression against its host's history?\n"
    "  publish DIR       write the history as a static site into DIR\n"
    "\n"
    "Options:\n"
    "      --db FILE          the database (default: $THREADSTONE_HISTORY,\n"
    "                         else $XDG_DATA_HOME/threadstone/history.sqlite)\n"
    "      --timeout SECONDS  wait this long for another writer (30)\n"
    "      --host NAME        add: record under this host name; else only\n"
    "                         this host\n"
    "  -w, --workload ID      only this workload\n"
    "      --pass PASS        only this pass: single or multi\n"
    "      --producer TEXT    only documents whose producer contains TEXT\n"
    "      --since TIME       only documents generated at or after TIME\n"
    "      --until TIME       only documents generated before TIME\n"
    "                         (TIME: YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ)\n"
    "      --format FORMAT    export: jsonl or csv (jsonl)\n"
    "      --json             trend, changes, check: print JSON\n"
    "      --plot FILE.svg    trend: draw the series as an SVG plot\n"
    "      --force            add: record documents whose signature is\n"
    "                         invalid (marked invalid)\n"
    "      --body             show: print the stored document itself\n"
    "  -h, --help             print this help and exit\n"
    "  -V, --version          print the version and exit\n"
    "\n"
    "Exit status: 0 success (check: no regression), 1 failure (nothing\n"
    "changed), 2 usage error, 3 check found a regression, 4 check had\n"
    "nothing to judge by (no history of the host yet, or too little).\n";

/* "YYYY-MM-DD" or a full UTC time, as seconds since the epoch. */
static long long
parse_when(const char *opt, const char *arg)
{
	char buf[32];
	long long t;

	t = ts_hist_parse_time(arg);
	if (t < 0 && strlen(arg) == 10) {
		snprintf(buf, sizeof buf, "%sT00:00:00Z", arg);
		t = ts_hist_parse_time(buf);
	}
	if (t < 0)
		ts_usage_error("invalid %s '%s': expected a date YYYY-MM-DD "
		    "or a UTC time YYYY-MM-DDTHH:MM:SSZ, from 1970 on, that "
		    "the calendar has", opt, arg);
	return t;
}

static const struct {
	const char	*name;
	unsigned	 takes;		/* HIST_OPT_* */
	int		 args;		/* operands: -1 one or more */
} commands[] = {
	{ "add", HIST_OPT_HOST | HIST_OPT_FORCE, -1 },
	{ "list", HIST_OPT_FILTERS, 0 },
	{ "show", HIST_OPT_BODY, 1 },
	{ "hosts", 0, 0 },
	{ "export", HIST_OPT_FILTERS | HIST_OPT_FORMAT, 0 },
	{ "trend", HIST_OPT_FILTERS | HIST_OPT_JSON | HIST_OPT_PLOT, 0 },
	{ "changes", HIST_OPT_FILTERS | HIST_OPT_JSON, 0 },
	{ "check", HIST_OPT_HOST | HIST_OPT_JSON, 1 },
	{ "publish", 0, 1 },
};

static const char *const optnames[] = {
	"--host", "--workload", "--pass", "--producer", "--since/--until",
	"--format", "--json", "--plot", "--force", "--body"
};

/*
 * The command at argv[optind] (optind moves past it), its options and
 * operands checked: its index in commands[].
 */
static size_t
pick_command(const struct hist_opts *o, int argc, char *argv[])
{
	const char *cmd;
	size_t c, i;
	int nargs;

	if (optind >= argc)
		ts_usage_error("expected a command: add, list, show, hosts, "
		    "export, trend, changes, check or publish");
	cmd = argv[optind++];
	nargs = argc - optind;
	for (c = 0; c < sizeof commands / sizeof commands[0]; c++)
		if (strcmp(commands[c].name, cmd) == 0)
			break;
	if (c == sizeof commands / sizeof commands[0])
		ts_usage_error("unknown command '%s': expected add, list, show, "
		    "hosts, export, trend, changes, check or publish", cmd);
	for (i = 0; i < sizeof optnames / sizeof optnames[0]; i++)
		if ((o->used & (1u << i)) && !(commands[c].takes & (1u << i)))
			ts_usage_error("%s does not take %s", cmd, optnames[i]);
	if (commands[c].args == -1 && nargs < 1)
		ts_usage_error("%s expects one or more files", cmd);
	if (commands[c].args >= 0 && nargs != commands[c].args)
		ts_usage_error("%s expects %s", cmd, commands[c].args == 0 ?
		    "no operand" : "exactly one operand");
	if (strcmp(cmd, "trend") == 0 && o->workload == NULL)
		ts_usage_error("trend needs -w WORKLOAD");
	return c;
}

int
main(int argc, char *argv[])
{
	static const char *const formats[] = { "jsonl", "csv", NULL };
	static const char *const passes[] = { "single", "multi", NULL };
	struct hist_opts o;
	char why[128];
	size_t c;
	uint64_t secs;
	int ch, nargs;

	memset(&o, 0, sizeof o);
	o.timeout_ms = TS_HIST_TIMEOUT_MS;
	o.since = o.until = -1;
	while ((ch = ts_cli_getopt(argc, argv, "w:hV", longopts, help)) != -1) {
		switch (ch) {
		case OPT_DB:
			if (*optarg == '\0')
				ts_usage_error("invalid --db '': expected a "
				    "file name");
			o.db = optarg;
			break;
		case OPT_TIMEOUT:
			if (ts_parse_u64(optarg, 0, 86400, &secs) == -1)
				ts_usage_error("invalid --timeout '%s': expected "
				    "whole seconds from 0 to 86400", optarg);
			o.timeout_ms = (int)secs * 1000;
			break;
		case OPT_HOST:
			if (ts_hist_host_check(optarg, strlen(optarg), why,
			    sizeof why) == -1)
				ts_usage_error("invalid --host: the name %s; "
				    "%s", why, TS_HIST_HOST_RULE);
			o.host = optarg;
			o.used |= HIST_OPT_HOST;
			break;
		case 'w':
			o.workload = optarg;
			o.used |= HIST_OPT_WORKLOAD;
			break;
		case OPT_PASS:
			o.pass = passes[ts_parse_choice("--pass", optarg,
			    passes)];
			o.used |= HIST_OPT_PASS;
			break;
		case OPT_PRODUCER:
			o.producer = optarg;
			o.used |= HIST_OPT_PRODUCER;
			break;
		case OPT_SINCE:
			o.since = parse_when("--since", optarg);
			o.used |= HIST_OPT_TIME;
			break;
		case OPT_UNTIL:
			o.until = parse_when("--until", optarg);
			o.used |= HIST_OPT_TIME;
			break;
		case OPT_FORMAT:
			o.format = ts_parse_choice("--format", optarg, formats);
			o.used |= HIST_OPT_FORMAT;
			break;
		case OPT_JSON:
			o.json = true;
			o.used |= HIST_OPT_JSON;
			break;
		case OPT_PLOT:
			ts_cli_plot_name(optarg);
			o.plot = optarg;
			o.used |= HIST_OPT_PLOT;
			break;
		case OPT_FORCE:
			o.force = true;
			o.used |= HIST_OPT_FORCE;
			break;
		case OPT_BODY:
			o.body = true;
			o.used |= HIST_OPT_BODY;
			break;
		}
	}
	c = pick_command(&o, argc, argv);
	nargs = argc - optind;

	switch (c) {
	case 0: return hist_add(&o, nargs, argv + optind);
	case 1: return hist_list(&o);
	case 2: return hist_show(&o, argv[optind]);
	case 3: return hist_hosts(&o);
	case 4: return hist_export(&o);
	case 5: return hist_trend(&o);
	case 6: return hist_changes(&o);
	case 7: return hist_check(&o, argv[optind]);
	default: return hist_publish(&o, argv[optind]);
	}
}
