/* SPDX-License-Identifier: MIT */
/*
 * splitmix64, Lemire's bounded draw and a Fisher-Yates shuffle, exactly as
 * ThreadStone 2.0.0 uses them to generate workload data (section 5.0), so
 * kernels built on them reproduce the original's checksums.
 */
#ifndef TS_RNG_H
#define TS_RNG_H

#include <stddef.h>
#include <stdint.h>

struct ts_rng {
	uint64_t	state;
};

void	 ts_rng_seed(struct ts_rng *, uint64_t seed);
uint64_t ts_rng_next(struct ts_rng *);
/* The high 64 bits of the exact 128-bit product a * b. */
uint64_t ts_mul_hi64(uint64_t a, uint64_t b);
/* A uniform draw from [0, bound), bound > 0. */
uint64_t ts_rng_below(struct ts_rng *, uint64_t bound);
/* A uniform double in [0, 1) with 53 random bits. */
double	 ts_rng_f64(struct ts_rng *);
/* Shuffle n 64-bit values in place (Fisher-Yates, from the top down). */
void	 ts_rng_shuffle_u64(struct ts_rng *, uint64_t *, size_t n);

#endif /* TS_RNG_H */
