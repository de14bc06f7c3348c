/* SPDX-License-Identifier: MIT */
/*
 * Executions (see suite-exec.h): in-process, and the record that carries
 * a measure through a pipe between two copies of the same program.
 */
#include <config.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "suite/suite-exec.h"
#include "util.h"

/* The record's head; arrays and the reason follow it. */
#define EXEC_MAGIC	UINT32_C(0x54534558)	/* "TSEX" */
#define EXEC_MAX	(UINT32_C(1) << 24)	/* more rounds: malformed */

struct exec_head {
	uint32_t	magic;
	int32_t		rc;
	uint32_t	nsamples, ndurations, errlen;
	uint32_t	pinned, calib_steps, reused_warmup;
	uint64_t	iters, checksum, buffer_bytes, page_bytes, nivcsw;
	double		steal_ms, settle_ms, run_ms, wait_ms;
};

/* The fields the head carries as they are, from and into a measurement. */
#define EXEC_SCALARS(X)							\
	X(pinned) X(calib_steps) X(reused_warmup) X(iters) X(checksum)	\
	X(buffer_bytes) X(page_bytes) X(nivcsw) X(steal_ms) X(settle_ms)	\
	X(run_ms) X(wait_ms)
#define EXEC_TO_HEAD(f)		h.f = m->f;
#define EXEC_FROM_HEAD(f)	m->f = h.f;

int
ts_exec_inprocess(const struct ts_kernel *k, const struct ts_pass_config *cfg,
    struct ts_measurement *m, char *err, size_t errlen, void *arg)
{
	(void)arg;
	return ts_measure(k, cfg, NULL, NULL, m, err, errlen);
}

int
ts_exec_send(int fd, int rc, const struct ts_measurement *m, const char *err)
{
	struct exec_head h;

	memset(&h, 0, sizeof h);
	h.magic = EXEC_MAGIC;
	h.rc = rc == 0 ? 0 : -1;
	if (rc == 0) {
		h.nsamples = (uint32_t)m->nsamples;
		h.ndurations = (uint32_t)m->ndurations;
		EXEC_SCALARS(EXEC_TO_HEAD)
	} else
		h.errlen = (uint32_t)strlen(err);
	if (ts_write_all(fd, &h, sizeof h) == -1)
		return -1;
	if (rc != 0)
		return ts_write_all(fd, err, h.errlen);
	if (ts_write_all(fd, m->samples,
	    m->nsamples * sizeof *m->samples) == -1)
		return -1;
	return ts_write_all(fd, m->durations,
	    m->ndurations * sizeof *m->durations);
}

int
ts_exec_receive(int fd, struct ts_measurement *m, char *err, size_t errlen)
{
	struct exec_head h;
	char *text;

	memset(m, 0, sizeof *m);
	if (ts_read_all(fd, &h, sizeof h) == -1 || h.magic != EXEC_MAGIC ||
	    h.nsamples > EXEC_MAX || h.ndurations > EXEC_MAX ||
	    h.errlen > EXEC_MAX) {
		snprintf(err, errlen, "the execution's process ended without "
		    "sending its measurements");
		return -1;
	}
	if (h.rc != 0) {
		text = ts_xmalloc((size_t)h.errlen + 1);
		if (ts_read_all(fd, text, h.errlen) == -1)
			h.errlen = 0;
		text[h.errlen] = '\0';
		snprintf(err, errlen, "%s", h.errlen > 0 ? text :
		    "the execution failed without a reason");
		free(text);
		return -1;
	}
	m->samples = ts_xcalloc(h.nsamples + 1, sizeof *m->samples);
	m->durations = ts_xcalloc(h.ndurations + 1, sizeof *m->durations);
	if (ts_read_all(fd, m->samples,
	    h.nsamples * sizeof *m->samples) == -1 ||
	    ts_read_all(fd, m->durations,
	    h.ndurations * sizeof *m->durations) == -1) {
		ts_measurement_free(m);
		snprintf(err, errlen, "the execution's process ended before "
		    "sending all its measurements");
		return -1;
	}
	m->nsamples = h.nsamples;
	m->ndurations = h.ndurations;
	/* reused_warmup: a bool, so any head value but 0 is true. */
	EXEC_SCALARS(EXEC_FROM_HEAD)
	return 0;
}
