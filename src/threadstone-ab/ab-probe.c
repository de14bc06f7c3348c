/* SPDX-License-Identifier: MIT */
/*
 * Short readings of the memory probe between rounds (ab-probe.h).
 */
#include <config.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ab-probe.h"
#include "mem/mem-probe.h"
#include "size.h"
#include "util.h"

struct ab_probe {
	struct ts_probe	*pr;
};

struct ab_probe *
ab_probe_open(char *err, size_t errlen)
{
	struct ts_probe_config cfg;
	struct ab_probe *p;

	memset(&cfg, 0, sizeof cfg);
	cfg.seconds = AB_PROBE_SECONDS;
	cfg.working_set_bytes = (uint64_t)AB_PROBE_MIB * TS_MIB;
	cfg.threads = 1;
	cfg.seed = 1;
	p = ts_xcalloc(1, sizeof *p);
	if ((p->pr = ts_probe_open(&cfg, err, errlen)) == NULL) {
		free(p);
		return NULL;
	}
	return p;
}

double
ab_probe_read(struct ab_probe *p, char *err, size_t errlen)
{
	struct ts_probe_result r;

	if (ts_probe_measure(p->pr, AB_PROBE_SECONDS, &r, err, errlen) == -1)
		return NAN;
	return ts_probe_score(&r);
}

void
ab_probe_close(struct ab_probe *p)
{
	if (p == NULL)
		return;
	ts_probe_close(p->pr);
	free(p);
}
