/* SPDX-License-Identifier: MIT */
/*
 * lib/sweep/sweep-plateau.c on curves whose answer is known: a model of a cache
 * hierarchy (independent of the algorithm), with noise, spikes and TLB
 * steps, named against hwloc XML fixtures from tests/topo; one curve
 * measured on a VM whose L3 is smaller than hwloc says; and pairs of
 * random and page-local curves, the levels named from the page-local one.
 */
#include <config.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "rng.h"
#include "sweep/sweep-plateau.h"
#include "tap.h"
#include "topo/topo.h"

#define KiB	(UINT64_C(1) << 10)
#define MiB	(UINT64_C(1) << 20)
#define NMAX	TS_PLATEAU_MAX_POINTS

/* A curve under test. */
struct curve {
	uint64_t	bytes[NMAX];
	double		ns[NMAX];
	size_t		n;
};

/* hwloc's cache sizes from an XML fixture in tests/topo. */
static struct ts_cache_sizes
hwloc_sizes(const char *name)
{
	struct ts_cache_sizes cs;
	char path[4096], err[256];
	const char *srcdir = getenv("top_srcdir");
	struct ts_topo *t;
	uint64_t b;

	memset(&cs, 0, sizeof cs);
	snprintf(path, sizeof path, "%s/tests/topo/%s", srcdir ? srcdir : ".",
	    name);
	unsetenv("HWLOC_SYNTHETIC");
	setenv("HWLOC_XMLFILE", path, 1);
	if ((t = ts_topo_open(err, sizeof err)) == NULL) {
		diag("%s: %s", name, err);
		return cs;
	}
	while (cs.n < TS_PLATEAU_MAX_CACHES &&
	    (b = ts_topo_cache_size(t, cs.n + 1)) != 0)
		cs.bytes[cs.n++] = b;
	ts_topo_close(t);
	return cs;
}

/*
 * The expected latency of a random chase over `w` bytes when level k
 * holds cap[k] bytes at ns[k] (fully associative, a uniformly random
 * line misses a cache of C bytes with probability 1 - C/w); the last
 * entry of ns[] is memory.
 */
static double
model(double w, const double *cap, const double *ns, int levels)
{
	double lat = 0, prev = 0, hit;
	int k;

	for (k = 0; k < levels; k++) {
		hit = fmin(1, cap[k] / w);
		lat += (hit - prev) * ns[k];
		prev = hit;
	}
	return lat + (1 - prev) * ns[levels];
}

/* Sizes 4 KiB .. top with the model's latencies, times noise up to +-amp. */
static void
make_curve(struct curve *c, uint64_t top, const double *cap,
    const double *ns, int levels, double amp, uint64_t seed)
{
	struct ts_rng rng;
	uint64_t b;

	ts_rng_seed(&rng, seed);
	for (c->n = 0, b = 4 * KiB; b <= top; b *= 2, c->n++) {
		c->bytes[c->n] = b;
		c->ns[c->n] = model((double)b, cap, ns, levels) *
		    (1 + amp * (2 * ts_rng_f64(&rng) - 1));
	}
}

/* The index of a size in the curve. */
static size_t
at(const struct curve *c, uint64_t b)
{
	size_t i;

	for (i = 0; i < c->n && c->bytes[i] != b; i++)
		;
	return i;
}

/* Check that the names of sizes lo..hi are all `name`. */
static void
names_are(const struct ts_plateaus *r, const struct curve *c, uint64_t lo,
    uint64_t hi, const char *name, const char *what)
{
	size_t i;
	int good = 1;

	for (i = at(c, lo); i <= at(c, hi) && i < c->n; i++)
		if (strcmp(ts_plateau_point_name(r, i), name) != 0) {
			diag("%s: point %zu (%llu bytes) is %s", what, i,
			    (unsigned long long)c->bytes[i],
			    ts_plateau_point_name(r, i));
			good = 0;
		}
	ok(good && at(c, hi) < c->n, "%s: %llu..%llu bytes named %s", what,
	    (unsigned long long)lo, (unsigned long long)hi, name);
}

/* The summary text, for substring checks. */
static char *
summary(const struct ts_plateaus *r, const struct curve *c)
{
	struct ts_buf b;

	ts_buf_init(&b);
	ts_plateau_summary(&b, r, c->bytes);
	return b.data;
}

/* Plateau count and each plateau's level, as a string like "0 1 2 3". */
static void
levels_are(const struct ts_plateaus *r, const char *want, const char *what)
{
	char got[64] = "";
	size_t j;

	for (j = 0; j < r->n && strlen(got) < 60; j++)
		snprintf(got + strlen(got), sizeof got - strlen(got), "%s%s",
		    j ? " " : "", ts_plateau_level_name(r->p[j].level,
		    r->ncaches));
	is_str(got, want, what);
}


/* A curve of 4 KiB << i for the given latencies. */
static void
set_curve(struct curve *c, const double *ns, size_t n)
{
	for (c->n = 0; c->n < n; c->n++) {
		c->bytes[c->n] = (4 * KiB) << c->n;
		c->ns[c->n] = ns[c->n];
	}
}

/*
 * The page-local curve names the levels.  On the EPYC VM behind this
 * package (hwloc: 48 KiB, 1 MiB, 508 MiB) a random chase keeps slowing
 * with the size long past the data caches, from page walks, while a
 * page-local chase through the same buffers is flat from 16 MiB on.
 */
static void
test_page_local(void)
{
	/* 4 KiB .. 1 GiB, as measured there (one thread). */
	static const double vm_random[] = { 1.5, 1.5, 1.5, 1.7, 4.0, 4.4,
	    4.6, 5.0, 9.0, 12.0, 14.0, 113, 145, 160, 210, 239, 310, 430,
	    590 };
	static const double vm_local[] = { 1.5, 1.5, 1.5, 1.6, 2.9, 3.0,
	    3.0, 3.0, 3.1, 5.5, 6.0, 32.0, 44.0, 46.0, 47.0, 45.0, 48.0,
	    46.0, 47.0 };
	/* Bare metal (hwloc 48K/2M/24M, and so it is): the two coincide. */
	static const double pc_cap[] = { 49152, 2097152, 25165824 };
	static const double pc_ns[] = { 1.0, 3.5, 14, 85 };
	static const double pc_local_ns[] = { 1.0, 3.4, 13, 80 };
	struct ts_cache_sizes vm, hybrid, none;
	struct ts_plateaus r;
	struct curve c, l;
	struct ts_rng rng;
	char *s, *flag;
	size_t i, k;
	int good;

	vm = hwloc_sizes("epyc-508m-vm.xml");
	hybrid = hwloc_sizes("hybrid-4p4e.xml");
	ok(vm.n == 3 && vm.bytes[0] == 48 * KiB && vm.bytes[1] == MiB &&
	    vm.bytes[2] == 508 * MiB, "epyc-508m-vm.xml: 48 KiB, 1 MiB, "
	    "508 MiB");
	set_curve(&c, vm_random, 19);
	set_curve(&l, vm_local, 19);

	/* The random curve alone: its "DRAM" is no plateau at all. */
	ts_plateau_find(c.bytes, c.ns, c.n, &vm, &r);
	ok(r.p[r.n - 1].latency_ns > 150, "VM, random curve: its last "
	    "plateau is a median over a rising curve (%.0f ns)",
	    r.p[r.n - 1].latency_ns);

	is_u64(ts_plateau_memory_from(l.bytes, l.ns, l.n, &vm), at(&l,
	    16 * MiB), "VM: memory begins at 16 MiB by the residency rule");
	is_int(ts_plateau_find_local(l.bytes, l.ns, l.n, &vm, &r), 0,
	    "VM: page-local curve analysed");
	levels_are(&r, "L1d L2 L3 DRAM", "VM, page-local: L1d L2 L3 DRAM");
	names_are(&r, &l, 4 * KiB, 32 * KiB, "L1d", "VM, page-local");
	names_are(&r, &l, 64 * KiB, MiB, "L2", "VM, page-local");
	names_are(&r, &l, 2 * MiB, 8 * MiB, "L3", "VM, page-local");
	names_are(&r, &l, 16 * MiB, 1024 * MiB, "DRAM", "VM, page-local");
	ok(r.p[3].first == at(&l, 16 * MiB) && r.p[3].last == l.n - 1,
	    "VM: one DRAM plateau, 16 MiB to 1 GiB");
	ok(r.p[3].latency_ns > 44 && r.p[3].latency_ns < 48,
	    "VM: DRAM is the page-local memory latency (%.1f ns)",
	    r.p[3].latency_ns);
	ok(r.p[0].verdict == TS_PV_AGREES && r.p[1].verdict == TS_PV_AGREES,
	    "VM: L1d and L2 agree with hwloc");
	is_int(r.p[2].verdict, TS_PV_EARLY, "VM: L3 ends early");
	flag = ts_plateau_flag(&r, 2, l.bytes);
	ok(flag != NULL && strncmp(flag, "L3: hwloc reports 508 MiB, but it "
	    "ends near ", 43) == 0 && strstr(flag, "; from 16 MiB on, data "
	    "comes from memory") != NULL, "VM: the L3 flag says where memory "
	    "begins (%s)", flag ? flag : "none");
	free(flag);
	s = summary(&r, &l);
	ok(strstr(s, "DRAM  16 MiB to 1 GiB") != NULL &&
	    strstr(s, "reads like the sizes past 2 x hwloc's L3") != NULL,
	    "VM: the summary's DRAM line");
	ok(strstr(s, "L1d:") == NULL && strstr(s, "L2:") == NULL &&
	    strstr(s, "DRAM:") == NULL, "VM: only L3 disagrees");
	free(s);
	/* One reading per size: the same curve, shown but not judged. */
	r.unjudged = true;
	s = summary(&r, &l);
	ok(strstr(s, "), not judged:\n") != NULL &&
	    strstr(s, "DISAGREES") == NULL && strstr(s, "agrees") == NULL &&
	    strstr(s, "L3?   2 MiB to 8 MiB") != NULL &&
	    strstr(s, "hwloc 508 MiB, not judged") != NULL &&
	    strstr(s, "L3: hwloc reports") == NULL &&
	    strstr(s, TS_PLATEAU_UNJUDGED_NOTE ".\n") != NULL,
	    "VM, one reading: names marked ?, hwloc's sizes not judged, and "
	    "why");
	is_str(ts_plateau_point_label(&r, at(&l, 16 * MiB)), "DRAM?",
	    "VM, one reading: the 16 MiB point is DRAM?");
	ok(ts_plateau_flag(&r, 2, l.bytes) == NULL,
	    "VM, one reading: no flag on L3");
	free(s);
	r.unjudged = false;

	/* The same with noise, several seeds: the names do not move. */
	for (k = 1; k <= 6; k++) {
		ts_rng_seed(&rng, k);
		for (i = 0; i < l.n; i++)
			l.ns[i] = vm_local[i] * (1 + 0.05 *
			    (2 * ts_rng_f64(&rng) - 1));
		ts_plateau_find_local(l.bytes, l.ns, l.n, &vm, &r);
		levels_are(&r, "L1d L2 L3 DRAM", "VM, page-local, noise seed");
		good = r.n == 4 && r.memory_from == at(&l, 16 * MiB) &&
		    r.p[2].last == at(&l, 8 * MiB);
		ok(good, "VM, noise seed %zu: L3 to 8 MiB, DRAM from 16 MiB",
		    k);
	}
	set_curve(&l, vm_local, 19);

	/*
	 * Page-local curves measured there while other work ran (--min-ms
	 * 40): best of three readings, and one reading, whose two largest
	 * sizes were slowed, so that 8 to 256 MiB would read as a cache by
	 * the residency rule.  That leaves a fourth cache plateau, which
	 * hwloc has no level for: the steps decide.
	 */
	{
		static const double best3[] = { 1.5, 2.1, 2.1, 2.4, 3.8, 4.4,
		    4.4, 5.5, 9.4, 10.5, 12.4, 82.2, 68.7, 82.9, 52.0, 54.9,
		    55.9, 57.7, 55.2 };
		static const double one[] = { 1.7, 1.5, 1.5, 2.2, 3.6, 3.1,
		    3.0, 2.9, 4.2, 7.0, 7.4, 49.2, 58.9, 52.9, 53.8, 88.0,
		    55.9, 81.4, 87.6 };

		set_curve(&l, best3, 19);
		ts_plateau_find_local(l.bytes, l.ns, l.n, &vm, &r);
		levels_are(&r, "L1d L2 L3 DRAM", "measured, best of 3");
		is_u64(r.memory_from, at(&l, 8 * MiB), "measured, best of "
		    "3: memory from 8 MiB by the residency rule");
		names_are(&r, &l, 64 * KiB, 512 * KiB, "L2",
		    "measured, best of 3");
		set_curve(&l, one, 19);
		ts_plateau_find_local(l.bytes, l.ns, l.n, &vm, &r);
		levels_are(&r, "L1d L2 L3 DRAM", "measured, one reading");
		is_u64(r.memory_from, l.n, "measured, one reading: the "
		    "steps decide");
		names_are(&r, &l, 2 * MiB, 4 * MiB, "L3",
		    "measured, one reading");
		names_are(&r, &l, 8 * MiB, 1024 * MiB, "DRAM",
		    "measured, one reading");
		set_curve(&l, vm_local, 19);
	}

	/* Stopped at 512 MiB, short of 2 x hwloc's L3: steps decide. */
	is_u64(ts_plateau_memory_from(l.bytes, l.ns, 18, &vm), 18,
	    "VM to 512 MiB: the residency rule cannot tell");
	ts_plateau_find_local(l.bytes, l.ns, 18, &vm, &r);
	is_u64(r.memory_from, 18, "VM to 512 MiB: no memory by the rule");
	names_are(&r, &l, 4 * KiB, 32 * KiB, "L1d", "VM to 512 MiB");
	names_are(&r, &l, 64 * KiB, MiB, "L2", "VM to 512 MiB");

	/* A short sweep, and no hwloc: the steps alone, as before. */
	ts_plateau_find_local(l.bytes, l.ns, 9, &vm, &r);
	levels_are(&r, "L1d L2", "VM to 1 MiB: L1d and L2");
	memset(&none, 0, sizeof none);
	is_u64(ts_plateau_memory_from(l.bytes, l.ns, l.n, &none), l.n,
	    "no cache sizes: the residency rule cannot tell");
	ts_plateau_find_local(l.bytes, l.ns, l.n, &none, &r);
	levels_are(&r, "P1 P2 P3 P4", "no cache sizes: P1..P4");

	/* Bare metal: the curves nearly coincide, hwloc is right. */
	make_curve(&c, 256 * MiB, pc_cap, pc_ns, 3, 0.0, 1);
	make_curve(&l, 256 * MiB, pc_cap, pc_local_ns, 3, 0.03, 2);
	ts_plateau_find_local(l.bytes, l.ns, l.n, &hybrid, &r);
	levels_are(&r, "L1d L2 L3 DRAM", "bare metal: four levels");
	ok(r.p[0].verdict == TS_PV_AGREES && r.p[1].verdict == TS_PV_AGREES &&
	    r.p[2].verdict == TS_PV_AGREES, "bare metal: all agree");
	ok(r.memory_from < l.n && l.bytes[r.memory_from] >= 64 * MiB,
	    "bare metal: memory begins past the L3 (%llu bytes)",
	    (unsigned long long)l.bytes[r.memory_from < l.n ?
	    r.memory_from : 0]);
	names_are(&r, &l, 4 * KiB, 32 * KiB, "L1d", "bare metal");
	names_are(&r, &l, 256 * KiB, MiB, "L2", "bare metal");
	names_are(&r, &l, 8 * MiB, 16 * MiB, "L3", "bare metal");
	s = summary(&r, &l);
	ok(strstr(s, "DISAGREES") == NULL, "bare metal: no disagreement");
	free(s);

	/* Flat: no point reads faster than memory, so steps decide. */
	for (i = 0; i < l.n; i++)
		l.ns[i] = 50;
	is_u64(ts_plateau_memory_from(l.bytes, l.ns, l.n, &hybrid), l.n,
	    "flat curve: the residency rule cannot tell");
	is_int(ts_plateau_find_local(l.bytes, l.ns, l.n, &hybrid, &r), 0,
	    "flat curve: analysed");
	is_int(r.n, 1, "flat curve: one plateau");
}

int
main(void)
{
	/* This VM: hwloc 32K/1M/32M, but L3 ends near 6 MiB. */
	static const double vm_cap[] = { 32768, 1048576, 6291456 };
	static const double vm_ns[] = { 1.4, 4.1, 15, 170 };
	/* The VM: hwloc 48K/2M/480M, usable L3 about 10 MiB. */
	static const double big_cap[] = { 49152, 2097152, 10485760 };
	static const double big_ns[] = { 1.2, 4.5, 20, 110 };
	/* A desktop that matches hwloc: 48K/2M/24M. */
	static const double pc_cap[] = { 49152, 2097152, 25165824 };
	static const double pc_ns[] = { 1.0, 3.5, 14, 85 };
	/* Measured here with --min-ms 10, 4 KiB pages. */
	static const double measured[] = { 1.45, 1.38, 1.38, 1.40, 4.12,
	    4.15, 4.14, 5.42, 8.84, 13.68, 16.52, 145.24, 157.00, 159.19,
	    209.82, 173.86, 175.61, 201.70, 197.99 };
	/* Measured here with --min-ms 20 while other jobs ran. */
	static const double loaded[] = { 1.6, 1.8, 1.4, 1.6, 4.1, 4.1, 4.2,
	    6.0, 9.1, 13.9, 97.7, 131.4, 155.4, 184.9, 212.8, 191.5, 224.1,
	    270.4, 319.7 };
	struct ts_cache_sizes epyc, server, hybrid, none;
	struct ts_plateaus r;
	struct curve c;
	double bad[2] = { 1, 0 };
	char *s, *flag;
	size_t i;

	epyc = hwloc_sizes("epyc-vm.xml");
	server = hwloc_sizes("server-2s.xml");
	hybrid = hwloc_sizes("hybrid-4p4e.xml");
	ok(epyc.n == 3 && epyc.bytes[0] == 32 * KiB &&
	    epyc.bytes[1] == MiB && epyc.bytes[2] == 32 * MiB,
	    "epyc-vm.xml: L1d 32 KiB, L2 1 MiB, L3 32 MiB");
	ok(server.n == 3 && server.bytes[0] == 48 * KiB &&
	    server.bytes[2] == 503316480, "server-2s.xml: L3 480 MiB");
	ok(hybrid.n == 3 && hybrid.bytes[2] == 24 * MiB,
	    "hybrid-4p4e.xml: L3 24 MiB");

	/* The curve measured on this project's VM. */
	for (c.n = 0; c.n < sizeof measured / sizeof measured[0]; c.n++) {
		c.bytes[c.n] = (4 * KiB) << c.n;
		c.ns[c.n] = measured[c.n];
	}
	is_int(ts_plateau_find(c.bytes, c.ns, c.n, &epyc, &r), 0,
	    "measured: analysed");
	levels_are(&r, "L1d L2 L3 DRAM", "measured: four plateaus");
	names_are(&r, &c, 4 * KiB, 32 * KiB, "L1d", "measured");
	names_are(&r, &c, 64 * KiB, 256 * KiB, "L2", "measured");
	names_are(&r, &c, 2 * MiB, 4 * MiB, "L3", "measured");
	names_are(&r, &c, 8 * MiB, 1024 * MiB, "DRAM", "measured");
	ok(r.p[0].verdict == TS_PV_AGREES && r.p[1].verdict == TS_PV_AGREES,
	    "measured: L1d and L2 agree with hwloc");
	is_int(r.p[2].verdict, TS_PV_EARLY, "measured: L3 ends early");
	ok(r.p[2].boundary > 4 * MiB && r.p[2].boundary < 8 * MiB,
	    "measured: L3 boundary between 4 and 8 MiB (%.0f)",
	    r.p[2].boundary);
	flag = ts_plateau_flag(&r, 2, c.bytes);
	is_str(flag, "L3: hwloc reports 32 MiB, but latency steps up to DRAM "
	    "level at 8 MiB", "measured: the L3 flag");
	free(flag);
	ok(ts_plateau_flag(&r, 0, c.bytes) == NULL, "measured: no L1d flag");

	/*
	 * The same VM while other jobs shared its L3: L2 ramps into L3 at
	 * 1-2 MiB and straight into memory at 4 MiB, where the TLB ramp
	 * (4 KiB pages) climbs another factor 3 by 1 GiB.
	 */
	for (i = 0; i < c.n; i++)
		c.ns[i] = loaded[i];
	ts_plateau_find(c.bytes, c.ns, c.n, &epyc, &r);
	levels_are(&r, "L1d L2 L3 DRAM", "loaded: four plateaus");
	names_are(&r, &c, 64 * KiB, 256 * KiB, "L2", "loaded");
	names_are(&r, &c, 4 * MiB, 1024 * MiB, "DRAM", "loaded");
	ok(r.p[1].verdict == TS_PV_AGREES && r.p[2].verdict == TS_PV_EARLY,
	    "loaded: L2 agrees, L3 ends early");
	flag = ts_plateau_flag(&r, 2, c.bytes);
	is_str(flag, "L3: hwloc reports 32 MiB, but latency steps up to DRAM "
	    "level at 4 MiB", "loaded: the L3 flag");
	free(flag);

	/* The model of the same VM, with 10 % noise, several seeds. */
	for (i = 1; i <= 5; i++) {
		make_curve(&c, 1024 * MiB, vm_cap, vm_ns, 3, 0.10, i);
		ts_plateau_find(c.bytes, c.ns, c.n, &epyc, &r);
		levels_are(&r, "L1d L2 L3 DRAM", "VM model, noise seed");
		ok(r.n == 4 && r.p[2].verdict == TS_PV_EARLY &&
		    r.p[0].verdict == TS_PV_AGREES &&
		    r.p[1].verdict == TS_PV_AGREES,
		    "VM model, noise seed %zu: only L3 disagrees", i);
	}

	/* The VM: hwloc says 480 MiB, DRAM comes at 16 MiB. */
	make_curve(&c, 2048 * MiB, big_cap, big_ns, 3, 0.05, 42);
	ts_plateau_find(c.bytes, c.ns, c.n, &server, &r);
	levels_are(&r, "L1d L2 L3 DRAM", "480 MiB VM: four plateaus");
	names_are(&r, &c, 4 * KiB, 32 * KiB, "L1d", "480 MiB VM");
	names_are(&r, &c, 16 * MiB, 2048 * MiB, "DRAM", "480 MiB VM");
	flag = ts_plateau_flag(&r, 2, c.bytes);
	is_str(flag, "L3: hwloc reports 480 MiB, but latency steps up to DRAM "
	    "level at 16 MiB", "480 MiB VM: the L3 flag");
	free(flag);
	s = summary(&r, &c);
	ok(strstr(s, "(hwloc: L1d 48 KiB, L2 2 MiB, L3 480 MiB)") != NULL &&
	    strstr(s, "L2 2 MiB") != NULL && strstr(s, "DISAGREES") != NULL,
	    "480 MiB VM: summary names hwloc's sizes and the disagreement");
	free(s);

	/* A machine that matches hwloc: no flags at all. */
	make_curve(&c, 256 * MiB, pc_cap, pc_ns, 3, 0.0, 1);
	ts_plateau_find(c.bytes, c.ns, c.n, &hybrid, &r);
	levels_are(&r, "L1d L2 L3 DRAM", "matching machine: four plateaus");
	ok(r.p[0].verdict == TS_PV_AGREES && r.p[1].verdict == TS_PV_AGREES &&
	    r.p[2].verdict == TS_PV_AGREES, "matching machine: all agree");
	s = summary(&r, &c);
	ok(strstr(s, "DISAGREES") == NULL && strstr(s, "L3:") == NULL,
	    "matching machine: no disagreement in the summary");
	free(s);
	names_are(&r, &c, 4 * KiB, 32 * KiB, "L1d", "matching machine");
	names_are(&r, &c, 256 * KiB, MiB, "L2", "matching machine");

	/* Spikes: single readings doubled inside L2 and DRAM. */
	c.ns[at(&c, 512 * KiB)] *= 2.2;
	c.ns[at(&c, 128 * MiB)] *= 1.9;
	c.ns[at(&c, 8 * KiB)] *= 3;
	ts_plateau_find(c.bytes, c.ns, c.n, &hybrid, &r);
	levels_are(&r, "L1d L2 L3 DRAM", "spikes do not make levels");
	names_are(&r, &c, 4 * KiB, 32 * KiB, "L1d", "spikes");
	ok(r.p[1].verdict == TS_PV_AGREES, "spikes: L2 still agrees");

	/* A TLB step of 1.35 x in DRAM (and a rising tail) is not a level. */
	make_curve(&c, 1024 * MiB, pc_cap, pc_ns, 3, 0.03, 9);
	for (i = at(&c, 64 * MiB); i < c.n; i++)
		c.ns[i] *= 1.35 + 0.1 * (double)(i - at(&c, 64 * MiB));
	ts_plateau_find(c.bytes, c.ns, c.n, &hybrid, &r);
	levels_are(&r, "L1d L2 L3 DRAM", "TLB steps merge into DRAM");
	names_are(&r, &c, 64 * MiB, 1024 * MiB, "DRAM", "TLB steps");

	/* No L3 at all: L2 goes straight to memory. */
	make_curve(&c, 2048 * MiB, big_cap, big_ns, 2, 0.03, 5);
	for (i = 0; i < c.n; i++)
		c.ns[i] = model((double)c.bytes[i], big_cap,
		    (const double[]){ 1.2, 4.5, 110 }, 2);
	ts_plateau_find(c.bytes, c.ns, c.n, &server, &r);
	levels_are(&r, "L1d L2 DRAM", "no L3 plateau: L3 skipped");
	s = summary(&r, &c);
	ok(strstr(s, "L3: hwloc reports 480 MiB, but no plateau at a latency "
	    "of its own was found.") != NULL, "no L3 plateau: said so");
	free(s);

	/* A short sweep (--max-size 1M) ends inside L2. */
	make_curve(&c, MiB, vm_cap, vm_ns, 3, 0.02, 3);
	ts_plateau_find(c.bytes, c.ns, c.n, &epyc, &r);
	levels_are(&r, "L1d L2", "1 MiB sweep: L1d and L2");
	is_int(r.p[1].verdict, TS_PV_OPEN, "1 MiB sweep: L2 is open");
	s = summary(&r, &c);
	ok(strstr(s, "L3: hwloc reports 32 MiB; not reached by this sweep.") !=
	    NULL, "1 MiB sweep: L3 not reached");
	free(s);

	/* Without hwloc's sizes the plateaus are numbered. */
	memset(&none, 0, sizeof none);
	make_curve(&c, 256 * MiB, pc_cap, pc_ns, 3, 0.0, 1);
	ts_plateau_find(c.bytes, c.ns, c.n, &none, &r);
	levels_are(&r, "P1 P2 P3 P4", "no caches known: P1..P4");
	ts_plateau_find(c.bytes, c.ns, c.n, NULL, &r);
	is_int(r.n, 4, "NULL sizes: same as none");

	/* Degenerate input. */
	is_int(ts_plateau_find(c.bytes, c.ns, 1, &epyc, &r), 0, "one point");
	levels_are(&r, "L1d", "one point is L1d");
	is_int(ts_plateau_find(c.bytes, c.ns, 0, &epyc, &r), -1, "no points");
	is_int(ts_plateau_find(c.bytes, bad, 2, &epyc, &r), -1,
	    "a zero latency is refused");
	bad[1] = NAN;
	is_int(ts_plateau_find(c.bytes, bad, 2, &epyc, &r), -1,
	    "a NaN latency is refused");
	is_int(ts_plateau_find(c.bytes, c.ns, NMAX + 1, &epyc, &r), -1,
	    "too many points are refused");

	test_page_local();
	return done_testing();
}
