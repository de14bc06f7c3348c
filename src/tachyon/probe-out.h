/* SPDX-License-Identifier: MIT */
/*
 * tachyon's output: one flat JSON line per reading, or a four-line
 * summary for people.  Plain text into a struct ts_buf; no libraries.
 */
#ifndef TS_PROBE_OUT_H
#define TS_PROBE_OUT_H

#include <stdbool.h>
#include <stdint.h>

#include "buf.h"
#include "mem/mem-probe-cache.h"
#include "mem/mem-probe.h"
#include "probe-host.h"
#include "probe-window.h"

/* What tachyon settled before its readings, for the JSON lines. */
struct ts_probeout_check {
	bool				 enabled;	/* false: "off" */
	/* The cache check's test (auto's last one with auto); or NULL. */
	const struct ts_residency	*res;
	/* With `--working-set-mb auto`, how it went; else NULL. */
	const struct ts_auto_report	*autorep;
};

/* The cache_check field: "off" when the check was off, else the verdict. */
const char	*ts_probeout_verdict(const struct ts_probeout_check *);

/* The wall-clock time in seconds since the epoch, for the unix_time field. */
double		 ts_probeout_unix_time(void);

/*
 * Append one JSON object and a newline to b: the documented keys in
 * order, then cache_check and pinned_threads, then what the check
 * measured (cache_check_bytes, cache_check_large_bytes, cache_check_ns,
 * cache_check_large_ns, cache_check_seconds) or why it was skipped
 * (cache_check_reason), then auto_steps, auto_stop and auto_seconds with
 * auto, then reading and unix_time when reading > 0.  chk may be NULL
 * (as if the check were off).
 */
void		 ts_probeout_json(struct ts_buf *b,
		    const struct ts_probe_result *r,
		    const struct ts_probeout_check *chk, uint64_t reading,
		    double unix_time);

/*
 * The same as ts_probeout_json() without the closing brace and newline,
 * so that a caller can append fields.
 */
void		 ts_probeout_json_open(struct ts_buf *b,
		    const struct ts_probe_result *r,
		    const struct ts_probeout_check *chk, uint64_t reading,
		    double unix_time);

/*
 * Only the opening brace, the documented keys (with the given score and
 * latency in place of r's own, for a record of several readings),
 * cache_check, pinned_threads and the check's fields.
 */
void		 ts_probeout_json_head(struct ts_buf *b,
		    const struct ts_probe_result *r, double score, double ns,
		    const struct ts_probeout_check *chk);

/*
 * Append a watch line's fields after the reading's: confirm (true, on a
 * confirmation reading only), the run-queue wait (run_wait_s,
 * run_wait_ratio) when known, what the kernel said (steal_ratio since the
 * previous reading, psi_RESOURCE_some_avg10 and _full_avg10 where the
 * kernel has them), cpu_s, then the window (window_million_accesses_per_sec,
 * window_low and window_high with two readings or more, window_readings),
 * baseline_million_accesses_per_sec once there is one, and degraded.
 */
void		 ts_probeout_json_watch(struct ts_buf *b,
		    const struct ts_probe_result *r,
		    const struct ts_probe_host *h,
		    const struct ts_pw_report *w, bool confirm);

/*
 * Append the four-line human summary of r to b: score, latency, the
 * chains (in MiB) and what the cache check found ("clear: 128 MiB read
 * 58.9 ns per load, 960 MiB 59.2 ns"), or why it was skipped or off.
 * chk may be NULL (as if the check were off).
 */
void		 ts_probeout_human(struct ts_buf *b,
		    const struct ts_probe_result *r,
		    const struct ts_probeout_check *chk);

#endif
