/* SPDX-License-Identifier: MIT */
/*
 * The dependent-load pointer chase shared by the latency workload and
 * threadstone-sweep (ThreadStone 2.0.0 section 6.1).  A node is one 64-byte
 * line of eight 64-bit words; only word 0 is used.  The nodes are linked
 * into one cycle through every node by "shuffle, then link in shuffled
 * order", which reproduces the original's checksums exactly.
 */
#ifndef TS_MEM_CHASE_H
#define TS_MEM_CHASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rng.h"

struct ts_chase {
	uint64_t	*words;		/* nodes x 8 words */
	uint64_t	 nodes;		/* max(bytes / 64, 2) */
	uint64_t	 cursor;	/* word index of the current node */
	size_t		 map_bytes;	/* bytes mapped (for munmap) */
	uint64_t	 page_bytes;	/* page size backing the buffer */
	bool		 huge;		/* huge pages were requested */
	/*
	 * The shuffled order the nodes were linked in, kept until
	 * ts_chase_free(): freeing it (an munmap) between linking and
	 * measuring made a virtual machine's shadow page tables drop the
	 * whole buffer, and a 256 MiB chase then read 6.5 us a load for its
	 * first half second instead of 250 ns.
	 */
	uint64_t	*order;
};

/*
 * Build a chase over `bytes` with splitmix64(seed).  With huge_pages,
 * ask for transparent huge pages (madvise) and record the page size that
 * backs the buffer.  Return 0, or -1 with errno set (ENOMEM).
 */
int	 ts_chase_init(struct ts_chase *, uint64_t bytes, uint64_t seed,
	    bool huge_pages);
void	 ts_chase_free(struct ts_chase *);

/*
 * The page size backing a mapping that starts at addr: 2 MiB when
 * transparent huge pages cover at least half of its len bytes, else the
 * base page size (read from /proc/self/smaps).  Shared with STREAM.
 */
uint64_t ts_backing_page_size(const void *addr, size_t len);

/* Follow `hops` dependent loads from the cursor; return the new cursor. */
uint64_t ts_chase_run(struct ts_chase *, uint64_t hops);

/*
 * The page-local order.  A random chase over a large buffer pays a TLB
 * miss, and on a virtual machine a two-dimensional page walk, on almost
 * every load, and that cost keeps growing with the buffer long after the
 * data caches are left behind.  A page-local chase visits the buffer's
 * 4 KiB groups of 64 lines in a random order and, within each group, all
 * of its lines in a random order: one page walk is shared by 64 loads,
 * so its latency follows the data footprint alone.
 */
#define TS_CHASE_GROUP_BYTES	4096u
#define TS_CHASE_GROUP_LINES	64u

/*
 * Link one cycle through word `word` (0..7) of every line in the groups
 * groups[0..ngroups) of a buffer of `nodes` 64-byte lines (group g holds
 * lines g x 64 up to the end of the buffer; groups past it are skipped),
 * group after group in the given order, the lines within a group
 * shuffled with rng.  Return the word index of the cycle's first node,
 * where a chase should start (`word` itself when no group has a line).
 */
uint64_t ts_chase_link_local(uint64_t *words, uint64_t nodes,
	    const uint64_t *groups, uint64_t ngroups, unsigned word,
	    struct ts_rng *rng);

/* Follow `hops` dependent loads through words from word index p. */
uint64_t ts_chase_follow(const uint64_t *words, uint64_t p, uint64_t hops);

#endif /* TS_MEM_CHASE_H */
