/* SPDX-License-Identifier: MIT */
/*
 * The per-thread state of the six workload kernels, and the inner routines
 * their tests check directly.  Only lib/kernels/ and the kernel tests
 * include this; the runner sees an opaque ts_kstate.
 */
#ifndef TS_KSTATE_H
#define TS_KSTATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "chase.h"

/* Dhrystone 2.1: Weicker's globals and main-loop locals, per thread. */
#define TS_DHRY_STRLEN	31		/* 30 characters and the NUL */
#define TS_DHRY_ARR_LEN	50		/* both dimensions of both arrays */

enum ts_dhry_ident {
	TS_IDENT_1, TS_IDENT_2, TS_IDENT_3, TS_IDENT_4, TS_IDENT_5
};

/*
 * The two records live in ts_dhry.rec and a link is the index of the
 * record it points to, as in the original: Ptr_Glob is record 0,
 * Next_Ptr_Glob record 1, and TS_DHRY_NULL stands for the null pointer.
 */
#define TS_DHRY_NREC		2
#define TS_DHRY_PTR_GLOB	0
#define TS_DHRY_NEXT_PTR_GLOB	1
#define TS_DHRY_NULL		SIZE_MAX

/* A record: the link, the discriminant and variant 1 (the one used). */
struct ts_dhry_rec {
	size_t			 ptr_comp;
	int32_t			 discr;
	int32_t			 enum_comp;
	int32_t			 int_comp;
	char			 str_comp[TS_DHRY_STRLEN];
};

struct ts_dhry {
	int32_t			 int_glob;
	bool			 bool_glob;
	char			 ch_1_glob;
	char			 ch_2_glob;
	int32_t			 arr_1_glob[TS_DHRY_ARR_LEN];
	int32_t			 arr_2_glob[TS_DHRY_ARR_LEN][TS_DHRY_ARR_LEN];
	struct ts_dhry_rec	 rec[TS_DHRY_NREC];
	int32_t			 int_1_loc, int_2_loc, int_3_loc;
	int32_t			 enum_loc;
	char			 str_1_loc[TS_DHRY_STRLEN];
	char			 str_2_loc[TS_DHRY_STRLEN];
};

/* Put a fresh Dhrystone state in *d (what the original main does first). */
void	 ts_dhry_init(struct ts_dhry *);

/* SGEMM: three 256 x 256 row-major matrices; C += A.B per iteration. */
#define TS_SGEMM_N	256

struct ts_sgemm {
	double	*a, *b, *c;
};

/* C += A.B, i-k-j blocked by four rows, multiply then add. */
void	 ts_sgemm_blocked(const double *a, const double *b, double *c);

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

/* Sort: the data as generated, and the copy each iteration sorts. */
#define TS_SORT_N	((size_t)1 << 20)

struct ts_sort {
	uint64_t	*pristine;
	uint64_t	*scratch;
	size_t		 n;
};

/* The sort itself is in kernels/ipnsort.h. */

/* STREAM triad: this thread's slice of the three arrays. */
#define TS_STREAM_ELEMS	((uint64_t)8 << 20)	/* over all threads */

struct ts_stream {
	double	*a, *b, *c;
	size_t	 n;		/* elements in this thread's slice */
	size_t	 map_bytes;	/* one mapping holds all three arrays */
};

/* Latency: one thread's pointer chase. */
#define TS_LATENCY_BYTES	((uint64_t)256 << 20)

struct ts_latency {
	struct ts_chase	chase;
};

#endif /* TS_KSTATE_H */
