/* SPDX-License-Identifier: MIT */
/*
 * The JSON Schema of result documents, data/result.schema.json embedded at
 * build time (schema-text.c is generated from it by mk/threadstone-report.am).
 */
#ifndef TS_DOC_SCHEMA_H
#define TS_DOC_SCHEMA_H

#include <stddef.h>

/* The committed schema text, byte for byte, without a trailing newline. */
extern const unsigned char	ts_schema_text[];
extern const size_t		ts_schema_len;

#endif /* TS_DOC_SCHEMA_H */
