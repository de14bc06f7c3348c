/* SPDX-License-Identifier: MIT */
/*
 * lib/topo/topo.c against hwloc XML and synthetic topologies, never this
 * host's.
 */
#include <config.h>

#include <stdlib.h>

#include "tap.h"
#include "topo-fixture.h"
#include "topo/topo.h"

int
main(void)
{
	struct ts_topo *t;
	unsigned p = 99, e = 99;
	char err[256];

	t = open_xml("hybrid-4p4e.xml");
	if (ok(t != NULL, "hybrid fixture loads")) {
		is_int(ts_topo_cpu_kinds(t, &p, &e), 2, "hybrid: two CPU kinds");
		is_int(p, 4, "hybrid: 4 performance CPUs");
		is_int(e, 4, "hybrid: 4 efficiency CPUs");
		is_int(ts_topo_cores(t), 8, "hybrid: 8 cores");
		is_int(ts_topo_pus(t), 8, "hybrid: 8 logical CPUs");
		is_u64(ts_topo_cache_size(t, 1), 49152, "hybrid: L1d 48 KiB");
		is_u64(ts_topo_cache_size(t, 2), 2097152, "hybrid: L2 2 MiB");
		is_u64(ts_topo_cache_total(t, 2), 4 * 2097152,
		    "hybrid: L2 total over 4 instances");
		is_u64(ts_topo_cache_size(t, 3), 25165824, "hybrid: L3 24 MiB");
		is_int(ts_topo_llc_level(t), 3, "hybrid: LLC is L3");
		is_u64(ts_topo_line_size(t), 64, "hybrid: 64-byte lines");
		ok(ts_topo_bind_core(t, 5) == 0, "binding on a loaded "
		    "topology is a harmless no-op");
		ts_topo_close(t);
	}

	t = open_xml("server-2s.xml");
	if (ok(t != NULL, "two-socket fixture loads")) {
		p = e = 99;
		ok(ts_topo_cpu_kinds(t, &p, &e) < 2 && p == 99 && e == 99,
		    "server: homogeneous, P/E left alone");
		is_int(ts_topo_cores(t), 8, "server: 8 cores");
		is_int(ts_topo_pus(t), 16, "server: 16 logical CPUs");
		is_u64(ts_topo_llc_size(t), 503316480,
		    "server: LLC is one 480 MiB instance");
		is_u64(ts_topo_cache_total(t, 3), 2 * 503316480ULL,
		    "server: L3 total is both sockets");
		ok(ts_topo_memory(t) > 0, "server: memory known");
		ts_topo_close(t);
	}

	setenv("HWLOC_XMLFILE", "/nonexistent/topology.xml", 1);
	t = ts_topo_open(err, sizeof err);
	ok(t == NULL && strstr(err, "HWLOC_XMLFILE") != NULL,
	    "a missing HWLOC_XMLFILE is an error, not this machine");
	ts_topo_close(t);

	unsetenv("HWLOC_XMLFILE");
	setenv("HWLOC_SYNTHETIC", "pack:1 core:2 pu:1", 1);
	t = ts_topo_open(err, sizeof err);
	if (ok(t != NULL, "synthetic topology without caches loads")) {
		is_int(ts_topo_llc_level(t), 0, "no caches: no LLC level");
		is_u64(ts_topo_llc_size(t), 0, "no caches: LLC size 0");
		is_u64(ts_topo_line_size(t), 0, "no caches: line size unknown");
		ts_topo_close(t);
	}
	return done_testing();
}
