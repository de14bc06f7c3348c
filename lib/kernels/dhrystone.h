/* SPDX-License-Identifier: MIT */
/*
 * The Dhrystone kernel's per-thread state and its initialisation, shown
 * to dhrystone.c and its test (tests/unit-dhrystone.c) only: the runner
 * sees an opaque ts_kstate, the rest of the package the descriptor.
 */
#ifndef TS_KERNELS_DHRYSTONE_H
#define TS_KERNELS_DHRYSTONE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernels/kernel.h"

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

/* The descriptor, in the registry (registry.c) and for the tests. */
extern const struct ts_kernel ts_kernel_dhrystone;

#endif /* TS_KERNELS_DHRYSTONE_H */
