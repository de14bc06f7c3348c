/* SPDX-License-Identifier: MIT */
/*
 * System information for result documents (ThreadStone 2.0.0 section 7):
 * the CPU, topology and caches through hwloc, memory and OS from /proc and
 * /etc, how this binary was built, and the clock's measured resolution and
 * cost.  Absent information is left out, never an error.
 */
#ifndef TS_SYSINFO_H
#define TS_SYSINFO_H

#include <stdint.h>

#include "doc/doc-model.h"
#include "topo/topo-cpus.h"

struct ts_topo;

/* What the document's schema has no field for; goes to "extensions". */
struct ts_sysextra {
	char		*kernel_release;	/* uname -r; NULL if unknown */
	char		*host_triple;		/* autoconf's, e.g. x86_64-pc-linux-gnu */
	uint64_t	 l3_total_bytes;	/* every L3 instance; 0 if none */
	uint64_t	 llc_bytes;		/* largest instance of the LLC */
	int		 llc_level;		/* 0 if no cache is known */
	struct ts_cpus	 cpus;			/* affinity, cgroup quota, usable */
	int		 assertions;		/* assert() active (NDEBUG unset) */
	const char	*debug_rule;		/* what debug_assertions means here */
	char		*thp_mode;		/* "madvise"; NULL if unknown */
	uint64_t	 base_page_bytes;	/* sysconf(_SC_PAGESIZE) */
	char		*cpu_features;		/* "neon,sve,sha2"; NULL if unknown */
};

/*
 * Fill *sys (and *extra when not NULL) for this machine.  topo may be
 * NULL when hwloc could not load; the hwloc fields are then omitted.
 * With measure_timer == 0 the timer probes are skipped (tests).
 */
void	 ts_sysinfo_capture(const struct ts_topo *, struct ts_system *sys,
	    struct ts_sysextra *extra, int measure_timer);
void	 ts_sysextra_free(struct ts_sysextra *);

/* MemAvailable from /proc/meminfo in bytes; 0 when unknown. */
uint64_t	 ts_mem_available(void);
/*
 * The memory this process may still take: MemAvailable, capped by what
 * its cgroup v2 memory.max leaves above memory.current; 0 when unknown.
 */
uint64_t	 ts_mem_room(void);

/* (What ts_sysinfo_capture() puts in *sys is freed by ts_system_free.) */

/*
 * The pieces, exposed for tests: Rust's target triple for an autoconf
 * CPU and OS ("x86_64", "linux-gnu" -> "x86_64-unknown-linux-gnu"); the
 * optimisation level and -march of a flags string (the last one wins;
 * NULL when absent); the value of a "key : value" line of /proc/cpuinfo
 * text (first non-empty one; malloc'd, NULL when absent).
 */
char	*ts_rust_target(const char *cpu, const char *os);
char	*ts_flag_value(const char *flags, const char *prefix);
char	*ts_cpuinfo_value(const char *text, const char *key);

/*
 * cpu_model from /proc/cpuinfo text: its first "model name" (x86); else
 * the cores an Arm CPU's implementer and part numbers name ("ARM
 * Neoverse-N1", "ARM Cortex-A76 + Cortex-A55" for big.LITTLE: the
 * original wrote the implementer's number, "0x41"); else IBM Z's machine
 * type ("IBM z15 T01 (8561)"); else "Model", "Hardware" or the
 * implementer, as the original.  malloc'd; NULL when none is there.
 */
char	*ts_cpu_model(const char *cpuinfo);
char	*ts_cpu_model_arm(const char *cpuinfo);
char	*ts_cpu_model_s390(const char *cpuinfo);

enum ts_arch { TS_ARCH_AARCH64, TS_ARCH_S390X };
/*
 * The CPU features (extensions.cpu_features) the kernel's AT_HWCAP and
 * AT_HWCAP2 words give on arm64 ("neon,fp16,dotprod,sve,sve2,aes,sha1,
 * sha2,sha3,sha512,crc32,atomics", those present) or s390x ("msa,vx,vxe,
 * vxe2,dflt,nnpa"); NULL when none.  x86's come from CPUID ("sse2,avx,
 * avx2,fma,avx512f,aes,sha_ni").
 */
char	*ts_cpu_features_hwcap(enum ts_arch, uint64_t hwcap, uint64_t hwcap2);

#endif /* TS_SYSINFO_H */
