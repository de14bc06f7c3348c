/* SPDX-License-Identifier: MIT */
/*
 * Byte sizes: the size-option parser and the one formatter every table,
 * summary and plot label uses.
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "size.h"

int
ts_parse_size(const char *s, uint64_t *out)
{
	static const char units[] = "kmgt";
	const char *p = s, *u;
	uint64_t v = 0, mult = 1;
	int shift;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*p - '0');
	}
	if (*p != '\0') {
		/* One unit letter, then optionally "iB" or "B". */
		if ((u = strchr(units, *p | 0x20)) == NULL)
			return -1;
		shift = 10 * (int)(u - units + 1);
		mult = UINT64_C(1) << shift;
		p++;
		if ((*p | 0x20) == 'i' && (p[1] | 0x20) == 'b')
			p += 2;
		else if ((*p | 0x20) == 'b')
			p++;
		if (*p != '\0')
			return -1;
	}
	if (v > UINT64_MAX / mult)
		return -1;
	*out = v * mult;
	return 0;
}

int
ts_size_mappable(uint64_t bytes, const char *what, char *err, size_t errlen)
{
	if (bytes <= TS_MAP_MAX_BYTES)
		return 0;
	snprintf(err, errlen, "%s: %llu MiB cannot be mapped by a %u-bit "
	    "program (at most %llu MiB)", what,
	    (unsigned long long)(bytes / TS_MIB + (bytes % TS_MIB != 0)),
	    (unsigned)(sizeof(size_t) * 8),
	    (unsigned long long)(TS_MAP_MAX_BYTES / TS_MIB));
	return -1;
}

void
ts_size_format(double bytes, enum ts_size_style style, char *buf, size_t len)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	int top = style == TS_SIZE_WHOLE ? 3 : 4, u = 0;

	while (bytes >= 1024 && u < top) {
		bytes /= 1024;
		u++;
	}
	/* %.3g would print 1000..1023 as "1e+03". */
	if (style == TS_SIZE_WHOLE || bytes >= 999.5)
		snprintf(buf, len, "%.0f %s", bytes, unit[u]);
	else
		snprintf(buf, len, "%.3g %s", bytes, unit[u]);
}
