/* SPDX-License-Identifier: MIT */
/*
 * Rendering: the si() vectors of section 12.1, code-point padding,
 * describe(), and the table and markdown of two documents built in memory
 * from the published values, compared with the expected-output files.
 */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "report/report-render.h"
#include "tap.h"
#include "util.h"

/* One pass as the table sees it. */
struct pass_spec {
	double			value, cv;
	enum ts_stability	stability;
	bool			too_short;
};

/* One workload row; a NULL pass_spec pointer means the pass is absent. */
struct row_spec {
	const char		*id, *name;
	enum ts_unit		 unit;
	const struct pass_spec	*single, *multi;
	double			 speedup;	/* 0: no scaling object */
	bool			 excluded;
	const char		*error;
};

/* Make a heap pass from its spec, or NULL. */
static struct ts_pass *
make_pass(const struct pass_spec *ps, uint64_t threads)
{
	struct ts_pass *p;

	if (ps == NULL)
		return NULL;
	p = ts_xcalloc(1, sizeof *p);
	p->threads = threads;
	p->value = ps->value;
	p->stats.cv = ps->cv;
	p->stats.stability = ps->stability;
	p->window_too_short = ps->too_short;
	return p;
}

/* Fill a report with the fields that the renderers read. */
static void
make_report(struct ts_report *r, const char *cpu, uint64_t phys,
    uint64_t logical, uint64_t pcores, uint64_t ecores, const char *os,
    const char *target, const char *when, double duration,
    const struct ts_config *cfg, double single, double multi,
    const struct row_spec *rows, size_t nrows)
{
	size_t i;

	memset(r, 0, sizeof *r);
	r->schema_version = 2;
	r->tool_version = ts_xstrdup("2.0.0");
	r->generated_at = ts_xstrdup(when);
	r->duration_secs = duration;
	r->system.cpu_model = ts_xstrdup(cpu);
	r->system.physical_cores.set = true;
	r->system.physical_cores.v = phys;
	r->system.logical_cores = logical;
	if (pcores > 0) {
		r->system.performance_cores.set = true;
		r->system.performance_cores.v = pcores;
		r->system.efficiency_cores.set = true;
		r->system.efficiency_cores.v = ecores;
	}
	r->system.os = ts_xstrdup(os);
	r->system.target = ts_xstrdup(target);
	r->system.build_profile.opt_level = ts_xstrdup("3");
	r->system.timer.cycle_source = ts_xstrdup("rdtsc");
	r->config = *cfg;
	r->score.reference = ts_xstrdup(TS_REFERENCE_NAME);
	r->score.has_single_core = true;
	r->score.single_core = single;
	r->score.has_multi_core = true;
	r->score.multi_core = multi;
	r->workloads = ts_xcalloc(nrows, sizeof *r->workloads);
	r->nworkloads = nrows;
	for (i = 0; i < nrows; i++) {
		struct ts_workload *w = &r->workloads[i];

		w->id = ts_xstrdup(rows[i].id);
		w->name = ts_xstrdup(rows[i].name);
		w->summary = ts_xstrdup("");
		w->unit = rows[i].unit;
		w->single = make_pass(rows[i].single, 1);
		w->multi = make_pass(rows[i].multi, cfg->threads);
		if (rows[i].speedup > 0) {
			w->scaling = ts_xcalloc(1, sizeof *w->scaling);
			w->scaling->speedup = rows[i].speedup;
			w->scaling->threads = cfg->threads;
		}
		if (rows[i].excluded)
			w->excluded_from_multi_core =
			    ts_xstrdup(TS_EXCLUSION_TEXT);
		if (rows[i].error != NULL)
			w->error = ts_xstrdup(rows[i].error);
	}
}

/* The published Apple M4 Pro fixture, as far as rendering goes. */
static const struct pass_spec a_dhry1 = { 67972538.84958085,
    0.017513673823373543, TS_ACCEPTABLE, false };
static const struct pass_spec a_dhryn = { 680211027.2086635,
    0.01903759112816478, TS_ACCEPTABLE, false };
static const struct pass_spec a_sgemm1 = { 19.117725020549404,
    0.0035029520289054836, TS_STABLE, false };
static const struct pass_spec a_sgemmn = { 186.24170580100923,
    0.027652646672287208, TS_ACCEPTABLE, false };
static const struct pass_spec a_sha1 = { 421.9939766306616,
    0.001093651333248376, TS_STABLE, false };
static const struct pass_spec a_shan = { 3752.181322911585,
    0.02705411823554086, TS_ACCEPTABLE, false };
static const struct pass_spec a_sort1 = { 101.77567679001292,
    0.0016603359500914929, TS_STABLE, false };
static const struct pass_spec a_sortn = { 1063.475736231739,
    0.02193231639133109, TS_ACCEPTABLE, false };
static const struct pass_spec a_stream1 = { 109.9291787124894,
    0.004386007479249159, TS_STABLE, false };
static const struct pass_spec a_streamn = { 213.7572852770218,
    0.011207317057605524, TS_ACCEPTABLE, false };
static const struct pass_spec a_lat1 = { 117.60764958314888,
    0.008531692813723723, TS_STABLE, false };

static const struct row_spec apple_rows[] = {
	{ "dhrystone", "Dhrystone 2.1", TS_UNIT_DHRYSTONES_PER_SEC,
	    &a_dhry1, &a_dhryn, 10.007144631068284, false, NULL },
	{ "sgemm", "SGEMM 256\xc2\xb3", TS_UNIT_GFLOPS,
	    &a_sgemm1, &a_sgemmn, 9.741834114719213, false, NULL },
	{ "sha256", "SHA-256", TS_UNIT_MIB_PER_SEC,
	    &a_sha1, &a_shan, 8.891551848370518, false, NULL },
	{ "sort", "Sort 1Mi u64", TS_UNIT_MELEM_PER_SEC,
	    &a_sort1, &a_sortn, 10.44921311037743, false, NULL },
	{ "stream", "STREAM Triad", TS_UNIT_GIB_PER_SEC,
	    &a_stream1, &a_streamn, 1.9444999751711616, false, NULL },
	{ "latency", "Memory Latency", TS_UNIT_NANOSECONDS,
	    &a_lat1, NULL, 0, true, NULL },
};

/* The Linux run signed at run time (all three notes, x and ! glyphs). */
static const struct pass_spec r_sha1 = { 190.29705461568093,
    0.24142753698188832, TS_UNRELIABLE, false };
static const struct pass_spec r_shan = { 229.43780110448748,
    0.02167453249278308, TS_ACCEPTABLE, false };
static const struct pass_spec r_dhry1 = { 37202302.21165159,
    0.1407205548781155, TS_UNRELIABLE, false };
static const struct pass_spec r_dhryn = { 41868633.198843904,
    0.07586373820160977, TS_NOISY, true };
static const struct pass_spec r_lat1 = { 341.60778274469385,
    0.07561716119165386, TS_NOISY, false };

static const struct row_spec run_rows[] = {
	{ "sha256", "SHA-256", TS_UNIT_MIB_PER_SEC,
	    &r_sha1, &r_shan, 1.2056823557666418, false, NULL },
	{ "dhrystone", "Dhrystone 2.1", TS_UNIT_DHRYSTONES_PER_SEC,
	    &r_dhry1, &r_dhryn, 1.1254312424173265, false, NULL },
	{ "latency", "Memory Latency", TS_UNIT_NANOSECONDS,
	    &r_lat1, NULL, 0, true, NULL },
};

/* Read a fixture file into a NUL-terminated string. */
static char *
fixture(const char *name)
{
	const char *dir = getenv("top_srcdir");
	char err[256], *path;
	struct ts_buf b;

	path = ts_xasprintf("%s/tests/fixtures/%s", dir ? dir : ".", name);
	if (ts_read_file(path, 1 << 20, &b, err, sizeof err) != 0) {
		diag("%s", err);
		free(path);
		return ts_xstrdup("");
	}
	free(path);
	return b.data;
}

/* Check rendered text against a fixture, showing the first difference. */
static void
is_fixture(const char *got, const char *name)
{
	char *want = fixture(name);
	size_t i;

	if (!ok(strcmp(got, want) == 0, "output equals %s", name)) {
		for (i = 0; got[i] != '\0' && got[i] == want[i]; i++)
			;
		diag("first difference at byte %zu", i);
		diag("got:  %.80s", got + (i > 20 ? i - 20 : 0));
		diag("want: %.80s", want + (i > 20 ? i - 20 : 0));
	}
	free(want);
}

/* Remove ANSI SGR sequences from s in place. */
static void
strip_ansi(char *s)
{
	char *o = s;

	while (*s != '\0') {
		if (s[0] == '\x1b' && s[1] == '[') {
			s += 2;
			while (*s != '\0' && *s != 'm')
				s++;
			if (*s != '\0')
				s++;
			continue;
		}
		*o++ = *s++;
	}
	*o = '\0';
}

/* si(): every vector of section 12.1, plus a few edges. */
static void
test_si(void)
{
	static const struct {
		double		v;
		const char	*want;
	} vec[] = {
		{ 0, "0.00" }, { 42.5, "42.5" }, { 999, "999" },
		{ 1234, "1.23k" }, { 45.6e6, "45.6M" }, { 2.5e9, "2.50G" },
		{ 1.5e12, "1.50T" }, { -1500, "-1.50k" }, { 999.5, "1000" },
		{ 999999, "1000k" }, { -0.0, "-0.00" },
		{ 22000000.0, "22.0M" }, { 12.0, "12.0" }, { 250, "250" },
		{ 90.0, "90.0" }, { 0.125, "0.12" }, { 0.375, "0.38" },
		{ 1e15, "1000T" }, { 9.995, "9.99" },
		{ 9.99e17, "999000T" }, { 1e18, "1.00e+18" },
		{ 1e308, "1.00e+308" },
	};
	char buf[TS_SI_MAX];
	size_t i;

	for (i = 0; i < sizeof vec / sizeof vec[0]; i++) {
		char name[64];

		snprintf(name, sizeof name, "si(%.17g) = %s", vec[i].v,
		    vec[i].want);
		is_str(ts_si(vec[i].v, buf), vec[i].want, name);
	}
	is_str(ts_si(NAN, buf), "\xe2\x80\x94", "si(NaN) is a dash");
	is_str(ts_si(-INFINITY, buf), "\xe2\x80\x94", "si(-inf) is a dash");
	is_str(ts_si(-1.7976931348623157e308, buf), "-1.80e+308",
	    "si(-DBL_MAX): an exponent, not 309 digits");
}

/* Padding counts code points and skips ANSI escapes. */
static void
test_padding(void)
{
	struct ts_buf b;

	is_int(ts_text_width("\xe2\x80\x94"), 1, "em dash is one column");
	is_int(ts_text_width("SGEMM 256\xc2\xb3"), 10, "superscript three "
	    "is one column");
	is_int(ts_text_width("\x1b[2mGiB/s\x1b[0m"), 5, "escapes count zero");
	is_int(ts_text_width("\x1b[1;31m\x1b[0m"), 0, "only escapes: zero");
	is_int(ts_text_width(""), 0, "empty string");

	ts_buf_init(&b);
	ts_buf_pad(&b, "\xe2\x80\x94", 4);
	is_str(b.data, "\xe2\x80\x94   ", "left pad of a dash adds 3 spaces");
	b.len = 0;
	ts_buf_rpad(&b, "SGEMM 256\xc2\xb3", 12);
	is_str(b.data, "  SGEMM 256\xc2\xb3", "right pad of ³ adds 2 spaces");
	b.len = 0;
	ts_buf_rpad(&b, "\x1b[33m!\x1b[0m", 3);
	is_str(b.data, "  \x1b[33m!\x1b[0m", "right pad skips escapes");
	b.len = 0;
	ts_buf_pad(&b, "longer than width", 4);
	is_str(b.data, "longer than width", "nothing is truncated");
	ts_buf_free(&b);
}

/* describe(): the spec's examples and each topology form. */
static void
test_describe(void)
{
	static const struct ts_config cfg = { 2, 5, 1, 30 };
	struct ts_report r;
	struct ts_buf b;

	ts_buf_init(&b);
	make_report(&r, "Apple M4 Pro", 14, 14, 10, 4, "macos",
	    "aarch64-apple-darwin", "x", 1, &cfg, 1, 1, NULL, 0);
	ts_describe(&b, &r.system);
	is_str(b.data, "Apple M4 Pro (10P+4E) \xc2\xb7 macos \xc2\xb7 "
	    "aarch64-apple-darwin", "describe: P+E cores");

	r.system.efficiency_cores.v = 0;
	b.len = 0;
	ts_describe(&b, &r.system);
	is_str(b.data, "Apple M4 Pro (14C) \xc2\xb7 macos \xc2\xb7 "
	    "aarch64-apple-darwin", "describe: no E cores, phys = logical");

	r.system.physical_cores.v = 8;
	r.system.logical_cores = 16;
	b.len = 0;
	ts_describe(&b, &r.system);
	is_str(b.data, "Apple M4 Pro (8C/16T) \xc2\xb7 macos \xc2\xb7 "
	    "aarch64-apple-darwin", "describe: SMT");

	free(r.system.cpu_model);
	r.system.cpu_model = NULL;
	r.system.physical_cores.set = false;
	r.system.performance_cores.set = false;
	b.len = 0;
	ts_describe(&b, &r.system);
	is_str(b.data, "unknown CPU (16C) \xc2\xb7 macos \xc2\xb7 "
	    "aarch64-apple-darwin", "describe: unknown CPU, logical only");
	ts_report_free(&r);

	make_report(&r, "Intel(R) Xeon(R) Processor", 2, 2, 0, 0, "linux",
	    "x86_64-unknown-linux-gnu", "x", 1, &cfg, 1, 1, NULL, 0);
	b.len = 0;
	ts_describe(&b, &r.system);
	is_str(b.data, "Intel(R) Xeon(R) Processor (2C) \xc2\xb7 linux \xc2\xb7 "
	    "x86_64-unknown-linux-gnu", "describe: the spec's Linux example");
	ts_report_free(&r);
	ts_buf_free(&b);
}

/* The two documents rendered as table and markdown, with and without colour. */
static void
test_documents(void)
{
	static const struct ts_config acfg = { 14, 9, 3, 300 };
	static const struct ts_config rcfg = { 2, 5, 1, 30 };
	struct ts_report apple, run;
	struct ts_buf b, c;

	make_report(&apple, "Apple M4 Pro", 14, 14, 10, 4, "macos",
	    "aarch64-apple-darwin", "2026-08-11T04:41:32Z", 45.710684875,
	    &acfg, 2216.44749721414, 19372.76232106885, apple_rows,
	    sizeof apple_rows / sizeof apple_rows[0]);
	make_report(&run, "Intel(R) Xeon(R) Processor", 2, 2, 0, 0, "linux",
	    "x86_64-unknown-linux-gnu", "2026-11-30T02:24:19Z", 2.007705631,
	    &rcfg, 697.3508191888435, 1321.5863151664016, run_rows,
	    sizeof run_rows / sizeof run_rows[0]);

	ts_buf_init(&b);
	ts_render_table_original(&b, &apple, false);
	is_fixture(b.data, "expected-report-table-apple.txt");
	b.len = 0;
	ts_render_markdown_original(&b, &apple);
	is_fixture(b.data, "expected-report-markdown-apple.txt");
	b.len = 0;
	ts_render_table(&b, &apple, false);
	is_fixture(b.data, "report-table-apple.txt");
	b.len = 0;
	ts_render_markdown(&b, &apple);
	is_fixture(b.data, "report-markdown-apple.txt");
	b.len = 0;
	ts_render_table(&b, &run, false);
	is_fixture(b.data, "report-table-run.txt");

	/* Colour changes nothing once the escapes are removed, ours too. */
	ts_buf_init(&c);
	ts_render_table(&c, &run, true);
	ok(strstr(c.data, "\x1b[31mx\x1b[0m \x1b[2m24.1%\x1b[0m  ") != NULL &&
	    strstr(c.data, "\x1b[36m~\x1b[0m \x1b[2m2.2%\x1b[0m") != NULL,
	    "ours: each pass's glyph in its colour, its cv dim");
	strip_ansi(c.data);
	is_str(c.data, b.data, "ours: coloured table minus escapes = plain");
	b.len = 0;
	ts_render_table_original(&b, &run, false);
	is_fixture(b.data, "expected-report-table-run.txt");
	c.len = 0;
	ts_render_table_original(&c, &run, true);
	ok(strstr(c.data, "\x1b[1mThreadStone 2.0.0 ") == c.data,
	    "coloured title starts bold");
	ok(strstr(c.data, "x86_64-unknown-linux-gnu\n\x1b[0m") != NULL,
	    "the title's newline is inside the bold wrap");
	ok(strstr(c.data, "\x1b[31mx\x1b[0m \x1b[2m24.1%\x1b[0m") != NULL,
	    "unreliable glyph red, cv dim");
	ok(strstr(c.data, "\x1b[36m~\x1b[0m") == NULL &&
	    strstr(c.data, "\x1b[33m!\x1b[0m") != NULL,
	    "noisy glyph yellow");
	ok(strstr(c.data, "\x1b[2mnote: measurement windows too short in "
	    "dhrystone: raise --window-ms\n\x1b[0m") != NULL,
	    "note lines dim, newline inside");
	strip_ansi(c.data);
	is_str(c.data, b.data, "coloured table minus escapes = plain table");
	ts_buf_free(&c);

	/* An error line, a workload without passes, debug assertions. */
	free(run.workloads[2].error);
	run.workloads[2].error = ts_xstrdup("cannot allocate 256 MiB");
	ts_pass_free(run.workloads[2].single);
	free(run.workloads[2].single);
	run.workloads[2].single = NULL;
	run.system.build_profile.debug_assertions = true;
	run.score.has_multi_core = false;
	b.len = 0;
	ts_render_table_original(&b, &run, false);
	ok(strstr(b.data, "\nMemory Latency      ns                  "
	    "\xe2\x80\x94           \xe2\x80\x94        \xe2\x80\x94  "
	    "\xe2\x80\x94 \n  ! cannot allocate 256 MiB\n") != NULL,
	    "no pass: dashes, line ends in \"— \", error line follows");
	ok(strstr(b.data, "multi-core \xe2\x80\x94\n") != NULL,
	    "absent multi-core score is a dash");
	ok(strstr(b.data, "\n\nnote: built with debug assertions: these "
	    "numbers do not describe an optimised build\nnote: high") != NULL,
	    "debug note comes first");
	b.len = 0;
	ts_render_table(&b, &run, false);
	ok(strstr(b.data, "\nMemory Latency      ns                  "
	    "\xe2\x80\x94  \xe2\x80\x94                 \xe2\x80\x94  "
	    "\xe2\x80\x94             \xe2\x80\x94\n  ! cannot allocate "
	    "256 MiB\n") != NULL,
	    "ours, no pass: a dash for each value and cv, error line follows");
	ok(strstr(b.data, "x unreliable\nnote: built with debug assertions")
	    != NULL, "ours: the legend, then the notes");
	b.len = 0;
	ts_render_markdown_original(&b, &run);
	ok(strstr(b.data, "**Score:**") == NULL,
	    "markdown: no score line without both scores");
	ok(strstr(b.data, "| Memory Latency | ns | \xe2\x80\x94 | "
	    "\xe2\x80\x94 | \xe2\x80\x94 | \xe2\x80\x94 |\n") != NULL,
	    "markdown: a workload without passes");
	b.len = 0;
	ts_render_markdown(&b, &run);
	ok(strstr(b.data, "| Memory Latency | ns | \xe2\x80\x94 | "
	    "\xe2\x80\x94 | \xe2\x80\x94 | \xe2\x80\x94 | "
	    "\xe2\x80\x94 |\n") != NULL,
	    "ours, markdown: a workload without passes");

	run.config.threads = 1;
	b.len = 0;
	ts_render_table_original(&b, &run, false);
	ok(strstr(b.data, "    1 thread    1 thread  scaling") != NULL,
	    "one thread is not \"1 threads\"");
	b.len = 0;
	ts_render_table(&b, &run, false);
	ok(strstr(b.data, "    1 thread  cv         1 thread  cv      "
	    "scaling") != NULL, "ours: one thread is not \"1 threads\"");

	ts_buf_free(&b);
	ts_report_free(&apple);
	ts_report_free(&run);
}

/* Colour is only wanted on a terminal with NO_COLOR unset or empty. */
static void
test_want_colour(void)
{
	setenv("NO_COLOR", "1", 1);
	ok(!ts_want_colour(-1), "no colour for a bad descriptor");
	unsetenv("NO_COLOR");
	ok(!ts_want_colour(-1), "no colour without a terminal");
}

int
main(void)
{
	test_si();
	test_padding();
	test_describe();
	test_documents();
	test_want_colour();
	return done_testing();
}
