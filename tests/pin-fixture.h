/* SPDX-License-Identifier: MIT */
/*
 * Pin the calling thread to one CPU, the first of its affinity mask, for
 * the tests that make that CPU busy and read what the kernel counted.
 * Header-only, like tap.h.
 */
#ifndef TS_PIN_FIXTURE_H
#define TS_PIN_FIXTURE_H

#include <sched.h>

/*
 * Save the thread's mask in *mine and bind it to the mask's first CPU,
 * *one.  Return 0, or -1 when the mask cannot be read or set (nothing
 * changed then); sched_setaffinity(0, sizeof *mine, mine) undoes it.
 */
static int __attribute__((unused))
pin_first_cpu(cpu_set_t *mine, cpu_set_t *one)
{
	int cpu;

	if (sched_getaffinity(0, sizeof *mine, mine) == -1)
		return -1;
	for (cpu = 0; cpu < CPU_SETSIZE && !CPU_ISSET(cpu, mine); cpu++)
		;
	CPU_ZERO(one);
	CPU_SET(cpu, one);
	return sched_setaffinity(0, sizeof *one, one);
}

#endif /* TS_PIN_FIXTURE_H */
