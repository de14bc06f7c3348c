/* SPDX-License-Identifier: MIT */
/*
 * Latency under load: one thread chases pointers through a buffer larger
 * than the caches (the sweep's random chase and its page-local chase,
 * mem-chase.h) while load threads on the other cores stream through
 * buffers of their own with a kernel of the chosen read:write mix,
 * pausing `delay` spin steps after every 64-byte line of every stream.
 * Each point pairs the bandwidth the load threads moved with the latency
 * the chase saw in the same window: with no delay the load is at its
 * peak, and as the delay grows it fades until the chase runs alone.
 *
 * The calling thread is the latency thread; the load threads are made
 * and bound by ts_loaded_open (through cfg.bind) and first touch their
 * own buffers, so on a NUMA machine the memory is their node's unless a
 * memory policy says otherwise.  Nothing here prints.
 */
#ifndef TS_SWEEP_LOADED_H
#define TS_SWEEP_LOADED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The load kernels: bytes moved per 8-byte element are 8, 24 and 16. */
enum ts_load_mix {
	TS_MIX_READ,	/* s += a[i]: read only */
	TS_MIX_TRIAD,	/* a[i] = b[i] + q * c[i]: 2 reads to 1 write */
	TS_MIX_COPY	/* a[i] = b[i]: 1 read to 1 write */
};
#define TS_MIX_COUNT	3

/* The mix's name ("read", "triad", "copy"), and back (-1 if unknown). */
const char	*ts_mix_name(enum ts_load_mix);
int		 ts_mix_parse(const char *);
/* Bytes a mix counts per element of each stream: 8, 24, 16. */
unsigned	 ts_mix_bytes(enum ts_load_mix);

/*
 * A comma-separated list of mixes ("triad,read"; "all") into mixes[],
 * in the order given, each once.  Return the count, or -1 with the
 * offending word in err.
 */
int		 ts_mix_list(const char *, enum ts_load_mix *mixes, char *err,
		    size_t errlen);

/* The most delays a schedule holds. */
#define TS_LOADED_MAX_DELAYS	64
/* The default schedule's largest delay, in spin steps per line. */
#define TS_LOADED_DEFAULT_MAX_DELAY	UINT64_C(5000)
/* A delay no schedule may pass: past it the load is long negligible. */
#define TS_LOADED_DELAY_LIMIT	UINT64_C(100000000)

/*
 * The default schedule: 0, then 1, 2, 5, 10, 20, 50, ... up to max,
 * ascending.  Return the count.
 */
size_t		 ts_loaded_delays(uint64_t max, uint64_t *delays, size_t cap);
/*
 * A comma-separated list of whole numbers (each at most
 * TS_LOADED_DELAY_LIMIT) into delays[], sorted ascending, duplicates
 * dropped.  Return the count, or -1 with what was wrong in err.
 */
int		 ts_loaded_delay_list(const char *, uint64_t *delays,
		    size_t cap, char *err, size_t errlen);

/*
 * The load kernels, one call per run of `lines` 64-byte lines
 * (TS_LOADED_LINE_ELEMS elements of each stream), each line followed by
 * `delay` empty spin steps (none for 0): the load threads call them on
 * 64 lines at a time, and the unit test on small arrays.
 */
#define TS_LOADED_LINE_ELEMS	8

/*
 * The read mix's running sums: element k of every line is added to s[k].
 * They carry over from one call to the next and are only summed when
 * the load stops, so no line ends in a reduction: the eight chains are
 * all the work a line adds to its loads.
 */
struct ts_loaded_sums {
	double		 s[TS_LOADED_LINE_ELEMS];
};

/* s[k] += a[i] for each element i of the lines, k = i % 8. */
void		 ts_loaded_read(struct ts_loaded_sums *, const double *a,
		    size_t lines, uint64_t delay);
/* a[i] = b[i] + q * c[i], a 16-byte aligned (stored past the caches). */
void		 ts_loaded_triad(double *a, const double *b, const double *c,
		    double q, size_t lines, uint64_t delay);
/* a[i] = b[i], a 16-byte aligned (stored past the caches). */
void		 ts_loaded_copy(double *a, const double *b, size_t lines,
		    uint64_t delay);

struct ts_loaded_cfg {
	uint64_t	 chase_bytes;	/* the latency thread's buffer */
	uint64_t	 load_bytes;	/* each load thread's buffer, all streams */
	unsigned	 load_threads;	/* 0: the idle point alone */
	double		 window_s;	/* each chase order's reading, > 0 */
	uint64_t	 seed;
	bool		 huge_pages;
	/* Called by each load thread (1..load_threads) before it touches
	 * its buffer; returns 0 when bound.  NULL: no binding. */
	int		(*bind)(void *arg, unsigned thread);
	void		*bind_arg;
};

struct ts_loaded_point {
	enum ts_load_mix mix;
	uint64_t	 delay;		/* spin steps per line */
	bool		 idle;		/* no load thread ran */
	double		 bandwidth;	/* bytes per second the load moved */
	double		 random_ns;	/* random chase, ns per load */
	double		 local_ns;	/* page-local chase, ns per load */
	double		 seconds;	/* the window both readings took */
};

/* A point's raw counts: what the window saw, before any division. */
struct ts_loaded_raw {
	uint64_t	 bytes;		/* moved by all load threads */
	double		 seconds;	/* the window */
	uint64_t	 random_hops;	/* the random chase's loads */
	double		 random_s;	/*   and its time */
	uint64_t	 local_hops;	/* the page-local chase's */
	double		 local_s;
};

/*
 * A point from its raw counts: bandwidth = bytes / seconds (0 when idle),
 * each latency = time / hops in ns (NaN when no hop was timed).
 */
void		 ts_loaded_assemble(const struct ts_loaded_raw *, bool idle,
		    struct ts_loaded_point *);

struct ts_loaded;

/*
 * Map and link the chase, start the load threads and let each map and
 * fill its buffer.  Return NULL with a reason in err.  *bound gets the
 * number of load threads whose bind call succeeded.
 */
struct ts_loaded *ts_loaded_open(const struct ts_loaded_cfg *,
		    unsigned *bound, char *err, size_t errlen);
/*
 * One point: with idle, the chase alone; else the load threads run the
 * mix at the delay, settle, and the chase is read in both orders while
 * their bytes are counted.  Return 0, or -1 with a reason in err.
 */
int		 ts_loaded_point(struct ts_loaded *, enum ts_load_mix,
		    uint64_t delay, bool idle, struct ts_loaded_point *,
		    char *err, size_t errlen);
/* The page size backing the chase buffer. */
uint64_t	 ts_loaded_chase_page(const struct ts_loaded *);
void		 ts_loaded_close(struct ts_loaded *);

/*
 * Whether a curve's bandwidth falls (or stays within tol, a fraction)
 * as its delay grows: points[] in ascending delay.  The number of
 * steps that rose by more than tol goes to *rises.
 */
bool		 ts_loaded_monotone(const struct ts_loaded_point *, size_t n,
		    double tol, size_t *rises);

#endif /* TS_SWEEP_LOADED_H */
