/* SPDX-License-Identifier: MIT */
/*
 * Anonymous memory for measurement buffers: mapped, given the page size
 * asked for, and faulted in by the kernel in one call before it is used.
 *
 * Faulting a buffer in page by page costs a trap per 4 KiB page, and on a
 * virtual machine with page-table isolation that trap is dear: measured
 * on a 2-vCPU EPYC VM, touching 1 GiB page by page took 2.85 s (0.38
 * GB/s) where the kernel populated the same mapping in 0.16 s.  The pages
 * and their size are the same either way, so no measurement changes; only
 * the setup gets shorter.  An allocation the machine cannot back also
 * fails here, cleanly, instead of at some later page fault.
 */
#ifndef TS_MEM_MAP_H
#define TS_MEM_MAP_H

#include <stddef.h>

#include "size.h"

/* The transparent huge page size of x86-64 and arm64 with 4 KiB pages. */
#define TS_HUGE_PAGE_BYTES	(2 * TS_MIB)

enum ts_pages {
	TS_PAGES_SYSTEM,	/* the system's transparent huge page policy */
	TS_PAGES_BASE,		/* base pages only (MADV_NOHUGEPAGE) */
	TS_PAGES_HUGE		/* transparent huge pages asked for */
};

/*
 * Map len bytes of private anonymous memory with the given pages and
 * populate it for writing (MADV_POPULATE_WRITE, or a write per page
 * where the kernel lacks it).  Return the mapping, or NULL with errno
 * set (ENOMEM when it cannot be mapped or backed).
 */
void	*ts_map_populated(size_t len, enum ts_pages);

/* The most threads ts_map_populated_by populates with. */
#define TS_MAP_MAX_THREADS	8

/*
 * The same, populated by up to `threads` threads at once, each a slice
 * of whole 2 MiB units: on the VMs measured, two threads populated a GiB
 * of huge pages in 0.6 s where one took 1.9 s.  For memory no thread in
 * particular will use: a thread's share of a NUMA machine's memory comes
 * from the node it runs on.
 */
void	*ts_map_populated_by(size_t len, enum ts_pages, unsigned threads);

#endif /* TS_MEM_MAP_H */
