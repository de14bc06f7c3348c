/* SPDX-License-Identifier: MIT */
/*
 * Core speeds (see topo-speed.h).  The loop is a chain of dependent
 * multiply-adds and rotations: its rate is the core's integer latency
 * times its clock, not the memory system's, and no compiler can fold it.
 */
#include <config.h>

#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "topo/topo-speed.h"
#include "topo/topo.h"
#include "util.h"

/* Steps of one chunk: about 10 microseconds on a current core. */
#define CHUNK	4096

static volatile uint64_t speed_sink;

/* Run n dependent steps from x. */
static uint64_t __attribute__((noinline))
chain(uint64_t x, uint64_t n)
{
	uint64_t i;

	for (i = 0; i < n; i++) {
		x = x * UINT64_C(6364136223846793005) +
		    UINT64_C(1442695040888963407);
		x ^= x >> 29;
	}
	return x;
}

double
ts_speed_reading(double ms)
{
	double t0 = ts_now(), t;
	uint64_t x = (uint64_t)(t0 * 1e9), steps = 0;

	do {
		x = chain(x, CHUNK);
		steps += CHUNK;
		t = ts_now() - t0;
	} while (t * 1000 < ms);
	speed_sink = x;
	return (double)steps / (t * 1e9);
}

/* The probing thread's work. */
struct probe {
	const struct ts_topo	*topo;
	struct ts_speed		*out;
	double			 best[TS_SPEED_MAX], second[TS_SPEED_MAX];
	bool			 bound[TS_SPEED_MAX];
};

static void *
probe_main(void *arg)
{
	struct probe *p = arg;
	size_t i, n = p->out->n;
	double r;
	int k;

	for (k = 0; k < TS_SPEED_ROUNDS; k++)
		for (i = 0; i < n; i++) {
			if (ts_topo_bind_exact(p->topo, (unsigned)i) == -1)
				continue;
			p->bound[i] = true;
			r = ts_speed_reading(TS_SPEED_MS);
			if (r > p->best[i]) {
				p->second[i] = p->best[i];
				p->best[i] = r;
			} else if (r > p->second[i])
				p->second[i] = r;
		}
	return NULL;
}

int
ts_speed_probe(const struct ts_topo *t, struct ts_speed *out, char *err,
    size_t errlen)
{
	struct probe p;
	pthread_t tid;
	size_t i, n;

	memset(out, 0, sizeof *out);
	if (t == NULL || !ts_topo_is_this_machine(t)) {
		snprintf(err, errlen, "no topology of this machine to bind to");
		return -1;
	}
	n = ts_topo_cores(t);
	if (n > TS_SPEED_MAX)
		n = TS_SPEED_MAX;
	if (n < 2) {
		snprintf(err, errlen, "one core: nothing to choose from");
		return -1;
	}
	memset(&p, 0, sizeof p);
	p.topo = t;
	p.out = out;
	out->n = n;
	if (pthread_create(&tid, NULL, probe_main, &p) != 0) {
		snprintf(err, errlen, "cannot start the probing thread");
		out->n = 0;
		return -1;
	}
	pthread_join(tid, NULL);
	out->n = 0;
	for (i = 0; i < n; i++) {
		if (!p.bound[i])
			continue;
		out->cores[out->n].core = (unsigned)i;
		out->cores[out->n].rate = p.best[i];
		out->cores[out->n].noise = p.best[i] > 0 && p.second[i] > 0 ?
		    (p.best[i] - p.second[i]) / p.best[i] : 0;
		out->n++;
	}
	if (out->n < 2) {
		snprintf(err, errlen, "the system refused to bind to %s core",
		    out->n == 0 ? "any" : "more than one");
		return -1;
	}
	ts_speed_judge(out);
	return 0;
}
