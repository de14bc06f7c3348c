/* SPDX-License-Identifier: MIT */
/*
 * tachyon's orchestration: the working-set size and cache check, then
 * one reading or a timed stream of them, formatted by probe-out.c; or,
 * for --wrap, a reading, the command (probe-runcmd.c), a reading, and one
 * JSON record with the score beside the command's timing and the host
 * identity.  The readings are libtachyon-probe's (tachyon-probe.h), the
 * public library that other programs link too.
 */
#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <sched.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <time.h>

#include <tachyon-probe.h>

#include "buf.h"
#include "exitcodes.h"
#include "mem/mem-probe-cache.h"
#include "msg.h"
#include "outfile.h"
#include "probe-host.h"
#include "probe-out.h"
#include "probe-prom.h"
#include "probe-runcmd.h"
#include "probe-textfile.h"
#include "probe-tool.h"
#include "probe-window.h"
#include "mem/mem-probe.h"
#include "host/host-busy.h"
#include "host/host-sysinfo.h"
#include "util.h"

/* Whether the stop flag, if any, has been raised. */
static bool
stopped(const struct ts_probe_tool_opts *o)
{
	return o->stop != NULL && atomic_load(o->stop);
}

/* The probe being read, for ts_probe_tool_interrupt(); or NULL. */
static _Atomic(struct tachyon_probe *) current;

void
ts_probe_tool_interrupt(void)
{
	struct tachyon_probe *pr = atomic_load(&current);

	if (pr != NULL)
		tachyon_interrupt(pr);
}

/* A reading of the library as the outputs (probe-out.h) take it. */
static void
from_result(const struct tachyon_result *t, struct ts_probe_result *r)
{
	memset(r, 0, sizeof *r);
	r->accesses = t->accesses;
	r->elapsed_s = t->elapsed_s;
	r->threads = t->threads;
	r->working_set_bytes = t->working_set_bytes;
	r->pinned = t->pinned_threads;
	r->interrupted = t->interrupted != 0;
	r->wait_s = TACHYON_HAS(t, run_wait_s) ? t->run_wait_s : -1;
	r->max_wait_s = TACHYON_HAS(t, max_thread_run_wait_s) ?
	    t->max_thread_run_wait_s : -1;
}

/*
 * Sleep until the monotonic time `until`, or the stop flag, in one wait
 * (not in slices: the kernel charged a watch waking every 0.1 s 2.2
 * CPU-s an hour on the 2-vCPU VMs, and every 1 s 0.5, of its 3.6).  The
 * stop signals are blocked from the check of the flag until pselect
 * unblocks them, so one that lands in between ends the wait at once.
 * Between readings this thread is the process's only one (the probe's
 * threads block every signal and end with their reading).
 */
static void
sleep_until(const struct ts_probe_tool_opts *o, double until)
{
	sigset_t stop_signals, old;
	struct timespec ts;
	double left;

	sigemptyset(&stop_signals);
	sigaddset(&stop_signals, SIGINT);
	sigaddset(&stop_signals, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &stop_signals, &old);
	while (!stopped(o) && (left = until - ts_now()) > 0) {
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
		(void)pselect(0, NULL, NULL, NULL, &ts, &old);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

/* Write a whole line (or block) at once; false on a write error. */
static bool
emit(struct ts_buf *b)
{
	bool okay = fwrite(b->data, 1, b->len, stdout) == b->len &&
	    fflush(stdout) == 0;

	b->len = 0;
	b->data[0] = '\0';
	return okay;
}

/*
 * The textfile's failed writes so far, which the file carries once a
 * write succeeds (tachyon_textfile_write_errors), and whether the last
 * write failed: a streak of failures is said on stderr once, at its
 * first.
 */
static struct ts_prom_writes writes;
static bool write_failing;

/*
 * The identity and tags, as the Prometheus series' labels, and the
 * textfile's failed writes when there is a textfile.
 */
static struct ts_promctx
promctx(const struct ts_probe_tool_opts *o)
{
	struct ts_promctx ctx = { o->id, o->tags, o->ntags,
	    o->textfile_path != NULL ? &writes : NULL, NULL, NULL };

	return ctx;
}

/*
 * After a failure at `stage`, mark the textfile (if any) with
 * tachyon_last_error, keeping the last good reading's series.
 */
static void
textfile_failed(const struct ts_probe_tool_opts *o, const char *stage)
{
	struct ts_promctx ctx = promctx(o);
	char err[512];

	if (o->textfile_path != NULL && ts_textfile_error(o->textfile_path,
	    stage, ts_probeout_unix_time(), &ctx, err, sizeof err) == -1)
		ts_error("%s", err);
}

/*
 * Replace the textfile with reading r; false when it could not be
 * written, after one line on stderr (in watch mode, at the first failure
 * of a streak only: the watch goes on, and the reading is lost).
 */
static bool
textfile_reading(const struct ts_probe_tool_opts *o,
    const struct ts_probe_result *r, const struct ts_probeout_check *chk,
    double unix_time, const struct ts_promctx *with)
{
	struct ts_promctx ctx = *with;
	struct ts_buf b;
	char err[512];
	bool okay = true;

	ctx.writes = &writes;
	ts_buf_init(&b);
	ts_prom_reading(&b, r, chk, unix_time, &ctx);
	if (ts_write_regular_file(o->textfile_path, b.data, b.len, err,
	    sizeof err) == -1) {
		if (!o->watch)
			ts_error("%s", err);
		else if (!write_failing)
			ts_error("%s; the watch goes on, and the file counts "
			    "the failed writes (tachyon_textfile_write_errors) "
			    "from the next one that succeeds", err);
		writes.errors++;
		writes.last_error = unix_time;
		write_failing = true;
		okay = false;
	} else
		write_failing = false;
	ts_buf_free(&b);
	return okay;
}

/* Tell, in one line, what a check that says "cache" found. */
static void
warn_cache(const struct ts_cache_report *rep, const char *prefix)
{
	const struct ts_residency *r = &rep->res;

	ts_warning("%sthe probe is measuring cache: %.6g MiB in total reads "
	    "%.1f ns per load in a page-local chase, %.6g MiB reads %.1f; use "
	    "--working-set-mb %" PRIu64 " or more, or auto", prefix,
	    (double)r->small_bytes / (double)TS_MIB, r->ns_small,
	    (double)r->large_bytes / (double)TS_MIB, r->ns_large,
	    rep->suggest_bytes / TS_MIB);
}

/*
 * Settle the working set: `auto` sizes it by the residency test, memory
 * must hold it, and the cache check (unless disabled; `auto` made it
 * already) warns when it reads like cache.  Return an exit status; *chk
 * gets what the JSON lines report.
 */
static int
size_working_set(struct ts_probe_tool_opts *o, struct ts_topo *topo,
    struct ts_cache_report *rep, struct ts_auto_report *arep,
    struct ts_probeout_check *chk)
{
	struct ts_cache_bounds bounds = { 0, 0 };
	struct ts_residency_cfg rc;
	struct ts_auto_cfg ac;
	uint64_t avail;

	avail = ts_mem_available();
	if (topo != NULL)
		bounds.llc_bytes = ts_topo_llc_size(topo);
	bounds.mem_bytes = ts_cache_mem_bound(topo != NULL ?
	    ts_topo_memory(topo) : 0, avail);
	rc.seconds = ts_cache_check_seconds(o->seconds);
	rc.seed = o->seed;
	memset(chk, 0, sizeof *chk);
	chk->enabled = o->cache_check || o->ws_auto;
	if (o->ws_auto) {
		memset(&ac, 0, sizeof ac);
		ac.threads = (unsigned)o->threads;
		ac.limit = ts_auto_limit(o->seconds);
		ac.measure = ts_residency_measure;
		ac.arg = &rc;
		ts_auto_size(&ac, &bounds, &o->ws_bytes, arep);
		*rep = arep->last;
		chk->autorep = arep;
		chk->res = &rep->res;
	}
	if (avail != 0 && o->ws_bytes * o->threads > avail / 10 * 9) {
		ts_error("--working-set-mb %.6g with --threads %" PRIu64
		    " needs %" PRIu64 " MiB, but only %" PRIu64 " MiB of memory is "
		    "available: at most %.6g MiB per thread here",
		    (double)o->ws_bytes / (double)TS_MIB, o->threads,
		    o->ws_bytes * o->threads / TS_MIB, avail / TS_MIB,
		    (double)(avail / 10 * 9 / o->threads / TS_MIB));
		return TS_EXIT_FAILURE;
	}
	if (!o->ws_auto && o->cache_check) {
		ts_cache_check(o->ws_bytes, (unsigned)o->threads, &bounds,
		    ts_residency_measure, &rc, rep);
		chk->res = &rep->res;
	}
	if (chk->res == NULL)
		return TS_EXIT_OK;
	/* A check that could not be made says so; it never passes as clear. */
	if (rep->res.failed)
		ts_warning("the cache check was skipped: %s", rep->res.reason);
	else if (rep->res.verdict == TS_RESIDENCY_CACHE && o->ws_auto)
		warn_cache(rep, arep->stop == TS_AUTO_TIME ? "--working-set-mb "
		    "auto ran out of time; " : "--working-set-mb auto reached "
		    "its bound; ");
	else if (rep->res.verdict == TS_RESIDENCY_CACHE)
		warn_cache(rep, "");
	return TS_EXIT_OK;
}

/*
 * Build the chains for o through libtachyon-probe, which binds them to
 * cores when there are enough, and make them the ones a watch-mode
 * signal interrupts.  Return NULL after one line on stderr.
 */
static struct tachyon_probe *
open_probe(const struct ts_probe_tool_opts *o)
{
	struct tachyon_config cfg;
	struct tachyon_probe *pr;
	char err[TACHYON_ERRLEN];
	int status;

	status = tachyon_config_init(&cfg, sizeof cfg);
	if (status == TACHYON_OK) {
		cfg.duration_s = o->seconds;
		cfg.working_set_bytes = o->ws_bytes;
		cfg.threads = (unsigned)o->threads;
		cfg.seed = o->seed;
		status = tachyon_open(&cfg, &pr, err, sizeof err);
	} else
		snprintf(err, sizeof err, "%s", tachyon_strerror(status));
	if (status == TACHYON_ENOMEM) {
		ts_error("--working-set-mb %.6g with --threads %" PRIu64 ": "
		    "cannot allocate the chains (%s); try a smaller working "
		    "set or fewer threads", (double)o->ws_bytes /
		    (double)TS_MIB, o->threads, strerror(ENOMEM));
		return NULL;
	}
	if (status != TACHYON_OK) {
		ts_error("%s", err);
		return NULL;
	}
	atomic_store(&current, pr);
	/* A signal that came while the chains were built ends the reading. */
	if (o->watch && stopped(o))
		tachyon_interrupt(pr);
	return pr;
}

/* Close the probe, which no signal reaches any more. */
static void
close_probe(struct tachyon_probe *pr)
{
	atomic_store(&current, NULL);
	tachyon_close(pr);
}

/*
 * One reading of o->seconds (a libtachyon-probe reading into res).
 * Return 0, or -1 after one line on stderr.
 */
static int
measure(const struct ts_probe_tool_opts *o, struct tachyon_probe *pr,
    struct ts_probe_result *res)
{
	struct tachyon_result r;
	char err[TACHYON_ERRLEN];

	if (tachyon_measure(pr, o->seconds, &r, sizeof r, err,
	    sizeof err) != TACHYON_OK) {
		ts_error("%s", err);
		return -1;
	}
	from_result(&r, res);
	return 0;
}

/*
 * One reading of o->seconds with the chains built and freed around it.
 * Return 0, or -1 after one line on stderr.
 */
static int
read_once(const struct ts_probe_tool_opts *o, struct ts_probe_result *res)
{
	struct tachyon_probe *pr;
	int rc;

	if ((pr = open_probe(o)) == NULL)
		return -1;
	rc = measure(o, pr, res);
	close_probe(pr);
	return rc;
}

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

/*
 * --wrap: a reading, o->wrap_argv, a reading, then one JSON record on
 * stdout (or in o->record_path).  Return the command's exit status, or
 * TS_EXIT_FAILURE when a reading or the record failed.
 */
static int
wrap_command(const struct ts_probe_tool_opts *o,
    const struct ts_probeout_check *chk)
{
	struct ts_probe_result r1, r2;
	struct ts_runcmd cmd;
	struct ts_buf b;
	double unix_time;
	char err[512];
	int status;

	if (read_once(o, &r1) == -1) {
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
	if (read_once(o, &r2) == -1)
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

/*
 * Build the chains and take one reading: print it, write the textfile,
 * and judge it against --min-score.  Return the exit status.
 */
static int
reading(const struct ts_probe_tool_opts *o,
    const struct ts_probeout_check *chk)
{
	struct ts_probe_result res;
	struct ts_probe_host host;
	struct ts_promctx ctx = promctx(o);
	struct tachyon_probe *pr;
	struct ts_buf out;
	double unix_time;
	int status = TS_EXIT_OK;

	if ((pr = open_probe(o)) == NULL) {
		textfile_failed(o, "chains");
		return TS_EXIT_FAILURE;
	}
	if (measure(o, pr, &res) == -1) {
		close_probe(pr);
		textfile_failed(o, "reading");
		return TS_EXIT_FAILURE;
	}
	close_probe(pr);
	unix_time = ts_probeout_unix_time();
	host.busiest_share = NAN;	/* no watch, no checks */
	ts_probe_host_read(&host, NULL);
	ctx.host = &host;
	/* A reading cut short by a signal is not published. */
	if (o->textfile_path != NULL && !res.interrupted &&
	    !textfile_reading(o, &res, chk, unix_time, &ctx))
		return TS_EXIT_FAILURE;
	ts_buf_init(&out);
	ctx.writes = NULL;	/* the exposition on stdout is no file's */
	if (o->prometheus)
		ts_prom_reading(&out, &res, chk, unix_time, &ctx);
	else if (o->json) {
		ts_probeout_json_open(&out, &res, chk, 0, unix_time);
		ts_hostid_json(&out, o->id, o->tags, o->ntags);
		ts_buf_puts(&out, "}\n");
	} else
		ts_probeout_human(&out, &res, chk);
	if (!emit(&out))
		status = TS_EXIT_FAILURE;
	ts_buf_free(&out);
	if (status == TS_EXIT_OK && o->min_score > 0 &&
	    ts_probe_score(&res) < o->min_score) {
		ts_error("score %.3f is below --min-score %g: this host is "
		    "degraded right now", ts_probe_score(&res), o->min_score);
		status = TS_EXIT_NEGATIVE;
	}
	return status;
}

/* Why a watch takes its next reading. */
enum watch_turn {
	TURN_ROUTINE,		/* its turn in the schedule */
	TURN_CONFIRM,		/* to confirm one that disagreed with the gauge */
	TURN_BUSY,		/* a CPU turned busy since the last check */
	TURN_CALM		/* the busiest CPU turned calm again */
};

/* A watch between its readings. */
struct watch {
	struct ts_pw		 pw;
	struct ts_pw_report	 pm;
	struct ts_probe_host	 host;
	double			 due;		/* the next routine reading */
	struct ts_pw_budget	 budget;	/* the cheap schedule's */
	uint64_t		 reading;	/* readings so far */
	enum watch_turn		 turn;		/* why the next comes */
	/* the cheap schedule's measure of itself */
	double			 least;		/* the interval from the size */
	double			 costs[TS_PW_COSTS]; /* the last routine ones' */
	size_t			 ncosts;
	/* the checks of the CPUs' busy ticks, between readings */
	bool			 checking;
	cpu_set_t		 cpus;		/* this process's */
	struct ts_cpu_ticks	 ticks;		/* at the last check */
	double			 next_check;
	bool			 busy;		/* a CPU was at the last check */
};

/*
 * The CPU-seconds the next reading is expected to cost: the median of
 * the routine ones measured, or until then what the chains' size says.
 */
static double
reading_cost(const struct ts_probe_tool_opts *o, const struct watch *w)
{
	if (w->ncosts > 0)
		return ts_pw_cost_median(w->costs, w->ncosts);
	return (double)o->threads * ts_pw_thread_cost(o->seconds,
	    (double)o->ws_bytes) * 1.1 + 0.002;
}

/*
 * Keep the CPU-seconds a routine reading cost, and space the schedule by
 * the last ones: a reading after an idle spell costs more than the
 * chains' size says (and more the longer the spell: on the 2-vCPU VMs
 * 0.05 CPU-s after 10 s, 0.08 after 75 s, 0.10-0.13 after 150 s, before
 * the warm-up added its 0.04).
 */
static void
keep_cost(const struct ts_probe_tool_opts *o, struct watch *w, double cost)
{
	if (!o->cheap || !(cost > 0))
		return;
	if (w->ncosts == TS_PW_COSTS) {
		memmove(w->costs, w->costs + 1, (TS_PW_COSTS - 1) *
		    sizeof *w->costs);
		w->ncosts--;
	}
	w->costs[w->ncosts++] = cost;
	w->pm.interval_s = ts_pw_spacing(w->least,
	    ts_pw_cost_median(w->costs, w->ncosts));
}

/*
 * When the budget lets a reading start, counted at `now`: a routine one
 * leaves the reserve in the bucket for the readings that events call.
 */
static double
budget_allows(const struct ts_probe_tool_opts *o, struct watch *w,
    double now, bool routine)
{
	ts_pw_budget_count(&w->budget, now, ts_probe_host_cpu_s());
	return now + ts_pw_budget_wait(&w->budget, reading_cost(o, w),
	    routine ? TS_PW_RESERVE : 0);
}

/*
 * Judge the reading that just ended (started with the process at `cpu0`
 * CPU-seconds) into the window and gauge, read the kernel's signals, and
 * say when the next reading starts: the routine one (an interval after
 * the last routine reading, or after a reading a check brought forward),
 * or (in the cheap schedule) a confirmation soon after a reading that
 * disagreed with the gauge; not before the budget allows it.
 */
static double
watch_next(const struct ts_probe_tool_opts *o, struct watch *w,
    const struct ts_probe_result *res, double cpu0)
{
	struct ts_probe_host prev = w->host;
	struct ts_pw_reading pr;
	double now = ts_now(), next, delay;
	bool confirm;

	ts_probe_host_read(&w->host, w->reading > 1 ? &prev : NULL);
	w->pm.reading_cpu_s = w->host.cpu_s - cpu0;
	pr.t = now;
	pr.score = ts_probe_score(res);
	pr.wait_share = ts_probe_wait_share(res);
	confirm = ts_pw_add(&w->pw, &pr);
	ts_pw_estimate(&w->pw, now, &w->pm.est);
	w->pm.degraded = w->pw.degraded;
	w->pm.raised = w->pw.raised;
	w->pm.readings = w->reading;
	/*
	 * A routine reading moves the schedule on by one interval; one
	 * missed by a whole interval or more (a machine suspended, a
	 * stopped process) is not made up for.
	 */
	if (w->turn == TURN_ROUTINE) {
		/* What a reading costs after the schedule's idle spell: not
		 * one soon after a confirmation or a check's reading. */
		if (w->reading == 1 || now - prev.t >= 0.8 * w->pm.interval_s)
			keep_cost(o, w, w->pm.reading_cpu_s);
		w->due += w->pm.interval_s;
		if (w->due + w->pm.interval_s <= now)
			w->due = now;
	} else if (w->turn != TURN_CONFIRM)
		/* A check's reading was the routine one, brought forward. */
		w->due = now + w->pm.interval_s;
	next = w->due;
	w->turn = TURN_ROUTINE;
	delay = ts_pw_confirm_delay(w->pm.interval_s);
	if (o->cheap && confirm && now + delay < w->due) {
		next = now + delay;
		w->turn = TURN_CONFIRM;
	}
	if (o->cheap)
		next = fmax(next, budget_allows(o, w, now,
		    w->turn == TURN_ROUTINE));
	return next;
}

/*
 * Read the CPUs' busy ticks (a cheap schedule's check between readings):
 * true when one of them turned busy since the last check (TS_PW_BUSY of
 * the time), or when the busiest turned calm again (less than half of
 * that), which calls a reading now: the gauge goes up soon after a
 * neighbour comes and down soon after it goes.
 */
static bool
check_cpus(struct watch *w)
{
	struct ts_cpu_ticks now = { 0, NULL, NULL };
	double share;
	bool was = w->busy;

	if (ts_cpu_ticks_read(&now) <= 0) {
		ts_cpu_ticks_free(&now);
		return false;
	}
	share = ts_cpu_busiest(&w->ticks, &now, &w->cpus);
	ts_cpu_ticks_free(&w->ticks);
	w->ticks = now;
	w->host.busiest_share = share;
	if (isnan(share))
		return false;
	if (share >= TS_PW_BUSY)
		w->busy = true;
	else if (share < TS_PW_BUSY / 2)
		w->busy = false;
	return w->busy != was;
}

/*
 * Wait for the next reading, at `next`: in the cheap schedule, checking
 * the CPUs every TS_PW_CHECK_S meanwhile, and bringing the reading
 * forward (as far as the budget, reserve and all, allows) when one turns
 * busy or calm.  The edge is not lost when the budget is short: the
 * reading it calls comes when the budget allows, and says why.
 */
static void
watch_wait(const struct ts_probe_tool_opts *o, struct watch *w, double next)
{
	double now;

	while (w->checking && !stopped(o) && ts_now() < next &&
	    w->next_check < next) {
		sleep_until(o, w->next_check);
		if (stopped(o))
			return;
		now = ts_now();
		w->next_check = fmax(w->next_check + TS_PW_CHECK_S, now + 1);
		if (check_cpus(w) && w->turn != TURN_CONFIRM) {
			next = fmin(next, budget_allows(o, w, now, false));
			w->turn = w->busy ? TURN_BUSY : TURN_CALM;
		}
	}
	sleep_until(o, next);
}

/* One watch line: the reading, the window, the signals, the identity. */
static void
watch_line(struct ts_buf *b, const struct ts_probe_tool_opts *o,
    const struct watch *w, const struct ts_probe_result *res,
    const struct ts_probeout_check *chk, double unix_time,
    enum watch_turn turn)
{
	ts_probeout_json_open(b, res, chk, w->reading, unix_time);
	ts_probeout_json_watch(b, res, &w->host, &w->pm,
	    turn == TURN_CONFIRM);
	if (turn == TURN_BUSY || turn == TURN_CALM)
		ts_buf_printf(b, ",\"trigger\":\"%s\"", turn == TURN_BUSY ?
		    "cpu_busy" : "cpu_calm");
	ts_hostid_json(b, o->id, o->tags, o->ntags);
	ts_buf_puts(b, "}\n");
}

/*
 * Start the checks of the CPUs' busy ticks, in the cheap schedule when
 * /proc/stat has them.
 */
static void
start_checks(const struct ts_probe_tool_opts *o, struct watch *w)
{
	w->host.busiest_share = NAN;
	if (!o->cheap || sched_getaffinity(0, sizeof w->cpus, &w->cpus) ==
	    -1 || ts_cpu_ticks_read(&w->ticks) <= 0)
		return;
	w->checking = true;
	w->next_check = ts_now() + TS_PW_CHECK_S;
}

/*
 * Watch mode: build the chains once, then take readings until the count
 * or the stop flag, each judged into the window and the gauge and
 * published.  Return the exit status.
 */
static int
watch(struct ts_probe_tool_opts *o, const struct ts_probeout_check *chk)
{
	struct ts_probe_result res;
	struct ts_promctx ctx = promctx(o);
	struct tachyon_probe *pr;
	struct ts_pw_rule rule;
	struct watch w;
	struct ts_buf out;
	double unix_time, next, cpu0;
	enum watch_turn turn;
	int status = TS_EXIT_OK;

	if ((pr = open_probe(o)) == NULL) {
		textfile_failed(o, "chains");
		return TS_EXIT_FAILURE;
	}
	memset(&w, 0, sizeof w);
	ts_pw_rule_default(&rule);
	rule.min_score = o->min_score;
	ts_pw_init(&w.pw, o->window, &rule);
	w.pm.window_s = o->window;
	w.pm.interval_s = w.least = o->interval;
	w.pm.reading_cpu_s = NAN;
	ctx.host = &w.host;
	ctx.watch = &w.pm;
	ts_buf_init(&out);
	start_checks(o, &w);
	w.due = ts_now();
	ts_pw_budget_start(&w.budget, w.due, ts_probe_host_cpu_s());
	for (;;) {
		turn = w.turn;
		cpu0 = ts_probe_host_cpu_s();
		if (measure(o, pr, &res) == -1) {
			textfile_failed(o, "reading");
			status = TS_EXIT_FAILURE;
			break;
		}
		w.reading++;
		unix_time = ts_probeout_unix_time();
		next = watch_next(o, &w, &res, cpu0);
		/*
		 * A reading cut short by a signal is not published.  A watch
		 * outlives a failed write (a full disk, say).
		 */
		if (o->textfile_path != NULL && !res.interrupted)
			(void)textfile_reading(o, &res, chk, unix_time, &ctx);
		watch_line(&out, o, &w, &res, chk, unix_time, turn);
		if (!emit(&out)) {
			status = TS_EXIT_FAILURE;
			break;
		}
		if (stopped(o) || w.reading == o->count)
			break;
		watch_wait(o, &w, next);
		if (stopped(o))
			break;
	}
	ts_buf_free(&out);
	ts_pw_free(&w.pw);
	ts_cpu_ticks_free(&w.ticks);
	close_probe(pr);
	/* A watch whose file does not hold its last reading failed. */
	if (status == TS_EXIT_OK && write_failing)
		status = TS_EXIT_FAILURE;
	return status;
}

int
ts_probe_tool_run(struct ts_probe_tool_opts *o, struct ts_topo *topo)
{
	struct ts_cache_report rep;
	struct ts_auto_report arep;
	struct ts_probeout_check chk;
	int status;

	status = size_working_set(o, topo, &rep, &arep, &chk);
	if (status != TS_EXIT_OK)
		textfile_failed(o, "working_set");
	/* The cheap schedule's spacing, once the chains' size is known. */
	if (o->cheap)
		o->interval = ts_pw_interval_for(o->threads, o->seconds,
		    (double)o->ws_bytes);
	if (status == TS_EXIT_OK && o->wrap_argv != NULL)
		status = wrap_command(o, &chk);
	else if (status == TS_EXIT_OK && o->watch)
		status = watch(o, &chk);
	else if (status == TS_EXIT_OK)
		status = reading(o, &chk);
	return status;
}
