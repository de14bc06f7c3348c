/* SPDX-License-Identifier: MIT */
/*
 * lib/doc/doc-pkcs8.c: the 83-byte v2 layout written for the test key,
 * and the parser on every form of section 9.6 and on damaged ones.
 */
#include <config.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "doc/doc-pkcs8.h"
#include "doc-fixture.h"
#include "key-mutants.h"
#include "tap.h"
#include "util.h"

/* The public key of the seed 00 01 ... 1f. */
static const uint8_t pub[32] = { 0x03, 0xa1, 0x07, 0xbf, 0xf3, 0xce,
	0x10, 0xbe, 0x1d, 0x70, 0xdd, 0x18, 0xe7, 0x4b, 0xc0, 0x99, 0x67,
	0xe4, 0xd6, 0x30, 0x9b, 0xa5, 0x0d, 0x5f, 0x1d, 0xdc, 0x86, 0x64,
	0x12, 0x55, 0x31, 0xb8 };

int
main(void)
{
	uint8_t seed[32], der[TS_PKCS8_V2_LEN], legacy[85], v1[48], tmp[100];
	struct ts_pkcs8 k;
	struct ts_buf file;
	char err[256];
	size_t i, len;

	fixture_dir();
	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)i;
	ts_pkcs8_write(seed, pub, der);
	fixture("testkey-seed-00-1f.pkcs8v2.der", &file);
	ok(file.len == 83 && memcmp(file.data, der, 83) == 0,
	    "writer gives the test key's 83 bytes");
	ts_buf_free(&file);

	err[0] = '\0';
	ok(ts_pkcs8_parse(der, 83, &k, err, sizeof err) == 0 &&
	    k.form == TS_PKCS8_V2 && k.has_public &&
	    memcmp(k.seed, seed, 32) == 0 && memcmp(k.public_key, pub, 32) == 0,
	    "v2: written and parsed back, seed and public key (%s)", err);
	memcpy(legacy, der, 48);
	legacy[1] = 0x53;
	memcpy(legacy + 48, "\xa1\x23\x03\x21\x00", 5);
	memcpy(legacy + 53, pub, 32);
	ok(ts_pkcs8_parse(legacy, 85, &k, err, sizeof err) == 0 &&
	    k.form == TS_PKCS8_V2_LEGACY && k.has_public &&
	    memcmp(k.public_key, pub, 32) == 0 && memcmp(k.seed, seed, 32) == 0,
	    "ring 0.16's [1] EXPLICIT form");
	memcpy(v1, der, 48);
	v1[1] = 0x2e;
	v1[4] = 0x00;
	ok(ts_pkcs8_parse(v1, 48, &k, err, sizeof err) == 0 &&
	    k.form == TS_PKCS8_V1 && !k.has_public &&
	    memcmp(k.seed, seed, 32) == 0, "OpenSSL's v1, no public key");

	for (i = 0; i < NKEY_MUTANTS; i++) {
		len = key_mutate(der, &key_mutants[i], tmp);
		ok(ts_pkcs8_parse(tmp, len, &k, err, sizeof err) == -1 &&
		    err[0] != '\0', "%s: refused (%s)", key_mutants[i].what,
		    err);
	}
	return done_testing();
}
