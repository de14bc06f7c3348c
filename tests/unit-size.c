/* SPDX-License-Identifier: MIT */
/* lib/size.c: size options parsed, and sizes formatted in both styles. */
#include <config.h>

#include <stdint.h>
#include <stdio.h>

#include "size.h"
#include "tap.h"

/* ts_parse_size of s: its value, or 1 (no size parses to 1 here but "1"). */
static uint64_t
size(const char *s)
{
	uint64_t v = 1;

	return ts_parse_size(s, &v) == 0 ? v : UINT64_C(0xdead);
}

/* ts_size_format into a static buffer. */
static const char *
fmt(double bytes, enum ts_size_style style)
{
	static char buf[32];

	ts_size_format(bytes, style, buf, sizeof buf);
	return buf;
}

int
main(void)
{
	static const char *const bad[] = { "", "K", "-1", " 1", "1 K", "1x",
	    "1KiBs", "1Ki", "1.5M", "0x10", "16E", "18446744073709551616",
	    "17179869184G", "1kbb" };
	uint64_t v = 7;
	char err[256], want[256];
	size_t i;

	is_u64(size("0"), 0, "0");
	is_u64(size("4096"), 4096, "plain bytes");
	is_u64(size("4K"), 4096, "4K");
	is_u64(size("4k"), 4096, "4k: any case");
	is_u64(size("4KiB"), 4096, "4KiB");
	is_u64(size("4kb"), 4096, "4kb");
	is_u64(size("2M"), 2 * TS_MIB, "2M");
	is_u64(size("3g"), 3 * TS_GIB, "3g");
	is_u64(size("1T"), TS_GIB * 1024, "1T");
	is_u64(size("16777215T"), UINT64_C(16777215) << 40,
	    "the largest whole number of TiB");
	is_u64(size("18446744073709551615"), UINT64_MAX, "UINT64_MAX bytes");
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		ok(ts_parse_size(bad[i], &v) == -1 && v == 7,
		    "refused, untouched: '%s'", bad[i]);

	is_str(fmt(512, TS_SIZE_WHOLE), "512 B", "whole: bytes");
	is_str(fmt(4096, TS_SIZE_WHOLE), "4 KiB", "whole: 4 KiB");
	is_str(fmt(1536, TS_SIZE_WHOLE), "2 KiB", "whole: rounded");
	is_str(fmt(4096.0 * TS_GIB, TS_SIZE_WHOLE), "4096 GiB",
	    "whole: GiB is the top unit");
	is_str(fmt(32 * 1024, TS_SIZE_SHORT), "32 KiB", "short: 32 KiB");
	is_str(fmt(1.5 * TS_MIB, TS_SIZE_SHORT), "1.5 MiB", "short: 1.5 MiB");
	is_str(fmt(1023 * 1024, TS_SIZE_SHORT), "1023 KiB",
	    "short: whole from 1000 up, no exponent");
	is_str(fmt(4096.0 * TS_GIB, TS_SIZE_SHORT), "4 TiB",
	    "short: TiB is the top unit");
	is_str(fmt(0, TS_SIZE_SHORT), "0 B", "short: zero");

	/* What one mapping may hold: 2 GiB less a byte on 32 bits. */
	err[0] = '\0';
	ok(ts_size_mappable(TS_GIB, "--x", err, sizeof err) == 0 &&
	    err[0] == '\0', "mappable: 1 GiB on every machine");
	ok(ts_size_mappable(UINT64_MAX, "--x", err, sizeof err) == -1,
	    "mappable: not 2^64 - 1 bytes");
	snprintf(want, sizeof want, "--x: 17592186044416 MiB cannot be "
	    "mapped by a %u-bit program (at most %llu MiB)",
	    (unsigned)(sizeof(size_t) * 8),
	    sizeof(size_t) == 4 ? 2047ULL : 8796093022207ULL);
	is_str(err, want, "mappable: one line naming the limit");
	if (sizeof(size_t) == 4) {
		ok(ts_size_mappable(2 * TS_GIB, "--x", err, sizeof err) == -1,
		    "mappable: 32 bits: not 2 GiB");
		ok(ts_size_mappable(2 * TS_GIB - 1, "--x", err, sizeof err) ==
		    0, "mappable: 32 bits: 2 GiB less a byte");
	} else {
		ok(ts_size_mappable(4096 * TS_GIB, "--x", err, sizeof err) ==
		    0, "mappable: 64 bits: 4 TiB");
		ok(ts_size_mappable(UINT64_C(1) << 63, "--x", err, sizeof err)
		    == -1, "mappable: 64 bits: not 2^63 bytes");
	}
	return done_testing();
}
