/* SPDX-License-Identifier: MIT */
/*
 * System information (see sysinfo.h).  Topology and caches come from
 * hwloc (lib/topo/topo.c: the largest instance per level, as the original's
 * /sys scan), the CPU's name from /proc/cpuinfo, the build from the flags
 * configure captured and the compiler's own feature macros.
 */
#include <config.h>

#include <sys/utsname.h>

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#elif defined(__aarch64__) || defined(__s390x__)
#include <sys/auxv.h>
#endif

#include "buf.h"
#include "size.h"
#include "host/host-sysinfo.h"
#include "topo/topo-cgroup.h"
#include "topo/topo.h"
#include "util.h"

/* Biggest /proc or /etc text file we read. */
#define SMALL_FILE	(4 * TS_MIB)

char *
ts_cpuinfo_value(const char *text, const char *key)
{
	const char *line = text, *end, *colon, *v, *ve, *k, *ke;

	while (line != NULL && *line != '\0') {
		end = strchr(line, '\n');
		if (end == NULL)
			end = line + strlen(line);
		colon = memchr(line, ':', (size_t)(end - line));
		if (colon != NULL) {
			k = line;
			ke = colon;
			while (k < ke && isspace((unsigned char)*k))
				k++;
			while (ke > k && isspace((unsigned char)ke[-1]))
				ke--;
			v = colon + 1;
			ve = end;
			while (v < ve && isspace((unsigned char)*v))
				v++;
			while (ve > v && isspace((unsigned char)ve[-1]))
				ve--;
			if ((size_t)(ke - k) == strlen(key) &&
			    strncmp(k, key, (size_t)(ke - k)) == 0 && ve > v)
				return strndup(v, (size_t)(ve - v));
		}
		line = *end ? end + 1 : NULL;
	}
	return NULL;
}

char *
ts_flag_value(const char *flags, const char *prefix)
{
	const char *p = flags, *word, *found = NULL;
	size_t plen = strlen(prefix), len, flen = 0;

	while (p != NULL && *p != '\0') {
		while (*p == ' ' || *p == '\t')
			p++;
		word = p;
		len = strcspn(word, " \t");
		if (len >= plen && strncmp(word, prefix, plen) == 0) {
			found = word + plen;
			flen = len - plen;
		}
		p = word + len;
	}
	return found != NULL ? strndup(found, flen) : NULL;
}

char *
ts_rust_target(const char *cpu, const char *os)
{
	const char *arch = cpu;

	if (cpu == NULL || *cpu == '\0' || os == NULL || *os == '\0')
		return ts_xstrdup("unknown-target");
	/* autoconf says i686/amd64/arm64 where Rust says ... */
	if (strcmp(cpu, "amd64") == 0)
		arch = "x86_64";
	else if (strcmp(cpu, "arm64") == 0)
		arch = "aarch64";
	/* Debian's armhf is ARMv7, which Rust spells out. */
	else if (strcmp(cpu, "arm") == 0 && strcmp(os, "linux-gnueabihf") == 0)
		arch = "armv7";
	/* Rust's vendor field is "unknown" on Linux; autoconf's is "pc". */
	return ts_xasprintf("%s-unknown-%s", arch, os);
}

/*
 * Arm's CPU implementers and parts (the MIDR_EL1 fields /proc/cpuinfo
 * shows as "CPU implementer" and "CPU part"), named as util-linux's lscpu
 * names them.  AWS's Graviton2, 3 and 4 are Neoverse-N1, V1 and V2;
 * Ampere's Altra is Neoverse-N1.
 */
static const struct {
	unsigned	 id;
	const char	*name;
} arm_implementers[] = {
	{ 0x41, "ARM" }, { 0x42, "Broadcom" }, { 0x43, "Cavium" },
	{ 0x46, "Fujitsu" }, { 0x48, "HiSilicon" }, { 0x4e, "NVIDIA" },
	{ 0x50, "APM" }, { 0x51, "Qualcomm" }, { 0x61, "Apple" },
	{ 0x6d, "Microsoft" }, { 0xc0, "Ampere" }
};

static const struct {
	unsigned	 implementer, part;
	const char	*name;
} arm_parts[] = {
	{ 0x41, 0xd03, "Cortex-A53" }, { 0x41, 0xd04, "Cortex-A35" },
	{ 0x41, 0xd05, "Cortex-A55" }, { 0x41, 0xd07, "Cortex-A57" },
	{ 0x41, 0xd08, "Cortex-A72" }, { 0x41, 0xd09, "Cortex-A73" },
	{ 0x41, 0xd0a, "Cortex-A75" }, { 0x41, 0xd0b, "Cortex-A76" },
	{ 0x41, 0xd0c, "Neoverse-N1" }, { 0x41, 0xd0d, "Cortex-A77" },
	{ 0x41, 0xd40, "Neoverse-V1" }, { 0x41, 0xd41, "Cortex-A78" },
	{ 0x41, 0xd44, "Cortex-X1" }, { 0x41, 0xd46, "Cortex-A510" },
	{ 0x41, 0xd47, "Cortex-A710" }, { 0x41, 0xd48, "Cortex-X2" },
	{ 0x41, 0xd49, "Neoverse-N2" }, { 0x41, 0xd4a, "Neoverse-E1" },
	{ 0x41, 0xd4b, "Cortex-A78C" }, { 0x41, 0xd4d, "Cortex-A715" },
	{ 0x41, 0xd4e, "Cortex-X3" }, { 0x41, 0xd4f, "Neoverse-V2" },
	{ 0x41, 0xd80, "Cortex-A520" }, { 0x41, 0xd81, "Cortex-A720" },
	{ 0x41, 0xd82, "Cortex-X4" }, { 0x41, 0xd84, "Neoverse-V3" },
	{ 0x41, 0xd8e, "Neoverse-N3" },
	{ 0x43, 0x0a1, "ThunderX 88XX" }, { 0x43, 0x0af, "ThunderX2 99xx" },
	{ 0x46, 0x001, "A64FX" },
	{ 0x48, 0xd01, "TaiShan-v110" },
	{ 0x4e, 0x004, "Carmel" },
	{ 0x50, 0x000, "X-Gene" },
	{ 0x51, 0xc00, "Falkor" }, { 0x51, 0x001, "Oryon" },
	{ 0x61, 0x022, "Icestorm-M1" }, { 0x61, 0x023, "Firestorm-M1" },
	{ 0x61, 0x032, "Blizzard-M2" }, { 0x61, 0x033, "Avalanche-M2" },
	{ 0xc0, 0xac3, "Ampere-1" }, { 0xc0, 0xac4, "Ampere-1a" }
};

#define NELEM(a)	(sizeof (a) / sizeof (a)[0])
/* The most kinds of core named in one model ("big + LITTLE"). */
#define MAX_KINDS	4

/* The value of the key on this line, if the line is "key : value". */
static bool
line_value(const char *line, const char *end, const char *key,
    unsigned long *v)
{
	size_t klen = strlen(key);
	const char *p = line;
	char *e;

	if ((size_t)(end - line) <= klen || strncmp(line, key, klen) != 0)
		return false;
	p += klen;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == end || *p != ':')
		return false;
	*v = strtoul(p + 1, &e, 0);
	return e != p + 1;
}

/* Append an Arm core's name: "ARM Neoverse-N1", "ARM part 0xd99". */
static void
arm_name(struct ts_buf *b, unsigned impl, unsigned part, unsigned prev_impl)
{
	const char *vendor = NULL, *name = NULL;
	size_t i;

	for (i = 0; i < NELEM(arm_implementers); i++)
		if (arm_implementers[i].id == impl)
			vendor = arm_implementers[i].name;
	for (i = 0; i < NELEM(arm_parts); i++)
		if (arm_parts[i].implementer == impl &&
		    arm_parts[i].part == part)
			name = arm_parts[i].name;
	if (b->len > 0)
		ts_buf_puts(b, " + ");
	/* The vendor once, unless the kinds are of several vendors. */
	if (b->len == 0 || impl != prev_impl) {
		if (vendor != NULL)
			ts_buf_printf(b, "%s ", vendor);
		else
			ts_buf_printf(b, "implementer 0x%02x ", impl);
	}
	if (name != NULL)
		ts_buf_puts(b, name);
	else
		ts_buf_printf(b, "part 0x%03x", part);
}

char *
ts_cpu_model_arm(const char *cpuinfo)
{
	unsigned kinds[MAX_KINDS][2], n = 0, i;
	unsigned long v, impl = ~0UL;
	const char *line = cpuinfo, *end;
	struct ts_buf b;

	while (line != NULL && *line != '\0') {
		end = line + strcspn(line, "\n");
		if (line_value(line, end, "CPU implementer", &v))
			impl = v;
		else if (line_value(line, end, "CPU part", &v) &&
		    impl != ~0UL) {
			for (i = 0; i < n; i++)
				if (kinds[i][0] == impl && kinds[i][1] == v)
					break;
			if (i == n && n < MAX_KINDS) {
				kinds[n][0] = (unsigned)impl;
				kinds[n][1] = (unsigned)v;
				n++;
			}
		}
		line = *end != '\0' ? end + 1 : NULL;
	}
	if (n == 0)
		return NULL;
	ts_buf_init(&b);
	for (i = 0; i < n; i++)
		arm_name(&b, kinds[i][0], kinds[i][1],
		    i > 0 ? kinds[i - 1][0] : kinds[i][0]);
	return b.data;
}

/* IBM Z machine types, from "machine = NNNN" of s390x's /proc/cpuinfo. */
static const struct {
	unsigned	 type;
	const char	*name;
} s390_machines[] = {
	{ 2964, "z13" }, { 2965, "z13s" }, { 3906, "z14" },
	{ 3907, "z14 ZR1" }, { 8561, "z15 T01" }, { 8562, "z15 T02" },
	{ 3931, "z16 A01" }, { 3932, "z16 A02" }, { 9175, "z17" }
};

char *
ts_cpu_model_s390(const char *cpuinfo)
{
	const char *m = cpuinfo != NULL ? strstr(cpuinfo, "machine = ") :
	    NULL;
	unsigned long type;
	char *e;
	size_t i;

	if (m == NULL)
		return NULL;
	/* The type is hexadecimal digits that read as decimal: 8561. */
	type = strtoul(m + 10, &e, 10);
	if (e == m + 10)
		return NULL;
	for (i = 0; i < NELEM(s390_machines); i++)
		if (s390_machines[i].type == type)
			return ts_xasprintf("IBM %s (%lu)",
			    s390_machines[i].name, type);
	return ts_xasprintf("IBM machine type %lu", type);
}

char *
ts_cpu_model(const char *cpuinfo)
{
	char *v;

	if ((v = ts_cpuinfo_value(cpuinfo, "model name")) != NULL ||
	    (v = ts_cpu_model_arm(cpuinfo)) != NULL ||
	    (v = ts_cpu_model_s390(cpuinfo)) != NULL ||
	    (v = ts_cpuinfo_value(cpuinfo, "Model")) != NULL ||
	    (v = ts_cpuinfo_value(cpuinfo, "Hardware")) != NULL)
		return v;
	return ts_cpuinfo_value(cpuinfo, "CPU implementer");
}

/* The names of the AT_HWCAP (and AT_HWCAP2) bits we record, in order. */
static const struct {
	enum ts_arch	 arch;
	int		 word;		/* 1: AT_HWCAP, 2: AT_HWCAP2 */
	unsigned	 bit;
	const char	*name;
} hwcaps[] = {
	{ TS_ARCH_AARCH64, 1, 1, "neon" },	/* ASIMD */
	{ TS_ARCH_AARCH64, 1, 10, "fp16" },	/* ASIMDHP */
	{ TS_ARCH_AARCH64, 1, 20, "dotprod" },	/* ASIMDDP */
	{ TS_ARCH_AARCH64, 1, 22, "sve" },
	{ TS_ARCH_AARCH64, 2, 1, "sve2" },
	{ TS_ARCH_AARCH64, 1, 3, "aes" },
	{ TS_ARCH_AARCH64, 1, 5, "sha1" },
	{ TS_ARCH_AARCH64, 1, 6, "sha2" },
	{ TS_ARCH_AARCH64, 1, 17, "sha3" },
	{ TS_ARCH_AARCH64, 1, 21, "sha512" },
	{ TS_ARCH_AARCH64, 1, 7, "crc32" },
	{ TS_ARCH_AARCH64, 1, 8, "atomics" },
	{ TS_ARCH_S390X, 1, 3, "msa" },		/* CPACF: SHA in hardware */
	{ TS_ARCH_S390X, 1, 11, "vx" },		/* the vector facility */
	{ TS_ARCH_S390X, 1, 13, "vxe" },
	{ TS_ARCH_S390X, 1, 15, "vxe2" },
	{ TS_ARCH_S390X, 1, 18, "dflt" },
	{ TS_ARCH_S390X, 1, 20, "nnpa" }
};

char *
ts_cpu_features_hwcap(enum ts_arch arch, uint64_t hwcap, uint64_t hwcap2)
{
	struct ts_buf b;
	uint64_t w;
	size_t i;

	ts_buf_init(&b);
	for (i = 0; i < NELEM(hwcaps); i++) {
		if (hwcaps[i].arch != arch)
			continue;
		w = hwcaps[i].word == 1 ? hwcap : hwcap2;
		if (w >> hwcaps[i].bit & 1)
			ts_buf_printf(&b, "%s%s", b.len > 0 ? "," : "",
			    hwcaps[i].name);
	}
	if (b.len == 0) {
		ts_buf_free(&b);
		return NULL;
	}
	return b.data;
}

/*
 * What this CPU can do, at run time (the build may use less: see
 * target_features): x86's from CPUID, arm64's and s390x's from the
 * kernel's AT_HWCAP.  NULL when nothing is known.
 */
static char *
cpu_features(void)
{
#if defined(__x86_64__) || defined(__i386__)
	static const char *const names[] = { "sse2", "avx", "avx2", "fma",
	    "avx512f", "aes", "sha_ni" };
	unsigned a, b, c, d;
	int on[NELEM(names)];
	struct ts_buf buf;
	size_t i;

	__builtin_cpu_init();
	on[0] = __builtin_cpu_supports("sse2");
	on[1] = __builtin_cpu_supports("avx");
	on[2] = __builtin_cpu_supports("avx2");
	on[3] = __builtin_cpu_supports("fma");
	on[4] = __builtin_cpu_supports("avx512f");
	on[5] = __get_cpuid(1, &a, &b, &c, &d) && (c >> 25 & 1);
	on[6] = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b >> 29 & 1);
	ts_buf_init(&buf);
	for (i = 0; i < NELEM(names); i++)
		if (on[i])
			ts_buf_printf(&buf, "%s%s", buf.len > 0 ? "," : "",
			    names[i]);
	if (buf.len == 0) {
		ts_buf_free(&buf);
		return NULL;
	}
	return buf.data;
#elif defined(__aarch64__)
	return ts_cpu_features_hwcap(TS_ARCH_AARCH64, getauxval(AT_HWCAP),
	    getauxval(AT_HWCAP2));
#elif defined(__s390x__)
	return ts_cpu_features_hwcap(TS_ARCH_S390X, getauxval(AT_HWCAP), 0);
#else
	return NULL;
#endif
}

/* The optimisation level of this build: -O in the flags, else the macro. */
static char *
opt_level(void)
{
	char *v = ts_flag_value(TS_BUILD_CFLAGS, "-O");

	if (v != NULL && *v == '\0') {
		free(v);
		return ts_xstrdup("1");		/* plain -O is -O1 */
	}
	if (v != NULL)
		return v;
#ifndef __OPTIMIZE__
	return ts_xstrdup("0");
#else
	return ts_xstrdup("unknown");
#endif
}

/* The x86 or aarch64 features this file was compiled for, in 7's order. */
static char *
target_features(void)
{
	struct ts_buf b;

	ts_buf_init(&b);
#if defined(__x86_64__) || defined(__i386__)
#ifdef __SSE2__
	ts_buf_puts(&b, ",sse2");
#endif
#ifdef __AVX__
	ts_buf_puts(&b, ",avx");
#endif
#ifdef __AVX2__
	ts_buf_puts(&b, ",avx2");
#endif
#ifdef __FMA__
	ts_buf_puts(&b, ",fma");
#endif
#ifdef __AVX512F__
	ts_buf_puts(&b, ",avx512f");
#endif
#elif defined(__aarch64__)
#ifdef __ARM_NEON
	ts_buf_puts(&b, ",neon");
#endif
#ifdef __ARM_FEATURE_FP16_SCALAR_ARITHMETIC
	ts_buf_puts(&b, ",fp16");
#endif
#ifdef __ARM_FEATURE_DOTPROD
	ts_buf_puts(&b, ",dotprod");
#endif
#endif
	if (b.len == 0) {
		ts_buf_free(&b);
		return NULL;
	}
	memmove(b.data, b.data + 1, b.len);	/* drop the leading comma */
	return b.data;
}

/*
 * Whether this build's numbers describe an optimised binary.  Rust's
 * debug_assertions go with its unoptimised dev profile; in C, NDEBUG is
 * not defined by autotools builds at all, so "assert() is active" would
 * flag every ordinary -O2 build.  The honest analogue is the build's
 * cost: no optimisation, or sanitizers compiled in.
 */
static bool
debug_build(void)
{
#if !defined(__OPTIMIZE__) || defined(__SANITIZE_ADDRESS__) || \
    defined(__SANITIZE_THREAD__)
	return true;
#else
	return false;
#endif
}

/* Nanoseconds on CLOCK_MONOTONIC, as an integer. */
static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* The timer probes of section 7: cycle counter, resolution, overhead. */
static void
measure_timer(struct ts_timer *t)
{
	uint64_t t0, t1, step, best = UINT64_MAX;
	int i;

#if defined(__x86_64__) || defined(__i386__)
	uint64_t c0, c1;
	double s0, s1;

	t->cycle_source = ts_xstrdup("rdtsc");
	s0 = ts_now();
	c0 = __rdtsc();
	do
		s1 = ts_now();
	while (s1 - s0 < 0.020);
	c1 = __rdtsc();
	t->cycle_hz = (double)(c1 - c0) / (s1 - s0);
#elif defined(__aarch64__)
	uint64_t f;

	t->cycle_source = ts_xstrdup("cntvct_el0");
	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(f));
	t->cycle_hz = (double)f;
#else
	t->cycle_source = ts_xstrdup("monotonic-fallback");
	t->cycle_hz = 1e9;
#endif
	for (i = 0; i < 64; i++) {
		t0 = now_ns();
		do
			t1 = now_ns();
		while (t1 == t0);
		step = t1 - t0;
		if (step < best)
			best = step;
	}
	t->resolution_ns = best >= 1 ? best : 1;
	t0 = now_ns();
	for (i = 0; i < 10000; i++)
		(void)now_ns();
	t1 = now_ns();
	t->overhead_ns = (double)(t1 - t0) / 10000.0;
}

/* The value of a "Key: 123 kB" line of /proc/meminfo, in bytes; 0 if none. */
static uint64_t
meminfo_bytes(const char *key)
{
	struct ts_buf b;
	char err[256], *v;
	uint64_t bytes = 0;

	memset(&b, 0, sizeof b);	/* ts_read_file() initialises it */
	if (ts_read_file("/proc/meminfo", SMALL_FILE, &b, err, sizeof err) ==
	    0 && (v = ts_cpuinfo_value(b.data, key)) != NULL) {
		bytes = strtoull(v, NULL, 10) * 1024;
		free(v);
	}
	ts_buf_free(&b);
	return bytes;
}

/* PRETTY_NAME from /etc/os-release without its quotes, else NULL. */
static char *
os_release_name(void)
{
	struct ts_buf b;
	char err[256], *line, *v = NULL, *s, *e;

	memset(&b, 0, sizeof b);	/* ts_read_file() initialises it */
	if (ts_read_file("/etc/os-release", SMALL_FILE, &b, err, sizeof err)
	    == 0) {
		for (line = b.data; line != NULL && *line;
		    line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
			if (strncmp(line, "PRETTY_NAME=", 12) != 0)
				continue;
			s = line + 12;
			e = s + strcspn(s, "\n");
			while (s < e && *s == '"')
				s++;
			while (e > s && e[-1] == '"')
				e--;
			if (e > s)
				v = strndup(s, (size_t)(e - s));
			break;
		}
	}
	ts_buf_free(&b);
	return v;
}

/* cpu_model and cpu_vendor from /proc/cpuinfo (see ts_cpu_model). */
static void
cpu_names(struct ts_system *sys)
{
	struct ts_buf b;
	char err[256];

	memset(&b, 0, sizeof b);	/* ts_read_file() initialises it */
	if (ts_read_file("/proc/cpuinfo", SMALL_FILE, &b, err, sizeof err) ==
	    0) {
		sys->cpu_model = ts_cpu_model(b.data);
		sys->cpu_vendor = ts_cpuinfo_value(b.data, "vendor_id");
	}
	ts_buf_free(&b);
}

/* Set an optional u64 when the value is known (non-zero). */
static void
set_opt(struct ts_opt_u64 *o, uint64_t v)
{
	o->set = v != 0;
	o->v = v;
}

/* The topology fields: cores, CPU kinds, caches, line size. */
static void
topology_fields(const struct ts_topo *topo, struct ts_system *sys,
    struct ts_sysextra *extra)
{
	unsigned perf = 0, eff = 0;

	if (topo == NULL)
		return;
	set_opt(&sys->physical_cores, ts_topo_cores(topo));
	if (ts_topo_cpu_kinds(topo, &perf, &eff) >= 2) {
		sys->performance_cores.set = true;
		sys->performance_cores.v = perf;
		sys->efficiency_cores.set = true;
		sys->efficiency_cores.v = eff;
	}
	set_opt(&sys->l1d_bytes, ts_topo_cache_size(topo, 1));
	set_opt(&sys->l2_bytes, ts_topo_cache_size(topo, 2));
	set_opt(&sys->l3_bytes, ts_topo_cache_size(topo, 3));
	set_opt(&sys->cache_line_bytes, ts_topo_line_size(topo));
	if (extra != NULL) {
		extra->l3_total_bytes = ts_topo_cache_total(topo, 3);
		extra->llc_level = ts_topo_llc_level(topo);
		extra->llc_bytes = ts_topo_llc_size(topo);
	}
}

/* The transparent huge page mode of the kernel ("madvise"), or NULL. */
static char *
thp_mode(void)
{
	char line[256], *s, *e;

	if (ts_read_line("/sys/kernel/mm/transparent_hugepage/enabled", line,
	    sizeof line) != 0 || (s = strchr(line, '[')) == NULL ||
	    (e = strchr(s, ']')) == NULL)
		return NULL;
	return strndup(s + 1, (size_t)(e - s - 1));
}

void
ts_sysinfo_capture(const struct ts_topo *topo, struct ts_system *sys,
    struct ts_sysextra *extra, int measure)
{
	struct ts_cpus cpus;
	struct utsname u;
	char *march;
	int have_uname = uname(&u) == 0;

	memset(sys, 0, sizeof *sys);
	ts_cpus_probe(&cpus);
	cpu_names(sys);
	sys->logical_cores = cpus.usable >= 1 ? cpus.usable : 1;
	topology_fields(topo, sys, extra);
	set_opt(&sys->memory_bytes, meminfo_bytes("MemTotal"));
	sys->os = ts_xstrdup("linux");
	sys->os_version = os_release_name();
	if (sys->os_version == NULL && have_uname)
		sys->os_version = ts_xstrdup(u.release);
	sys->target = ts_rust_target(TS_HOST_CPU, TS_HOST_OS);
	if (TS_CC_VERSION[0] != '\0')
		sys->rustc_version = ts_xstrdup(TS_CC_VERSION);
	sys->build_profile.opt_level = opt_level();
	sys->build_profile.debug_assertions = debug_build();
	march = ts_flag_value(TS_BUILD_CFLAGS, "-march=");
	if (march != NULL && *march == '\0') {
		free(march);
		march = NULL;
	}
	sys->build_profile.target_cpu = march;
	sys->build_profile.target_features = target_features();
	if (measure)
		measure_timer(&sys->timer);
	else {
		sys->timer.cycle_source = ts_xstrdup("monotonic-fallback");
		sys->timer.cycle_hz = 1e9;
		sys->timer.resolution_ns = 1;
		sys->timer.overhead_ns = 0.0;
	}
	if (extra == NULL)
		return;
	extra->kernel_release = have_uname ? ts_xstrdup(u.release) : NULL;
	extra->host_triple = ts_xasprintf("%s-%s", TS_HOST_CPU, TS_HOST_OS);
	extra->cpus = cpus;
#ifdef NDEBUG
	extra->assertions = 0;
#else
	extra->assertions = 1;
#endif
	extra->debug_rule = "true when built without optimisation or with "
	    "sanitizers; assert() state is recorded separately";
	extra->thp_mode = thp_mode();
	extra->cpu_features = cpu_features();
	extra->base_page_bytes = (uint64_t)sysconf(_SC_PAGESIZE);
}

void
ts_sysextra_free(struct ts_sysextra *e)
{
	free(e->kernel_release);
	free(e->host_triple);
	free(e->thp_mode);
	free(e->cpu_features);
	e->kernel_release = e->host_triple = e->thp_mode = NULL;
	e->cpu_features = NULL;
}

uint64_t
ts_mem_available(void)
{
	return meminfo_bytes("MemAvailable");
}

/* Read a cgroup v2 file holding one number; 0 if absent or "max". */
static uint64_t
cgroup_number(const char *name)
{
	struct ts_cgroup cg;
	unsigned long long v;
	char buf[64];

	if (ts_cgroup_read(&cg) == -1 ||
	    ts_cgroup_v2_line(&cg, name, buf, sizeof buf) == -1 ||
	    sscanf(buf, "%llu", &v) != 1)
		return 0;
	return v;
}

uint64_t
ts_mem_room(void)
{
	uint64_t avail = ts_mem_available();
	uint64_t max = cgroup_number("memory.max");
	uint64_t cur = cgroup_number("memory.current");

	if (max != 0) {
		uint64_t room = max > cur ? max - cur : 0;

		if (avail == 0 || room < avail)
			avail = room;
	}
	return avail;
}
