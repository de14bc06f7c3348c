/* SPDX-License-Identifier: MIT */
/*
 * Text rendering of result documents: si() numbers, describe(), the
 * terminal table (optionally coloured) and markdown; and, at the end, the
 * CPU-kind lines and columns of both.
 */
#include <config.h>

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "doc/doc-ext-exec.h"
#include "doc/doc-ext-speed.h"
#include "doc/doc-kinds.h"
#include "report/report-render.h"

#define MIDDOT		" \xc2\xb7 "		/* " · " */
#define TIMES		"\xc3\x97"		/* U+00D7 multiplication sign */
#define RULE_CHAR	"\xe2\x94\x80"		/* U+2500 box drawing */
#define RULE_WIDTH	68		/* the original's table */
#define RULE_WIDTH_CV	79		/* ours: a cv column per pass */
#define CV_WIDTH	7		/* "x 37.8%" */

/* The line under our table that says what the cv columns hold. */
#define CV_LEGEND	"cv: spread of a pass's samples; = stable <1%, ~ <3%, " \
	"! noisy <10%, x unreliable"

/* SGR codes used by the coloured table. */
#define SGR_BOLD	"1"
#define SGR_DIM		"2"
#define SGR_RED		"31"
#define SGR_GREEN	"32"
#define SGR_YELLOW	"33"
#define SGR_CYAN	"36"

/*
 * The CPU-kind part of the table and of the markdown summary: where the
 * single-thread passes ran, the multi-thread workers per kind and, with
 * --per-kind, one column of single-thread figures per kind.  Nothing for
 * a document without extensions.cpu_kinds (a machine with one kind).
 */
static void	 render_kinds(struct ts_buf *, const struct ts_report *);
static void	 render_kinds_markdown(struct ts_buf *,
		    const struct ts_report *);

const char *
ts_si(double v, char *buf)
{
	const char *suffix = "";
	double a = fabs(v), scaled = v;
	int decimals;

	if (!isfinite(v)) {
		strcpy(buf, TS_DASH);
		return buf;
	}
	/* Past a million T, an exponent: 1e308 is not 309 digits of T. */
	if (a >= 1e18) {
		snprintf(buf, TS_SI_MAX, "%.2e", v);
		return buf;
	}
	if (a >= 1e12) {
		scaled = v / 1e12;
		suffix = "T";
	} else if (a >= 1e9) {
		scaled = v / 1e9;
		suffix = "G";
	} else if (a >= 1e6) {
		scaled = v / 1e6;
		suffix = "M";
	} else if (a >= 1e3) {
		scaled = v / 1e3;
		suffix = "k";
	}
	a = fabs(scaled);
	decimals = a >= 100 ? 0 : a >= 10 ? 1 : 2;
	snprintf(buf, TS_SI_MAX, "%.*f%s", decimals, scaled, suffix);
	return buf;
}

void
ts_describe(struct ts_buf *b, const struct ts_system *sys)
{
	ts_buf_puts(b, sys->cpu_model != NULL ? sys->cpu_model : "unknown CPU");
	ts_buf_puts(b, " (");
	if (sys->performance_cores.set && sys->efficiency_cores.set &&
	    sys->efficiency_cores.v > 0)
		ts_buf_printf(b, "%juP+%juE",
		    (uintmax_t)sys->performance_cores.v,
		    (uintmax_t)sys->efficiency_cores.v);
	else if (sys->physical_cores.set &&
	    sys->physical_cores.v != sys->logical_cores)
		ts_buf_printf(b, "%juC/%juT", (uintmax_t)sys->physical_cores.v,
		    (uintmax_t)sys->logical_cores);
	else
		ts_buf_printf(b, "%juC", (uintmax_t)sys->logical_cores);
	ts_buf_puts(b, ")" MIDDOT);
	ts_buf_puts(b, sys->os);
	ts_buf_puts(b, MIDDOT);
	ts_buf_puts(b, sys->target);
}

bool
ts_want_colour(int fd)
{
	const char *no = getenv("NO_COLOR"), *term = getenv("TERM");

	return isatty(fd) && (no == NULL || *no == '\0') &&
	    (term == NULL || strcmp(term, "dumb") != 0);
}

/* Append text, wrapped in ESC[code m ... ESC[0m when colour is on. */
static void
paint(struct ts_buf *b, bool colour, const char *code, const char *text)
{
	if (colour)
		ts_buf_printf(b, "\x1b[%sm%s\x1b[0m", code, text);
	else
		ts_buf_puts(b, text);
}

/* Like paint(), but the text is a printf format. */
static void __attribute__((format(printf, 4, 5)))
paintf(struct ts_buf *b, bool colour, const char *code, const char *fmt, ...)
{
	struct ts_buf t;
	va_list ap;

	ts_buf_init(&t);
	va_start(ap, fmt);
	ts_buf_vprintf(&t, fmt, ap);
	va_end(ap);
	paint(b, colour, code, t.data);
	ts_buf_free(&t);
}

/* The glyph of a stability grade, and the colour it is drawn in. */
static const char *
stability_glyph(enum ts_stability s, const char **code)
{
	switch (s) {
	case TS_STABLE:
		*code = SGR_GREEN;
		return "=";
	case TS_ACCEPTABLE:
		*code = SGR_CYAN;
		return "~";
	case TS_NOISY:
		*code = SGR_YELLOW;
		return "!";
	default:
		*code = SGR_RED;
		return "x";
	}
}

/*
 * The pass whose cv speaks for the workload: the one with the larger cv,
 * the multi-thread pass on a tie; NULL when the workload has no pass.
 */
static const struct ts_pass *
noisier_pass(const struct ts_workload *w)
{
	if (w->single == NULL)
		return w->multi;
	if (w->multi == NULL)
		return w->single;
	return w->single->stats.cv > w->multi->stats.cv ? w->single : w->multi;
}

/* The heading of the multi-thread column: "14 threads", "1 thread". */
static void
threads_heading(char *buf, size_t len, uint64_t threads)
{
	snprintf(buf, len, "%ju thread%s", (uintmax_t)threads,
	    threads == 1 ? "" : "s");
}

/* Empty a buffer, keeping its storage. */
static void
buf_clear(struct ts_buf *b)
{
	b->len = 0;
	b->data[0] = '\0';
}

/* Write si(value) of a pass into buf, or the dash when it is absent. */
static void
pass_value(char *buf, const struct ts_pass *p)
{
	if (p == NULL)
		strcpy(buf, TS_DASH);
	else
		ts_si(p->value, buf);
}

/* Write a score as "%.0f" into buf, or the dash when it is absent. */
static void
score_text(char *buf, size_t len, bool has, double v)
{
	if (has)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%s", TS_DASH);
}

/* The cv cell of pass p (glyph and percentage), padded; a dash for none. */
static void
cv_cell(struct ts_buf *b, const struct ts_pass *p, bool colour)
{
	const char *code, *glyph;
	struct ts_buf t;

	ts_buf_init(&t);
	if (p != NULL) {
		glyph = stability_glyph(p->stats.stability, &code);
		paint(&t, colour, code, glyph);
		ts_buf_putc(&t, ' ');
		paintf(&t, colour, SGR_DIM, "%.1f%%", p->stats.cv * 100);
	} else
		ts_buf_puts(&t, TS_DASH);
	ts_buf_pad(b, t.data, CV_WIDTH);
	ts_buf_free(&t);
}

/* Append a row's head: the workload's name and its dimmed unit. */
static void
row_head(struct ts_buf *b, const struct ts_workload *w, bool colour)
{
	struct ts_buf u;

	ts_buf_pad(b, w->name, 20);
	ts_buf_init(&u);
	paint(&u, colour, SGR_DIM, ts_unit_label(w->unit));
	ts_buf_pad(b, u.data, 9);
	ts_buf_free(&u);
}

/* Append the scaling cell ("2.0x", or the dash), right-aligned in width. */
static void
scaling_cell(struct ts_buf *b, const struct ts_workload *w, size_t width)
{
	char cell[TS_SI_MAX];

	if (w->scaling != NULL)
		snprintf(cell, sizeof cell, "%.1fx", w->scaling->speedup);
	else
		strcpy(cell, TS_DASH);
	ts_buf_rpad(b, cell, width);
}

/* End a row, and append its error line if any. */
static void
row_end(struct ts_buf *b, const struct ts_workload *w, bool colour)
{
	ts_buf_putc(b, '\n');
	if (w->error != NULL)
		paintf(b, colour, SGR_RED, "  ! %s\n", w->error);
}

/*
 * Append one row of our table: each pass's value followed by its own cv,
 * then the scaling; and the error line if any.
 */
static void
table_row_cv(struct ts_buf *b, const struct ts_workload *w, bool colour)
{
	char cell[TS_SI_MAX];

	row_head(b, w, colour);
	pass_value(cell, w->single);
	ts_buf_rpad(b, cell, 12);
	ts_buf_puts(b, "  ");
	cv_cell(b, w->single, colour);
	pass_value(cell, w->multi);
	ts_buf_rpad(b, cell, 12);
	ts_buf_puts(b, "  ");
	cv_cell(b, w->multi, colour);
	scaling_cell(b, w, 8);
	row_end(b, w, colour);
}

/* Append one row of the original's table, and its error line if any. */
static void
table_row(struct ts_buf *b, const struct ts_workload *w, bool colour)
{
	char cell[TS_SI_MAX];
	const struct ts_pass *p;
	const char *code;

	row_head(b, w, colour);
	pass_value(cell, w->single);
	ts_buf_rpad(b, cell, 12);
	pass_value(cell, w->multi);
	ts_buf_rpad(b, cell, 12);
	scaling_cell(b, w, 9);
	ts_buf_puts(b, "  ");
	if ((p = noisier_pass(w)) != NULL) {
		const char *glyph = stability_glyph(p->stats.stability, &code);

		paint(b, colour, code, glyph);
		ts_buf_putc(b, ' ');
		paintf(b, colour, SGR_DIM, "%.1f%%", p->stats.cv * 100);
	} else
		ts_buf_puts(b, TS_DASH " ");
	row_end(b, w, colour);
}

/* Append the ids of the workloads for which pick() holds, or nothing. */
static bool
id_list(struct ts_buf *b, const struct ts_report *r,
    bool (*pick)(const struct ts_workload *))
{
	bool any = false;
	size_t i;

	for (i = 0; i < r->nworkloads; i++) {
		if (!pick(&r->workloads[i]))
			continue;
		if (any)
			ts_buf_puts(b, ", ");
		ts_buf_puts(b, r->workloads[i].id);
		any = true;
	}
	return any;
}

/* Whether a pass is graded noisy or unreliable. */
static bool
pass_noisy(const struct ts_pass *p)
{
	return p != NULL && (p->stats.stability == TS_NOISY ||
	    p->stats.stability == TS_UNRELIABLE);
}

/* Whether any pass of the workload is noisy or unreliable. */
static bool
workload_noisy(const struct ts_workload *w)
{
	return pass_noisy(w->single) || pass_noisy(w->multi);
}

/* Whether any pass of the workload had windows that were too short. */
static bool
workload_short(const struct ts_workload *w)
{
	return (w->single != NULL && w->single->window_too_short) ||
	    (w->multi != NULL && w->multi->window_too_short);
}

/* Where the notes under the table go, and whether one was written. */
struct notes {
	struct ts_buf	*b;
	bool		 colour;
	bool		 any;
};

/* Append one "note: ..." line, the first one after a blank line. */
static void __attribute__((format(printf, 2, 3)))
note(struct notes *n, const char *fmt, ...)
{
	struct ts_buf t;
	va_list ap;

	if (!n->any)
		ts_buf_putc(n->b, '\n');
	n->any = true;
	ts_buf_init(&t);
	va_start(ap, fmt);
	ts_buf_vprintf(&t, fmt, ap);
	va_end(ap);
	paintf(n->b, n->colour, SGR_DIM, "note: %s\n", t.data);
	ts_buf_free(&t);
}

/*
 * Our notes, for documents that carry them: how the passes were
 * measured, the passes the host took time from, unequal cores.
 */
static void
design_notes(struct notes *n, const struct ts_report *r)
{
	const struct ts_exec_design *d = ts_exec_ext_get(&r->ext);
	const struct ts_speed *sp = ts_speed_ext_get(&r->ext);
	const struct ts_exec_pass *x;
	size_t i;

	if (d != NULL) {
		if (d->executions >= 2)
			note(n, "every pass: %ju executions of %ju samples, "
			    "interleaved; intervals count the spread between "
			    "executions", (uintmax_t)d->executions,
			    (uintmax_t)d->samples);
		if (d->has_precision)
			note(n, "--precision %g %%: %s", d->precision_pct,
			    d->precision_met ? "every pass reached it" :
			    "not every pass reached it in time");
		for (i = 0; i < d->npasses; i++) {
			x = &d->passes[i];
			if (x->lost_time)
				note(n, "the host took time from %s %s: %s",
				    x->workload, x->which == TS_EXEC_SINGLE ?
				    "single-thread" : "multi-thread",
				    x->lost_why != NULL ? x->lost_why : "");
		}
	}
	if (sp != NULL && sp->differ && sp->n > 0)
		note(n, "cores differ in speed (the fastest %.2fx the "
		    "slowest): single-thread passes ran on core %u, the "
		    "fastest", sp->disparity, sp->cores[sp->fastest].core);
}

/*
 * Append the notes under the table, in the original's order; ours
 * first says what the cv columns hold.
 */
static void
table_notes(struct ts_buf *b, const struct ts_report *r, bool colour,
    bool legend)
{
	struct notes n = { b, colour, false };
	struct ts_buf ids;
	size_t i;

	if (legend) {
		paint(b, colour, SGR_DIM, "\n" CV_LEGEND "\n");
		n.any = true;
	}
	ts_buf_init(&ids);
	if (r->system.build_profile.debug_assertions)
		note(&n, "built with debug assertions: these numbers do not "
		    "describe an optimised build");
	if (id_list(&ids, r, workload_noisy))
		note(&n, "high run-to-run variance in %s: close other "
		    "applications and re-run", ids.data);
	buf_clear(&ids);
	if (id_list(&ids, r, workload_short))
		note(&n, "measurement windows too short in %s: raise "
		    "--window-ms", ids.data);
	for (i = 0; i < r->nworkloads; i++)
		if (r->workloads[i].excluded_from_multi_core != NULL)
			note(&n, "%s measured single-threaded only, and "
			    "excluded from the multi-core score",
			    r->workloads[i].id);
	ts_buf_free(&ids);
	design_notes(&n, r);
}

/* Append the rule under the heading and above the score. */
static void
table_rule(struct ts_buf *b, bool colour, int width)
{
	struct ts_buf t;
	int i;

	ts_buf_init(&t);
	for (i = 0; i < width; i++)
		ts_buf_puts(&t, RULE_CHAR);
	paint(b, colour, SGR_DIM, t.data);
	ts_buf_putc(b, '\n');
	ts_buf_free(&t);
}

/* The table: ours (a cv per pass, the legend) or the original's. */
static void
render_table(struct ts_buf *b, const struct ts_report *r, bool colour,
    bool original)
{
	char s[TS_SI_MAX], m[TS_SI_MAX];
	struct ts_buf t;
	size_t i;
	int width = original ? RULE_WIDTH : RULE_WIDTH_CV;

	ts_buf_init(&t);
	ts_buf_printf(&t, "ThreadStone %s" MIDDOT, r->tool_version);
	ts_describe(&t, &r->system);
	ts_buf_putc(&t, '\n');
	paint(b, colour, SGR_BOLD, t.data);

	paintf(b, colour, SGR_DIM, "%s" MIDDOT "%ju samples of %ju ms after "
	    "%ju warmup" MIDDOT "%.1fs total\n\n", r->generated_at,
	    (uintmax_t)r->config.samples, (uintmax_t)r->config.window_ms,
	    (uintmax_t)r->config.warmup, r->duration_secs);

	buf_clear(&t);
	ts_buf_pad(&t, "Workload", 20);
	ts_buf_pad(&t, "Unit", 9);
	ts_buf_rpad(&t, "1 thread", 12);
	threads_heading(s, sizeof s, r->config.threads);
	if (original) {
		ts_buf_rpad(&t, s, 12);
		ts_buf_rpad(&t, "scaling", 9);
		ts_buf_puts(&t, "  cv");
	} else {
		ts_buf_puts(&t, "  ");
		ts_buf_pad(&t, "cv", CV_WIDTH);
		ts_buf_rpad(&t, s, 12);
		ts_buf_puts(&t, "  ");
		ts_buf_pad(&t, "cv", CV_WIDTH);
		ts_buf_rpad(&t, "scaling", 8);
	}
	paint(b, colour, SGR_DIM, t.data);
	ts_buf_putc(b, '\n');
	ts_buf_free(&t);

	table_rule(b, colour, width);
	for (i = 0; i < r->nworkloads; i++)
		if (original)
			table_row(b, &r->workloads[i], colour);
		else
			table_row_cv(b, &r->workloads[i], colour);
	table_rule(b, colour, width);

	score_text(s, sizeof s, r->score.has_single_core, r->score.single_core);
	score_text(m, sizeof m, r->score.has_multi_core, r->score.multi_core);
	paint(b, colour, SGR_BOLD, "ThreadStone Score");
	ts_buf_puts(b, "  single-core ");
	paint(b, colour, SGR_BOLD, s);
	ts_buf_puts(b, "   multi-core ");
	paint(b, colour, SGR_BOLD, m);
	ts_buf_putc(b, '\n');
	render_kinds(b, r);

	table_notes(b, r, colour, !original);
}

void
ts_render_table(struct ts_buf *b, const struct ts_report *r, bool colour)
{
	render_table(b, r, colour, false);
}

void
ts_render_table_original(struct ts_buf *b, const struct ts_report *r,
    bool colour)
{
	render_table(b, r, colour, true);
}

/* A markdown cell: a pass's cv, or the dash. */
static void
md_cv(struct ts_buf *b, const struct ts_pass *p)
{
	if (p != NULL)
		ts_buf_printf(b, "%.1f%%", p->stats.cv * 100);
	else
		ts_buf_puts(b, TS_DASH);
}

/* The markdown summary: ours (a CV per pass) or the original's. */
static void
render_markdown(struct ts_buf *b, const struct ts_report *r, bool original)
{
	char single[TS_SI_MAX], multi[TS_SI_MAX], heading[64];
	size_t i;

	ts_buf_printf(b, "## ThreadStone %s\n\n**", r->tool_version);
	ts_describe(b, &r->system);
	ts_buf_puts(b, "**\n\n");
	if (r->score.has_single_core && r->score.has_multi_core)
		ts_buf_printf(b, "**Score:** %.0f single-core" MIDDOT
		    "%.0f multi-core (vs. %s)\n\n", r->score.single_core,
		    r->score.multi_core, r->score.reference != NULL ?
		    r->score.reference : TS_REFERENCE_NAME);
	threads_heading(heading, sizeof heading, r->config.threads);
	if (original) {
		ts_buf_printf(b, "| Workload | Unit | 1 thread | %s", heading);
		ts_buf_puts(b, " | Scaling | CV |\n"
		    "|---|---|---:|---:|---:|---:|\n");
	} else
		ts_buf_printf(b, "| Workload | Unit | 1 thread | CV | %s | CV "
		    "| Scaling |\n|---|---|---:|---:|---:|---:|---:|\n",
		    heading);
	for (i = 0; i < r->nworkloads; i++) {
		const struct ts_workload *w = &r->workloads[i];
		const struct ts_pass *p = noisier_pass(w);

		pass_value(single, w->single);
		pass_value(multi, w->multi);
		if (!original) {
			ts_buf_printf(b, "| %s | %s | %s | ", w->name,
			    ts_unit_label(w->unit), single);
			md_cv(b, w->single);
			ts_buf_printf(b, " | %s | ", multi);
			md_cv(b, w->multi);
			ts_buf_puts(b, " | ");
			if (w->scaling != NULL)
				ts_buf_printf(b, "%.1f" TIMES,
				    w->scaling->speedup);
			else
				ts_buf_puts(b, TS_DASH);
			ts_buf_puts(b, " |\n");
			continue;
		}
		ts_buf_printf(b, "| %s | %s | %s | %s | ", w->name,
		    ts_unit_label(w->unit), single, multi);
		if (w->scaling != NULL)
			ts_buf_printf(b, "%.1f" TIMES, w->scaling->speedup);
		else
			ts_buf_puts(b, TS_DASH);
		ts_buf_puts(b, " | ");
		if (p != NULL)
			ts_buf_printf(b, "%.1f%%", p->stats.cv * 100);
		else
			ts_buf_puts(b, TS_DASH);
		ts_buf_puts(b, " |\n");
	}
	if (!original)
		ts_buf_puts(b, "\nCV: the spread (coefficient of variation) of "
		    "each pass's samples: under 1 % stable, 3 % acceptable, "
		    "10 % noisy; unreliable beyond.\n");
	render_kinds_markdown(b, r);
	ts_buf_printf(b, "\n<sub>%s" MIDDOT "%ju samples of %ju ms" MIDDOT
	    "generated %s</sub>\n", r->system.target,
	    (uintmax_t)r->config.samples, (uintmax_t)r->config.window_ms,
	    r->generated_at);
}

void
ts_render_markdown(struct ts_buf *b, const struct ts_report *r)
{
	render_markdown(b, r, false);
}

void
ts_render_markdown_original(struct ts_buf *b, const struct ts_report *r)
{
	render_markdown(b, r, true);
}

/* The CPU-kind lines and columns (see render_kinds above). */

/* The kinds' summary line: where the passes ran. */
static void
where(struct ts_buf *b, const struct ts_report *r, const char **names,
    size_t n, const char *item)
{
	struct ts_kinds_single s;
	unsigned long long w;
	size_t i;
	bool any = false;

	ts_buf_printf(b, "%sCPU kinds: ", item);
	for (i = 0; i < n; i++)
		ts_buf_printf(b, "%s%s", i ? ", " : "", names[i]);
	ts_kinds_single(r, &s);
	if (s.kind != NULL) {
		ts_buf_printf(b, "\n%s1 thread on %s", item, s.kind);
		if (s.core >= 0 && s.cpus != NULL)
			ts_buf_printf(b, " core %lld (CPU %s)", s.core, s.cpus);
		if (!s.pinned)
			ts_buf_printf(b, ", not pinned: %s", s.reason != NULL ?
			    s.reason : "unknown reason");
	}
	for (i = 0; i < n; i++) {
		if (ts_kinds_workers(r, names[i], &w) == -1)
			continue;
		if (!any)
			ts_buf_printf(b, "\n%s%ju threads: ", item,
			    (uintmax_t)r->config.threads);
		ts_buf_printf(b, "%s%llu %s", any ? ", " : "", w, names[i]);
		any = true;
	}
	ts_buf_putc(b, '\n');
}

/* A workload's figure on a kind, or the dash. */
static const char *
cell(const struct ts_report *r, const struct ts_workload *w,
    const char *kind, char *buf)
{
	double v, ci95;

	if (ts_kinds_value(r, w->id, kind, &v, &ci95) == -1)
		return TS_DASH;
	return ts_si(v, buf);
}

/*
 * The kinds' summary lines (item before each), when there are two kinds
 * or more, their names in names; how many when a table of the figures on
 * each follows, else 0.
 */
static size_t
kinds_where(struct ts_buf *b, const struct ts_report *r, const char **names,
    const char *item)
{
	size_t n = ts_kinds_names(r, names, TS_KINDS_MAX);

	if (n < 2)
		return 0;
	ts_buf_putc(b, '\n');
	where(b, r, names, n, item);
	return ts_kinds_has_per_kind(r) ? n : 0;
}

static void
render_kinds(struct ts_buf *b, const struct ts_report *r)
{
	const char *names[TS_KINDS_MAX];
	char buf[TS_SI_MAX];
	size_t n, i, k, width;

	if ((n = kinds_where(b, r, names, "")) == 0)
		return;
	ts_buf_putc(b, '\n');
	ts_buf_pad(b, "1 thread per kind", 20);
	ts_buf_pad(b, "Unit", 9);
	for (k = 0; k < n; k++) {
		width = ts_text_width(names[k]) + 2;
		ts_buf_rpad(b, names[k], width < 12 ? 12 : width);
	}
	ts_buf_putc(b, '\n');
	for (i = 0; i < r->nworkloads; i++) {
		ts_buf_pad(b, r->workloads[i].name, 20);
		ts_buf_pad(b, ts_unit_label(r->workloads[i].unit), 9);
		for (k = 0; k < n; k++) {
			width = ts_text_width(names[k]) + 2;
			ts_buf_rpad(b, cell(r, &r->workloads[i], names[k], buf),
			    width < 12 ? 12 : width);
		}
		ts_buf_putc(b, '\n');
	}
}

static void
render_kinds_markdown(struct ts_buf *b, const struct ts_report *r)
{
	const char *names[TS_KINDS_MAX];
	char buf[TS_SI_MAX];
	size_t n, i, k;

	if ((n = kinds_where(b, r, names, "- ")) == 0)
		return;
	ts_buf_puts(b, "\n| Workload | Unit |");
	for (k = 0; k < n; k++)
		ts_buf_printf(b, " 1 thread, %s |", names[k]);
	ts_buf_puts(b, "\n|---|---|");
	for (k = 0; k < n; k++)
		ts_buf_puts(b, "---:|");
	ts_buf_putc(b, '\n');
	for (i = 0; i < r->nworkloads; i++) {
		ts_buf_printf(b, "| %s | %s |", r->workloads[i].name,
		    ts_unit_label(r->workloads[i].unit));
		for (k = 0; k < n; k++)
			ts_buf_printf(b, " %s |", cell(r, &r->workloads[i],
			    names[k], buf));
		ts_buf_putc(b, '\n');
	}
}
