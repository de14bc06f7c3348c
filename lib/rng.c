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

uint64_t
ts_rng_below(struct ts_rng *r, uint64_t bound)
{
	unsigned __int128 m;
	uint64_t low, t;

	m = (unsigned __int128)ts_rng_next(r) * bound;
	low = (uint64_t)m;
	if (low < bound) {
		t = (0 - bound) % bound;
		while (low < t) {
			m = (unsigned __int128)ts_rng_next(r) * bound;
			low = (uint64_t)m;
		}
	}
	return (uint64_t)(m >> 64);
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
