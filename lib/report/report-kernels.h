/* SPDX-License-Identifier: MIT */
/*
 * Which workloads run a different kernel, that is a different
 * computation, in the documents of two producers: then a change in that
 * workload's number says nothing about the machine.  The facts are one
 * table in report-kernels.c.
 */
#ifndef TS_REPORT_KERNELS_H
#define TS_REPORT_KERNELS_H

#include <stdbool.h>

#include "doc/doc-producer.h"

/*
 * The name of the kernel that producer p runs for workload id, or NULL
 * when it is not known (an unknown producer or version, a rustc line we
 * cannot place) or when the workload is the same computation for every
 * producer (sgemm, sha256, stream, latency, and any id not in the table).
 */
const char	*ts_kernel_of(const struct ts_producer *p, const char *id);

/*
 * Whether a and b are known to run different kernels for workload id:
 * both kernels known, and not the same.  Unknown is never "different".
 */
bool		 ts_kernels_differ(const struct ts_producer *a,
		    const struct ts_producer *b, const char *id);

/* Whether the table has an entry for this family and tool_version. */
bool		 ts_kernel_table_knows(enum ts_producer_family,
		    const char *version);

#endif /* TS_REPORT_KERNELS_H */
