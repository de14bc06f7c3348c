/* SPDX-License-Identifier: MIT */
/*
 * lib/host/host-psi.c: the pressure files' lines, as the kernel writes
 * them (percent and microseconds in, shares and seconds out), a file
 * without its "full" line, text that is not a pressure file, and this
 * machine's files when it has them.
 */
#include <config.h>

#include <math.h>
#include <stdio.h>

#include "host/host-psi.h"
#include "tap.h"

static int
near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

int
main(void)
{
	struct ts_psi p;
	size_t i;
	int rc;

	rc = ts_psi_parse("some avg10=12.50 avg60=3.00 avg300=0.25 "
	    "total=185463446\nfull avg10=1.00 avg60=0.50 avg300=0.00 "
	    "total=2000000\n", &p);
	ok(rc == 0 && p.some.present && p.full.present, "both lines read");
	ok(near(p.some.avg10, 0.125) && near(p.some.avg60, 0.03) &&
	    near(p.some.avg300, 0.0025), "some: percent as shares");
	ok(near(p.some.total_s, 185.463446), "some: total in seconds");
	ok(near(p.full.avg10, 0.01) && near(p.full.total_s, 2),
	    "full: its own figures");
	rc = ts_psi_parse("some avg10=0.00 avg60=0.00 avg300=0.00 total=0\n",
	    &p);
	ok(rc == 0 && p.some.present && !p.full.present,
	    "a CPU file of Linux before 5.13: no full line, and no error");
	ok(ts_psi_parse("cpu  1 2 3 4\n", &p) == -1 && !p.some.present,
	    "not a pressure file: refused");
	ok(ts_psi_parse("some avg10=x\nfull avg10=1.00 avg60=0.50 avg300=0.00 "
	    "total=2\n", &p) == -1 && !p.some.present && p.full.present,
	    "a damaged some line: refused, not read as zeros");
	for (i = 0; i < TS_PSI_RESOURCES; i++) {
		rc = ts_psi_read(ts_psi_resources[i], &p);
		if (rc == -1) {
			skip(1, "/proc/pressure/%s: this kernel does not say",
			    ts_psi_resources[i]);
			continue;
		}
		ok(p.some.avg10 >= 0 && p.some.avg10 <= 1 && p.some.total_s >= 0,
		    "/proc/pressure/%s: some avg10 %.4f, total %.1f s",
		    ts_psi_resources[i], p.some.avg10, p.some.total_s);
	}
	return done_testing();
}
