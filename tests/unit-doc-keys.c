/* SPDX-License-Identifier: MIT */
/*
 * lib/doc/doc-keys.c: loading key files of every PKCS#8 form of section
 * 9.6 (the public key derived or checked against the seed) and refusing
 * the others.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "doc/doc-keys.h"
#include "doc/doc-pkcs8.h"
#include "doc-fixture.h"
#include "key-mutants.h"
#include "tap.h"
#include "util.h"

/* Write len bytes to a temporary file and load it as a key. */
static int
load_bytes(const uint8_t *der, size_t len, struct ts_key *key, char *err,
    size_t errlen)
{
	char path[] = "/tmp/ts-unit-key.XXXXXX";
	int fd = mkstemp(path), rc;

	if (fd == -1 || write(fd, der, len) != (ssize_t)len)
		return -2;
	close(fd);
	rc = ts_key_load(path, key, err, errlen);
	unlink(path);
	return rc;
}

/* The PKCS#8 forms of section 9.6. */
static void
test_pkcs8(void)
{
	static const uint8_t pub[32] = { 0x03, 0xa1, 0x07, 0xbf, 0xf3, 0xce,
	    0x10, 0xbe, 0x1d, 0x70, 0xdd, 0x18, 0xe7, 0x4b, 0xc0, 0x99, 0x67,
	    0xe4, 0xd6, 0x30, 0x9b, 0xa5, 0x0d, 0x5f, 0x1d, 0xdc, 0x86, 0x64,
	    0x12, 0x55, 0x31, 0xb8 };
	uint8_t seed[32], der[TS_PKCS8_V2_LEN], legacy[85], v1[48], tmp[100];
	struct ts_key key;
	char err[512];
	size_t i, len;

	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)i;
	ts_pkcs8_write(seed, pub, der);
	ok(load_bytes(der, 83, &key, err, sizeof err) == 0 &&
	    memcmp(key.public_key, pub, 32) == 0 && key.form == TS_PKCS8_V2,
	    "83-byte v2 key loads, public key derived");
	/* ring 0.16's form: [1] EXPLICIT BIT STRING. */
	memcpy(legacy, der, 48);
	legacy[1] = 0x53;
	memcpy(legacy + 48, "\xa1\x23\x03\x21\x00", 5);
	memcpy(legacy + 53, pub, 32);
	ok(load_bytes(legacy, 85, &key, err, sizeof err) == 0 &&
	    key.form == TS_PKCS8_V2_LEGACY, "85-byte legacy key loads");
	/* OpenSSL's v1: version 0, no public key. */
	memcpy(v1, der, 48);
	v1[1] = 0x2e;
	v1[4] = 0x00;
	ok(load_bytes(v1, 48, &key, err, sizeof err) == 0 &&
	    key.form == TS_PKCS8_V1 && memcmp(key.public_key, pub, 32) == 0,
	    "48-byte v1 key loads (%s)", err);
	memcpy(tmp, der, 83);
	tmp[82] ^= 1;
	ok(load_bytes(tmp, 83, &key, err, sizeof err) == -1 &&
	    strstr(err, "does not match") != NULL,
	    "a public key that does not match the seed is refused (%s)", err);
	for (i = 0; i < NKEY_MUTANTS; i++) {
		len = key_mutate(der, &key_mutants[i], tmp);
		ok(load_bytes(tmp, len, &key, err, sizeof err) == -1,
		    "%s: refused", key_mutants[i].what);
	}
	len = key_mutate(der, &key_mutants[3], tmp);
	ok(load_bytes(tmp, len, &key, err, sizeof err) == -1 &&
	    strstr(err, "not a valid PKCS#8 Ed25519 private key") != NULL,
	    "Ed448's refusal says what is accepted (%s)", err);
}

int
main(void)
{
	fixture_dir();
	test_pkcs8();
	return done_testing();
}
