/* SPDX-License-Identifier: MIT */
/*
 * hwloc wrapper: one topology per program, restricted to the CPUs this
 * process may run on.
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <hwloc.h>

#include "topo/topo-impl.h"
#include "topo/topo.h"

struct ts_topo *
ts_topo_open(char *err, size_t errlen)
{
	struct ts_topo *t;
	hwloc_obj_t core = NULL;
	const char *xml;
	unsigned n;

	if ((hwloc_get_api_version() >> 16) != (HWLOC_API_VERSION >> 16)) {
		snprintf(err, errlen, "hwloc library version %x does not match "
		    "the headers this program was built with (%x)",
		    hwloc_get_api_version(), (unsigned)HWLOC_API_VERSION);
		return NULL;
	}
	/* hwloc quietly falls back to this machine when the file is bad. */
	xml = getenv("HWLOC_XMLFILE");
	if (xml != NULL && *xml != '\0' && access(xml, R_OK) == -1) {
		snprintf(err, errlen, "HWLOC_XMLFILE %s: %s", xml,
		    strerror(errno));
		return NULL;
	}
	if ((t = calloc(1, sizeof *t)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	if (hwloc_topology_init(&t->topology) == -1) {
		snprintf(err, errlen, "hwloc cannot read this machine's "
		    "topology");
		free(t);
		return NULL;
	}
	/*
	 * Name the file to hwloc ourselves: through the variable alone, hwloc
	 * with its libxml2 plugin (libhwloc-plugins) falls back to this
	 * machine when the file is bad, and HWLOC_COMPONENTS makes it ignore
	 * the variable.  A topology that still claims to be this system was
	 * not read from the file (unless HWLOC_THISSYSTEM says so).
	 */
	if (xml != NULL && *xml != '\0' &&
	    (hwloc_topology_set_xml(t->topology, xml) == -1 ||
	    hwloc_topology_load(t->topology) == -1 ||
	    (hwloc_topology_is_thissystem(t->topology) &&
	    getenv("HWLOC_THISSYSTEM") == NULL))) {
		hwloc_topology_destroy(t->topology);
		snprintf(err, errlen, "HWLOC_XMLFILE %s: hwloc cannot read it "
		    "as a topology", xml);
		free(t);
		return NULL;
	}
	if ((xml == NULL || *xml == '\0') &&
	    hwloc_topology_load(t->topology) == -1) {
		hwloc_topology_destroy(t->topology);
		snprintf(err, errlen, "hwloc cannot read this machine's "
		    "topology");
		free(t);
		return NULL;
	}
	t->allowed = hwloc_bitmap_alloc();
	if (hwloc_get_cpubind(t->topology, t->allowed, HWLOC_CPUBIND_PROCESS)
	    == -1 || hwloc_bitmap_iszero(t->allowed) ||
	    !hwloc_bitmap_intersects(t->allowed,
	    hwloc_topology_get_topology_cpuset(t->topology)))
		hwloc_bitmap_copy(t->allowed,
		    hwloc_topology_get_topology_cpuset(t->topology));
	n = (unsigned)hwloc_get_nbobjs_by_type(t->topology, HWLOC_OBJ_CORE);
	t->cores = calloc(n ? n : 1, sizeof *t->cores);
	while ((core = hwloc_get_next_obj_by_type(t->topology, HWLOC_OBJ_CORE,
	    core)) != NULL && t->cores != NULL)
		if (hwloc_bitmap_intersects(core->cpuset, t->allowed))
			t->cores[t->ncores++] = core;
	return t;
}

void
ts_topo_close(struct ts_topo *t)
{
	if (t == NULL)
		return;
	free(t->cores);
	hwloc_bitmap_free(t->allowed);
	hwloc_topology_destroy(t->topology);
	free(t);
}

/* The hwloc object type of a cache level, or -1 past L5. */
static int
cache_type(int level)
{
	static const hwloc_obj_type_t types[] = { HWLOC_OBJ_L1CACHE,
	    HWLOC_OBJ_L2CACHE, HWLOC_OBJ_L3CACHE, HWLOC_OBJ_L4CACHE,
	    HWLOC_OBJ_L5CACHE };

	if (level < 1 || level > 5)
		return -1;
	return (int)types[level - 1];
}

/* Whether a cache object counts for its level (data or unified). */
static int
counts(hwloc_obj_t o, int level)
{
	if (o->attr->cache.type == HWLOC_OBJ_CACHE_UNIFIED)
		return 1;
	return level == 1 && o->attr->cache.type == HWLOC_OBJ_CACHE_DATA;
}

/* Largest (want_total = 0) or summed size of the caches at a level. */
static uint64_t
cache_scan(const struct ts_topo *t, int level, int want_total)
{
	hwloc_obj_t o = NULL;
	uint64_t best = 0, sum = 0;
	int type = cache_type(level);

	if (type == -1)
		return 0;
	while ((o = hwloc_get_next_obj_by_type(t->topology,
	    (hwloc_obj_type_t)type, o)) != NULL) {
		if (!counts(o, level))
			continue;
		sum += o->attr->cache.size;
		if (o->attr->cache.size > best)
			best = o->attr->cache.size;
	}
	return want_total ? sum : best;
}

uint64_t
ts_topo_cache_size(const struct ts_topo *t, int level)
{
	return cache_scan(t, level, 0);
}

uint64_t
ts_topo_cache_total(const struct ts_topo *t, int level)
{
	return cache_scan(t, level, 1);
}

int
ts_topo_llc_level(const struct ts_topo *t)
{
	int level;

	for (level = 5; level >= 1; level--)
		if (cache_scan(t, level, 0) > 0)
			return level;
	return 0;
}

uint64_t
ts_topo_llc_size(const struct ts_topo *t)
{
	int level = ts_topo_llc_level(t);

	return level ? cache_scan(t, level, 0) : 0;
}

uint64_t
ts_topo_line_size(const struct ts_topo *t)
{
	hwloc_obj_t o = NULL;

	while ((o = hwloc_get_next_obj_by_type(t->topology, HWLOC_OBJ_L1CACHE,
	    o)) != NULL)
		if (counts(o, 1) && o->attr->cache.linesize > 0)
			return o->attr->cache.linesize;
	return 0;
}

unsigned
ts_topo_cores(const struct ts_topo *t)
{
	return t->ncores ? t->ncores : 1;
}

unsigned
ts_topo_pus(const struct ts_topo *t)
{
	int n = hwloc_bitmap_weight(t->allowed);

	return n > 0 ? (unsigned)n : 1;
}

uint64_t
ts_topo_memory(const struct ts_topo *t)
{
	hwloc_obj_t root = hwloc_get_root_obj(t->topology);

	return root->total_memory;
}

int
ts_topo_cpu_kinds(const struct ts_topo *t, unsigned *perf, unsigned *eff)
{
	hwloc_bitmap_t set;
	unsigned p = 0, e = 0;
	int i, nr, w;

	nr = hwloc_cpukinds_get_nr(t->topology, 0);
	if (nr < 2)
		return nr < 0 ? 0 : nr;
	set = hwloc_bitmap_alloc();
	/* hwloc ranks kinds by performance, lowest first: the last one is the
	 * performance kind, every other one counts as efficiency cores. */
	for (i = 0; i < nr; i++) {
		if (hwloc_cpukinds_get_info(t->topology, (unsigned)i, set,
		    NULL, NULL, NULL, 0) == -1)
			continue;
		hwloc_bitmap_and(set, set, t->allowed);
		w = hwloc_bitmap_weight(set);
		if (w <= 0)
			continue;
		if (i == nr - 1)
			p += (unsigned)w;
		else
			e += (unsigned)w;
	}
	hwloc_bitmap_free(set);
	*perf = p;
	*eff = e;
	return nr;
}

int
ts_topo_bind_core(const struct ts_topo *t, unsigned index)
{
	hwloc_cpuset_t set;
	int rc;

	if (t->ncores == 0)
		return -1;
	set = hwloc_bitmap_dup(t->cores[index % t->ncores]->cpuset);
	hwloc_bitmap_and(set, set, t->allowed);
	rc = hwloc_set_cpubind(t->topology, set, HWLOC_CPUBIND_THREAD);
	hwloc_bitmap_free(set);
	return rc == -1 ? -1 : 0;
}

/* Name a kind after hwloc's CoreType, else after its rank. */
static void
kind_name(struct hwloc_info_s *infos, unsigned ninfos, int rank, char *buf,
    size_t len)
{
	unsigned i;

	for (i = 0; i < ninfos; i++)
		if (strcmp(infos[i].name, "CoreType") == 0 &&
		    infos[i].value != NULL && *infos[i].value != '\0' &&
		    strlen(infos[i].value) < len) {
			snprintf(buf, len, "%s", infos[i].value);
			return;
		}
	snprintf(buf, len, "kind%d", rank);
}

unsigned
ts_topo_kind_plan(const struct ts_topo *t, unsigned threads,
    struct ts_kind_plan *plan)
{
	struct ts_kind kinds[TS_KINDS_MAX];
	struct hwloc_info_s *infos;
	hwloc_bitmap_t set;
	unsigned ninfos, n = 0, i, j;
	int *core_kind, nr, eff;

	memset(plan, 0, sizeof *plan);
	nr = hwloc_cpukinds_get_nr(t->topology, 0);
	if (nr < 2 || t->ncores == 0)
		return 0;
	set = hwloc_bitmap_alloc();
	for (i = 0; i < (unsigned)nr && n < TS_KINDS_MAX; i++) {
		if (hwloc_cpukinds_get_info(t->topology, i, set, &eff,
		    &ninfos, &infos, 0) == -1)
			continue;
		memset(&kinds[n], 0, sizeof kinds[n]);
		kinds[n].rank = (int)i;
		kinds[n].efficiency = eff;
		kind_name(infos, ninfos, (int)i, kinds[n].name,
		    sizeof kinds[n].name);
		for (j = 0; j < n; j++)
			if (strcmp(kinds[j].name, kinds[n].name) == 0)
				snprintf(kinds[n].name, sizeof kinds[n].name,
				    "kind%u", i);
		n++;
	}
	core_kind = calloc(t->ncores, sizeof *core_kind);
	if (core_kind != NULL) {
		for (i = 0; i < t->ncores; i++) {
			hwloc_bitmap_and(set, t->cores[i]->cpuset, t->allowed);
			core_kind[i] = hwloc_cpukinds_get_by_cpuset(
			    t->topology, set, 0);
		}
		ts_kinds_plan(kinds, n, core_kind, t->ncores, threads, plan);
		free(core_kind);
	}
	for (i = 0; i < plan->nkinds; i++) {
		hwloc_bitmap_and(set, t->cores[plan->kinds[i].core]->cpuset,
		    t->allowed);
		hwloc_bitmap_list_snprintf(plan->kinds[i].cpus,
		    sizeof plan->kinds[i].cpus, set);
	}
	hwloc_bitmap_free(set);
	return plan->nkinds;
}

bool
ts_topo_is_this_machine(const struct ts_topo *t)
{
	return hwloc_topology_is_thissystem(t->topology) == 1;
}

int
ts_topo_bind_exact(const struct ts_topo *t, unsigned index)
{
	if (index >= t->ncores || !ts_topo_is_this_machine(t))
		return -1;
	return ts_topo_bind_core(t, index);
}
