/* SPDX-License-Identifier: MIT */
/*
 * Conventions every threadstone program shares on its command line: the
 * -V/--version line, --help and --version that fail when standard output
 * cannot be written, one wording for a refused option, the values of
 * --format people type as options, standard output's text and data, and
 * "-" as the operand that means standard input.  A program declares its
 * options in a table read by lib/cli-opt.h's parser, which uses these.
 */
#ifndef TS_CLI_H
#define TS_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * Check standard output once more when the program exits, as gnulib's
 * close_stdout: a write error nobody reported yet (see ts_close_stdout)
 * is reported in one line, "PROG: write error: ...", and the exit status
 * becomes 1.  Call it first thing in main.
 */
void		 ts_check_stdout_at_exit(void);

/*
 * Exit 0 once everything printed on stdout is written; else report the
 * write error in one line and exit 1.  For --help, whose text the
 * program has just printed.
 */
void		 ts_exit_stdout(void) __attribute__((noreturn));

/*
 * Print "PROG (threadstone) VERSION\n" on stdout, for -V/--version, and
 * exit as ts_exit_stdout does.
 */
void		 ts_version_exit(void) __attribute__((noreturn));

/*
 * getopt_long, quiet (opterr = 0) and with ':' added after any leading
 * '+' of shortopts, whose refusals are all worded here: an unknown,
 * ambiguous or wrongly valued option, or one whose argument is missing,
 * is reported in one line "PROG: option ... (see PROG --help)" and the
 * program exits 2.  So it returns only an option of longopts or
 * shortopts, or -1 at the end of the options.
 */
int		 ts_getopt(int argc, char *const argv[], const char *shortopts,
		    const struct option *longopts);

/*
 * The values of --format that people also type as an option ("--json"),
 * NULL-terminated, for the hint "did you mean '--format json'?": those
 * of a result document, in the order of lib/report/report-format.c's
 * table (tests/unit-report-format checks that they are the same), which
 * declares the formats.
 */
extern const char *const ts_formats[];

/*
 * Write len bytes of data to path whole (temp file and rename, as
 * ts_write_file_atomic) and say "wrote PATH" on stderr unless quiet;
 * 0, or -1 once the error is reported in one line.
 */
int		 ts_cli_write_file(const char *path, const void *data,
		    size_t len, bool quiet);

/*
 * --plot's FILE, which every program writes as SVG: accepted when its
 * name ends in ".svg" (in any case) or it names an existing file that is
 * not a regular file (/dev/stdout, a FIFO); otherwise (out.png, say,
 * which would hold SVG under a PNG name) print "PROG: --plot 'out.png':
 * the plot is an SVG picture; name the file FILE.svg" and exit 2.
 */
void		 ts_cli_plot_name(const char *path);

/*
 * Print "PROG: message (see PROG --help)" on stderr and exit with the
 * usage status, 2.
 */
void		 ts_usage_error(const char *fmt, ...)
		    __attribute__((noreturn, format(printf, 1, 2)));

/*
 * Print "PROG: message" on stderr and exit with the usage status, 2: a
 * usage error that needs no pointer to --help (a value, two options
 * together).
 */
void		 ts_usage_fail(const char *fmt, ...)
		    __attribute__((noreturn, format(printf, 1, 2)));

/*
 * The width of the terminal on fd (TIOCGWINSZ, else $COLUMNS), or 0 when
 * unknown or fd is not a terminal.
 */
size_t		 ts_terminal_columns(int fd);

/*
 * Whether the user's locale (LC_ALL, LC_CTYPE, LANG) uses UTF-8; when it
 * does not, text for people uses ASCII instead of arrows, rules, dots and
 * bullets (see ts_text_ascii()).  Asked once; the C library's locale
 * stays "C".
 */
int		 ts_locale_utf8(void);

/*
 * Write len bytes of data on standard output: text for people (a
 * table) as ts_put_text writes it, data (JSON, CSV, markdown) as it is.
 */
void		 ts_put_stdout(const char *data, size_t len, bool text);

/*
 * Write text for people to fp: as it is in a UTF-8 locale, else with
 * ts_text_ascii()'s substitutes.  Documents (JSON, CSV, SVG, markdown)
 * are data and never pass through here.
 */
void		 ts_put_text(FILE *fp, const char *text, size_t len);

/*
 * The edit distance between a and b (insertions, deletions,
 * substitutions and swaps of neighbours count one each), or cap + 1 when
 * it is larger than cap.  For "did you mean" suggestions.
 */
size_t		 ts_edit_distance(const char *a, const char *b, size_t cap);

/*
 * The entry of names (NULL-terminated) closest to word within an edit
 * distance of 2 (1 for words of 4 letters or fewer), or NULL when none
 * is, or two are equally close.
 */
const char	*ts_suggest(const char *word, const char *const *names);

#endif /* TS_CLI_H */
