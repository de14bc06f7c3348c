/* SPDX-License-Identifier: MIT */
/*
 * A minimal DER reader for the three Ed25519 PKCS#8 encodings seen in
 * practice, and the writer of ring 0.17's 83-byte v2 form.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "doc/doc-pkcs8.h"

/* AlgorithmIdentifier: SEQUENCE { OID 1.3.101.112 } (no parameters). */
static const uint8_t ed25519_alg[] = { 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65,
	0x70 };

struct der {
	const uint8_t	*p;
	size_t		 len;
};

/*
 * Read one element with the given tag (short definite lengths, and the
 * long form up to two bytes, minimal as DER requires) into *body.
 */
static int
der_take(struct der *d, uint8_t tag, struct der *body)
{
	size_t n, hdr = 2;

	if (d->len < 2 || d->p[0] != tag)
		return -1;
	n = d->p[1];
	if (n == 0x81) {
		if (d->len < 3 || d->p[2] < 0x80)
			return -1;
		n = d->p[2];
		hdr = 3;
	} else if (n == 0x82) {
		if (d->len < 4 || d->p[2] == 0 ||
		    ((size_t)d->p[2] << 8 | d->p[3]) < 0x100)
			return -1;
		n = (size_t)d->p[2] << 8 | d->p[3];
		hdr = 4;
	} else if (n >= 0x80)
		return -1;
	if (d->len - hdr < n)
		return -1;
	body->p = d->p + hdr;
	body->len = n;
	d->p += hdr + n;
	d->len -= hdr + n;
	return 0;
}

/* Fail with a reason. */
static int
bad(char *err, size_t errlen, const char *why)
{
	snprintf(err, errlen, "%s", why);
	return -1;
}

int
ts_pkcs8_parse(const uint8_t *der, size_t len, struct ts_pkcs8 *out,
    char *err, size_t errlen)
{
	struct der top = { der, len }, seq, e, inner, pk;

	memset(out, 0, sizeof *out);
	if (der_take(&top, 0x30, &seq) < 0 || top.len != 0)
		return bad(err, errlen, "not a DER SEQUENCE");
	if (der_take(&seq, 0x02, &e) < 0 || e.len != 1 || e.p[0] > 1)
		return bad(err, errlen, "unsupported PKCS#8 version");
	out->form = e.p[0] == 1 ? TS_PKCS8_V2 : TS_PKCS8_V1;
	if (seq.len < sizeof ed25519_alg ||
	    memcmp(seq.p, ed25519_alg, sizeof ed25519_alg) != 0)
		return bad(err, errlen, "not an Ed25519 key");
	seq.p += sizeof ed25519_alg;
	seq.len -= sizeof ed25519_alg;
	if (der_take(&seq, 0x04, &e) < 0 || der_take(&e, 0x04, &inner) < 0 ||
	    e.len != 0 || inner.len != 32)
		return bad(err, errlen, "private key is not a 32-byte seed");
	memcpy(out->seed, inner.p, 32);
	if (seq.len > 0 && seq.p[0] == 0xa0 && der_take(&seq, 0xa0, &e) < 0)
		return bad(err, errlen, "malformed attributes");
	if (out->form == TS_PKCS8_V1) {
		if (seq.len != 0)
			return bad(err, errlen, "trailing data in a v1 key");
		return 0;
	}
	if (seq.len > 0 && seq.p[0] == 0xa1) {
		if (der_take(&seq, 0xa1, &e) < 0 ||
		    der_take(&e, 0x03, &pk) < 0 || e.len != 0)
			return bad(err, errlen, "malformed public key");
		out->form = TS_PKCS8_V2_LEGACY;
	} else if (der_take(&seq, 0x81, &pk) < 0)
		return bad(err, errlen, "v2 key without its public key");
	if (pk.len != 33 || pk.p[0] != 0)
		return bad(err, errlen, "public key is not 32 bytes");
	if (seq.len != 0)
		return bad(err, errlen, "trailing data after the public key");
	memcpy(out->public_key, pk.p + 1, 32);
	out->has_public = true;
	return 0;
}

void
ts_pkcs8_write(const uint8_t seed[32], const uint8_t public_key[32],
    uint8_t out[TS_PKCS8_V2_LEN])
{
	static const uint8_t head[] = { 0x30, 0x51, 0x02, 0x01, 0x01, 0x30,
	    0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20 };
	static const uint8_t mid[] = { 0x81, 0x21, 0x00 };

	memcpy(out, head, sizeof head);
	memcpy(out + 16, seed, 32);
	memcpy(out + 48, mid, sizeof mid);
	memcpy(out + 51, public_key, 32);
}
