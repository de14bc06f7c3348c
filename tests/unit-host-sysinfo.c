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

/* An arm64 core's block of /proc/cpuinfo (no "model name" on arm64). */
#define ARM_BLOCK(n, part) \
	"processor\t: " #n "\nBogoMIPS\t: 243.75\n" \
	"Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics\n" \
	"CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x3\n" \
	"CPU part\t: " part "\nCPU revision\t: 1\n\n"

/* is_str() on a string the call allocated, which it then frees. */
static void
is_str_free(char *got, const char *want, const char *name)
{
	is_str(got, want, name);
	free(got);
}

/* cpu_model on arm64, s390x and x86, from their /proc/cpuinfo. */
static void
cpu_models(void)
{
	static const char graviton2[] = ARM_BLOCK(0, "0xd0c")
	    ARM_BLOCK(1, "0xd0c");
	static const char graviton3[] = ARM_BLOCK(0, "0xd40");
	static const char rk3588[] = ARM_BLOCK(0, "0xd05") ARM_BLOCK(1, "0xd05")
	    ARM_BLOCK(4, "0xd0b") ARM_BLOCK(5, "0xd0b");
	static const char pi4[] = ARM_BLOCK(0, "0xd08")
	    "Hardware\t: BCM2835\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n";
	static const char unknown[] = ARM_BLOCK(0, "0xd99");
	static const char apple[] = "processor\t: 0\nCPU implementer\t: 0x61\n"
	    "CPU part\t: 0x022\n\nprocessor\t: 4\nCPU implementer\t: 0x61\n"
	    "CPU part\t: 0x023\n";
	static const char odd[] = "processor\t: 0\nCPU implementer\t: 0x99\n"
	    "CPU part\t: 0x123\n";
	static const char z15[] = "vendor_id       : IBM/S390\n"
	    "# processors    : 2\nbogomips per cpu: 3241.00\n"
	    "features\t: esan3 zarch stfle msa ldisp eimm dfp edat etf3eh "
	    "highgprs te vx vxd vxe gs vxe2 vxp sort dflt sie\n"
	    "processor 0: version = 00,  identification = 0B2E68,  "
	    "machine = 8561\n"
	    "processor 1: version = 00,  identification = 0B2E68,  "
	    "machine = 8561\n";
	static const char zfuture[] = "vendor_id       : IBM/S390\n"
	    "processor 0: version = 00,  identification = 0B2E68,  "
	    "machine = 9999\n";
	static const char x86[] = "processor\t: 0\nvendor_id\t: GenuineIntel\n"
	    "model name\t: Intel(R) Xeon(R) Processor\n";
	static const char board[] = "processor\t: 0\nHardware\t: Generic DT\n";

	static const struct {
		const char *text, *want, *name;
	} models[] = {
		{ graviton2, "ARM Neoverse-N1", "arm64: Graviton2 (MIDR part "
		    "0xd0c) is a Neoverse-N1, named once" },
		{ graviton3, "ARM Neoverse-V1", "arm64: Graviton3" },
		{ rk3588, "ARM Cortex-A55 + Cortex-A76", "arm64: big.LITTLE "
		    "names each kind of core once, in order" },
		{ pi4, "ARM Cortex-A72", "arm64: the core, not the board's "
		    "Model" },
		{ unknown, "ARM part 0xd99", "arm64: a part not in the table" },
		{ apple, "Apple Icestorm-M1 + Firestorm-M1", "arm64: Apple M1" },
		{ odd, "implementer 0x99 part 0x123", "arm64: an unknown "
		    "implementer" },
		{ z15, "IBM z15 T01 (8561)", "s390x: the machine type" },
		{ zfuture, "IBM machine type 9999", "s390x: a type not in the "
		    "table" },
		{ x86, "Intel(R) Xeon(R) Processor", "x86: model name first" },
		{ board, "Generic DT", "else Hardware, as the original" },
	};
	size_t i;

	for (i = 0; i < sizeof models / sizeof models[0]; i++)
		is_str_free(ts_cpu_model(models[i].text), models[i].want,
		    models[i].name);
	ok(ts_cpu_model("processor\t: 0\n") == NULL, "no name: NULL");

	/* Bits of Linux's AT_HWCAP words. */
	is_str_free(ts_cpu_features_hwcap(TS_ARCH_AARCH64, 1u << 1 | 1u << 3 |
	    1u << 6 | 1u << 22, 1u << 1),
	    "neon,sve,sve2,aes,sha2", "hwcap: arm64 NEON, SVE, SVE2, "
	    "AES and SHA-2, in order");
	is_str_free(ts_cpu_features_hwcap(TS_ARCH_AARCH64, 0xFFFFFFFFu,
	    0xFFFFFFFFu), "neon,fp16,dotprod,sve,sve2,aes,sha1,sha2,sha3,sha512,"
	    "crc32,atomics", "hwcap: arm64, every bit we name");
	is_str_free(ts_cpu_features_hwcap(TS_ARCH_S390X, 1u << 3 | 1u << 11 |
	    1u << 13, 0),
	    "msa,vx,vxe", "hwcap: s390x CPACF and the vector "
	    "facility");
	ok(ts_cpu_features_hwcap(TS_ARCH_AARCH64, 1, 0) == NULL,
	    "hwcap: none we name gives NULL");
}

/* The helpers that parse text: cpuinfo lines, flags, target triples. */
static void
text_helpers(void)
{
	static const char cpuinfo[] =
	    "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel\t\t: 143\n"
	    "model name\t: Intel(R) Xeon(R) Processor  \n"
	    "flags\t\t:\nmodel name\t: second\n";
	static const struct {
		const char *cpu, *os, *want, *name;
	} targets[] = {
		{ "x86_64", "linux-gnu", "x86_64-unknown-linux-gnu",
		    "target: x86_64 as Rust names it" },
		{ "aarch64", "linux-gnu", "aarch64-unknown-linux-gnu",
		    "target: aarch64" },
		{ "i686", "linux-gnu", "i686-unknown-linux-gnu",
		    "target: i386's i686" },
		{ "s390x", "linux-gnu", "s390x-unknown-linux-gnu",
		    "target: s390x" },
		{ "arm", "linux-gnueabihf", "armv7-unknown-linux-gnueabihf",
		    "target: armhf is ARMv7" },
		{ "", "linux-gnu", "unknown-target", "target: unknown CPU" },
	};
	size_t i;

	is_str_free(ts_cpuinfo_value(cpuinfo, "model name"),
	    "Intel(R) Xeon(R) Processor", "cpuinfo: first model name, "
	    "trimmed");
	is_str_free(ts_cpuinfo_value(cpuinfo, "vendor_id"),
	    "GenuineIntel", "cpuinfo: vendor_id");
	ok(ts_cpuinfo_value(cpuinfo, "flags") == NULL, "cpuinfo: empty value "
	    "ignored");
	ok(ts_cpuinfo_value(cpuinfo, "Hardware") == NULL, "cpuinfo: absent "
	    "key gives NULL");
	is_str_free(ts_cpuinfo_value(cpuinfo, "model"),
	    "143", "cpuinfo: key matched exactly, not as a prefix");

	is_str_free(ts_flag_value("-g -O2 -Wall -O3 -march=native", "-O"),
	    "3", "flags: the last -O wins");
	is_str_free(ts_flag_value("-g -march=x86-64-v3 -O2", "-march="),
	    "x86-64-v3", "flags: -march= value");
	ok(ts_flag_value("-g -Wall", "-O") == NULL, "flags: no -O gives NULL");
	is_str_free(ts_flag_value("-O", "-O"),
	    "", "flags: bare -O is an empty value");

	for (i = 0; i < sizeof targets / sizeof targets[0]; i++)
		is_str_free(ts_rust_target(targets[i].cpu, targets[i].os),
		    targets[i].want, targets[i].name);
}

int
main(void)
{
	struct ts_system sys;
	struct ts_sysextra x;
	struct ts_topo *t;

	text_helpers();
	cpu_models();

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
