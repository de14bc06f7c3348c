/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: base64 and PKCS#8, the two hand-written decoders of key
 * and signature material.  The input is decoded as base64 text and
 * parsed as a PKCS#8 DER key.  Properties: decoding is canonical (an
 * accepted text is exactly the encoding of what it decodes to), encoding
 * any bytes decodes back to them, and a key parsed in the 83-byte v2
 * form is written back byte for byte and parses again to the same key.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "doc/doc-base64.h"
#include "doc/doc-pkcs8.h"
#include "fuzz.h"
#include "util.h"

const char ts_fuzz_name[] = "keys";

/* Decoding and encoding agree. */
static void
base64(const uint8_t *data, size_t size)
{
	char *text, *again;
	uint8_t *bytes;
	long n;

	/* The decoder takes a string: stop at the first NUL. */
	text = ts_xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = '\0';
	bytes = ts_xmalloc(size + 1);
	n = ts_base64_decode(text, bytes, size + 1);
	if (n >= 0) {
		again = ts_xmalloc(TS_BASE64_LEN((size_t)n) + 1);
		ts_base64_encode(bytes, (size_t)n, again);
		FUZZ_ASSERT(strcmp(again, text) == 0);
		free(again);
	}
	free(bytes);
	free(text);

	text = ts_xmalloc(TS_BASE64_LEN(size) + 1);
	ts_base64_encode(data, size, text);
	FUZZ_ASSERT(strlen(text) == TS_BASE64_LEN(size));
	bytes = ts_xmalloc(size + 1);
	n = ts_base64_decode(text, bytes, size + 1);
	FUZZ_ASSERT(n == (long)size && memcmp(bytes, data, size) == 0);
	free(bytes);
	free(text);
}

/* A parsed key survives writing and parsing again. */
static void
pkcs8(const uint8_t *data, size_t size)
{
	struct ts_pkcs8 k, k2;
	uint8_t der[TS_PKCS8_V2_LEN];
	char err[256];

	if (ts_pkcs8_parse(data, size, &k, err, sizeof err) == -1) {
		FUZZ_ASSERT(err[0] != '\0');
		return;
	}
	FUZZ_ASSERT(k.has_public == (k.form != TS_PKCS8_V1));
	if (!k.has_public)
		return;
	ts_pkcs8_write(k.seed, k.public_key, der);
	if (k.form == TS_PKCS8_V2 && size == sizeof der)
		FUZZ_ASSERT(memcmp(der, data, size) == 0);
	FUZZ_ASSERT(ts_pkcs8_parse(der, sizeof der, &k2, err,
	    sizeof err) == 0);
	FUZZ_ASSERT(k2.form == TS_PKCS8_V2 &&
	    memcmp(k2.seed, k.seed, 32) == 0 &&
	    memcmp(k2.public_key, k.public_key, 32) == 0);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	base64(data, size);
	pkcs8(data, size);
	return 0;
}
