/* SPDX-License-Identifier: MIT */
/*
 * The stream kernel's per-thread state, shown to stream.c and its test
 * (tests/unit-stream.c) only.
 */
#ifndef TS_KERNELS_STREAM_H
#define TS_KERNELS_STREAM_H

#include <stddef.h>

#include "kernels/kernel.h"

/* STREAM triad: this thread's slice of the three arrays. */
struct ts_stream {
	double	*a, *b, *c;
	size_t	 n;		/* elements in this thread's slice */
	size_t	 map_bytes;	/* one mapping holds all three arrays */
};

/* The descriptor, in the registry (registry.c) and for the tests. */
extern const struct ts_kernel ts_kernel_stream;

#endif /* TS_KERNELS_STREAM_H */
