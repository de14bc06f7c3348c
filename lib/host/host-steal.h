/* SPDX-License-Identifier: MIT */
/*
 * What the host takes from a measurement, as the kernel reports it: the
 * CPU time a hypervisor stole (/proc/stat), and the involuntary context
 * switches of the calling thread (getrusage RUSAGE_THREAD) and its time
 * waiting for a CPU (schedstat).
 */
#ifndef TS_HOST_STEAL_H
#define TS_HOST_STEAL_H

#include <stdint.h>

/*
 * The steal time of every CPU together since boot, in ms, from the
 * "cpu" line of /proc/stat (its eighth figure, in USER_HZ ticks); NaN
 * when the file or the figure is missing.
 */
double	 ts_steal_ms(void);

/* Parse that figure out of /proc/stat's text (for tests); NaN if absent. */
double	 ts_steal_ms_parse(const char *text, long ticks_per_sec);

/*
 * One of /proc/stat's CPU lines: *cpu gets its CPU number ("cpuN"), or -1
 * for the aggregate line ("cpu" and a blank), and f its first 8 tick
 * counts (user, nice, system, idle, iowait, irq, softirq, steal; those
 * the line does not give stay 0).  Return how many counts the line gave,
 * or -1 when it is not a CPU line.
 */
int	 ts_stat_cpu_line(const char *line, int *cpu, unsigned long long f[8]);

/* Involuntary context switches of the calling thread so far (0 if unknown). */
uint64_t ts_thread_nivcsw(void);

/*
 * The time the calling thread has run so far, and the time it has
 * waited, runnable, for a CPU (ns): the first two figures of
 * /proc/thread-self/schedstat.  Return 0, or -1 when the kernel does not
 * say.
 */
int	 ts_thread_sched_ns(uint64_t *run, uint64_t *wait);

/* Parse those figures out of a schedstat line (for tests); 0 or -1. */
int	 ts_schedstat_parse(const char *text, uint64_t *run, uint64_t *wait);

#endif /* TS_HOST_STEAL_H */
