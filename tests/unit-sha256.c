/* SPDX-License-Identifier: MIT */
/*
 * lib/kernels/sha256.c: the NIST vectors of section 5.3, the workload's
 * chaining, and (as an independent reference) libcrypto's digest of the
 * workload's own buffer.  libcrypto is used here only, never by the kernel.
 * libcrypto uses the CPU's SHA instructions where it has them (x86's
 * SHA-NI, ARMv8's SHA-2, IBM Z's CPACF), so that on such a machine the
 * published vectors check both paths, and the two agree.
 */
#include <config.h>

#include <stdlib.h>

#include <openssl/evp.h>

#include "kernels/kernel.h"
#include "kernels/sha256.h"
#include "tap.h"

static const struct ts_kernel *K = &ts_kernel_sha256;

/* Hex of a 32-byte digest. */
static const char *
hex32(const uint8_t d[32])
{
	static char out[65];
	int i;

	for (i = 0; i < 32; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
	return out;
}

/* The digest of n copies of byte c, in hex. */
static const char *
digest_of_run(int c, size_t n)
{
	uint8_t *m = malloc(n + 1), d[32];

	memset(m, c, n);
	ts_sha256_digest(m, n, d);
	free(m);
	return hex32(d);
}

/* libcrypto's digest, the reference. */
static void
reference_digest(const void *m, size_t n, uint8_t d[32])
{
	unsigned int len = 32;

	EVP_Digest(m, n, d, &len, EVP_sha256(), NULL);
}

/* The published vectors, including the padding boundaries. */
static void
test_vectors(void)
{
	static const struct {
		const char *msg, *hex;
	} v[] = {
		{ "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
		{ "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
		{ "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
		  "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1" },
		{ "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
		  "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
		  "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1" },
	};
	/* Runs of 'a': a million, and around the padding's boundaries. */
	static const struct {
		size_t n;
		const char *hex, *name;
	} runs[] = {
		{ 1000000, "cdc76e5c9914fb9281a1c7e284d73e67"
		    "f1809a48a497200e046d39ccc7112cd0", "1,000,000 x 'a'" },
		{ 55, "9f4390f8d30c2dd92ec9f095b65e2b9a"
		    "e9b0a925a5258e241c9f1e910f734318",
		    "55 x 'a' (one padding block)" },
		{ 56, "b35439a4ac6f0948b6d6f9e3c6af0f5f"
		    "590ce20f1bde7090ef7970686ec6738a",
		    "56 x 'a' (two padding blocks)" },
		{ 64, "ffe054fe7ae0cb6dc65c3af9b61d5209"
		    "f439851db43d0ba5997337df154668eb",
		    "64 x 'a' (a whole block)" },
	};
	uint8_t d[32];
	size_t i;

	for (i = 0; i < sizeof v / sizeof v[0]; i++) {
		ts_sha256_digest(v[i].msg, strlen(v[i].msg), d);
		is_str(hex32(d), v[i].hex, "NIST vector");
		reference_digest(v[i].msg, strlen(v[i].msg), d);
		is_str(hex32(d), v[i].hex, "NIST vector, libcrypto's digest");
	}
	for (i = 0; i < sizeof runs / sizeof runs[0]; i++)
		is_str(digest_of_run('a', runs[i].n), runs[i].hex, runs[i].name);
}

/* libcrypto's SHA-256 of m, for comparison. */
/* Our digest agrees with libcrypto's on every length around the blocks. */
static void
test_against_libcrypto(void)
{
	uint8_t m[300], a[32], b[32];
	size_t n;
	int bad = 0;

	for (n = 0; n < sizeof m; n++)
		m[n] = (uint8_t)(n * 131 + 7);
	for (n = 0; n <= sizeof m; n++) {
		ts_sha256_digest(m, n, a);
		reference_digest(m, n, b);
		if (memcmp(a, b, 32) != 0)
			bad++;
	}
	is_int(bad, 0, "0..300 bytes agree with libcrypto");
}

/*
 * The workload: after run(1) the chaining value is the compression of the
 * whole buffer, so one padding block more gives the buffer's digest.
 */
static void
test_workload(void)
{
	struct ts_sha256 *s = K->setup(1, 0, NULL);
	uint8_t pad[64] = { 0x80 }, got[32], want[32];
	uint32_t h[8];
	uint64_t c1, c2;
	int i;

	if (!ok(s != NULL, "setup"))
		return;
	ok(memcmp(s->h, ts_sha256_iv, sizeof s->h) == 0, "starts at the IV");
	c1 = K->run(s, 1);
	memcpy(h, s->h, sizeof h);
	for (i = 0; i < 8; i++)		/* the length in bits, big-endian */
		pad[63 - i] = (uint8_t)(((uint64_t)TS_SHA256_BUF * 8) >> (8 * i));
	ts_sha256_blocks(h, pad, 1);
	for (i = 0; i < 8; i++) {
		got[4 * i] = (uint8_t)(h[i] >> 24);
		got[4 * i + 1] = (uint8_t)(h[i] >> 16);
		got[4 * i + 2] = (uint8_t)(h[i] >> 8);
		got[4 * i + 3] = (uint8_t)h[i];
	}
	reference_digest(s->buf, TS_SHA256_BUF, want);
	is_str(hex32(got), hex32(want),
	    "run(1) chains the buffer as libcrypto hashes it");
	is_u64(c1, (uint64_t)s->h[0] << 32 | s->h[7], "checksum is H0:H7");
	c2 = K->run(s, 1);
	ok(c2 != c1, "a second run(1) goes on chaining");
	K->teardown(s);
	is_double(K->rate(16, 1, 1.0), 1.0, "16 iterations in 1 s = 1 MiB/s");
}

int
main(void)
{
	test_vectors();
	test_against_libcrypto();
	test_workload();
	return done_testing();
}
