/* SPDX-License-Identifier: MIT */
/*
 * The kernel's pressure stall information (PSI, /proc/pressure/cpu,
 * memory and io): how much of the recent time some task (or every
 * non-idle task, "full") was stalled waiting for a resource.  Read for
 * nothing: the kernel keeps it whether anyone looks or not.
 */
#ifndef TS_HOST_PSI_H
#define TS_HOST_PSI_H

#include <stdbool.h>

/* One line of a pressure file. */
struct ts_psi_line {
	bool	 present;
	double	 avg10, avg60, avg300;	/* shares of time stalled, 0..1 */
	double	 total_s;		/* stalled time since boot, seconds */
};

/* A resource's file: its "some" and "full" lines. */
struct ts_psi {
	struct ts_psi_line	 some, full;
};

/* The resources, in the order they are published. */
#define TS_PSI_RESOURCES	3
extern const char *const ts_psi_resources[TS_PSI_RESOURCES];

/*
 * Parse a pressure file's text ("some avg10=1.23 avg60=... avg300=...
 * total=USEC", and the same for "full").  Return 0 when the "some" line
 * is there (full may be absent: CPU pressure before Linux 5.13), else -1.
 */
int	 ts_psi_parse(const char *text, struct ts_psi *out);

/*
 * Read /proc/pressure/RESOURCE (cpu, memory or io).  Return 0, or -1
 * when the kernel does not say (built without PSI, booted with psi=0,
 * or the file hidden): *out is then all absent.
 */
int	 ts_psi_read(const char *resource, struct ts_psi *out);

#endif /* TS_HOST_PSI_H */
