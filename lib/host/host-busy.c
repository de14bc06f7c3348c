/* SPDX-License-Identifier: MIT */
/*
 * Each CPU's busy ticks from /proc/stat (see host-busy.h).
 */
#include <config.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/host-busy.h"
#include "host/host-steal.h"

void
ts_cpu_ticks_free(struct ts_cpu_ticks *t)
{
	free(t->busy);
	free(t->all);
	memset(t, 0, sizeof *t);
}

/*
 * One "cpuN user nice system idle iowait irq softirq steal ..." line:
 * its CPU number and ticks, or -1 when the line is not one.
 */
static int
parse_line(const char *p, unsigned long long *busy, unsigned long long *all)
{
	unsigned long long f[8];
	int cpu;

	/* Kernels before 2.6.11 stop at softirq; steal then counts 0. */
	if (ts_stat_cpu_line(p, &cpu, f) < 7 || cpu < 0 || cpu >= CPU_SETSIZE)
		return -1;
	*all = f[0] + f[1] + f[2] + f[3] + f[4] + f[5] + f[6] + f[7];
	*busy = *all - f[3] - f[4];
	return cpu;
}

int
ts_cpu_ticks_parse(const char *text, struct ts_cpu_ticks *t)
{
	unsigned long long busy, all;
	const char *p;
	int cpu, found = 0;
	size_t n = 0;

	ts_cpu_ticks_free(t);
	for (p = text; p != NULL && *p != '\0'; p = strchr(p, '\n'),
	    p = p != NULL ? p + 1 : NULL)
		if ((cpu = parse_line(p, &busy, &all)) >= 0 &&
		    (size_t)cpu + 1 > n)
			n = (size_t)cpu + 1;
	if (n == 0)
		return -1;
	t->busy = calloc(n, sizeof *t->busy);
	t->all = calloc(n, sizeof *t->all);
	if (t->busy == NULL || t->all == NULL) {
		ts_cpu_ticks_free(t);
		return -1;
	}
	t->n = n;
	for (p = text; p != NULL && *p != '\0'; p = strchr(p, '\n'),
	    p = p != NULL ? p + 1 : NULL)
		if ((cpu = parse_line(p, &busy, &all)) >= 0) {
			t->busy[cpu] = busy;
			t->all[cpu] = all;
			found++;
		}
	return found;
}

int
ts_cpu_ticks_read(struct ts_cpu_ticks *t)
{
	FILE *fp = fopen("/proc/stat", "r");
	char *text = NULL, *line = NULL;
	size_t len = 0, cap = 0, size = 0;
	ssize_t got;
	int rc = -1;

	if (fp == NULL)
		return -1;
	/* The CPU lines come first; the interrupt counts after them are long. */
	while ((got = getline(&line, &cap, fp)) > 0 &&
	    strncmp(line, "cpu", 3) == 0) {
		if (len + (size_t)got + 1 > size) {
			char *more = realloc(text, size = 2 * (len +
			    (size_t)got + 1));

			if (more == NULL)
				goto out;
			text = more;
		}
		memcpy(text + len, line, (size_t)got + 1);
		len += (size_t)got;
	}
	if (text != NULL)
		rc = ts_cpu_ticks_parse(text, t);
out:
	free(line);
	free(text);
	fclose(fp);
	return rc;
}

double
ts_cpu_busiest(const struct ts_cpu_ticks *a, const struct ts_cpu_ticks *b,
    const cpu_set_t *mask)
{
	double most = NAN, share;
	size_t i;

	for (i = 0; i < a->n && i < b->n; i++) {
		if (mask != NULL && !CPU_ISSET(i, mask))
			continue;
		if (b->all[i] <= a->all[i] || b->busy[i] < a->busy[i])
			continue;
		share = (double)(b->busy[i] - a->busy[i]) /
		    (double)(b->all[i] - a->all[i]);
		if (isnan(most) || share > most)
			most = share;
	}
	return most;
}
