/* SPDX-License-Identifier: MIT */
/*
 * Output files by one rule for every program (see outfile.h): links
 * followed, devices, FIFOs and sockets written in place, regular files
 * replaced atomically in their own directory with their mode kept, and
 * no temporary file surviving a signal or an error.
 */
#include <config.h>

#include <sys/file.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "util.h"

/* Links followed before giving up with ELOOP, as the kernel does. */
#define MAX_LINKS	40

/* How a path is written. */
struct target {
	bool		 direct;	/* in place: device, FIFO, socket */
	bool		 exists;	/* the file to replace exists */
	struct stat	 st;		/* ... and its status */
	char		 path[PATH_MAX];	/* the file written */
};

void
ts_signals_hold(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

void
ts_signals_release(const sigset_t *old)
{
	pthread_sigmask(SIG_SETMASK, old, NULL);
}

/* Copy the directory part of path ("." when there is none) into dir. */
static void
dirname_of(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (slash == NULL)
		snprintf(dir, len, ".");
	else if (slash == path)
		snprintf(dir, len, "/");
	else
		snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

/*
 * Follow the symbolic links at path to the name of the file they lead
 * to (which need not exist) in out[PATH_MAX].  Return 0, or -1 with
 * errno set.
 */
static int
follow_links(const char *path, char *out)
{
	char link[PATH_MAX], next[PATH_MAX];
	const char *slash;
	struct stat st;
	ssize_t n;
	int hops, len;

	if (snprintf(out, PATH_MAX, "%s", path) >= PATH_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (hops = 0; ; hops++) {
		if (lstat(out, &st) == -1)
			return errno == ENOENT ? 0 : -1;
		if (!S_ISLNK(st.st_mode))
			return 0;
		if (hops == MAX_LINKS) {
			errno = ELOOP;
			return -1;
		}
		n = readlink(out, link, sizeof link);
		if (n == -1)
			return -1;
		if ((size_t)n == sizeof link) {
			errno = ENAMETOOLONG;
			return -1;
		}
		link[n] = '\0';
		/* A relative link is relative to the link's directory. */
		slash = strrchr(out, '/');
		if (link[0] == '/' || slash == NULL)
			len = snprintf(next, sizeof next, "%s", link);
		else
			len = snprintf(next, sizeof next, "%.*s/%s",
			    (int)(slash - out), out, link);
		if (len >= (int)sizeof next) {
			errno = ENAMETOOLONG;
			return -1;
		}
		memcpy(out, next, (size_t)len + 1);
	}
}

/* The path with its directory's links resolved, into buf; or NULL. */
static char *
resolved(const char *path, char *buf)
{
	char dir[PATH_MAX], *slash;
	const char *base = path;
	size_t n;

	if (realpath(path, buf) != NULL)
		return buf;
	slash = strrchr(path, '/');
	if (slash == NULL)
		snprintf(dir, sizeof dir, ".");
	else {
		n = (size_t)(slash - path);
		if (n >= sizeof dir)
			return NULL;
		memcpy(dir, path, n);
		dir[n] = '\0';
		if (n == 0)
			snprintf(dir, sizeof dir, "/");
		base = slash + 1;
	}
	if (realpath(dir, buf) == NULL ||
	    strlen(buf) + strlen(base) + 2 > PATH_MAX)
		return NULL;
	strcat(buf, "/");
	strcat(buf, base);
	return buf;
}

bool
ts_outfile_same(const char *a, const char *b)
{
	char ra[PATH_MAX], rb[PATH_MAX];
	struct stat sa, sb;

	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	if (resolved(a, ra) == NULL || resolved(b, rb) == NULL)
		return strcmp(a, b) == 0;
	return strcmp(ra, rb) == 0;
}

/*
 * Times plan() looks again when the path changed between its lookups
 * (another process renamed a file over it meanwhile).
 */
#define MAX_REPLANS	64

/* Whether two status records are of one file. */
static bool
same_file(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/*
 * One attempt at deciding how path is written.  The decision rests on
 * what one open() of the path (links followed by the kernel) finds, not
 * on separate path lookups: a regular file is replaced (the name it is
 * replaced under is found by following the links one by one, and must
 * lead to the very file opened), anything else but a directory is written
 * in place.  Return 0, 1 when the path changed under us (try again), or
 * -1 with the reason in err.
 */
static int
plan_once(const char *path, struct target *t, char *err, size_t errlen)
{
	struct stat st, lst;
	int fd, e;

	memset(t, 0, sizeof *t);
#ifdef O_PATH
	fd = open(path, O_PATH | O_CLOEXEC);
#else
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
#endif
	if (fd == -1 && errno != ENOENT) {
		snprintf(err, errlen, "cannot write %s: %s", path,
		    strerror(errno));
		return -1;
	}
	if (fd != -1) {
		e = fstat(fd, &st) == -1 ? errno : 0;
		close(fd);
		if (e != 0) {
			snprintf(err, errlen, "cannot write %s: %s", path,
			    strerror(e));
			return -1;
		}
		if (S_ISDIR(st.st_mode)) {
			snprintf(err, errlen, "cannot write %s: Is a directory",
			    path);
			return -1;
		}
		if (!S_ISREG(st.st_mode)) {
			t->direct = true;
			t->exists = true;
			t->st = st;
			snprintf(t->path, sizeof t->path, "%s", path);
			return 0;
		}
	}
	/* A regular file, or none: find the name to rename over. */
	if (follow_links(path, t->path) == -1) {
		snprintf(err, errlen, "cannot write %s: %s", path,
		    strerror(errno));
		return -1;
	}
	t->exists = lstat(t->path, &lst) == 0;
	if (fd == -1)
		return t->exists ? 1 : 0;	/* created meanwhile: again */
	if (!t->exists || !same_file(&lst, &st))
		return 1;
	t->st = lst;
	return 0;
}

/* Decide how path is written.  Return 0, or -1 with the reason in err. */
static int
plan(const char *path, struct target *t, char *err, size_t errlen)
{
	int i, rc;

	if (path[0] == '\0') {
		snprintf(err, errlen, "cannot write an empty path");
		return -1;
	}
	for (i = 0; i < MAX_REPLANS; i++)
		if ((rc = plan_once(path, t, err, errlen)) != 1)
			return rc;
	/*
	 * Still no name leads to the regular file the path opens: a link
	 * the file system cannot name (/proc/self/fd/N of a deleted file, a
	 * file of another mount namespace), or a path replaced without end.
	 * Writing the file in place could tear it; replacing it cannot be
	 * done without its name.
	 */
	snprintf(err, errlen, "cannot write %s: it leads to a regular file "
	    "that no path names (deleted, or replaced all the time); give "
	    "the file's own path", path);
	return -1;
}

/*
 * The name of the temporary file that replaces t, ".NAME.XXXXXX" in its
 * directory, in tmp[PATH_MAX] (its directory in dir[PATH_MAX]).  Return
 * 0, or -1 when it is too long.
 */
static int
temp_name(const struct target *t, char *dir, char *tmp)
{
	const char *base;

	dirname_of(t->path, dir, PATH_MAX);
	base = strrchr(t->path, '/') ? strrchr(t->path, '/') + 1 : t->path;
	return snprintf(tmp, PATH_MAX, "%s/.%s.XXXXXX", dir, base) >=
	    PATH_MAX ? -1 : 0;
}

/* The reason a temporary file could not be made in dir, in err. */
static void
temp_error(const char *path, const char *dir, int e, char *err,
    size_t errlen)
{
	snprintf(err, errlen, "cannot write %s: cannot create a file in %s "
	    "to rename over it: %s", path, dir, strerror(e));
}

/*
 * What ts_check_writable does; with probe, a temporary file is also
 * created and removed, so that a directory that takes no new files
 * (/proc, a read-only mount) is found out before a long run.
 */
static int
check(const char *path, bool probe, char *err, size_t errlen)
{
	char dir[PATH_MAX], tmp[PATH_MAX];
	struct target t;
	struct stat st;
	sigset_t old;
	int fd, e;

	if (plan(path, &t, err, errlen) == -1)
		return -1;
	if (!t.direct) {
		dirname_of(t.path, dir, sizeof dir);
		if (stat(dir, &st) == -1 || !S_ISDIR(st.st_mode)) {
			snprintf(err, errlen, "cannot write %s: directory %s "
			    "does not exist", path, dir);
			return -1;
		}
		if (access(dir, W_OK | X_OK) == -1) {
			snprintf(err, errlen, "cannot write %s: %s", path,
			    strerror(errno));
			return -1;
		}
	}
	if (t.exists && access(t.path, W_OK) == -1) {
		snprintf(err, errlen, "cannot write %s: %s", path,
		    strerror(errno));
		return -1;
	}
	if (!probe || t.direct)
		return 0;
	if (temp_name(&t, dir, tmp) == -1) {
		snprintf(err, errlen, "cannot write %s: path too long", path);
		return -1;
	}
	ts_signals_hold(&old);
	fd = mkstemp(tmp);
	e = errno;
	if (fd != -1) {
		close(fd);
		unlink(tmp);
	}
	ts_signals_release(&old);
	if (fd == -1) {
		temp_error(path, dir, e, err, errlen);
		return -1;
	}
	return 0;
}

int
ts_check_writable(const char *path, char *err, size_t errlen)
{
	return check(path, true, err, errlen);
}

/* Connect to the Unix stream socket at path; return the fd or -1. */
static int
open_socket(const char *path)
{
	struct sockaddr_un sa;
	int fd, e;

	memset(&sa, 0, sizeof sa);
	sa.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof sa.sun_path) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(sa.sun_path, path, strlen(path) + 1);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd == -1)
		return -1;
	if (connect(fd, (struct sockaddr *)&sa, sizeof sa) == -1) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

/*
 * Write data into the existing device, FIFO or socket t in place.  What
 * was opened decides: never a regular file or a directory (a file renamed
 * over the path since plan()), and nothing truncated.  Return 0, 1 when
 * the path no longer leads to what plan() found (plan again), or -1 with
 * the reason in err.
 */
static int
write_direct(const char *path, const struct target *t, const void *data,
    size_t len, char *err, size_t errlen)
{
	struct stat st;
	int fd, e;

	if (S_ISSOCK(t->st.st_mode))
		fd = open_socket(t->path);
	else
		fd = open(t->path, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (fd == -1)
		goto fail;
	if (fstat(fd, &st) == -1) {
		e = errno;
		close(fd);
		errno = e;
		goto fail;
	}
	if (!S_ISSOCK(t->st.st_mode) && (!same_file(&st, &t->st) ||
	    S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))) {
		close(fd);
		return 1;
	}
	if (ts_write_all(fd, data, len) == -1) {
		e = errno;
		close(fd);
		errno = e;
		goto fail;
	}
	if (close(fd) == -1 && errno != EINTR)
		goto fail;
	return 0;
fail:
	snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
	return -1;
}

/*
 * Give the temporary file fd the replaced file's owner and group where
 * permitted (first both, then the group alone), then its mode.
 */
static int
keep_owner_and_mode(int fd, const struct target *t, mode_t mode)
{
	struct stat st;

	if (t->exists && fstat(fd, &st) == 0 &&
	    (st.st_uid != t->st.st_uid || st.st_gid != t->st.st_gid) &&
	    fchown(fd, t->st.st_uid, t->st.st_gid) == -1 &&
	    fchown(fd, (uid_t)-1, t->st.st_gid) == -1) {
		/* Not permitted: the file becomes ours. */
	}
	return fchmod(fd, mode);
}

/* Times locked_temp makes a new file when a cleaner took the last. */
#define MAX_TEMP_TRIES	16

/*
 * Create the temporary file tmpl (mkstemp's template, rewritten) and
 * take an exclusive flock(2) on it, which its writer holds until the
 * file is renamed or removed and which the kernel lets go when the
 * writer dies, however it dies: ts_outfile_clean removes only the
 * temporary files nobody holds.  Between mkstemp and flock a cleaner
 * may find the file free and remove it; the writer then finds it has no
 * name (st_nlink 0) and makes another.  Return the file's descriptor,
 * with a second one in *hold that keeps the lock after the first is
 * closed (-1 where the file system has no flock: the file is then
 * unlocked), or -1 with errno set.
 */
static int
locked_temp(char *tmpl, int *hold)
{
	char base[PATH_MAX];
	struct stat st;
	int fd, i, e;

	snprintf(base, sizeof base, "%s", tmpl);
	for (i = 0; i < MAX_TEMP_TRIES; i++) {
		memcpy(tmpl, base, strlen(base) + 1);
		if ((fd = mkstemp(tmpl)) == -1)
			return -1;
		*hold = -1;
		while ((e = flock(fd, LOCK_EX)) == -1 && errno == EINTR)
			;
		if (e == -1)
			return fd;	/* no flock here: unlocked */
		if (fstat(fd, &st) == -1) {
			e = errno;
			close(fd);
			unlink(tmpl);
			errno = e;
			return -1;
		}
		if (st.st_nlink > 0) {
			if ((*hold = dup(fd)) == -1) {
				e = errno;
				close(fd);
				unlink(tmpl);
				errno = e;
				return -1;
			}
			return fd;
		}
		close(fd);	/* removed by a cleaner: make another */
	}
	errno = EAGAIN;
	return -1;
}

/*
 * Whether name is one of ts_write_file_atomic's temporary files for the
 * file base: "." base "." and six of mkstemp's letters and digits.
 */
static bool
temp_of(const char *name, const char *base)
{
	size_t n = strlen(base), i;

	if (name[0] != '.' || strncmp(name + 1, base, n) != 0 ||
	    name[n + 1] != '.' || strlen(name + n + 2) != 6)
		return false;
	for (i = n + 2; name[i] != '\0'; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') ||
		    (name[i] >= 'A' && name[i] <= 'Z') ||
		    (name[i] >= '0' && name[i] <= '9')))
			return false;
	return true;
}

int
ts_outfile_clean(const char *path, size_t *removed, char *err,
    size_t errlen)
{
	char dir[PATH_MAX], name[PATH_MAX];
	const char *base;
	struct target t;
	struct dirent *de;
	struct stat st, lst;
	DIR *d;
	int fd;

	*removed = 0;
	if (plan(path, &t, err, errlen) == -1)
		return -1;
	if (t.direct)
		return 0;
	dirname_of(t.path, dir, sizeof dir);
	base = strrchr(t.path, '/') ? strrchr(t.path, '/') + 1 : t.path;
	if ((d = opendir(dir)) == NULL) {
		snprintf(err, errlen, "cannot read directory %s: %s", dir,
		    strerror(errno));
		return -1;
	}
	while ((de = readdir(d)) != NULL) {
		if (!temp_of(de->d_name, base) || snprintf(name, sizeof name,
		    "%s/%s", dir, de->d_name) >= (int)sizeof name)
			continue;
		fd = open(name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
		    O_NOCTTY | O_CLOEXEC);
		if (fd == -1)
			continue;
		/*
		 * Free: its writer is gone (or never locked it, between its
		 * mkstemp and its flock, and will make another).  The name
		 * must still be this file's when it is removed.
		 */
		if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
		    flock(fd, LOCK_EX | LOCK_NB) == 0 &&
		    lstat(name, &lst) == 0 && same_file(&st, &lst) &&
		    unlink(name) == 0)
			(*removed)++;
		close(fd);
	}
	closedir(d);
	return 0;
}

/* Replace the regular (or new) file t by a renamed temporary file. */
static int
write_replace(const char *path, const struct target *t, const void *data,
    size_t len, bool sync, char *err, size_t errlen)
{
	char dir[PATH_MAX], tmp[PATH_MAX];
	mode_t mode = 0644, mask;
	sigset_t old;
	int fd, hold = -1, e;

	if (temp_name(t, dir, tmp) == -1) {
		snprintf(err, errlen, "cannot write %s: path too long", path);
		return -1;
	}
	/* Keep an existing file's mode; a new file gets 0644 less umask. */
	if (t->exists) {
		mode = t->st.st_mode & 07777;
	} else {
		mask = umask(0);
		umask(mask);
		mode &= ~mask;
	}
	ts_signals_hold(&old);
	if ((fd = locked_temp(tmp, &hold)) == -1) {
		e = errno;
		ts_signals_release(&old);
		temp_error(path, dir, e, err, errlen);
		return -1;
	}
	if (ts_write_all(fd, data, len) == -1 ||
	    keep_owner_and_mode(fd, t, mode) == -1 || (sync && fsync(fd) == -1)) {
		e = errno;
		close(fd);
		goto fail;
	}
	/* The lock, held through hold, lasts until the rename is done. */
	if (close(fd) == -1 || rename(tmp, t->path) == -1) {
		e = errno;
		goto fail;
	}
	if (hold != -1)
		close(hold);
	ts_signals_release(&old);
	return 0;
fail:
	unlink(tmp);
	if (hold != -1)
		close(hold);
	ts_signals_release(&old);
	snprintf(err, errlen, "cannot write %s: %s", path, strerror(e));
	return -1;
}

/* A file that is not regular, as a message names it. */
static const char *
kind_name(mode_t mode)
{
	return S_ISFIFO(mode) ? "a FIFO" : S_ISSOCK(mode) ? "a socket" :
	    S_ISCHR(mode) ? "a character device" : S_ISBLK(mode) ?
	    "a block device" : "a file of another kind";
}

/*
 * ts_write_file_atomic, or with regular ts_write_regular_file (without
 * sync, ts_write_file_unsynced).
 */
static int
write_file(const char *path, const void *data, size_t len, bool regular,
    bool sync, char *err, size_t errlen)
{
	struct target t;
	int i, rc;

	if (check(path, false, err, errlen) == -1)
		return -1;
	for (i = 0; i < MAX_REPLANS; i++) {
		if (plan(path, &t, err, errlen) == -1)
			return -1;
		if (!t.direct)
			return write_replace(path, &t, data, len, sync, err,
			    errlen);
		if (regular) {
			snprintf(err, errlen, "cannot write %s: it is %s, not "
			    "a regular file", path, kind_name(t.st.st_mode));
			return -1;
		}
		if ((rc = write_direct(path, &t, data, len, err, errlen)) != 1)
			return rc;
	}
	snprintf(err, errlen, "cannot write %s: the path changed every time "
	    "it was opened", path);
	return -1;
}

int
ts_write_file_atomic(const char *path, const void *data, size_t len,
    char *err, size_t errlen)
{
	return write_file(path, data, len, false, true, err, errlen);
}

int
ts_write_regular_file(const char *path, const void *data, size_t len,
    char *err, size_t errlen)
{
	return write_file(path, data, len, true, true, err, errlen);
}

int
ts_write_file_unsynced(const char *path, const void *data, size_t len,
    char *err, size_t errlen)
{
	return write_file(path, data, len, true, false, err, errlen);
}
