/* SPDX-License-Identifier: MIT */
/*
 * lib/doc/doc-sign.c: signing vector 9.7 and the forgery matrix at the
 * library level.
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

#include "buf.h"
#include "doc/doc-base64.h"
#include "doc/doc-keys.h"
#include "doc/doc-read.h"
#include "doc/doc-sign.h"
#include "doc/doc-write.h"
#include "doc-fixture.h"
#include "tap.h"
#include "util.h"

/* Signing vector 9.7 and the forgery matrix at the library level. */
static void
test_signing(const char *apple)
{
	static const char vector[] = "g+GhljFn0VAKKwuGYIk5E51zfDabN8r49shX"
	    "PXYABD4V9+8cO80R5t34ZhYxkhPywrt7dV6YRcq+P4WFV2okCg==";
	/* The group order L, little-endian. */
	static const uint8_t order[32] = { 0xed, 0xd3, 0xf5, 0x5c, 0x1a,
	    0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
	    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10 };
	struct ts_report r;
	struct ts_key key;
	uint8_t seed[32], sig[64];
	char err[512], msg[256], b64[100];
	struct ts_buf text;
	unsigned carry;
	int i;

	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)i;
	ts_key_from_seed(seed, &key);
	parse(apple, &r, err, sizeof err);
	ok(ts_signature_check(&r, msg, sizeof msg) == 0,
	    "the fixture's own signature verifies");
	ok(ts_report_sign(&r, &key) == 0, "signing succeeds");
	is_str(r.signature->value, vector, "test key gives the 9.7 vector");
	is_str(r.signature->public_key,
	    "A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=", "public key");
	ok(ts_signature_check(&r, msg, sizeof msg) == 0, "and verifies");

	/* S + L: the same point equation, non-canonical scalar. */
	ts_base64_decode(vector, sig, sizeof sig);
	for (i = 0, carry = 0; i < 32; i++) {
		carry += (unsigned)sig[32 + i] + order[i];
		sig[32 + i] = (uint8_t)carry;
		carry >>= 8;
	}
	ts_base64_encode(sig, 64, b64);
	free(r.signature->value);
	r.signature->value = ts_xstrdup(b64);
	ok(ts_signature_check(&r, msg, sizeof msg) == -1 &&
	    strstr(msg, "does not match") != NULL,
	    "a signature with S >= L is refused");
	free(r.signature->value);
	r.signature->value = ts_xstrdup("");
	ok(ts_signature_check(&r, msg, sizeof msg) == -1 &&
	    strstr(msg, "does not match") != NULL, "an empty signature is "
	    "refused with the mismatch message");
	free(r.signature->value);
	r.signature->value = ts_xstrdup("AAECAwQ=");
	ok(ts_signature_check(&r, msg, sizeof msg) == -1 &&
	    strstr(msg, "does not match") != NULL, "AAECAwQ= is refused "
	    "with the mismatch message");
	free(r.signature->value);
	r.signature->value = ts_xstrdup(vector);
	r.workloads[2].single->samples[3] = nextafter(
	    r.workloads[2].single->samples[3], 0);
	ok(ts_signature_check(&r, msg, sizeof msg) == -1,
	    "one ulp in one sample breaks the signature");
	ts_report_free(&r);

	/*
	 * lossy(ryu(x)) alternates between 2.9928840306941514e182 and its
	 * lower neighbour: the signature must still hold for the text.
	 */
	parse(apple, &r, err, sizeof err);
	r.workloads[0].single->samples[0] = 2.9928840306941514e182;
	r.system.timer.overhead_ns = 1.0987420999660814e-7;
	ts_report_sign(&r, &key);
	ts_buf_init(&text);
	ts_doc_pretty(&r, &text);
	ts_report_free(&r);
	ok(ts_doc_parse(text.data, text.len, &r, err, sizeof err) == 0 &&
	    ts_signature_check(&r, msg, sizeof msg) == 0,
	    "a document whose doubles have no serde fixed point signs and "
	    "verifies");
	ts_buf_free(&text);
	ts_report_free(&r);
	ts_key_clear(&key);
}

int
main(void)
{
	return fixture_main("apple-m4-pro.json", test_signing);
}
