/* SPDX-License-Identifier: MIT */
/*
 * The run of an experiment (ab-exp.h).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ab-exp.h"
#include "ab-progress.h"
#include "ab-probe.h"
#include "ab-words.h"
#include "eta.h"
#include "host/host-steal.h"
#include "msg.h"
#include "rng.h"
#include "util.h"

static const char side_name[2] = { 'A', 'B' };

/* What a run of the loop carries besides o and e. */
struct run {
	const struct ab_opts	*o;
	struct ab_exp		*e;
	struct ts_rng		 rng;
	struct ab_probe		*probe;
	struct ab_progress	 progress;
	struct ts_ab_est	 est;		/* at the latest look */
	bool			 have_est;
	double			 width;		/* the stopping rule's */
	size_t			 looked;
	double			 t0;
	int			 pair_set;	/* duet: A's set, a pair's first */
	bool			 told_leftovers[2];
};

/* Grow e's per-round arrays and both sides' to hold one more. */
static void
grow(struct ab_exp *e)
{
	struct ab_side *s;
	size_t cap, i;

	if (e->side[0].n < e->cap && e->side[1].n < e->cap &&
	    e->rounds < e->cap)
		return;
	cap = e->cap == 0 ? 64 : e->cap * 2;
	for (i = 0; i < 2; i++) {
		s = &e->side[i];
		s->value = ts_xrealloc(s->value, cap * sizeof *s->value);
		s->wall = ts_xrealloc(s->wall, cap * sizeof *s->wall);
		s->user = ts_xrealloc(s->user, cap * sizeof *s->user);
		s->sys = ts_xrealloc(s->sys, cap * sizeof *s->sys);
		s->rss = ts_xrealloc(s->rss, cap * sizeof *s->rss);
		s->status = ts_xrealloc(s->status, cap * sizeof *s->status);
	}
	e->order = ts_xrealloc(e->order, cap * sizeof *e->order);
	e->round_s = ts_xrealloc(e->round_s, cap * sizeof *e->round_s);
	e->round_score = ts_xrealloc(e->round_score,
	    cap * sizeof *e->round_score);
	e->readings = ts_xrealloc(e->readings, (cap + 1) *
	    sizeof *e->readings);
	e->cap = cap;
}

/* Record a failure in one line; return -1. */
static int __attribute__((format(printf, 2, 3)))
fail(struct ab_exp *e, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	free(e->error);
	e->error = ts_xstrdup(buf);
	e->end = AB_END_FAILED;
	return -1;
}

/* Where a run stands, for messages: "round 3", "warm-up round 1". */
static const char *
where(bool warm, size_t i, char *buf, size_t len)
{
	snprintf(buf, len, "%sround %zu", warm ? "warm-up " : "", i + 1);
	return buf;
}

/*
 * Run one of the commands around the runs (--prepare, --conclude,
 * --cleanup): 0, or -1 with how it ended in why.
 */
static int
run_aux(const struct ab_opts *o, const char *cmd, bool to_end, char *why,
    size_t len)
{
	struct ab_how how = o->how;
	struct ab_launch l;
	struct ab_ran ran;
	char **words = NULL;
	size_t n;

	how.capture = false;
	how.to_end = to_end;
	memset(&l, 0, sizeof l);
	l.text = cmd;
	if (how.shell == NULL) {
		if ((words = ab_words_split(cmd, &n, why, len)) == NULL)
			return -1;
		l.argv = words;
	}
	if (ab_proc_run(&how, &l, 1, &ran, why, len) == -1) {
		ab_words_free(words);
		return -1;
	}
	ab_words_free(words);
	if (ran.status == 0 && ran.exec_errno == 0)
		return 0;
	ab_ran_how(&ran, &how, why, len);
	return -1;
}

/* --prepare or --conclude of a side, if any: 0, or -1 (e->error). */
static int
aux(struct run *r, const char *opt, const char *cmd, int s, bool warm,
    size_t i)
{
	char why[512], at[64];

	if (cmd == NULL || ab_proc_interrupted() != 0)
		return 0;
	if (run_aux(r->o, cmd, false, why, sizeof why) == 0 ||
	    ab_proc_interrupted() != 0)
		return 0;
	return fail(r->e, "%s for command %c ('%s') failed in %s: %s", opt,
	    side_name[s], cmd, where(warm, i, at, sizeof at), why);
}

/* Say once per side that a command leaves processes behind. */
static void
say_leftovers(struct run *r, int s, const struct ab_ran *ran, bool warm,
    size_t i)
{
	char at[64];

	if (ran->leftovers == 0 || r->told_leftovers[s])
		return;
	r->told_leftovers[s] = true;
	ts_warning("command %c ('%s') left %u process%s running after its run "
	    "in %s; they are ended at the end of every run", side_name[s],
	    r->o->command[s], ran->leftovers, ran->leftovers == 1 ? "" : "es",
	    where(warm, i, at, sizeof at));
}

/*
 * Check a run and take its figure into *v: 0, or -1 (e->error).  A run
 * cut short by an interruption is not judged (1).
 */
static int
check_run(struct run *r, int s, const struct ab_ran *ran, bool warm,
    size_t i, double *v)
{
	const struct ab_opts *o = r->o;
	char why[512], at[64];
	int rc;

	if (ab_proc_interrupted() != 0 || ran->refused)
		return 1;
	where(warm, i, at, sizeof at);
	if (ran->stopped != 0)
		return fail(r->e, "command %c ('%s') was stopped in %s (%s): a "
		    "stopped command cannot be timed", side_name[s],
		    o->command[s], at, ab_ran_how(ran, &o->how, why,
		    sizeof why));
	say_leftovers(r, s, ran, warm, i);
	if ((ran->status != 0 || ran->exec_errno != 0) &&
	    !o->ignore_failure)
		return fail(r->e, "command %c ('%s') failed in %s: %s (use "
		    "--ignore-failure to go on)", side_name[s],
		    o->command[s], at, ab_ran_how(ran, &o->how, why,
		    sizeof why));
	if (ran->overflow)
		return fail(r->e, "command %c ('%s'), %s: its standard output "
		    "passed %u MiB, the most a figure is read from",
		    side_name[s], o->command[s], at, AB_OUTPUT_MAX >> 20);
	if ((rc = ab_proc_figure(&o->metric, ran, v, why, sizeof why)) == 1)
		return 1;
	if (rc == -1 || ts_ab_metric_check(&o->metric, *v, why, sizeof why)
	    == -1)
		return fail(r->e, "command %c ('%s'), %s: %s", side_name[s],
		    o->command[s], at, why);
	return 0;
}

/* Keep a measured run of side s. */
static void
keep(struct ab_exp *e, int s, const struct ab_ran *ran, double v)
{
	struct ab_side *d = &e->side[s];

	grow(e);
	d->value[d->n] = v;
	d->wall[d->n] = ran->s.wall_s;
	d->user[d->n] = ran->s.user_s;
	d->sys[d->n] = ran->s.sys_s;
	d->rss[d->n] = ran->s.maxrss_kib;
	d->status[d->n] = ran->status;
	d->n++;
}

/*
 * Start the commands of sides[0..n) together (with their CPU sets in
 * duet) and check them: 0, 1 when interrupted, -1 (e->error).
 */
static int
launch(struct run *r, const int *sides, size_t n, const int *set, bool warm,
    size_t i, struct ab_ran *ran, double *v)
{
	const struct ab_opts *o = r->o;
	struct ab_launch l[2];
	char why[512];
	size_t k;
	int rc = 0, c;

	for (k = 0; k < n; k++) {
		l[k].text = o->command[sides[k]];
		l[k].argv = o->argv[sides[k]];
		l[k].cpus = set != NULL ? &o->cpus[set[k]] : NULL;
	}
	if (ab_proc_run(&o->how, l, n, ran, why, sizeof why) == -1)
		return fail(r->e, "%s", why);
	for (k = 0; k < n && rc == 0; k++) {
		c = check_run(r, sides[k], &ran[k], warm, i, &v[k]);
		if (c != 0)
			rc = c;
	}
	if (rc != 0)
		for (k = 0; k < n; k++)
			ab_ran_free(&ran[k]);
	return rc;
}

/*
 * One round of A and B (or, in sequential, one run of side only): runs
 * kept unless warm.  0, 1 when interrupted, -1 (e->error).
 */
static int
round_once(struct run *r, bool warm, size_t i, int only)
{
	const struct ab_opts *o = r->o;
	struct ab_exp *e = r->e;
	struct ab_ran ran[2];
	double v[2], start, took = 0;
	int sides[2], set[2], first, k, rc;

	start = ts_now();
	if (o->design == TS_AB_DUET) {
		/*
		 * Rounds come in pairs with A once on each CPU set, adjacent
		 * so that a set's slowness is the same in both; a coin
		 * decides which comes first, so that nothing periodic in the
		 * host lines up with the order.
		 */
		if (i % 2 == 0)
			r->pair_set = (int)(ts_rng_next(&r->rng) >> 63);
		set[0] = i % 2 == 0 ? r->pair_set : 1 - r->pair_set;
		set[1] = 1 - set[0];
		sides[0] = 0;
		sides[1] = 1;
		if (aux(r, "--prepare", o->prepare[0], 0, warm, i) == -1 ||
		    aux(r, "--prepare", o->prepare[1], 1, warm, i) == -1)
			return -1;
		if (ab_proc_interrupted() != 0)
			return 1;
		if ((rc = launch(r, sides, 2, set, warm, i, ran, v)) != 0)
			return rc;
		took = ran[0].s.wall_s > ran[1].s.wall_s ? ran[0].s.wall_s :
		    ran[1].s.wall_s;
		if (aux(r, "--conclude", o->conclude[0], 0, warm, i) == -1 ||
		    aux(r, "--conclude", o->conclude[1], 1, warm, i) == -1) {
			ab_ran_free(&ran[0]);
			ab_ran_free(&ran[1]);
			return -1;
		}
		first = set[0];
	} else {
		/* RMIT: a fresh random order every round. */
		first = only >= 0 ? only : (int)(ts_rng_next(&r->rng) >> 63);
		for (k = 0; k < (only >= 0 ? 1 : 2); k++) {
			sides[k] = k == 0 ? first : 1 - first;
			if (aux(r, "--prepare", o->prepare[sides[k]], sides[k],
			    warm, i) == -1)
				goto failed;
			if (ab_proc_interrupted() != 0)
				goto stopped;
			if ((rc = launch(r, &sides[k], 1, NULL, warm, i,
			    &ran[k], &v[k])) != 0) {
				if (k == 1)
					ab_ran_free(&ran[0]);
				return rc;
			}
			took += ran[k].s.wall_s;
			if (aux(r, "--conclude", o->conclude[sides[k]],
			    sides[k], warm, i) == -1) {
				ab_ran_free(&ran[k]);
				goto failed;
			}
		}
	}
	if (ab_proc_interrupted() != 0) {
		rc = 1;
		goto done;
	}
	if (!warm) {
		for (k = 0; k < (only >= 0 ? 1 : 2); k++)
			keep(e, sides[k], &ran[k], v[k]);
		if (only < 0) {
			e->order[e->rounds] = (unsigned char)first;
			e->round_s[e->rounds] = took;
			e->round_score[e->rounds] = NAN;
			e->rounds++;
		}
	}
	(void)start;
	rc = 0;
done:
	for (k = 0; k < (only >= 0 ? 1 : 2); k++)
		ab_ran_free(&ran[k]);
	return rc;
stopped:
	if (k == 1)
		ab_ran_free(&ran[0]);
	return 1;
failed:
	if (k == 1)
		ab_ran_free(&ran[0]);
	return -1;
}

/* A probe reading into e (and the round's score); 0 or -1 (e->error). */
static int
read_probe(struct run *r)
{
	struct ab_exp *e = r->e;
	char why[256];
	double v;
	size_t i;

	if (r->probe == NULL)
		return 0;
	v = ab_probe_read(r->probe, why, sizeof why);
	if (isnan(v))
		return fail(e, "--probe: %s", why);
	grow(e);
	e->readings[e->nreadings++] = v;
	/* A round's host: the geometric mean of the readings around it. */
	if (e->rounds > 0 && e->nreadings >= 2) {
		i = e->rounds - 1;
		e->round_score[i] = sqrt(e->readings[e->nreadings - 2] * v);
	}
	return 0;
}

/* Look at the interval when due; the stopping rule's width into r. */
static void
look(struct run *r)
{
	const struct ab_opts *o = r->o;
	struct ab_exp *e = r->e;
	char err[256];
	size_t n;

	if (!ts_ab_stop_due(&o->stop, e->rounds, r->looked))
		return;
	n = e->rounds;
	if (ts_ab_estimate_sets(o->design, e->side[0].value, e->side[1].value,
	    e->order, n, &r->est, err, sizeof err) == 0) {
		r->have_est = true;
		r->width = ts_ab_stop_width(&r->est);
	}
	r->looked = n;
}

/* Draw the progress line after round or run i. */
static void
progress(struct run *r, const char *what, int s_only)
{
	const struct ab_opts *o = r->o;
	struct ab_exp *e = r->e;
	double a = NAN, b = NAN, left, round_s, elapsed;

	if (!r->progress.on)
		return;
	if (e->side[0].n > 0 && s_only != 1)
		a = e->side[0].value[e->side[0].n - 1];
	if (e->side[1].n > 0 && s_only != 0)
		b = e->side[1].value[e->side[1].n - 1];
	elapsed = ts_now() - r->t0;
	round_s = e->rounds > 0 ? elapsed / (double)e->rounds : -1;
	left = ts_ab_rounds_left(&o->stop, e->rounds, elapsed, round_s,
	    r->width);
	ab_progress_draw(&r->progress, what, &o->metric, a, b,
	    r->have_est ? &r->est : NULL, left >= 0 && round_s > 0 ?
	    left * round_s : -1);
}

/* The warm-up rounds (in sequential, side s's runs alone). */
static int
warm_up(struct run *r, int only)
{
	char what[64];
	unsigned w;
	int rc;

	for (w = 0; w < r->o->warmup; w++) {
		snprintf(what, sizeof what, "warm-up %u/%u", w + 1,
		    r->o->warmup);
		progress(r, what, only);
		if ((rc = round_once(r, true, w, only)) != 0)
			return rc;
	}
	return 0;
}

/* The rounds of interleaved and duet. */
static int
paired_rounds(struct run *r)
{
	const struct ab_opts *o = r->o;
	struct ab_exp *e = r->e;
	char what[64];
	double elapsed;
	int rc;

	r->width = NAN;
	for (;;) {
		if ((rc = round_once(r, false, e->rounds, -1)) != 0)
			return rc;
		snprintf(what, sizeof what, "%zu round%s", e->rounds,
		    e->rounds == 1 ? "" : "s");
		if (read_probe(r) == -1)
			return -1;
		look(r);
		elapsed = ts_now() - r->t0;
		e->why = ts_ab_stop_check(&o->stop, e->rounds, elapsed,
		    elapsed / (double)e->rounds, r->width);
		progress(r, what, -1);
		if (e->why != TS_AB_MORE)
			return 0;
	}
}

/*
 * Sequential: A's runs until its own interval on the mean log is within
 * the precision over sqrt 2 (or half the time is gone), then as many of
 * B's, each with its warm-up first, as hyperfine runs them.
 */
static int
sequential_runs(struct run *r)
{
	const struct ab_opts *o = r->o;
	struct ab_exp *e = r->e;
	struct ts_ab_stop half = o->stop;
	double elapsed, width;
	size_t i, want;
	char what[64];
	int rc;

	half.max_time = o->stop.max_time / 2;
	half.precision = o->stop.precision / sqrt(2.0);
	if ((rc = warm_up(r, 0)) != 0)
		return rc;
	r->t0 = ts_now();
	for (i = 0;; i++) {
		if ((rc = round_once(r, false, i, 0)) != 0)
			return rc;
		snprintf(what, sizeof what, "A: %zu run%s", i + 1,
		    i == 0 ? "" : "s");
		if (read_probe(r) == -1)
			return -1;
		elapsed = ts_now() - r->t0;
		width = ts_ab_side_half_width(e->side[0].value, e->side[0].n);
		e->why = ts_ab_stop_check(&half, e->side[0].n, elapsed,
		    elapsed / (double)e->side[0].n, width);
		progress(r, what, 0);
		if (e->why != TS_AB_MORE)
			break;
	}
	want = e->side[0].n;
	if ((rc = warm_up(r, 1)) != 0)
		return rc;
	for (i = 0; i < want; i++) {
		if ((rc = round_once(r, false, i, 1)) != 0)
			return rc;
		snprintf(what, sizeof what, "B: %zu of %zu runs", i + 1, want);
		e->order[e->rounds] = 0;
		e->round_s[e->rounds] = e->side[0].wall[e->rounds] +
		    e->side[1].wall[e->rounds];
		e->round_score[e->rounds] = NAN;
		e->rounds++;
		if (read_probe(r) == -1)
			return -1;
		progress(r, what, 1);
	}
	return 0;
}

int
ab_exp_run(const struct ab_opts *o, struct ab_exp *e)
{
	struct run r;
	char why[256];
	double steal0;
	long cpus;
	int rc = 0;

	memset(e, 0, sizeof *e);
	ts_ab_host_init(&e->host);
	cpus = sysconf(_SC_NPROCESSORS_ONLN);
	e->online_cpus = cpus > 0 ? (unsigned)cpus : 1;
	memset(&r, 0, sizeof r);
	r.o = o;
	r.e = e;
	r.width = NAN;
	ts_rng_seed(&r.rng, o->seed);
	ab_progress_init(&r.progress, stderr, o->progress);
	if (o->probe && (r.probe = ab_probe_open(why, sizeof why)) == NULL)
		return fail(e, "--probe: %s", why);
	r.t0 = ts_now();
	steal0 = ts_steal_ms();
	if (o->design == TS_AB_SEQUENTIAL)
		rc = sequential_runs(&r);
	else if ((rc = warm_up(&r, -1)) == 0) {
		r.t0 = ts_now();
		steal0 = ts_steal_ms();
		if ((rc = read_probe(&r)) == 0)
			rc = paired_rounds(&r);
	}
	e->elapsed_s = ts_now() - r.t0;
	e->steal_ms = ts_steal_ms() - steal0;
	ab_progress_erase(&r.progress);
	ab_probe_close(r.probe);
	if (rc == 1 || (rc == 0 && ab_proc_interrupted() != 0)) {
		e->end = AB_END_INTERRUPTED;
		e->signal = ab_proc_interrupted();
		return 0;
	}
	if (rc == 0)
		e->end = AB_END_STOPPED;
	return rc == 0 ? 0 : -1;
}

int
ab_exp_judge(const struct ab_opts *o, struct ab_exp *e)
{
	double *lr;
	char err[256];
	size_t i, n = e->rounds;

	if (ts_ab_estimate_sets(o->design, e->side[0].value, e->side[1].value,
	    e->order, n, &e->est, err, sizeof err) == -1)
		return fail(e, "%s", err);
	e->verdict = ts_ab_verdict(&e->est, o->higher_better);
	e->gate_failed = o->fail_above >= 0 &&
	    ts_ab_worse_beyond(&e->est, o->higher_better, o->fail_above);
	lr = ts_xcalloc(n + 1, sizeof *lr);
	for (i = 0; i < n; i++)
		lr[i] = log(e->side[1].value[i] / e->side[0].value[i]);
	ts_ab_host_init(&e->host);
	ts_ab_host_probe(&e->host, e->readings, e->nreadings, e->round_score,
	    lr, n);
	free(lr);
	ts_ab_host_lost(&e->host, e->round_s, n, e->steal_ms,
	    e->elapsed_s * (double)e->online_cpus);
	return 0;
}

int
ab_exp_cleanup(const struct ab_opts *o)
{
	char why[512];
	int s, rc = 0;

	for (s = 0; s < 2; s++) {
		if (o->cleanup[s] == NULL)
			continue;
		if (run_aux(o, o->cleanup[s], true, why, sizeof why) == -1) {
			ts_error("--cleanup for command %c ('%s') failed: %s",
			    side_name[s], o->cleanup[s], why);
			rc = -1;
		}
	}
	/* The last command has run: the launcher ends, and all below it. */
	ab_proc_end();
	return rc;
}

void
ab_exp_free(struct ab_exp *e)
{
	int s;

	for (s = 0; s < 2; s++) {
		free(e->side[s].value);
		free(e->side[s].wall);
		free(e->side[s].user);
		free(e->side[s].sys);
		free(e->side[s].rss);
		free(e->side[s].status);
	}
	free(e->order);
	free(e->round_s);
	free(e->round_score);
	free(e->readings);
	free(e->error);
	memset(e, 0, sizeof *e);
}
