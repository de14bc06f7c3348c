/* SPDX-License-Identifier: MIT */
/*
 * The clock, the median's order, a generator and Sattolo's shuffle that
 * the bench/ yardsticks (plain-chase.c, omp-triad.c, chase-unmap.c,
 * chase-warmup.c, probe-threads.c) share.
 * They share no code with threadstone itself.
 */
#ifndef TS_BENCH_H
#define TS_BENCH_H

#include <stdint.h>
#include <time.h>

/* CLOCK_MONOTONIC in seconds. */
static double __attribute__((unused))
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* xorshift64*: any decent generator will do here. */
static uint64_t __attribute__((unused))
rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1DULL;
}

/* Sattolo's shuffle of 0..n-1 (n >= 1): one cycle through every slot. */
static void __attribute__((unused))
sattolo(uint32_t *chain, uint64_t n, uint64_t seed)
{
	uint64_t i, j;
	uint32_t tmp;

	for (i = 0; i < n; i++)
		chain[i] = (uint32_t)i;
	for (i = n - 1; i > 0; i--) {
		j = rnd(&seed) % i;
		tmp = chain[i];
		chain[i] = chain[j];
		chain[j] = tmp;
	}
}

/* qsort's order of doubles, for the medians. */
static int __attribute__((unused))
cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

#endif /* TS_BENCH_H */
