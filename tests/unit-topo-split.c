/* SPDX-License-Identifier: MIT */
/*
 * lib/topo/topo-split.c on synthetic topologies: whole cores split in
 * halves, hardware threads kept with their core, a lone core's threads
 * split, one CPU refused; and this machine's split disjoint and within
 * the affinity mask.
 */
#include <config.h>

#include <sched.h>
#include <stdlib.h>

#include "tap.h"
#include "topo/topo-split.h"
#include "topo/topo.h"

/* The CPUs of s as "0,1,2" into buf. */
static const char *
cpus(const cpu_set_t *s, char *buf, size_t len)
{
	size_t at = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < CPU_SETSIZE && at + 8 < len; i++)
		if (CPU_ISSET(i, s))
			at += (size_t)snprintf(buf + at, len - at, "%s%d",
			    at > 0 ? "," : "", i);
	return buf;
}

/* Split the synthetic topology desc; want the two lists and count. */
static void
split(const char *desc, const char *wa, const char *wb, unsigned wn)
{
	char err[256], ba[256], bb[256];
	struct ts_topo *t;
	cpu_set_t a, b;
	unsigned n;

	setenv("HWLOC_SYNTHETIC", desc, 1);
	t = ts_topo_open(err, sizeof err);
	if (t == NULL) {
		ok(0, "%s: %s", desc, err);
		return;
	}
	n = ts_topo_split(t, &a, &b);
	ok(n == wn && strcmp(cpus(&a, ba, sizeof ba), wa) == 0 &&
	    strcmp(cpus(&b, bb, sizeof bb), wb) == 0,
	    "%s: {%s} and {%s}, %u", desc, wa, wb, wn);
	if (n != wn || strcmp(ba, wa) != 0 || strcmp(bb, wb) != 0)
		diag("got {%s} and {%s}, %u", ba, bb, n);
	ts_topo_close(t);
}

int
main(void)
{
	char err[256];
	struct ts_topo *t;
	cpu_set_t a, b, mine, both;
	unsigned n;
	int i, inside = 1;

	unsetenv("HWLOC_XMLFILE");
	split("pack:1 core:4 pu:2", "0,1,2,3", "4,5,6,7", 4);
	split("pack:1 core:3 pu:1", "0", "1,2", 1);
	split("pack:1 core:1 pu:2", "0", "1", 1);
	split("pack:2 core:2 pu:2", "0,1,2,3", "4,5,6,7", 4);
	split("pack:1 core:1 pu:1", "", "0", 0);
	unsetenv("HWLOC_SYNTHETIC");

	t = ts_topo_open(err, sizeof err);
	n = ts_topo_split(t, &a, &b);
	sched_getaffinity(0, sizeof mine, &mine);
	CPU_AND(&both, &a, &b);
	for (i = 0; i < CPU_SETSIZE; i++)
		inside &= !(CPU_ISSET(i, &a) || CPU_ISSET(i, &b)) ||
		    CPU_ISSET(i, &mine);
	ok(CPU_COUNT(&both) == 0 && inside && (n == 0 || (CPU_COUNT(&a) >=
	    (int)n && CPU_COUNT(&b) >= (int)n)), "this machine: two disjoint "
	    "sets within the affinity mask (the smaller of %u CPU)", n);
	ts_topo_close(t);
	n = ts_topo_split(NULL, &a, &b);
	CPU_AND(&both, &a, &b);
	ok(CPU_COUNT(&both) == 0 && (int)n == CPU_COUNT(&mine) / 2,
	    "without a topology: the affinity mask in halves");
	return done_testing();
}
