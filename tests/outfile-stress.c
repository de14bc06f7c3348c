/* SPDX-License-Identifier: MIT */
/*
 * Two writers and a reader on one file (lib/outfile.c): two processes
 * write documents A and B over one path with ts_write_file_atomic as fast
 * as they can, one by the path itself and one through a symbolic link to
 * it, while this process reads the file again and again.  Every read must
 * be A or B, whole: never an empty, short or foreign file.  The run lasts
 * TS_STRESS_SECONDS (default 5) seconds; the counts go to the TAP output.
 * Nothing asserts a timing or a rate, only that both writers wrote.
 */
#include <config.h>

#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "outfile.h"
#include "tap.h"
#include "util.h"

#define DOC_A	6000	/* the two documents' sizes */
#define DOC_B	9000

/* Fill a document of len bytes from the letter c, newline-ended. */
static char *
make_doc(size_t len, char c)
{
	char *d = ts_xmalloc(len);
	size_t i;

	for (i = 0; i < len; i++)
		d[i] = (char)(i % 64 == 63 ? '\n' : c + (int)(i % 7));
	return d;
}

/* Write doc to path until deadline; exit 0 with writes > 0, else 1. */
static void
writer(const char *path, const char *doc, size_t len, double deadline,
    int fd)
{
	char err[512];
	uint64_t n = 0;

	while (ts_now() < deadline) {
		if (ts_write_file_atomic(path, doc, len, err, sizeof err) ==
		    -1) {
			diag("writer: %s", err);
			_exit(1);
		}
		n++;
	}
	if (write(fd, &n, sizeof n) != (ssize_t)sizeof n)
		_exit(1);
	_exit(n > 0 ? 0 : 1);
}

int
main(void)
{
	char dir[] = "/tmp/threadstone-stress.XXXXXX", path[300], link[300];
	char *a = make_doc(DOC_A, 'a'), *b = make_doc(DOC_B, 'A'), *got;
	const char *env = getenv("TS_STRESS_SECONDS");
	uint64_t reads = 0, empty = 0, shortr = 0, foreign = 0, ra = 0, rb = 0;
	uint64_t wa = 0, wb = 0;
	double seconds = env != NULL ? atof(env) : 5, deadline;
	char err[512];
	pid_t pa, pb;
	int sa, sb, pipes[2][2], fd;
	ssize_t n;
	size_t len;

	if (mkdtemp(dir) == NULL || !(seconds > 0))
		return 99;
	snprintf(path, sizeof path, "%s/doc.json", dir);
	snprintf(link, sizeof link, "%s/link.json", dir);
	ok(ts_write_file_atomic(path, a, DOC_A, err, sizeof err) == 0 &&
	    symlink("doc.json", link) == 0, "the file and a link to it");
	if (pipe(pipes[0]) == -1 || pipe(pipes[1]) == -1)
		return 99;
	deadline = ts_now() + seconds;
	fflush(stdout);
	if ((pa = fork()) == 0)
		writer(path, a, DOC_A, deadline, pipes[0][1]);
	if ((pb = fork()) == 0)
		writer(link, b, DOC_B, deadline, pipes[1][1]);
	got = ts_xmalloc(DOC_B + 2);
	while (ts_now() < deadline) {
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd == -1) {
			foreign++;	/* the path must always exist */
			continue;
		}
		len = 0;
		while (len < DOC_B + 1 && (n = read(fd, got + len,
		    DOC_B + 1 - len)) > 0)
			len += (size_t)n;
		close(fd);
		reads++;
		if (len == 0)
			empty++;
		else if (len == DOC_A && memcmp(got, a, DOC_A) == 0)
			ra++;
		else if (len == DOC_B && memcmp(got, b, DOC_B) == 0)
			rb++;
		else if (len < DOC_A)
			shortr++;
		else
			foreign++;
	}
	waitpid(pa, &sa, 0);
	waitpid(pb, &sb, 0);
	if (read(pipes[0][0], &wa, sizeof wa) != (ssize_t)sizeof wa ||
	    read(pipes[1][0], &wb, sizeof wb) != (ssize_t)sizeof wb)
		wa = wb = 0;
	diag("%.0f s: %ju writes of A, %ju of B (through a link); %ju reads: "
	    "%ju A, %ju B, %ju empty, %ju short, %ju foreign", seconds,
	    (uintmax_t)wa, (uintmax_t)wb, (uintmax_t)reads, (uintmax_t)ra,
	    (uintmax_t)rb, (uintmax_t)empty, (uintmax_t)shortr,
	    (uintmax_t)foreign);
	ok(WIFEXITED(sa) && WEXITSTATUS(sa) == 0 && WIFEXITED(sb) &&
	    WEXITSTATUS(sb) == 0 && wa > 0 && wb > 0,
	    "both writers wrote, and every write succeeded");
	ok(reads > 0 && empty == 0, "the reader never saw an empty file");
	ok(shortr == 0 && foreign == 0,
	    "the reader never saw a short or foreign file");
	ok(ra + rb == reads, "every read was one writer's document, whole");
	{
		struct stat st;

		ok(lstat(link, &st) == 0 && S_ISLNK(st.st_mode),
		    "the link is still a link");
	}
	unlink(link);
	unlink(path);
	ok(rmdir(dir) == 0, "no temporary file is left");
	free(a);
	free(b);
	free(got);
	return done_testing();
}
