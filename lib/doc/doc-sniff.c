/* SPDX-License-Identifier: MIT */
/*
 * Telling the files of this package apart by their contents.
 */
#include <config.h>

#include <stdbool.h>
#include <string.h>

#include <json-c/json.h>

#include "doc/doc-parse.h"
#include "doc/doc-sniff.h"

/* Whether object o has every key of keys (NULL-terminated). */
static bool
has_keys(struct json_object *o, const char *const *keys)
{
	if (!json_object_is_type(o, json_type_object))
		return false;
	for (; *keys != NULL; keys++)
		if (!json_object_object_get_ex(o, *keys, NULL))
			return false;
	return true;
}

static const char *const result_keys[] = { "schema_version", "workloads",
	NULL };
static const char *const sweep_keys[] = { "bytes", "latency_ns", NULL };
static const char *const tachyon_keys[] = { "probe", NULL };
static const char *const verdict_keys[] = { "file", "pass", "structure",
	NULL };

/* The kind of one parsed JSON value. */
static enum ts_file_kind
json_kind(struct json_object *v)
{
	if (json_object_is_type(v, json_type_array))
		return json_object_array_length(v) > 0 &&
		    has_keys(json_object_array_get_idx(v, 0), sweep_keys) ?
		    TS_KIND_SWEEP : TS_KIND_UNKNOWN;
	if (has_keys(v, result_keys))
		return TS_KIND_RESULT;
	if (has_keys(v, tachyon_keys))
		return TS_KIND_TACHYON;
	if (has_keys(v, verdict_keys))
		return TS_KIND_VERDICT;
	return TS_KIND_UNKNOWN;
}

enum ts_file_kind
ts_file_kind(const char *data, size_t len)
{
	const unsigned char *u = (const unsigned char *)data;
	enum ts_file_kind k = TS_KIND_UNKNOWN;
	struct json_object *v;
	const char *nl;
	char err[128];

	/* DER: SEQUENCE of the whole rest (48, 83 or 85 bytes in all). */
	if ((len == 48 || len == 83 || len == 85) && u[0] == 0x30 &&
	    u[1] == len - 2)
		return TS_KIND_PRIVATE_KEY;
	if (ts_json_parse(data, len, &v, err, sizeof err) == 0) {
		k = json_kind(v);
		json_object_put(v);
		return k;
	}
	/* JSON lines: the first line alone. */
	if ((nl = memchr(data, '\n', len)) != NULL &&
	    ts_json_parse(data, (size_t)(nl - data), &v, err,
	    sizeof err) == 0) {
		if (json_kind(v) == TS_KIND_TACHYON)
			k = TS_KIND_TACHYON_LINES;
		json_object_put(v);
		return k;
	}
	if (len == 32)
		return TS_KIND_PUBLIC_KEY;
	return TS_KIND_UNKNOWN;
}

const char *
ts_file_kind_name(enum ts_file_kind k)
{
	switch (k) {
	case TS_KIND_RESULT:
		return "a threadstone result document";
	case TS_KIND_SWEEP:
		return "threadstone sweep output";
	case TS_KIND_TACHYON:
		return "a memory-probe record";
	case TS_KIND_TACHYON_LINES:
		return "memory-probe records";
	case TS_KIND_VERDICT:
		return "threadstone verify output";
	case TS_KIND_PRIVATE_KEY:
		return "an Ed25519 private key (DER PKCS#8)";
	case TS_KIND_PUBLIC_KEY:
		return "a raw Ed25519 public key (32 bytes)";
	default:
		return NULL;
	}
}
