/* SPDX-License-Identifier: MIT */
/*
 * Result documents: the strict parser, the typed reader's rules, the
 * pretty and canonical writers against the published vectors, strict
 * base64, the PKCS#8 forms, and Ed25519 signing and its forgery matrix.
 */
#include <config.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "doc/doc-base64.h"
#include "doc/doc-ext-keys.h"
#include "doc/doc-kinds.h"
#include "doc/doc-parse.h"
#include "doc/doc-pkcs8.h"
#include "doc/doc-read.h"
#include "doc/doc-sign.h"
#include "doc/doc-write.h"
#include "num/num-format.h"
#include "num/num-parse.h"
#include "tap.h"
#include "util.h"

static char fixtures[1024];

/* Read a fixture whole into b; abort the test run if it is missing. */
static void
fixture(const char *name, struct ts_buf *b)
{
	char path[2048], err[512];

	snprintf(path, sizeof path, "%s/%s", fixtures, name);
	if (ts_read_file(path, 1 << 24, b, err, sizeof err) == -1) {
		printf("Bail out! %s\n", err);
		exit(1);
	}
}

/* A printable rendering of s for test names (static buffer). */
static const char *
shown(const char *s)
{
	static char out[256];
	size_t n = 0;

	for (; *s != '\0' && n + 5 < sizeof out; s++) {
		if ((unsigned char)*s >= 0x20 && (unsigned char)*s < 0x7f)
			out[n++] = *s;
		else
			n += (size_t)snprintf(out + n, sizeof out - n, "\\x%02x",
			    (unsigned char)*s);
	}
	out[n] = '\0';
	return out;
}

/* Parse text with ts_doc_parse; return 0 or -1, message in err. */
static int
parse(const char *text, struct ts_report *r, char *err, size_t errlen)
{
	return ts_doc_parse(text, strlen(text), r, err, errlen);
}

/* The strict JSON grammar of serde_json, and its limits. */
static void
test_grammar(void)
{
	static const char *const bad[] = { "NaN", "[NaN]", "Infinity",
	    "[1.]", "[.5]", "[01]", "[-]", "[1,]", "{\"a\":1,}", "[1]x",
	    "\"a\tb\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\x\"", "\v[1]",
	    "'a'", "[1e]", "{a:1}", "", "[", "\"\xc3\x28\"",
	    "\"\xed\xa0\x80\"", "\xef\xbb\xbf[1]", "nul", "[true false]" };
	static const char *const good[] = { "[1.0,-0,1E5,1e-7,0.5]",
	    "\"\\ud83d\\ude00\"", " [ ] ", "{}", "\"\\u0000\"",
	    "[18446744073709551616]", "[1e400]", "\"\xe2\x80\x94\"" };
	struct json_object *o;
	char err[256], deep[300];
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ok(ts_json_parse(bad[i], strlen(bad[i]), &o, err,
		    sizeof err) == -1, "grammar refuses '%s' (%s)",
		    shown(bad[i]), err);
	}
	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		if (ok(ts_json_parse(good[i], strlen(good[i]), &o, err,
		    sizeof err) == 0, "grammar accepts '%s'", shown(good[i])))
			json_object_put(o);
	}
	/* Number nodes keep their source text. */
	ts_json_parse("[99.10000000000001, 14, 18446744073709551616, -0]",
	    49, &o, err, sizeof err);
	is_str(json_object_get_string(json_object_array_get_idx(o, 0)),
	    "99.10000000000001", "a float keeps its text");
	is_str(json_object_get_string(json_object_array_get_idx(o, 2)),
	    "18446744073709551616", "an overflowing integer keeps its text");
	is_str(json_object_get_string(json_object_array_get_idx(o, 3)),
	    "-0", "-0 keeps its text");
	json_object_put(o);
	/* 127 nested arrays are fine, 128 are not (serde_json's limit). */
	memset(deep, '[', 127);
	memset(deep + 127, ']', 127);
	ok(ts_json_parse(deep, 254, &o, err, sizeof err) == 0,
	    "127 levels of nesting parse");
	json_object_put(o);
	memset(deep, '[', 128);
	memset(deep + 128, ']', 128);
	ok(ts_json_parse(deep, 256, &o, err, sizeof err) == -1 &&
	    strstr(err, "recursion limit") != NULL,
	    "128 levels are refused (%s)", err);
	ts_json_parse("{\"a\":1,\"b\":2,\"a\":3}", 19, &o, err, sizeof err);
	ok(ts_json_is_duplicate(o, "a") && !ts_json_is_duplicate(o, "b"),
	    "duplicate keys are remembered");
	json_object_put(o);
}

/* Replace the first occurrence of from by to in text (a new string). */
static char *
edit(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	char *out;

	if (at == NULL) {
		printf("Bail out! fixture lacks %s\n", from);
		exit(1);
	}
	out = ts_xmalloc(strlen(text) + strlen(to) + 1);
	memcpy(out, text, (size_t)(at - text));
	strcpy(out + (at - text), to);
	strcat(out, at + strlen(from));
	return out;
}

/* The typed reading rules of section 8.4, on edits of the fixture. */
static void
test_reader(const char *apple)
{
	static const struct {
		const char *from, *to, *want;
	} bad[] = {
		{ "\"samples\": 9", "\"samples\": 9.0", "floating point" },
		{ "\"samples\": 9", "\"samples\": -1", "invalid value" },
		{ "\"samples\": 9", "\"samples\": 4294967296", "expected u32" },
		{ "\"samples\": 9", "\"samples\": \"9\"", "string" },
		{ "\"logical_cores\": 14,", "", "missing field `logical_cores`" },
		{ "\"os\": \"macos\"", "\"os\": null", "null" },
		{ "\"duration_secs\": 45.710684875", "\"duration_secs\": 1e400",
		  "out of range" },
		{ "\"logical_cores\": 14,", "\"logical_cores\": 14, "
		  "\"logical_cores\": 14,", "duplicate field" },
		{ "\"unit\": \"gflops\"", "\"unit\": \"flops\"",
		  "unknown variant" },
		{ "\"stability\": \"stable\"", "\"stability\": 1",
		  "invalid type" },
		{ "\"debug_assertions\": false", "\"debug_assertions\": 0",
		  "a boolean" },
		{ "\"samples\": [", "\"samples\": [null, ", "null" },
	};
	struct ts_report r;
	struct ts_buf c;
	char err[512], *t;
	size_t i;

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		t = edit(apple, bad[i].from, bad[i].to);
		ok(parse(t, &r, err, sizeof err) == -1 &&
		    strstr(err, bad[i].want) != NULL, "reader refuses %s (%s)",
		    bad[i].to, err);
		free(t);
	}
	t = edit(apple, "\"cpu_model\": \"Apple M4 Pro\"", "\"cpu_model\": null");
	ok(parse(t, &r, err, sizeof err) == 0 && r.system.cpu_model == NULL,
	    "an optional field may be null");
	ts_report_free(&r);
	free(t);
	t = edit(apple, "Apple M4 Pro", "Apple\\u0000M4");
	ok(parse(t, &r, err, sizeof err) == 0, "U+0000 in a string is read");
	ts_buf_init(&c);
	ts_doc_canonical(&r, &c);
	ok(strstr(c.data, "\"cpu_model\":\"Apple\\u0000M4\"") != NULL,
	    "U+0000 is written back as \\u0000");
	ts_buf_free(&c);
	ts_report_free(&r);
	free(t);
	t = edit(apple, "\"window_ms\": 300\n", "\"window_ms\": 300, "
	    "\"extra\": {\"x\": [1e999, \"\\ud83d\\ude00\"]}, \"extra\": 1\n");
	ok(parse(t, &r, err, sizeof err) == 0 && r.nunknown_keys == 1 &&
	    strcmp(r.unknown_keys[0], "config.extra") == 0,
	    "an unknown key (even duplicated, even out of range) is recorded "
	    "as config.extra (%s)", err);
	ts_report_free(&r);
	free(t);
	t = edit(apple, "\"cycle_hz\": 1000000000.0", "\"cycle_hz\": 1000000000");
	ok(parse(t, &r, err, sizeof err) == 0 &&
	    r.system.timer.cycle_hz == 1e9, "a float field accepts an integer");
	ts_report_free(&r);
	free(t);
	ok(parse(apple, &r, err, sizeof err) == 0, "the fixture parses");
	is_int(r.nworkloads, 6, "six workloads");
	ok(r.workloads[5].multi == NULL && r.workloads[5].unit ==
	    TS_UNIT_NANOSECONDS, "latency has no multi pass, unit ns");
	ok(r.workloads[0].single->window_too_short == false,
	    "window_too_short defaults to false");
	is_u64(r.workloads[0].single->iters_per_thread, 19522628,
	    "iters_per_thread read as an integer");
	ts_report_free(&r);
}

/* The writers against the published vectors. */
static void
test_writers(const char *apple)
{
	static const char *const vec[] = { "apple-m4-pro",
	    "run-signed-at-runtime", "adversarial-1", "adversarial-2",
	    "adversarial-3", "adversarial-4", "adversarial-5", "adversarial-6",
	    "adversarial-7", "adversarial-8" };
	struct ts_buf text, want, out;
	struct ts_ext_entry *m;
	struct ts_report r;
	char err[512], name[64];
	size_t i;
	double x;

	for (i = 0; i < sizeof vec / sizeof vec[0]; i++) {
		snprintf(name, sizeof name, "%s.json", vec[i]);
		fixture(name, &text);
		snprintf(name, sizeof name, "%s.canonical.json", vec[i]);
		fixture(name, &want);
		ts_buf_init(&out);
		ok(ts_doc_parse(text.data, text.len, &r, err, sizeof err) == 0,
		    "%s parses", vec[i]);
		ts_doc_canonical(&r, &out);
		ok(out.len == want.len && memcmp(out.data, want.data,
		    out.len) == 0, "%s: canonical bytes equal the vector",
		    vec[i]);
		ts_report_free(&r);
		ts_buf_free(&text);
		ts_buf_free(&want);
		ts_buf_free(&out);
	}
	ts_buf_init(&out);
	parse(apple, &r, err, sizeof err);
	ts_doc_pretty(&r, &out);
	ok(strcmp(out.data, apple) == 0, "pretty writer reproduces the "
	    "fixture byte for byte");
	ts_buf_free(&out);
	/* Normalisation reaches a fixed point of serde's parser. */
	x = 1.0987420999660814e-7;
	r.system.timer.overhead_ns = x;
	ts_report_normalise(&r);
	x = r.system.timer.overhead_ns;
	ok(ts_serde_normalise(x) == x, "a normalised double is a fixed "
	    "point (%.17g)", x);
	ts_report_free(&r);
	/* Escapes, empty containers, extensions after score. */
	parse(apple, &r, err, sizeof err);
	free(r.system.os_version);
	r.system.os_version = ts_xstrdup("a\"b\\c/\x01\x1f\n\t\x7f\xc2\xb7");
	ts_extensions_free(&r.ext);
	r.ext.present = true;
	m = ts_ext_append(&r.ext, NULL, "e");
	m->kept = true;
	m->raw = json_object_new_array();
	ts_buf_init(&out);
	ts_doc_pretty(&r, &out);
	ok(strstr(out.data, "\"a\\\"b\\\\c/\\u0001\\u001f\\n\\t\x7f\xc2\xb7\"")
	    != NULL, "strings are escaped as serde_json does");
	ok(strstr(out.data, "  },\n  \"extensions\": {\n    \"e\": []\n  },\n"
	    "  \"signature\"") != NULL, "extensions sit between score and "
	    "signature, empty arrays are []");
	ts_buf_free(&out);
	ts_buf_init(&out);
	ts_doc_canonical(&r, &out);
	ok(strstr(out.data, "extensions") == NULL &&
	    strstr(out.data, "signature") == NULL,
	    "canonical bytes leave out extensions and signature");
	ts_buf_free(&out);
	ts_report_free(&r);
}

/* Strict base64 (RFC 4648 section 10 vectors and refusals). */
static void
test_base64(void)
{
	static const char *const enc[] = { "", "Zg==", "Zm8=", "Zm9v",
	    "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy" };
	static const char *const bad[] = { "Zg=", "Zg", "Zh==", "Zm9=",
	    "Zg==Zg==", "Z===", "Zm9v\n", " Zm9v", "Zm-v", "Zm_v", "====",
	    "Zm8" };
	uint8_t out[16];
	char s[16];
	size_t i;

	for (i = 0; i < sizeof enc / sizeof enc[0]; i++) {
		ts_base64_encode((const uint8_t *)"foobar", i, s);
		is_str(s, enc[i], "base64 encodes RFC 4648 vector");
		ok(ts_base64_decode(enc[i], out, sizeof out) == (long)i &&
		    memcmp(out, "foobar", i) == 0, "base64 decodes '%s'",
		    enc[i]);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ok(ts_base64_decode(bad[i], out, sizeof out) == -1,
		    "base64 refuses '%s'", shown(bad[i]));
}

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
	struct ts_buf file;
	struct ts_key key;
	char err[512];
	int i;

	for (i = 0; i < 32; i++)
		seed[i] = (uint8_t)i;
	ts_pkcs8_write(seed, pub, der);
	fixture("testkey-seed-00-1f.pkcs8v2.der", &file);
	ok(file.len == 83 && memcmp(file.data, der, 83) == 0,
	    "writer gives the test key's 83 bytes");
	ts_buf_free(&file);
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
	ok(load_bytes(der, 82, &key, err, sizeof err) == -1,
	    "a truncated key is refused");
	memcpy(tmp, der, 83);
	tmp[4] = 2;
	ok(load_bytes(tmp, 83, &key, err, sizeof err) == -1,
	    "version 2 is refused");
	memcpy(tmp, der, 83);
	tmp[11] = 0x71;
	ok(load_bytes(tmp, 83, &key, err, sizeof err) == -1 &&
	    strstr(err, "not a valid PKCS#8 Ed25519 private key") != NULL,
	    "Ed448 is refused (%s)", err);
	memcpy(tmp, der, 48);
	tmp[1] = 0x2e;
	ok(load_bytes(tmp, 48, &key, err, sizeof err) == -1,
	    "a v2 key without its public key is refused");
	memcpy(tmp, der, 83);
	tmp[83] = 0;
	tmp[1] = 0x52;
	ok(load_bytes(tmp, 84, &key, err, sizeof err) == -1,
	    "trailing bytes are refused");
	ok(load_bytes(der, 0, &key, err, sizeof err) == -1,
	    "an empty file is refused");
}

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

/* How many members of the extensions keep their value as read. */
static size_t
nkept(const struct ts_extensions *e)
{
	size_t i, n = 0;

	for (i = 0; i < e->n; i++)
		n += e->v[i].kept;
	return n;
}

/*
 * The typed extensions: a document we wrote reads into typed records with
 * nothing kept as read; an irregular value of a known key and unknown keys
 * are kept as read where they stood (the known key typed leniently
 * beside it), and the writer puts them back there.
 */
static void
test_extensions(void)
{
	static const char ext[] = "{\n"
	    "    \"first\": [\n      1,\n      {\n        \"x\": null\n"
	    "      }\n    ],\n"
	    "    \"producer\": \"threadstone 0.2.0 (C)\",\n"
	    "    \"l3_total_bytes\": 1.0,\n"
	    "    \"llc\": {\n      \"level\": 3,\n      \"bytes\": 8\n"
	    "    },\n"
	    "    \"cpus\": {\n      \"usable\": 2,\n"
	    "      \"affinity\": 2\n    },\n"
	    "    \"last\": 123456789012345678\n  }";
	static const bool kept[] = { true, false, true, false, true, true };
	const struct ts_ext_buffers *b;
	const struct ts_ext_pinning *pin;
	const struct ts_ext_llc *llc;
	const struct ts_ext_cpus *cpus;
	struct ts_report r;
	struct json_object *v, *t;
	struct ts_buf text, out;
	char err[256];
	size_t i;
	bool all;

	fixture("producer-ours-0.1.0.json", &text);
	ok(ts_doc_parse(text.data, text.len, &r, err, sizeof err) == 0,
	    "producer-ours-0.1.0 reads");
	all = r.ext.present && r.ext.read && r.ext.n == ts_next_keys - 1;
	for (i = 0; all && i < r.ext.n; i++)
		all = r.ext.v[i].key == ts_ext_keys[i] && !r.ext.v[i].kept;
	ok(all, "every key we write reads into its typed record (%zu)",
	    r.ext.n);
	llc = ts_ext_get(&r.ext, &ts_ext_key_llc);
	pin = ts_ext_get(&r.ext, &ts_ext_key_pinning);
	b = ts_ext_get(&r.ext, &ts_ext_key_buffers);
	ok(llc != NULL && llc->level == 3 && pin != NULL && pin->enabled &&
	    b != NULL && b->base_page_bytes == 4096 && b->nbuf == 0 &&
	    strcmp(b->transparent_hugepage, "madvise") == 0,
	    "typed values as in the file");
	ts_buf_init(&out);
	ts_doc_pretty(&r, &out);
	ok(out.len + 1 == text.len && memcmp(out.data, text.data,
	    out.len) == 0, "written back byte for byte");
	ts_buf_free(&out);
	ts_buf_free(&text);
	ts_report_free(&r);

	memset(&r, 0, sizeof r);
	if (ts_json_parse(ext, strlen(ext), &v, err, sizeof err) != 0)
		diag("bad test JSON: %s", err);
	ts_ext_read(v, &r.ext);
	all = r.ext.n == 6;
	for (i = 0; all && i < r.ext.n; i++)
		all = r.ext.v[i].kept == kept[i];
	ok(all, "a float l3_total_bytes and reordered cpus kept as read");
	cpus = ts_ext_get(&r.ext, &ts_ext_key_cpus);
	ok(cpus != NULL && cpus->usable == 2 && cpus->affinity == 2 &&
	    ts_ext_get(&r.ext, &ts_ext_key_l3_total_bytes) != NULL &&
	    ts_ext_get(&r.ext, &ts_ext_key_pinning) == NULL,
	    "irregular known keys are typed leniently all the same");
	ok(nkept(&r.ext) == 4 && r.ext.n == 6 && r.ext.v[0].key == NULL &&
	    strcmp(r.ext.v[0].name, "first") == 0 &&
	    strcmp(r.ext.v[5].name, "last") == 0,
	    "four keys kept as read, six in order");
	t = ts_ext_tree(&r.ext);
	ts_buf_init(&out);
	ts_json_write_pretty(t, &out);
	ts_buf_init(&text);
	ts_json_write_pretty(v, &text);
	ok(out.len == text.len && memcmp(out.data, text.data, out.len) == 0,
	    "unknown and irregular keys written back in place");
	ts_buf_free(&out);
	ts_buf_free(&text);
	json_object_put(t);
	json_object_put(v);
	ts_report_free(&r);
}

/*
 * extensions.cpu_kinds: typed whether or not it is exactly as we write it
 * (then also kept as read), with the same answers.
 */
static void
test_cpu_kinds(void)
{
	static const char *const docs[] = {
	    "{\"cpu_kinds\": {\"kinds\": [{\"name\": \"big\", "
	    "\"hwloc_rank\": 1, \"efficiency\": 1, \"cores\": 2}, "
	    "{\"name\": \"little\", \"hwloc_rank\": 0, \"cores\": 4}], "
	    "\"single_thread\": {\"kind\": \"big\", \"core\": 3, "
	    "\"cpus\": \"6-7\", \"passes\": 2, \"passes_pinned\": 2, "
	    "\"pinned\": true}, \"multi_thread\": {\"threads\": 3, "
	    "\"workers\": {\"big\": 2, \"little\": 1}}, "
	    "\"per_kind\": {\"sha256\": {\"big\": {\"core\": 3, "
	    "\"cpus\": \"6-7\", \"pinned\": true, \"value\": 2.5, "
	    "\"cv\": 0.0, \"ci95\": 0.25, \"stability\": \"stable\", "
	    "\"samples\": 1, \"iters_per_thread\": 10}, \"little\": "
	    "{\"core\": 0, \"cpus\": \"0\", \"pinned\": false, "
	    "\"error\": \"not run\"}}}, "
	    "\"single_core_score_kind\": \"big\"}}",
	    /* The same with an integer value: kept as JSON. */
	    "{\"cpu_kinds\": {\"kinds\": [{\"name\": \"big\", "
	    "\"hwloc_rank\": 1, \"efficiency\": 1, \"cores\": 2}, "
	    "{\"name\": \"little\", \"hwloc_rank\": 0, \"cores\": 4}], "
	    "\"single_thread\": {\"kind\": \"big\", \"core\": 3, "
	    "\"cpus\": \"6-7\", \"passes\": 2, \"passes_pinned\": 2, "
	    "\"pinned\": true}, \"multi_thread\": {\"threads\": 3, "
	    "\"workers\": {\"big\": 2, \"little\": 1}}, "
	    "\"per_kind\": {\"sha256\": {\"big\": {\"core\": 3, "
	    "\"cpus\": \"6-7\", \"pinned\": true, \"value\": 2, "
	    "\"cv\": 0.0, \"ci95\": 0.25, \"stability\": \"stable\", "
	    "\"samples\": 1, \"iters_per_thread\": 10}, \"little\": "
	    "{\"core\": 0, \"cpus\": \"0\", \"pinned\": false, "
	    "\"error\": \"not run\"}}}, "
	    "\"single_core_score_kind\": \"big\"}}",
	};
	struct ts_kinds_single one;
	struct json_object *v, *t;
	struct ts_buf a, b;
	struct ts_report r;
	unsigned long long n;
	const char *names[4];
	double value, ci95;
	char err[256];
	size_t i;

	for (i = 0; i < 2; i++) {
		memset(&r, 0, sizeof r);
		if (ts_json_parse(docs[i], strlen(docs[i]), &v, err,
		    sizeof err) != 0) {
			diag("bad test JSON: %s", err);
			continue;
		}
		ts_ext_read(v, &r.ext);
		ok(ts_ext_get(&r.ext, &ts_ext_key_cpu_kinds) != NULL &&
		    r.ext.n == 1 && r.ext.v[0].kept == (i == 1),
		    "cpu_kinds typed%s", i == 0 ? "" : ", and kept as read");
		ok(ts_kinds_names(&r, names, 4) == 2 &&
		    strcmp(names[1], "little") == 0 &&
		    ts_kinds_has_per_kind(&r) &&
		    strcmp(ts_kinds_single_kind(&r), "big") == 0,
		    "kinds, per_kind and the single-thread kind (%zu)", i);
		ok(ts_kinds_value(&r, "sha256", "big", &value, &ci95) == 0 &&
		    value == (i == 0 ? 2.5 : 2) && ci95 == 0.25 &&
		    ts_kinds_value(&r, "sha256", "little", &value,
		    &ci95) == -1 &&
		    ts_kinds_value(&r, "sort", "big", &value, &ci95) == -1,
		    "per-kind figures (%zu)", i);
		ts_kinds_single(&r, &one);
		ok(one.core == 3 && strcmp(one.cpus, "6-7") == 0 &&
		    one.pinned && one.reason == NULL &&
		    ts_kinds_workers(&r, "little", &n) == 0 && n == 1 &&
		    ts_kinds_workers(&r, "medium", &n) == -1,
		    "single-thread placement and workers (%zu)", i);
		t = ts_ext_tree(&r.ext);
		ts_buf_init(&a);
		ts_buf_init(&b);
		ts_json_write_pretty(t, &a);
		ts_json_write_pretty(v, &b);
		ok(a.len == b.len && memcmp(a.data, b.data, a.len) == 0,
		    "cpu_kinds written back unchanged (%zu)", i);
		ts_buf_free(&a);
		ts_buf_free(&b);
		json_object_put(t);
		json_object_put(v);
		ts_report_free(&r);
	}
}

int
main(void)
{
	const char *src = getenv("top_srcdir");
	struct ts_buf apple;

	snprintf(fixtures, sizeof fixtures, "%s/tests/fixtures",
	    src != NULL ? src : ".");
	fixture("apple-m4-pro.json", &apple);
	test_grammar();
	test_reader(apple.data);
	test_writers(apple.data);
	test_base64();
	test_pkcs8();
	test_signing(apple.data);
	test_extensions();
	test_cpu_kinds();
	ts_buf_free(&apple);
	return done_testing();
}
