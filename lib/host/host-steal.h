/* SPDX-License-Identifier: MIT */
/*
 * What the host takes from a measurement, as the kernel reports it: the
 * CPU time a hypervisor stole (/proc/stat), and the involuntary context
 * switches of the calling thread (getrusage RUSAGE_THREAD).
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

/* Involuntary context switches of the calling thread so far (0 if unknown). */
uint64_t ts_thread_nivcsw(void);

#endif /* TS_HOST_STEAL_H */
