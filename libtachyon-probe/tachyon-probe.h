/* SPDX-License-Identifier: MIT */
/*
 * tachyon-probe.h: libtachyon-probe, the tachyon memory probe as a C
 * library.  How fast is this host's memory system right now?  One
 * dependent-load pointer chase per thread over a working set of its own,
 * for a wall-clock budget; the score is the accesses per second of all
 * threads together.
 *
 * C99 and C++.  The library prints nothing, never ends the program and
 * installs no signal handler: a call that fails returns a status code
 * (enum tachyon_status) and puts one line of text in the caller's buffer.
 * Every call may be made from several threads at once.
 *
 * The structures carry their own size, set by the caller's compiler:
 * tachyon_config_init() records sizeof the caller's struct tachyon_config,
 * and tachyon_run() is given sizeof the caller's struct tachyon_result.
 * New fields are only ever added at the end, so a program built against
 * an older header keeps working with a newer library, and the reverse;
 * TACHYON_HAS() tells whether the library filled in a field.
 *
 * Build with: cc prog.c $(pkg-config --cflags --libs tachyon-probe)
 * Manual: tachyon_run(3), tachyon_config_init(3), tachyon_open(3),
 * tachyon_check_working_set(3), tachyon_strerror(3), tachyon_version(3).
 */
#ifndef TACHYON_PROBE_H
#define TACHYON_PROBE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the calls return: 0 for success, else why they failed. */
enum tachyon_status {
	TACHYON_OK = 0,
	TACHYON_EINVAL = 1,	/* a value out of range, or a null pointer */
	TACHYON_ESIZE = 2,	/* a struct size this library cannot serve */
	TACHYON_ENOMEM = 3,	/* memory for the chains or the check */
	TACHYON_ETHREAD = 4	/* the probe's threads could not be started */
};

/* Room enough for every error line of the library, its NUL included. */
#define TACHYON_ERRLEN	256

/*
 * Whether the library filled in `field` of a struct that carries its
 * size, s being a pointer to it: true when s->size covers the field.
 */
#define TACHYON_HAS(s, field)						\
	((s)->size >= (size_t)((const char *)&(s)->field -		\
	    (const char *)(s)) + sizeof (s)->field)

/* A reading's settings: the tachyon command's options. */
struct tachyon_config {
	size_t		size;		/* set by tachyon_config_init() */
	double		duration_s;	/* wall-clock budget, (0, 86400] (10) */
	uint64_t	working_set_bytes; /* per thread, 4 .. 16 GiB (64 MiB) */
	uint64_t	seed;		/* chain permutation seed (1) */
	unsigned	threads;	/* chains, 1 .. 1024 (usable CPUs) */
};

/* One reading. */
struct tachyon_result {
	size_t		size;		/* bytes the library filled in */
	uint64_t	accesses;	/* completed batches x batch size */
	double		elapsed_s;	/* each thread's chase time, averaged */
	uint64_t	working_set_bytes; /* per thread, as allocated */
	double		million_accesses_per_sec; /* the score */
	double		ns_per_access;	/* per-thread latency */
	unsigned	threads;
	unsigned	pinned_threads;	/* bound to a core of their own */
	int		interrupted;	/* ended early by tachyon_interrupt() */
	/*
	 * The threads' time runnable but waiting for a CPU during the chase
	 * (the kernel's schedstat), summed, and the most one thread waited,
	 * in seconds; negative when the kernel does not say.
	 */
	double		run_wait_s;
	double		max_thread_run_wait_s;
};

/* What tachyon_check_working_set() says of a working set. */
enum tachyon_verdict {
	TACHYON_CLEAR = 0,	/* reads like a footprint past the caches */
	TACHYON_CACHE = 1,	/* clearly faster, twice: cache-resident */
	TACHYON_SKIPPED = 2	/* not tested; the error buffer says why */
};

struct tachyon_check {
	size_t		size;		/* bytes the library filled in */
	int		verdict;	/* enum tachyon_verdict */
	uint64_t	total_bytes;	/* threads x working set, tested */
	uint64_t	large_bytes;	/* the footprint it was read against */
	double		ns_per_load;	/* page-local chase of total_bytes */
	double		large_ns_per_load; /* the same through large_bytes */
	uint64_t	suggest_bytes;	/* per thread, enough to clear; 0 = none */
	double		seconds;	/* the test's wall time */
	unsigned	measurements;	/* 1, or 2 after a first "cache" */
};

/* A probe whose chains are built once and read many times. */
struct tachyon_probe;

/* The library's version, "MAJOR.MINOR.PATCH": keep it with readings. */
const char	*tachyon_version(void);

/* The fixed text of a status code ("invalid argument", ...). */
const char	*tachyon_strerror(int status);

/*
 * Fill *cfg with the tachyon command's defaults; size is sizeof *cfg.
 * Returns TACHYON_OK, or TACHYON_ESIZE (TACHYON_EINVAL for a null cfg).
 */
int		 tachyon_config_init(struct tachyon_config *cfg, size_t size);

/*
 * Build the chains, take one reading of cfg->duration_s, free them.
 * res_size is sizeof *res; err (errlen bytes, may be NULL) gets one line
 * when the call fails.  The working set is not checked against the
 * caches: see tachyon_check_working_set().
 */
int		 tachyon_run(const struct tachyon_config *cfg,
		    struct tachyon_result *res, size_t res_size, char *err,
		    size_t errlen);

/* The same in steps: build once, then read as often as wanted. */
int		 tachyon_open(const struct tachyon_config *cfg,
		    struct tachyon_probe **probe, char *err, size_t errlen);
int		 tachyon_measure(struct tachyon_probe *probe, double seconds,
		    struct tachyon_result *res, size_t res_size, char *err,
		    size_t errlen);
/*
 * End the reading in progress, and any later one, at its threads' next
 * batch boundary.  Async-signal-safe: a signal handler may call it.
 */
void		 tachyon_interrupt(struct tachyon_probe *probe);
void		 tachyon_close(struct tachyon_probe *probe);

/*
 * The tachyon command's cache check: does threads x working_set_bytes
 * read like memory past the caches, or like cache?  chk_size is
 * sizeof *chk.
 */
int		 tachyon_check_working_set(const struct tachyon_config *cfg,
		    struct tachyon_check *chk, size_t chk_size, char *err,
		    size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* TACHYON_PROBE_H */
