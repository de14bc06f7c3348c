/* SPDX-License-Identifier: MIT */
/*
 * The typed result document, schema version 2 (ThreadStone 2.0.0 section
 * 8).  threadstone-run fills one in; the readers (lib/doc/doc-read.c) parse a
 * file into one; the writers (lib/doc/doc-write.c) produce the pretty file and
 * the canonical bytes that are signed.  Field order here is emission order.
 *
 * Ownership: every pointer is owned by the struct that holds it and freed
 * by ts_report_free().  Optional scalars are a struct ts_opt_*; optional
 * strings and objects are NULL when absent.
 */
#ifndef TS_DOC_MODEL_H
#define TS_DOC_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doc/doc-ext.h"
#include "units.h"

#define TS_SCHEMA_VERSION	2
#define TS_REFERENCE_NAME	"ThreadStone Reference Core v1"
#define TS_EXCLUSION_TEXT	"measured single-threaded only: partitioning " \
	"the working set across threads would shrink each slice into cache " \
	"and report a flattering number that does not describe the machine"

enum ts_stability {
	TS_STABLE,		/* cv < 0.01 */
	TS_ACCEPTABLE,		/* cv < 0.03 */
	TS_NOISY,		/* cv < 0.10 */
	TS_UNRELIABLE		/* otherwise, and for a non-finite cv */
};

/* The JSON names of the stability classes (the units': units.h). */
const char	*ts_stability_name(enum ts_stability);
int		 ts_stability_from_name(const char *, enum ts_stability *);

struct ts_stats {
	uint64_t		n;
	uint64_t		outliers;
	double			median, mean, stddev, cv, min, max, p05, p95,
				ci95;
	enum ts_stability	stability;
};

struct ts_pass {
	uint64_t	 threads;
	uint64_t	 iters_per_thread;
	double		 value;
	double		*samples;
	size_t		 nsamples;
	struct ts_stats	 stats;
	double		 window_ms;
	bool		 window_too_short;	/* emitted only when true */
};

struct ts_scaling {
	double		speedup;
	double		efficiency;
	uint64_t	threads;
};

struct ts_workload {
	char			*id;
	char			*name;
	char			*summary;
	enum ts_unit		 unit;
	double			 reference;
	struct ts_pass		*single;	/* NULL when absent */
	struct ts_pass		*multi;		/* NULL when absent */
	struct ts_scaling	*scaling;	/* NULL when absent */
	char			*excluded_from_multi_core;
	char			*error;
};

struct ts_build_profile {
	char		*opt_level;		/* required, "unknown" if so */
	bool		 debug_assertions;
	char		*target_cpu;		/* optional */
	char		*target_features;	/* optional */
};

struct ts_timer {
	char		*cycle_source;
	double		 cycle_hz;
	uint64_t	 resolution_ns;
	double		 overhead_ns;
};

struct ts_system {
	char			*cpu_model;		/* optional */
	char			*cpu_vendor;		/* optional */
	struct ts_opt_u64	 physical_cores;
	uint64_t		 logical_cores;		/* required */
	struct ts_opt_u64	 performance_cores;
	struct ts_opt_u64	 efficiency_cores;
	struct ts_opt_u64	 l1d_bytes;
	struct ts_opt_u64	 l2_bytes;
	struct ts_opt_u64	 l3_bytes;
	struct ts_opt_u64	 cache_line_bytes;
	struct ts_opt_u64	 memory_bytes;
	char			*os;			/* required */
	char			*os_version;		/* optional */
	char			*target;		/* required */
	char			*rustc_version;		/* optional: compiler */
	struct ts_build_profile	 build_profile;
	struct ts_timer		 timer;
};

struct ts_config {
	uint64_t	threads;
	uint32_t	samples;
	uint32_t	warmup;
	uint64_t	window_ms;
};

struct ts_component {
	char		*id;
	double		 measured;
	double		 reference;
	double		 ratio;
};

struct ts_score {
	char			*reference;	/* TS_REFERENCE_NAME */
	bool			 has_single_core;
	double			 single_core;
	bool			 has_multi_core;
	double			 multi_core;
	struct ts_component	*single_components;
	size_t			 nsingle_components;
	struct ts_component	*multi_components;
	size_t			 nmulti_components;
};

/*
 * The signature object.  value signs what ThreadStone 2.0.0 signs (the
 * canonical bytes of the typed document, 9.1).  document_value is ours:
 * the same key's signature over the whole document without "signature"
 * (extensions and every other key included, see ts_doc_parse()); the
 * original ignores the member.  We write it when the document has
 * "extensions", which value does not cover.
 */
struct ts_signature {
	char	*algorithm;	/* "ed25519" */
	char	*public_key;	/* base64 of 32 bytes */
	char	*value;		/* base64 of 64 bytes */
	char	*document_value; /* base64 of 64 bytes, or NULL */
};

struct ts_report {
	uint32_t		 schema_version;
	char			*tool_version;
	char			*generated_at;
	double			 duration_secs;
	struct ts_system	 system;
	struct ts_config	 config;
	struct ts_workload	*workloads;
	size_t			 nworkloads;
	struct ts_score		 score;
	struct ts_extensions	 ext;		/* "extensions" (doc-ext.h) */
	struct ts_signature	*signature;	/* NULL when unsigned */
	/*
	 * Filled by the reader: the JSON paths of keys that the typed model
	 * does not know ("workloads[0].injected"), which the signature does
	 * not cover.  "extensions" is known and not listed.
	 */
	char			**unknown_keys;
	size_t			 nunknown_keys;
	/*
	 * Filled by the reader: the canonical bytes of the whole document
	 * as read, without its top-level "signature" (every key, known or
	 * not, with "extensions"), which signature.document_value signs.
	 * NULL for a report built in memory.
	 */
	char			*whole_canonical;
	size_t			 nwhole_canonical;
};

/* Free everything a report owns (not the struct itself); NULL-safe. */
void	ts_report_free(struct ts_report *);

/* Free the strings of a system block and zero it. */
void	ts_system_free(struct ts_system *);
void	ts_pass_free(struct ts_pass *);

/*
 * Replace every double a pass holds (its value, window, statistics and
 * samples) by fn of it.
 */
void	ts_pass_map_doubles(struct ts_pass *, double (*fn)(double));

/*
 * Replace every double of a report that a document writes as a float
 * (the run's duration, the timer, each workload's reference, passes and
 * scaling, the scores and their components) by fn of it.
 */
void	ts_report_map_doubles(struct ts_report *, double (*fn)(double));

/* Free a score's reference name and components and zero it; NULL-safe. */
void	ts_score_free(struct ts_score *);

#endif /* TS_DOC_MODEL_H */
