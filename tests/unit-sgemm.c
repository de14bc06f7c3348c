/* SPDX-License-Identifier: MIT */
/*
 * lib/kernels/sgemm.c: the blocked product equals a plain triple loop,
 * its output is finite and not all zero, and the state is generated and
 * accumulated as section 5.2 says.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>

#include "kernels/kernel.h"
#include "kernels/sgemm.h"
#include "rng.h"
#include "tap.h"

#define N	TS_SGEMM_N
#define NN	((size_t)N * N)

static const struct ts_kernel *K = &ts_kernel_sgemm;

/* C += A.B the textbook way, one element at a time (i-j-k). */
static void
naive(const double *a, const double *b, double *c)
{
	size_t i, j, k;
	double acc;

	for (i = 0; i < N; i++)
		for (j = 0; j < N; j++) {
			acc = 0.0;
			for (k = 0; k < N; k++)
				acc += a[i * N + k] * b[k * N + j];
			c[i * N + j] += acc;
		}
}

/* The same in i-k-j order: with no fused multiply-add, bit-identical. */
static void
naive_ikj(const double *a, const double *b, double *c)
{
	size_t i, j, k;

	for (i = 0; i < N; i++)
		for (k = 0; k < N; k++)
			for (j = 0; j < N; j++)
				c[i * N + j] += a[i * N + k] * b[k * N + j];
}

/* Blocked and naive over seed-1 data, twice (C accumulates). */
static void
test_against_naive(void)
{
	double *a = malloc(NN * sizeof *a), *b = malloc(NN * sizeof *b);
	double *c1 = calloc(NN, sizeof *c1), *c2 = calloc(NN, sizeof *c2);
	double *c3 = calloc(NN, sizeof *c3);
	double worst = 0.0, nonzero = 0.0;
	struct ts_rng rng;
	size_t i;
	int finite = 1, round;

	ts_rng_seed(&rng, 1);
	for (i = 0; i < NN; i++)
		a[i] = ts_rng_f64(&rng) * 2.0 - 1.0;
	for (i = 0; i < NN; i++)
		b[i] = ts_rng_f64(&rng) * 2.0 - 1.0;
	for (round = 0; round < 2; round++) {
		ts_sgemm_blocked(a, b, c1);
		naive(a, b, c2);
		naive_ikj(a, b, c3);
	}
	for (i = 0; i < NN; i++) {
		if (!isfinite(c1[i]))
			finite = 0;
		if (fabs(c1[i] - c2[i]) > worst)
			worst = fabs(c1[i] - c2[i]);
		if (fabs(c1[i]) > nonzero)
			nonzero = fabs(c1[i]);
	}
	if (!ok(worst <= 1e-9, "blocked == naive within 1e-9"))
		diag("largest difference %g", worst);
	ok(memcmp(c1, c3, NN * sizeof *c1) == 0,
	    "blocked == plain i-k-j bit for bit (no contraction)");
	ok(finite, "every element finite");
	ok(nonzero > 1.0, "output not all zero (max |c| %g)", nonzero);
	free(a);
	free(b);
	free(c1);
	free(c2);
	free(c3);
}

/* The workload's own state: A then B from the seed, C accumulating. */
static void
test_state(void)
{
	struct ts_sgemm *g = K->setup(1, 0, NULL), *h = K->setup(2, 1, NULL);
	struct ts_rng rng;
	double *c;
	size_t i;
	int same = 1, zero = 1;

	if (!ok(g != NULL && h != NULL, "setup"))
		return;
	ts_rng_seed(&rng, 0x56EE0000ULL);
	for (i = 0; i < NN; i++)
		if (g->a[i] != ts_rng_f64(&rng) * 2.0 - 1.0)
			same = 0;
	for (i = 0; i < NN; i++)
		if (g->b[i] != ts_rng_f64(&rng) * 2.0 - 1.0)
			same = 0;
	for (i = 0; i < NN; i++)
		if (g->c[i] != 0.0)
			zero = 0;
	ok(same, "A then B drawn from seed 0x56EE0000 in [-1, 1)");
	ok(zero, "C starts at zero");
	ok(memcmp(g->a, h->a, NN * sizeof *g->a) != 0,
	    "thread 1 gets other data");
	c = calloc(NN, sizeof *c);
	ts_sgemm_blocked(g->a, g->b, c);
	ts_sgemm_blocked(g->a, g->b, c);
	K->run(g, 2);
	ok(memcmp(c, g->c, NN * sizeof *c) == 0, "run(2) = C += A.B twice");
	free(c);
	K->teardown(g);
	K->teardown(h);
}

int
main(void)
{
	test_against_naive();
	test_state();
	return done_testing();
}
