/* SPDX-License-Identifier: MIT */
/*
 * threadstone-sweep --loaded and --numa: latency under load and the NUMA
 * matrix, from the program's options to the outputs it writes.
 */
#ifndef TS_SWEEP_LOADED_MAIN_H
#define TS_SWEEP_LOADED_MAIN_H

#include <stdbool.h>
#include <stdint.h>

#include "sweep/sweep-loaded.h"

struct loaded_opts {
	bool		 curve;		/* --loaded (or --mix, --delays) */
	bool		 numa;		/* --numa */
	enum ts_load_mix mixes[TS_MIX_COUNT];
	int		 nmixes;
	uint64_t	 delays[TS_LOADED_MAX_DELAYS];
	int		 ndelays;
	uint64_t	 chase_bytes;	/* 0: the default */
	uint64_t	 window_ms;
	unsigned	 readings;	/* per point of the curves (--repeat) */
	bool		 huge_pages;
	bool		 quiet;
	const char	*out;
	const char	*plot;
};

/* The default chase: past the data caches of every VM measured. */
#define TS_LOADED_CHASE_DEFAULT	(256 * TS_MIB)
/* Each load thread's buffer, its three streams together. */
#define TS_LOADED_LOAD_BYTES	(192 * TS_MIB)
/* Each chase order's reading per point, by default. */
#define TS_LOADED_WINDOW_MS	100u

struct ts_buf;

/*
 * b's JSON to out: standard output for "-", else the file written whole
 * ("wrote PATH" unless quiet); the exit status.
 */
int	 sweep_write_out(const char *out, const struct ts_buf *b, bool quiet);

/* Run, print or write what was asked; return the exit status. */
int	 sweep_loaded(struct loaded_opts *);

#endif /* TS_SWEEP_LOADED_MAIN_H */
