/* SPDX-License-Identifier: MIT */
/*
 * What the host gives several threads at once.  On the 2-vCPU virtual
 * machines this package measures, each vCPU alone runs a loop at full
 * speed while the two together may get 1.2 times one of them instead of
 * 2 (the host placed them on one physical core's hyperthreads, or gave
 * one of them to another tenant), and that state lasts minutes: whole
 * runs of the multi-thread passes read 40 % slower than the run before,
 * with nothing changed.  The single-core probe (topo-speed.h) cannot see
 * it, since it measures the cores in turns.  This probe runs a
 * throughput-bound integer loop on N pinned threads at once and reports
 * their summed rate; compare weighs the multi-thread rows by how much
 * that rate moved between two runs.
 */
#ifndef TS_TOPO_TOGETHER_H
#define TS_TOPO_TOGETHER_H

#include <stddef.h>

struct ts_topo;

#define TS_TOGETHER_MS		4.0	/* one reading, ms */
#define TS_TOGETHER_READINGS	3	/* the best of these is kept */
#define TS_TOGETHER_MAX		256	/* threads, at most */

/*
 * Run the loop on `threads` threads at once, thread i bound to physical
 * core i (as the multi-thread passes bind their workers), and return the
 * best of TS_TOGETHER_READINGS readings of their summed rate in loop
 * steps per ns.  Return -1 with a reason in err when threads is out of
 * range, the topology is not this machine's, or a binding or a thread
 * was refused.
 */
double	 ts_together_probe(const struct ts_topo *, unsigned threads,
	    char *err, size_t errlen);

/* Steps per ns of the throughput loop over about ms ms on this thread. */
double	 ts_together_reading(double ms);

#endif /* TS_TOPO_TOGETHER_H */
