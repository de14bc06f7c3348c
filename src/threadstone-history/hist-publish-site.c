/* SPDX-License-Identifier: MIT */
/*
 * The site's directory: taken by one publisher at a time (flock on the
 * directory itself, so nothing is left in it), its manifest read and
 * written again, files put whole (lib/outfile.c) and only when their
 * bytes change, and what the last publishing wrote and this one did not
 * removed.  Only paths publish makes are ever written or removed: the
 * manifest is refused if it names any other.
 */
#include <config.h>

#include <sys/file.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "hist-publish.h"
#include "history/history-add.h"
#include "outfile.h"
#include "util.h"

/* The manifest's first line. */
#define MANIFEST_HEAD	"threadstone-history publish manifest 1"

static int
by_path(const void *a, const void *b)
{
	const struct pub_entry *x = a, *y = b;

	return strcmp(x->path, y->path);
}

/*
 * Whether path is one publish makes: relative, of components of
 * letters, digits, '.', '_' and '-', none of them "." or "..".
 */
static bool
path_ok(const char *path)
{
	const char *p, *c = path;

	if (*path == '\0' || strlen(path) > 200)
		return false;
	for (p = path;; p++) {
		if (*p == '/' || *p == '\0') {
			if (p == c || (p - c == 1 && c[0] == '.') ||
			    (p - c == 2 && c[0] == '.' && c[1] == '.'))
				return false;
			if (*p == '\0')
				return true;
			c = p + 1;
		} else if (strchr("abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-", *p) == NULL)
			return false;
	}
}

/* Whether the directory holds nothing. */
static int
dir_empty(int fd, bool *empty)
{
	struct dirent *e;
	DIR *d;
	int dup_fd = dup(fd);

	if (dup_fd == -1 || (d = fdopendir(dup_fd)) == NULL) {
		if (dup_fd != -1)
			close(dup_fd);
		return -1;
	}
	*empty = true;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
			*empty = false;
			break;
		}
	closedir(d);
	return 0;
}

/* Parse the manifest's text into s->old; -1 with err. */
static int
read_manifest(struct pub_site *s, char *text, char *err, size_t errlen)
{
	char *line, *next, *tab1, *tab2;
	size_t n = 0, cap = 0, lineno = 1;

	next = strchr(text, '\n');
	if (next == NULL || (size_t)(next - text) != strlen(MANIFEST_HEAD) ||
	    strncmp(text, MANIFEST_HEAD, strlen(MANIFEST_HEAD)) != 0) {
		snprintf(err, errlen, "%s/%s is not a manifest this version of "
		    "publish reads (remove the site and publish again)",
		    s->dir, PUB_MANIFEST);
		return -1;
	}
	for (line = next + 1; *line != '\0'; line = next) {
		lineno++;
		next = strchr(line, '\n');
		if (next == NULL)
			next = line + strlen(line);
		else
			*next++ = '\0';
		tab1 = strchr(line, '\t');
		tab2 = tab1 != NULL ? strchr(tab1 + 1, '\t') : NULL;
		if (tab2 != NULL)
			*tab1 = *tab2 = '\0';
		if (tab2 == NULL || strlen(line) != 64 || !path_ok(tab1 + 1)) {
			snprintf(err, errlen, "%s/%s: line %zu is not one "
			    "publish wrote (remove the site and publish again)",
			    s->dir, PUB_MANIFEST, lineno);
			return -1;
		}
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			s->old = ts_xrealloc(s->old, cap * sizeof *s->old);
		}
		memcpy(s->old[n].fp, line, 65);
		s->old[n].path = ts_xstrdup(tab1 + 1);
		s->old[n].note = ts_xstrdup(tab2 + 1);
		s->nold = ++n;
	}
	qsort(s->old, s->nold, sizeof *s->old, by_path);
	return 0;
}

int
pub_site_open(struct pub_site *s, const char *dir, char *err, size_t errlen)
{
	struct ts_buf text;
	char *mpath;
	bool empty;
	int rc;

	memset(s, 0, sizeof *s);
	s->dirfd = -1;
	s->dir = ts_xstrdup(dir);
	if (mkdir(dir, 0777) == -1 && errno != EEXIST) {
		snprintf(err, errlen, "cannot make the directory %s: %s", dir,
		    strerror(errno));
		return -1;
	}
	s->dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (s->dirfd == -1) {
		snprintf(err, errlen, "cannot open the directory %s: %s", dir,
		    strerror(errno));
		return -1;
	}
	if (flock(s->dirfd, LOCK_EX | LOCK_NB) == -1) {
		snprintf(err, errlen, "%s: %s", dir, errno == EWOULDBLOCK ?
		    "another publish is writing there" : strerror(errno));
		return -1;
	}
	if (faccessat(s->dirfd, ".", W_OK, AT_EACCESS) == -1) {
		snprintf(err, errlen, "cannot write in %s: %s", dir,
		    strerror(errno));
		return -1;
	}
	mpath = ts_xasprintf("%s/%s", dir, PUB_MANIFEST);
	rc = ts_read_file(mpath, 1u << 30, &text, err, errlen);
	free(mpath);
	if (rc == -1) {
		if (faccessat(s->dirfd, PUB_MANIFEST, F_OK, 0) == 0)
			return -1;
		if (dir_empty(s->dirfd, &empty) == -1) {
			snprintf(err, errlen, "cannot read the directory %s: "
			    "%s", dir, strerror(errno));
			return -1;
		}
		if (!empty) {
			snprintf(err, errlen, "%s is not empty and holds no "
			    "site of threadstone-history publish (no %s): "
			    "publish into a new or empty directory", dir,
			    PUB_MANIFEST);
			return -1;
		}
		/* An empty manifest first: the site is ours if we stop. */
		mpath = ts_xasprintf("%s/%s", dir, PUB_MANIFEST);
		rc = ts_write_file_atomic(mpath, MANIFEST_HEAD "\n",
		    strlen(MANIFEST_HEAD) + 1, err, errlen);
		free(mpath);
		return rc;
	}
	rc = read_manifest(s, text.data, err, errlen);
	ts_buf_free(&text);
	return rc;
}

/* Record path in this publishing's manifest. */
static void
record(struct pub_site *s, const char *path, const char *fp, const char *note)
{
	struct pub_entry *e;
	char *p;

	if (s->ncur == s->capcur) {
		s->capcur = s->capcur ? 2 * s->capcur : 256;
		s->cur = ts_xrealloc(s->cur, s->capcur * sizeof *s->cur);
	}
	e = &s->cur[s->ncur++];
	e->path = ts_xstrdup(path);
	snprintf(e->fp, sizeof e->fp, "%s", fp);
	e->note = ts_xstrdup(note != NULL ? note : "");
	/* A note is one field of a line. */
	for (p = e->note; *p != '\0'; p++)
		if (*p == '\t' || *p == '\n' || *p == '\r')
			*p = ' ';
}

static const struct pub_entry *
find_old(const struct pub_site *s, const char *path)
{
	struct pub_entry key;

	key.path = (char *)path;
	return s->nold > 0 ? bsearch(&key, s->old, s->nold, sizeof *s->old,
	    by_path) : NULL;
}

bool
pub_fresh(struct pub_site *s, const char *path, const char *fp,
    const char **note)
{
	const struct pub_entry *e = find_old(s, path);
	struct stat sb;

	if (e == NULL || strcmp(e->fp, fp) != 0 ||
	    fstatat(s->dirfd, path, &sb, AT_SYMLINK_NOFOLLOW) == -1 ||
	    !S_ISREG(sb.st_mode))
		return false;
	record(s, path, fp, e->note);
	*note = s->cur[s->ncur - 1].note;
	s->skipped++;
	s->bytes += (size_t)sb.st_size;
	return true;
}

/* Make the folders leading to path under the site. */
static int
make_parents(struct pub_site *s, const char *path, char *err, size_t errlen)
{
	char *p, *q = ts_xstrdup(path);

	for (p = strchr(q, '/'); p != NULL; p = strchr(p + 1, '/')) {
		*p = '\0';
		if (mkdirat(s->dirfd, q, 0777) == -1 && errno != EEXIST) {
			snprintf(err, errlen, "cannot make %s/%s: %s", s->dir,
			    q, strerror(errno));
			free(q);
			return -1;
		}
		*p = '/';
	}
	free(q);
	return 0;
}

/* Whether the regular file at path holds exactly b. */
static bool
same_bytes(struct pub_site *s, const char *path, const struct ts_buf *b)
{
	struct stat sb;
	char *have;
	bool same = false;
	int fd;

	fd = openat(s->dirfd, path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd == -1)
		return false;
	if (fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) &&
	    (size_t)sb.st_size == b->len) {
		have = ts_xmalloc(b->len + 1);
		same = ts_read_all(fd, have, b->len) == 0 &&
		    memcmp(have, b->data, b->len) == 0;
		free(have);
	}
	close(fd);
	return same;
}

int
pub_put(struct pub_site *s, const char *path, const struct ts_buf *b,
    const char *fp, const char *note, char *err, size_t errlen)
{
	char *full, own[65];
	int rc;

	if (fp == NULL) {
		ts_hist_sha256(b->data, b->len, own);
		fp = own;
	}
	if (same_bytes(s, path, b))
		s->same++;
	else {
		if (make_parents(s, path, err, errlen) == -1)
			return -1;
		full = ts_xasprintf("%s/%s", s->dir, path);
		rc = ts_write_file_unsynced(full, b->data, b->len, err,
		    errlen);
		free(full);
		if (rc == -1)
			return -1;
		s->written++;
	}
	s->bytes += b->len;
	record(s, path, fp, note);
	return 0;
}

void
pub_fingerprint(char fp[65], const char *const *parts, size_t n)
{
	struct ts_buf b;
	size_t i;

	ts_buf_init(&b);
	for (i = 0; i < n; i++) {
		ts_buf_puts(&b, parts[i]);
		ts_buf_putc(&b, '\0');
	}
	ts_hist_sha256(b.data, b.len, fp);
	ts_buf_free(&b);
}

/* Remove path, then the folders leading to it that it leaves empty. */
static void
remove_path(struct pub_site *s, const char *path)
{
	char *q, *p;

	if (unlinkat(s->dirfd, path, 0) == -1 && errno != ENOENT)
		return;
	s->removed++;
	q = ts_xstrdup(path);
	while ((p = strrchr(q, '/')) != NULL) {
		*p = '\0';
		if (unlinkat(s->dirfd, q, AT_REMOVEDIR) == -1)
			break;
	}
	free(q);
}

static void
free_entries(struct pub_entry *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		TS_FREE_ALL(v[i].path, v[i].note);
	free(v);
}

void
pub_site_abandon(struct pub_site *s)
{
	free_entries(s->old, s->nold);
	free_entries(s->cur, s->ncur);
	if (s->dirfd != -1)
		close(s->dirfd);
	free(s->dir);
	/* The counts stay, for the caller to tell. */
	s->dir = NULL;
	s->old = s->cur = NULL;
	s->nold = s->ncur = s->capcur = 0;
	s->dirfd = -1;
}

int
pub_site_close(struct pub_site *s, char *err, size_t errlen)
{
	struct ts_buf m;
	char *full;
	size_t i;
	int rc;

	qsort(s->cur, s->ncur, sizeof *s->cur, by_path);
	for (i = 0; i < s->nold; i++)
		if (s->ncur == 0 || bsearch(&s->old[i], s->cur, s->ncur,
		    sizeof *s->cur, by_path) == NULL)
			remove_path(s, s->old[i].path);
	/* The pages on disk before the manifest that vouches for them. */
	if (syncfs(s->dirfd) == -1) {
		snprintf(err, errlen, "cannot sync %s: %s", s->dir,
		    strerror(errno));
		pub_site_abandon(s);
		return -1;
	}
	ts_buf_init(&m);
	ts_buf_puts(&m, MANIFEST_HEAD "\n");
	for (i = 0; i < s->ncur; i++)
		ts_buf_printf(&m, "%s\t%s\t%s\n", s->cur[i].fp, s->cur[i].path,
		    s->cur[i].note);
	full = ts_xasprintf("%s/%s", s->dir, PUB_MANIFEST);
	rc = ts_write_file_atomic(full, m.data, m.len, err, errlen);
	free(full);
	ts_buf_free(&m);
	pub_site_abandon(s);
	return rc;
}
