/* SPDX-License-Identifier: MIT */
/*
 * lib/host/host-sysinfo.c: the topology fields from hwloc XML fixtures (a
 * hybrid 4P+4E part and a two-socket server), the text helpers, and sane timer
 * probes.  Never asserts this host's own values.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "host/host-sysinfo.h"
#include "tap.h"
#include "topo-fixture.h"
#include "topo/topo.h"

/* The helpers that parse text: cpuinfo lines, flags, target triples. */
static void
text_helpers(void)
{
	static const char cpuinfo[] =
	    "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel\t\t: 143\n"
	    "model name\t: Intel(R) Xeon(R) Processor  \n"
	    "flags\t\t:\nmodel name\t: second\n";
	char *v;

	v = ts_cpuinfo_value(cpuinfo, "model name");
	is_str(v, "Intel(R) Xeon(R) Processor", "cpuinfo: first model name, "
	    "trimmed");
	free(v);
	v = ts_cpuinfo_value(cpuinfo, "vendor_id");
	is_str(v, "GenuineIntel", "cpuinfo: vendor_id");
	free(v);
	ok(ts_cpuinfo_value(cpuinfo, "flags") == NULL, "cpuinfo: empty value "
	    "ignored");
	ok(ts_cpuinfo_value(cpuinfo, "Hardware") == NULL, "cpuinfo: absent "
	    "key gives NULL");
	v = ts_cpuinfo_value(cpuinfo, "model");
	is_str(v, "143", "cpuinfo: key matched exactly, not as a prefix");
	free(v);

	v = ts_flag_value("-g -O2 -Wall -O3 -march=native", "-O");
	is_str(v, "3", "flags: the last -O wins");
	free(v);
	v = ts_flag_value("-g -march=x86-64-v3 -O2", "-march=");
	is_str(v, "x86-64-v3", "flags: -march= value");
	free(v);
	ok(ts_flag_value("-g -Wall", "-O") == NULL, "flags: no -O gives NULL");
	v = ts_flag_value("-O", "-O");
	is_str(v, "", "flags: bare -O is an empty value");
	free(v);

	v = ts_rust_target("x86_64", "linux-gnu");
	is_str(v, "x86_64-unknown-linux-gnu", "target: x86_64 as Rust names "
	    "it");
	free(v);
	v = ts_rust_target("aarch64", "linux-gnu");
	is_str(v, "aarch64-unknown-linux-gnu", "target: aarch64");
	free(v);
	v = ts_rust_target("", "linux-gnu");
	is_str(v, "unknown-target", "target: unknown CPU");
	free(v);
}

int
main(void)
{
	struct ts_system sys;
	struct ts_sysextra x;
	struct ts_topo *t;

	text_helpers();

	t = open_xml("hybrid-4p4e.xml");
	if (ok(t != NULL, "hybrid fixture loads")) {
		memset(&x, 0, sizeof x);
		ts_sysinfo_capture(t, &sys, &x, 0);
		ok(sys.performance_cores.set, "hybrid: performance_cores set");
		is_int(sys.performance_cores.v, 4, "hybrid: 4 performance cores");
		ok(sys.efficiency_cores.set, "hybrid: efficiency_cores set");
		is_int(sys.efficiency_cores.v, 4, "hybrid: 4 efficiency cores");
		is_int(sys.physical_cores.v, 8, "hybrid: 8 physical cores");
		is_u64(sys.l1d_bytes.v, 49152, "hybrid: l1d 48 KiB");
		is_u64(sys.l2_bytes.v, 2097152, "hybrid: l2 is one instance");
		is_u64(sys.l3_bytes.v, 25165824, "hybrid: l3 24 MiB");
		is_u64(sys.cache_line_bytes.v, 64, "hybrid: 64-byte lines");
		ts_system_free(&sys);
		ts_sysextra_free(&x);
		ts_topo_close(t);
	}

	t = open_xml("server-2s.xml");
	if (ok(t != NULL, "two-socket fixture loads")) {
		memset(&x, 0, sizeof x);
		ts_sysinfo_capture(t, &sys, &x, 0);
		ok(!sys.performance_cores.set && !sys.efficiency_cores.set,
		    "server: one CPU kind, no P/E fields");
		is_u64(sys.l3_bytes.v, 503316480, "server: l3 is one instance "
		    "(480 MiB)");
		is_u64(x.l3_total_bytes, 2 * 503316480ULL, "server: extension "
		    "L3 total counts both sockets");
		is_int(x.llc_level, 3, "server: LLC level 3");
		is_int(sys.physical_cores.v, 8, "server: 8 physical cores");
		ts_system_free(&sys);
		ts_sysextra_free(&x);
		ts_topo_close(t);
	}

	/* No topology at all: the hwloc fields are simply absent. */
	memset(&x, 0, sizeof x);
	ts_sysinfo_capture(NULL, &sys, &x, 1);
	ok(!sys.physical_cores.set && !sys.l3_bytes.set &&
	    !sys.cache_line_bytes.set, "no topology: hwloc fields omitted");
	ok(sys.logical_cores >= 1, "logical_cores at least 1");
	is_str(sys.os, "linux", "os is linux");
	ok(sys.target != NULL && strcmp(sys.target, "unknown-target") != 0,
	    "target is known");
	ok(sys.build_profile.opt_level != NULL &&
	    sys.build_profile.opt_level[0] != '\0', "opt_level is a string");
	ok(sys.timer.cycle_source != NULL, "cycle_source set");
	ok(sys.timer.cycle_hz > 0, "cycle_hz positive");
	ok(sys.timer.resolution_ns >= 1, "resolution_ns at least 1");
	ok(sys.timer.overhead_ns > 0 && sys.timer.overhead_ns < 1e6,
	    "overhead_ns plausible");
	ok(x.cpus.usable >= 1 && x.cpus.usable <= x.cpus.affinity,
	    "usable CPUs within the affinity mask");
#if defined(__x86_64__)
	is_str(sys.timer.cycle_source, "rdtsc", "x86_64 counts with rdtsc");
	ok(sys.build_profile.target_features != NULL &&
	    strncmp(sys.build_profile.target_features, "sse2", 4) == 0,
	    "x86_64 features start with sse2");
#endif
	ts_system_free(&sys);
	ts_sysextra_free(&x);
	return done_testing();
}
