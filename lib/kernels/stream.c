/* SPDX-License-Identifier: MIT */
/*
 * The stream workload: McCalpin's triad a = b + 3c over each thread's
 * share of three 8 Mi-element arrays, first touched by that thread
 * (ThreadStone 2.0.0 section 5.5).  The runner may ask for larger arrays
 * through ts_kparams.buffer_bytes; the rate then counts what was used.
 */
#include <config.h>

#include <sys/mman.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/kernel.h"
#include "kernels/stream.h"
#include "mem/mem-chase.h"
#include "mem/mem-map.h"

#define BYTES_PER_ELEM	24		/* two reads and a write */
#define TS_STREAM_ELEMS	((uint64_t)8 << 20)	/* per array, over all threads */
#define PAGE		4096
#define STAGGER		1024		/* keeps b and c off a's 4 KiB alias */

/* Total elements per array over all threads for these parameters. */
static uint64_t
stream_total(const struct ts_kparams *p)
{
	if (p == NULL || p->buffer_bytes == 0)
		return TS_STREAM_ELEMS;
	return p->buffer_bytes / BYTES_PER_ELEM;
}

/* Elements really triaded per round: every thread gets at least one. */
static uint64_t
stream_used(unsigned threads, const struct ts_kparams *p)
{
	uint64_t total = stream_total(p);

	return total < threads ? threads : total;
}

/* Bytes of one array of n doubles, rounded up to whole pages. */
static size_t
array_span(size_t n)
{
	return (n * sizeof(double) + PAGE - 1) / PAGE * PAGE;
}

/* Bytes mapped for a slice of n elements. */
static size_t
map_len(size_t n, bool huge)
{
	size_t len = 3 * array_span(n) + 2 * STAGGER + PAGE;

	if (huge)
		len = (len + TS_HUGE_PAGE_BYTES - 1) / TS_HUGE_PAGE_BYTES *
		    TS_HUGE_PAGE_BYTES;
	return len;
}

/* a[i] = b[i] + 3 c[i], in blocks of eight the compiler can vectorise. */
static inline void
triad(double *restrict a, const double *restrict b,
    const double *restrict c, size_t n)
{
	size_t i, j;

	for (i = 0; i + 8 <= n; i += 8)
		for (j = 0; j < 8; j++)
			a[i + j] = b[i + j] + 3.0 * c[i + j];
	for (; i < n; i++)
		a[i] = b[i] + 3.0 * c[i];
}

/* The bits of a double, for checksums. */
static inline uint64_t
dbits(double v)
{
	uint64_t u;

	memcpy(&u, &v, sizeof u);
	return u;
}

/* Eight evenly spaced samples of a, folded together. */
static uint64_t
stream_checksum(const double *a, size_t n)
{
	size_t stride = n / 8 > 0 ? n / 8 : 1, i, k;
	uint64_t s = 0;

	for (i = 0; i < 8; i++) {
		k = stride * i < n - 1 ? stride * i : n - 1;
		s = (s << 7 | s >> 57) ^ dbits(a[k]);
	}
	return s;
}

/* Unmap the arrays and free the state. */
static void
stream_teardown(ts_kstate *st)
{
	struct ts_stream *s = st;

	if (s == NULL)
		return;
	if (s->a != NULL)
		munmap(s->a, s->map_bytes);
	free(s);
}

/* Map this thread's slice and write every element once, here. */
static ts_kstate *
stream_setup(unsigned threads, unsigned index, const struct ts_kparams *p)
{
	struct ts_stream *s;
	bool huge = p != NULL && p->huge_pages;
	uint64_t share;
	size_t n, i, span;
	void *m;

	share = ts_partition_share(stream_total(p), threads, index);
	/* Checked before it is a size_t, which has 32 bits on i386. */
	if (share > SIZE_MAX / 4 / sizeof(double)) {
		errno = ENOMEM;
		return NULL;
	}
	n = (size_t)share;
	if (posix_memalign((void **)&s, 64, sizeof *s) != 0) {
		errno = ENOMEM;
		return NULL;
	}
	memset(s, 0, sizeof *s);
	s->n = n;
	s->map_bytes = map_len(n, huge);
	/* Page size asked for either way, as the chase does. */
	if ((m = ts_map_populated(s->map_bytes, huge ? TS_PAGES_HUGE :
	    TS_PAGES_BASE)) == NULL) {
		free(s);
		errno = ENOMEM;
		return NULL;
	}
	span = array_span(n);
	s->a = m;
	s->b = (double *)((char *)m + span + STAGGER);
	s->c = (double *)((char *)m + 2 * span + 2 * STAGGER);
	for (i = 0; i < n; i++) {
		s->a[i] = 1.0;
		s->b[i] = 2.0;
		s->c[i] = 0.5;
	}
	return s;
}

/* `iters` triads over the slice. */
static uint64_t
stream_run(ts_kstate *st, uint64_t iters)
{
	struct ts_stream *s = st;

	while (iters-- > 0) {
		triad(s->a, s->b, s->c, s->n);
		/* Each round must really store again: no hoisting. */
		__asm__ __volatile__("" : : "r" (s->a) : "memory");
	}
	return stream_checksum(s->a, s->n);
}

/* The page size backing this thread's arrays, read back after first touch. */
static uint64_t
stream_page_bytes(ts_kstate *st)
{
	struct ts_stream *s = st;

	return ts_backing_page_size(s->a, s->map_bytes);
}

/* GiB/s at the default size: the whole arrays once per iteration. */
static double
stream_rate(uint64_t iters, unsigned threads, double secs)
{
	(void)threads;
	return (double)iters * (double)TS_STREAM_ELEMS * BYTES_PER_ELEM /
	    secs / 1073741824.0;
}

/* GiB/s for the size setup was given (threads only matter if tiny). */
static double
stream_rate_sized(uint64_t iters, unsigned threads, double secs,
    const struct ts_kparams *p)
{
	return (double)iters * (double)stream_used(threads, p) *
	    BYTES_PER_ELEM / secs / 1073741824.0;
}

/* The three arrays over all threads, in the sense of buffer_bytes. */
static uint64_t
stream_buffer_used(unsigned threads, const struct ts_kparams *p)
{
	return stream_used(threads, p) * BYTES_PER_ELEM;
}

const struct ts_kernel ts_kernel_stream = TS_KERNEL(stream,
    "stream", "STREAM Triad", TS_UNIT_GIB_PER_SEC, 12.0,
    .partitioned = true, .scales = true,
    .summary = "Sustained memory bandwidth over 192 MiB, far beyond any "
    "cache",
    .rate_sized = stream_rate_sized,
    .buffer_used = stream_buffer_used,
    .page_bytes = stream_page_bytes,
    /* The three arrays over all threads: 3 x 64 MiB, as the original. */
    .buffer_default = TS_STREAM_ELEMS * BYTES_PER_ELEM,
    .buffer_option = "--stream-mb",
    .buffer_help = "STREAM arrays, MiB in total",
    .buffer_name = "stream");
