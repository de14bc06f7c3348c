/* SPDX-License-Identifier: MIT */
/*
 * Populated anonymous mappings (see mem-map.h).
 */
#include <config.h>

#include <sys/mman.h>

#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "mem/mem-map.h"

/* Write one byte per page so that every page is faulted in now. */
static void
touch_pages(volatile char *p, size_t len)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;

	for (i = 0; i < len; i += page)
		p[i] = 0;
}

/* One thread's share of a parallel population. */
struct slice {
	pthread_t	 tid;
	char		*p;
	size_t		 len;
	int		 err;		/* errno of a failed madvise, or 0 */
	bool		 started;
};

/* Populate one slice for writing; 0 or an errno value. */
static int
populate(char *p, size_t len)
{
#ifdef MADV_POPULATE_WRITE
	if (madvise(p, len, MADV_POPULATE_WRITE) == 0)
		return 0;
	return errno != 0 ? errno : ENOMEM;
#else
	(void)p;
	(void)len;
	return EINVAL;
#endif
}

/* Thread body: populate the slice. */
static void *
populate_main(void *arg)
{
	struct slice *s = arg;

	s->err = populate(s->p, s->len);
	return NULL;
}

/*
 * Populate [p, p + len) in up to `threads` slices at once, whole 2 MiB
 * units each; the calling thread takes the last slice and any slice
 * whose thread could not be started.  Return 0 or the first errno.
 */
static int
populate_parallel(char *p, size_t len, unsigned threads)
{
	struct slice s[TS_MAP_MAX_THREADS];
	size_t unit = TS_HUGE_PAGE_BYTES, each, off = 0;
	unsigned i, n;
	int err = 0;

	if (threads > TS_MAP_MAX_THREADS)
		threads = TS_MAP_MAX_THREADS;
	each = (len / threads + unit - 1) / unit * unit;
	memset(s, 0, sizeof s);
	for (n = 0; n < threads && off < len; n++) {
		s[n].p = p + off;
		s[n].len = len - off < each ? len - off : each;
		off += s[n].len;
	}
	for (i = 0; i + 1 < n; i++)
		s[i].started = pthread_create(&s[i].tid, NULL, populate_main,
		    &s[i]) == 0;
	for (i = 0; i < n; i++)
		if (!s[i].started)
			s[i].err = populate(s[i].p, s[i].len);
	for (i = 0; i < n; i++) {
		if (s[i].started)
			pthread_join(s[i].tid, NULL);
		if (err == 0)
			err = s[i].err;
	}
	return err;
}

void *
ts_map_populated_by(size_t len, enum ts_pages pages, unsigned threads)
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
	e = threads > 1 ? populate_parallel(p, len, threads) :
	    populate(p, len);
	if (e == 0)
		return p;
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
	touch_pages(p, len);
	return p;
}

void *
ts_map_populated(size_t len, enum ts_pages pages)
{
	return ts_map_populated_by(len, pages, 1);
}
