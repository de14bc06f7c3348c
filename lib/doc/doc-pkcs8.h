/* SPDX-License-Identifier: MIT */
/*
 * Ed25519 private keys in PKCS#8 DER, parsed and written by hand (OpenSSL
 * 3.0 cannot read the v2 form ring writes), section 9.6.
 */
#ifndef TS_DOC_PKCS8_H
#define TS_DOC_PKCS8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Size of the key file threadstone-keygen writes (ring 0.17's layout). */
#define TS_PKCS8_V2_LEN		83

/* The encodings we read. */
enum ts_pkcs8_form {
	TS_PKCS8_V2,		/* 83 bytes, public key as [1] IMPLICIT (81) */
	TS_PKCS8_V2_LEGACY,	/* 85 bytes, public key as [1] EXPLICIT (A1) */
	TS_PKCS8_V1		/* 48 bytes, no public key (openssl genpkey) */
};

struct ts_pkcs8 {
	enum ts_pkcs8_form	form;
	uint8_t			seed[32];
	bool			has_public;	/* false for TS_PKCS8_V1 */
	uint8_t			public_key[32];
};

/*
 * Parse a DER OneAsymmetricKey for Ed25519: version 0 (v1) or 1 (v2), the
 * algorithm identifier 1.3.101.112 without parameters, an OCTET STRING
 * holding the 32-byte seed as an OCTET STRING, optional [0] attributes,
 * and for v2 the public key, required, as "81 21 00 <32>" or the legacy
 * "A1 23 03 21 00 <32>".  Nothing may follow.  Whether the public key
 * matches the seed is the caller's check (it needs the curve).  Return 0,
 * or -1 with a short reason in err.
 */
int	ts_pkcs8_parse(const uint8_t *der, size_t len, struct ts_pkcs8 *out,
	    char *err, size_t errlen);

/* Write the 83-byte v2 layout for a seed and its public key. */
void	ts_pkcs8_write(const uint8_t seed[32], const uint8_t public_key[32],
	    uint8_t out[TS_PKCS8_V2_LEN]);

#endif /* TS_DOC_PKCS8_H */
