/* SPDX-License-Identifier: MIT */
/*
 * Spoilt copies of a valid 83-byte PKCS#8 v2 Ed25519 key, for the tests
 * of the DER reader (unit-doc-pkcs8) and of key loading (unit-doc-keys):
 * each must be refused.  Header-only, like tap.h.
 */
#ifndef TS_KEY_MUTANTS_H
#define TS_KEY_MUTANTS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Keep the first keep bytes, set byte at[i] to to[i], read len bytes. */
struct key_mutant {
	const char	*what;
	size_t		 keep, len;
	size_t		 at[2];
	uint8_t		 to[2];
	size_t		 nedits;
};

static const struct key_mutant key_mutants[] = {
	{ "truncated", 82, 82, { 0, 0 }, { 0, 0 }, 0 },
	{ "empty", 0, 0, { 0, 0 }, { 0, 0 }, 0 },
	{ "version 2", 83, 83, { 4, 0 }, { 2, 0 }, 1 },
	{ "Ed448's algorithm identifier", 83, 83, { 11, 0 }, { 0x71, 0 }, 1 },
	{ "v2 without its public key", 48, 48, { 1, 0 }, { 0x2e, 0 }, 1 },
	{ "a trailing byte", 83, 84, { 83, 1 }, { 0, 0x52 }, 2 },
	{ "a SET instead of a SEQUENCE", 83, 83, { 0, 0 }, { 0x31, 0 }, 1 },
};

#define NKEY_MUTANTS	(sizeof key_mutants / sizeof key_mutants[0])

/* Write mutant m of the valid key der into out (100 bytes); its length. */
static size_t __attribute__((unused))
key_mutate(const uint8_t *der, const struct key_mutant *m, uint8_t *out)
{
	size_t i;

	memset(out, 0, 100);
	memcpy(out, der, m->keep);
	for (i = 0; i < m->nedits; i++)
		out[m->at[i]] = m->to[i];
	return m->len;
}

#endif /* TS_KEY_MUTANTS_H */
