/* SPDX-License-Identifier: MIT */
/*
 * The sha256 kernel's per-thread state and the compression and digest
 * its test (tests/unit-sha256.c) checks against an independent SHA-256;
 * shown to sha256.c and that test only.
 */
#ifndef TS_KERNELS_SHA256_H
#define TS_KERNELS_SHA256_H

#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

/* SHA-256: a 64 KiB buffer and the chaining value that runs through it. */
#define TS_SHA256_BUF	65536

struct ts_sha256 {
	uint32_t	 h[8];
	uint8_t		*buf;
};

/* The FIPS 180-4 initial hash value. */
extern const uint32_t ts_sha256_iv[8];
/* Compress `nblocks` 64-byte blocks into the chaining value h. */
void	 ts_sha256_blocks(uint32_t h[8], const uint8_t *, size_t nblocks);
/* The SHA-256 digest of a whole message, padded as FIPS 180-4 says. */
void	 ts_sha256_digest(const void *, size_t, uint8_t out[32]);

/* The descriptor, in the registry (registry.c) and for the tests. */
extern const struct ts_kernel ts_kernel_sha256;

#endif /* TS_KERNELS_SHA256_H */
