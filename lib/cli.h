/* SPDX-License-Identifier: MIT */
/*
 * Conventions every threadstone program shares on its command line: the
 * -V/--version line and "-" as the operand that means standard input.
 */
#ifndef TS_CLI_H
#define TS_CLI_H

#include <stddef.h>

/*
 * Print "PROG (threadstone) VERSION\n" on stdout, for -V/--version.  The
 * caller then returns TS_EXIT_OK from main.
 */
void		 ts_print_version(void);

/*
 * The path to open for a file operand: "/dev/stdin" for "-", else the
 * operand itself.
 */
const char	*ts_operand_path(const char *arg);

/*
 * Print "PROG: message (see PROG --help)" on stderr and exit with the
 * usage status, 2.
 */
void		 ts_usage_error(const char *fmt, ...)
		    __attribute__((noreturn, format(printf, 1, 2)));

/*
 * The option getopt_long (with opterr = 0) just refused, as the user
 * wrote it: "-x" for a short option, else the argument itself; in buf.
 */
const char	*ts_refused_option(char *const argv[], char *buf, size_t len);

#endif /* TS_CLI_H */
