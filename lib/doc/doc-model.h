/* SPDX-License-Identifier: MIT */
/*
 * The typed result document, schema version 2 (ThreadStone 2.0.0 section
 * 8).  threadstone-run fills one in; the readers (lib/doc-read.c) parse a
 * file into one; the writers (lib/doc-write.c) produce the pretty file and
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

struct json_object;

#define TS_SCHEMA_VERSION	2
#define TS_REFERENCE_NAME	"ThreadStone Reference Core v1"
#define TS_EXCLUSION_TEXT	"measured single-threaded only: partitioning " \
	"the working set across threads would shrink each slice into cache " \
	"and report a flattering number that does not describe the machine"

enum ts_unit {
	TS_UNIT_DHRYSTONES_PER_SEC,	/* "dhrystones_per_sec", label "Dhry/s" */
	TS_UNIT_GFLOPS,			/* "gflops", "GFLOP/s" */
	TS_UNIT_GIB_PER_SEC,		/* "gib_per_sec", "GiB/s" */
	TS_UNIT_MIB_PER_SEC,		/* "mib_per_sec", "MiB/s" */
	TS_UNIT_MELEM_PER_SEC,		/* "melem_per_sec", "Melem/s" */
	TS_UNIT_NANOSECONDS		/* "nanoseconds", "ns"; lower is better */
};

enum ts_stability {
	TS_STABLE,		/* cv < 0.01 */
	TS_ACCEPTABLE,		/* cv < 0.03 */
	TS_NOISY,		/* cv < 0.10 */
	TS_UNRELIABLE		/* otherwise, and for a non-finite cv */
};

/* The JSON names and display labels of the enumerations above. */
const char	*ts_unit_name(enum ts_unit);
const char	*ts_unit_label(enum ts_unit);
int		 ts_unit_from_name(const char *, enum ts_unit *);
const char	*ts_stability_name(enum ts_stability);
int		 ts_stability_from_name(const char *, enum ts_stability *);

struct ts_opt_u64 {
	bool		set;
	uint64_t	v;
};

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

/*
 * The top-level keys of "extensions" that we write, in emission order.
 * The bit (1u << key) of ts_extensions.have says a key's typed field is
 * set.
 */
enum ts_ext_key {
	TS_EXT_PRODUCER,
	TS_EXT_COMPILER,
	TS_EXT_CFLAGS,
	TS_EXT_CONFIGURE_HOST,
	TS_EXT_ASSERTIONS,
	TS_EXT_DEBUG_ASSERTIONS_MEANS,
	TS_EXT_KERNEL_RELEASE,
	TS_EXT_L3_TOTAL_BYTES,
	TS_EXT_LLC,
	TS_EXT_CPUS,
	TS_EXT_PINNING,
	TS_EXT_BUFFERS,
	TS_EXT_CPU_KINDS,
	TS_EXT_NKEYS,
	/* In ts_extensions.order: the next key of ts_extensions.other. */
	TS_EXT_OTHER = TS_EXT_NKEYS
};

/* extensions.llc: the last-level cache (its largest instance). */
struct ts_ext_llc {
	uint64_t	level;
	uint64_t	bytes;
};

/* extensions.cpus: the CPUs the run could use and the threads it used. */
struct ts_ext_cpus {
	uint64_t		affinity;
	struct ts_opt_u64	cgroup_quota;
	uint64_t		usable;
	uint64_t		threads_requested;
	uint64_t		threads_used;
	bool			oversubscribed;
};

/* extensions.pinning: a reason when not enabled, else policy and cores. */
struct ts_ext_pinning {
	bool			 enabled;
	char			*reason;	/* optional */
	char			*policy;	/* optional */
	struct ts_opt_u64	 cores;
	uint64_t		 workers;
	uint64_t		 workers_bound;
};

/* extensions.buffers.ID: the sized buffer of workload ID, and its check. */
struct ts_ext_buffer {
	char			*id;		/* the member's key */
	uint64_t		 bytes;
	bool			 huge_pages_requested;
	struct ts_opt_u64	 page_bytes;
	char			*decision;
	struct ts_opt_u64	 check_large_bytes;	/* set: checked */
	bool			 has_check_ns;		/* both or neither */
	double			 check_ns;
	double			 check_large_ns;
	bool			 has_check_seconds;
	double			 check_seconds;
};

struct ts_ext_buffers {
	struct ts_ext_buffer	*buf;		/* in the document's order */
	size_t			 nbuf;
	char			*transparent_hugepage;	/* optional */
	uint64_t		 base_page_bytes;
};

/* extensions.cpu_kinds.kinds[]: one CPU kind, the most performant first. */
struct ts_ext_kind {
	char			*name;
	uint64_t		 hwloc_rank;
	struct ts_opt_u64	 efficiency;
	uint64_t		 cores;
};

/* extensions.cpu_kinds.per_kind.WORKLOAD.KIND: one single-thread pass. */
struct ts_ext_kind_pass {
	char		*kind;		/* the member's key */
	uint64_t	 core;
	char		*cpus;
	bool		 pinned;
	char		*error;		/* set: not run, and no figures */
	double		 value;
	double		 cv;
	double		 ci95;
	char		*stability;
	uint64_t	 samples;
	uint64_t	 iters_per_thread;
};

/* extensions.cpu_kinds.per_kind.WORKLOAD: its passes, kind by kind. */
struct ts_ext_kind_workload {
	char			*workload;	/* the member's key */
	struct ts_ext_kind_pass	*passes;
	size_t			 npasses;
};

/* extensions.cpu_kinds.multi_thread.workers.KIND */
struct ts_ext_kind_workers {
	char		*kind;
	uint64_t	 n;
};

/* extensions.cpu_kinds.single_thread: where the single-thread passes ran. */
struct ts_ext_kind_single {
	char			*kind;
	struct ts_opt_u64	 core;
	char			*cpus;		/* optional */
	struct ts_opt_u64	 passes;
	struct ts_opt_u64	 passes_pinned;
	bool			 pinned;
	char			*reason;	/* optional */
};

/*
 * extensions.cpu_kinds: which kinds the machine has, where the
 * single-thread passes ran, the multi-thread workers on each kind and,
 * with --per-kind, every workload's single-thread figure on each kind
 * (lib/doc-kinds.c builds and reads it).
 */
struct ts_ext_cpu_kinds {
	struct ts_ext_kind	*kinds;
	size_t			 nkinds;
	struct ts_ext_kind_single single_thread;
	bool			 has_multi_thread;
	uint64_t		 multi_threads;
	/* Workers per kind when pinned, else the text saying why not. */
	bool			 workers_pinned;
	struct ts_ext_kind_workers *workers;
	size_t			 nworkers;
	char			*workers_text;
	bool			 has_per_kind;
	struct ts_ext_kind_workload *per_kind;
	size_t			 nper_kind;
	char			*single_core_score_kind;
};

/*
 * Our additions, written under the top-level key "extensions" after
 * "score".  The original ignores unknown keys, so they are outside the
 * canonical bytes and the signature; verify says so.
 *
 * A document read from a file may carry keys we do not know (from the
 * original's later versions or other tools), or one of ours whose value
 * is not exactly what we would write (another type, other members or
 * member order).  Those are kept, untouched, in other; order records
 * where each key stood so that a rewritten document keeps them in
 * place.  A document we produce has order NULL: known keys in enum
 * order, then other's.
 */
struct ts_extensions {
	bool			 present;	/* the document has the key */
	unsigned		 have;		/* 1u << enum ts_ext_key */
	char			*producer;
	char			*compiler;
	char			*cflags;
	char			*configure_host;
	bool			 assertions;
	char			*debug_assertions_means;
	char			*kernel_release;
	uint64_t		 l3_total_bytes;
	struct ts_ext_llc	 llc;
	struct ts_ext_cpus	 cpus;
	struct ts_ext_pinning	 pinning;
	struct ts_ext_buffers	 buffers;
	struct ts_ext_cpu_kinds	 cpu_kinds;
	/*
	 * Unknown or irregular keys in document order; or, when the
	 * document's "extensions" is not an object, that value itself
	 * (have is then 0 and order NULL).  NULL when none.
	 */
	struct json_object	*other;
	unsigned char		*order;		/* enum ts_ext_key, or NULL */
	size_t			 norder;
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
	struct ts_extensions	 ext;		/* "extensions" */
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
void	ts_pass_free(struct ts_pass *);
void	ts_extensions_free(struct ts_extensions *);
/* Append a zeroed buffer record for workload id to b; return it. */
struct ts_ext_buffer *ts_ext_buffer_add(struct ts_ext_buffers *b,
	    const char *id);
void	ts_ext_cpu_kinds_free(struct ts_ext_cpu_kinds *);

/* The JSON name of a known extensions key ("cpu_kinds"). */
const char	*ts_ext_key_name(enum ts_ext_key);
/*
 * Whether the extensions have key k at all: typed, or kept as JSON
 * because its value is not what we write (of another type, say).
 */
bool		 ts_ext_has(const struct ts_extensions *, enum ts_ext_key);

#endif /* TS_DOC_MODEL_H */
