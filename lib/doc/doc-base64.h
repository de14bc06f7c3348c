/* SPDX-License-Identifier: MIT */
/*
 * Base64 as the signature object uses it: RFC 4648 standard alphabet, "="
 * padding, no line breaks; decoding is strict (section 9.7).
 */
#ifndef TS_DOC_BASE64_H
#define TS_DOC_BASE64_H

#include <stddef.h>
#include <stdint.h>

/* Characters ts_base64_encode writes for n bytes, without the NUL. */
#define TS_BASE64_LEN(n)	((((n) + 2) / 3) * 4)

/* Encode n bytes into out (TS_BASE64_LEN(n) + 1 bytes, NUL-terminated). */
void	ts_base64_encode(const uint8_t *in, size_t n, char *out);

/*
 * Decode a whole string strictly: length a multiple of four, only the
 * standard alphabet, "=" only as the last one or two characters of the
 * final group, no whitespace, and the unused low bits of the last
 * character zero, so every byte string has exactly one accepted text.
 * Return the number of bytes written to out (at most outlen), or -1 when
 * the text is not canonical base64 or would not fit.
 */
long	ts_base64_decode(const char *s, uint8_t *out, size_t outlen);

#endif /* TS_DOC_BASE64_H */
