/* SPDX-License-Identifier: MIT */
/*
 * What a measurement record is for tachyon-analyze's readers
 * (fleet-read.c and fleet-read-prom.c): the formats, the keys a record
 * must hold, and the record handed out.  Types only.
 */
#ifndef TS_FLEET_REC_H
#define TS_FLEET_REC_H

#include <stdbool.h>
#include <stdint.h>

/*
 * The longest line a record may be, in bytes without its newline: a
 * longer line stops the reading (its length is not held in memory).
 */
#define TS_RECORD_MAX_LINE	(1024 * 1024)

/* The deepest nesting of a JSON record (json-c's own limit is 32). */
#define TS_RECORD_MAX_DEPTH	32

enum ts_recfmt {
	TS_RECFMT_AUTO,		/* '{' first: JSON Lines, else CSV */
	TS_RECFMT_JSONL,
	TS_RECFMT_CSV,
	TS_RECFMT_PROM		/* Prometheus text: '#' first under auto */
};

/* The three values a record must hold, by key (dotted for JSON). */
struct ts_reckeys {
	const char	*time;
	const char	*score;
	const char	*host;
};

/* One record: pointers valid until the next call. */
struct ts_rec {
	const char	*host;
	double		 t, s;
	uint64_t	 line;		/* 1-based line number in its input */
	const char	*text;		/* the line, without its newline */
	enum ts_recfmt	 fmt;		/* the input's format */
	/*
	 * The record's wrapped command (tachyon --wrap) failed: an
	 * "exit_status" other than 0, or a "signal" (JSON keys, or CSV
	 * columns of those names).  Records without them did not fail.
	 */
	bool		 failed;
};

#endif /* TS_FLEET_REC_H */
