/* SPDX-License-Identifier: MIT */
/*
 * The one rule by which every program writes an output file (--out,
 * --plot, a signed document in place, keys):
 *  - a symbolic link is followed, and the file it finally names is the
 *    one written (a dangling link creates its target);
 *  - an existing target that is not a regular file (a character or block
 *    device, a FIFO, a socket) is written in place, with no temporary
 *    file and no rename, so /dev/null stays a device and --out
 *    /dev/stdout writes to standard output; what is written in place is
 *    decided by the descriptor opened (fstat), never by an earlier lookup
 *    of the path, and nothing is truncated: a regular file found there is
 *    never written in place;
 *  - a regular file, existing or new, is written to a temporary file
 *    ".NAME.XXXXXX" in the target's own directory, synced, and renamed
 *    over it, so readers see the old contents or the new, whole; a
 *    replaced file keeps its mode, and its owner and group where the
 *    process may set them; the decision rests on one open() of the path
 *    and fstat of it, and the name renamed over must lead to that very
 *    file (otherwise the path changed meanwhile, and it is looked up
 *    again); a regular file no name leads to (/proc/self/fd/N of a
 *    deleted file) is refused;
 *  - SIGINT, SIGTERM and SIGHUP are held (blocked) from the creation of
 *    the temporary file until it has been renamed or removed, and every
 *    failure removes it, so it never outlives the program; its writer
 *    holds an exclusive flock(2) on it all that time, which the kernel
 *    releases when the writer dies, so that the file of a writer killed
 *    by SIGKILL can be told from a live writer's and removed
 *    (ts_outfile_clean).
 */
#ifndef TS_OUTFILE_H
#define TS_OUTFILE_H

#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * Check, before any long measurement, that path could be written by
 * ts_write_file_atomic: not a directory; for a device, FIFO or socket,
 * writable; otherwise the directory of the file its links lead to
 * exists and takes a new file (one is created and removed, so that /proc
 * or a read-only mount is refused with its reason), and an existing file
 * is writable.  Return 0,
 * or -1 with a one-line reason in err.
 */
int	 ts_check_writable(const char *path, char *err, size_t errlen);

/*
 * Whether two paths to be written name one file: the same file when
 * both exist (links followed), else the same name in the same directory
 * once the directories' links are resolved.
 */
bool	 ts_outfile_same(const char *a, const char *b);

/*
 * Write data to path by the rule above.  Return 0, or -1 with a one-line
 * reason in err ("cannot write PATH: reason"); then no temporary file is
 * left, and a regular target is untouched.
 */
int	 ts_write_file_atomic(const char *path, const void *data, size_t len,
	    char *err, size_t errlen);

/*
 * As ts_write_file_atomic, but only a regular file (or none) is written:
 * a device, FIFO or socket at path is refused ("cannot write PATH: it is
 * a FIFO, not a regular file"), never opened, so that a FIFO nobody
 * reads cannot block the writer.  For files another program collects
 * (tachyon --textfile).
 */
int	 ts_write_regular_file(const char *path, const void *data, size_t len,
	    char *err, size_t errlen);

/*
 * As ts_write_regular_file, but the data is not synced before the
 * rename: for a writer of many files (a static site) that syncs them
 * all at once afterwards (syncfs(2)) before it writes, synced, the file
 * that vouches for them.  Readers still see the old contents or the
 * new, whole; after a crash a file may be empty.
 */
int	 ts_write_file_unsynced(const char *path, const void *data,
	    size_t len, char *err, size_t errlen);

/*
 * Remove the temporary files that writers of path killed by SIGKILL left
 * beside it: the files ".NAME.XXXXXX" (NAME the file path's links lead
 * to, XXXXXX six letters or digits) in its directory that no writer
 * holds locked.  A live writer's file is locked from before it has data
 * until it is renamed, and one that a writer has made but not yet
 * locked is made again by its writer, so several writers may share the
 * directory; a file of a version that did not lock its temporary files
 * would be taken for a dead writer's.  Return 0 with the number removed
 * in *removed, or -1 with one line in err (the directory unreadable).
 */
int	 ts_outfile_clean(const char *path, size_t *removed, char *err,
	    size_t errlen);

/*
 * Hold SIGINT, SIGTERM and SIGHUP in the calling thread (the previous
 * mask goes to *old), and release them again: a signal that arrived
 * meanwhile is delivered by ts_signals_release.  For callers that create
 * files of their own (threadstone-keygen's keys).
 */
void	 ts_signals_hold(sigset_t *old);
void	 ts_signals_release(const sigset_t *old);

#endif /* TS_OUTFILE_H */
