/* SPDX-License-Identifier: MIT */
/*
 * What the kernel says beside each reading, at no cost to the host: the
 * CPU time its hypervisor stole (/proc/stat), the pressure on its CPU,
 * memory and io (PSI), and this tachyon's own CPU time (getrusage), which
 * is what the probe costs; and, which the watch fills in, how busy the
 * busiest CPU was.  The reading's run-queue wait comes with the
 * reading (libtachyon-probe).
 */
#ifndef TS_TACHYON_PROBE_HOST_H
#define TS_TACHYON_PROBE_HOST_H

#include <stdbool.h>

#include "host/host-psi.h"

struct ts_probe_host {
	double		 t;		/* when read (monotonic seconds) */
	double		 steal_s;	/* every CPU's steal since boot; NaN */
	/* steal over the time since the previous read, per CPU: 0..1; NaN
	 * for the first read or when unknown */
	double		 steal_share;
	struct ts_psi	 psi[TS_PSI_RESOURCES];	/* some.present: known */
	double		 cpu_s;		/* this process, user + system */
	/* the busiest of this process's CPUs over the watch's last check
	 * (0..1, host-busy.h); NaN when none was made */
	double		 busiest_share;
};

/*
 * Read them now into *h; prev (or NULL) is the previous read, from
 * which the steal share is taken.  h->busiest_share is left as it was:
 * the watch sets it (NaN before its first check).
 */
void	 ts_probe_host_read(struct ts_probe_host *h,
	    const struct ts_probe_host *prev);

/* This process's CPU time so far (user + system), in seconds. */
double	 ts_probe_host_cpu_s(void);

#endif /* TS_TACHYON_PROBE_HOST_H */
