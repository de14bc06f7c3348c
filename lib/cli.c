/* SPDX-License-Identifier: MIT */
/*
 * Command-line conventions shared by the programs (no dependencies, so
 * any program may link it).
 */
#include <config.h>

#include <getopt.h>
#include <langinfo.h>
#include <locale.h>
#include <sys/ioctl.h>
#include <sys/stat.h>

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "buf.h"
#include "cli.h"
#include "exitcodes.h"
#include "msg.h"
#include "outfile.h"
#include "util.h"

const char *const ts_formats[] = { "table", "json", "markdown", "csv",
    "jsonl", "table-2.0", "markdown-2.0", NULL };

/*
 * At exit: stdout's last check.  A program that reported the error itself
 * chose its own status, so nothing is said twice or changed; otherwise
 * the unreported error fails the program.  _exit, since exit may not be
 * called again from an atexit handler.
 */
static void
close_stdout(void)
{
	if (ts_stdout_reported())
		return;
	if (ts_close_stdout() == -1)
		_exit(TS_EXIT_FAILURE);
}

void
ts_check_stdout_at_exit(void)
{
	atexit(close_stdout);
}

void
ts_exit_stdout(void)
{
	exit(ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE);
}

void
ts_version_exit(void)
{
	printf("%s (%s) %s\n", ts_progname(), PACKAGE_NAME, PACKAGE_VERSION);
	ts_exit_stdout();
}

/* The length of a long option's name as written in "--name[=value]". */
static size_t
name_len(const char *arg)
{
	return strcspn(arg, "=");
}

/*
 * Whether the option getopt_long refused with optopt set is the long one
 * in arg ("--json=1", "--samples" at the end) rather than a short option:
 * a long option's optopt is its value, which may be a letter.  A short
 * option refused in mid-cluster leaves arg at an earlier argument, which
 * names no option of that value.
 */
static bool
refused_long(const char *arg, const struct option *longopts)
{
	const struct option *lo;
	size_t n;

	if (optopt == 0)
		return true;	/* unknown or ambiguous */
	if (strncmp(arg, "--", 2) != 0)
		return false;
	n = name_len(arg + 2);
	for (lo = longopts; lo->name != NULL; lo++)
		if (lo->val == optopt && n > 0 &&
		    strncmp(lo->name, arg + 2, n) == 0)
			return true;
	return false;
}

/*
 * The long options name (n characters) abbreviates, as "--a, --b" in
 * buf, if more than one and none is exactly name; else false.
 */
static bool
ambiguous(const char *name, size_t n, const struct option *longopts,
    char *buf, size_t len)
{
	const struct option *lo;
	size_t used = 0;
	int matches = 0;

	buf[0] = '\0';
	for (lo = longopts; lo->name != NULL; lo++) {
		if (n == 0 || strncmp(lo->name, name, n) != 0)
			continue;
		if (lo->name[n] == '\0')
			return false;
		if (used < len)
			used += (size_t)snprintf(buf + used, len - used,
			    "%s--%s", matches ? ", " : "", lo->name);
		matches++;
	}
	return matches > 1;
}

/*
 * Whether word is a value of --format (ts_formats, or "text", a name
 * people use for the table), which people also type as an option.
 */
static bool
format_value(const char *word)
{
	size_t i;

	for (i = 0; ts_formats[i] != NULL; i++)
		if (strcmp(word, ts_formats[i]) == 0)
			return true;
	return strcmp(word, "text") == 0;
}

/*
 * A suggestion for the unknown long option name (n characters), as
 * "--NAME" in buf: the option within a small edit distance, or, for a
 * value of --format given as an option ("--json"), "--format json" when
 * the program has --format.  False when there is none.
 */
static bool
suggest_option(const char *name, size_t n, const struct option *longopts,
    char *buf, size_t len)
{
	const struct option *lo;
	const char *names[128], *near;
	char word[64];
	size_t k = 0;
	bool format = false;

	if (n >= sizeof word)
		return false;
	memcpy(word, name, n);
	word[n] = '\0';
	for (lo = longopts; lo->name != NULL && k + 1 < 128; lo++) {
		names[k++] = lo->name;
		format |= strcmp(lo->name, "format") == 0;
	}
	names[k] = NULL;
	if ((near = ts_suggest(word, names)) != NULL) {
		snprintf(buf, len, "--%s", near);
		return true;
	}
	if (format && format_value(word)) {
		snprintf(buf, len, "--format %s", word);
		return true;
	}
	return false;
}

/*
 * Report the option getopt_long just refused (c is '?' or ':') in the one
 * wording all programs share, instead of getopt's own messages, which
 * name the program by its full path and vary with the C library.
 */
static void __attribute__((noreturn))
option_error(int c, char *const argv[], const struct option *longopts)
{
	const char *arg = argv[optind - 1];
	char which[256];
	int n;

	if (!refused_long(arg, longopts)) {
		if (c == ':')
			ts_usage_error("option '-%c' needs an argument",
			    optopt);
		ts_usage_error("unknown option '-%c'", optopt);
	}
	n = (int)name_len(arg);
	if (c == ':')
		ts_usage_error("option '%.*s' needs an argument", n, arg);
	if (optopt != 0)
		ts_usage_error("option '%.*s' takes no argument", n, arg);
	if (n > 2 && ambiguous(arg + 2, (size_t)n - 2, longopts, which,
	    sizeof which))
		ts_usage_error("option '%.*s' is ambiguous (%s)", n, arg,
		    which);
	if (n > 2 && suggest_option(arg + 2, (size_t)n - 2, longopts, which,
	    sizeof which))
		ts_usage_error("unknown option '%.*s'; did you mean '%s'?", n,
		    arg, which);
	ts_usage_error("unknown option '%.*s'", n, arg);
}

int
ts_getopt(int argc, char *const argv[], const char *shortopts,
    const struct option *longopts)
{
	char opts[128];
	int skip, c;

	/* A leading ':' makes a missing argument ':', told from '?'. */
	skip = shortopts[0] == '+' || shortopts[0] == '-';
	snprintf(opts, sizeof opts, "%.*s:%s", skip, shortopts,
	    shortopts + skip);
	opterr = 0;
	c = getopt_long(argc, argv, opts, longopts, NULL);
	if (c == '?' || c == ':')
		option_error(c, argv, longopts);
	return c;
}

/* "PROG: message", with " (see PROG --help)" if see_help, and exit 2. */
static void __attribute__((noreturn))
usage_exit(bool see_help, const char *fmt, va_list ap)
{
	char msg[512];

	vsnprintf(msg, sizeof msg, fmt, ap);
	if (see_help)
		ts_error("%s (see %s --help)", msg, ts_progname());
	else
		ts_error("%s", msg);
	exit(TS_EXIT_USAGE);
}

void
ts_usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	usage_exit(true, fmt, ap);
}

void
ts_usage_fail(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	usage_exit(false, fmt, ap);
}

void
ts_cli_plot_name(const char *path)
{
	size_t n = strlen(path);
	struct stat sb;

	if (n >= 4 && strcasecmp(path + n - 4, ".svg") == 0)
		return;
	if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode) &&
	    !S_ISDIR(sb.st_mode))
		return;
	ts_error("--plot '%s': the plot is an SVG picture; name the file "
	    "FILE.svg (convert it with rsvg-convert or a browser for "
	    "another format)", path);
	exit(TS_EXIT_USAGE);
}

int
ts_cli_write_file(const char *path, const void *data, size_t len,
    bool quiet)
{
	char err[1024];

	if (ts_write_file_atomic(path, data, len, err, sizeof err) != 0) {
		ts_error("%s", err);
		return -1;
	}
	if (!quiet)
		fprintf(stderr, "wrote %s\n", path);
	return 0;
}

size_t
ts_terminal_columns(int fd)
{
	struct winsize ws;
	const char *c;
	long v;

	if (!isatty(fd))
		return 0;
	if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	if ((c = getenv("COLUMNS")) != NULL && (v = strtol(c, NULL, 10)) > 0 &&
	    v < 10000)
		return (size_t)v;
	return 0;
}

int
ts_locale_utf8(void)
{
	static int known = -1;
	const char *cs;
	char *saved;

	if (known != -1)
		return known;
	saved = setlocale(LC_CTYPE, NULL);
	saved = saved != NULL ? ts_xstrdup(saved) : NULL;
	if (setlocale(LC_CTYPE, "") == NULL)
		known = 0;	/* an unknown locale: the C library uses "C" */
	else {
		cs = nl_langinfo(CODESET);
		known = cs != NULL && (strcasecmp(cs, "UTF-8") == 0 ||
		    strcasecmp(cs, "utf8") == 0);
	}
	setlocale(LC_CTYPE, saved != NULL ? saved : "C");
	free(saved);
	return known;
}

void
ts_put_text(FILE *fp, const char *text, size_t len)
{
	struct ts_buf b;

	if (ts_locale_utf8()) {
		fwrite(text, 1, len, fp);
		return;
	}
	ts_buf_init(&b);
	ts_text_ascii(text, len, &b);
	fwrite(b.data, 1, b.len, fp);
	ts_buf_free(&b);
}

void
ts_put_stdout(const char *data, size_t len, bool text)
{
	if (text)
		ts_put_text(stdout, data, len);
	else
		fwrite(data, 1, len, stdout);
}

size_t
ts_edit_distance(const char *a, const char *b, size_t cap)
{
	size_t la = strlen(a), lb = strlen(b), i, j, d, *m, w;

	if ((la > lb ? la - lb : lb - la) > cap)
		return cap + 1;
	/* Optimal string alignment: a swap of neighbours counts one. */
	w = lb + 1;
	m = ts_xcalloc((la + 1) * w, sizeof *m);
	for (i = 0; i <= la; i++)
		m[i * w] = i;
	for (j = 0; j <= lb; j++)
		m[j] = j;
	for (i = 1; i <= la; i++)
		for (j = 1; j <= lb; j++) {
			d = m[(i - 1) * w + j - 1] + (a[i - 1] != b[j - 1]);
			if (m[(i - 1) * w + j] + 1 < d)
				d = m[(i - 1) * w + j] + 1;
			if (m[i * w + j - 1] + 1 < d)
				d = m[i * w + j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] &&
			    m[(i - 2) * w + j - 2] + 1 < d)
				d = m[(i - 2) * w + j - 2] + 1;
			m[i * w + j] = d;
		}
	d = m[la * w + lb];
	free(m);
	return d > cap ? cap + 1 : d;
}

const char *
ts_suggest(const char *word, const char *const *names)
{
	const char *found = NULL;
	size_t cap = strlen(word) <= 4 ? 1 : 2, best = cap + 1, d;
	bool tie = false;

	for (; *names != NULL; names++) {
		d = ts_edit_distance(word, *names, cap);
		if (d < best) {
			best = d;
			found = *names;
			tie = false;
		} else if (d == best && d <= cap)
			tie = true;
	}
	return best <= cap && !tie ? found : NULL;
}
