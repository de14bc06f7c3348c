/* SPDX-License-Identifier: MIT */
/*
 * Populated anonymous mappings (see mapping.h).
 */
#include <config.h>

#include <sys/mman.h>

#include <errno.h>
#include <unistd.h>

#include "mapping.h"

/* Write one byte per page so that every page is faulted in now. */
static void
touch_pages(volatile char *p, size_t len)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;

	for (i = 0; i < len; i += page)
		p[i] = 0;
}

void *
ts_map_populated(size_t len, enum ts_pages pages)
{
	void *p;
	int e;

	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE |
	    MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		errno = ENOMEM;
		return NULL;
	}
	/* Advice only: a kernel without THP keeps base pages. */
#ifdef MADV_HUGEPAGE
	if (pages != TS_PAGES_SYSTEM)
		(void)madvise(p, len, pages == TS_PAGES_HUGE ? MADV_HUGEPAGE :
		    MADV_NOHUGEPAGE);
#endif
#ifdef MADV_POPULATE_WRITE
	if (madvise(p, len, MADV_POPULATE_WRITE) == 0)
		return p;
	e = errno;
	/*
	 * Only a kernel that does not know the advice (before Linux 5.14)
	 * goes on to touch the pages; any other failure is memory that
	 * cannot be backed.
	 */
	if (e != EINVAL) {
		munmap(p, len);
		errno = ENOMEM;
		return NULL;
	}
#else
	(void)e;
#endif
	touch_pages(p, len);
	return p;
}
