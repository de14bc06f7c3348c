/* SPDX-License-Identifier: MIT */
/*
 * lib/ab/ab-metric.c: --metric's values and what it refuses; the
 * figures of wait4's metrics; json:KEY through objects and arrays, in a
 * whole document or the last JSON line holding it, a key with dots of
 * its own; regex:RE's first match and first group; the one line that
 * says why there is no figure.
 */
#include <config.h>

#include <math.h>
#include <string.h>

#include "ab/ab-metric.h"
#include "tap.h"

static struct ts_ab_metric m;
static char err[256];

/* The figure arg reads from out (text), or NAN after err is set. */
static double
figure(const char *arg, const char *out)
{
	struct ts_ab_sample s = { 1.5, 0.75, 0.25, 2048 };
	double v = NAN;

	if (ts_ab_metric_parse(arg, &m, err, sizeof err) == -1)
		return NAN;
	if (ts_ab_metric_value(&m, &s, out, strlen(out), &v, err,
	    sizeof err) == -1)
		v = NAN;
	ts_ab_metric_free(&m);
	return v;
}

/* arg is refused with a reason that holds want. */
static void
refused(const char *arg, const char *want)
{
	int rc = ts_ab_metric_parse(arg, &m, err, sizeof err);

	ok(rc == -1 && strstr(err, want) != NULL, "--metric '%s' refused: %s",
	    arg, err);
	if (rc == 0)
		ts_ab_metric_free(&m);
}

int
main(void)
{
	static const char doc[] = "{\"results\": [{\"mean\": 0.5}, "
	    "{\"mean\": 0.25, \"a.b\": 7}], \"t\": 1.03, \"s\": \"x\"}\n";
	static const char lines[] = "{\"t\": 1}\nnoise\n{\"t\": 2, \"u\": 3}\n"
	    "{\"u\": 4}\n\n";

	ok(figure("wall", "") == 1.5 && figure("user", "") == 0.75 &&
	    figure("system", "") == 0.25 && figure("cpu", "") == 1.0 &&
	    figure("maxrss", "") == 2048, "wall, user, system, cpu, maxrss");
	ts_ab_metric_parse("cpu", &m, err, sizeof err);
	ok(ts_ab_metric_is_time(&m) && !ts_ab_metric_reads_output(&m) &&
	    strcmp(ts_ab_metric_unit(&m), "s") == 0, "cpu is a time in s");
	ts_ab_metric_free(&m);
	ts_ab_metric_parse("maxrss", &m, err, sizeof err);
	ok(!ts_ab_metric_is_time(&m) && strcmp(ts_ab_metric_unit(&m),
	    "KiB") == 0, "maxrss is in KiB");
	ts_ab_metric_free(&m);
	ts_ab_metric_parse("json:t", &m, err, sizeof err);
	ok(ts_ab_metric_reads_output(&m) && strcmp(m.name, "json:t") == 0 &&
	    strcmp(ts_ab_metric_unit(&m), "") == 0,
	    "json:t reads the output, has no unit");
	ts_ab_metric_free(&m);

	ok(figure("json:t", doc) == 1.03, "json:t of a document");
	ok(figure("json:results.1.mean", doc) == 0.25,
	    "json:results.1.mean: through an array");
	ok(figure("json:results.1.a.b", doc) == 7, "a key with dots of its own");
	ok(isnan(figure("json:results.2.mean", doc)) && strcmp(err,
	    "json:results.2.mean: no JSON document or line of the output "
	    "holds 'results.2.mean'") == 0, "an index past the end: one line");
	ok(isnan(figure("json:s", doc)) && strcmp(err, "json:s: the value is "
	    "a string, not a finite number") == 0, "a string: not a number");
	ok(isnan(figure("json:results.01.mean", doc)),
	    "an index with a leading zero is no index");
	ok(figure("json:t", lines) == 2 && figure("json:u", lines) == 4,
	    "JSON lines: the last line that holds the key");
	ok(figure("json:t", "  {\"t\": 3e-3}  ") == 0.003,
	    "blanks around a document");
	ok(isnan(figure("json:t", "")) && isnan(figure("json:t", "t=1")),
	    "no JSON at all: no figure");
	ok(isnan(figure("json:t", "{\"t\": 1} {\"t\": 2}")),
	    "two documents on one line are not one JSON document");

	ok(figure("regex:([0-9.]+) ms", "took 12.5 ms\n") == 12.5,
	    "regex: the first group");
	ok(figure("regex:[0-9]+", "a 42 b 7") == 42,
	    "regex without a group: the whole first match");
	ok(isnan(figure("regex:x=([a-z]+)", "x=abc\n")) && strcmp(err,
	    "regex:x=([a-z]+): matched 'abc', not a number") == 0,
	    "a match that is no number, in one line");
	ok(isnan(figure("regex:t=(.*)", "t=1\n2")) &&
	    strchr(err, '\n') == NULL, "the error stays one line");
	ok(isnan(figure("regex:zzz", "abc")) && strcmp(err,
	    "regex:zzz: the output does not match") == 0, "no match");
	ok(isnan(figure("regex:a|(b)", "a")) &&
	    strstr(err, "first group matched nothing") != NULL,
	    "a group that took no part");

	refused("speed", "invalid --metric 'speed': expected wall, user, "
	    "system, cpu, maxrss, json:KEY or regex:RE");
	refused("json:", "json: needs a key");
	refused("json:a..b", "json: needs a key");
	refused("regex:", "regex: needs a regular expression");
	refused("regex:(", "not a POSIX extended regular expression");
	return done_testing();
}
