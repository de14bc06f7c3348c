/* SPDX-License-Identifier: MIT */
/*
 * lib/outfile.c: the one rule by which programs write files: whole or
 * not at all, through links, in place for FIFOs, modes kept, no
 * temporary file left, signals held over the write window; a FIFO
 * refused where only a regular file will do; the temporary files of
 * dead writers removed, a live writer's (locked) kept.
 */
#include <config.h>

#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "outfile.h"
#include "tap.h"
#include "util.h"

/* No ".NAME.XXXXXX" temporary file is left in dir. */
static int
no_debris(const char *dir)
{
	struct dirent *e;
	DIR *d = opendir(dir);
	int clean = 1;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL)
		if (e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 &&
		    strcmp(e->d_name, "..") != 0)
			clean = 0;
	closedir(d);
	return clean;
}

/* Links, FIFOs and modes by the rule of outfile.h; path holds "hello". */
static void
output_rule(const char *dir, const char *path)
{
	char link[300], link2[300], loop[300], fifo[300], got[16], err[512];
	struct ts_buf b;
	struct stat st;
	ssize_t n;
	int fd;

	snprintf(link, sizeof link, "%s/link", dir);
	snprintf(link2, sizeof link2, "%s/link2", dir);
	ok(symlink("out.json", link) == 0 && symlink("link", link2) == 0,
	    "made a chain of two relative links");
	ok(ts_write_file_atomic(link2, "linked", 6, err, sizeof err) == 0 &&
	    lstat(link2, &st) == 0 && S_ISLNK(st.st_mode) &&
	    lstat(link, &st) == 0 && S_ISLNK(st.st_mode),
	    "a write through two links keeps both links");
	ok(ts_read_file(path, 100, &b, err, sizeof err) == 0 &&
	    strcmp(b.data, "linked") == 0, "and replaces their target");
	ts_buf_free(&b);
	chmod(path, 0611);
	ok(ts_write_file_atomic(path, "moded", 5, err, sizeof err) == 0 &&
	    stat(path, &st) == 0 && (st.st_mode & 07777) == 0611,
	    "a replaced file keeps its mode");
	snprintf(loop, sizeof loop, "%s/loop", dir);
	ok(symlink("loop", loop) == 0 &&
	    ts_check_writable(loop, err, sizeof err) == -1 &&
	    ts_write_file_atomic(loop, "x", 1, err, sizeof err) == -1 &&
	    strstr(err, "cannot write") != NULL, "a link loop is refused");
	diag("%s", err);
	unlink(loop);
	unlink(link2);
	unlink(link);

	snprintf(fifo, sizeof fifo, "%s/fifo", dir);
	fd = -1;
	if (mkfifo(fifo, 0600) == 0)
		fd = open(fifo, O_RDONLY | O_NONBLOCK);
	ok(fd != -1 && ts_check_writable(fifo, err, sizeof err) == 0 &&
	    ts_write_file_atomic(fifo, "piped", 5, err, sizeof err) == 0,
	    "a FIFO with a reader is written");
	n = fd != -1 ? read(fd, got, sizeof got) : -1;
	ok(n == 5 && memcmp(got, "piped", 5) == 0 && lstat(fifo, &st) == 0 &&
	    S_ISFIFO(st.st_mode), "in place: the reader has the data, the "
	    "FIFO is still a FIFO");
	if (fd != -1)
		close(fd);
	unlink(fifo);
	ok(no_debris(dir), "no temporary file is left");
}

/*
 * SIGTERM sent while a child's temporary file exists (a 32 MiB write
 * gives the window some length): the signal waits for the rename, so the
 * target ends up the new document, whole, and no temporary file is left.
 * When the write ends before the temporary file is seen, the target is
 * still whole.  Only behaviour is asserted, never a timing.
 */
static void
signal_in_window(const char *dir)
{
	const size_t size = 32u << 20;
	char path[300], err[512];
	struct stat st;
	int attempt, status, seen, hits = 0, good = 1, clean = 1;
	char *data;
	pid_t pid;

	snprintf(path, sizeof path, "%s/big.json", dir);
	data = ts_xmalloc(size);
	memset(data, 'x', size);
	for (attempt = 0; attempt < 5; attempt++) {
		if (ts_write_file_atomic(path, "old", 3, err, sizeof err) == -1)
			good = 0;
		fflush(stdout);
		if ((pid = fork()) == -1)
			break;
		if (pid == 0)
			_exit(ts_write_file_atomic(path, data, size, err,
			    sizeof err) == 0 ? 0 : 1);
		/* Reap first, so that a signal never goes to a reaped pid. */
		for (seen = 0;;) {
			if (waitpid(pid, &status, WNOHANG) == pid)
				break;
			if (!no_debris(dir)) {
				seen = 1;
				kill(pid, SIGTERM);
				waitpid(pid, &status, 0);
				break;
			}
		}
		if (seen) {
			hits++;
			if (!(WIFSIGNALED(status) &&
			    WTERMSIG(status) == SIGTERM) &&
			    !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
				good = 0;
			if (stat(path, &st) == -1 || (size_t)st.st_size != size)
				good = 0;
		} else if (stat(path, &st) == -1 ||
		    ((size_t)st.st_size != size && st.st_size != 3)) {
			good = 0;
		}
		if (!no_debris(dir))
			clean = 0;
	}
	free(data);
	diag("the temporary file was seen and SIGTERM sent in %d of %d "
	    "writes", hits, attempt);
	ok(good, "SIGTERM in the write window: the target is then the new "
	    "file, whole (otherwise old or new)");
	ok(clean, "SIGTERM in the write window leaves no temporary file");
	unlink(path);
}

static volatile sig_atomic_t got_signal;

static void
on_signal(int sig)
{
	got_signal = sig;
}

/* A signal raised while held is delivered on release, not before. */
static void
held_signals(void)
{
	struct sigaction sa;
	sigset_t old, now;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigaction(SIGHUP, &sa, NULL);
	ts_signals_hold(&old);
	raise(SIGHUP);
	ok(got_signal == 0, "a signal raised while held waits");
	sigprocmask(SIG_BLOCK, NULL, &now);
	ok(sigismember(&now, SIGINT) && sigismember(&now, SIGTERM) &&
	    sigismember(&now, SIGHUP), "SIGINT, SIGTERM and SIGHUP are held");
	ts_signals_release(&old);
	ok(got_signal == SIGHUP, "and is delivered on release");
	sigprocmask(SIG_BLOCK, NULL, &now);
	ok(!sigismember(&now, SIGHUP), "the previous mask is back");
	signal(SIGHUP, SIG_DFL);
}

/* Touch dir/name; return 0 or -1. */
static int
touch(const char *dir, const char *name)
{
	char p[512];
	int fd;

	snprintf(p, sizeof p, "%s/%s", dir, name);
	if ((fd = open(p, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) == -1)
		return -1;
	return close(fd);
}

/* Whether dir/name exists; removed with rm. */
static int
exists(const char *dir, const char *name, int rm)
{
	char p[512];
	struct stat st;
	int e;

	snprintf(p, sizeof p, "%s/%s", dir, name);
	e = lstat(p, &st) == 0;
	if (e && rm)
		unlink(p);
	return e;
}

/* ts_write_regular_file and ts_outfile_clean. */
static void
regular_and_clean(const char *dir)
{
	static const char *const dead[] = { ".t.prom.Dead01", ".t.prom.ab9XYZ",
	    NULL };
	static const char *const other[] = { ".t.prom.toolong7",
	    ".t.prom.ab-XYZ", ".t.promX.Abc123", ".u.prom.Abc123",
	    "t.prom.Abc123", NULL };
	char path[512], fifo[512], live[512], err[512];
	size_t n = 99, i;
	int fd, kept;

	snprintf(fifo, sizeof fifo, "%s/t.fifo", dir);
	if (mkfifo(fifo, 0600) == 0) {
		ok(ts_write_regular_file(fifo, "x", 1, err, sizeof err) == -1 &&
		    strstr(err, "it is a FIFO, not a regular file") != NULL,
		    "a FIFO is refused where only a regular file will do, "
		    "unopened (no reader needed): %s", err);
		unlink(fifo);
	} else
		skip(1, "mkfifo failed");
	snprintf(path, sizeof path, "%s/t.prom", dir);
	ok(ts_write_regular_file(path, "a\n", 2, err, sizeof err) == 0,
	    "a regular file is written");
	for (i = 0; dead[i] != NULL; i++)
		touch(dir, dead[i]);
	for (i = 0; other[i] != NULL; i++)
		touch(dir, other[i]);
	/* A live writer's temporary file: locked by another open. */
	snprintf(live, sizeof live, "%s/.t.prom.Live01", dir);
	fd = open(live, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	ok(fd != -1 && flock(fd, LOCK_EX) == 0, "a live writer's file, locked");
	ok(ts_outfile_clean(path, &n, err, sizeof err) == 0 && n == 2,
	    "clean: the two unlocked temporary files removed (%zu)", n);
	kept = exists(dir, ".t.prom.Live01", 0);
	for (i = 0; dead[i] != NULL; i++)
		kept += 10 * exists(dir, dead[i], 1);
	for (i = 0; other[i] != NULL; i++)
		kept += 100 * exists(dir, other[i], 1);
	is_int(kept, 501, "the locked one and other names kept, the dead "
	    "writers' gone");
	close(fd);	/* the writer dies */
	ok(ts_outfile_clean(path, &n, err, sizeof err) == 0 && n == 1 &&
	    !exists(dir, ".t.prom.Live01", 0),
	    "once its writer is gone, its file is removed too");
	ok(ts_write_file_atomic(path, "b\n", 2, err, sizeof err) == 0 &&
	    ts_outfile_clean(path, &n, err, sizeof err) == 0 && n == 0 &&
	    exists(dir, "t.prom", 1), "a write leaves nothing to clean");
}

int
main(void)
{
	char dir[] = "/tmp/ts-unit-outfile.XXXXXX", path[256], err[512];
	struct ts_buf b;

	if (mkdtemp(dir) == NULL)
		return 99;
	snprintf(path, sizeof path, "%s/out.json", dir);
	ok(ts_check_writable(path, err, sizeof err) == 0,
	    "a new file in an existing directory is writable");
	ok(ts_write_file_atomic(path, "hello", 5, err, sizeof err) == 0,
	    "atomic write");
	ok(ts_read_file(path, 100, &b, err, sizeof err) == 0 &&
	    strcmp(b.data, "hello") == 0, "read back");
	ts_buf_free(&b);
	ok(ts_check_writable(dir, err, sizeof err) == -1,
	    "a directory is not a writable file");
	snprintf(path, sizeof path, "%s/missing/out.json", dir);
	ok(ts_check_writable(path, err, sizeof err) == -1,
	    "a missing directory is refused");
	ok(ts_write_file_atomic(path, "x", 1, err, sizeof err) == -1 &&
	    strncmp(err, "cannot write ", 13) == 0,
	    "writing there fails with 'cannot write PATH: ...' (%s)", err);
	snprintf(path, sizeof path, "%s/out.json", dir);
	output_rule(dir, path);
	signal_in_window(dir);
	held_signals();
	regular_and_clean(dir);
	unlink(path);
	rmdir(dir);
	return done_testing();
}
