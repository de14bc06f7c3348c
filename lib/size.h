/* SPDX-License-Identifier: MIT */
/*
 * Byte sizes as users write them and as the programs print them: the
 * binary units, one parser for size options and one formatter.
 */
#ifndef TS_SIZE_H
#define TS_SIZE_H

#include <stddef.h>
#include <stdint.h>

#define TS_KIB		(UINT64_C(1) << 10)
#define TS_MIB		(UINT64_C(1) << 20)
#define TS_GIB		(UINT64_C(1) << 30)

/*
 * Parse a size option: a decimal byte count, optionally followed by K, M,
 * G or T (binary multiples; "KiB" and "KB" spellings accepted, any case).
 * Return 0, or -1 on bad grammar or overflow (*out untouched).
 */
int	 ts_parse_size(const char *, uint64_t *out);

enum ts_size_style {
	/*
	 * The original sweep table's: divide by 1024 while at least 1024 and
	 * the unit is below GiB, then "%.0f <unit>" ("4 KiB", "4096 GiB").
	 */
	TS_SIZE_WHOLE,
	/*
	 * Three significant digits, up to TiB ("32 KiB", "1.5 MiB"); whole
	 * numbers from 1000 up ("1023 KiB").
	 */
	TS_SIZE_SHORT
};

/*
 * The largest buffer one mapping may hold on this machine: half its
 * address space, so 2 GiB less a byte on a 32-bit machine (far beyond any
 * memory on a 64-bit one).  Sizes stay uint64_t until they are mapped; a
 * larger one is refused before it becomes a size_t, where it would wrap.
 */
#define TS_MAP_MAX_BYTES	((uint64_t)(SIZE_MAX / 2))

/*
 * 0 when a buffer of `bytes` can be mapped here; else -1 and one line in
 * err: "WHAT: N MiB cannot be mapped by a 32-bit program (at most M MiB)".
 */
int	 ts_size_mappable(uint64_t bytes, const char *what, char *err,
	    size_t errlen);

/* Write `bytes` in binary units, in the given style, into buf. */
void	 ts_size_format(double bytes, enum ts_size_style, char *buf,
	    size_t len);

#endif /* TS_SIZE_H */
