/* SPDX-License-Identifier: MIT */
/*
 * A plain dependent-load pointer chase, the yardstick for threadstone-run's
 * latency workload: one node per 64-byte line, linked into one random
 * cycle (Sattolo), on base pages like the workload, one thread.  Prints
 * the median nanoseconds per load.
 *
 *	plain-chase [MIB [ROUNDS [WINDOW_MS]]]
 */
#include <sys/mman.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench.h"

/* Follow n links from p. */
static uint64_t
chase(const uint64_t *w, uint64_t p, uint64_t n)
{
	while (n-- > 0)
		p = w[p];
	return p;
}

int
main(int argc, char *argv[])
{
	uint64_t mib = argc > 1 ? strtoull(argv[1], NULL, 10) : 256;
	int rounds = argc > 2 ? atoi(argv[2]) : 7;
	double window = (argc > 3 ? atof(argv[3]) : 250) / 1000.0, t, *ns;
	uint64_t nodes = mib * 1048576 / 64, i, j, tmp, *w, *perm, seed = 42;
	uint64_t p = 0, hops = 1024;
	int k;

	if (nodes < 2 || rounds < 1) {
		fprintf(stderr, "usage: plain-chase [MIB [ROUNDS [MS]]]\n");
		return 2;
	}
	w = mmap(NULL, nodes * 64, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	perm = malloc(nodes * sizeof *perm);
	ns = malloc(rounds * sizeof *ns);
	if (w == MAP_FAILED || perm == NULL || ns == NULL)
		return 1;
	madvise(w, nodes * 64, MADV_NOHUGEPAGE);
	/* Sattolo: one cycle through every node. */
	for (i = 0; i < nodes; i++)
		perm[i] = i;
	for (i = nodes - 1; i > 0; i--) {
		j = rnd(&seed) % i;
		tmp = perm[i];
		perm[i] = perm[j];
		perm[j] = tmp;
	}
	for (i = 0; i < nodes; i++)
		w[i * 8] = perm[i] * 8;
	free(perm);
	/* Calibrate the hops to the window (this also warms up). */
	for (;;) {
		t = now();
		p = chase(w, p, hops);
		t = now() - t;
		if (t >= 0.9 * window)
			break;
		hops = t > 1e-4 ? (uint64_t)(hops * (window / t) + 1) :
		    hops * 20;
	}
	for (k = 0; k < rounds; k++) {
		t = now();
		p = chase(w, p, hops);
		ns[k] = (now() - t) / (double)hops * 1e9;
	}
	qsort(ns, rounds, sizeof *ns, cmp);
	printf("%.4f\n", rounds % 2 ? ns[rounds / 2] :
	    (ns[rounds / 2 - 1] + ns[rounds / 2]) / 2);
	fprintf(stderr, "plain-chase: %llu MiB, %llu hops/round, end %llu\n",
	    (unsigned long long)mib, (unsigned long long)hops,
	    (unsigned long long)p);
	return 0;
}
