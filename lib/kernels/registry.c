/* SPDX-License-Identifier: MIT */
/*
 * The registry of workload kernels in suite order (ThreadStone 2.0.0
 * section 5.0), the partition share, and the wrappers that let the runner
 * use the optional sized-buffer hooks without checking for them.
 */
#include <config.h>

#include <string.h>

#include "kernels/kernel.h"

/* Each defined in lib/kernels/<id>.c, and declared for its tests there. */
extern const struct ts_kernel ts_kernel_dhrystone;
extern const struct ts_kernel ts_kernel_sgemm;
extern const struct ts_kernel ts_kernel_sha256;
extern const struct ts_kernel ts_kernel_sort;
extern const struct ts_kernel ts_kernel_stream;
extern const struct ts_kernel ts_kernel_latency;

const struct ts_kernel *const ts_kernels[] = {
	&ts_kernel_dhrystone,
	&ts_kernel_sgemm,
	&ts_kernel_sha256,
	&ts_kernel_sort,
	&ts_kernel_stream,
	&ts_kernel_latency,
};

const size_t ts_nkernels = sizeof ts_kernels / sizeof ts_kernels[0];

_Static_assert(sizeof ts_kernels / sizeof ts_kernels[0] <= TS_KERNELS_MAX,
    "per-kernel arrays hold TS_KERNELS_MAX kernels: raise it");

const struct ts_kernel *
ts_kernel_find(const char *id)
{
	size_t i;

	if (id == NULL)
		return NULL;
	for (i = 0; i < ts_nkernels; i++)
		if (strcmp(ts_kernels[i]->id, id) == 0)
			return ts_kernels[i];
	return NULL;
}

size_t
ts_kernel_index(const struct ts_kernel *k)
{
	size_t i;

	for (i = 0; i < ts_nkernels; i++)
		if (ts_kernels[i] == k)
			break;
	return i;
}

uint64_t
ts_partition_share(uint64_t total, unsigned threads, unsigned index)
{
	uint64_t share;

	if (threads == 0)
		threads = 1;
	share = total / threads + (index < total % threads ? 1 : 0);
	return share > 0 ? share : 1;
}

double
ts_kernel_rate(const struct ts_kernel *k, uint64_t iters, unsigned threads,
    double secs, const struct ts_kparams *p)
{
	if (k->rate_sized != NULL && p != NULL)
		return k->rate_sized(iters, threads, secs, p);
	return k->rate(iters, threads, secs);
}

uint64_t
ts_kernel_buffer_used(const struct ts_kernel *k, unsigned threads,
    const struct ts_kparams *p)
{
	return k->buffer_used != NULL ? k->buffer_used(threads, p) : 0;
}

uint64_t
ts_kernel_page_bytes(const struct ts_kernel *k, ts_kstate *st)
{
	return k->page_bytes != NULL && st != NULL ? k->page_bytes(st) : 0;
}
