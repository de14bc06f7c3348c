/* SPDX-License-Identifier: MIT */
/*
 * Strict RFC 4648 base64.  OpenSSL's EVP_DecodeBlock accepts whitespace,
 * missing padding and non-zero trailing bits, so the decoder is our own.
 */
#include <config.h>

#include <string.h>

#include "doc/doc-base64.h"

static const char alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

void
ts_base64_encode(const uint8_t *in, size_t n, char *out)
{
	uint32_t v;
	size_t i;

	for (i = 0; i + 2 < n; i += 3) {
		v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8 | in[i + 2];
		*out++ = alphabet[v >> 18];
		*out++ = alphabet[(v >> 12) & 63];
		*out++ = alphabet[(v >> 6) & 63];
		*out++ = alphabet[v & 63];
	}
	if (n - i == 1) {
		v = (uint32_t)in[i] << 16;
		*out++ = alphabet[v >> 18];
		*out++ = alphabet[(v >> 12) & 63];
		*out++ = '=';
		*out++ = '=';
	} else if (n - i == 2) {
		v = (uint32_t)in[i] << 16 | (uint32_t)in[i + 1] << 8;
		*out++ = alphabet[v >> 18];
		*out++ = alphabet[(v >> 12) & 63];
		*out++ = alphabet[(v >> 6) & 63];
		*out++ = '=';
	}
	*out = '\0';
}

/* The 6-bit value of an alphabet character, or -1. */
static int
sextet(unsigned char c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

long
ts_base64_decode(const char *s, uint8_t *out, size_t outlen)
{
	size_t len = strlen(s), i, j, n = 0, pad = 0, nbytes;
	int q[4];
	uint32_t v;

	if (len % 4 != 0)
		return -1;
	if (len > 0 && s[len - 1] == '=')
		pad = len > 1 && s[len - 2] == '=' ? 2 : 1;
	if (len / 4 * 3 - pad > outlen)
		return -1;
	for (i = 0; i < len; i += 4) {
		nbytes = 3;
		for (j = 0; j < 4; j++) {
			if (i + 4 == len && j >= 4 - pad) {
				q[j] = 0;
				continue;
			}
			if ((q[j] = sextet((unsigned char)s[i + j])) < 0)
				return -1;
		}
		if (i + 4 == len)
			nbytes = 3 - pad;
		v = (uint32_t)q[0] << 18 | (uint32_t)q[1] << 12 |
		    (uint32_t)q[2] << 6 | (uint32_t)q[3];
		/* The bits below the last byte must be zero (canonical). */
		if ((nbytes == 1 && (v & 0xffff) != 0) ||
		    (nbytes == 2 && (v & 0xff) != 0))
			return -1;
		out[n++] = (uint8_t)(v >> 16);
		if (nbytes > 1)
			out[n++] = (uint8_t)(v >> 8);
		if (nbytes > 2)
			out[n++] = (uint8_t)v;
	}
	return (long)n;
}
