/* SPDX-License-Identifier: MIT */
/*
 * The loaded sweep's read kernel as it was and as it is, side by side in
 * one process, as the sweep runs it: a load thread on CPU 1 streams
 * through 192 MiB, pausing DELAY empty spin steps after every 64-byte
 * line, while a random pointer chase through 256 MiB runs on CPU 0.
 * Four forms of the kernel, to tell which part of the old one cost
 * bandwidth at small delays:
 *
 *   old      a delayed line is a block of its own: eight sums from
 *            zero, reduced to one and added to a running sum, then a
 *            64-bit division decides whether to publish the count
 *            (lib/sweep/sweep-loaded.c before issue 31);
 *   old-cnt  the same without the division (a count of lines instead);
 *   new-div  eight sums carried across lines (never reduced on the
 *            line's path), with the division kept;
 *   new      eight sums carried across lines, the count published
 *            after every 64 lines (the kernel since issue 31).
 *
 * Every window also reads the load thread's CPU clock: on a shared host
 * another program's threads take the CPU from it, and the window's
 * bandwidth then measures the scheduler.  Each output line is one
 * round: a form, then per delay its GB/s and the load's share of its
 * CPU in the window.  Forms, delays and their order alternate from
 * round to round.
 *
 *   read-kernels [ROUNDS [WINDOW_MS]]
 *
 * It shares no code with threadstone: the forms are copies.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "bench.h"

#define LINE	8u		/* doubles per 64-byte line */
#define RUN	64u		/* lines per published count */
#define NFORMS	4
#define NDELAYS	4

static const char *const form_name[NFORMS] = {
	"old", "old-cnt", "new-div", "new"
};
static const uint64_t delays[NDELAYS] = { 0, 1, 2, 5 };

static volatile double sink;
static atomic_int stop, chase_stop;
static _Atomic uint64_t published;

static inline void
spin(uint64_t steps)
{
	uint64_t k;

	for (k = 0; k < steps; k++)
		__asm__ __volatile__("" ::: "memory");
}

/* The old block: eight sums from zero, reduced once the block is read
 * (inlined into its loop, as the compiler did in the library). */
static inline __attribute__((always_inline)) double
block_read(const double *restrict a, size_t n)
{
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
	size_t i;

	for (i = 0; i < n; i += LINE) {
		s0 += a[i];
		s1 += a[i + 1];
		s2 += a[i + 2];
		s3 += a[i + 3];
		s4 += a[i + 4];
		s5 += a[i + 5];
		s6 += a[i + 6];
		s7 += a[i + 7];
	}
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
}

/* old (divide 1) and old-cnt (divide 0), each compiled on its own. */
static inline __attribute__((always_inline)) void
run_old(const double *a, size_t n, uint64_t delay, int divide)
{
	uint64_t moved = 0;
	size_t i, step, lines = 0;
	double s = 0;

	step = delay == 0 ? (size_t)RUN * LINE : LINE;
	for (;;) {
		for (i = 0; i + step <= n; i += step) {
			s += block_read(a + i, step);
			moved += (uint64_t)step * 8;
			if (delay != 0) {
				spin(delay);
				if (divide ? ((i / step) + 1) % RUN != 0 :
				    ++lines % RUN != 0)
					continue;
			}
			atomic_store_explicit(&published, moved,
			    memory_order_relaxed);
			if (atomic_load_explicit(&stop, memory_order_relaxed)) {
				sink = s;
				return;
			}
		}
	}
}

static void __attribute__((noinline))
run_old_div(const double *a, size_t n, uint64_t delay)
{
	run_old(a, n, delay, 1);
}

static void __attribute__((noinline))
run_old_cnt(const double *a, size_t n, uint64_t delay)
{
	run_old(a, n, delay, 0);
}

/* The new kernel: sums carried in registers across lines (inlined into
 * new-div's line loop; new calls it on RUN lines, as the library does). */
struct sums {
	double s[LINE];
};

static inline __attribute__((always_inline)) void
read_lines(struct sums *sums, const double *restrict a, size_t lines,
    uint64_t delay)
{
	size_t i, n = lines * LINE;
#if defined(__SSE2__)
	__m128d s01 = _mm_loadu_pd(sums->s), s23 = _mm_loadu_pd(sums->s + 2);
	__m128d s45 = _mm_loadu_pd(sums->s + 4), s67 = _mm_loadu_pd(sums->s + 6);

	for (i = 0; i < n; i += LINE) {
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
	size_t k;

	for (i = 0; i < n; i += LINE) {
		for (k = 0; k < LINE; k++)
			sums->s[k] += a[i + k];
		spin(delay);
	}
#endif
}

/* All eight sums: sinking only one would let the compiler drop the
 * loads of the others. */
static double
total(const struct sums *s)
{
	double t = 0;
	unsigned k;

	for (k = 0; k < LINE; k++)
		t += s->s[k];
	return t;
}

/* new-div: the carried sums a line at a time, the division kept. */
static void __attribute__((noinline))
run_new_div(const double *a, size_t n, uint64_t delay)
{
	struct sums s = { { 0 } };
	uint64_t moved = 0;
	size_t i, step;

	step = delay == 0 ? (size_t)RUN * LINE : LINE;
	for (;;) {
		for (i = 0; i + step <= n; i += step) {
			read_lines(&s, a + i, step / LINE, delay);
			moved += (uint64_t)step * 8;
			if (delay != 0 && ((i / step) + 1) % RUN != 0)
				continue;
			atomic_store_explicit(&published, moved,
			    memory_order_relaxed);
			if (atomic_load_explicit(&stop, memory_order_relaxed)) {
				sink = total(&s);
				return;
			}
		}
	}
}

static void __attribute__((noinline))
read_run(struct sums *sums, const double *restrict a, uint64_t delay)
{
	read_lines(sums, a, RUN, delay);
}

/* new: RUN lines and their delays per call, then publish. */
static void __attribute__((noinline))
run_new(const double *a, size_t n, uint64_t delay)
{
	struct sums s = { { 0 } };
	uint64_t moved = 0;
	size_t i;

	for (;;) {
		for (i = 0; i < n; i += (size_t)RUN * LINE) {
			read_run(&s, a + i, delay);
			moved += (uint64_t)RUN * LINE * 8;
			atomic_store_explicit(&published, moved,
			    memory_order_relaxed);
			if (atomic_load_explicit(&stop, memory_order_relaxed)) {
				sink = total(&s);
				return;
			}
		}
	}
}

static void
pin(int cpu)
{
	cpu_set_t cs;

	CPU_ZERO(&cs);
	CPU_SET(cpu, &cs);
	(void)pthread_setaffinity_np(pthread_self(), sizeof cs, &cs);
}

static uint64_t *chain;

static void *
chaser(void *arg)
{
	uint64_t p = 0;
	int k;

	(void)arg;
	pin(0);
	while (!atomic_load_explicit(&chase_stop, memory_order_relaxed))
		for (k = 0; k < 4096; k++)
			p = chain[p];
	sink = (double)p;
	return NULL;
}

struct job {
	int		 form;
	uint64_t	 delay;
	const double	*a;
	size_t		 n;
	clockid_t	 clock;
};

static void *
loader(void *arg)
{
	struct job *j = arg;

	pin(1);
	switch (j->form) {
	case 0:
		run_old_div(j->a, j->n, j->delay);
		break;
	case 1:
		run_old_cnt(j->a, j->n, j->delay);
		break;
	case 2:
		run_new_div(j->a, j->n, j->delay);
		break;
	default:
		run_new(j->a, j->n, j->delay);
		break;
	}
	return NULL;
}

static double
clock_s(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
sleep_s(double s)
{
	struct timespec ts;

	ts.tv_sec = (time_t)s;
	ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
	nanosleep(&ts, NULL);
}

/* One window: GB/s, and the load thread's share of its CPU in *share. */
static double
window(int form, uint64_t delay, const double *a, size_t n, double win,
    double *share)
{
	struct job j = { form, delay, a, n, 0 };
	pthread_t t;
	uint64_t b0, b1;
	double t0, t1, c0, c1;

	atomic_store(&stop, 0);
	atomic_store(&published, 0);
	pthread_create(&t, NULL, loader, &j);
	pthread_getcpuclockid(t, &j.clock);
	sleep_s(0.05);			/* to its pace */
	b0 = atomic_load(&published);
	c0 = clock_s(j.clock);
	t0 = now();
	sleep_s(win);
	b1 = atomic_load(&published);
	c1 = clock_s(j.clock);
	t1 = now();
	atomic_store(&stop, 1);
	pthread_join(t, NULL);
	*share = (c1 - c0) / (t1 - t0);
	return (double)(b1 - b0) / (t1 - t0) / 1e9;
}

int
main(int argc, char **argv)
{
	size_t bytes = (size_t)192 << 20, n = bytes / sizeof(double);
	size_t cn = ((size_t)256 << 20) / sizeof(uint64_t), i, j;
	int rounds = argc > 1 ? atoi(argv[1]) : 10, r, f, d;
	double win = (argc > 2 ? atof(argv[2]) : 200) / 1e3;
	uint64_t *perm, x = UINT64_C(88172645463325252), t;
	double *a;
	pthread_t ct;

	a = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE |
	    MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	chain = mmap(NULL, cn * sizeof *chain, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	perm = malloc(cn * sizeof *perm);
	if (a == MAP_FAILED || chain == MAP_FAILED || perm == NULL ||
	    rounds < 1 || !(win > 0)) {
		fprintf(stderr, "usage: read-kernels [ROUNDS [WINDOW_MS]] "
		    "(and 450 MiB of memory)\n");
		return 2;
	}
	for (i = 0; i < cn; i++)
		perm[i] = i;
	for (i = cn - 1; i > 0; i--) {		/* xorshift Fisher-Yates */
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		j = (size_t)(x % (i + 1));
		t = perm[i];
		perm[i] = perm[j];
		perm[j] = t;
	}
	for (i = 0; i < cn; i++)
		chain[perm[i]] = perm[(i + 1) % cn];
	free(perm);
	for (i = 0; i < n; i++)
		a[i] = (double)(i % 7);
	pthread_create(&ct, NULL, chaser, NULL);
	for (r = 0; r < rounds; r++)
		for (f = 0; f < NFORMS; f++) {
			int form = r % 2 ? NFORMS - 1 - f : f;
			double bw[NDELAYS], sh[NDELAYS];

			for (d = 0; d < NDELAYS; d++) {
				int k = (r / 2) % 2 ? NDELAYS - 1 - d : d;

				bw[k] = window(form, delays[k], a, n, win,
				    &sh[k]);
			}
			printf("%d %s", r + 1, form_name[form]);
			for (d = 0; d < NDELAYS; d++)
				printf(" %d:%.3f:%.3f", (int)delays[d], bw[d],
				    sh[d]);
			printf("\n");
			fflush(stdout);
		}
	atomic_store(&chase_stop, 1);
	pthread_join(ct, NULL);
	return 0;
}
