/* SPDX-License-Identifier: MIT */
/*
 * Threads together (see topo-together.h).  The loop advances four
 * independent multiply-xorshift chains: it keeps a core's integer
 * multipliers busy, so two threads sharing one physical core read well
 * under twice one thread, unlike the dependent chain of topo-speed.c,
 * whose latency-bound steps share a core almost for free.
 */
#include <config.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "topo/topo-together.h"
#include "topo/topo.h"
#include "util.h"

/* Steps of one chunk per chain: about 4 microseconds on a current core. */
#define CHUNK	1024
#define MUL	UINT64_C(6364136223846793005)

static volatile uint64_t together_sink;

static void __attribute__((noinline))
chains(uint64_t x[4], unsigned n)
{
	uint64_t a = x[0], b = x[1], c = x[2], d = x[3];
	unsigned i;

	for (i = 0; i < n; i++) {
		a = a * MUL + 1;
		b = b * MUL + 3;
		c = c * MUL + 5;
		d = d * MUL + 7;
		a ^= a >> 29;
		b ^= b >> 29;
		c ^= c >> 29;
		d ^= d >> 29;
	}
	x[0] = a;
	x[1] = b;
	x[2] = c;
	x[3] = d;
}

double
ts_together_reading(double ms)
{
	double t0 = ts_now(), t;
	uint64_t x[4] = { 1, 2, 3, (uint64_t)(t0 * 1e9) }, steps = 0;

	do {
		chains(x, CHUNK);
		steps += 4 * CHUNK;
		t = ts_now() - t0;
	} while (t * 1000 < ms);
	together_sink = x[0] ^ x[1] ^ x[2] ^ x[3];
	return (double)steps / (t * 1e9);
}

struct together {
	const struct ts_topo	*topo;
	pthread_barrier_t	 start, done;
	double			 rate[TS_TOGETHER_READINGS][TS_TOGETHER_MAX];
	pthread_mutex_t		 lock;
	pthread_cond_t		 cond;
	int			 go;	/* 0 wait, 1 measure, -1 give up */
	bool			 refused;
};

struct worker {
	struct together	*t;
	unsigned	 index;
};

static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	struct together *t = w->t;
	bool bound = ts_topo_bind_exact(t->topo, w->index) == 0;
	int k, go;

	pthread_mutex_lock(&t->lock);
	if (!bound)
		t->refused = true;
	while ((go = t->go) == 0)
		pthread_cond_wait(&t->cond, &t->lock);
	pthread_mutex_unlock(&t->lock);
	if (go < 0)
		return NULL;
	for (k = 0; k < TS_TOGETHER_READINGS; k++) {
		pthread_barrier_wait(&t->start);
		t->rate[k][w->index] = bound ?
		    ts_together_reading(TS_TOGETHER_MS) : 0;
		pthread_barrier_wait(&t->done);
	}
	return NULL;
}

double
ts_together_probe(const struct ts_topo *topo, unsigned threads, char *err,
    size_t errlen)
{
	struct together t;
	struct worker w[TS_TOGETHER_MAX];
	pthread_t tid[TS_TOGETHER_MAX];
	unsigned i, started = 0;
	double best = 0, sum;
	int k;

	if (threads < 2 || threads > TS_TOGETHER_MAX ||
	    threads > ts_topo_cores(topo)) {
		snprintf(err, errlen, "%u threads: not 2 to %u", threads,
		    ts_topo_cores(topo) < TS_TOGETHER_MAX ?
		    ts_topo_cores(topo) : TS_TOGETHER_MAX);
		return -1;
	}
	if (!ts_topo_is_this_machine(topo)) {
		snprintf(err, errlen, "no topology of this machine to bind to");
		return -1;
	}
	memset(&t, 0, sizeof t);
	t.topo = topo;
	pthread_mutex_init(&t.lock, NULL);
	pthread_cond_init(&t.cond, NULL);
	/* Each barrier also holds this thread, which starts every reading. */
	pthread_barrier_init(&t.start, NULL, threads + 1);
	pthread_barrier_init(&t.done, NULL, threads + 1);
	for (i = 0; i < threads; i++) {
		w[i].t = &t;
		w[i].index = i;
		if (pthread_create(&tid[i], NULL, worker_main, &w[i]) != 0)
			break;
		started++;
	}
	/* The workers wait for this word before they touch a barrier. */
	pthread_mutex_lock(&t.lock);
	t.go = started == threads ? 1 : -1;
	pthread_cond_broadcast(&t.cond);
	pthread_mutex_unlock(&t.lock);
	if (started == threads)
		for (k = 0; k < TS_TOGETHER_READINGS; k++) {
			pthread_barrier_wait(&t.start);
			pthread_barrier_wait(&t.done);
		}
	for (i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	pthread_barrier_destroy(&t.start);
	pthread_barrier_destroy(&t.done);
	pthread_cond_destroy(&t.cond);
	pthread_mutex_destroy(&t.lock);
	if (started < threads) {
		snprintf(err, errlen, "cannot start %u probing threads",
		    threads);
		return -1;
	}
	if (t.refused) {
		snprintf(err, errlen, "the system refused to bind a probing "
		    "thread to its core");
		return -1;
	}
	for (k = 0; k < TS_TOGETHER_READINGS; k++) {
		sum = 0;
		for (i = 0; i < threads; i++)
			sum += t.rate[k][i];
		if (sum > best)
			best = sum;
	}
	return best;
}
