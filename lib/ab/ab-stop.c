/* SPDX-License-Identifier: MIT */
/*
 * The stopping rule of an experiment of rounds (ab-stop.h).
 */
#include <config.h>

#include <math.h>

#include "ab/ab-stop.h"

void
ts_ab_stop_defaults(struct ts_ab_stop *s)
{
	*s = (struct ts_ab_stop){ .min_runs = TS_AB_DEFAULT_MIN_RUNS,
	    .max_runs = TS_AB_DEFAULT_MAX_RUNS,
	    .precision = TS_AB_DEFAULT_PRECISION,
	    .max_time = TS_AB_DEFAULT_MAX_TIME, .step = 1 };
}

enum ts_ab_why
ts_ab_stop_check(const struct ts_ab_stop *s, size_t rounds, double elapsed,
    double round_s, double width)
{
	size_t step = s->step > 0 ? s->step : 1;

	if (s->runs > 0)
		return rounds >= s->runs ? TS_AB_STOP_RUNS : TS_AB_MORE;
	if (rounds % step != 0)
		return TS_AB_MORE;
	if (s->max_runs > 0 && rounds >= s->max_runs)
		return TS_AB_STOP_MAX;
	if (rounds < s->min_runs)
		return TS_AB_MORE;
	if (s->precision > 0 && width <= s->precision)
		return TS_AB_STOP_PRECISION;
	if (s->max_time > 0 && elapsed + (double)step * round_s > s->max_time)
		return TS_AB_STOP_TIME;
	return TS_AB_MORE;
}

double
ts_ab_stop_width(const struct ts_ab_est *e)
{
	double w = e->blind_half_width, hw;

	if (e->method == TS_AB_METHOD_NONE)
		return w;
	hw = (e->log_high - e->log_low) / 2;
	if (fabs(e->log_ratio) >= TS_AB_FAR * hw && !(w <= e->half_width))
		w = e->half_width;
	return w;
}

bool
ts_ab_stop_due(const struct ts_ab_stop *s, size_t rounds, size_t last)
{
	size_t step = s->step > 0 ? s->step : 1;

	if (rounds % step != 0 || rounds == 0)
		return false;
	if (rounds <= TS_AB_CHECK_EVERY || last == 0)
		return true;
	return rounds >= last + last / 20;
}

double
ts_ab_rounds_left(const struct ts_ab_stop *s, size_t rounds, double elapsed,
    double round_s, double half_width)
{
	double left = -1, by_time, need;

	if (s->runs > 0)
		return rounds >= s->runs ? 0 : (double)(s->runs - rounds);
	if (s->precision > 0 && isfinite(half_width) && half_width > 0 &&
	    rounds > 0) {
		need = (double)rounds * (half_width / s->precision) *
		    (half_width / s->precision);
		left = need > (double)rounds ? need - (double)rounds : 0;
	}
	if (rounds < s->min_runs && left < (double)(s->min_runs - rounds))
		left = (double)(s->min_runs - rounds);
	if (s->max_runs > 0 && (left < 0 || (double)rounds + left >
	    (double)s->max_runs))
		left = (double)(s->max_runs - (rounds < s->max_runs ?
		    rounds : s->max_runs));
	if (s->max_time > 0 && round_s > 0 && rounds >= s->min_runs) {
		by_time = floor((s->max_time - elapsed) / round_s);
		if (by_time < 0)
			by_time = 0;
		if (left < 0 || by_time < left)
			left = by_time;
	}
	return left;
}

const char *
ts_ab_why_text(enum ts_ab_why w)
{
	switch (w) {
	case TS_AB_STOP_RUNS:
		return "the rounds asked for were run";
	case TS_AB_STOP_PRECISION:
		return "the precision asked for was reached";
	case TS_AB_STOP_TIME:
		return "the time allowed ran out";
	case TS_AB_STOP_MAX:
		return "the most rounds allowed were run";
	default:
		return "not stopped";
	}
}
