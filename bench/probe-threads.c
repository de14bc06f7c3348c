/* SPDX-License-Identifier: MIT */
/*
 * Does a short reading read differently when its threads are created for
 * it than when they were made once and sleep between readings?  Two
 * threads, pinned to CPUs 0 and 1, each with its own chain (MIB of 32-bit
 * indices in one cycle, on base pages, built once).  Every round takes,
 * in a random order and each after IDLE seconds of sleep, three
 * readings as tachyon takes them (prime every page, start together,
 * 20 ms of warm-up off the clock, then the clock, one deadline for
 * both): 20 ms by threads created for it ("created"), 20 ms by the
 * sleeping threads ("woken"), and 5 s by the sleeping threads ("full").
 * One line a reading: round, kind, then per thread the loads, the
 * seconds on the clock and the seconds it waited for its CPU then
 * (/proc/thread-self/schedstat).  See bench/probe-threads.sh.
 * Shares no code with tachyon.
 *
 *	probe-threads [ROUNDS [IDLE [MIB]]]
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

#define THREADS	2
#define BATCH	8192		/* loads between clock reads */
#define WARM	0.02		/* seconds off the clock */

enum kind { CREATED, WOKEN, FULL };
static const char *const kind_name[] = { "created", "woken", "full" };

struct chaser {
	int		 cpu;
	uint32_t	*chain;
	uint64_t	 slots;
	uint32_t	 at;
	uint32_t	 primed;	/* keeps the priming's loads */
	uint64_t	 loads;
	double		 span, wait;
};

static struct chaser ch[THREADS];
static pthread_barrier_t start_bar;
static double warm_end, deadline, budget;
static volatile uint32_t sink;

/* The sleeping threads' hand-off: a job number, and the done count. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t turn = PTHREAD_COND_INITIALIZER;
static unsigned job, done;

/* This thread's time waiting for a CPU so far, in seconds. */
static double
waited(void)
{
	unsigned long long run = 0, wait = 0;
	FILE *f = fopen("/proc/thread-self/schedstat", "r");

	if (f != NULL) {
		if (fscanf(f, "%llu %llu", &run, &wait) != 2)
			wait = 0;
		fclose(f);
	}
	return wait / 1e9;
}

static void
pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof set, &set);
}

/* One reading of one thread, as tachyon takes it. */
static void
reading(struct chaser *c)
{
	const uint32_t *chain = c->chain;
	uint32_t p = c->at;
	uint64_t i, batches = 0;
	double start, end, w0;
	int k;

	for (i = 0; i < c->slots; i += 1024)
		c->primed += chain[i];
	/* The last to arrive sets the one clock for both. */
	if (pthread_barrier_wait(&start_bar) == PTHREAD_BARRIER_SERIAL_THREAD) {
		warm_end = now() + WARM;
		deadline = warm_end + budget;
	}
	pthread_barrier_wait(&start_bar);
	do {
		for (k = 0; k < BATCH; k++)
			p = chain[p];
	} while (now() < warm_end);
	w0 = waited();
	start = now();
	do {
		for (k = 0; k < BATCH; k++)
			p = chain[p];
		batches++;
	} while ((end = now()) < deadline);
	c->wait = waited() - w0;
	c->at = p;
	c->loads = batches * BATCH;
	c->span = end - start;
}

static void *
created_main(void *arg)
{
	struct chaser *c = arg;

	pin(c->cpu);
	reading(c);
	return NULL;
}

static void *
sleeper_main(void *arg)
{
	struct chaser *c = arg;
	unsigned seen = 0;

	pin(c->cpu);
	for (;;) {
		pthread_mutex_lock(&lock);
		while (job == seen)
			pthread_cond_wait(&turn, &lock);
		seen = job;
		pthread_mutex_unlock(&lock);
		reading(c);
		pthread_mutex_lock(&lock);
		done++;
		pthread_cond_broadcast(&turn);
		pthread_mutex_unlock(&lock);
	}
	return NULL;
}

static void
take(enum kind kind)
{
	pthread_t t[THREADS];
	int i;

	budget = kind == FULL ? 5 : 0.02;
	if (kind == CREATED) {
		for (i = 0; i < THREADS; i++)
			pthread_create(&t[i], NULL, created_main, &ch[i]);
		for (i = 0; i < THREADS; i++)
			pthread_join(t[i], NULL);
		return;
	}
	pthread_mutex_lock(&lock);
	done = 0;
	job++;
	pthread_cond_broadcast(&turn);
	while (done < THREADS)
		pthread_cond_wait(&turn, &lock);
	pthread_mutex_unlock(&lock);
}

int
main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 16;
	double idle = argc > 2 ? atof(argv[2]) : 2.5;
	long mib = argc > 3 ? atol(argv[3]) : 64;
	uint64_t seed = (uint64_t)getpid() * 2654435761u + 1;
	enum kind order[3];
	pthread_t t;
	int r, i, j;

	if (rounds < 1 || !(idle >= 0) || mib < 1 || mib > 4096) {
		fprintf(stderr, "usage: probe-threads [ROUNDS>0 [IDLE>=0 "
		    "[MIB 1..4096]]]\n");
		return 2;
	}
	pthread_barrier_init(&start_bar, NULL, THREADS);
	for (i = 0; i < THREADS; i++) {
		ch[i].cpu = i;
		ch[i].slots = (uint64_t)mib << 18;
		ch[i].chain = mmap(NULL, ch[i].slots * 4, PROT_READ |
		    PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE,
		    -1, 0);
		if (ch[i].chain == MAP_FAILED) {
			perror("probe-threads: mmap");
			return 1;
		}
		sattolo(ch[i].chain, ch[i].slots, seed + (uint64_t)i);
		pthread_create(&t, NULL, sleeper_main, &ch[i]);
	}
	for (r = 0; r < rounds; r++) {
		for (i = 0; i < 3; i++)
			order[i] = (enum kind)i;
		for (i = 2; i > 0; i--) {
			j = (int)(rnd(&seed) % (uint64_t)(i + 1));
			enum kind tmp = order[i];
			order[i] = order[j];
			order[j] = tmp;
		}
		for (i = 0; i < 3; i++) {
			usleep((useconds_t)(idle * 1e6));
			take(order[i]);
			printf("%d %s", r, kind_name[order[i]]);
			for (j = 0; j < THREADS; j++)
				printf(" %llu %.6f %.6f",
				    (unsigned long long)ch[j].loads, ch[j].span,
				    ch[j].wait);
			printf("\n");
			fflush(stdout);
		}
	}
	sink = ch[0].primed ^ ch[1].primed;
	return 0;
}
