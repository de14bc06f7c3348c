/* SPDX-License-Identifier: MIT */
/*
 * tachyon's readings in the Prometheus text exposition format (what
 * node_exporter's textfile collector reads): the reading's gauges with
 * the --tag fields as labels, a tachyon_info series with the version and
 * the host identity, and tachyon_last_error.  Plain text into a ts_buf.
 */
#ifndef TS_PROBE_PROM_H
#define TS_PROBE_PROM_H

#include <stddef.h>

#include "host/host-id.h"
#include "mem/mem-probe.h"
#include "probe-host.h"
#include "probe-out.h"
#include "probe-window.h"
#include "util.h"

/* The writes of a --textfile that failed, for the file's own series. */
struct ts_prom_writes {
	unsigned long	 errors;	/* since the program started */
	double		 last_error;	/* when the last failed (unix time) */
};

/*
 * Who measured: the identity (or NULL) and the tags, labels of the
 * series; for a --textfile, its failed writes (NULL on stdout); what the
 * kernel said beside the reading (NULL: nothing); a watch's state (NULL
 * for a single reading).
 */
struct ts_promctx {
	const struct ts_hostid	*id;
	const struct ts_tag	*tags;
	size_t			 ntags;
	const struct ts_prom_writes *writes;
	const struct ts_probe_host *host;
	const struct ts_pw_report *watch;
};

/*
 * Whether a --tag KEY can be a label: [A-Za-z_][A-Za-z0-9_]*, not
 * starting "__" (reserved by Prometheus), and not a label tachyon or
 * Prometheus writes itself (state, stage, job, instance, the identity's).
 * Return 0, or -1 with the reason in err.
 */
int	 ts_prom_label_check(const char *key, char *err, size_t errlen);

/*
 * Append the whole exposition of one reading r, taken with check chk
 * (may be NULL: off), that ended at unix_time: every family with its
 * HELP and TYPE; the reading's run-queue wait when known; with
 * ctx->host, the kernel's free signals and tachyon's CPU time; with
 * ctx->watch, the window, the baseline, the degraded gauge and the
 * schedule; with ctx->writes, tachyon_textfile_write_errors and,
 * when some failed, tachyon_textfile_last_write_error_timestamp_seconds;
 * tachyon_last_error 0 at the end.
 */
void	 ts_prom_reading(struct ts_buf *b, const struct ts_probe_result *r,
	    const struct ts_probeout_check *chk, double unix_time,
	    const struct ts_promctx *ctx);

/*
 * Append the exposition after a failed reading: the families of prev
 * (the previous file's text, prevlen bytes, or NULL), except any
 * tachyon_last_error family and any line that is not tachyon's, then
 * tachyon_info if prev had none, then (with ctx->writes) the failed
 * writes' families in place of prev's, then
 * tachyon_last_error{stage=STAGE} 1 and
 * tachyon_last_error_timestamp_seconds.
 */
void	 ts_prom_error(struct ts_buf *b, const char *prev, size_t prevlen,
	    const char *stage, double unix_time, const struct ts_promctx *ctx);

#endif /* TS_PROBE_PROM_H */
