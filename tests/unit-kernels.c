/* SPDX-License-Identifier: MIT */
/*
 * lib/kernels/registry.c and kernel.h, the folder's shared part: the
 * registry, the descriptors, the partition share, every kernel's rate
 * formula and the original's data-generation checksums (section 5.0).
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernel.h"
#include "suite/suite-score.h"
#include "tap.h"

struct want {
	const char	*id;
	const char	*name;
	enum ts_unit	 unit;
	double		 reference;
	bool		 partitioned, scales;
	uint64_t	 sum[2][2];	/* [thread 0 of 1, 1 of 2][run 1, 2] */
	double		 rate_big, rate_one;
};

static const struct want wants[] = {
	{ "dhrystone", "Dhrystone 2.1", TS_UNIT_DHRYSTONES_PER_SEC, 22e6,
	    false, true,
	    { { 0x00000d054241017eULL, 0x00000d0542410178ULL },
	      { 0x00000d054241017eULL, 0x00000d0542410178ULL } },
	    16000, 1 },
	{ "sgemm", "SGEMM 256\xc2\xb3", TS_UNIT_GFLOPS, 12.0, false, true,
	    { { 0xb810b3ba79e8fbd8ULL, 0x389d7d705fd9de62ULL },
	      { 0xb1cc579fe360e7c0ULL, 0x9282bfbf2b79b57aULL } },
	    536.870912, 0.033554432 },
	{ "sha256", "SHA-256", TS_UNIT_MIB_PER_SEC, 250.0, false, true,
	    { { 0x0eacedfd2b3f7a36ULL, 0x27ada2363e69e574ULL },
	      { 0x478bd0010e14ee00ULL, 0x649c95fb1c39e548ULL } },
	    1000, 0.0625 },
	{ "sort", "Sort 1Mi u64", TS_UNIT_MELEM_PER_SEC, 50.0, false, true,
	    { { 0x00000ab86b3f258dULL, 0x00001570d67e4b1aULL },
	      { 0x000000ad288ad1d2ULL, 0x0000015a5115a3a4ULL } },
	    16777.216, 1.048576 },
	{ "stream", "STREAM Triad", TS_UNIT_GIB_PER_SEC, 12.0, true, true,
	    { { 0x460c811a3468d1a3ULL, 0x460c811a3468d1a3ULL },
	      { 0x460c811a3468d1a3ULL, 0x460c811a3468d1a3ULL } },
	    750, 0.1875 },
	{ "latency", "Memory Latency", TS_UNIT_NANOSECONDS, 90.0, false, false,
	    { { 0x00000000015fff90ULL, 0x0000000000fefcf8ULL },
	      { 0x000000000075cfe8ULL, 0x0000000000c26c90ULL } },
	    250000, 1e9 },
};

#define NWANTS	(sizeof wants / sizeof wants[0])

/* Registry order, descriptors and lookup. */
static void
test_registry(void)
{
	const struct ts_kernel *k;
	size_t i;

	/* ThreadStone 2.0.0's six first; a kernel added after them. */
	ok(ts_nkernels >= NWANTS, "ThreadStone 2.0.0's six kernels (%zu in "
	    "all)", ts_nkernels);
	for (i = 0; i < NWANTS && i < ts_nkernels; i++) {
		k = ts_kernels[i];
		is_str(k->id, wants[i].id, "registry order");
		is_str(k->name, wants[i].name, wants[i].id);
		ok(k->unit == wants[i].unit && k->reference ==
		    wants[i].reference, "%s: unit and reference", k->id);
		ok(k->partitioned == wants[i].partitioned &&
		    k->scales == wants[i].scales, "%s: partitioned, scales",
		    k->id);
		ok(k->summary != NULL && k->summary[0] != '\0' &&
		    k->setup != NULL && k->run != NULL && k->teardown != NULL &&
		    k->rate != NULL,
		    "%s: summary and every hook", k->id);
		ok(ts_kernel_find(wants[i].id) == k, "%s: found by id", k->id);
	}
	ok(ts_kernel_find("Sort") == NULL, "lookup is exact");
	ok(ts_kernel_find("nope") == NULL, "unknown id");
	is_str(ts_kernel_find("stream")->summary,
	    "Sustained memory bandwidth over 192 MiB, far beyond any cache",
	    "stream summary");
}

/* The sized buffers the original has, and the options that set them. */
static const struct {
	const char	*id, *option, *name;
	uint64_t	 bytes;
} buffers[] = {
	{ "stream", "--stream-mb", "stream", (uint64_t)192 << 20 },
	{ "latency", "--latency-mb", "latency", (uint64_t)256 << 20 },
};

/*
 * Every descriptor whole and consistent, since the suite, the scores and
 * threadstone-run use what it says without knowing the kernel: a buffer
 * default comes with its option, name and hooks and is what setup really
 * uses; the scores' reference is the descriptor's.
 */
static void
test_descriptors(void)
{
	static const struct ts_kernel stranger = { .id = "stranger" };
	struct ts_kparams dflt = { 0, false };
	const struct ts_kernel *k;
	size_t i, j, nbuf = 0;
	int sized, want;

	ok(ts_nkernels <= TS_KERNELS_MAX, "the registry fits TS_KERNELS_MAX");
	for (i = 0; i < ts_nkernels; i++) {
		k = ts_kernels[i];
		ok(k->id != NULL && k->id[0] != '\0' && k->name != NULL &&
		    k->name[0] != '\0', "%s: id and name", k->id);
		ok(ts_kernel_index(k) == i, "%s: its index", k->id);
		ok(ts_reference_find(k->id) == k, "%s: the scores' row is the "
		    "descriptor", k->id);
		ok(ts_unit_name(k->unit) != NULL && isfinite(k->reference) &&
		    k->reference > 0, "%s: a unit and a reference", k->id);
		sized = k->buffer_default != 0;
		ok((k->buffer_option != NULL) == sized &&
		    (k->buffer_name != NULL) == sized &&
		    (k->buffer_help != NULL) == sized &&
		    (k->buffer_used != NULL) == sized &&
		    (k->rate_sized != NULL) == sized,
		    "%s: buffer fields all set or all unset", k->id);
		for (want = -1, j = 0; j < sizeof buffers / sizeof buffers[0];
		    j++)
			if (strcmp(buffers[j].id, k->id) == 0)
				want = (int)j;
		if (want == -1) {
			ok(!sized, "%s: no sized buffer", k->id);
			continue;
		}
		nbuf++;
		if (!ok(sized, "%s: a sized buffer", k->id))
			continue;
		ok(k->buffer_default == buffers[want].bytes,
		    "%s: default buffer", k->id);
		ok(strcmp(k->buffer_option, buffers[want].option) == 0 &&
		    strcmp(k->buffer_name, buffers[want].name) == 0,
		    "%s: option and name", k->id);
		ok(ts_kernel_buffer_used(k, 1, &dflt) == k->buffer_default,
		    "%s: setup's default is the descriptor's", k->id);
		ok(k->buffer_default % ((uint64_t)1 << 20) == 0,
		    "%s: the default is whole MiB, as the option", k->id);
		for (j = 0; j < ts_nkernels; j++)
			if (j != i && ts_kernels[j]->buffer_option != NULL &&
			    strcmp(ts_kernels[j]->buffer_option,
			    k->buffer_option) == 0)
				break;
		ok(j == ts_nkernels, "%s: its option is no other kernel's",
		    k->id);
	}
	is_int((int)nbuf, 2, "two sized buffers");
	is_int((int)ts_kernel_index(&stranger), (int)ts_nkernels,
	    "a kernel not in the registry has no index");
}

/* The partition share of section 5.0. */
static void
test_share(void)
{
	is_u64(ts_partition_share(10, 4, 0), 3, "10 over 4: thread 0");
	is_u64(ts_partition_share(10, 4, 1), 3, "10 over 4: thread 1");
	is_u64(ts_partition_share(10, 4, 2), 2, "10 over 4: thread 2");
	is_u64(ts_partition_share(10, 4, 3), 2, "10 over 4: thread 3");
	is_u64(ts_partition_share(2, 4, 3), 1, "at least one each");
	is_u64(ts_partition_share(8u << 20, 2, 1), 4u << 20, "8 Mi over 2");
	is_u64(ts_partition_share(7, 1, 0), 7, "one thread takes all");
}

/* The rate table, and the sized rates at the default sizes. */
static void
test_rates(void)
{
	struct ts_kparams def = { 0, false }, big = { 3ULL << 28, false };
	const struct ts_kernel *k;
	size_t i;

	for (i = 0; i < NWANTS; i++) {
		k = ts_kernels[i];
		is_double(k->rate(1000, 4, 0.25), wants[i].rate_big, k->id);
		is_double(k->rate(1, 1, 1.0), wants[i].rate_one, k->id);
		is_double(ts_kernel_rate(k, 1000, 4, 0.25, &def),
		    wants[i].rate_big, "sized rate at the default size");
		is_double(ts_kernel_rate(k, 1000, 4, 0.25, NULL),
		    wants[i].rate_big, "rate without parameters");
	}
	k = ts_kernel_find("stream");
	is_double(ts_kernel_rate(k, 1000, 4, 0.25, &big), 3000.0,
	    "stream at 768 MiB counts the real size");
	is_u64(ts_kernel_buffer_used(k, 4, &def), 201326592,
	    "stream uses 192 MiB by default");
	big.buffer_bytes = 1000;
	is_u64(ts_kernel_buffer_used(k, 2, &big), 984,
	    "stream rounds down to whole elements");
	big.buffer_bytes = 24;
	is_u64(ts_kernel_buffer_used(k, 3, &big), 72,
	    "stream counts one element per thread at least");
	k = ts_kernel_find("latency");
	is_u64(ts_kernel_buffer_used(k, 1, &def), 256u << 20,
	    "latency uses 256 MiB by default");
	big.buffer_bytes = 100;
	is_u64(ts_kernel_buffer_used(k, 1, &big), 128, "latency: 2 nodes");
	is_double(ts_kernel_rate(k, 1000, 4, 0.25, &big), 250000.0,
	    "latency rate does not depend on the size");
	is_u64(ts_kernel_buffer_used(ts_kernel_find("sort"), 1, &def), 0,
	    "sort has no sized buffer");
}

/* The checksum table: fresh state, run(1) then run(2), two threads. */
static void
test_checksums(void)
{
	static const unsigned thr[2][2] = { { 1, 0 }, { 2, 1 } };
	struct ts_kparams def = { 0, false };
	const struct ts_kernel *k;
	ts_kstate *st;
	uint64_t sum;
	size_t i, t;

	for (i = 0; i < NWANTS; i++) {
		k = ts_kernels[i];
		for (t = 0; t < 2; t++) {
			st = k->setup(thr[t][0], thr[t][1], &def);
			if (!ok(st != NULL, "%s: setup %u of %u", k->id,
			    thr[t][1], thr[t][0]))
				continue;
			sum = k->run(st, 1);
			is_u64(sum, wants[i].sum[t][0], k->id);
			ok(sum != 0, "%s: run(1) checksum is not 0", k->id);
			is_u64(k->run(st, 2), wants[i].sum[t][1], k->id);
			if (t == 1 && ts_kernel_page_bytes(k, st) != 0)
				ok(ts_kernel_page_bytes(k, st) >= 4096,
				    "%s: page size read back", k->id);
			k->teardown(st);
		}
	}
}

int
main(void)
{
	test_registry();
	test_descriptors();
	test_share();
	test_rates();
	test_checksums();
	return done_testing();
}
