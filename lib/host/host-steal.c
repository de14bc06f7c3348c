/* SPDX-License-Identifier: MIT */
/*
 * Steal time and involuntary context switches (see host-steal.h).
 */
#include <config.h>

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "host/host-steal.h"

int
ts_stat_cpu_line(const char *line, int *cpu, unsigned long long f[8])
{
	const char *p = line + 3;
	unsigned long v;
	char *end;
	int k;

	memset(f, 0, 8 * sizeof *f);
	if (strncmp(line, "cpu", 3) != 0)
		return -1;
	if (*p == ' ')
		*cpu = -1;
	else if (*p >= '0' && *p <= '9') {
		v = strtoul(p, &end, 10);
		if (v > INT_MAX)
			return -1;
		*cpu = (int)v;
		p = end;
	} else
		return -1;
	k = sscanf(p, "%llu %llu %llu %llu %llu %llu %llu %llu", &f[0],
	    &f[1], &f[2], &f[3], &f[4], &f[5], &f[6], &f[7]);
	return k < 0 ? 0 : k;
}

double
ts_steal_ms_parse(const char *text, long hz)
{
	unsigned long long f[8];
	const char *p = text;
	int cpu = 0, n = -1;

	/* The aggregate line is "cpu" and a blank, the first line. */
	while (p != NULL &&
	    ((n = ts_stat_cpu_line(p, &cpu, f)) < 0 || cpu != -1)) {
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	if (p == NULL || hz <= 0 || n != 8)
		return NAN;
	return (double)f[7] * 1000.0 / (double)hz;
}

double
ts_steal_ms(void)
{
	char buf[1024];
	size_t n;
	FILE *fp = fopen("/proc/stat", "r");

	if (fp == NULL)
		return NAN;
	/* The aggregate line comes first and is short. */
	n = fread(buf, 1, sizeof buf - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	return ts_steal_ms_parse(buf, sysconf(_SC_CLK_TCK));
}

uint64_t
ts_thread_nivcsw(void)
{
#ifdef RUSAGE_THREAD
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru) == 0 && ru.ru_nivcsw >= 0)
		return (uint64_t)ru.ru_nivcsw;
#endif
	return 0;
}

int
ts_schedstat_parse(const char *text, uint64_t *run, uint64_t *wait)
{
	unsigned long long r, w;
	char end;

	/* "RUN_NS WAIT_NS TIMESLICES\n" */
	if (sscanf(text, "%llu %llu%c", &r, &w, &end) != 3 ||
	    (end != ' ' && end != '\n'))
		return -1;
	*run = (uint64_t)r;
	*wait = (uint64_t)w;
	return 0;
}

int
ts_thread_sched_ns(uint64_t *run, uint64_t *wait)
{
	char buf[128];
	size_t n;
	FILE *fp = fopen("/proc/thread-self/schedstat", "r");

	if (fp == NULL)
		return -1;
	n = fread(buf, 1, sizeof buf - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	return ts_schedstat_parse(buf, run, wait);
}
