/* SPDX-License-Identifier: MIT */
/*
 * The extension keys we know: their table (in the order a document we
 * produce has them), and the descriptors and typed records of the plain
 * ones, the facts of the build, the host and the run.  cpu_kinds is in
 * doc-ext-kinds.h.  How to add a key: the comment above the table in
 * doc-ext-keys.c.
 */
#ifndef TS_DOC_EXT_KEYS_H
#define TS_DOC_EXT_KEYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "doc/doc-ext.h"
#include "doc/doc-model.h"

extern const struct ts_ext_key *const ts_ext_keys[];
extern const size_t ts_next_keys;

/* The known key named name, or NULL. */
const struct ts_ext_key *ts_ext_find(const char *name);

/* String-valued keys; their record is a char * (NULL: not a string). */
extern const struct ts_ext_key ts_ext_key_producer;
extern const struct ts_ext_key ts_ext_key_compiler;
extern const struct ts_ext_key ts_ext_key_cflags;
extern const struct ts_ext_key ts_ext_key_configure_host;
extern const struct ts_ext_key ts_ext_key_debug_assertions_means;
extern const struct ts_ext_key ts_ext_key_kernel_release;
extern const struct ts_ext_key ts_ext_key_cpu_features;
/* The string of a string-valued key, or NULL. */
const char	*ts_ext_string(const struct ts_extensions *,
		    const struct ts_ext_key *);
/* Set a string-valued key to a copy of s. */
void		 ts_ext_set_string(struct ts_extensions *,
		    const struct ts_ext_key *, const char *s);

/* extensions.assertions: a bool. */
extern const struct ts_ext_key ts_ext_key_assertions;
/* extensions.l3_total_bytes: a uint64_t. */
extern const struct ts_ext_key ts_ext_key_l3_total_bytes;

/* extensions.llc: the last-level cache (its largest instance). */
struct ts_ext_llc {
	uint64_t	level;
	uint64_t	bytes;
};
extern const struct ts_ext_key ts_ext_key_llc;

/* extensions.cpus: the CPUs the run could use and the threads it used. */
struct ts_ext_cpus {
	uint64_t		affinity;
	struct ts_opt_u64	cgroup_quota;
	uint64_t		usable;
	uint64_t		threads_requested;
	uint64_t		threads_used;
	bool			oversubscribed;
};
extern const struct ts_ext_key ts_ext_key_cpus;

/* extensions.pinning: a reason when not enabled, else policy and cores. */
struct ts_ext_pinning {
	bool			 enabled;
	char			*reason;	/* optional */
	char			*policy;	/* optional */
	struct ts_opt_u64	 cores;
	uint64_t		 workers;
	uint64_t		 workers_bound;
};
extern const struct ts_ext_key ts_ext_key_pinning;

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

/* extensions.buffers: the workloads' buffers, then the pages. */
struct ts_ext_buffers {
	struct ts_ext_buffer	*buf;		/* in the document's order */
	size_t			 nbuf;
	char			*transparent_hugepage;	/* optional */
	uint64_t		 base_page_bytes;
};
extern const struct ts_ext_key ts_ext_key_buffers;
/* Append a zeroed buffer record for workload id to b; return it. */
struct ts_ext_buffer *ts_ext_buffer_add(struct ts_ext_buffers *b,
	    const char *id);

#endif /* TS_DOC_EXT_KEYS_H */
