/* SPDX-License-Identifier: MIT */
/*
 * lib/kernels/stream.c: the triad's values, the partitioned slices, the
 * checksum, and sizes grown through ts_kparams (section 5.5).
 */
#include <config.h>

#include <stdlib.h>

#include "kernels/kernel.h"
#include "kernels/stream.h"
#include "tap.h"

static const struct ts_kernel *K = &ts_kernel_stream;

/* Whether every element of x[0..n) equals v. */
static int
all(const double *x, size_t n, double v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (x[i] != v)
			return 0;
	return 1;
}

/* Setup values, the triad's result, and the slices of two threads. */
static void
test_default(void)
{
	struct ts_stream *s = K->setup(2, 1, NULL), *w;
	uint64_t sum;

	if (!ok(s != NULL, "setup, thread 1 of 2"))
		return;
	is_u64(s->n, 4u << 20, "half of 8 Mi elements");
	ok(all(s->a, s->n, 1.0) && all(s->b, s->n, 2.0) &&
	    all(s->c, s->n, 0.5), "a = 1, b = 2, c = 0.5 after setup");
	ok((uintptr_t)s->b % 64 == 0 && (uintptr_t)s->c % 64 == 0 &&
	    (uintptr_t)(s->b - s->a) % 4096 != 0,
	    "arrays on cache lines, off each other's 4 KiB alias");
	sum = K->run(s, 1);
	ok(all(s->a, s->n, 3.5), "triad: every a[i] = 2 + 3 x 0.5 = 3.5");
	ok(all(s->b, s->n, 2.0) && all(s->c, s->n, 0.5), "b and c unchanged");
	is_u64(sum, 0x460c811a3468d1a3ULL, "checksum of the half slice");
	K->teardown(s);
	w = K->setup(3, 0, NULL);
	if (ok(w != NULL, "setup, thread 0 of 3")) {
		is_u64(w->n, 2796203, "8 Mi over 3: the first gets the extra");
		K->teardown(w);
	}
}

/* Grown, odd and tiny sizes: slices, rate and bytes used follow them. */
static void
test_sizes(void)
{
	struct ts_kparams p = { 24 * 1000 + 7, false };
	struct ts_stream *s;
	uint64_t sum, pb;

	s = K->setup(4, 3, &p);
	if (ok(s != NULL, "1000 elements over 4 threads")) {
		is_u64(s->n, 250, "thread 3 gets 250");
		ok(K->run(s, 3) != 0 && all(s->a, s->n, 3.5), "triad over 250");
		K->teardown(s);
	}
	is_u64(ts_kernel_buffer_used(K, 4, &p), 24000, "24000 bytes used");
	is_double(ts_kernel_rate(K, 1 << 20, 4, 1.0, &p),
	    (double)(1 << 20) * 24000 / 1073741824.0,
	    "rate counts the 1000 elements, not 8 Mi");
	p.buffer_bytes = 5;
	s = K->setup(2, 1, &p);
	if (ok(s != NULL, "a size below one element")) {
		is_u64(s->n, 1, "still one element per thread");
		sum = K->run(s, 1);
		is_u64(sum, 0x460c811a3468d1a3ULL, "checksum of one element");
		K->teardown(s);
	}
	p.buffer_bytes = 3u << 20;
	p.huge_pages = true;
	s = K->setup(1, 0, &p);
	if (ok(s != NULL, "huge pages asked for")) {
		ok(s->map_bytes % (2u << 20) == 0, "mapping in 2 MiB units");
		ok(K->run(s, 2) != 0 && all(s->a, s->n, 3.5), "triad");
		pb = ts_kernel_page_bytes(K, s);
		ok(pb == 4096 || pb == (2u << 20),
		    "page size read back after first touch (%llu)",
		    (unsigned long long)pb);
		K->teardown(s);
	}
}

int
main(void)
{
	test_default();
	test_sizes();
	return done_testing();
}
