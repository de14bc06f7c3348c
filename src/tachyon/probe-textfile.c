/* SPDX-License-Identifier: MIT */
/*
 * DIR/tachyon.prom: the directory's check, and the file after a failed
 * reading (the previous series kept, tachyon_last_error set).
 */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "outfile.h"
#include "probe-textfile.h"
#include "util.h"

int
ts_textfile_check(const char *dir, char *err, size_t errlen)
{
	struct stat st;
	char *path;
	int rc;

	if (stat(dir, &st) == -1) {
		snprintf(err, errlen, "--textfile %s: %s", dir,
		    strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "--textfile %s: not a directory; give "
		    "the collector's directory, tachyon writes %s in it", dir,
		    TS_TEXTFILE_NAME);
		return -1;
	}
	if (access(dir, W_OK | X_OK) == -1) {
		snprintf(err, errlen, "--textfile %s: the directory is not "
		    "writable (%s)", dir, strerror(errno));
		return -1;
	}
	path = ts_textfile_path(dir);
	/*
	 * Only a regular file is the collector's: a FIFO there would block
	 * the write of every reading until something read it.
	 */
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "--textfile %s: %s is %s, not a regular "
		    "file; the collector reads regular files (remove it)", dir,
		    path, S_ISFIFO(st.st_mode) ? "a FIFO" :
		    S_ISSOCK(st.st_mode) ? "a socket" :
		    S_ISDIR(st.st_mode) ? "a directory" :
		    S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "a device" :
		    "a file of another kind");
		free(path);
		return -1;
	}
	rc = ts_check_writable(path, err, errlen);
	free(path);
	return rc;
}

void
ts_textfile_clean(const char *path)
{
	char err[256];
	size_t n;

	(void)ts_outfile_clean(path, &n, err, sizeof err);
}

char *
ts_textfile_path(const char *dir)
{
	size_t n = strlen(dir);
	char *p = ts_xmalloc(n + sizeof TS_TEXTFILE_NAME + 1);

	memcpy(p, dir, n);
	/* "dir/" and "dir" name the same file. */
	if (n == 0 || dir[n - 1] != '/')
		p[n++] = '/';
	memcpy(p + n, TS_TEXTFILE_NAME, sizeof TS_TEXTFILE_NAME);
	return p;
}

int
ts_textfile_error(const char *path, const char *stage, double unix_time,
    const struct ts_promctx *ctx, char *err, size_t errlen)
{
	struct ts_buf prev, out;
	char why[256];
	int have, rc;

	/* ts_read_file makes prev (a buffer made here would leak). */
	memset(&prev, 0, sizeof prev);
	ts_buf_init(&out);
	/* No previous file (or an unreadable one): the error alone. */
	have = ts_read_file(path, TS_TEXTFILE_MAX, &prev, why,
	    sizeof why) == 0;
	ts_prom_error(&out, have ? prev.data : NULL, have ? prev.len : 0,
	    stage, unix_time, ctx);
	rc = ts_write_regular_file(path, out.data, out.len, err, errlen);
	ts_buf_free(&prev);
	ts_buf_free(&out);
	return rc;
}
