/* SPDX-License-Identifier: MIT */
/*
 * The suite's buffer check (see bufcheck.h): a sparse and a dense chase
 * through one mapping, so that only the cache, not the TLB, separates
 * them.
 */
#include <config.h>

#include <sys/mman.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bufcheck.h"
#include "rng.h"
#include "util.h"

#define LINE		64u
#define WORDS		(LINE / 8)
/* Seed of the chains (the latency workload's). */
#define SEED		0x1A7E4C7A5EEDull
/* Alternating readings of each chain. */
#define ROUNDS		4

/* Where the final cursors go, so no chase is dead code. */
static volatile uint64_t bufcheck_sink;

bool
ts_bufcheck_cached(double ns_sparse, double ns_dense)
{
	return ns_dense > TS_BUFCHECK_SLOWER * ns_sparse;
}

uint64_t
ts_bufcheck_span(uint64_t bytes, uint64_t limit)
{
	uint64_t f = TS_BUFCHECK_FACTOR;

	if (bytes < LINE || bytes > (UINT64_C(1) << 40))
		return 0;
	if (limit / bytes < f)
		f = limit / bytes;
	if (f < 2)
		return 0;
	/* Whole groups of f lines, so the sparse chain takes one from each. */
	return bytes / LINE * LINE * f;
}

/* Shuffle n 32-bit values (Fisher-Yates) with the shared generator. */
static void
shuffle32(struct ts_rng *rng, uint32_t *v, uint64_t n)
{
	uint64_t i, j;
	uint32_t t;

	for (i = n - 1; i > 0; i--) {
		j = ts_rng_below(rng, i + 1);
		t = v[i];
		v[i] = v[j];
		v[j] = t;
	}
}

/* Link the lines idx[0..n) into one cycle through word `off` of each. */
static void
link_cycle(uint64_t *w, const uint32_t *idx, uint64_t n, unsigned off)
{
	uint64_t i;

	for (i = 0; i < n; i++)
		w[(uint64_t)idx[i] * WORDS + off] =
		    (uint64_t)idx[(i + 1) % n] * WORDS + off;
}

/* Follow n dependent loads from p; return where they end. */
static uint64_t
follow(const uint64_t *w, uint64_t p, uint64_t n)
{
	while (n-- > 0)
		p = w[p];
	return p;
}

/* One chain being timed: where it is, and hops per reading. */
struct chain {
	uint64_t	p;
	uint64_t	hops;
	double		best;
};

/* Warm a chain up and size its readings to about `secs` each. */
static void
calibrate(const uint64_t *w, struct chain *c, uint64_t nodes, double secs)
{
	double t0, dt;

	c->p = follow(w, c->p, nodes < (UINT64_C(1) << 20) ? nodes :
	    (UINT64_C(1) << 20));
	for (c->hops = 4096;; ) {
		t0 = ts_now();
		c->p = follow(w, c->p, c->hops);
		dt = ts_now() - t0;
		if (dt >= secs || c->hops >= (UINT64_C(1) << 36))
			break;
		c->hops *= dt > 0 && secs / dt < 16 ? 2 : 16;
	}
	c->best = 0;
}

/* One reading of a chain; keep the lowest (least disturbed) ns per load. */
static void
reading(const uint64_t *w, struct chain *c)
{
	double t0 = ts_now(), ns;

	c->p = follow(w, c->p, c->hops);
	ns = (ts_now() - t0) / (double)c->hops * 1e9;
	if (c->best == 0 || ns < c->best)
		c->best = ns;
}

int
ts_bufcheck_run(uint64_t bytes, uint64_t span, double secs,
    struct ts_bufcheck *out, char *err, size_t errlen)
{
	uint64_t lines = span / LINE, f, n, k;
	struct ts_rng rng;
	struct chain sparse, dense;
	uint32_t *idx;
	uint64_t *w;

	memset(out, 0, sizeof *out);
	out->bytes = bytes;
	out->span = span;
	if (bytes < LINE || span < 2 * (bytes / LINE * LINE) ||
	    lines > UINT32_MAX) {
		snprintf(err, errlen, "no span to check %llu bytes against",
		    (unsigned long long)bytes);
		return -1;
	}
	f = lines / (bytes / LINE);
	n = lines / f;
	w = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE |
	    MAP_ANONYMOUS, -1, 0);
	if (w == MAP_FAILED) {
		snprintf(err, errlen, "cannot map %llu MiB: %s",
		    (unsigned long long)(span >> 20), strerror(errno));
		return -1;
	}
#ifdef MADV_HUGEPAGE
	(void)madvise(w, span, MADV_HUGEPAGE);
#endif
	idx = malloc(lines * sizeof *idx);
	if (idx == NULL) {
		munmap(w, span);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	ts_rng_seed(&rng, SEED);
	/* Sparse: one random line of each group of f, through word 1. */
	for (k = 0; k < n; k++)
		idx[k] = (uint32_t)(k * f + ts_rng_below(&rng, f));
	shuffle32(&rng, idx, n);
	memset(w, 0, span);			/* touch every page first */
	link_cycle(w, idx, n, 1);
	sparse.p = (uint64_t)idx[0] * WORDS + 1;
	/* Dense: every line of the same memory, through word 0. */
	for (k = 0; k < lines; k++)
		idx[k] = (uint32_t)k;
	shuffle32(&rng, idx, lines);
	link_cycle(w, idx, lines, 0);
	dense.p = (uint64_t)idx[0] * WORDS;
	/* Alternate the readings so that a disturbance hits both alike. */
	calibrate(w, &sparse, n, secs / ROUNDS);
	calibrate(w, &dense, lines, secs / ROUNDS);
	for (k = 0; k < ROUNDS; k++) {
		reading(w, &sparse);
		reading(w, &dense);
	}
	out->ns_sparse = sparse.best;
	out->ns_dense = dense.best;
	/* The cursors depend on every load: publishing them keeps the loads. */
	bufcheck_sink = sparse.p ^ dense.p;
	free(idx);
	munmap(w, span);
	out->in_cache = ts_bufcheck_cached(out->ns_sparse, out->ns_dense);
	return 0;
}
