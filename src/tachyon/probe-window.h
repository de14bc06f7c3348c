/* SPDX-License-Identifier: MIT */
/*
 * tachyon's watch between its readings: the readings of the last window
 * combined into one score with its interval, the host's own recent past
 * (the baseline), the "degraded" gauge's rule, and the CPU budget that
 * keeps the schedule cheap.  Arithmetic on readings given to it; it
 * reads no clock and takes no reading, so that tests can give it any.
 */
#ifndef TS_PROBE_WINDOW_H
#define TS_PROBE_WINDOW_H

#include <stdbool.h>
#include <stddef.h>

/*
 * The cheap schedule (--watch without --interval): readings this long,
 * taking this many CPU-seconds an hour when they follow each other at
 * the interval the budget gives them.  Every reading the schedule takes
 * (with the confirmations and the program's own work between readings)
 * comes out of a bucket of TS_PW_BURST CPU-seconds, refilled at
 * TS_PW_BUDGET an hour: no hour can take more than the two together,
 * 3.6, which is 0.1 % of one CPU.  A routine reading leaves
 * TS_PW_RESERVE in the bucket for the readings a check or a disagreement
 * calls, so that a neighbour who comes finds the budget there.
 * Confirmations come a third of an interval after a reading that
 * disagrees with the gauge.
 */
#define TS_PW_READING_S		0.02
#define TS_PW_ROUTINE_CPU_H	2.4
#define TS_PW_BUDGET		3.1
#define TS_PW_BURST		0.5	/* the bucket's CPU-seconds */
#define TS_PW_RESERVE		0.25	/* what a routine reading leaves */
#define TS_PW_MIN_INTERVAL	30.0
/*
 * A reading first reads one slot of every page of its chain (the probe's
 * priming): counted in the schedule at this many seconds a 4 KiB page,
 * above the 0.20-0.27 us a page measured on the 2-vCPU VMs.
 */
#define TS_PW_PRIME_PAGE_S	3e-7
#define TS_PW_PAGE_BYTES	4096.0
#define TS_PW_WINDOW_S		600.0	/* --window's default */
/*
 * After an idle spell a reading costs more than back to back (its
 * priming finds the chain's translations cold: on the 2-vCPU VMs 0.05
 * CPU-s at 10 s apart, 0.08 at 75 s, 0.12 at 150 s, before the 20 ms
 * warm-up added 0.04 on 2 threads), so the cheap
 * schedule measures the cost of each routine reading that follows a
 * whole idle spell and spaces them by the median of the last
 * TS_PW_COSTS.
 */
#define TS_PW_COSTS		5
/*
 * Between readings the cheap schedule reads each CPU's busy ticks
 * (/proc/stat, no work on the CPUs) every TS_PW_CHECK_S; when one of
 * them turns busy for TS_PW_BUSY of that time, or the busiest turns calm
 * again (busy under half of that), a reading comes at once rather than
 * at its turn.  A confirmation comes a third of an interval
 * after the reading it confirms, and at most TS_PW_CONFIRM_S.
 */
#define TS_PW_CHECK_S		15.0
#define TS_PW_BUSY		0.5
#define TS_PW_CONFIRM_S		30.0

/* The gauge's rule: what makes a reading "suspect". */
struct ts_pw_rule {
	double	 drop;		/* score below (1 - drop) x the baseline */
	double	 wait_rise;	/* a thread's wait share above the usual by this */
	double	 min_score;	/* score below this (0: no floor) */
	size_t	 min_history;	/* readings before the baseline is trusted */
	double	 history_s;	/* how far back the baseline looks */
};

/* The defaults: 0.3, 0.25, no floor, 5 readings, 6 hours. */
void	 ts_pw_rule_default(struct ts_pw_rule *rule);

/* One reading as the watch keeps it. */
struct ts_pw_reading {
	double	 t;		/* when it ended (monotonic seconds) */
	double	 score;		/* M accesses/s */
	/* the most-waiting thread's run-queue wait over the reading's length
	 * (0..1); negative when the kernel does not say */
	double	 wait_share;
};

/* The window, the history and the gauge. */
struct ts_pw {
	double			 window_s;
	struct ts_pw_rule	 rule;
	struct ts_pw_reading	*hist;	/* oldest first, within rule.history_s */
	size_t			 n, cap;
	bool			 degraded;
	bool			 pending;	/* the last reading disagreed */
	unsigned long		 raised;	/* times the gauge went to 1 */
	/* the last reading's baseline (see ts_pw_estimate) */
	double			 baseline, baseline_wait;
};

/* What the window says at a time. */
struct ts_pw_estimate {
	size_t	 n;		/* readings in the window */
	double	 mean;		/* their mean score (NaN when n is 0) */
	double	 low, high;	/* its 95 % interval (NaN when n < 2) */
	double	 wait_share;	/* their mean wait share (NaN: unknown) */
	/* the median score and wait share of the history before the last
	 * reading (NaN until rule.min_history readings) */
	double	 baseline, baseline_wait;
};

/* What a watch publishes after a reading. */
struct ts_pw_report {
	struct ts_pw_estimate	 est;
	bool			 degraded;
	unsigned long		 raised;	/* times the gauge went to 1 */
	unsigned long		 readings;	/* taken since the start */
	double			 window_s, interval_s;
	double			 reading_cpu_s;	/* the last one's own; NaN */
};

void	 ts_pw_init(struct ts_pw *w, double window_s,
	    const struct ts_pw_rule *rule);
void	 ts_pw_free(struct ts_pw *w);

/*
 * Whether reading r is suspect against the history held before it
 * (baseline and baseline_wait as ts_pw_estimate gives them; NaN: no
 * relative rule yet).
 */
bool	 ts_pw_suspect(const struct ts_pw_rule *rule,
	    const struct ts_pw_reading *r, double baseline,
	    double baseline_wait);

/*
 * Judge r against the history, add it, and drop what has grown older
 * than the history's reach.  The gauge changes when two readings in a
 * row disagree with it: to 1 after two suspect readings, back to 0 after
 * two that are not.  Return true when r disagreed with the gauge and a
 * second reading should come soon (a confirmation).
 */
bool	 ts_pw_add(struct ts_pw *w, const struct ts_pw_reading *r);

/* The window ending at `now`, and the baseline before the last reading. */
void	 ts_pw_estimate(const struct ts_pw *w, double now,
	    struct ts_pw_estimate *e);

/*
 * The mean of v[0..n) and its 95 % interval by Student's t (n - 1
 * degrees of freedom); *low and *high NaN when n < 2, all NaN when n is 0.
 */
void	 ts_pw_interval(const double *v, size_t n, double *mean, double *low,
	    double *high);

/*
 * The CPU-seconds one thread spends on a reading of `seconds` over a
 * chain of `ws_bytes`: the chase, its warm-up (TS_PROBE_WARM_S) and its
 * priming.
 */
double	 ts_pw_thread_cost(double seconds, double ws_bytes);

/*
 * The cheap schedule's interval for `threads` readings of `seconds` over
 * chains of `ws_bytes`: TS_PW_ROUTINE_CPU_H CPU-seconds an hour, to the
 * nearest second, and at least TS_PW_MIN_INTERVAL.
 */
double	 ts_pw_interval_for(unsigned long threads, double seconds,
	    double ws_bytes);

/*
 * The cheap schedule's interval for readings that cost `cost` CPU-seconds
 * each: TS_PW_ROUTINE_CPU_H an hour, to the nearest second, and never
 * less than `least` (ts_pw_interval_for's, from the chains' size).
 */
double	 ts_pw_spacing(double least, double cost);

/*
 * The median of the last TS_PW_COSTS costs in c[0..n) (the newest last),
 * or NaN when n is 0.
 */
double	 ts_pw_cost_median(const double *c, size_t n);

/* When a confirmation comes after a reading, for the routine interval. */
double	 ts_pw_confirm_delay(double interval);

/*
 * The budget's bucket: the CPU-seconds in hand when it last counted the
 * process's CPU time.
 */
struct ts_pw_budget {
	double	 credit;	/* CPU-seconds in hand, at most TS_PW_BURST */
	double	 t;		/* when it last counted (monotonic seconds) */
	double	 cpu;		/* the process's CPU-seconds then */
};

/* A full bucket at `now`, the process having used `cpu` CPU-seconds. */
void	 ts_pw_budget_start(struct ts_pw_budget *b, double now, double cpu);

/*
 * Count the time since the bucket last counted (TS_PW_BUDGET an hour in,
 * to TS_PW_BURST at most) and the CPU-seconds the process used (out, to
 * below nothing when it overspent).
 */
void	 ts_pw_budget_count(struct ts_pw_budget *b, double now, double cpu);

/*
 * Seconds from the bucket's last count until it holds `cost` and
 * `reserve` besides (all of it, when the two are more than it holds):
 * 0 when it does now.
 */
double	 ts_pw_budget_wait(const struct ts_pw_budget *b, double cost,
	    double reserve);

#endif /* TS_PROBE_WINDOW_H */
