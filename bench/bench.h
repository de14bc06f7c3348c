/* SPDX-License-Identifier: MIT */
/*
 * The clock and the median's order the bench/ yardsticks (plain-chase.c,
 * omp-triad.c, chase-unmap.c, chase-warmup.c) share.
 * They share no code with threadstone itself.
 */
#ifndef TS_BENCH_H
#define TS_BENCH_H

#include <time.h>

/* CLOCK_MONOTONIC in seconds. */
static double __attribute__((unused))
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* qsort's order of doubles, for the medians. */
static int __attribute__((unused))
cmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

#endif /* TS_BENCH_H */
