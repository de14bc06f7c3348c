/* SPDX-License-Identifier: MIT */
/*
 * A plain OpenMP STREAM triad, the yardstick for threadstone-run's
 * stream workload: a[i] = b[i] + 3 c[i] over three arrays, initialised in
 * parallel (first touch by the thread that uses each part), static
 * schedule, 24 bytes counted per element.  Prints the median GiB/s.
 *
 *	omp-triad [TOTAL_MIB [ROUNDS [WINDOW_MS]]]
 */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "bench.h"

/* One triad over every element, all threads. */
static void
triad(double *a, const double *b, const double *c, long n)
{
	long i;

#pragma omp parallel for schedule(static)
	for (i = 0; i < n; i++)
		a[i] = b[i] + 3.0 * c[i];
}

int
main(int argc, char *argv[])
{
	long mib = argc > 1 ? atol(argv[1]) : 192;
	int rounds = argc > 2 ? atoi(argv[2]) : 7;
	double window = (argc > 3 ? atof(argv[3]) : 250) / 1000.0;
	long n = mib * 1048576L / 24, i, reps = 1, r;
	double *a, *b, *c, t, *gib;
	int k;

	if (n < 1 || rounds < 1) {
		fprintf(stderr, "usage: omp-triad [TOTAL_MIB [ROUNDS [MS]]]\n");
		return 2;
	}
	a = malloc(n * sizeof *a);
	b = malloc(n * sizeof *b);
	c = malloc(n * sizeof *c);
	gib = malloc(rounds * sizeof *gib);
	if (a == NULL || b == NULL || c == NULL || gib == NULL)
		return 1;
#pragma omp parallel for schedule(static)
	for (i = 0; i < n; i++) {
		a[i] = 1.0;
		b[i] = 2.0;
		c[i] = 0.5;
	}
	/* Calibrate the repetitions to the window, then measure. */
	for (;;) {
		t = now();
		for (r = 0; r < reps; r++)
			triad(a, b, c, n);
		t = now() - t;
		if (t >= 0.9 * window)
			break;
		reps = t > 0 ? (long)(reps * (window / t) + 1) : reps * 20;
	}
	for (k = 0; k < rounds; k++) {
		t = now();
		for (r = 0; r < reps; r++)
			triad(a, b, c, n);
		t = now() - t;
		gib[k] = (double)n * 24 * reps / t / 1073741824.0;
	}
	qsort(gib, rounds, sizeof *gib, cmp);
	printf("%.4f\n", rounds % 2 ? gib[rounds / 2] :
	    (gib[rounds / 2 - 1] + gib[rounds / 2]) / 2);
	if (a[n / 2] != 3.5)
		fprintf(stderr, "omp-triad: wrong result %g\n", a[n / 2]);
	fprintf(stderr, "omp-triad: %d threads, %ld MiB, %ld reps/round\n",
	    omp_get_max_threads(), mib, reps);
	return 0;
}
