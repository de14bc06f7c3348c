/* SPDX-License-Identifier: MIT */
/*
 * Load one of the hwloc XML fixtures in tests/topo, never this host's
 * topology.  Header-only, for the unit tests that need a known machine.
 */
#ifndef TS_TOPO_FIXTURE_H
#define TS_TOPO_FIXTURE_H

#include <stdlib.h>

#include "tap.h"
#include "topo/topo.h"

/* Open a topology from an XML fixture in tests/topo; NULL with a diag. */
static struct ts_topo * __attribute__((unused))
open_xml(const char *name)
{
	char path[4096], err[256];
	const char *srcdir = getenv("top_srcdir");
	struct ts_topo *t;

	snprintf(path, sizeof path, "%s/tests/topo/%s", srcdir ? srcdir : ".",
	    name);
	unsetenv("HWLOC_SYNTHETIC");
	setenv("HWLOC_XMLFILE", path, 1);
	t = ts_topo_open(err, sizeof err);
	if (t == NULL)
		diag("%s: %s", name, err);
	return t;
}

#endif /* TS_TOPO_FIXTURE_H */
