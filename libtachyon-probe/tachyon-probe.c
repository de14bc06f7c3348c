/* SPDX-License-Identifier: MIT */
/*
 * libtachyon-probe: the probe (lib/mem/mem-probe.c) and the tachyon
 * command's cache check (lib/mem/mem-probe-cache.c) behind the public
 * API of tachyon-probe.h.  This file checks what callers give, keeps the
 * structures' sizes (HACKING, "The public library"), binds the chains to
 * cores (the free ones first, across concurrent callers), and turns
 * errno values into status codes.  It calls no hwloc: hwloc's discovery
 * does not survive a failed allocation (lib/topo/topo-sys.h).
 */
#include <config.h>

#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/host-steal.h"
#include "host/host-sysinfo.h"
#include "mem/mem-probe-cache.h"
#include "mem/mem-probe.h"
#include "msg.h"
#include "size.h"
#include "topo/topo-cpus.h"
#include "topo/topo-sys.h"

#include "tachyon-probe.h"

/* The tachyon command's bounds and defaults (src/tachyon/tachyon.c). */
#define MAX_SECONDS		86400.0
#define MAX_THREADS		1024u
#define MIN_BYTES		UINT64_C(4)
#define DEFAULT_SECONDS		10.0
#define DEFAULT_BYTES		(64 * TS_MIB)
#define DEFAULT_SEED		UINT64_C(1)
/*
 * The shortest chain built: a page of slots.  A smaller working set is
 * rounded up to it, and the result's working_set_bytes says so: a chain
 * of one slot reads one word again and again, which is no chase.
 */
#define MIN_CHAIN_BYTES		UINT64_C(4096)

/*
 * The first layout of each structure (0.2.0): a caller's struct is at
 * least this large.  Fields added later lie past these sizes.
 */
#define CONFIG_V0	(offsetof(struct tachyon_config, threads) +	\
			    sizeof(unsigned))
#define RESULT_V0	(offsetof(struct tachyon_result, interrupted) +	\
			    sizeof(int))
#define CHECK_V0	(offsetof(struct tachyon_check, measurements) +	\
			    sizeof(unsigned))

struct tachyon_probe {
	struct ts_probe	*probe;
	struct ts_sys_cores cores;	/* n 0: the chains are not bound */
	int		*claim;		/* each thread's core, or -1 */
	unsigned	 threads;
	atomic_int	 stop;		/* set by tachyon_interrupt() */
};

/*
 * lib/'s allocators that end a program (ts_xmalloc and the growable
 * buffer's) call this when memory runs out; the programs' version, in
 * lib/msg.c, prints and exits.  This library takes no path to them: the
 * probe, the check and the files they read allocate with calloc and
 * realloc and return their failures.  Were that ever to change, the
 * process would stop here on a trap, not print behind its caller's back.
 */
void
ts_out_of_memory(void)
{
	__builtin_trap();
}

/* Copy the line in buf to the caller's err, which may be NULL. */
static int
fail(int status, const char *line, char *err, size_t errlen)
{
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "%s", line);
	return status;
}

/* The status code of an errno value that a probe call left. */
static int
status_of(int e)
{
	switch (e) {
	case ENOMEM:
		return TACHYON_ENOMEM;
	case EINVAL:
		return TACHYON_EINVAL;
	default:
		return TACHYON_ETHREAD;
	}
}

/* Whether the n bytes at p are all zero. */
static bool
zeros(const void *p, size_t n)
{
	const unsigned char *b = p;

	while (n-- > 0)
		if (*b++ != 0)
			return false;
	return true;
}

/*
 * Read the caller's configuration into *out, a whole one of this
 * library's layout, and check its values.  Return TACHYON_OK, or a
 * status with one line in buf.
 */
static int
config_read(const struct tachyon_config *in, struct tachyon_config *out,
    char *buf, size_t len)
{
	size_t n;

	if (in == NULL) {
		snprintf(buf, len, "no configuration given");
		return TACHYON_EINVAL;
	}
	if (in->size < CONFIG_V0) {
		snprintf(buf, len, "the configuration's size is %zu, less than "
		    "the %zu of the smallest layout: fill it with "
		    "tachyon_config_init", in->size, (size_t)CONFIG_V0);
		return TACHYON_ESIZE;
	}
	/* A newer caller's fields are unknown here: only their defaults do. */
	if (in->size > sizeof *out && !zeros((const char *)in + sizeof *out,
	    in->size - sizeof *out)) {
		snprintf(buf, len, "the configuration sets fields that "
		    "libtachyon-probe %s does not know", PACKAGE_VERSION);
		return TACHYON_ESIZE;
	}
	memset(out, 0, sizeof *out);
	n = in->size < sizeof *out ? in->size : sizeof *out;
	memcpy(out, in, n);
	out->size = sizeof *out;
	if (!(out->duration_s > 0 && out->duration_s <= MAX_SECONDS)) {
		snprintf(buf, len, "duration_s must be in (0, %g], not %g",
		    MAX_SECONDS, out->duration_s);
		return TACHYON_EINVAL;
	}
	if (out->working_set_bytes < MIN_BYTES ||
	    out->working_set_bytes > TS_PROBE_MAX_BYTES) {
		snprintf(buf, len, "working_set_bytes must be in [%llu, %llu], "
		    "not %llu", (unsigned long long)MIN_BYTES,
		    (unsigned long long)TS_PROBE_MAX_BYTES,
		    (unsigned long long)out->working_set_bytes);
		return TACHYON_EINVAL;
	}
	if (out->threads < 1 || out->threads > MAX_THREADS) {
		snprintf(buf, len, "threads must be in [1, %u], not %u",
		    MAX_THREADS, out->threads);
		return TACHYON_EINVAL;
	}
	return TACHYON_OK;
}

/*
 * Check that a result structure p of `size` bytes can be filled in, and
 * zero it; else say why in err (as fail() does) and return the status.
 */
static int
out_open(void *p, size_t size, size_t v0, const char *what, char *err,
    size_t errlen)
{
	char buf[TACHYON_ERRLEN];

	if (p == NULL) {
		snprintf(buf, sizeof buf, "no %s structure given", what);
		return fail(TACHYON_EINVAL, buf, err, errlen);
	}
	if (size < v0) {
		snprintf(buf, sizeof buf, "the %s structure's size is %zu, less "
		    "than the %zu of the smallest layout", what, size, v0);
		return fail(TACHYON_ESIZE, buf, err, errlen);
	}
	memset(p, 0, size);
	return TACHYON_OK;
}

const char *
tachyon_version(void)
{
	return PACKAGE_VERSION;
}

const char *
tachyon_strerror(int status)
{
	switch (status) {
	case TACHYON_OK:
		return "success";
	case TACHYON_EINVAL:
		return "invalid argument";
	case TACHYON_ESIZE:
		return "structure size not supported by this library";
	case TACHYON_ENOMEM:
		return "not enough memory";
	case TACHYON_ETHREAD:
		return "cannot start the probe's threads";
	default:
		return "unknown status";
	}
}

int
tachyon_config_init(struct tachyon_config *cfg, size_t size)
{
	struct tachyon_config def;
	struct ts_cpus cpus;

	if (cfg == NULL)
		return TACHYON_EINVAL;
	if (size < CONFIG_V0)
		return TACHYON_ESIZE;
	/* The command's default: every usable CPU, up to its bound. */
	ts_cpus_probe(&cpus);
	memset(&def, 0, sizeof def);
	def.duration_s = DEFAULT_SECONDS;
	def.working_set_bytes = DEFAULT_BYTES;
	def.seed = DEFAULT_SEED;
	def.threads = cpus.usable < MAX_THREADS ? cpus.usable : MAX_THREADS;
	memset(cfg, 0, size);
	memcpy(cfg, &def, size < sizeof def ? size : sizeof def);
	cfg->size = size;
	return TACHYON_OK;
}

/* The probe's wait callback: the calling thread's schedstat wait. */
static int
thread_wait(uint64_t *wait)
{
	uint64_t run;

	return ts_thread_sched_ns(&run, wait);
}

/*
 * The probe's bind callback: the calling thread on the core the
 * library's threads hold least, in this process (concurrent callers
 * spread over the free cores); 0 when the core is its own, 1 when it
 * shares it, -1 when it could not be bound.
 */
static int
bind_core(void *arg, unsigned thread)
{
	struct tachyon_probe *p = arg;
	bool alone;

	p->claim[thread] = ts_sys_core_claim(&p->cores, &alone);
	return p->claim[thread] < 0 ? -1 : alone ? 0 : 1;
}

/* The threads have ended: their cores are free for other callers. */
static void
release_cores(struct tachyon_probe *p)
{
	unsigned i;

	for (i = 0; p->claim != NULL && i < p->threads; i++) {
		ts_sys_core_release(&p->cores, p->claim[i]);
		p->claim[i] = -1;
	}
}

int
tachyon_open(const struct tachyon_config *cfg, struct tachyon_probe **probe,
    char *err, size_t errlen)
{
	struct tachyon_config c;
	struct ts_probe_config pc;
	struct tachyon_probe *p;
	char buf[TACHYON_ERRLEN];
	uint64_t avail;
	int status;

	if (probe == NULL)
		return fail(TACHYON_EINVAL, "no place for the probe given",
		    err, errlen);
	*probe = NULL;
	if ((status = config_read(cfg, &c, buf, sizeof buf)) != TACHYON_OK)
		return fail(status, buf, err, errlen);
	/* The command's rule: chains may take 90 % of the memory available. */
	avail = ts_mem_available();
	if (avail != 0 && c.working_set_bytes * c.threads > avail / 10 * 9) {
		snprintf(buf, sizeof buf, "%u x %.6g MiB of chains need %llu "
		    "MiB, but only %llu MiB of memory is available", c.threads,
		    (double)c.working_set_bytes / (double)TS_MIB,
		    (unsigned long long)(c.working_set_bytes * c.threads /
		    TS_MIB), (unsigned long long)(avail / TS_MIB));
		return fail(TACHYON_ENOMEM, buf, err, errlen);
	}
	if ((p = calloc(1, sizeof *p)) == NULL ||
	    (p->claim = calloc(c.threads, sizeof *p->claim)) == NULL) {
		free(p);
		return fail(TACHYON_ENOMEM, "out of memory", err, errlen);
	}
	p->threads = c.threads;
	atomic_init(&p->stop, 0);
	memset(&pc, 0, sizeof pc);
	pc.seconds = c.duration_s;
	pc.working_set_bytes = c.working_set_bytes < MIN_CHAIN_BYTES ?
	    MIN_CHAIN_BYTES : c.working_set_bytes;
	pc.threads = c.threads;
	pc.seed = c.seed;
	pc.stop = &p->stop;
	pc.wait_ns = thread_wait;
	/*
	 * Each chain on a core of its own, the least held by this process's
	 * probes; without the cores (sysfs unreadable, memory short) the
	 * chains go unbound, and pinned_threads says so.
	 */
	if (ts_sys_cores_read(&p->cores) == 0 && p->cores.n > 0) {
		pc.bind = bind_core;
		pc.bind_arg = p;
	}
	p->probe = ts_probe_open(&pc, buf, sizeof buf);
	release_cores(p);
	if (p->probe == NULL) {
		status = status_of(errno);
		tachyon_close(p);
		return fail(status, buf, err, errlen);
	}
	*probe = p;
	return TACHYON_OK;
}

int
tachyon_measure(struct tachyon_probe *p, double seconds,
    struct tachyon_result *res, size_t res_size, char *err, size_t errlen)
{
	struct tachyon_result out;
	struct ts_probe_result r;
	char buf[TACHYON_ERRLEN];
	int status;

	status = out_open(res, res_size, RESULT_V0, "result", err, errlen);
	if (status != TACHYON_OK)
		return status;
	if (p == NULL)
		return fail(TACHYON_EINVAL, "no probe given", err, errlen);
	if (!(seconds > 0 && seconds <= MAX_SECONDS)) {
		snprintf(buf, sizeof buf, "seconds must be in (0, %g], not %g",
		    MAX_SECONDS, seconds);
		return fail(TACHYON_EINVAL, buf, err, errlen);
	}
	status = ts_probe_measure(p->probe, seconds, &r, buf, sizeof buf);
	release_cores(p);
	if (status == -1)
		return fail(status_of(errno), buf, err, errlen);
	memset(&out, 0, sizeof out);
	out.accesses = r.accesses;
	out.elapsed_s = r.elapsed_s;
	out.working_set_bytes = r.working_set_bytes;
	out.million_accesses_per_sec = ts_probe_score(&r);
	out.ns_per_access = ts_probe_ns_per_access(&r);
	out.threads = r.threads;
	out.pinned_threads = r.pinned;
	out.interrupted = r.interrupted;
	out.run_wait_s = r.wait_s;
	out.max_thread_run_wait_s = r.max_wait_s;
	out.size = res_size < sizeof out ? res_size : sizeof out;
	memcpy(res, &out, out.size);
	return TACHYON_OK;
}

void
tachyon_interrupt(struct tachyon_probe *p)
{
	if (p != NULL)
		atomic_store_explicit(&p->stop, 1, memory_order_relaxed);
}

void
tachyon_close(struct tachyon_probe *p)
{
	if (p == NULL)
		return;
	ts_probe_close(p->probe);
	ts_sys_cores_free(&p->cores);
	free(p->claim);
	free(p);
}

int
tachyon_run(const struct tachyon_config *cfg, struct tachyon_result *res,
    size_t res_size, char *err, size_t errlen)
{
	struct tachyon_probe *p;
	int status;

	/* A bad result size fails before the chains are built. */
	status = out_open(res, res_size, RESULT_V0, "result", err, errlen);
	if (status != TACHYON_OK)
		return status;
	if ((status = tachyon_open(cfg, &p, err, errlen)) != TACHYON_OK)
		return status;
	status = tachyon_measure(p, cfg->duration_s, res, res_size, err,
	    errlen);
	tachyon_close(p);
	return status;
}

int
tachyon_check_working_set(const struct tachyon_config *cfg,
    struct tachyon_check *chk, size_t chk_size, char *err, size_t errlen)
{
	struct ts_cache_bounds bounds = { 0, 0 };
	struct ts_residency_cfg rc;
	struct ts_cache_report rep;
	struct tachyon_config c;
	struct tachyon_check out;
	char buf[TACHYON_ERRLEN];
	int status;

	status = out_open(chk, chk_size, CHECK_V0, "check", err, errlen);
	if (status != TACHYON_OK)
		return status;
	if ((status = config_read(cfg, &c, buf, sizeof buf)) != TACHYON_OK)
		return fail(status, buf, err, errlen);
	/*
	 * The command's bounds, the largest LLC and half the memory, from
	 * sysfs and /proc: hwloc's discovery does not survive a failed
	 * allocation (topo-sys.h).
	 */
	bounds.llc_bytes = ts_sys_llc_bytes();
	bounds.mem_bytes = ts_cache_mem_bound(ts_sys_mem_bytes(),
	    ts_mem_available());
	rc.seconds = ts_cache_check_seconds(c.duration_s);
	rc.seed = c.seed;
	ts_cache_check(c.working_set_bytes, c.threads, &bounds,
	    ts_residency_measure, &rc, &rep);
	if (rep.res.failed)
		return fail(TACHYON_ENOMEM, rep.res.reason, err, errlen);
	memset(&out, 0, sizeof out);
	out.verdict = rep.res.verdict == TS_RESIDENCY_CLEAR ? TACHYON_CLEAR :
	    rep.res.verdict == TS_RESIDENCY_CACHE ? TACHYON_CACHE :
	    TACHYON_SKIPPED;
	out.total_bytes = rep.res.small_bytes;
	out.large_bytes = rep.res.large_bytes;
	out.ns_per_load = rep.res.ns_small;
	out.large_ns_per_load = rep.res.ns_large;
	out.suggest_bytes = rep.suggest_bytes;
	out.seconds = rep.res.seconds;
	out.measurements = rep.res.measurements;
	out.size = chk_size < sizeof out ? chk_size : sizeof out;
	memcpy(chk, &out, out.size);
	if (out.verdict == TACHYON_SKIPPED)
		(void)fail(TACHYON_OK, rep.res.reason, err, errlen);
	return TACHYON_OK;
}
