/* SPDX-License-Identifier: MIT */
/*
 * Ed25519 signatures of result documents (sections 9.6-9.8) through
 * OpenSSL's EVP interface with raw keys: loading and checking a key file,
 * signing a report in memory, checking a report's signature, and making a
 * new key pair.
 *
 * For threadstone-run: load the key before measuring, sign at the end.
 *
 *	struct ts_key key;
 *	if (ts_key_load(path, &key, err, sizeof err) == -1)
 *		-> error, exit before any measurement
 *	... measure, build the report ...
 *	ts_report_sign(&report, &key);	(normalises the report first)
 *	ts_key_clear(&key);
 *	ts_doc_write_file(&report, out, err, sizeof err);
 */
#ifndef TS_SIGN_H
#define TS_SIGN_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "pkcs8.h"

/* The algorithm name in the signature object. */
#define TS_SIG_ALGORITHM	"ed25519"

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
 * Sign a report in memory: normalise its doubles (ts_report_normalise),
 * compute the canonical bytes that a verifier will compute from the
 * pretty text of the report (written and read back, so the signature
 * holds even where serde_json's parser has no fixed point) and replace
 * any signature object with {ed25519, base64 public key, base64
 * signature}.  Return 0, or -1 when the report cannot be signed (a
 * non-finite double, which would be written as null, or a libcrypto
 * failure); the report is then left unsigned.
 */
int	ts_report_sign(struct ts_report *r, const struct ts_key *key);

/*
 * Check the report's signature in ThreadStone 2.0.0's order (9.8).  Return
 * 0 when it verifies; otherwise -1 with the original's message in msg:
 * "unsupported signature algorithm 'X' (expected ed25519)",
 * "public key is malformed", "signature is not valid base64", or
 * "signature does not match: the file was modified after signing, or was
 * signed with a different key".  The report must carry a signature.
 */
int	ts_signature_check(const struct ts_report *r, char *msg,
	    size_t msglen);

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

#endif /* TS_SIGN_H */
