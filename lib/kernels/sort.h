/* SPDX-License-Identifier: MIT */
/*
 * The sort kernel's per-thread state, shown to sort.c and its test
 * (tests/unit-sort.c) only.  The sort itself is in kernels/ipnsort.h.
 */
#ifndef TS_KERNELS_SORT_H
#define TS_KERNELS_SORT_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* Sort: the data as generated, and the copy each iteration sorts. */
struct ts_sort {
	uint64_t	*pristine;
	uint64_t	*scratch;
	size_t		 n;
};

/* The descriptor, in the registry (registry.c) and for the tests. */
extern const struct ts_kernel ts_kernel_sort;

#endif /* TS_KERNELS_SORT_H */
