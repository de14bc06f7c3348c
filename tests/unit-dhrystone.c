/* SPDX-License-Identifier: MIT */
/*
 * lib/kernels/dhrystone.c against the final values Dhrystone 2.1 itself
 * prints, and the per-thread facts of section 5.1.
 */
#include <config.h>

#include <sys/wait.h>

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "kernels/kernel.h"
#include "kernels/dhrystone.h"
#include "tap.h"

#define NTHREADS	8

static const struct ts_kernel *K = &ts_kernel_dhrystone;

/* Compare two states' values, ignoring one array cell. */
static int
same_state(const struct ts_dhry *x, const struct ts_dhry *y)
{
	struct ts_dhry a = *x, b = *y;

	a.arr_2_glob[8][7] = b.arr_2_glob[8][7] = 0;
	/* Links are record numbers, so they compare as they are. */
	return memcmp(&a, &b, sizeof a) == 0;
}

/*
 * One of the two records' final values, under the name the program prints
 * it by: both link to Next_Ptr_Glob (link_name), are of Discr 0 and hold
 * SOME STRING; their Enum_Comp and Int_Comp differ.
 */
static void
is_record(const struct ts_dhry_rec *r, const char *name,
    const char *link_name, int enum_comp, int int_comp)
{
	char what[64];

	ok(r->ptr_comp == TS_DHRY_NEXT_PTR_GLOB, "%s", link_name);
	snprintf(what, sizeof what, "%s->Discr", name);
	is_int(r->discr, 0, what);
	snprintf(what, sizeof what, "%s->Enum_Comp", name);
	is_int(r->enum_comp, enum_comp, what);
	snprintf(what, sizeof what, "%s->Int_Comp", name);
	is_int(r->int_comp, int_comp, what);
	snprintf(what, sizeof what, "%s->Str_Comp", name);
	is_str(r->str_comp, "DHRYSTONE PROGRAM, SOME STRING", what);
}

/* The values Weicker's program prints after its loop ("should be"). */
static void
test_final_values(void)
{
	struct ts_dhry *d = K->setup(1, 0, NULL);

	if (!ok(d != NULL, "setup"))
		return;
	K->run(d, 500);
	is_int(d->int_glob, 5, "Int_Glob");
	ok(d->bool_glob, "Bool_Glob");
	is_int(d->ch_1_glob, 'A', "Ch_1_Glob");
	is_int(d->ch_2_glob, 'B', "Ch_2_Glob");
	is_int(d->arr_1_glob[8], 7, "Arr_1_Glob[8]");
	is_int(d->arr_2_glob[8][7], 510, "Arr_2_Glob[8][7] = runs + 10");
	is_record(&d->rec[TS_DHRY_PTR_GLOB], "Ptr_Glob",
	    "Ptr_Glob->Ptr_Comp is Next_Ptr_Glob", 2, 17);
	is_record(&d->rec[TS_DHRY_NEXT_PTR_GLOB], "Next_Ptr_Glob",
	    "Next_Ptr_Glob->Ptr_Comp points to itself", 1, 18);
	is_int(d->int_1_loc, 5, "Int_1_Loc");
	is_int(d->int_2_loc, 13, "Int_2_Loc");
	is_int(d->int_3_loc, 7, "Int_3_Loc");
	is_int(d->enum_loc, 1, "Enum_Loc");
	is_str(d->str_1_loc, "DHRYSTONE PROGRAM, 1'ST STRING", "Str_1_Loc");
	is_str(d->str_2_loc, "DHRYSTONE PROGRAM, 2'ND STRING", "Str_2_Loc");
	K->teardown(d);
}

/* A fresh state is the original's, and runs leave one counter behind. */
static void
test_run_lengths(void)
{
	struct ts_dhry *one = K->setup(1, 0, NULL), *many = K->setup(1, 0, NULL);
	struct ts_dhry fresh;
	uint64_t sum;

	if (!ok(one != NULL && many != NULL, "two states"))
		return;
	ts_dhry_init(&fresh);
	is_int(fresh.rec[0].int_comp, 40, "fresh: Ptr_Glob->Int_Comp 40");
	ok(fresh.rec[0].ptr_comp == TS_DHRY_NEXT_PTR_GLOB,
	    "fresh: Ptr_Glob links to Next_Ptr_Glob");
	ok(fresh.rec[1].ptr_comp == TS_DHRY_NULL,
	    "fresh: Next_Ptr_Glob link null");
	is_int(fresh.arr_2_glob[8][7], 10, "fresh: Arr_2_Glob[8][7] 10");
	K->run(one, 1);
	K->run(many, 1000);
	ok(same_state(one, many), "run(1) and run(1000) end alike");
	is_int(many->arr_2_glob[8][7] - one->arr_2_glob[8][7], 999,
	    "except Arr_2_Glob[8][7]: +999");
	/* Run_Index restarts: the checksum depends only on the total runs. */
	sum = K->run(one, 999);
	K->teardown(many);
	many = K->setup(1, 0, NULL);
	is_u64(sum, K->run(many, 1000),
	    "run(1) + run(999) = run(1000) in the checksum");
	K->teardown(one);
	K->teardown(many);
}

/* A worker: its own state, 200 runs. */
static void *
worker(void *arg)
{
	uint64_t *sum = arg;
	ts_kstate *st = K->setup(NTHREADS, 0, NULL);

	if (st != NULL) {
		*sum = K->run(st, 200);
		K->teardown(st);
	}
	return NULL;
}

/* Eight threads with their own state reach the single-thread checksum. */
static void
test_threads(void)
{
	pthread_t th[NTHREADS];
	uint64_t sums[NTHREADS] = { 0 }, single;
	ts_kstate *st = K->setup(1, 0, NULL);
	int i, same = 1;

	single = K->run(st, 200);
	K->teardown(st);
	for (i = 0; i < NTHREADS; i++)
		pthread_create(&th[i], NULL, worker, &sums[i]);
	for (i = 0; i < NTHREADS; i++) {
		pthread_join(th[i], NULL);
		if (sums[i] != single)
			same = 0;
	}
	ok(same, "8 threads x 200 runs = the single-thread checksum");
}

/* Func_2's strcmp: "1'ST" sorts first; bytes after a NUL do not count. */
static void
test_strings(void)
{
	struct ts_dhry *d = K->setup(1, 0, NULL);

	K->run(d, 1);
	ok(d->bool_glob, "1'ST STRING < 2'ND STRING: Bool_Glob true");
	memcpy(d->str_1_loc, "DHRYSTONE PROGRAM, 3'RD STRING", 31);
	K->run(d, 1);
	ok(!d->bool_glob, "3'RD STRING > 2'ND STRING: Bool_Glob false");
	memcpy(d->str_1_loc, "DHRYSTONE PROGRAM, 2'ND\0ZZZZZZZ", 31);
	K->run(d, 1);
	ok(d->bool_glob, "a NUL ends the string: junk after it is ignored");
	memcpy(d->str_1_loc, "DHRYSTONE PROGRAM, 2'ND STRING", 31);
	K->run(d, 1);
	ok(d->bool_glob, "equal strings: Bool_Glob true");
	K->teardown(d);
}

/*
 * A record link out of range is caught by the checked indexing and
 * stops the run, as the original's would; it is never followed.
 */
static void
test_bad_link(void)
{
	struct ts_dhry *d = K->setup(1, 0, NULL);
	pid_t pid;
	int status = 0;

	if (!ok(d != NULL, "setup for a bad link"))
		return;
	d->rec[TS_DHRY_PTR_GLOB].ptr_comp = TS_DHRY_NREC;
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		if (freopen("/dev/null", "w", stderr) == NULL)
			_exit(2);
		K->run(d, 1);
		_exit(0);
	}
	/*
	 * x86's ud2 and arm64's brk give SIGILL or SIGTRAP; on s390x GCC
	 * folds the check into a compare-and-trap instruction, whose data
	 * exception qemu-user reports as SIGFPE.
	 */
	ok(pid > 0 && waitpid(pid, &status, 0) == pid &&
	    WIFSIGNALED(status) && (WTERMSIG(status) == SIGILL ||
	    WTERMSIG(status) == SIGTRAP || WTERMSIG(status) == SIGABRT ||
	    WTERMSIG(status) == SIGFPE),
	    "a link past the two records stops the run on a trap");
	if (!WIFSIGNALED(status))
		diag("status 0x%x", (unsigned)status);
	K->teardown(d);
}

int
main(void)
{
	test_final_values();
	test_run_lengths();
	test_threads();
	test_strings();
	test_bad_link();
	return done_testing();
}
