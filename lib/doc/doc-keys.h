/* SPDX-License-Identifier: MIT */
/*
 * Ed25519 keys through OpenSSL's EVP interface with raw keys: loading and
 * checking a key file, signing bytes, and making a new key pair.
 */
#ifndef TS_DOC_KEYS_H
#define TS_DOC_KEYS_H

#include <stddef.h>
#include <stdint.h>

#include "doc/doc-pkcs8.h"

/* A loaded private key: the seed and the public key derived from it. */
struct ts_key {
	uint8_t			seed[32];
	uint8_t			public_key[32];
	enum ts_pkcs8_form	form;		/* the file's encoding */
};

/*
 * Read a PKCS#8 Ed25519 private key file: ring's 83-byte v2 form, the
 * 85-byte form of older ring versions, or the 48-byte v1 form of
 * `openssl genpkey -algorithm ed25519 -outform DER`.  A public key in the
 * file must match the seed.  Return 0, or -1 with one line in err:
 * "cannot read signing key PATH: reason" or
 * "PATH: not a valid PKCS#8 Ed25519 private key (reason)".
 */
int	ts_key_load(const char *path, struct ts_key *key, char *err,
	    size_t errlen);

/* Derive the key from a 32-byte seed.  Return 0, or -1 (libcrypto). */
int	ts_key_from_seed(const uint8_t seed[32], struct ts_key *key);

/* Wipe a key from memory. */
void	ts_key_clear(struct ts_key *key);

/* Ed25519-sign len bytes into sig.  Return 0, or -1 (libcrypto). */
int	ts_sign_bytes(const struct ts_key *key, const void *msg, size_t len,
	    uint8_t sig[64]);

/*
 * Make a key pair in dir (created if missing): DIR/threadstone.key (83
 * bytes, mode 0600 from creation) and DIR/threadstone.pub (32 raw bytes,
 * mode 0644 less the umask), both created with O_EXCL so neither is ever
 * overwritten.  keypath and pubpath (PATH_MAX bytes each) receive the
 * paths as displayed.  Return 0, or -1 with one line in err (nothing is
 * left behind).
 */
int	ts_keygen(const char *dir, char *keypath, char *pubpath, char *err,
	    size_t errlen);

#endif /* TS_DOC_KEYS_H */
