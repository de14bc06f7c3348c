/* SPDX-License-Identifier: MIT */
/*
 * The latency workload: one thread follows the shared pointer chase
 * (lib/mem/mem-chase.c) over 256 MiB, or the size the runner asks for, one
 * dependent load per iteration (ThreadStone 2.0.0 sections 5.6 and 6).
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>

#include "kernels/kernel.h"
#include "kernels/latency.h"
#include "mem/mem-map.h"

#define SEED		0x1A7E4C7A5EEDULL
#define TS_LATENCY_BYTES (256 * TS_MIB)	/* the default chase */

/* The chase size for these parameters. */
static uint64_t
latency_bytes(const struct ts_kparams *p)
{
	if (p == NULL || p->buffer_bytes == 0)
		return TS_LATENCY_BYTES;
	return p->buffer_bytes;
}

/* Nodes in a chase over `bytes`, as ts_chase_init counts them. */
static uint64_t
latency_nodes(uint64_t bytes)
{
	return bytes / 64 < 2 ? 2 : bytes / 64;
}

/* Build this thread's chase (seed XOR thread index). */
static ts_kstate *
latency_setup(unsigned threads, unsigned index, const struct ts_kparams *p)
{
	struct ts_latency *l;
	int saved;

	(void)threads;
	if (posix_memalign((void **)&l, 64, sizeof *l) != 0) {
		errno = ENOMEM;
		return NULL;
	}
	if (ts_chase_init(&l->chase, latency_bytes(p), SEED ^ index,
	    p != NULL && p->huge_pages) != 0) {
		saved = errno;
		free(l);
		errno = saved;
		return NULL;
	}
	return l;
}

/* `iters` hops from where the last call stopped; the cursor is the sum. */
static uint64_t
latency_run(ts_kstate *st, uint64_t iters)
{
	struct ts_latency *l = st;

	return ts_chase_run(&l->chase, iters);
}

/* Free the chase and the state. */
static void
latency_teardown(ts_kstate *st)
{
	struct ts_latency *l = st;

	if (l == NULL)
		return;
	ts_chase_free(&l->chase);
	free(l);
}

/* Nanoseconds per hop; the thread count plays no part. */
static double
latency_rate(uint64_t iters, unsigned threads, double secs)
{
	(void)threads;
	return secs / (double)iters * 1e9;
}

/* The same whatever the size. */
static double
latency_rate_sized(uint64_t iters, unsigned threads, double secs,
    const struct ts_kparams *p)
{
	(void)p;
	return latency_rate(iters, threads, secs);
}

/* The chase buffer one thread walks, in the sense of buffer_bytes. */
static uint64_t
latency_buffer_used(unsigned threads, const struct ts_kparams *p)
{
	(void)threads;
	return latency_nodes(latency_bytes(p)) * 64;
}

/* The mapping plus the order array that lives during setup only. */
static uint64_t
latency_footprint(unsigned threads, unsigned index, const struct ts_kparams *p)
{
	uint64_t nodes = latency_nodes(latency_bytes(p)), map = nodes * 64;

	(void)threads;
	(void)index;
	if (p != NULL && p->huge_pages)
		map = (map + TS_HUGE_PAGE_BYTES - 1) / TS_HUGE_PAGE_BYTES *
		    TS_HUGE_PAGE_BYTES;
	return map + nodes * sizeof(uint64_t) + sizeof(struct ts_latency);
}

/* The page size read back from the kernel after the chase was built. */
static uint64_t
latency_page_bytes(ts_kstate *st)
{
	struct ts_latency *l = st;

	return l->chase.page_bytes;
}

const struct ts_kernel ts_kernel_latency = {
	.id = "latency",
	.name = "Memory Latency",
	.summary = "Dependent-load pointer chase over 256 MiB: unhidden DRAM "
	    "latency",
	.unit = TS_UNIT_NANOSECONDS,
	.reference = 90.0,
	.partitioned = false,
	.scales = false,
	.setup = latency_setup,
	.run = latency_run,
	.teardown = latency_teardown,
	.rate = latency_rate,
	.footprint = latency_footprint,
	.rate_sized = latency_rate_sized,
	.buffer_used = latency_buffer_used,
	.page_bytes = latency_page_bytes,
	/* The chase one thread walks: 256 MiB, as the original. */
	.buffer_default = TS_LATENCY_BYTES,
	.buffer_option = "--latency-mb",
	.buffer_help = "pointer-chase buffer in MiB",
	.buffer_name = "latency",
};
