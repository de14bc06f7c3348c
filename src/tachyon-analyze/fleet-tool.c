/* SPDX-License-Identifier: MIT */
/*
 * tachyon-analyze's orchestration: read, analyse, report.
 */
#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "doc/doc-sniff.h"
#include "exitcodes.h"
#include "fleet-out.h"
#include "fleet-plot.h"
#include "fleet-tool.h"
#include "fleet/fleet.h"
#include "msg.h"
#include "outfile.h"

/* Open input i; NULL after one line on stderr. */
static FILE *
open_input(const char *name)
{
	FILE *f;

	if (strcmp(name, "-") == 0)
		return stdin;
	if ((f = fopen(name, "r")) == NULL)
		ts_error("cannot read %s: %s", name, strerror(errno));
	return f;
}

/*
 * When the first record of file path does not read: whether the file is
 * another of our kinds (a result document, sweep output, a key), said in
 * one line on stderr.
 */
static bool
wrong_kind(const char *path)
{
	enum ts_file_kind k;
	struct ts_buf b;
	char err[256];

	if (strcmp(path, "-") == 0 || ts_read_file(path, 32 * 1024 * 1024,
	    &b, err, sizeof err) == -1)
		return false;
	k = ts_file_kind(b.data, b.len);
	ts_buf_free(&b);
	if (k == TS_KIND_UNKNOWN || k == TS_KIND_TACHYON ||
	    k == TS_KIND_TACHYON_LINES)
		return false;
	ts_error("%s is %s, not memory-probe records (%s --json and %s "
	    "--wrap write those)", path, ts_file_kind_name(k),
	    TS_TACHYON_PROGRAM, TS_TACHYON_PROGRAM);
	return true;
}

/*
 * One pass over the inputs.  With fleet, add the records to it; with
 * norm, append every record normalised by r to it.  *skipped counts bad
 * records under --skip-bad.  Records whose wrapped command failed are
 * left out unless --keep-failed, counted in *failed and in one line
 * (with fleet).  Return 0, or -1 after one line on stderr.
 */
static int
pass(const struct ts_fleet_tool_opts *o, struct ts_fleet *fleet,
    const struct ts_fleet_result *r, struct ts_buf *norm, uint64_t *skipped,
    uint64_t *failed)
{
	struct ts_recin *in;
	struct ts_rec rec;
	char err[512], first[512] = "";
	FILE *f;
	int i, rc = 0, got;
	uint64_t nread;

	*skipped = *failed = 0;
	for (i = 0; i < o->ninputs && rc == 0; i++) {
		const char *name = strcmp(o->inputs[i], "-") == 0 ?
		    "(stdin)" : o->inputs[i];

		if ((f = open_input(o->inputs[i])) == NULL)
			return -1;
		in = ts_fleet_read_open(f, name, o->fmt, &o->keys);
		nread = 0;
		while ((got = ts_fleet_read_next(in, &rec, err,
		    sizeof err)) != 0) {
			if (got < 0 && nread == 0 &&
			    wrong_kind(o->inputs[i])) {
				rc = -1;
				break;
			}
			nread++;
			if (got == -1 && o->skip_bad) {
				if (*skipped == 0)
					snprintf(first, sizeof first, "%s", err);
				(*skipped)++;
				continue;
			}
			if (got < 0) {
				ts_error("%s%s", err, got == -1 ? " (or use "
				    "--skip-bad)" : "");
				rc = -1;
				break;
			}
			/*
			 * A failed command's reading times no real work (a
			 * command not found takes milliseconds): it would
			 * poison the spread within its host.
			 */
			if (rec.failed && !o->keep_failed) {
				(*failed)++;
				continue;
			}
			/* The readers refuse what the fleet refuses. */
			if (fleet != NULL && ts_fleet_add(fleet, rec.host,
			    rec.t, rec.s) == -1) {
				ts_error("%s:%" PRIu64 ": '%s' or '%s' out of "
				    "range", name, rec.line, o->keys.time,
				    o->keys.score);
				rc = -1;
				break;
			}
			if (norm != NULL)
				ts_fleet_read_json_with(in, &rec, norm,
				    TS_ANALYZE_NORM_KEY,
				    ts_fleet_normalise(r, rec.t, rec.s));
		}
		ts_fleet_read_close(in);
		if (f != stdin)
			fclose(f);
	}
	if (rc == 0 && *failed > 0 && fleet != NULL)
		ts_warning("left out %" PRIu64 " record%s whose command failed "
		    "(--keep-failed to include)", *failed,
		    *failed == 1 ? "" : "s");
	if (rc == 0 && *skipped > 0 && fleet != NULL)
		ts_warning("skipped %" PRIu64 " bad record%s; the first: %s",
		    *skipped, *skipped == 1 ? "" : "s", first);
	return rc;
}

/* Write a buffer whole to path; -1 after one line on stderr. */
static int
write_whole(const char *path, const struct ts_buf *b)
{
	char err[512];

	if (ts_write_file_atomic(path, b->data, b->len, err, sizeof err)
	    == -1) {
		ts_error("%s", err);
		return -1;
	}
	return 0;
}

int
ts_fleet_tool_run(const struct ts_fleet_tool_opts *o)
{
	struct ts_fleetout_keys k = { o->keys.time, o->keys.score,
	    o->keys.host, 0, 0 };
	struct ts_fleet_result r;
	struct ts_fleet fleet;
	struct ts_buf b;
	char err[512];
	uint64_t skipped, failed;
	int status = TS_EXIT_OK;

	ts_fleet_init(&fleet, o->seed);
	ts_buf_init(&b);
	if (pass(o, &fleet, NULL, NULL, &k.skipped, &k.failed) == -1) {
		status = TS_EXIT_FAILURE;
		goto out;
	}
	if (ts_fleet_analyse(&fleet, o->bootstrap, o->seed, &r, err,
	    sizeof err) == -1) {
		ts_error("%s: no verdict", err);
		status = TS_EXIT_FAILURE;
		goto out;
	}
	if (r.single_hosts > 0)
		ts_warning("%zu host%s with one record left out: a single "
		    "record has no within-host spread", r.single_hosts,
		    r.single_hosts == 1 ? "" : "s");
	if (o->json)
		ts_fleetout_json(&b, &r, &k);
	else
		ts_fleetout_table(&b, &r, &k);
	/* Reported as every program reports stdout's write errors, once. */
	fwrite(b.data, 1, b.len, stdout);
	if (ts_close_stdout() == -1) {
		status = TS_EXIT_FAILURE;
		goto out;
	}
	if (o->plot_path != NULL) {
		b.len = 0;
		ts_fleetplot_render(&b, &fleet, &r, o->keys.time,
		    o->keys.score);
		if (write_whole(o->plot_path, &b) == -1) {
			status = TS_EXIT_FAILURE;
			goto out;
		}
	}
	if (r.verdict == TS_FLEET_NONE)
		status = TS_EXIT_NEGATIVE;
	if (o->normalise_path != NULL && r.verdict != TS_FLEET_NORMALISE) {
		ts_error("--normalise refused: the verdict is %s, not "
		    "normalise; %s was not written", ts_fleet_verdict_name(r.verdict),
		    o->normalise_path);
		status = TS_EXIT_NEGATIVE;
	} else if (o->normalise_path != NULL) {
		b.len = 0;
		if (pass(o, NULL, &r, &b, &skipped, &failed) == -1 ||
		    write_whole(o->normalise_path, &b) == -1)
			status = TS_EXIT_FAILURE;
	}
out:
	ts_buf_free(&b);
	ts_fleet_free(&fleet);
	return status;
}
