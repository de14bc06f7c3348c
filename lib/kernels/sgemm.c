/* SPDX-License-Identifier: MIT */
/*
 * The sgemm workload: C += A.B on 256 x 256 doubles, i-k-j blocked by four
 * rows (ThreadStone 2.0.0 section 5.2).  The library is built with
 * -ffp-contract=off, so every multiply and add stays separate, as in Rust.
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernel.h"
#include "kernels/sgemm.h"
#include "rng.h"

#define N		TS_SGEMM_N
#define SEED		0x56EE0000ULL
#define FLOPS_PER_ITER	(2.0 * N * N * N)	/* 33 554 432 */

void
ts_sgemm_blocked(const double *restrict a, const double *restrict b,
    double *restrict c)
{
	size_t i0, k, j;
	double a0, a1, a2, a3, b0, b1, b2, b3;
	double *restrict c0, *restrict c1, *restrict c2, *restrict c3;
	const double *restrict bk;

	for (i0 = 0; i0 < N; i0 += 4) {
		c0 = c + (i0 + 0) * N;
		c1 = c + (i0 + 1) * N;
		c2 = c + (i0 + 2) * N;
		c3 = c + (i0 + 3) * N;
		for (k = 0; k < N; k++) {
			a0 = a[(i0 + 0) * N + k];
			a1 = a[(i0 + 1) * N + k];
			a2 = a[(i0 + 2) * N + k];
			a3 = a[(i0 + 3) * N + k];
			bk = b + k * N;
			/*
			 * Four columns a step: every element still gets one
			 * multiply and one add of its own, in the same order,
			 * but GCC at -O2 schedules the plain loop some 6 %
			 * slower than the original's build of the same loop.
			 */
			for (j = 0; j < N; j += 4) {
				b0 = bk[j];
				b1 = bk[j + 1];
				b2 = bk[j + 2];
				b3 = bk[j + 3];
				c0[j] += a0 * b0;
				c0[j + 1] += a0 * b1;
				c0[j + 2] += a0 * b2;
				c0[j + 3] += a0 * b3;
				c1[j] += a1 * b0;
				c1[j + 1] += a1 * b1;
				c1[j + 2] += a1 * b2;
				c1[j + 3] += a1 * b3;
				c2[j] += a2 * b0;
				c2[j + 1] += a2 * b1;
				c2[j + 2] += a2 * b2;
				c2[j + 3] += a2 * b3;
				c3[j] += a3 * b0;
				c3[j + 1] += a3 * b1;
				c3[j + 2] += a3 * b2;
				c3[j + 3] += a3 * b3;
			}
		}
	}
}

/* The bits of a double, for checksums. */
static inline uint64_t
dbits(double v)
{
	uint64_t u;

	memcpy(&u, &v, sizeof u);
	return u;
}

/* Rotate left by r (0 < r < 64). */
static inline uint64_t
rotl64(uint64_t v, unsigned r)
{
	return v << r | v >> (64 - r);
}

/* Eight samples of C, one every 32 rows, folded together. */
static uint64_t
sgemm_checksum(const double *c)
{
	uint64_t s = 0;
	size_t i;

	for (i = 0; i < 8; i++)
		s = rotl64(s, 7) ^ dbits(c[i * 8192]);
	return s;
}

/* Free the matrices and the state. */
static void
sgemm_teardown(ts_kstate *st)
{
	struct ts_sgemm *g = st;

	if (g == NULL)
		return;
	free(g->a);
	free(g->b);
	free(g->c);
	free(g);
}

/* A and B from splitmix64 (A first), values in [-1, 1); C zero. */
static ts_kstate *
sgemm_setup(unsigned threads, unsigned index, const struct ts_kparams *p)
{
	const size_t bytes = (size_t)N * N * sizeof(double);
	struct ts_sgemm *g;
	struct ts_rng rng;
	size_t i;

	(void)threads;
	(void)p;
	g = calloc(1, sizeof *g);
	if (g == NULL)
		return NULL;
	if (posix_memalign((void **)&g->a, 64, bytes) != 0 ||
	    posix_memalign((void **)&g->b, 64, bytes) != 0 ||
	    posix_memalign((void **)&g->c, 64, bytes) != 0) {
		sgemm_teardown(g);
		errno = ENOMEM;
		return NULL;
	}
	ts_rng_seed(&rng, SEED ^ index);
	for (i = 0; i < (size_t)N * N; i++)
		g->a[i] = ts_rng_f64(&rng) * 2.0 - 1.0;
	for (i = 0; i < (size_t)N * N; i++)
		g->b[i] = ts_rng_f64(&rng) * 2.0 - 1.0;
	for (i = 0; i < (size_t)N * N; i++)
		g->c[i] = 0.0;
	return g;
}

/* `iters` multiply-accumulates into C, which is never reset. */
static uint64_t
sgemm_run(ts_kstate *st, uint64_t iters)
{
	struct ts_sgemm *g = st;

	while (iters-- > 0)
		ts_sgemm_blocked(g->a, g->b, g->c);
	return sgemm_checksum(g->c);
}

/* GFLOP/s over all threads. */
static double
sgemm_rate(uint64_t iters, unsigned threads, double secs)
{
	return (double)iters * threads * FLOPS_PER_ITER / secs / 1e9;
}

const struct ts_kernel ts_kernel_sgemm = TS_KERNEL(sgemm,
    "sgemm", "SGEMM 256\u00b3", TS_UNIT_GFLOPS, 12.0, .scales = true,
    .summary = "Dense f64 matrix multiply: sustained FMA throughput out of "
    "L2");
