/* SPDX-License-Identifier: MIT */
/*
 * A plain pointer chase, independent of tachyon's code, for
 * bench/tachyon-track.sh: real pointers, one per 64-byte line, linked in
 * the order of a xorshift-shuffled array, chased by one thread.
 * usage: plainchase MiB seconds   (prints "ns_per_hop M_hops_per_sec")
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct line {
	struct line	*next;
	char		 pad[64 - sizeof(struct line *)];
};

/* Seconds on the monotonic clock. */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* xorshift64*: a generator unrelated to tachyon's splitmix64. */
static uint64_t
xorshift(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1DULL;
}

int
main(int argc, char **argv)
{
	struct line *lines, *p;
	size_t n, i, j, *order, t;
	uint64_t seed = 0x1234567ULL, hops = 0;
	double seconds, start, end;
	int k;

	if (argc != 3) {
		fprintf(stderr, "usage: plainchase MiB seconds\n");
		return 2;
	}
	n = (size_t)(atof(argv[1]) * 1048576.0) / sizeof *lines;
	seconds = atof(argv[2]);
	if (n < 2 || !(seconds > 0)) {
		fprintf(stderr, "plainchase: bad size or time\n");
		return 2;
	}
	lines = aligned_alloc(64, n * sizeof *lines);
	order = malloc(n * sizeof *order);
	if (lines == NULL || order == NULL) {
		fprintf(stderr, "plainchase: out of memory\n");
		return 1;
	}
	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = n - 1; i > 0; i--) {
		j = (size_t)(xorshift(&seed) % (i + 1));
		t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (i = 0; i < n; i++)
		lines[order[i]].next = &lines[order[(i + 1) % n]];
	free(order);
	p = &lines[0];
	start = now();
	do {
		for (k = 0; k < 4096; k++)
			p = p->next;
		hops += 4096;
	} while ((end = now()) - start < seconds);
	/* Print the final position's offset so the loop cannot be dropped. */
	printf("%.2f %.3f %zu\n", (end - start) / (double)hops * 1e9,
	    (double)hops / (end - start) / 1e6, (size_t)(p - lines) % 7);
	free(lines);
	return 0;
}
