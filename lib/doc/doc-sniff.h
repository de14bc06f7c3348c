/* SPDX-License-Identifier: MIT */
/*
 * What a file is when it is not what a program expected: a result
 * document, threadstone-sweep's JSON, a tachyon record or records, a
 * threadstone-verify verdict, an Ed25519 private or public key.  So that
 * a wrong file is named as what it is instead of by the parser's
 * complaint about it.
 */
#ifndef TS_DOC_SNIFF_H
#define TS_DOC_SNIFF_H

#include <stddef.h>

enum ts_file_kind {
	TS_KIND_UNKNOWN,	/* none of these (or not recognisable) */
	TS_KIND_RESULT,		/* a threadstone result document */
	TS_KIND_SWEEP,		/* threadstone-sweep --json output */
	TS_KIND_TACHYON,	/* one tachyon record (a JSON object) */
	TS_KIND_TACHYON_LINES,	/* tachyon records, one JSON object a line */
	TS_KIND_VERDICT,	/* threadstone-verify --json output */
	TS_KIND_PRIVATE_KEY,	/* DER PKCS#8 Ed25519 private key */
	TS_KIND_PUBLIC_KEY	/* 32 raw bytes, keygen's .pub */
};

/* What data[0..len) looks like. */
enum ts_file_kind ts_file_kind(const char *data, size_t len);

/*
 * The kind in words, after "PATH is ", naming no program (the programs
 * may be installed under other names): "a threadstone result document",
 * "threadstone sweep output", "a memory-probe record", "memory-probe
 * records", "threadstone verify output", "an Ed25519 private key (DER PKCS#8)",
 * "a raw Ed25519 public key (32 bytes)"; NULL for TS_KIND_UNKNOWN.
 */
const char	*ts_file_kind_name(enum ts_file_kind);

#endif /* TS_DOC_SNIFF_H */
