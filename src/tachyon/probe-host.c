/* SPDX-License-Identifier: MIT */
/*
 * The kernel's free signals beside a reading (probe-host.h).
 */
#include <config.h>

#include <math.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "host/host-steal.h"
#include "probe-host.h"
#include "util.h"

double
ts_probe_host_cpu_s(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) == -1)
		return NAN;
	return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
	    (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

void
ts_probe_host_read(struct ts_probe_host *h, const struct ts_probe_host *prev)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	size_t i;

	/* Every field but busiest_share, which is the watch's own. */
	memset(h->psi, 0, sizeof h->psi);
	h->t = ts_now();
	h->steal_s = ts_steal_ms() / 1000;
	h->steal_share = NAN;
	if (prev != NULL && !isnan(prev->steal_s) && !isnan(h->steal_s) &&
	    h->t > prev->t && cpus > 0 && h->steal_s >= prev->steal_s)
		h->steal_share = (h->steal_s - prev->steal_s) /
		    ((h->t - prev->t) * (double)cpus);
	for (i = 0; i < TS_PSI_RESOURCES; i++)
		(void)ts_psi_read(ts_psi_resources[i], &h->psi[i]);
	h->cpu_s = ts_probe_host_cpu_s();
}
