/* SPDX-License-Identifier: MIT */
/*
 * The sgemm kernel's per-thread state and its inner multiply, shown to
 * sgemm.c and its test (tests/unit-sgemm.c) only.
 */
#ifndef TS_KERNELS_SGEMM_H
#define TS_KERNELS_SGEMM_H

#include "kernels/kernel.h"

/* SGEMM: three 256 x 256 row-major matrices; C += A.B per iteration. */
#define TS_SGEMM_N	256

struct ts_sgemm {
	double	*a, *b, *c;
};

/* C += A.B, i-k-j blocked by four rows, multiply then add. */
void	 ts_sgemm_blocked(const double *a, const double *b, double *c);

/* The descriptor, in the registry (registry.c) and for the tests. */
extern const struct ts_kernel ts_kernel_sgemm;

#endif /* TS_KERNELS_SGEMM_H */
