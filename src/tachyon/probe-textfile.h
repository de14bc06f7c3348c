/* SPDX-License-Identifier: MIT */
/*
 * tachyon --textfile DIR: DIR/tachyon.prom for node_exporter's textfile
 * collector, written whole through lib/outfile.c, so the collector reads
 * the previous reading or the new one, never half a file.
 */
#ifndef TS_PROBE_TEXTFILE_H
#define TS_PROBE_TEXTFILE_H

#include <stddef.h>

#include "probe-prom.h"

/* The file's name in DIR. */
#define TS_TEXTFILE_NAME	"tachyon.prom"
/* A previous file larger than this is not carried over after a failure. */
#define TS_TEXTFILE_MAX		(1024 * 1024)

/*
 * Check that dir is an existing, writable directory in which
 * DIR/tachyon.prom can be written, and that DIR/tachyon.prom is a
 * regular file if it exists (a FIFO would block every write).  Return
 * 0, or -1 with one line in err.
 */
int	 ts_textfile_check(const char *dir, char *err, size_t errlen);

/*
 * Remove the temporary files of writers of path (DIR/tachyon.prom)
 * killed by SIGKILL (ts_outfile_clean); a live writer's are kept.  What
 * cannot be removed stays, silently.
 */
void	 ts_textfile_clean(const char *path);

/* DIR/tachyon.prom, malloc'd. */
char	*ts_textfile_path(const char *dir);

/*
 * Replace the file at path with the exposition of a failure at `stage`
 * (ts_prom_error() over the previous file's text, if it can be read).
 * Return 0, or -1 with one line in err.
 */
int	 ts_textfile_error(const char *path, const char *stage,
	    double unix_time, const struct ts_promctx *ctx, char *err,
	    size_t errlen);

#endif /* TS_PROBE_TEXTFILE_H */
