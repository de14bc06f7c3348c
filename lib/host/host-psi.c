/* SPDX-License-Identifier: MIT */
/*
 * Pressure stall information (see host-psi.h).
 */
#include <config.h>

#include <stdio.h>
#include <string.h>

#include "host/host-psi.h"

const char *const ts_psi_resources[TS_PSI_RESOURCES] = {
	"cpu", "memory", "io"
};

/* One line after its kind's word: avg10=A avg60=B avg300=C total=T. */
static int
parse_line(const char *p, struct ts_psi_line *l)
{
	unsigned long long total;

	if (sscanf(p, " avg10=%lf avg60=%lf avg300=%lf total=%llu",
	    &l->avg10, &l->avg60, &l->avg300, &total) != 4)
		return -1;
	/* The file says percent and microseconds. */
	l->avg10 /= 100;
	l->avg60 /= 100;
	l->avg300 /= 100;
	l->total_s = (double)total / 1e6;
	l->present = true;
	return 0;
}

int
ts_psi_parse(const char *text, struct ts_psi *out)
{
	const char *p = text;

	memset(out, 0, sizeof *out);
	while (p != NULL && *p != '\0') {
		if (strncmp(p, "some ", 5) == 0 && parse_line(p + 4,
		    &out->some) == -1)
			memset(&out->some, 0, sizeof out->some);
		else if (strncmp(p, "full ", 5) == 0 && parse_line(p + 4,
		    &out->full) == -1)
			memset(&out->full, 0, sizeof out->full);
		p = strchr(p, '\n');
		if (p != NULL)
			p++;
	}
	return out->some.present ? 0 : -1;
}

int
ts_psi_read(const char *resource, struct ts_psi *out)
{
	char path[64], buf[512];
	size_t n;
	FILE *fp;

	memset(out, 0, sizeof *out);
	snprintf(path, sizeof path, "/proc/pressure/%s", resource);
	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	n = fread(buf, 1, sizeof buf - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	return ts_psi_parse(buf, out);
}
