/* SPDX-License-Identifier: MIT */
/*
 * src/threadstone-run/suite-progress.c written to a temporary file and read
 * back byte for byte: the permanent pass line of section 12.4, the FAILED
 * line, notes, quiet, and on a terminal the transient line with its erase, bar
 * and count.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threadstone-run/suite-progress.h"
#include "tap.h"

/* A display writing into a temporary file. */
struct capture {
	FILE				*fp;
	struct ts_progress_display	 d;
};

/* Kernels of our own: only id, name and unit matter to the display. */
static const struct ts_kernel sha = {
	.id = "sha256", .name = "SHA-256", .unit = TS_UNIT_MIB_PER_SEC
};
static const struct ts_kernel wide = {
	.id = "wide", .name = "Str\u00e9am \u00b7 wide",
	.unit = TS_UNIT_GIB_PER_SEC
};

/* Open a capture on a fresh temporary file; exit if there is none. */
static void
open_capture(struct capture *c, bool tty, bool quiet)
{
	if ((c->fp = tmpfile()) == NULL) {
		perror("tmpfile");
		exit(1);
	}
	ts_progress_display_init(&c->d, c->fp, tty, quiet);
}

/* Everything written so far, NUL-terminated, in buf; the file stays open. */
static const char *
contents(struct capture *c, char *buf, size_t size)
{
	size_t n;

	fflush(c->fp);
	rewind(c->fp);
	n = fread(buf, 1, size - 1, c->fp);
	buf[n] = '\0';
	fseek(c->fp, 0, SEEK_END);
	return buf;
}

/* Append the erase of a transient line n columns wide: \r, n spaces, \r. */
static void
append_erase(char *buf, size_t size, size_t n)
{
	size_t len = strlen(buf);

	snprintf(buf + len, size - len, "\r%*s\r", (int)n, "");
}

/* A runner event for sha256 on `threads` threads. */
static struct ts_progress
event(enum ts_progress_event e, unsigned threads)
{
	struct ts_progress ev;

	memset(&ev, 0, sizeof ev);
	ev.event = e;
	ev.kernel = &sha;
	ev.threads = threads;
	return ev;
}

/* A finished pass with this value and coefficient of variation. */
static struct ts_pass
pass_of(double value, double cv)
{
	struct ts_pass p;

	memset(&p, 0, sizeof p);
	p.value = value;
	p.stats.cv = cv;
	return p;
}

/* Permanent lines without a terminal; round events print nothing. */
static void
test_plain(void)
{
	struct capture c;
	struct ts_progress ev = event(TS_PROGRESS_CALIBRATING, 1);
	struct ts_pass p = pass_of(307.0, 0.00123);
	char got[4096];

	open_capture(&c, false, false);
	ts_progress_display_round(&ev, &c.d);
	ev = event(TS_PROGRESS_SAMPLE, 1);
	ev.done = 1, ev.total = 3, ev.rate = 300;
	ts_progress_display_round(&ev, &c.d);
	is_str(contents(&c, got, sizeof got), "",
	    "no terminal: round events print nothing");

	ts_progress_display_pass(&sha, 1, &p, NULL, &c.d);
	/* "  " + label in 28 + " " + si in 10 + " " + unit + "  ±" + cv%. */
	is_str(contents(&c, got, sizeof got),
	    "  SHA-256 (1 thread)          " " " "       307"
	    " MiB/s  \u00b10.1%\n", "pass line: label 28, value 10, unit, cv");

	p = pass_of(45.6e6, 0.0456);
	ts_progress_display_pass(&sha, 12, &p, NULL, &c.d);
	p = pass_of(1234, 0.5);
	ts_progress_display_pass(&wide, 2, &p, NULL, &c.d);
	ts_progress_display_pass(&sha, 1, NULL, "cannot allocate 4 MiB",
	    &c.d);
	ts_progress_display_note("checking buffers", &c.d);
	ts_progress_display_erase(&c.d);
	is_str(contents(&c, got, sizeof got),
	    "  SHA-256 (1 thread)                  307 MiB/s  \u00b10.1%\n"
	    "  SHA-256 (12 threads)              45.6M MiB/s  \u00b14.6%\n"
	    /* 25 code points in 27 bytes: 3 spaces of padding. */
	    "  Str\u00e9am \u00b7 wide (2 threads)         1.23k GiB/s  "
	    "\u00b150.0%\n"
	    "  sha256: FAILED \u2014 cannot allocate 4 MiB\n"
	    "  checking buffers\u2026\n",
	    "plural label, code-point padding, FAILED line, note");
	fclose(c.fp);
}

/* Quiet prints nothing, even on a terminal. */
static void
test_quiet(void)
{
	struct capture c;
	struct ts_progress ev = event(TS_PROGRESS_CALIBRATING, 1);
	struct ts_pass p = pass_of(307.0, 0.001);
	char got[256];

	open_capture(&c, true, true);
	ts_progress_display_round(&ev, &c.d);
	ts_progress_display_pass(&sha, 1, &p, NULL, &c.d);
	ts_progress_display_pass(&sha, 1, NULL, "boom", &c.d);
	ts_progress_display_note("checking buffers", &c.d);
	ts_progress_display_erase(&c.d);
	is_str(contents(&c, got, sizeof got), "", "quiet: nothing at all");
	fclose(c.fp);
}

/* The transient line on a terminal: calibrating, calibrated, bar, erase. */
static void
test_tty_bar(void)
{
	struct capture c;
	struct ts_progress ev = event(TS_PROGRESS_CALIBRATING, 1);
	struct ts_pass p = pass_of(307.0, 0.00123);
	char got[4096], want[4096];

	open_capture(&c, true, false);
	ts_progress_display_round(&ev, &c.d);
	is_str(contents(&c, got, sizeof got),
	    "  SHA-256 (1 thread) \u00b7 calibrating\u2026",
	    "terminal: calibrating, no newline");
	is_u64(c.d.shown, 35, "its width counts code points, not bytes");

	ev = event(TS_PROGRESS_CALIBRATED, 1);
	ev.iters = 99, ev.round_ms = 20.4;
	ts_progress_display_round(&ev, &c.d);
	ev = event(TS_PROGRESS_SAMPLE, 1);
	ev.done = 1, ev.total = 3, ev.rate = 307.0;
	ts_progress_display_round(&ev, &c.d);
	ev.done = 3, ev.rate = 1234.0;
	ts_progress_display_round(&ev, &c.d);
	ts_progress_display_pass(&sha, 1, &p, NULL, &c.d);

	strcpy(want, "  SHA-256 (1 thread) \u00b7 calibrating\u2026");
	append_erase(want, sizeof want, 35);
	strcat(want, "  SHA-256 (1 thread) \u00b7 99 iters/thread, "
	    "20 ms per round");
	append_erase(want, sizeof want, 55);
	strcat(want, "  SHA-256 (1 thread) \u00b7 "
	    "\u25cf\u00b7\u00b7 307 MiB/s");
	append_erase(want, sizeof want, 36);
	strcat(want, "  SHA-256 (1 thread) \u00b7 "
	    "\u25cf\u25cf\u25cf 1.23k MiB/s");
	append_erase(want, sizeof want, 38);
	strcat(want, "  SHA-256 (1 thread)                  307 MiB/s  "
	    "\u00b10.1%\n");
	is_str(contents(&c, got, sizeof got), want,
	    "terminal: each redraw erases the last; the pass line erases too");
	is_u64(c.d.shown, 0, "nothing transient after the pass line");

	ts_progress_display_erase(&c.d);
	is_str(contents(&c, got, sizeof got), want,
	    "erase with nothing shown writes nothing");
	fclose(c.fp);
}

/* Up to 32 samples are a bar; above, a count; the suite end erases. */
static void
test_tty_count(void)
{
	struct capture c;
	struct ts_progress ev = event(TS_PROGRESS_SAMPLE, 4);
	char got[4096], want[4096];
	size_t i;

	open_capture(&c, true, false);
	ev.done = 31, ev.total = 32, ev.rate = 2.5e9;
	ts_progress_display_round(&ev, &c.d);
	strcpy(want, "  SHA-256 (4 threads) \u00b7 ");
	for (i = 0; i < 31; i++)
		strcat(want, "\u25cf");
	strcat(want, "\u00b7 2.50G MiB/s");
	is_str(contents(&c, got, sizeof got), want,
	    "32 samples: a bar of 32, the rate with its unit");
	is_u64(c.d.shown, 2 + 19 + 3 + 32 + 12, "bar width in code points");

	ev.done = 33, ev.total = 40, ev.rate = 42.5;
	ts_progress_display_round(&ev, &c.d);
	append_erase(want, sizeof want, 2 + 19 + 3 + 32 + 12);
	strcat(want, "  SHA-256 (4 threads) \u00b7 33/40 42.5 MiB/s");
	ts_progress_display_note("checking buffers", &c.d);
	append_erase(want, sizeof want, 40);
	strcat(want, "  checking buffers\u2026\n");
	ev.done = 40;
	ts_progress_display_round(&ev, &c.d);
	strcat(want, "  SHA-256 (4 threads) \u00b7 40/40 42.5 MiB/s");
	ts_progress_display_erase(&c.d);
	append_erase(want, sizeof want, 40);
	is_str(contents(&c, got, sizeof got), want,
	    "40 samples: a count; a note and the suite end erase the line");
	fclose(c.fp);
}

/* attach() points the suite hooks at the display. */
static void
test_attach(void)
{
	struct ts_suite_hooks h;
	struct capture c;
	char got[256];

	memset(&h, 0, sizeof h);
	open_capture(&c, false, false);
	ts_progress_display_attach(&c.d, &h);
	ok(h.round == ts_progress_display_round &&
	    h.pass_done == ts_progress_display_pass &&
	    h.note == ts_progress_display_note && h.arg == &c.d,
	    "attach sets round, pass_done, note and arg");
	h.note("through the hook", h.arg);
	is_str(contents(&c, got, sizeof got), "  through the hook\u2026\n",
	    "a note through the hook reaches the stream");
	fclose(c.fp);
}

int
main(void)
{
	test_plain();
	test_quiet();
	test_tty_bar();
	test_tty_count();
	test_attach();
	return done_testing();
}
