/* SPDX-License-Identifier: MIT */
/*
 * tachyon --wrap: a reading, the command, a reading, and one JSON record
 * with the score beside the command's timing and the host identity (the
 * first step of "filter first, normalise only once validated").
 */
#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "exitcodes.h"
#include "probe-runcmd.h"
#include "probe-tool.h"
#include "probe-wrap.h"
#include "util.h"

/* Append ,"name":{score, latency, accesses, elapsed} of one reading. */
static void
reading_json(struct ts_buf *b, const char *name,
    const struct ts_probe_result *r)
{
	ts_buf_printf(b, ",\"%s\":{\"million_accesses_per_sec\":%.3f,"
	    "\"ns_per_access\":%.2f,\"accesses\":%" PRIu64 ","
	    "\"elapsed_s\":%.3f}", name, ts_probe_score(r),
	    ts_probe_ns_per_access(r), r->accesses, r->elapsed_s);
}

/* The record of a wrapped command, whole, into b. */
static void
record_json(struct ts_buf *b, const struct ts_probe_tool_opts *o,
    const struct ts_probeout_check *chk, const struct ts_probe_result *r1,
    const struct ts_probe_result *r2, const struct ts_runcmd *cmd,
    double unix_time)
{
	struct ts_probe_result both = *r1;

	both.accesses = r1->accesses + r2->accesses;
	both.elapsed_s = r1->elapsed_s + r2->elapsed_s;
	both.pinned = r1->pinned < r2->pinned ? r1->pinned : r2->pinned;
	ts_probeout_json_head(b, &both,
	    (ts_probe_score(r1) + ts_probe_score(r2)) / 2,
	    (ts_probe_ns_per_access(r1) + ts_probe_ns_per_access(r2)) / 2,
	    chk);
	ts_buf_puts(b, ",\"command\":");
	ts_buf_json_string(b, o->wrap_argv[0]);
	ts_buf_printf(b, ",\"wall_s\":%.6f,\"user_s\":%.6f,\"sys_s\":%.6f,"
	    "\"exit_status\":%d", cmd->wall_s, cmd->user_s, cmd->sys_s,
	    cmd->exit_status);
	if (cmd->signal != 0)
		ts_buf_printf(b, ",\"signal\":%d", cmd->signal);
	if (cmd->exec_errno != 0)
		ts_buf_printf(b, ",\"exec_error\":\"%s\"",
		    cmd->exec_errno == ENOENT ? "not found" : "not executable");
	reading_json(b, "before", r1);
	reading_json(b, "after", r2);
	ts_buf_printf(b, ",\"unix_time\":%.3f", unix_time);
	ts_hostid_json(b, o->id, o->tags, o->ntags);
	ts_buf_puts(b, "}\n");
}

int
ts_probe_wrap(const struct ts_probe_tool_opts *o, struct ts_topo *topo,
    const struct ts_probeout_check *chk)
{
	struct ts_probe_result r1, r2;
	struct ts_runcmd cmd;
	struct ts_buf b;
	double unix_time;
	char err[512];
	int status;

	if (ts_probe_tool_read_once(o, topo, &r1) == -1) {
		ts_error("the reading before '%s' failed; the command was not "
		    "run", o->wrap_argv[0]);
		return TS_EXIT_FAILURE;
	}
	unix_time = ts_probeout_unix_time();
	if (ts_runcmd(o->wrap_argv, &cmd, err, sizeof err) == -1) {
		ts_error("%s", err);
		return TS_EXIT_FAILURE;
	}
	status = cmd.exit_status;
	if (ts_probe_tool_read_once(o, topo, &r2) == -1)
		return TS_EXIT_FAILURE;
	ts_buf_init(&b);
	record_json(&b, o, chk, &r1, &r2, &cmd, unix_time);
	if (o->record_path != NULL) {
		if (ts_write_file_atomic(o->record_path, b.data, b.len, err,
		    sizeof err) == -1) {
			ts_error("%s", err);
			status = TS_EXIT_FAILURE;
		}
	} else if (fwrite(b.data, 1, b.len, stdout) != b.len ||
	    fflush(stdout) != 0)
		status = TS_EXIT_FAILURE;
	ts_buf_free(&b);
	return status;
}
