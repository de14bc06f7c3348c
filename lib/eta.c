/* SPDX-License-Identifier: MIT */
/*
 * Time estimates for progress lines and their wording.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>

#include "eta.h"

const char *
ts_eta_text(double secs, char *buf)
{
	double s;
	unsigned long m;

	buf[0] = '\0';
	if (!isfinite(secs) || secs < 0)
		return buf;
	s = ceil(secs);
	if (s < 1)
		s = 1;
	if (s > 20)
		s = ceil(s / 5) * 5;
	if (s < 60)
		snprintf(buf, TS_ETA_MAX, "about %.0f s left", s);
	else if (s < 3600) {
		m = (unsigned long)(s / 60);
		s -= (double)m * 60;
		if (s > 0)
			snprintf(buf, TS_ETA_MAX, "about %lu min %.0f s left",
			    m, s);
		else
			snprintf(buf, TS_ETA_MAX, "about %lu min left", m);
	} else if (s < 1e7) {
		m = (unsigned long)(s / 60);
		snprintf(buf, TS_ETA_MAX, "about %lu h %lu min left", m / 60,
		    m % 60);
	} else
		snprintf(buf, TS_ETA_MAX, "more than 100 days left");
	return buf;
}

double
ts_eta_sized(const uint64_t *sizes, const double *secs, size_t from,
    size_t n)
{
	double fixed, per_byte, left = 0;
	size_t i;

	/*
	 * Nothing finished, or only steps too small to tell a cost per byte
	 * from noise: the last steps are 64 times larger or more, and it is
	 * they that take the time.
	 */
	if (from == 0 || (from < n && sizes[from - 1] < sizes[n - 1] / 64))
		return -1;
	fixed = secs[0];
	for (i = 1; i < from; i++)
		if (secs[i] < fixed)
			fixed = secs[i];
	/*
	 * Small steps take the fixed cost give or take its noise (a reading
	 * lasts between one and four times its minimum): fit no cost per
	 * byte until a step has clearly outgrown it.
	 */
	per_byte = 0;
	if (sizes[from - 1] > 0 && secs[from - 1] >= 2 * fixed)
		per_byte = (secs[from - 1] - fixed) / (double)sizes[from - 1];
	for (i = from; i < n; i++)
		left += fixed + per_byte * (double)sizes[i];
	return left;
}

double
ts_eta_passes(const double *secs, const unsigned *left, size_t n)
{
	double known = 0, sum = 0;
	unsigned unknown = 0;
	size_t i, nknown = 0;

	for (i = 0; i < n; i++) {
		if (secs[i] >= 0) {
			known += secs[i];
			nknown++;
			sum += secs[i] * left[i];
		} else
			unknown += left[i];
	}
	if (unknown == 0)
		return sum;
	if (nknown == 0)
		return -1;
	return sum + unknown * (known / (double)nknown);
}
