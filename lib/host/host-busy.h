/* SPDX-License-Identifier: MIT */
/*
 * How busy each CPU has been, as the kernel counts it in /proc/stat's
 * "cpuN" lines: a free signal that a neighbour has taken a CPU, read
 * without running anything on it.  Busy is every tick that is neither
 * idle nor iowait, steal included (a hypervisor's neighbour takes the
 * CPU as surely as one in the guest).
 */
#ifndef TS_HOST_BUSY_H
#define TS_HOST_BUSY_H

#include <sched.h>
#include <stddef.h>

/* Each CPU's ticks since boot, indexed by CPU number (all 0: absent). */
struct ts_cpu_ticks {
	size_t			 n;
	unsigned long long	*busy;
	unsigned long long	*all;
};

/*
 * Parse the "cpuN" lines of /proc/stat's text into *t (t's arrays are
 * replaced).  Return the number of CPUs found, or -1 when there is none
 * (t then empty) or memory is short.
 */
int	 ts_cpu_ticks_parse(const char *text, struct ts_cpu_ticks *t);

/* The same from /proc/stat now; -1 when it cannot be read. */
int	 ts_cpu_ticks_read(struct ts_cpu_ticks *t);

void	 ts_cpu_ticks_free(struct ts_cpu_ticks *t);

/*
 * The largest share of its ticks that a CPU of `mask` (every CPU when
 * NULL) spent busy between a and b (0..1); NaN when no CPU of the mask
 * counted a tick in both.
 */
double	 ts_cpu_busiest(const struct ts_cpu_ticks *a,
	    const struct ts_cpu_ticks *b, const cpu_set_t *mask);

#endif /* TS_HOST_BUSY_H */
