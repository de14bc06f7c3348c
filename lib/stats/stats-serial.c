/* SPDX-License-Identifier: MIT */
/*
 * Autocorrelation, a rank test of serial dependence, batches
 * (stats-serial.h).
 */
#include <config.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "stats/stats-basic.h"
#include "stats/stats-serial.h"
#include "util.h"

double
ts_autocorr(const double *x, size_t n, size_t lag)
{
	double m = 0, num = 0, den = 0;
	size_t i;

	if (lag == 0 || lag >= n)
		return NAN;
	for (i = 0; i < n; i++)
		m += x[i];
	m /= (double)n;
	for (i = 0; i < n; i++)
		den += (x[i] - m) * (x[i] - m);
	for (i = 0; i + lag < n; i++)
		num += (x[i] - m) * (x[i + lag] - m);
	return den > 0 ? num / den : NAN;
}

size_t
ts_serial_lags(size_t n)
{
	size_t k = (size_t)ceil(cbrt((double)n) - 1e-9);

	if (k < 1)
		k = 1;
	return k > 10 ? 10 : k;
}

int
ts_serial_test(const double *x, size_t n, size_t lags, struct ts_serial *out)
{
	double *r, w, r_k, dn = (double)n, sum = 0, var = 0;
	size_t k;

	out->n = n;
	out->lags = lags;
	out->r1 = out->z = out->p = NAN;
	if (n < TS_SERIAL_MIN || lags < 1 || 2 * lags >= n)
		return -1;
	r = ts_xmalloc(n * sizeof *r);
	ts_midranks(x, n, r);
	for (k = 1; k <= lags; k++) {
		r_k = ts_autocorr(r, n, k);
		if (isnan(r_k)) {
			free(r);
			return -1;
		}
		if (k == 1)
			out->r1 = r_k;
		w = 1 - (double)k / (double)(lags + 1);
		sum += w * (r_k + (dn - (double)k) / (dn * (dn - 1)));
		var += w * w * (dn - (double)k) / (dn * (dn + 2));
	}
	free(r);
	out->z = sum / sqrt(var);
	out->p = 0.5 * erfc(out->z / sqrt(2.0));
	return 0;
}

size_t
ts_batch_start(size_t n, size_t b, size_t j)
{
	return (size_t)((uint64_t)j * n / b);
}

void
ts_batches(const double *x, size_t n, size_t b,
    double (*stat)(const double *, size_t, void *), void *arg, double *out)
{
	size_t j, s, e;

	for (j = 0; j < b; j++) {
		s = ts_batch_start(n, b, j);
		e = ts_batch_start(n, b, j + 1);
		out[j] = stat(x + s, e - s, arg);
	}
}
