/* SPDX-License-Identifier: MIT */
/*
 * Who wrote a result document: the Rust ThreadStone, this package, or
 * nobody we can name, and with which compiler.  Read from tool_version,
 * extensions.producer and extensions.compiler (ours only) and
 * system.rustc_version (the original's rustc; ours puts the C compiler
 * there).  threadstone-compare uses it to tell a change of tool from a
 * change of machine or code.
 */
#ifndef TS_DOC_PRODUCER_H
#define TS_DOC_PRODUCER_H

#include <stdbool.h>

#include "doc/doc-model.h"

enum ts_producer_family {
	TS_FAMILY_UNKNOWN,	/* fields missing or of no producer we know */
	TS_FAMILY_RUST,		/* ThreadStone, the Rust original */
	TS_FAMILY_C		/* threadstone, this package */
};

/* "rustc 1.81.0-nightly (...)" is 1.81.0 with prerelease set. */
struct ts_rustc_version {
	bool		set;
	unsigned	major, minor, patch;
	bool		prerelease;	/* -nightly, -beta.N, -dev */
};

struct ts_producer {
	enum ts_producer_family	 family;
	/* tool_version, for the Rust and C families; NULL otherwise. */
	char			*version;
	/* The rustc that built a Rust-family producer, parsed. */
	struct ts_rustc_version	 rustc;
	/*
	 * One printable line that names the producer, e.g.
	 * "ThreadStone 2.0.0 (rustc 1.83.0)", "threadstone 0.2.0 (C, gcc
	 * 12.2.0)" or "unknown producer (tool_version 2.0.0)".  Documents with
	 * equal descriptions count as coming from the same producer.
	 */
	char			*description;
};

/*
 * Describe the producer of r into out (freed with ts_producer_free).
 * Missing, mistyped or odd fields give the unknown family, never an error.
 */
void	 ts_producer_of(const struct ts_report *r, struct ts_producer *out);
void	 ts_producer_free(struct ts_producer *);

/*
 * Parse "rustc 1.83.0 (90b35a623 2024-11-26)" into out; return 0, or -1
 * (out->set false) when s is not such a line.
 */
int	 ts_rustc_version_parse(const char *s, struct ts_rustc_version *out);

#endif /* TS_DOC_PRODUCER_H */
