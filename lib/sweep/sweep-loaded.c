/* SPDX-License-Identifier: MIT */
/* Latency under load: the chase beside streaming load threads. */
#include <config.h>

#include <errno.h>
#include <math.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "mem/mem-chase.h"
#include "mem/mem-map.h"
#include "stats/stats-basic.h"
#include "sweep/sweep-loaded.h"
#include "sweep/sweep.h"
#include "util.h"

/* Elements of a stream per 64-byte line, and lines per published count. */
#define LINE_ELEMS	((size_t)TS_LOADED_LINE_ELEMS)
#define STEP_LINES	64u
/* Hops between two clock reads of the chase. */
#define CHASE_BATCH	UINT64_C(4096)
/* The load runs this long before a point's window opens. */
#define SETTLE_S	0.05
/* The chase warms up this long in each order when it is opened. */
#define WARM_S		0.1

static const char *const mix_names[TS_MIX_COUNT] = { "read", "triad", "copy" };

const char *
ts_mix_name(enum ts_load_mix m)
{
	return (unsigned)m < TS_MIX_COUNT ? mix_names[m] : "?";
}

int
ts_mix_parse(const char *s)
{
	unsigned i;

	for (i = 0; i < TS_MIX_COUNT; i++)
		if (strcmp(s, mix_names[i]) == 0)
			return (int)i;
	return -1;
}

unsigned
ts_mix_bytes(enum ts_load_mix m)
{
	return m == TS_MIX_TRIAD ? 24 : m == TS_MIX_COPY ? 16 : 8;
}

int
ts_mix_list(const char *s, enum ts_load_mix *mixes, char *err, size_t errlen)
{
	bool seen[TS_MIX_COUNT] = { false, false, false };
	const char *p = s, *e;
	char word[16];
	int n = 0, m;
	size_t len;

	if (strcmp(s, "all") == 0) {
		for (m = 0; m < TS_MIX_COUNT; m++)
			mixes[m] = (enum ts_load_mix)m;
		return TS_MIX_COUNT;
	}
	for (;;) {
		e = strchr(p, ',');
		len = e != NULL ? (size_t)(e - p) : strlen(p);
		if (len == 0 || len >= sizeof word) {
			snprintf(err, errlen, "'%s' is not a list of mixes "
			    "(read, triad, copy, or all)", s);
			return -1;
		}
		memcpy(word, p, len);
		word[len] = '\0';
		if ((m = ts_mix_parse(word)) < 0) {
			snprintf(err, errlen, "'%s' is not a mix (read, triad, "
			    "copy, or all)", word);
			return -1;
		}
		if (!seen[m]) {
			seen[m] = true;
			mixes[n++] = (enum ts_load_mix)m;
		}
		if (e == NULL)
			return n;
		p = e + 1;
	}
}

size_t
ts_loaded_delays(uint64_t max, uint64_t *delays, size_t cap)
{
	static const unsigned steps[] = { 1, 2, 5 };
	uint64_t scale = 1, d;
	size_t n = 0, k = 0;

	if (cap == 0)
		return 0;
	delays[n++] = 0;
	for (;;) {
		d = steps[k] * scale;
		if (d > max || n == cap)
			return n;
		delays[n++] = d;
		if (++k == 3) {
			k = 0;
			if (scale > UINT64_MAX / 10)
				return n;
			scale *= 10;
		}
	}
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int
ts_loaded_delay_list(const char *s, uint64_t *delays, size_t cap,
    char *err, size_t errlen)
{
	const char *p = s;
	char *end;
	size_t n = 0, i, k;
	unsigned long long v;

	for (;;) {
		if (*p < '0' || *p > '9') {
			snprintf(err, errlen, "'%s' is not a list of delays "
			    "(whole numbers separated by commas, e.g. "
			    "0,10,100)", s);
			return -1;
		}
		errno = 0;
		v = strtoull(p, &end, 10);
		if (errno != 0 || v > TS_LOADED_DELAY_LIMIT) {
			snprintf(err, errlen, "delay '%.*s' is above the "
			    "largest, %" PRIu64, (int)strcspn(p, ","), p,
			    TS_LOADED_DELAY_LIMIT);
			return -1;
		}
		if (n == cap) {
			snprintf(err, errlen, "more than %zu delays", cap);
			return -1;
		}
		delays[n++] = v;
		if (*end == '\0')
			break;
		if (*end != ',') {
			snprintf(err, errlen, "'%s' is not a list of delays "
			    "(whole numbers separated by commas, e.g. "
			    "0,10,100)", s);
			return -1;
		}
		p = end + 1;
	}
	qsort(delays, n, sizeof *delays, cmp_u64);
	for (i = k = 0; i < n; i++)
		if (k == 0 || delays[i] != delays[k - 1])
			delays[k++] = delays[i];
	return (int)k;
}

/* A point's least and most bandwidth read (its figure: one reading). */
static double
bw_least(const struct ts_loaded_point *p)
{
	return p->bw_hi > 0 ? p->bw_lo : p->bandwidth;
}

static double
bw_most(const struct ts_loaded_point *p)
{
	return p->bw_hi > 0 ? p->bw_hi : p->bandwidth;
}

bool
ts_loaded_monotone(const struct ts_loaded_point *p, size_t n, double tol,
    size_t *rises)
{
	size_t i, r = 0;

	for (i = 1; i < n; i++)
		if (p[i].bandwidth > p[i - 1].bandwidth * (1 + tol) &&
		    bw_least(&p[i]) > bw_most(&p[i - 1]))
			r++;
	if (rises != NULL)
		*rises = r;
	return r == 0;
}

void
ts_loaded_median(const struct ts_loaded_point *readings, size_t n,
    struct ts_loaded_point *out)
{
	double bw[TS_LOADED_MAX_READINGS], rn[TS_LOADED_MAX_READINGS];
	double ln[TS_LOADED_MAX_READINGS], s = 0;
	size_t i;

	if (n == 0) {
		memset(out, 0, sizeof *out);
		return;
	}
	if (n > TS_LOADED_MAX_READINGS)
		n = TS_LOADED_MAX_READINGS;
	for (i = 0; i < n; i++) {
		bw[i] = readings[i].bandwidth;
		rn[i] = readings[i].random_ns;
		ln[i] = readings[i].local_ns;
		s += readings[i].seconds;
	}
	*out = readings[0];
	out->bw_lo = out->bw_hi = bw[0];
	for (i = 1; i < n; i++) {
		out->bw_lo = fmin(out->bw_lo, bw[i]);
		out->bw_hi = fmax(out->bw_hi, bw[i]);
	}
	out->bandwidth = ts_median(bw, n);
	out->random_ns = ts_median(rn, n);
	out->local_ns = ts_median(ln, n);
	out->seconds = s;
}

struct loader {
	struct ts_loaded *L;
	unsigned	 id;
	pthread_t	 thread;
	bool		 started;
	double		*buf;
	size_t		 elems;		/* per stream (three streams) */
	size_t		 map_bytes;
	_Atomic uint64_t bytes;		/* moved so far, published often */
	int		 bound;
	int		 error;		/* errno of a failed setup */
};

struct ts_loaded {
	struct ts_chase	 chase;
	uint64_t	 local;		/* the page-local chase's cursor */
	double		 window_s;
	unsigned	 nload;
	struct loader	*ld;
	pthread_mutex_t	 mu;
	pthread_cond_t	 cv;
	unsigned	 gen;		/* under mu: a new command */
	unsigned	 ready;		/* under mu: loaders set up or parked */
	bool		 quit;		/* under mu */
	enum ts_load_mix mix;		/* under mu, read at each command */
	uint64_t	 delay;
	atomic_int	 stop;		/* end the current load */
	const struct ts_loaded_cfg *cfg;
};

/* The sink that keeps a read-only load and the chases from being elided. */
static volatile double load_sink;
static volatile uint64_t chase_sink;

/* Spin `steps` empty steps: the injection delay. */
static inline void
spin(uint64_t steps)
{
	uint64_t k;

	for (k = 0; k < steps; k++)
		__asm__ __volatile__("" ::: "memory");
}

/*
 * The three kernels, a line (LINE_ELEMS elements of each stream) and its
 * delay at a time.  A line's work is its loads and what they feed, and
 * no more: the read adds each element to one of eight sums that run on
 * across lines and calls (eight chains, since one running sum would hold
 * a core to one add's latency per element), and nothing on the line's
 * path divides or reduces.  Reducing the eight sums after every line and
 * dividing to know when to publish, as the kernel once did, made a
 * delayed line some 60 instructions instead of some 15, most of them
 * waiting on the line's loads: the core held fewer lines in flight, the
 * read moved 0.5 to 0.7 of its peak at every small delay, and whether
 * delay 2 moved more than delay 1 was left to chance (issue 31:
 * bench/read-kernels.sh).
 */
void
ts_loaded_read(struct ts_loaded_sums *sums, const double *restrict a,
    size_t lines, uint64_t delay)
{
	size_t i, n = lines * LINE_ELEMS;

#if defined(__SSE2__)
	__m128d s01 = _mm_loadu_pd(sums->s), s23 = _mm_loadu_pd(sums->s + 2);
	__m128d s45 = _mm_loadu_pd(sums->s + 4), s67 = _mm_loadu_pd(sums->s + 6);

	for (i = 0; i < n; i += LINE_ELEMS) {
		s01 = _mm_add_pd(s01, _mm_loadu_pd(a + i));
		s23 = _mm_add_pd(s23, _mm_loadu_pd(a + i + 2));
		s45 = _mm_add_pd(s45, _mm_loadu_pd(a + i + 4));
		s67 = _mm_add_pd(s67, _mm_loadu_pd(a + i + 6));
		spin(delay);
	}
	_mm_storeu_pd(sums->s, s01);
	_mm_storeu_pd(sums->s + 2, s23);
	_mm_storeu_pd(sums->s + 4, s45);
	_mm_storeu_pd(sums->s + 6, s67);
#else
	double s0 = sums->s[0], s1 = sums->s[1], s2 = sums->s[2];
	double s3 = sums->s[3], s4 = sums->s[4], s5 = sums->s[5];
	double s6 = sums->s[6], s7 = sums->s[7];

	for (i = 0; i < n; i += LINE_ELEMS) {
		s0 += a[i];
		s1 += a[i + 1];
		s2 += a[i + 2];
		s3 += a[i + 3];
		s4 += a[i + 4];
		s5 += a[i + 5];
		s6 += a[i + 6];
		s7 += a[i + 7];
		spin(delay);
	}
	sums->s[0] = s0;
	sums->s[1] = s1;
	sums->s[2] = s2;
	sums->s[3] = s3;
	sums->s[4] = s4;
	sums->s[5] = s5;
	sums->s[6] = s6;
	sums->s[7] = s7;
#endif
}

/*
 * The writing kernels store past the caches (non-temporal stores, SSE2
 * on x86-64): a store that first reads its line, as a plain store does,
 * would make the triad 3:1 reads to writes on the memory bus and the
 * copy 2:1, not the 2:1 and 1:1 they are named for, and move a third
 * more than they count.  a is 16-byte aligned (runs start on lines).
 */
void
ts_loaded_triad(double *restrict a, const double *restrict b,
    const double *restrict c, double q, size_t lines, uint64_t delay)
{
	size_t i, n = lines * LINE_ELEMS;

#if defined(__SSE2__)
	__m128d vq = _mm_set1_pd(q);

	for (i = 0; i < n; i += LINE_ELEMS) {
		_mm_stream_pd(a + i, _mm_add_pd(_mm_loadu_pd(b + i),
		    _mm_mul_pd(vq, _mm_loadu_pd(c + i))));
		_mm_stream_pd(a + i + 2, _mm_add_pd(_mm_loadu_pd(b + i + 2),
		    _mm_mul_pd(vq, _mm_loadu_pd(c + i + 2))));
		_mm_stream_pd(a + i + 4, _mm_add_pd(_mm_loadu_pd(b + i + 4),
		    _mm_mul_pd(vq, _mm_loadu_pd(c + i + 4))));
		_mm_stream_pd(a + i + 6, _mm_add_pd(_mm_loadu_pd(b + i + 6),
		    _mm_mul_pd(vq, _mm_loadu_pd(c + i + 6))));
		spin(delay);
	}
#else
	size_t j;

	for (i = 0; i < n; i += LINE_ELEMS) {
		for (j = 0; j < LINE_ELEMS; j++)
			a[i + j] = b[i + j] + q * c[i + j];
		spin(delay);
	}
#endif
}

void
ts_loaded_copy(double *restrict a, const double *restrict b, size_t lines,
    uint64_t delay)
{
	size_t i, n = lines * LINE_ELEMS;

	for (i = 0; i < n; i += LINE_ELEMS) {
#if defined(__SSE2__)
		_mm_stream_pd(a + i, _mm_loadu_pd(b + i));
		_mm_stream_pd(a + i + 2, _mm_loadu_pd(b + i + 2));
		_mm_stream_pd(a + i + 4, _mm_loadu_pd(b + i + 4));
		_mm_stream_pd(a + i + 6, _mm_loadu_pd(b + i + 6));
#else
		size_t j;

		for (j = 0; j < LINE_ELEMS; j++)
			a[i + j] = b[i + j];
#endif
		spin(delay);
	}
}

/*
 * Stream through the buffer with mix m until stop is set, STEP_LINES
 * lines at a time: the count is published and stop read between two
 * such runs, whatever the delay.
 */
static void
load_run(struct loader *l, enum ts_load_mix m, uint64_t delay,
    atomic_int *stop)
{
	double *a = l->buf, *b = a + l->elems, *c = b + l->elems;
	size_t n = m == TS_MIX_READ ? 3 * l->elems : l->elems, i, k;
	const size_t run = (size_t)STEP_LINES * LINE_ELEMS;
	uint64_t moved = atomic_load_explicit(&l->bytes, memory_order_relaxed);
	uint64_t per_run = (uint64_t)run * ts_mix_bytes(m);
	struct ts_loaded_sums sums;
	double s = 0;

	memset(&sums, 0, sizeof sums);
	for (;;) {
		/* n is a multiple of run (ts_loaded_open). */
		for (i = 0; i < n; i += run) {
			switch (m) {
			case TS_MIX_READ:
				ts_loaded_read(&sums, a + i, STEP_LINES,
				    delay);
				break;
			case TS_MIX_TRIAD:
				ts_loaded_triad(a + i, b + i, c + i, 3.0,
				    STEP_LINES, delay);
				break;
			case TS_MIX_COPY:
				ts_loaded_copy(a + i, b + i, STEP_LINES,
				    delay);
				break;
			}
			moved += per_run;
			atomic_store_explicit(&l->bytes, moved,
			    memory_order_relaxed);
			if (atomic_load_explicit(stop, memory_order_relaxed)) {
				for (k = 0; k < LINE_ELEMS; k++)
					s += sums.s[k];
				load_sink = s;
#if defined(__SSE2__)
				_mm_sfence();
#endif
				return;
			}
		}
	}
}

/* Report one more loader ready (set up, or parked after a load). */
static void
loader_ready(struct ts_loaded *L)
{
	pthread_mutex_lock(&L->mu);
	L->ready++;
	pthread_cond_broadcast(&L->cv);
	pthread_mutex_unlock(&L->mu);
}

static void *
loader_main(void *arg)
{
	struct loader *l = arg;
	struct ts_loaded *L = l->L;
	const struct ts_loaded_cfg *cfg = L->cfg;
	unsigned seen = 0;
	enum ts_load_mix m;
	uint64_t delay;
	size_t i;

	l->bound = cfg->bind != NULL && cfg->bind(cfg->bind_arg, l->id) == 0;
	l->buf = ts_map_populated(l->map_bytes, cfg->huge_pages ?
	    TS_PAGES_HUGE : TS_PAGES_SYSTEM);
	if (l->buf == NULL)
		l->error = errno ? errno : ENOMEM;
	else
		for (i = 0; i < 3 * l->elems; i++)
			l->buf[i] = (double)(i % 7);
	loader_ready(L);
	if (l->buf == NULL)
		return NULL;
	for (;;) {
		pthread_mutex_lock(&L->mu);
		while (L->gen == seen && !L->quit)
			pthread_cond_wait(&L->cv, &L->mu);
		if (L->quit) {
			pthread_mutex_unlock(&L->mu);
			return NULL;
		}
		seen = L->gen;
		m = L->mix;
		delay = L->delay;
		pthread_mutex_unlock(&L->mu);
		load_run(l, m, delay, &L->stop);
		loader_ready(L);
	}
}

/* Wait until `want` loaders have reported ready since ready was zeroed. */
static void
wait_ready(struct ts_loaded *L, unsigned want)
{
	pthread_mutex_lock(&L->mu);
	while (L->ready < want)
		pthread_cond_wait(&L->cv, &L->mu);
	pthread_mutex_unlock(&L->mu);
}

/* Chase from *cursor for at least secs; the hops and time taken. */
static uint64_t
chase_for(const uint64_t *words, uint64_t *cursor, double secs, double *took)
{
	uint64_t hops = 0, p = *cursor;
	double t0 = ts_now(), t;

	do {
		p = ts_chase_follow(words, p, CHASE_BATCH);
		hops += CHASE_BATCH;
		t = ts_now() - t0;
	} while (t < secs);
	*cursor = p;
	chase_sink = p;
	if (took != NULL)
		*took = t;
	return hops;
}

void
ts_loaded_assemble(const struct ts_loaded_raw *r, bool idle,
    struct ts_loaded_point *pt)
{
	pt->idle = idle;
	pt->seconds = r->seconds;
	pt->bandwidth = idle || !(r->seconds > 0) ? 0 :
	    (double)r->bytes / r->seconds;
	pt->random_ns = r->random_hops > 0 ? r->random_s /
	    (double)r->random_hops * 1e9 : NAN;
	pt->local_ns = r->local_hops > 0 ? r->local_s /
	    (double)r->local_hops * 1e9 : NAN;
}

static void
stop_loaders(struct ts_loaded *L)
{
	unsigned i;

	pthread_mutex_lock(&L->mu);
	L->quit = true;
	pthread_cond_broadcast(&L->cv);
	pthread_mutex_unlock(&L->mu);
	atomic_store(&L->stop, 1);
	for (i = 0; i < L->nload; i++)
		if (L->ld[i].started)
			pthread_join(L->ld[i].thread, NULL);
}

void
ts_loaded_close(struct ts_loaded *L)
{
	unsigned i;

	if (L == NULL)
		return;
	stop_loaders(L);
	for (i = 0; i < L->nload; i++)
		if (L->ld[i].buf != NULL)
			munmap(L->ld[i].buf, L->ld[i].map_bytes);
	free(L->ld);
	ts_chase_free(&L->chase);
	pthread_cond_destroy(&L->cv);
	pthread_mutex_destroy(&L->mu);
	free(L);
}

struct ts_loaded *
ts_loaded_open(const struct ts_loaded_cfg *cfg, unsigned *bound, char *err,
    size_t errlen)
{
	struct ts_loaded *L;
	size_t elems;
	unsigned i;
	int e;

	*bound = 0;
	if ((L = calloc(1, sizeof *L)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	L->cfg = cfg;
	L->window_s = cfg->window_s;
	pthread_mutex_init(&L->mu, NULL);
	pthread_cond_init(&L->cv, NULL);
	if (ts_chase_init(&L->chase, cfg->chase_bytes, TS_SWEEP_SEED,
	    cfg->huge_pages) != 0 ||
	    ts_sweep_link_local(&L->chase, TS_SWEEP_LOCAL_SEED, &L->local)
	    != 0) {
		snprintf(err, errlen, "cannot map the %" PRIu64 " MiB chase "
		    "buffer: %s", cfg->chase_bytes / TS_MIB, strerror(errno));
		free(L->ld);
		ts_chase_free(&L->chase);
		free(L);
		return NULL;
	}
	elems = (size_t)(cfg->load_bytes / 3 / sizeof(double));
	elems -= elems % ((size_t)STEP_LINES * LINE_ELEMS);
	if (cfg->load_threads > 0 && elems == 0) {
		snprintf(err, errlen, "the load buffer of %" PRIu64 " bytes "
		    "is too small", cfg->load_bytes);
		ts_loaded_close(L);
		return NULL;
	}
	L->ld = calloc(cfg->load_threads ? cfg->load_threads : 1,
	    sizeof *L->ld);
	if (L->ld == NULL) {
		snprintf(err, errlen, "out of memory");
		ts_loaded_close(L);
		return NULL;
	}
	L->nload = cfg->load_threads;
	for (i = 0; i < L->nload; i++) {
		struct loader *l = &L->ld[i];

		l->L = L;
		l->id = i + 1;
		l->elems = elems;
		l->map_bytes = 3 * elems * sizeof(double);
		atomic_init(&l->bytes, 0);
		if ((e = pthread_create(&l->thread, NULL, loader_main, l))
		    != 0) {
			snprintf(err, errlen, "cannot start a load thread: %s",
			    strerror(e));
			wait_ready(L, i);
			ts_loaded_close(L);
			return NULL;
		}
		l->started = true;
	}
	wait_ready(L, L->nload);
	for (i = 0; i < L->nload; i++) {
		if (L->ld[i].error != 0) {
			snprintf(err, errlen, "cannot map a load buffer of "
			    "%" PRIu64 " MiB: %s", (uint64_t)L->ld[i].map_bytes
			    / TS_MIB, strerror(L->ld[i].error));
			ts_loaded_close(L);
			return NULL;
		}
		*bound += L->ld[i].bound;
	}
	/* A first lap in each order faults in the page tables' working set. */
	(void)chase_for(L->chase.words, &L->chase.cursor, WARM_S, NULL);
	(void)chase_for(L->chase.words, &L->local, WARM_S, NULL);
	return L;
}

uint64_t
ts_loaded_chase_page(const struct ts_loaded *L)
{
	return L->chase.page_bytes;
}

int
ts_loaded_point(struct ts_loaded *L, enum ts_load_mix m, uint64_t delay,
    bool idle, struct ts_loaded_point *pt, char *err, size_t errlen)
{
	struct ts_loaded_raw raw;
	uint64_t before = 0, after = 0;
	double t0;
	unsigned i;

	(void)err;
	(void)errlen;
	memset(pt, 0, sizeof *pt);
	memset(&raw, 0, sizeof raw);
	pt->mix = m;
	pt->delay = delay;
	idle = idle || L->nload == 0;
	if (!idle) {
		atomic_store(&L->stop, 0);
		pthread_mutex_lock(&L->mu);
		L->mix = m;
		L->delay = delay;
		L->ready = 0;
		L->gen++;
		pthread_cond_broadcast(&L->cv);
		pthread_mutex_unlock(&L->mu);
		/* Let the load reach its pace while the chase keeps warm. */
		(void)chase_for(L->chase.words, &L->chase.cursor, SETTLE_S,
		    NULL);
	}
	for (i = 0; i < L->nload; i++)
		before += atomic_load_explicit(&L->ld[i].bytes,
		    memory_order_relaxed);
	t0 = ts_now();
	raw.random_hops = chase_for(L->chase.words, &L->chase.cursor,
	    L->window_s, &raw.random_s);
	raw.local_hops = chase_for(L->chase.words, &L->local, L->window_s,
	    &raw.local_s);
	raw.seconds = ts_now() - t0;
	for (i = 0; i < L->nload; i++)
		after += atomic_load_explicit(&L->ld[i].bytes,
		    memory_order_relaxed);
	if (!idle) {
		atomic_store(&L->stop, 1);
		wait_ready(L, L->nload);
	}
	raw.bytes = after - before;
	ts_loaded_assemble(&raw, idle, pt);
	return 0;
}
