/* SPDX-License-Identifier: MIT */
/*
 * tachyon.h: libtachyon-probe under the name the probe's callers know,
 * for `#include <tachyon.h>` with `pkg-config --cflags tachyon`.  It is
 * installed in its own directory, INCLUDEDIR/tachyon-probe/, which only
 * that module's flags name, so that Debian's Tachyon ray tracer keeps
 * /usr/include/tachyon.h.  Everything is in tachyon-probe.h.
 */
#ifndef TACHYON_PROBE_TACHYON_H
#define TACHYON_PROBE_TACHYON_H

#include <tachyon-probe.h>

#endif /* TACHYON_PROBE_TACHYON_H */
