/* SPDX-License-Identifier: MIT */
/*
 * Does unmapping memory between building a pointer chase and running it
 * slow the chase down?  Builds a chase over MIB of base pages the way
 * threadstone's latency workload does (an array of the shuffled order,
 * then one link per node), then either frees that array first ("unmap")
 * or keeps it ("keep"), and prints the nanoseconds per load of WINDOWS
 * consecutive 40 ms windows from the first load on.  On the 2-vCPU VMs
 * this package is measured on, "unmap" started at 6.5 us a load and took
 * half a second to reach its 250 ns; see bench/chase-unmap.sh.
 *
 *	chase-unmap keep|unmap [MIB [WINDOWS]]
 */
#include <sys/mman.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

/* splitmix64: any decent generator will do here. */
static uint64_t
next(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

int
main(int argc, char *argv[])
{
	int unmap = argc > 1 && strcmp(argv[1], "unmap") == 0;
	uint64_t mib = argc > 2 ? strtoull(argv[2], NULL, 10) : 256;
	int windows = argc > 3 ? atoi(argv[3]) : 25, k;
	uint64_t nodes = mib * 1048576 / 64, i, j, tmp, *w, *order;
	uint64_t seed = 7, p, hops;
	size_t olen = nodes * sizeof *order;
	double t0;

	if (argc < 2 || (!unmap && strcmp(argv[1], "keep") != 0) ||
	    nodes < 2 || windows < 1) {
		fprintf(stderr, "usage: chase-unmap keep|unmap [MIB "
		    "[WINDOWS]]\n");
		return 2;
	}
	w = mmap(NULL, nodes * 64, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	order = mmap(NULL, olen, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (w == MAP_FAILED || order == MAP_FAILED)
		return 1;
	madvise(w, nodes * 64, MADV_NOHUGEPAGE);
	for (i = 0; i < nodes; i++)
		order[i] = i;
	for (i = nodes - 1; i > 0; i--) {
		j = next(&seed) % (i + 1);
		tmp = order[i];
		order[i] = order[j];
		order[j] = tmp;
	}
	for (i = 0; i < nodes; i++)
		w[order[i] * 8] = order[(i + 1) % nodes] * 8;
	p = order[0] * 8;
	if (unmap)
		munmap(order, olen);
	for (k = 0; k < windows; k++) {
		t0 = now();
		hops = 0;
		while (now() - t0 < 0.04) {
			for (i = 0; i < 1000; i++)
				p = w[p];
			hops += 1000;
		}
		printf("%s%.0f", k ? " " : "", (now() - t0) / hops * 1e9);
	}
	printf("\n");
	fprintf(stderr, "chase-unmap: end %llu\n", (unsigned long long)p);
	if (!unmap)
		munmap(order, olen);
	return 0;
}
