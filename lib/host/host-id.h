/* SPDX-License-Identifier: MIT */
/*
 * Who measured: the host identity tachyon appends to its JSON records
 * (hostname, kernel release, CPU model and the DMI fields a cloud fleet
 * needs, each only when readable without root), and the user's own
 * --tag KEY=VALUE fields.  Only libc.
 */
#ifndef TS_PROBE_HOST_H
#define TS_PROBE_HOST_H

#include <stddef.h>

#include "buf.h"

/* The DMI fields read from /sys/class/dmi/id, in output order. */
#define TS_HOSTID_DMI_FIELDS	5

struct ts_hostid {
	char	*hostname;		/* gethostname(); NULL if unknown */
	char	*kernel_release;	/* uname -r */
	char	*cpu_model;		/* /proc/cpuinfo "model name" or "Model" */
	/* sys_vendor, product_name, board_asset_tag, chassis_asset_tag,
	   product_uuid: NULL when absent, empty or unreadable. */
	char	*dmi[TS_HOSTID_DMI_FIELDS];
	/* The best identity: board_asset_tag (an EC2 instance id), else
	   product_uuid, else chassis_asset_tag, else hostname. */
	const char *host_id;
};

/* One --tag KEY=VALUE. */
struct ts_tag {
	char	*key;
	char	*value;
};

/*
 * Read the identity of this host; dmi_dir is the DMI directory (NULL:
 * /sys/class/dmi/id; tests pass a fixture).  Never fails: what cannot be
 * read is left NULL.
 */
void	 ts_hostid_read(struct ts_hostid *, const char *dmi_dir);
void	 ts_hostid_free(struct ts_hostid *);

/* The longest --tag VALUE, in bytes. */
#define TS_TAG_MAX_VALUE	1024

/*
 * Parse "KEY=VALUE": KEY is 1..64 of [A-Za-z0-9_.-], not a key the
 * record writes itself (a reading's keys, the host identity's, and the
 * cache_check, auto_ and dmi_ families) and not the key of one of the
 * nprev tags before it; VALUE is at most TS_TAG_MAX_VALUE bytes of valid
 * UTF-8 without control characters (U+0000 to U+001F, U+007F to U+009F).
 * Return 0 and fill *t (malloc'd), or -1 with the reason in err, where
 * writer names the program that writes the record.
 */
int	 ts_tag_parse(const char *arg, const char *writer,
	    const struct ts_tag *prev, size_t nprev, struct ts_tag *t,
	    char *err, size_t errlen);

/*
 * Whether value[0..len) is a --tag VALUE by ts_tag_parse's rule (a NUL
 * among the len bytes is the control character U+0000).  Return 0, or
 * -1 with the reason in why, worded to follow the value's name ("is not
 * valid UTF-8 (byte 3, 0xff)", "holds the control character U+001B
 * (byte 1)"); the value itself is never quoted.  threadstone-history
 * holds host names to the same rule.
 */
int	 ts_tag_value_check(const char *value, size_t len, char *why,
	    size_t whylen);

/*
 * Append ,"host_id":...,"hostname":...,"kernel_release":...,
 * "cpu_model":..., the DMI fields present, then the tags, to an open
 * JSON object in b.  id may be NULL (only the tags).
 */
void	 ts_hostid_json(struct ts_buf *b, const struct ts_hostid *id,
	    const struct ts_tag *tags, size_t ntags);

#endif /* TS_PROBE_HOST_H */
