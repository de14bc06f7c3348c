/* SPDX-License-Identifier: MIT */
/*
 * Cores and caches from sysfs, and the cores the library's threads hold
 * (topo-sys.h).
 */
#include <config.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "topo/topo-sys.h"

#define SYS_CPU	"/sys/devices/system/cpu"

/* Threads of this process bound to each CPU's core, by its lowest CPU. */
static pthread_mutex_t hold_lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned held[CPU_SETSIZE];

/* Parse a CPU list ("0-3,8,10-11") into set; -1 when it is not one. */
static int
parse_list(const char *s, cpu_set_t *set)
{
	long a, b;
	char *end;

	CPU_ZERO(set);
	while (*s != '\0' && *s != '\n') {
		if (!isdigit((unsigned char)*s))
			return -1;
		a = b = strtol(s, &end, 10);
		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		if (a < 0 || b < a || b >= CPU_SETSIZE)
			return -1;
		for (; a <= b; a++)
			CPU_SET((int)a, set);
		s = *end == ',' ? end + 1 : end;
		if (end == s && *s != '\0' && *s != '\n')
			return -1;
	}
	return 0;
}

/* The CPUs of cpu's core (its siblings), meeting mask. */
static void
siblings(int cpu, const cpu_set_t *mask, cpu_set_t *set)
{
	static const char *const names[] = { "core_cpus_list",
	    "thread_siblings_list" };
	char path[128], line[1024];
	size_t i;

	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof path, SYS_CPU "/cpu%d/topology/%s", cpu,
		    names[i]);
		if (ts_read_line(path, line, sizeof line) == 0 &&
		    parse_list(line, set) == 0 && CPU_ISSET(cpu, set)) {
			CPU_AND(set, set, mask);
			return;
		}
	}
	CPU_ZERO(set);
	CPU_SET(cpu, set);
}

int
ts_sys_cores_read(struct ts_sys_cores *c)
{
	cpu_set_t mask, sib;
	int cpu, lowest, count;

	memset(c, 0, sizeof *c);
	if (sched_getaffinity(0, sizeof mask, &mask) == -1)
		return -1;
	count = CPU_COUNT(&mask);
	if ((c->core = calloc((size_t)count, sizeof *c->core)) == NULL ||
	    (c->first = calloc((size_t)count, sizeof *c->first)) == NULL) {
		ts_sys_cores_free(c);
		errno = ENOMEM;
		return -1;
	}
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &mask))
			continue;
		siblings(cpu, &mask, &sib);
		for (lowest = 0; !CPU_ISSET(lowest, &sib); lowest++)
			;
		if (lowest != cpu || c->n == (unsigned)count)
			continue;	/* a later CPU of a core already seen */
		c->core[c->n] = sib;
		c->first[c->n++] = cpu;
	}
	return 0;
}

void
ts_sys_cores_free(struct ts_sys_cores *c)
{
	free(c->core);
	free(c->first);
	memset(c, 0, sizeof *c);
}

int
ts_sys_core_claim(const struct ts_sys_cores *c, bool *alone)
{
	unsigned i, best = 0;

	*alone = false;
	if (c->n == 0)
		return -1;
	pthread_mutex_lock(&hold_lock);
	for (i = 1; i < c->n; i++)
		if (held[c->first[i]] < held[c->first[best]])
			best = i;
	if (sched_setaffinity(0, sizeof c->core[best], &c->core[best]) == -1) {
		pthread_mutex_unlock(&hold_lock);
		return -1;
	}
	*alone = held[c->first[best]]++ == 0;
	pthread_mutex_unlock(&hold_lock);
	return (int)best;
}

void
ts_sys_core_release(const struct ts_sys_cores *c, int index)
{
	if (index < 0 || (unsigned)index >= c->n)
		return;
	pthread_mutex_lock(&hold_lock);
	if (held[c->first[index]] > 0)
		held[c->first[index]]--;
	pthread_mutex_unlock(&hold_lock);
}

/* A cache's size line ("32K", "1024K", "32M") in bytes; 0 when not one. */
static uint64_t
size_of(const char *s)
{
	char *end;
	uint64_t v = strtoull(s, &end, 10);

	if (end == s)
		return 0;
	if (*end == 'K')
		return v << 10;
	if (*end == 'M')
		return v << 20;
	if (*end == 'G')
		return v << 30;
	return v;
}

/* The deepest level's largest cache of cpu into *level and *bytes. */
static void
cpu_caches(int cpu, int *level, uint64_t *bytes)
{
	char path[128], line[64];
	uint64_t size;
	int idx, lv;

	for (idx = 0; idx < 16; idx++) {
		snprintf(path, sizeof path, SYS_CPU "/cpu%d/cache/index%d/level",
		    cpu, idx);
		if (ts_read_line(path, line, sizeof line) != 0)
			break;
		lv = atoi(line);
		snprintf(path, sizeof path, SYS_CPU "/cpu%d/cache/index%d/type",
		    cpu, idx);
		if (ts_read_line(path, line, sizeof line) != 0 ||
		    (strncmp(line, "Unified", 7) != 0 &&
		    !(lv == 1 && strncmp(line, "Data", 4) == 0)))
			continue;
		snprintf(path, sizeof path, SYS_CPU "/cpu%d/cache/index%d/size",
		    cpu, idx);
		if (ts_read_line(path, line, sizeof line) != 0 ||
		    (size = size_of(line)) == 0)
			continue;
		if (lv > *level || (lv == *level && size > *bytes)) {
			*level = lv;
			*bytes = size;
		}
	}
}

uint64_t
ts_sys_llc_bytes(void)
{
	uint64_t bytes = 0;
	cpu_set_t mask;
	int cpu, level = 0;

	if (sched_getaffinity(0, sizeof mask, &mask) == -1)
		return 0;
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		if (CPU_ISSET(cpu, &mask))
			cpu_caches(cpu, &level, &bytes);
	return bytes;
}

uint64_t
ts_sys_mem_bytes(void)
{
	char line[256];
	uint64_t kib = 0;
	FILE *fp;

	if ((fp = fopen("/proc/meminfo", "re")) == NULL)
		return 0;
	while (fgets(line, sizeof line, fp) != NULL)
		if (sscanf(line, "MemTotal: %" SCNu64 " kB", &kib) == 1)
			break;
	fclose(fp);
	return kib * 1024;
}
