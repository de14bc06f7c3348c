/* SPDX-License-Identifier: MIT */
/*
 * How fast does a pointer chase run in its first milliseconds after an
 * idle spell, against the rate it keeps later?  One thread per CPU (at
 * most THREADS), each pinned and with its own chain: MIB of 32-bit
 * indices linked into one cycle, on base pages, built once.  Every
 * round sleeps IDLE seconds; then each thread reads one slot of each
 * page of its chain (as tachyon primes its readings) and at once chases
 * for 1 s, reading the clock every 256 loads.  Nothing waits between
 * the priming and the chase: a spin there would be a warm-up.  It prints
 * one line a round: the loads a second (millions, summed over the
 * threads) in the windows 0-20, 10-30, 20-40, 30-50 and 40-60 ms from
 * each thread's start, then 200-1000 ms, the rate the chase keeps.  See
 * bench/chase-warmup.sh.
 * Shares no code with tachyon.
 *
 *	chase-warmup [ROUNDS [IDLE [MIB [THREADS]]]]
 */
#define _GNU_SOURCE
#include <sys/mman.h>

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench.h"

#define STEP	256		/* loads between clock reads */
#define MARKS	(1 << 17)	/* clock reads a round, at most */

struct chaser {
	int		 cpu;
	uint32_t	*chain;
	uint64_t	 slots;
	uint32_t	 at;
	uint32_t	 primed;	/* keeps the priming's loads */
	double		 start;	/* this round's, after the priming */
	int		 marks;
	double		*t;	/* seconds from the start, at each mark */
};

static void *
chase(void *arg)
{
	struct chaser *c = arg;
	uint32_t p = c->at, sum = 0;
	uint64_t i;
	cpu_set_t set;
	double t;
	int k;

	CPU_ZERO(&set);
	CPU_SET(c->cpu, &set);
	(void)sched_setaffinity(0, sizeof set, &set);
	for (i = 0; i < c->slots; i += 4096 / sizeof *c->chain)
		sum += c->chain[i];
	c->primed = sum;
	c->start = now();
	for (c->marks = 0; c->marks < MARKS; ) {
		for (k = 0; k < STEP; k++)
			p = c->chain[p];
		t = now() - c->start;
		c->t[c->marks++] = t;
		if (t >= 1.0)
			break;
	}
	c->at = p;
	return NULL;
}

/* Loads a second (millions) of c between a and b seconds from the start. */
static double
rate(const struct chaser *c, double a, double b)
{
	int i = 0, j;
	double t0 = 0;

	while (i < c->marks && c->t[i] < a)
		i++;
	if (i == c->marks)
		return 0;
	if (i > 0)
		t0 = c->t[i - 1];
	for (j = i; j < c->marks - 1 && c->t[j] < b; j++)
		;
	if (c->t[j] <= t0)
		return 0;
	return (double)(j - i + 1) * STEP / (c->t[j] - t0) / 1e6;
}

int
main(int argc, char *argv[])
{
	static const double win[][2] = { { 0, .02 }, { .01, .03 },
	    { .02, .04 }, { .03, .05 }, { .04, .06 }, { .2, 1.0 } };
	int rounds = argc > 1 ? atoi(argv[1]) : 20;
	double idle = argc > 2 ? atof(argv[2]) : 15;
	uint64_t mib = argc > 3 ? strtoull(argv[3], NULL, 10) : 64;
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int threads = argc > 4 ? atoi(argv[4]) : 2, r, i, k;
	struct chaser *c;
	pthread_t *tid;
	double sum;

	if (cpus < threads)
		threads = (int)cpus;
	if (rounds < 1 || !(idle >= 0) || mib < 1 || mib > 16384 ||
	    threads < 1) {
		fprintf(stderr, "usage: chase-warmup [ROUNDS [IDLE [MIB "
		    "[THREADS]]]]\n");
		return 2;
	}
	c = calloc((size_t)threads, sizeof *c);
	tid = calloc((size_t)threads, sizeof *tid);
	if (c == NULL || tid == NULL)
		return 1;
	for (i = 0; i < threads; i++) {
		c[i].cpu = i;
		c[i].slots = mib * 1048576 / sizeof *c[i].chain;
		c[i].chain = mmap(NULL, mib * 1048576, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		c[i].t = malloc(MARKS * sizeof *c[i].t);
		if (c[i].chain == MAP_FAILED || c[i].t == NULL)
			return 1;
		(void)madvise(c[i].chain, mib * 1048576, MADV_NOHUGEPAGE);
		sattolo(c[i].chain, c[i].slots, 0x9E3779B97F4A7C15ULL +
		    (uint64_t)i);
	}
	for (r = 0; r < rounds; r++) {
		usleep((useconds_t)(idle * 1e6));
		for (i = 0; i < threads; i++)
			if (pthread_create(&tid[i], NULL, chase, &c[i]) != 0)
				return 1;
		for (i = 0; i < threads; i++)
			pthread_join(tid[i], NULL);
		for (k = 0; k < 6; k++) {
			for (sum = 0, i = 0; i < threads; i++)
				sum += rate(&c[i], win[k][0], win[k][1]);
			printf("%s%.3f", k ? " " : "", sum);
		}
		printf("\n");
		fflush(stdout);
	}
	return 0;
}
