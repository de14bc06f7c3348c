/* SPDX-License-Identifier: MIT */
/*
 * libtachyon-probe's concurrent callers (bench/probe-concurrent.sh): in
 * turns, one one-thread reading alone, then two one-thread readings at
 * once from two threads of this process; each line prints the lone
 * reading and the two concurrent ones, in million accesses per second,
 * and the pinned_threads of each.
 *
 *   probe-concurrent ROUNDS SECONDS MIB
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include <tachyon-probe.h>

static double seconds;
static unsigned long long bytes;

static void *
one(void *arg)
{
	struct tachyon_result *r = arg;
	struct tachyon_config c;

	tachyon_config_init(&c, sizeof c);
	c.threads = 1;
	c.duration_s = seconds;
	c.working_set_bytes = bytes;
	if (tachyon_run(&c, r, sizeof *r, NULL, 0) != TACHYON_OK)
		r->million_accesses_per_sec = -1;
	return NULL;
}

int
main(int argc, char **argv)
{
	struct tachyon_result lone, two[2];
	pthread_t t[2];
	int rounds, i, k;

	if (argc != 4)
		return 2;
	rounds = atoi(argv[1]);
	seconds = atof(argv[2]);
	bytes = strtoull(argv[3], NULL, 10) << 20;
	for (i = 0; i < rounds; i++) {
		one(&lone);
		for (k = 0; k < 2; k++)
			pthread_create(&t[k], NULL, one, &two[k]);
		for (k = 0; k < 2; k++)
			pthread_join(t[k], NULL);
		printf("%.4f %.4f %.4f %u %u %u\n",
		    lone.million_accesses_per_sec,
		    two[0].million_accesses_per_sec,
		    two[1].million_accesses_per_sec, lone.pinned_threads,
		    two[0].pinned_threads, two[1].pinned_threads);
		fflush(stdout);
	}
	return 0;
}
