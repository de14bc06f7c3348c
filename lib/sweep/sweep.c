/* SPDX-License-Identifier: MIT */
/*
 * The working-set sweep (see sweep.h): which sizes to visit, how long to
 * time each one, the two chases through each buffer, and the two outputs
 * of the original, the JSON array and the table.
 */
#include <config.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "mem/mem-chase.h"
#include "num/num-format.h"
#include "rng.h"
#include "size.h"
#include "sweep/sweep.h"
#include "util.h"

/* Keeps the chase cursor observable so no hop is optimised away. */
static volatile uint64_t sweep_sink;

uint64_t
ts_sweep_footprint(uint64_t bytes)
{
	uint64_t nodes = bytes / 64 < 2 ? 2 : bytes / 64;

	if (nodes > UINT64_MAX / 72)
		return UINT64_MAX;
	return nodes * 64 + nodes * 8;
}

uint64_t
ts_sweep_default_max(uint64_t llc, uint64_t avail)
{
	uint64_t top = TS_SWEEP_ORIG_MAX;

	while (top < UINT64_C(1) << 63 &&
	    (llc > UINT64_MAX / 4 || top < llc * 4))
		top *= 2;
	if (avail != 0)
		while (top > TS_SWEEP_MIN_BYTES &&
		    ts_sweep_footprint(top) > avail / 2)
			top /= 2;
	/* What one mapping may hold (2 GiB less a byte on 32 bits). */
	while (top > TS_SWEEP_MIN_BYTES &&
	    ts_sweep_footprint(top) > TS_MAP_MAX_BYTES)
		top /= 2;
	return top;
}

size_t
ts_sweep_sizes(uint64_t max_bytes, uint64_t *sizes, size_t cap)
{
	uint64_t b = TS_SWEEP_MIN_BYTES;
	size_t n = 0;

	while (b <= max_bytes && n < cap) {
		sizes[n++] = b;
		if (b > UINT64_MAX / 2)
			break;
		b *= 2;
	}
	return n;
}

double
ts_sweep_reading_at(const uint64_t *w, uint64_t *cursor, uint64_t min_ms,
    uint64_t *hops_out)
{
	uint64_t hops = 1024;
	double t0, secs;

	for (;;) {
		t0 = ts_now();
		*cursor = ts_chase_follow(w, *cursor, hops);
		secs = ts_now() - t0;
		if (secs * 1e3 >= (double)min_ms || hops > UINT64_MAX / 4)
			break;
		hops *= 4;
	}
	sweep_sink = *cursor;
	*hops_out = hops;
	return secs / (double)hops * 1e9;
}

double
ts_sweep_reading(struct ts_chase *c, uint64_t min_ms, uint64_t *hops_out)
{
	return ts_sweep_reading_at(c->words, &c->cursor, min_ms, hops_out);
}

double
ts_sweep_time(struct ts_chase *c, uint64_t min_ms, uint64_t *hops)
{
	sweep_sink = ts_chase_run(c, c->nodes);
	return ts_sweep_reading(c, min_ms, hops);
}

int
ts_sweep_link_local(struct ts_chase *c, uint64_t seed, uint64_t *start)
{
	uint64_t ngroups, *groups, g;
	struct ts_rng rng;

	ngroups = (c->nodes + TS_CHASE_GROUP_LINES - 1) / TS_CHASE_GROUP_LINES;
	if ((groups = malloc((size_t)ngroups * sizeof *groups)) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	for (g = 0; g < ngroups; g++)
		groups[g] = g;
	ts_rng_seed(&rng, seed);
	ts_rng_shuffle_u64(&rng, groups, (size_t)ngroups);
	*start = ts_chase_link_local(c->words, c->nodes, groups, ngroups,
	    TS_SWEEP_LOCAL_WORD, &rng);
	free(groups);
	return 0;
}

/* Keep the faster of a point's readings and the hops that gave it. */
static void
keep_best(double ns, uint64_t hops, double *best, uint64_t *best_hops)
{
	if (ns < *best) {
		*best = ns;
		*best_hops = hops;
	}
}

int
ts_sweep_run(const uint64_t *sizes, size_t n, uint64_t min_ms,
    unsigned repeat, bool huge_pages, struct ts_sweep_point *points,
    ts_sweep_progress_fn *progress, void *arg, uint64_t *failed_bytes)
{
	struct ts_sweep_point *pt;
	struct ts_chase c;
	uint64_t hops, local;
	unsigned k;
	size_t i;

	for (i = 0; i < n; i++) {
		if (progress != NULL)
			progress(arg, i, n, sizes[i]);
		if (ts_chase_init(&c, sizes[i], TS_SWEEP_SEED,
		    huge_pages) != 0) {
			*failed_bytes = sizes[i];
			errno = ENOMEM;
			return -1;
		}
		if (ts_sweep_link_local(&c, TS_SWEEP_LOCAL_SEED,
		    &local) != 0) {
			ts_chase_free(&c);
			*failed_bytes = sizes[i];
			return -1;
		}
		pt = &points[i];
		pt->bytes = sizes[i];
		pt->page_bytes = c.page_bytes;
		/* The original's lap and reading, then the page-local's. */
		pt->latency_ns = ts_sweep_time(&c, min_ms, &pt->hops);
		local = ts_chase_follow(c.words, local, c.nodes);
		pt->page_local_ns = ts_sweep_reading_at(c.words, &local,
		    min_ms, &pt->local_hops);
		for (k = 1; k < repeat; k++) {
			keep_best(ts_sweep_reading(&c, min_ms, &hops), hops,
			    &pt->latency_ns, &pt->hops);
			keep_best(ts_sweep_reading_at(c.words, &local, min_ms,
			    &hops), hops, &pt->page_local_ns, &pt->local_hops);
		}
		ts_chase_free(&c);
	}
	return 0;
}

void
ts_sweep_json(struct ts_buf *b, const struct ts_sweep_point *pts, size_t n,
    const char *const *levels)
{
	char num[TS_FMT_DOUBLE_MAX];
	size_t i;

	if (n == 0) {
		ts_buf_puts(b, "[]");
		return;
	}
	ts_buf_puts(b, "[\n");
	for (i = 0; i < n; i++) {
		ts_fmt_double(pts[i].latency_ns, num);
		ts_buf_printf(b, "  {\n    \"bytes\": %" PRIu64 ",\n"
		    "    \"latency_ns\": %s", pts[i].bytes, num);
		if (levels != NULL) {
			ts_fmt_double(pts[i].page_local_ns, num);
			ts_buf_printf(b, ",\n    \"page_local_ns\": %s,\n"
			    "    \"page_bytes\": %" PRIu64 ",\n"
			    "    \"level\": ", num, pts[i].page_bytes);
			ts_buf_json_string(b, levels[i]);
		}
		ts_buf_puts(b, i + 1 < n ? "\n  },\n" : "\n  }\n");
	}
	ts_buf_putc(b, ']');
}

void
ts_sweep_table(struct ts_buf *b, const struct ts_sweep_point *pts,
    size_t n, const char *const *levels)
{
	char size[32];
	size_t i;

	ts_buf_printf(b, "%12s  %10s", "working set", "latency");
	if (levels != NULL)
		ts_buf_printf(b, "  %10s  level", "page-local");
	ts_buf_putc(b, '\n');
	for (i = 0; i < n; i++) {
		ts_size_format((double)pts[i].bytes,
		    TS_SIZE_WHOLE, size, sizeof size);
		ts_buf_printf(b, "%12s  %7.1f ns", size, pts[i].latency_ns);
		if (levels != NULL)
			ts_buf_printf(b, "  %7.1f ns  %s",
			    pts[i].page_local_ns, levels[i]);
		ts_buf_putc(b, '\n');
	}
	ts_buf_puts(b, "\nPlateaus mark cache levels; "
	    "each step up is a level boundary.\n");
	if (levels != NULL)
		ts_buf_puts(b, "Levels are named from the page-local latency, "
		    "which leaves page walks out.\n");
}

void
ts_sweep_walks(struct ts_buf *b, const struct ts_sweep_point *pts,
    size_t n, size_t from)
{
	char size[32];
	size_t i;

	if (n == 0)
		return;
	ts_buf_puts(b, "Page walks (latency less page-local, not a cache "
	    "level):");
	if (from + 1 < n) {
		ts_size_format((double)pts[from].bytes, TS_SIZE_WHOLE, size,
		    sizeof size);
		ts_buf_printf(b, " %.1f ns at %s, where memory begins,",
		    pts[from].latency_ns - pts[from].page_local_ns, size);
	}
	i = n - 1;
	ts_size_format((double)pts[i].bytes, TS_SIZE_WHOLE, size, sizeof size);
	ts_buf_printf(b, " %.1f ns at %s.\n",
	    pts[i].latency_ns - pts[i].page_local_ns, size);
}
