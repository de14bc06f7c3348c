/* SPDX-License-Identifier: MIT */
/* Key fingerprints and trusted keys (see doc-trust.h). */
#include <config.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "buf.h"
#include "doc/doc-base64.h"
#include "doc/doc-trust.h"
#include "util.h"

/* The largest trusted-keys file read, in bytes. */
#define TRUST_MAX_BYTES	(1024 * 1024)

int
ts_key_fingerprint(const uint8_t pub[32], char fp[TS_FINGERPRINT_MAX])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	char b64[TS_BASE64_LEN(32) + 1];
	unsigned int n = 0;

	fp[0] = '\0';
	if (EVP_Digest(pub, 32, md, &n, EVP_sha256(), NULL) != 1 || n != 32)
		return -1;
	ts_base64_encode(md, 32, b64);
	/* 43 characters and the one "=" of padding, left out. */
	memcpy(fp, TS_FINGERPRINT_PREFIX, 7);
	memcpy(fp + 7, b64, 43);
	fp[TS_FINGERPRINT_LEN] = '\0';
	return 0;
}

int
ts_key_fingerprint_b64(const char *b64, char fp[TS_FINGERPRINT_MAX])
{
	uint8_t pub[32];

	fp[0] = '\0';
	if (b64 == NULL || ts_base64_decode(b64, pub, sizeof pub) != 32)
		return -1;
	return ts_key_fingerprint(pub, fp);
}

/* Whether word (n bytes) is a fingerprint: the prefix and 43 of base64. */
static bool
is_fingerprint(const char *word, size_t n)
{
	char padded[48];
	uint8_t md[32];

	if (n != TS_FINGERPRINT_LEN ||
	    strncmp(word, TS_FINGERPRINT_PREFIX, 7) != 0)
		return false;
	snprintf(padded, sizeof padded, "%.43s=", word + 7);
	return ts_base64_decode(padded, md, sizeof md) == 32;
}

/* Append one fingerprint to the list being built. */
static void
add(char (**fps)[TS_FINGERPRINT_MAX], size_t *n, const char *fp)
{
	*fps = ts_xrealloc(*fps, (*n + 1) * sizeof **fps);
	snprintf((*fps)[*n], TS_FINGERPRINT_MAX, "%s", fp);
	(*n)++;
}

/* The keys of a text file, one a line, into *fps. */
static int
parse_text(const char *path, const char *text, size_t len,
    char (**fps)[TS_FINGERPRINT_MAX], size_t *n, char *err, size_t errlen)
{
	char word[64], fp[TS_FINGERPRINT_MAX];
	const char *p = text, *end = text + len, *eol, *w;
	size_t line = 0, wl;

	for (; p < end; p = eol + 1) {
		line++;
		if ((eol = memchr(p, '\n', (size_t)(end - p))) == NULL)
			eol = end;
		for (w = p; w < eol && (*w == ' ' || *w == '\t' || *w == '\r');
		    w++)
			;
		if (w == eol || *w == '#')
			continue;
		for (wl = 0; w + wl < eol && !isspace((unsigned char)w[wl]);
		    wl++)
			;
		if (wl < sizeof word) {
			memcpy(word, w, wl);
			word[wl] = '\0';
		}
		if (wl < sizeof word && is_fingerprint(word, wl)) {
			add(fps, n, word);
			continue;
		}
		if (wl < sizeof word && ts_key_fingerprint_b64(word, fp) == 0) {
			add(fps, n, fp);
			continue;
		}
		snprintf(err, errlen, "%s:%zu: not a public key: expected the "
		    "base64 of a 32-byte Ed25519 public key (as a document's "
		    "signature.public_key) or a fingerprint SHA256:..., one a "
		    "line", path, line);
		return -1;
	}
	return 0;
}

int
ts_trust_load(struct ts_trust *t, const char *path, char *err,
    size_t errlen)
{
	char (*fps)[TS_FINGERPRINT_MAX] = NULL;
	char fp[TS_FINGERPRINT_MAX];
	struct ts_buf text;
	size_t n = 0, i;

	if (ts_read_file(path, TRUST_MAX_BYTES, &text, err, errlen) == -1)
		return -1;
	if (text.len == 32) {
		/*
		 * threadstone.pub: the raw key, whatever its bytes (a newline
		 * among them too); no line of a key file is that short.
		 */
		if (ts_key_fingerprint((const uint8_t *)text.data, fp) == -1) {
			snprintf(err, errlen, "%s: the cryptographic library "
			    "failed", path);
			ts_buf_free(&text);
			return -1;
		}
		add(&fps, &n, fp);
	} else if (text.len > 0 && (memchr(text.data, '\0', text.len) !=
	    NULL || ((unsigned char)text.data[0] == 0x30 && (text.len == 48 ||
	    text.len == 83 || text.len == 85)))) {
		snprintf(err, errlen, "%s is not a public key file (a private "
		    "key? %zu bytes): expected threadstone.pub (32 bytes) or "
		    "base64 keys or fingerprints, one a line", path, text.len);
		ts_buf_free(&text);
		return -1;
	} else if (parse_text(path, text.data, text.len, &fps, &n, err,
	    errlen) == -1) {
		free(fps);
		ts_buf_free(&text);
		return -1;
	}
	ts_buf_free(&text);
	if (n == 0) {
		snprintf(err, errlen, "%s holds no key: expected threadstone.pub "
		    "(32 bytes) or base64 keys or fingerprints, one a line",
		    path);
		return -1;
	}
	t->fps = ts_xrealloc(t->fps, (t->n + n) * sizeof *t->fps);
	t->from = ts_xrealloc(t->from, (t->n + n) * sizeof *t->from);
	for (i = 0; i < n; i++) {
		memcpy(t->fps[t->n + i], fps[i], TS_FINGERPRINT_MAX);
		t->from[t->n + i] = ts_xstrdup(path);
	}
	t->n += n;
	t->nfiles++;
	free(fps);
	return 0;
}

const char *
ts_trust_find(const struct ts_trust *t, const char *fp)
{
	size_t i;

	if (fp == NULL || fp[0] == '\0')
		return NULL;
	for (i = 0; i < t->n; i++)
		if (strcmp(t->fps[i], fp) == 0)
			return t->from[i];
	return NULL;
}

void
ts_trust_free(struct ts_trust *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->from[i]);
	free(t->from);
	free(t->fps);
	memset(t, 0, sizeof *t);
}
