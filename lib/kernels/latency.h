/* SPDX-License-Identifier: MIT */
/*
 * The latency kernel's per-thread state, shown to latency.c and the test
 * that walks its chase (tests/unit-kernels.c) only.
 */
#ifndef TS_KERNELS_LATENCY_H
#define TS_KERNELS_LATENCY_H

#include "chase.h"

/* Latency: one thread's pointer chase. */
struct ts_latency {
	struct ts_chase	chase;
};

#endif /* TS_KERNELS_LATENCY_H */
