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

#endif /* TS_SYSINFO_H */
