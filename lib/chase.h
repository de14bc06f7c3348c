/* SPDX-License-Identifier: MIT */
/*
 * The dependent-load pointer chase shared by the latency workload and
 * threadstone-sweep (ThreadStone 2.0.0 section 6.1).  A node is one 64-byte
 * line of eight 64-bit words; only word 0 is used.  The nodes are linked
 * into one cycle through every node by "shuffle, then link in shuffled
 * order", which reproduces the original's checksums exactly.
 */
#ifndef TS_CHASE_H
#define TS_CHASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ts_chase {
	uint64_t	*words;		/* nodes x 8 words */
	uint64_t	 nodes;		/* max(bytes / 64, 2) */
	uint64_t	 cursor;	/* word index of the current node */
	size_t		 map_bytes;	/* bytes mapped (for munmap) */
	uint64_t	 page_bytes;	/* page size backing the buffer */
	bool		 huge;		/* huge pages were requested */
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

#endif /* TS_CHASE_H */
