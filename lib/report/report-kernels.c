/* SPDX-License-Identifier: MIT */
/*
 * The kernel compatibility table: for each workload whose computation is
 * not the same in every producer, which kernel each producer version runs.
 * Two documents are "known to differ" on a workload when both producers
 * are found here and their kernels have different names.
 */
#include <config.h>

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "report/report-kernels.h"

/* A rustc release as one number: 1.81 is 1081. */
#define RUSTC(major, minor)	((major) * 1000u + (minor))

/*
 * The kernels, by name; rows with the same name run the same computation.
 *
 * sort: ThreadStone 2.0.0 sorts with Rust's slice::sort_unstable, whose
 * algorithm is the standard library's, so it depends on the rustc that
 * built the binary: pdqsort up to rustc 1.80, ipnsort from rustc 1.81
 * (rust-lang/rust#124032, merged during the 1.81 nightly cycle, so a
 * 1.81 prerelease may have either).  threadstone 0.1.0 sorts with its own
 * block-partition pdqsort in C: the same idea as rustc < 1.81, not the
 * same code.  threadstone 0.2.0 sorts with an ipnsort of its own in C:
 * the quicksort stage is ipnsort's, but short slices go to other sorting
 * networks than Rust's, so it too is a kernel of its own, however close
 * its rate (within 10 % of rustc >= 1.81's on the VMs measured).
 *
 * dhrystone: threadstone 0.1.0's port does different per-iteration work
 * from ThreadStone 2.0.0's loop; threadstone 0.2.0 does the original's.
 *
 * sgemm, sha256, stream and latency are the same computation in every
 * producer (their checksums match the original's), so they have no rows.
 * Neither has an unknown producer, or a version missing here: nothing is
 * ever "known to differ" by default.  A new release of this package adds
 * its rows (tests/unit-kernelcompat checks that this build's version is
 * here).
 */
#define K_SORT_PDQSORT_RUST \
	"Rust slice::sort_unstable, pdqsort (rustc < 1.81)"
#define K_SORT_IPNSORT_RUST \
	"Rust slice::sort_unstable, ipnsort (rustc >= 1.81)"
#define K_SORT_PDQSORT_C_0_1 \
	"block-partition pdqsort in C (threadstone 0.1.0)"
#define K_SORT_IPNSORT_C_0_2 \
	"ipnsort family in C (threadstone 0.2.0)"
#define K_DHRY_ORIGINAL		"Dhrystone 2.1 loop of ThreadStone 2.0.0"
#define K_DHRY_C_0_1		"Dhrystone 2.1 loop of threadstone 0.1.0"

/* Which rustc releases a row covers, beyond its version range. */
enum channel {
	ANY_CHANNEL,		/* stable and prerelease */
	PRERELEASE_ONLY		/* -nightly, -beta: only those */
};

struct kernel_row {
	const char		*workload;
	enum ts_producer_family	 family;
	const char		*version;	/* tool_version, exactly */
	unsigned		 rustc_from;	/* first rustc covered; 0: any */
	unsigned		 rustc_below;	/* first not covered; 0: none */
	enum channel		 channel;
	const char		*kernel;	/* NULL: not known */
};

/* The first row that matches a producer and workload wins. */
static const struct kernel_row table[] = {
	{ "sort", TS_FAMILY_RUST, "2.0.0", RUSTC(1, 81), RUSTC(1, 82),
	  PRERELEASE_ONLY, NULL },
	{ "sort", TS_FAMILY_RUST, "2.0.0", 0, RUSTC(1, 81),
	  ANY_CHANNEL, K_SORT_PDQSORT_RUST },
	{ "sort", TS_FAMILY_RUST, "2.0.0", RUSTC(1, 81), 0,
	  ANY_CHANNEL, K_SORT_IPNSORT_RUST },
	{ "dhrystone", TS_FAMILY_RUST, "2.0.0", 0, 0,
	  ANY_CHANNEL, K_DHRY_ORIGINAL },

	{ "sort", TS_FAMILY_C, "0.1.0", 0, 0,
	  ANY_CHANNEL, K_SORT_PDQSORT_C_0_1 },
	{ "dhrystone", TS_FAMILY_C, "0.1.0", 0, 0,
	  ANY_CHANNEL, K_DHRY_C_0_1 },

	{ "sort", TS_FAMILY_C, "0.2.0", 0, 0,
	  ANY_CHANNEL, K_SORT_IPNSORT_C_0_2 },
	{ "dhrystone", TS_FAMILY_C, "0.2.0", 0, 0,
	  ANY_CHANNEL, K_DHRY_ORIGINAL },
};

/* Whether a row's rustc range and channel cover the producer's rustc. */
static bool
rustc_matches(const struct kernel_row *row, const struct ts_producer *p)
{
	unsigned v;

	if (row->rustc_from == 0 && row->rustc_below == 0 &&
	    row->channel == ANY_CHANNEL)
		return true;
	if (!p->rustc.set || p->rustc.major > 1000 || p->rustc.minor > 999)
		return false;
	v = RUSTC(p->rustc.major, p->rustc.minor);
	if (v < row->rustc_from)
		return false;
	if (row->rustc_below != 0 && v >= row->rustc_below)
		return false;
	return row->channel == ANY_CHANNEL || p->rustc.prerelease;
}

const char *
ts_kernel_of(const struct ts_producer *p, const char *id)
{
	size_t i;

	if (p == NULL || id == NULL || p->version == NULL ||
	    p->family == TS_FAMILY_UNKNOWN)
		return NULL;
	for (i = 0; i < sizeof table / sizeof table[0]; i++) {
		const struct kernel_row *row = &table[i];

		if (row->family == p->family &&
		    strcmp(row->workload, id) == 0 &&
		    strcmp(row->version, p->version) == 0 &&
		    rustc_matches(row, p))
			return row->kernel;
	}
	return NULL;
}

bool
ts_kernels_differ(const struct ts_producer *a, const struct ts_producer *b,
    const char *id)
{
	const char *ka = ts_kernel_of(a, id), *kb = ts_kernel_of(b, id);

	return ka != NULL && kb != NULL && strcmp(ka, kb) != 0;
}

bool
ts_kernel_table_knows(enum ts_producer_family family, const char *version)
{
	size_t i;

	if (version == NULL)
		return false;
	for (i = 0; i < sizeof table / sizeof table[0]; i++)
		if (table[i].family == family &&
		    strcmp(table[i].version, version) == 0)
			return true;
	return false;
}
