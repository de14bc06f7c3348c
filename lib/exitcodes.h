/* SPDX-License-Identifier: MIT */
/*
 * Exit statuses shared by every threadstone program, and documented
 * identically in every man page's EXIT STATUS section.
 */
#ifndef TS_EXITCODES_H
#define TS_EXITCODES_H

/* The program did what was asked; for verify, the file passed. */
#define TS_EXIT_OK		0
/*
 * A runtime failure (unreadable file, allocation, I/O), or for
 * threadstone-verify a file that failed verification.
 */
#define TS_EXIT_FAILURE		1
/* The command line was wrong: unknown option, bad or out-of-range value. */
#define TS_EXIT_USAGE		2
/*
 * The measurement or comparison ran and its answer was negative:
 * tachyon --min-score found the host below the threshold,
 * threadstone-compare --fail-on-regression found a significant regression.
 */
#define TS_EXIT_NEGATIVE	3
/*
 * threadstone-history check had nothing to judge by: no history of the
 * host yet, or too few runs since each series' last change.  Neither a
 * regression nor its absence: a gate tells it from 0.
 */
#define TS_EXIT_NOT_CHECKED	4

#endif /* TS_EXITCODES_H */
