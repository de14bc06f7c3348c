/* SPDX-License-Identifier: MIT */
/*
 * Welch's test (stats-welch.h).
 */
#include <config.h>

#include <math.h>

#include "stats/stats-basic.h"
#include "stats/stats-t.h"
#include "stats/stats-welch.h"

void
ts_welch(const double *a, size_t na, const double *b, size_t nb,
    struct ts_welch *w)
{
	double va, vb, wb, se2, den;

	ts_mean_var(a, na, &w->mean_a, &va);
	ts_mean_var(b, nb, &w->mean_b, &vb);
	w->diff = w->mean_b - w->mean_a;
	w->se = w->df = w->t = w->p = NAN;
	if (na < 2 || nb < 2)
		return;
	/*
	 * B's variance scaled to A's size, wb = vb na / nb, gives both
	 * terms one denominator: se^2 = va / na + vb / nb = (va + wb) / na,
	 * and the Welch-Satterthwaite df's denominator (va / na)^2 / (na - 1)
	 * + (vb / nb)^2 / (nb - 1) = (va^2 + wb^2 (na - 1) / (nb - 1)) /
	 * (na^2 (na - 1)).  With equal sizes the scalings are exactly 1, and
	 * these are the equal-size forms (va + vb) / n and (va^2 + vb^2) /
	 * (n^2 (n - 1)) to the bit.
	 */
	wb = vb * ((double)na / (double)nb);
	se2 = (va + wb) / (double)na;
	w->se = sqrt(se2);
	if (se2 <= 0 || !isfinite(se2)) {
		w->t = w->mean_b == w->mean_a ? 0 :
		    w->mean_b > w->mean_a ? INFINITY : -INFINITY;
		w->p = w->mean_b == w->mean_a ? 1 : 0;
		return;
	}
	den = (va * va + wb * wb * ((double)(na - 1) / (double)(nb - 1))) /
	    ((double)na * (double)na * (double)(na - 1));
	w->df = se2 * se2 / den;
	if (!(w->df > 0))
		w->df = 1;
	w->t = w->diff / w->se;
	w->p = isnan(w->t) ? 1 : ts_t_two_sided_p(w->t, w->df);
}
