/* SPDX-License-Identifier: MIT */
/* lib/util.c: strict option parsing, the buffer, whole-file I/O. */
#include <config.h>

#include <sys/stat.h>

#include <sys/wait.h>

#include <dirent.h>
#include <signal.h>
#include <fcntl.h>

#include <stdlib.h>
#include <unistd.h>

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

/* The RFC 3339 vectors of section 2.6. */
static void
stamps(void)
{
	char buf[32];

	is_str(ts_rfc3339(0, buf), "1970-01-01T00:00:00Z", "stamp: epoch");
	is_str(ts_rfc3339(1000000000, buf), "2001-09-09T01:46:40Z",
	    "stamp: 1e9");
	is_str(ts_rfc3339(1709164800, buf), "2024-02-29T00:00:00Z",
	    "stamp: leap day");
	is_str(ts_rfc3339(951868800, buf), "2000-03-01T00:00:00Z",
	    "stamp: after 2000's leap day");
	is_str(ts_rfc3339(1735689599, buf), "2024-12-31T23:59:59Z",
	    "stamp: last second of 2024");
	is_str(ts_rfc3339(-5, buf), "1970-01-01T00:00:00Z",
	    "stamp: before 1970 gives the epoch");
}

int
main(void)
{
	char dir[] = "/tmp/ts-unit-util.XXXXXX", path[256], err[512];
	struct ts_buf b;
	uint64_t u = 7;
	double d = 7;

	stamps();
	ok(ts_parse_u64("42", 1, 100, &u) == 0 && u == 42, "u64: 42");
	ok(ts_parse_u64("0", 1, 100, &u) == -1 && u == 42, "u64: below min");
	ok(ts_parse_u64("101", 1, 100, &u) == -1, "u64: above max");
	ok(ts_parse_u64("-1", 0, 100, &u) == -1, "u64: negative refused");
	ok(ts_parse_u64(" 1", 0, 100, &u) == -1, "u64: leading blank refused");
	ok(ts_parse_u64("1x", 0, 100, &u) == -1, "u64: trailing junk refused");
	ok(ts_parse_u64("", 0, 100, &u) == -1, "u64: empty refused");
	ok(ts_parse_u64("99999999999999999999999", 0, UINT64_MAX, &u) == -1,
	    "u64: overflow refused");
	ok(ts_parse_double("0.25", 0.001, 10, &d) == 0 && d == 0.25,
	    "double: 0.25");
	ok(ts_parse_double("nan", 0, 10, &d) == -1, "double: nan refused");
	ok(ts_parse_double("inf", 0, 1e300, &d) == -1, "double: inf refused");
	ok(ts_parse_double("1e9", 0, 86400, &d) == -1, "double: above max");
	ok(ts_parse_double("abc", 0, 10, &d) == -1, "double: not a number");
	ok(ts_parse_double("0x10", 0, 100, &d) == -1,
	    "double: hexadecimal refused");
	ok(ts_parse_double("1.5e1", 0, 100, &d) == 0 && d == 15,
	    "double: exponent form accepted");

	ts_buf_init(&b);
	ts_buf_printf(&b, "%d-%s", 12, "ab");
	ts_buf_putc(&b, '!');
	is_str(b.data, "12-ab!", "buffer printf and putc");
	is_int(b.len, 6, "buffer length");
	b.len = 0;
	ts_buf_json_string(&b, "a\"b\\c\nd\te\001f");
	is_str(b.data, "\"a\\\"b\\\\c\\nd\\te\\u0001f\"",
	    "JSON string: quotes, backslashes and controls escaped");
	b.len = 0;
	ts_buf_json_string(&b, "\xff\xfe\xc3\xa9\xc3\xed\xa0\x80\xf0\x9f\x9a"
	    "\x80\x7f\xc0\x80z\xe2\x82");
	is_str(b.data, "\"\\ufffd\\ufffd\xc3\xa9\\ufffd\\ufffd\\ufffd\\ufffd"
	    "\xf0\x9f\x9a\x80\x7f\\u0000z\\ufffd\\ufffd\"",
	    "JSON string: valid UTF-8 kept, every other byte U+FFFD");
	ts_buf_free(&b);

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
	ok(ts_read_file(path, 3, &b, err, sizeof err) == -1,
	    "read refuses a file over the limit");
	ok(ts_read_file(dir, 100, &b, err, sizeof err) == -1 &&
	    strstr(err, "directory") != NULL, "read refuses a directory");
	ok(ts_check_writable(dir, err, sizeof err) == -1,
	    "a directory is not a writable file");
	snprintf(path, sizeof path, "%s/missing/out.json", dir);
	ok(ts_check_writable(path, err, sizeof err) == -1,
	    "a missing directory is refused");
	snprintf(path, sizeof path, "%s/out.json", dir);
	output_rule(dir, path);
	signal_in_window(dir);
	unlink(path);
	rmdir(dir);
	return done_testing();
}
