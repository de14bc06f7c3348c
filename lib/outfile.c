/* SPDX-License-Identifier: MIT */
/*
 * Output files by one rule for every program (see outfile.h): links
 * followed, devices, FIFOs and sockets written in place, regular files
 * replaced atomically in their own directory with their mode kept, and
 * no temporary file surviving a signal or an error.
 */
#include <config.h>

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

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

/* Decide how path is written.  Return 0, or -1 with the reason in err. */
static int
plan(const char *path, struct target *t, char *err, size_t errlen)
{
	struct stat st, lst;
	bool found;

	memset(t, 0, sizeof *t);
	if (path[0] == '\0') {
		snprintf(err, errlen, "cannot write an empty path");
		return -1;
	}
	found = stat(path, &st) == 0;
	if (!found && errno != ENOENT) {
		snprintf(err, errlen, "cannot write %s: %s", path,
		    strerror(errno));
		return -1;
	}
	if (found && S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "cannot write %s: Is a directory", path);
		return -1;
	}
	if (found && !S_ISREG(st.st_mode)) {
		t->direct = true;
		t->exists = true;
		t->st = st;
		snprintf(t->path, sizeof t->path, "%s", path);
		return 0;
	}
	if (follow_links(path, t->path) == -1) {
		snprintf(err, errlen, "cannot write %s: %s", path,
		    strerror(errno));
		return -1;
	}
	t->exists = lstat(t->path, &lst) == 0;
	if (found && (!t->exists || lst.st_dev != st.st_dev ||
	    lst.st_ino != st.st_ino)) {
		/*
		 * A link the file system cannot name, such as /proc/self/fd/1
		 * for a deleted file: write the file it opens, in place.
		 */
		t->direct = true;
		t->exists = true;
		t->st = st;
		snprintf(t->path, sizeof t->path, "%s", path);
		return 0;
	}
	if (t->exists)
		t->st = lst;
	return 0;
}

int
ts_check_writable(const char *path, char *err, size_t errlen)
{
	char dir[PATH_MAX];
	struct target t;
	struct stat st;

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
	return 0;
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

/* Write data into the existing device, FIFO or socket t in place. */
static int
write_direct(const char *path, const struct target *t, const void *data,
    size_t len, char *err, size_t errlen)
{
	int fd;

	if (S_ISSOCK(t->st.st_mode))
		fd = open_socket(t->path);
	else
		fd = open(t->path, O_WRONLY | O_NOCTTY | O_CLOEXEC |
		    (S_ISREG(t->st.st_mode) ? O_TRUNC : 0));
	if (fd == -1)
		goto fail;
	if (ts_write_all(fd, data, len) == -1 ||
	    (S_ISREG(t->st.st_mode) && fsync(fd) == -1)) {
		int e = errno;

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

/* Replace the regular (or new) file t by a renamed temporary file. */
static int
write_replace(const char *path, const struct target *t, const void *data,
    size_t len, char *err, size_t errlen)
{
	char dir[PATH_MAX], tmp[PATH_MAX];
	const char *base;
	mode_t mode = 0644, mask;
	sigset_t old;
	int fd, e;

	dirname_of(t->path, dir, sizeof dir);
	base = strrchr(t->path, '/') ? strrchr(t->path, '/') + 1 : t->path;
	if (snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, base) >=
	    (int)sizeof tmp) {
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
	fd = mkstemp(tmp);
	if (fd == -1) {
		e = errno;
		ts_signals_release(&old);
		snprintf(err, errlen, "cannot write %s: %s", path,
		    strerror(e));
		return -1;
	}
	if (ts_write_all(fd, data, len) == -1 ||
	    keep_owner_and_mode(fd, t, mode) == -1 || fsync(fd) == -1) {
		e = errno;
		close(fd);
		goto fail;
	}
	if (close(fd) == -1 || rename(tmp, t->path) == -1) {
		e = errno;
		goto fail;
	}
	ts_signals_release(&old);
	return 0;
fail:
	unlink(tmp);
	ts_signals_release(&old);
	snprintf(err, errlen, "cannot write %s: %s", path, strerror(e));
	return -1;
}

int
ts_write_file_atomic(const char *path, const void *data, size_t len,
    char *err, size_t errlen)
{
	struct target t;

	if (ts_check_writable(path, err, errlen) == -1 ||
	    plan(path, &t, err, errlen) == -1)
		return -1;
	if (t.direct)
		return write_direct(path, &t, data, len, err, errlen);
	return write_replace(path, &t, data, len, err, errlen);
}
