/* SPDX-License-Identifier: MIT */
/*
 * --probe: tachyon's memory probe (lib/mem/mem-probe.h) read between
 * rounds, from chains built once: one thread, tachyon's default working
 * set of 64 MiB, AB_PROBE_SECONDS a reading, no cache check (tachyon
 * makes it; a reading here only has to move with the host).
 */
#ifndef AB_PROBE_H
#define AB_PROBE_H

#include <stddef.h>

#define AB_PROBE_SECONDS	0.2
#define AB_PROBE_MIB		64

struct ab_probe;

/* Build the chains; NULL with a one-line reason in err. */
struct ab_probe	*ab_probe_open(char *err, size_t errlen);
/* One reading's score (M accesses/s); NaN with a reason in err. */
double		 ab_probe_read(struct ab_probe *, char *err, size_t errlen);
void		 ab_probe_close(struct ab_probe *);

#endif /* AB_PROBE_H */
