/* SPDX-License-Identifier: MIT */
/*
 * The sha256 workload: the FIPS 180-4 compression function in portable C
 * (never a crypto library, never SHA extensions) over a 64 KiB buffer whose
 * chaining value persists across calls (ThreadStone 2.0.0 section 5.3),
 * plus the full padded digest the tests check against NIST's vectors.
 */
#include <config.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernel.h"
#include "kernels/sha256.h"
#include "rng.h"
#include "size.h"

#define SEED		0x5A451234ULL
#define BLOCK		64

const uint32_t ts_sha256_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
};

/* The 64 round constants: cube roots of the first 64 primes. */
static const uint32_t round_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

/* Rotate right by r (0 < r < 32). */
static inline uint32_t
rotr32(uint32_t x, unsigned r)
{
	return x >> r | x << (32 - r);
}

/* A big-endian 32-bit word. */
static inline uint32_t
load_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	    (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

/* Store a 32-bit word big-endian. */
static inline void
store_be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

void
ts_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t nblocks)
{
	uint32_t w[64], a, b, c, d, e, f, g, hh, t1, t2, s0, s1;
	size_t t;

	for (; nblocks > 0; nblocks--, p += BLOCK) {
		for (t = 0; t < 16; t++)
			w[t] = load_be32(p + 4 * t);
		for (t = 16; t < 64; t++) {
			s0 = rotr32(w[t - 15], 7) ^ rotr32(w[t - 15], 18) ^
			    w[t - 15] >> 3;
			s1 = rotr32(w[t - 2], 17) ^ rotr32(w[t - 2], 19) ^
			    w[t - 2] >> 10;
			w[t] = w[t - 16] + s0 + w[t - 7] + s1;
		}
		a = h[0]; b = h[1]; c = h[2]; d = h[3];
		e = h[4]; f = h[5]; g = h[6]; hh = h[7];
		/*
		 * Ch and Maj in the forms with one operation fewer, which
		 * the original's compiler finds and GCC does not:
		 * (e & f) ^ (~e & g) is g ^ (e & (f ^ g)), and
		 * (a & b) ^ (a & c) ^ (b & c) is (a & (b ^ c)) ^ (b & c).
		 */
		for (t = 0; t < 64; t++) {
			t1 = hh + (rotr32(e, 6) ^ rotr32(e, 11) ^ rotr32(e, 25)) +
			    (g ^ (e & (f ^ g))) + round_k[t] + w[t];
			t2 = (rotr32(a, 2) ^ rotr32(a, 13) ^ rotr32(a, 22)) +
			    ((a & (b ^ c)) ^ (b & c));
			hh = g;
			g = f;
			f = e;
			e = d + t1;
			d = c;
			c = b;
			b = a;
			a = t1 + t2;
		}
		h[0] += a; h[1] += b; h[2] += c; h[3] += d;
		h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
	}
}

void
ts_sha256_digest(const void *msg, size_t len, uint8_t out[32])
{
	const uint8_t *p = msg;
	uint8_t tail[2 * BLOCK];
	uint64_t bits = (uint64_t)len * 8;
	uint32_t h[8];
	size_t whole = len / BLOCK, rest = len % BLOCK, tailn, i;

	memcpy(h, ts_sha256_iv, sizeof h);
	ts_sha256_blocks(h, p, whole);
	/* The rest, a 1 bit, zeros, and the bit length in the last 8 bytes. */
	memset(tail, 0, sizeof tail);
	if (rest > 0)
		memcpy(tail, p + whole * BLOCK, rest);
	tail[rest] = 0x80;
	tailn = rest + 1 + 8 <= BLOCK ? BLOCK : 2 * BLOCK;
	for (i = 0; i < 8; i++)
		tail[tailn - 1 - i] = (uint8_t)(bits >> (8 * i));
	ts_sha256_blocks(h, tail, tailn / BLOCK);
	for (i = 0; i < 8; i++)
		store_be32(out + 4 * i, h[i]);
}

/* Free the buffer and the state. */
static void
sha_teardown(ts_kstate *st)
{
	struct ts_sha256 *s = st;

	if (s == NULL)
		return;
	free(s->buf);
	free(s);
}

/* The buffer from splitmix64 (one byte per draw) and the IV. */
static ts_kstate *
sha_setup(unsigned threads, unsigned index, const struct ts_kparams *p)
{
	struct ts_sha256 *s;
	struct ts_rng rng;
	size_t i;

	(void)threads;
	(void)p;
	if (posix_memalign((void **)&s, 64, sizeof *s) != 0) {
		errno = ENOMEM;
		return NULL;
	}
	if (posix_memalign((void **)&s->buf, 64, TS_SHA256_BUF) != 0) {
		free(s);
		errno = ENOMEM;
		return NULL;
	}
	ts_rng_seed(&rng, SEED ^ index);
	for (i = 0; i < TS_SHA256_BUF; i++)
		s->buf[i] = (uint8_t)ts_rng_next(&rng);
	memcpy(s->h, ts_sha256_iv, sizeof s->h);
	return s;
}

/* Compress the whole buffer `iters` times, chaining throughout. */
static uint64_t
sha_run(ts_kstate *st, uint64_t iters)
{
	struct ts_sha256 *s = st;

	while (iters-- > 0)
		ts_sha256_blocks(s->h, s->buf, TS_SHA256_BUF / BLOCK);
	return (uint64_t)s->h[0] << 32 | s->h[7];
}

/* MiB/s over all threads. */
static double
sha_rate(uint64_t iters, unsigned threads, double secs)
{
	return (double)iters * threads * TS_SHA256_BUF / secs / (double)TS_MIB;
}

const struct ts_kernel ts_kernel_sha256 = TS_KERNEL(sha,
    "sha256", "SHA-256", TS_UNIT_MIB_PER_SEC, 250.0, .scales = true,
    .summary = "Software SHA-256 over 64 KiB: dependent integer ALU "
    "throughput");
