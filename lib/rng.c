/* SPDX-License-Identifier: MIT */
/* splitmix64 and the draws built on it (see rng.h). */
#include <config.h>

#include "rng.h"

void
ts_rng_seed(struct ts_rng *r, uint64_t seed)
{
	r->state = seed;
}

uint64_t
ts_rng_next(struct ts_rng *r)
{
	uint64_t z;

	r->state += 0x9E3779B97F4A7C15ULL;
	z = r->state;
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/*
 * The high 64 bits of the exact 128-bit product a * b, from four 32 by
 * 32-bit products, so that every machine draws the same values without a
 * 128-bit type (i386, armhf and other 32-bit targets have none).
 */
uint64_t
ts_mul_hi64(uint64_t a, uint64_t b)
{
	uint64_t a_lo = a & 0xFFFFFFFFu, a_hi = a >> 32;
	uint64_t b_lo = b & 0xFFFFFFFFu, b_hi = b >> 32;
	uint64_t ll = a_lo * b_lo, lh = a_lo * b_hi;
	uint64_t hl = a_hi * b_lo, hh = a_hi * b_hi;
	/* The middle column, with the carry out of the low word. */
	uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);

	return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/*
 * Lemire's unbiased bounded draw: the high word of next * bound, drawing
 * again while the low word falls in the biased band below 2^64 mod bound.
 * The low word of the product is the ordinary 64-bit product.
 */
uint64_t
ts_rng_below(struct ts_rng *r, uint64_t bound)
{
	uint64_t x, low, t;

	x = ts_rng_next(r);
	low = x * bound;
	if (low < bound) {
		t = (0 - bound) % bound;
		while (low < t) {
			x = ts_rng_next(r);
			low = x * bound;
		}
	}
	return ts_mul_hi64(x, bound);
}

double
ts_rng_f64(struct ts_rng *r)
{
	return (double)(ts_rng_next(r) >> 11) * 0x1.0p-53;
}

void
ts_rng_shuffle_u64(struct ts_rng *r, uint64_t *a, size_t n)
{
	size_t i, j;
	uint64_t tmp;

	for (i = n; i-- > 1;) {
		j = (size_t)ts_rng_below(r, (uint64_t)i + 1);
		tmp = a[i];
		a[i] = a[j];
		a[j] = tmp;
	}
}
