/* SPDX-License-Identifier: MIT */
/*
 * The dhrystone workload: Weicker's Dhrystone 2.1 main loop with every
 * global held in a per-thread state (ThreadStone 2.0.0 section 5.1).
 */
#include <config.h>

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernel.h"
#include "kernels/dhrystone.h"

/*
 * Dhrystone's ground rules forbid inlining its procedures; noipa also
 * stops GCC from cloning or specialising them on constant arguments.
 */
#define DHRY_PROC	static __attribute__((noipa))

#define DHRY_ARR_LEN	TS_DHRY_ARR_LEN	/* both dimensions, both arrays */

/*
 * Out-parameters: the original cannot lend a procedure one field of the
 * state while lending it the state, so every field a procedure writes
 * through a pointer goes through a local: copied in before the call,
 * written by the callee through the local's address, copied back after.
 * Ours does the same, so that a call costs what it costs there.
 */

#define STR_SOME	"DHRYSTONE PROGRAM, SOME STRING"
#define STR_1ST		"DHRYSTONE PROGRAM, 1'ST STRING"
#define STR_2ND		"DHRYSTONE PROGRAM, 2'ND STRING"
#define STR_3RD		"DHRYSTONE PROGRAM, 3'RD STRING"

static void	 proc_6(struct ts_dhry *, int32_t, int32_t *);
static void	 proc_7(int32_t, int32_t, int32_t *);

/* Int32 arithmetic that wraps like the original's, without overflow. */
static inline int32_t
wrap32(int64_t v)
{
	return (int32_t)(uint32_t)(uint64_t)v;
}

/*
 * A checked index or division of the original failed (what says which,
 * for a debugger's backtrace).  The benchmark's own arithmetic never gets
 * here; only a corrupted state would, so this is an assertion, not an
 * error a caller could handle: the process stops on a trap, as the
 * original stops on its failed check, and prints nothing (lib/ never
 * writes to stderr).
 */
static _Noreturn __attribute__((cold)) void
dhry_fault(const char *what)
{
	(void)what;
	__builtin_trap();
}

/*
 * Every array access of the original is checked against the array's
 * length (a negative index counts as out of range); so is ours.
 */
static inline size_t
dhry_index(int64_t i, size_t len)
{
	if (i < 0 || (uint64_t)i >= len)
		dhry_fault("index out of range");
	return (size_t)i;
}

void
ts_dhry_init(struct ts_dhry *d)
{
	memset(d, 0, sizeof *d);
	d->rec[0].ptr_comp = TS_DHRY_NEXT_PTR_GLOB;
	d->rec[0].discr = TS_IDENT_1;
	d->rec[0].enum_comp = TS_IDENT_3;
	d->rec[0].int_comp = 40;
	memcpy(d->rec[0].str_comp, STR_SOME, sizeof STR_SOME);
	memcpy(d->str_1_loc, STR_1ST, sizeof STR_1ST);
	d->arr_2_glob[8][7] = 10;
	d->enum_loc = TS_IDENT_1;
	d->rec[1].ptr_comp = TS_DHRY_NULL;
	d->rec[1].discr = TS_IDENT_1;
	d->rec[1].enum_comp = TS_IDENT_1;
}

/*
 * The benchmark's strcpy into a 31-byte buffer: the characters of a
 * literal, then its terminating NUL stored on its own.
 */
static inline void
dhry_str_copy(char dst[TS_DHRY_STRLEN], const char *src, size_t len)
{
	memcpy(dst, src, len);
	dst[len] = '\0';
}

/*
 * The benchmark's strcmp, done byte by byte over the two fixed buffers
 * as the original does rather than by the C library: stop at the first
 * difference (its sign is the result) or at a NUL common to both, and
 * never look past the 31st byte.  The loop is unrolled into a straight
 * run of compare-and-branch steps, which is the form the original's
 * comparison takes once compiled; as a loop its speed would hang on
 * where the linker happens to place it.
 */
static inline int
dhry_str_cmp(const char a[TS_DHRY_STRLEN], const char b[TS_DHRY_STRLEN])
{
	size_t i;

#pragma GCC unroll 31
	for (i = 0; i < TS_DHRY_STRLEN; i++) {
		unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];

		if (x != y)
			return (int)x - (int)y;
		if (x == '\0')
			return 0;
	}
	return 0;
}

/* The record a link names, checked like the original's indexing. */
static inline struct ts_dhry_rec *
dhry_rec(struct ts_dhry *d, size_t link)
{
	if (link >= TS_DHRY_NREC)
		dhry_fault("record link out of range");
	return &d->rec[link];
}

/* Func_3: whether the enumeration value is Ident_3. */
DHRY_PROC bool
func_3(int32_t enum_par_val)
{
	int32_t enum_loc = enum_par_val;

	return enum_loc == TS_IDENT_3;
}

/* Func_1: Ident_2 (and remember the character) when the two are equal. */
DHRY_PROC int32_t
func_1(struct ts_dhry *d, char ch_1_par_val, char ch_2_par_val)
{
	char ch_1_loc, ch_2_loc;

	ch_1_loc = ch_1_par_val;
	ch_2_loc = ch_1_loc;
	if (ch_2_loc != ch_2_par_val)
		return TS_IDENT_1;
	d->ch_1_glob = ch_1_loc;
	return TS_IDENT_2;
}

/* Func_2: compare two strings the way the benchmark prescribes. */
DHRY_PROC bool
func_2(struct ts_dhry *d, const char str_1_par_ref[TS_DHRY_STRLEN],
    const char str_2_par_ref[TS_DHRY_STRLEN])
{
	int32_t int_loc = 2;
	char ch_loc = '\0';

	while (int_loc <= 2)
		if (func_1(d,
		    str_1_par_ref[dhry_index(int_loc, TS_DHRY_STRLEN)],
		    str_2_par_ref[dhry_index((int64_t)int_loc + 1,
		    TS_DHRY_STRLEN)]) == TS_IDENT_1) {
			ch_loc = 'A';
			int_loc += 1;
		}
	if (ch_loc >= 'W' && ch_loc < 'Z')
		int_loc = 7;
	if (ch_loc == 'R')
		return true;
	if (dhry_str_cmp(str_1_par_ref, str_2_par_ref) > 0) {
		int_loc += 7;
		d->int_glob = int_loc;
		return true;
	}
	return false;
}

/* Proc_3: follow Ptr_Glob's link and update its integer component. */
DHRY_PROC void
proc_3(struct ts_dhry *d, size_t *ptr_ref_par)
{
	struct ts_dhry_rec *glob = dhry_rec(d, TS_DHRY_PTR_GLOB);
	int32_t out;

	/* Dhrystone's own test, of two constants here as in the original. */
	if (TS_DHRY_PTR_GLOB != TS_DHRY_NULL)
		*ptr_ref_par = glob->ptr_comp;
	out = glob->int_comp;
	proc_7(10, d->int_glob, &out);
	glob->int_comp = out;
}

/*
 * Proc_1: the record shuffling at the heart of the benchmark.  Records
 * are reached through checked links; a structure assignment copies the
 * whole record, its link included.
 */
DHRY_PROC void
proc_1(struct ts_dhry *d, size_t ptr_val_par)
{
	struct ts_dhry_rec *val = dhry_rec(d, ptr_val_par), *next;
	size_t next_record = val->ptr_comp, ptr_ref;
	int32_t enum_out, int_out;

	next = dhry_rec(d, next_record);
	*next = *dhry_rec(d, TS_DHRY_PTR_GLOB);
	val->int_comp = 5;
	next->int_comp = val->int_comp;
	next->ptr_comp = val->ptr_comp;
	ptr_ref = next->ptr_comp;
	proc_3(d, &ptr_ref);
	next->ptr_comp = ptr_ref;
	if (next->discr == TS_IDENT_1) {
		next->int_comp = 6;
		enum_out = next->enum_comp;
		proc_6(d, val->enum_comp, &enum_out);
		next->enum_comp = enum_out;
		next->ptr_comp = dhry_rec(d, TS_DHRY_PTR_GLOB)->ptr_comp;
		int_out = next->int_comp;
		proc_7(next->int_comp, 10, &int_out);
		next->int_comp = int_out;
	} else
		*val = *dhry_rec(d, val->ptr_comp);
}

/* Proc_2: a loop that runs once, since Ch_1_Glob is always 'A'. */
DHRY_PROC void
proc_2(struct ts_dhry *d, int32_t *int_par_ref)
{
	int32_t int_loc, enum_loc = TS_IDENT_1;

	int_loc = *int_par_ref + 10;
	do {
		if (d->ch_1_glob == 'A') {
			int_loc -= 1;
			*int_par_ref = int_loc - d->int_glob;
			enum_loc = TS_IDENT_1;
		}
	} while (enum_loc != TS_IDENT_1);
}

/* Proc_4: set Bool_Glob from Ch_1_Glob and Ch_2_Glob to 'B'. */
DHRY_PROC void
proc_4(struct ts_dhry *d)
{
	bool bool_loc;

	bool_loc = d->ch_1_glob == 'A';
	d->bool_glob = bool_loc | d->bool_glob;
	d->ch_2_glob = 'B';
}

/* Proc_5: reset Ch_1_Glob and Bool_Glob. */
DHRY_PROC void
proc_5(struct ts_dhry *d)
{
	d->ch_1_glob = 'A';
	d->bool_glob = false;
}

/* Proc_6: map one enumeration value to another. */
DHRY_PROC void
proc_6(struct ts_dhry *d, int32_t enum_val_par, int32_t *enum_ref_par)
{
	*enum_ref_par = enum_val_par;
	if (!func_3(enum_val_par))
		*enum_ref_par = TS_IDENT_4;
	switch (enum_val_par) {
	case TS_IDENT_1:
		*enum_ref_par = TS_IDENT_1;
		break;
	case TS_IDENT_2:
		if (d->int_glob > 100)
			*enum_ref_par = TS_IDENT_1;
		else
			*enum_ref_par = TS_IDENT_4;
		break;
	case TS_IDENT_3:
		*enum_ref_par = TS_IDENT_2;
		break;
	case TS_IDENT_4:
		break;
	case TS_IDENT_5:
		*enum_ref_par = TS_IDENT_3;
		break;
	}
}

/* Proc_7: *int_par_ref = val_2 + val_1 + 2. */
DHRY_PROC void
proc_7(int32_t int_1_par_val, int32_t int_2_par_val, int32_t *int_par_ref)
{
	int32_t int_loc;

	int_loc = int_1_par_val + 2;
	*int_par_ref = int_2_par_val + int_loc;
}

/*
 * Proc_8: the array accesses, every index checked as in the original;
 * the diagonal neighbour's increment wraps.
 */
DHRY_PROC void
proc_8(struct ts_dhry *d, int32_t *arr_1_par_ref,
    int32_t arr_2_par_ref[][DHRY_ARR_LEN], int32_t int_1_par_val,
    int32_t int_2_par_val)
{
	const size_t n = DHRY_ARR_LEN;
	int64_t int_index, int_loc;

	int_loc = wrap32((int64_t)int_1_par_val + 5);
	arr_1_par_ref[dhry_index(int_loc, n)] = int_2_par_val;
	arr_1_par_ref[dhry_index(int_loc + 1, n)] =
	    arr_1_par_ref[dhry_index(int_loc, n)];
	arr_1_par_ref[dhry_index(int_loc + 30, n)] = (int32_t)int_loc;
	for (int_index = int_loc; int_index <= int_loc + 1; ++int_index)
		arr_2_par_ref[dhry_index(int_loc, n)]
		    [dhry_index(int_index, n)] = (int32_t)int_loc;
	arr_2_par_ref[dhry_index(int_loc, n)][dhry_index(int_loc - 1, n)] =
	    wrap32((int64_t)arr_2_par_ref[dhry_index(int_loc, n)]
	    [dhry_index(int_loc - 1, n)] + 1);
	arr_2_par_ref[dhry_index(int_loc + 20, n)][dhry_index(int_loc, n)] =
	    arr_1_par_ref[dhry_index(int_loc, n)];
	d->int_glob = 5;
}

/* One pass of the original main loop with the given Run_Index. */
static void
dhry_pass(struct ts_dhry *d, int32_t run_index)
{
	char ch_index, str_1[TS_DHRY_STRLEN], str_2[TS_DHRY_STRLEN];
	int32_t out;

	proc_5(d);
	proc_4(d);
	d->int_1_loc = 2;
	d->int_2_loc = 3;
	dhry_str_copy(d->str_2_loc, STR_2ND, sizeof STR_2ND - 1);
	d->enum_loc = TS_IDENT_2;
	/* Func_2 gets its own copies of both strings, as in the original. */
	memcpy(str_1, d->str_1_loc, sizeof str_1);
	memcpy(str_2, d->str_2_loc, sizeof str_2);
	d->bool_glob = !func_2(d, str_1, str_2);
	while (d->int_1_loc < d->int_2_loc) {
		d->int_3_loc = wrap32(5 * (int64_t)d->int_1_loc - d->int_2_loc);
		out = d->int_3_loc;
		proc_7(d->int_1_loc, d->int_2_loc, &out);
		d->int_3_loc = out;
		d->int_1_loc += 1;
	}
	proc_8(d, d->arr_1_glob, d->arr_2_glob, d->int_1_loc, d->int_3_loc);
	proc_1(d, TS_DHRY_PTR_GLOB);
	for (ch_index = 'A'; ch_index <= d->ch_2_glob; ++ch_index) {
		if (d->enum_loc == func_1(d, ch_index, 'C')) {
			out = d->enum_loc;
			proc_6(d, TS_IDENT_1, &out);
			d->enum_loc = out;
			dhry_str_copy(d->str_2_loc, STR_3RD,
			    sizeof STR_3RD - 1);
			d->int_2_loc = run_index;
			d->int_glob = run_index;
		}
	}
	d->int_2_loc = wrap32((int64_t)d->int_2_loc * d->int_1_loc);
	/* A checked division, as the original's: no zero, no INT_MIN / -1. */
	if (d->int_3_loc == 0 ||
	    (d->int_2_loc == INT32_MIN && d->int_3_loc == -1))
		dhry_fault("division by zero or overflow");
	d->int_1_loc = d->int_2_loc / d->int_3_loc;
	d->int_2_loc = wrap32(7 * ((int64_t)d->int_2_loc - d->int_3_loc) -
	    d->int_1_loc);
	out = d->int_1_loc;
	proc_2(d, &out);
	d->int_1_loc = out;
}

/* Fold the state into the checksum of section 5.1. */
static uint64_t
dhry_checksum(const struct ts_dhry *d)
{
	uint64_t s;

	s = (uint64_t)(int64_t)d->int_glob;
	s ^= (uint64_t)d->bool_glob << 8;
	s ^= (uint64_t)(unsigned char)d->ch_1_glob << 16;
	s ^= (uint64_t)(unsigned char)d->ch_2_glob << 24;
	s += (uint64_t)(int64_t)d->arr_1_glob[8];
	s += (uint64_t)(int64_t)d->arr_2_glob[8][7];
	s += (uint64_t)(int64_t)d->rec[0].int_comp;
	s += (uint64_t)(int64_t)d->rec[1].int_comp;
	s ^= (uint64_t)(int64_t)d->int_1_loc << 32;
	s ^= (uint64_t)(int64_t)d->int_2_loc << 40;
	s ^= (uint64_t)(unsigned char)d->str_2_loc[0];
	return s;
}

/* Allocate a fresh state, aligned so that threads share no cache line. */
static ts_kstate *
dhry_setup(unsigned threads, unsigned index, const struct ts_kparams *p)
{
	struct ts_dhry *d;

	(void)threads;
	(void)index;
	(void)p;
	if (posix_memalign((void **)&d, 64, sizeof *d) != 0) {
		errno = ENOMEM;
		return NULL;
	}
	ts_dhry_init(d);
	return d;
}

/* Run `iters` passes, Run_Index counting from 1 again on every call. */
static uint64_t
dhry_run(ts_kstate *st, uint64_t iters)
{
	struct ts_dhry *d = st;
	uint64_t run_index;

	for (run_index = 1; run_index <= iters; run_index++)
		dhry_pass(d, (int32_t)(uint32_t)run_index);
	return dhry_checksum(d);
}

/* Free the state. */
static void
dhry_teardown(ts_kstate *st)
{
	free(st);
}

/* Dhrystones per second over all threads. */
static double
dhry_rate(uint64_t iters, unsigned threads, double secs)
{
	return (double)iters * threads / secs;
}

/* One state per thread. */
static uint64_t
dhry_footprint(unsigned threads, unsigned index, const struct ts_kparams *p)
{
	(void)threads;
	(void)index;
	(void)p;
	return sizeof(struct ts_dhry);
}

const struct ts_kernel ts_kernel_dhrystone = {
	.id = "dhrystone",
	.name = "Dhrystone 2.1",
	.summary = "Integer arithmetic, branches, procedure calls, and short "
	    "string operations",
	.unit = TS_UNIT_DHRYSTONES_PER_SEC,
	.reference = 22000000.0,
	.partitioned = false,
	.scales = true,
	.setup = dhry_setup,
	.run = dhry_run,
	.teardown = dhry_teardown,
	.rate = dhry_rate,
	.footprint = dhry_footprint,
};
