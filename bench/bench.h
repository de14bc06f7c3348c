/* SPDX-License-Identifier: MIT */
/*
 * The clock, the median's order and a generator the bench/ yardsticks
 * (plain-chase.c, omp-triad.c, chase-unmap.c, chase-warmup.c,
 * probe-threads.c) share.
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

/* qsort's order of doubles, for the medians. */
static int __attribute__((unused))
cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

#endif /* TS_BENCH_H */
