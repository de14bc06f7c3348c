/* SPDX-License-Identifier: MIT */
/*
 * The sort workload: copy 1 Mi random u64 over a scratch array and sort it
 * (ThreadStone 2.0.0 section 5.4).  The original calls Rust's
 * sort_unstable, which since Rust 1.81 is ipnsort; ipnsort.c is a sort of
 * that family written for uint64_t with the comparison inlined, so the
 * two do comparable work.
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernel.h"
#include "kernels/ipnsort.h"
#include "kernels/sort.h"
#include "rng.h"

#define SEED		0x503DA17AULL
#define TS_SORT_N	((size_t)1 << 20)	/* values sorted per iteration */

/* Free both arrays and the state. */
static void
sort_teardown(ts_kstate *st)
{
	struct ts_sort *s = st;

	if (s == NULL)
		return;
	free(s->pristine);
	free(s->scratch);
	free(s);
}

/* The pristine values from splitmix64, and a first copy in scratch. */
static ts_kstate *
sort_setup(unsigned threads, unsigned index, const struct ts_kparams *p)
{
	const size_t bytes = TS_SORT_N * sizeof(uint64_t);
	struct ts_sort *s;
	struct ts_rng rng;
	size_t i;

	(void)threads;
	(void)p;
	s = calloc(1, sizeof *s);
	if (s == NULL)
		return NULL;
	if (posix_memalign((void **)&s->pristine, 64, bytes) != 0 ||
	    posix_memalign((void **)&s->scratch, 64, bytes) != 0) {
		sort_teardown(s);
		errno = ENOMEM;
		return NULL;
	}
	s->n = TS_SORT_N;
	ts_rng_seed(&rng, SEED ^ index);
	for (i = 0; i < s->n; i++)
		s->pristine[i] = ts_rng_next(&rng);
	memcpy(s->scratch, s->pristine, bytes);
	return s;
}

/* Copy and sort `iters` times; sum the smallest and largest values. */
static uint64_t
sort_run(ts_kstate *st, uint64_t iters)
{
	struct ts_sort *s = st;
	uint64_t sum = 0;

	while (iters-- > 0) {
		memcpy(s->scratch, s->pristine, s->n * sizeof *s->scratch);
		ts_sort_u64(s->scratch, s->n);
		sum += s->scratch[0] + s->scratch[s->n - 1];
	}
	return sum;
}

/* Million elements sorted per second over all threads. */
static double
sort_rate(uint64_t iters, unsigned threads, double secs)
{
	return (double)iters * threads * (double)TS_SORT_N / secs / 1e6;
}

const struct ts_kernel ts_kernel_sort = TS_KERNEL(sort,
    "sort", "Sort 1Mi u64", TS_UNIT_MELEM_PER_SEC, 50.0, .scales = true,
    .summary = "Pattern-defeating quicksort: branch mispredicts and "
    "irregular access");
