/* SPDX-License-Identifier: MIT */
/*
 * The message half of program support (with cli.h): the program's name,
 * one-line errors and warnings on stderr, running out of memory, and the
 * last check of stdout.  Only programs, cli.c and the allocators of
 * util.c call these; the rest of lib/ returns its errors in the caller's
 * buffer.
 */
#ifndef TS_MSG_H
#define TS_MSG_H

#include <stdbool.h>

/* Short name of the running program, for messages. */
const char *ts_progname(void);
/*
 * The name messages and --version give, instead of the one the program
 * was run under (a program installed under a name configure chose, and
 * run from the build tree through libtool's wrapper, is run under its
 * build name).  name is kept, not copied.
 */
void ts_set_progname(const char *name);

/*
 * Print "PROG: message\n" on stderr (one line, nothing else).  The
 * caller then exits with the status it documents.
 */
void	 ts_error(const char *, ...) __attribute__((format(printf, 1, 2)));
void	 ts_warning(const char *, ...) __attribute__((format(printf, 1, 2)));

/* Print "PROG: out of memory" and exit 1. */
void	 ts_out_of_memory(void) __attribute__((noreturn));

/*
 * Check stdout for write errors (closed pipe, full disk) before exit: 0,
 * or -1 after "PROG: write error: REASON" on stderr.  The error is
 * reported once; later calls return -1 quietly.
 */
int	 ts_close_stdout(void);

/* Whether ts_close_stdout has reported a write error. */
bool	 ts_stdout_reported(void);

#endif /* TS_MSG_H */
