/* SPDX-License-Identifier: MIT */
/*
 * The latency kernel's per-thread state, shown to latency.c and the test
 * that walks its chase (tests/unit-kernels.c) only.
 */
#ifndef TS_KERNELS_LATENCY_H
#define TS_KERNELS_LATENCY_H

#include "kernels/kernel.h"
#include "mem/mem-chase.h"

/* Latency: one thread's pointer chase. */
struct ts_latency {
	struct ts_chase	chase;
};

/* The descriptor, in the registry (registry.c) and for the tests. */
extern const struct ts_kernel ts_kernel_latency;

#endif /* TS_KERNELS_LATENCY_H */
