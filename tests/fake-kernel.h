/* SPDX-License-Identifier: MIT */
/*
 * The pieces of a test kernel the suite tests share: a dependent
 * xorshift chain the compiler cannot fold, a teardown that frees, and a
 * rate of iterations per second over all threads.  Header-only, for
 * tests/unit-suite.c and tests/unit-suite-pass.c.
 */
#ifndef TS_FAKE_KERNEL_H
#define TS_FAKE_KERNEL_H

#include <stdint.h>
#include <stdlib.h>

#include "kernels/kernel.h"

/* iters steps of xorshift from x, each depending on the one before. */
static uint64_t __attribute__((unused))
fake_chain(uint64_t x, uint64_t iters)
{
	while (iters-- > 0) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		__asm__ volatile("" : "+r"(x));
	}
	return x;
}

/* Free a state that is one allocation. */
static void __attribute__((unused))
fake_teardown(ts_kstate *st)
{
	free(st);
}

/* Iterations per second over all threads. */
static double __attribute__((unused))
fake_rate(uint64_t iters, unsigned threads, double secs)
{
	return (double)iters * threads / secs;
}

#endif /* TS_FAKE_KERNEL_H */
