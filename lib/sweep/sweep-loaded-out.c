/* SPDX-License-Identifier: MIT */
/* The loaded-latency run as a table, a JSON object and an SVG picture. */
#include <config.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "size.h"
#include "svg.h"
#include "sweep/sweep-loaded-out.h"

#define GB	1e9

double
ts_loaded_peak(const struct ts_loaded_curve *c)
{
	double best = 0;
	size_t i;

	for (i = 0; i < c->n; i++)
		if (c->points[i].bandwidth > best)
			best = c->points[i].bandwidth;
	return best;
}

static void
size_text(uint64_t bytes, char *out, size_t len)
{
	ts_size_format((double)bytes, TS_SIZE_WHOLE, out, len);
}

/* The curves' part of the table: the setting, the idle point, the mixes. */
static void
curves_table(struct ts_buf *b, const struct ts_loaded_report *r,
    const char *sz, const char *pg)
{
	char ld[32];
	char warn[2 * TS_MIX_COUNT][TS_LOADED_WARNING_MAX];
	size_t i, k, nw;

	ts_buf_printf(b, "Latency under load: chase of %s (pages of %s) "
	    "on core %u", sz, pg, r->latency_core);
	if (r->load_threads > 0) {
		size_text(r->load_bytes, ld, sizeof ld);
		ts_buf_printf(b, ", %u load thread%s of %s each",
		    r->load_threads, r->load_threads == 1 ? "" : "s", ld);
	}
	ts_buf_puts(b, "\n");
	if (r->binding[0] != '\0')
		ts_buf_printf(b, "Binding: %s\n", r->binding);
	ts_buf_printf(b, "Idle: random chase %.1f ns, page-local chase "
	    "%.1f ns\n", r->idle.random_ns, r->idle.local_ns);
	if (r->readings > 1)
		ts_buf_printf(b, "Each point the median of %u readings taken "
		    "in turn\n", r->readings);
	if (r->note[0] != '\0')
		ts_buf_printf(b, "%s\n", r->note);
	if (r->ncurves == 0)
		return;
	ts_buf_printf(b, "\n%-6s %10s %12s %12s %12s\n", "mix", "delay",
	    "bandwidth", "random", "page-local");
	for (k = 0; k < r->ncurves; k++) {
		const struct ts_loaded_curve *c = &r->curve[k];

		for (i = c->n; i-- > 0;) {
			const struct ts_loaded_point *p = &c->points[i];

			ts_buf_printf(b, "%-6s %10" PRIu64 " %7.2f GB/s %9.1f "
			    "ns %9.1f ns\n", ts_mix_name(c->mix), p->delay,
			    p->bandwidth / GB, p->random_ns, p->local_ns);
		}
		ts_buf_printf(b, "%-6s peak %.2f GB/s: page-local latency "
		    "%.2fx idle there\n", ts_mix_name(c->mix),
		    ts_loaded_peak(c) / GB, c->n > 0 && r->idle.local_ns > 0 ?
		    c->points[0].local_ns / r->idle.local_ns : 0);
	}
	nw = ts_loaded_warnings(r, warn, sizeof warn / sizeof warn[0]);
	for (i = 0; i < nw; i++)
		ts_buf_printf(b, "warning: %s\n", warn[i]);
}

/* The NUMA matrices: latency (m 0) or bandwidth (m 1), node by node. */
static void
numa_matrix(struct ts_buf *b, const struct ts_loaded_report *r, unsigned m)
{
	const double *x = m == 0 ? r->numa_latency_ns : r->numa_bandwidth;
	unsigned a, c;
	double v;

	ts_buf_printf(b, "%s, cores' node (rows) to memory's node "
	    "(columns):\n", m == 0 ? "Page-local latency in ns" :
	    "Read bandwidth in GB/s");
	ts_buf_printf(b, "%8s", "");
	for (a = 0; a < r->nnodes; a++)
		ts_buf_printf(b, " %9s%-3u", "node ", r->node_os[a]);
	ts_buf_puts(b, "\n");
	for (a = 0; a < r->nnodes; a++) {
		ts_buf_printf(b, "node %-3u", r->node_os[a]);
		for (c = 0; c < r->nnodes; c++) {
			v = x[a * r->nnodes + c] / (m == 0 ? 1 : GB);
			if (isnan(v))
				ts_buf_printf(b, " %12s", "-");
			else
				ts_buf_printf(b, " %12.*f", m == 0 ? 1 : 2, v);
		}
		ts_buf_puts(b, "\n");
	}
}

void
ts_loaded_table(struct ts_buf *b, const struct ts_loaded_report *r)
{
	char sz[32], pg[32];

	size_text(r->chase_bytes, sz, sizeof sz);
	size_text(r->chase_page_bytes, pg, sizeof pg);
	/* No idle point: --numa alone. */
	if (r->idle.seconds > 0)
		curves_table(b, r, sz, pg);
	if (r->nnodes == 0)
		return;
	if (!(r->idle.seconds > 0) && r->binding[0] != '\0')
		ts_buf_printf(b, "Binding: %s\n", r->binding);
	ts_buf_printf(b, "%sNUMA: %u node%s%s, chase of %s\n",
	    r->idle.seconds > 0 ? "\n" : "", r->nnodes,
	    r->nnodes == 1 ? "" : "s", r->nnodes == 1 ?
	    " (one node: nothing to compare across)" : "", sz);
	numa_matrix(b, r, 0);
	numa_matrix(b, r, 1);
}

/* A JSON number, or null for a value not measured. */
static void
num(struct ts_buf *b, double v, int prec)
{
	if (isnan(v) || isinf(v))
		ts_buf_puts(b, "null");
	else
		ts_buf_printf(b, "%.*f", prec, v);
}

static void
point_json(struct ts_buf *b, const struct ts_loaded_point *p, bool load,
    const char *indent)
{
	ts_buf_printf(b, "{\n%s  ", indent);
	if (load) {
		ts_buf_printf(b, "\"delay\": %" PRIu64 ",\n%s  "
		    "\"bandwidth_gbs\": ", p->delay, indent);
		num(b, p->bandwidth / GB, 4);
		ts_buf_printf(b, ",\n%s  \"bandwidth_range_gbs\": [", indent);
		num(b, (p->bw_hi > 0 ? p->bw_lo : p->bandwidth) / GB, 4);
		ts_buf_puts(b, ", ");
		num(b, (p->bw_hi > 0 ? p->bw_hi : p->bandwidth) / GB, 4);
		ts_buf_printf(b, "],\n%s  ", indent);
	}
	ts_buf_puts(b, "\"random_ns\": ");
	num(b, p->random_ns, 3);
	ts_buf_printf(b, ",\n%s  \"page_local_ns\": ", indent);
	num(b, p->local_ns, 3);
	ts_buf_printf(b, ",\n%s  \"seconds\": ", indent);
	num(b, p->seconds, 4);
	ts_buf_printf(b, "\n%s}", indent);
}

static void
matrix_json(struct ts_buf *b, const double *v, unsigned n, double scale,
    int prec)
{
	unsigned i, j;

	ts_buf_puts(b, "[");
	for (i = 0; i < n; i++) {
		ts_buf_puts(b, i ? ", [" : "[");
		for (j = 0; j < n; j++) {
			if (j)
				ts_buf_puts(b, ", ");
			num(b, v[i * n + j] / scale, prec);
		}
		ts_buf_puts(b, "]");
	}
	ts_buf_puts(b, "]");
}

/* ,"warnings": [...]: ts_loaded_warnings, as strings. */
static void
json_warnings(struct ts_buf *b, const struct ts_loaded_report *r)
{
	char warn[2 * TS_MIX_COUNT][TS_LOADED_WARNING_MAX];
	size_t i, n = ts_loaded_warnings(r, warn, sizeof warn /
	    sizeof warn[0]);

	ts_buf_puts(b, ",\n  \"warnings\": [");
	for (i = 0; i < n; i++) {
		ts_buf_puts(b, i ? ",\n    " : "\n    ");
		ts_buf_json_string(b, warn[i]);
	}
	ts_buf_puts(b, n ? "\n  ]" : "]");
}

void
ts_loaded_json(struct ts_buf *b, const struct ts_loaded_report *r)
{
	size_t i, k;
	unsigned a;

	ts_buf_printf(b, "{\n  \"mode\": \"loaded\",\n  \"chase_bytes\": %"
	    PRIu64 ",\n  \"chase_page_bytes\": %" PRIu64 ",\n  "
	    "\"latency_core\": %u,\n  \"load_threads\": %u,\n  "
	    "\"load_bytes_per_thread\": %" PRIu64 ",\n  \"bound\": %s,\n  "
	    "\"binding\": ", r->chase_bytes, r->chase_page_bytes,
	    r->latency_core, r->load_threads, r->load_bytes,
	    r->bound ? "true" : "false");
	if (r->binding[0] != '\0') {
		ts_buf_json_string(b, r->binding);
	} else {
		ts_buf_puts(b, "null");
	}
	ts_buf_puts(b, ",\n  \"note\": ");
	if (r->note[0] != '\0')
		ts_buf_json_string(b, r->note);
	else
		ts_buf_puts(b, "null");
	ts_buf_puts(b, ",\n  \"window_s\": ");
	num(b, r->window_s, 4);
	ts_buf_printf(b, ",\n  \"readings\": %u", r->readings);
	ts_buf_puts(b, ",\n  \"idle\": ");
	if (r->idle.seconds > 0)
		point_json(b, &r->idle, false, "  ");
	else
		ts_buf_puts(b, "null");
	ts_buf_puts(b, ",\n  \"curves\": [");
	for (k = 0; k < r->ncurves; k++) {
		const struct ts_loaded_curve *c = &r->curve[k];

		ts_buf_printf(b, "%s\n    {\n      \"mix\": \"%s\",\n      "
		    "\"bytes_per_element\": %u,\n      \"peak_gbs\": ",
		    k ? "," : "", ts_mix_name(c->mix), ts_mix_bytes(c->mix));
		num(b, ts_loaded_peak(c) / GB, 4);
		ts_buf_printf(b, ",\n      \"monotone\": %s,\n      "
		    "\"points\": [", ts_loaded_monotone(c->points, c->n, 0.05,
		    NULL) ? "true" : "false");
		for (i = 0; i < c->n; i++) {
			ts_buf_puts(b, i ? ",\n        " : "\n        ");
			point_json(b, &c->points[i], true, "        ");
		}
		ts_buf_puts(b, c->n ? "\n      ]\n    }" : "]\n    }");
	}
	ts_buf_puts(b, r->ncurves ? "\n  ]" : "]");
	json_warnings(b, r);
	if (r->nnodes > 0) {
		ts_buf_puts(b, ",\n  \"numa\": {\n    \"nodes\": [");
		for (a = 0; a < r->nnodes; a++)
			ts_buf_printf(b, "%s%u", a ? ", " : "", r->node_os[a]);
		ts_buf_puts(b, "],\n    \"latency_ns\": ");
		matrix_json(b, r->numa_latency_ns, r->nnodes, 1, 3);
		ts_buf_puts(b, ",\n    \"random_ns\": ");
		matrix_json(b, r->numa_random_ns, r->nnodes, 1, 3);
		ts_buf_puts(b, ",\n    \"bandwidth_gbs\": ");
		matrix_json(b, r->numa_bandwidth, r->nnodes, GB, 4);
		ts_buf_puts(b, "\n  }");
	}
	ts_buf_puts(b, "\n}\n");
}

/* The picture's frame: pixels, and the data range it shows. */
#define W	860.0
#define H	540.0
#define LEFT	76.0
#define RIGHT	(W - 210.0)	/* the legend to the right of the frame */
#define TOP	62.0
#define BOTTOM	(H - 130.0)	/* the notes under the axis title */
#define GRID_COLOUR	"#e4e4e4"

static const char *const mix_colour[TS_MIX_COUNT] = {
	"#1f77b4", "#d62728", "#2ca02c"
};

struct frame {
	double	xmax, xstep;	/* GB/s */
	double	ymax, ystep;	/* ns */
};

static double
fx(const struct frame *f, double gbs)
{
	return LEFT + gbs / f->xmax * (RIGHT - LEFT);
}

static double
fy(const struct frame *f, double ns)
{
	return BOTTOM - ns / f->ymax * (BOTTOM - TOP);
}

/* An axis from 0 to a round value at or above max, in 1-2-5 steps. */
static void
round_axis(double max, double *top, double *step)
{
	if (!(max > 0))
		max = 1;
	*step = ts_svg_step(max, 8);
	*top = ceil(max / *step - 1e-9) * *step;
	if (*top - max < *top * 0.03)
		*top += *step;
}

/* Append a tick's label: v with the decimals its step needs. */
static void
tick_text(struct ts_buf *b, double v, double step)
{
	int d = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);

	ts_buf_printf(b, "%.*f", d, v);
}

/*
 * A grid line from (x1, y1) to (x2, y2) and its tick's label v at
 * (tx, ty), anchored there.
 */
static void
grid_line(struct ts_buf *b, double x1, double y1, double x2, double y2,
    double tx, double ty, const char *anchor, double v, double step)
{
	ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
	    "y2=\"%.1f\" stroke=\"" GRID_COLOUR "\"/>\n<text x=\"%.1f\" "
	    "y=\"%.1f\" font-size=\"12\" text-anchor=\"%s\">", x1, y1, x2, y2,
	    tx, ty, anchor);
	tick_text(b, v, step);
	ts_buf_puts(b, "</text>\n");
}

static void
axes(struct ts_buf *b, const struct frame *f)
{
	double v;
	int i, n;

	ts_buf_puts(b, "<g class=\"axes\" fill=\"#333\">\n");
	n = (int)floor(f->xmax / f->xstep + 0.5);
	for (i = 0; i <= n; i++) {
		v = f->xstep * i;
		grid_line(b, fx(f, v), TOP, fx(f, v), BOTTOM, fx(f, v),
		    BOTTOM + 18, "middle", v, f->xstep);
	}
	n = (int)floor(f->ymax / f->ystep + 0.5);
	for (i = 0; i <= n; i++) {
		v = f->ystep * i;
		grid_line(b, LEFT, fy(f, v), RIGHT, fy(f, v), LEFT - 8,
		    fy(f, v) + 4, "end", v, f->ystep);
	}
	ts_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"none\" stroke=\"#333\"/>\n", LEFT, TOP,
	    RIGHT - LEFT, BOTTOM - TOP);
	ts_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"12\" "
	    "text-anchor=\"middle\">bandwidth the load moved (GB/s)</text>\n",
	    (LEFT + RIGHT) / 2, BOTTOM + 40);
	ts_buf_printf(b, "<text x=\"20\" y=\"%.1f\" font-size=\"12\" "
	    "text-anchor=\"middle\" transform=\"rotate(-90 20 %.1f)\">latency "
	    "of a dependent load (ns)</text>\n</g>\n", (TOP + BOTTOM) / 2,
	    (TOP + BOTTOM) / 2);
}

/* The order of a curve's points by bandwidth, ascending, into idx. */
static void
by_bandwidth(const struct ts_loaded_curve *c, size_t *idx)
{
	size_t i, j, t;

	for (i = 0; i < c->n; i++)
		idx[i] = i;
	for (i = 1; i < c->n; i++)
		for (j = i; j > 0 && c->points[idx[j]].bandwidth <
		    c->points[idx[j - 1]].bandwidth; j--) {
			t = idx[j];
			idx[j] = idx[j - 1];
			idx[j - 1] = t;
		}
}

/*
 * One chase order of a curve.  Its points are joined, in order of
 * bandwidth, only when the bandwidth fell steadily as the delay grew
 * (the curve is then traced from idle to peak); otherwise they are
 * marks alone, which cannot double back across the plot.
 */
static void
curve(struct ts_buf *b, const struct frame *f, const struct ts_loaded_curve *c,
    bool local, bool join)
{
	size_t idx[TS_LOADED_MAX_DELAYS], i;
	const struct ts_loaded_point *p;
	double x, y;

	by_bandwidth(c, idx);
	if (join) {
		ts_buf_printf(b, "<polyline class=\"%s %s\" fill=\"none\" "
		    "stroke=\"%s\" stroke-width=\"%s\"%s points=\"",
		    local ? "page-local" : "random", ts_mix_name(c->mix),
		    mix_colour[c->mix], local ? "2" : "1.2",
		    local ? "" : " stroke-dasharray=\"5 3\"");
		for (i = 0; i < c->n; i++) {
			p = &c->points[idx[i]];
			ts_buf_printf(b, "%s%.1f,%.1f", i ? " " : "",
			    fx(f, p->bandwidth / GB), fy(f, local ? p->local_ns :
			    p->random_ns));
		}
		ts_buf_puts(b, "\"/>\n");
	}
	for (i = 0; i < c->n; i++) {
		p = &c->points[idx[i]];
		x = fx(f, p->bandwidth / GB);
		y = fy(f, local ? p->local_ns : p->random_ns);
		if (!local) {
			/* The random chase: small open marks when not joined. */
			if (!join)
				ts_buf_printf(b, "<circle class=\"random-point "
				    "%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" "
				    "fill=\"none\" stroke=\"%s\"/>\n",
				    ts_mix_name(c->mix), x, y,
				    mix_colour[c->mix]);
			continue;
		}
		ts_buf_printf(b, "<circle class=\"point %s\" cx=\"%.1f\" "
		    "cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s, delay %"
		    PRIu64 ": %.2f GB/s, %.1f ns page-local, %.1f ns random"
		    "</title></circle>\n", ts_mix_name(c->mix), x, y,
		    mix_colour[c->mix], ts_mix_name(c->mix), p->delay,
		    p->bandwidth / GB, p->local_ns, p->random_ns);
	}
}

bool
ts_loaded_joined(const struct ts_loaded_curve *c)
{
	return ts_loaded_monotone(c->points, c->n, 0.05, NULL);
}

size_t
ts_loaded_warnings(const struct ts_loaded_report *r,
    char out[][TS_LOADED_WARNING_MAX], size_t max)
{
	size_t k, i, n = 0, rises;
	double lo, hi;

	for (k = 0; k < r->ncurves && n < max; k++) {
		const struct ts_loaded_curve *c = &r->curve[k];
		const char *mix = ts_mix_name(c->mix);

		if (c->n < 2)
			continue;
		lo = INFINITY;
		hi = 0;
		for (i = 0; i < c->n; i++) {
			lo = fmin(lo, c->points[i].bandwidth);
			hi = fmax(hi, c->points[i].bandwidth);
		}
		/* A load starved to less than the chase's own traffic (a
		 * line per random load) rose from nothing yet loaded
		 * nothing. */
		if (!(hi >= TS_LOADED_RISE * lo) ||
		    (r->idle.random_ns > 0 && !(hi >= TS_LOADED_RISE * 64e9 /
		    r->idle.random_ns)))
			snprintf(out[n++], TS_LOADED_WARNING_MAX, "%s: the load "
			    "did not load memory: its bandwidth stayed between "
			    "%.2f and %.2f GB/s as the delay fell (less than "
			    "%gx), so the curve says little of latency under "
			    "load", mix, lo / GB, hi / GB, TS_LOADED_RISE);
		if (n < max && !ts_loaded_monotone(c->points, c->n, 0.05,
		    &rises))
			snprintf(out[n++], TS_LOADED_WARNING_MAX, "%s: the "
			    "bandwidth did not fall steadily as the delay grew "
			    "(%zu step%s rose by more than 5 %% and past the "
			    "readings' spread): the host was noisy; the points "
			    "are not joined", mix, rises,
			    rises == 1 ? "" : "s");
	}
	return n;
}

/* The most characters of a note's line (12 px text across the picture). */
#define NOTE_CHARS	110

/*
 * A warning under the plot, in red, cut at spaces into lines that fit
 * the picture; the baseline of the next one.  With b NULL, nothing is
 * written: the baseline alone, to size the picture to its notes.
 */
static double
note(struct ts_buf *b, const char *s, double y)
{
	char piece[NOTE_CHARS + 1];
	size_t len, cut;

	while (*s != '\0') {
		len = strlen(s);
		cut = len;
		if (len > NOTE_CHARS) {
			for (cut = NOTE_CHARS; cut > 0 && s[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = NOTE_CHARS;
		}
		memcpy(piece, s, cut);
		piece[cut] = '\0';
		if (b != NULL) {
			ts_buf_printf(b, "<text class=\"note\" x=\"20.0\" "
			    "y=\"%.1f\" font-size=\"12\" fill=\"#b00020\">", y);
			ts_svg_escape(b, piece);
			ts_buf_puts(b, "</text>\n");
		}
		y += 16;
		s += cut;
		while (*s == ' ')
			s++;
	}
	return y + 4;
}

/* The legend, right of the frame: mixes, line styles, idle and peak. */
static void
legend(struct ts_buf *b, const struct ts_loaded_report *r, double peak)
{
	double x = RIGHT + 16, y = TOP + 6;
	size_t k;

	ts_buf_puts(b, "<g class=\"legend\" font-size=\"12\">\n");
	for (k = 0; k < r->ncurves; k++, y += 18)
		ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>\n<text "
		    "class=\"legend\" x=\"%.1f\" y=\"%.1f\" fill=\"%s\">%s"
		    "</text>\n", x, y, x + 24, y, mix_colour[r->curve[k].mix],
		    x + 30, y + 4, mix_colour[r->curve[k].mix],
		    ts_mix_name(r->curve[k].mix));
	y += 8;
	/* Each style's sample with its mark: filled on the page-local
	 * chase, open on the random one (the marks alone when not joined). */
	ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
	    "stroke=\"#333\" stroke-width=\"2\"/>\n<circle class=\"legend-"
	    "mark\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#333\"/>\n"
	    "<text x=\"%.1f\" y=\"%.1f\">page-local chase</text>\n", x, y,
	    x + 24, y, x + 12, y, x + 30, y + 4);
	y += 18;
	ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
	    "stroke=\"#333\" stroke-width=\"1.2\" stroke-dasharray=\"5 3\"/>\n"
	    "<circle class=\"legend-mark\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" "
	    "fill=\"white\" stroke=\"#333\"/>\n"
	    "<text x=\"%.1f\" y=\"%.1f\">random chase</text>\n", x, y, x + 24,
	    y, x + 12, y, x + 30, y + 4);
	y += 18;
	ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
	    "stroke=\"#777\" stroke-dasharray=\"2 3\"/>\n<text class=\"idle-"
	    "label\" x=\"%.1f\" y=\"%.1f\">idle: %.1f ns page-local</text>\n",
	    x, y, x + 24, y, x + 30, y + 4, r->idle.local_ns);
	if (peak > 0) {
		y += 18;
		ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#777\" stroke-dasharray=\"2 3\"/>\n"
		    "<text x=\"%.1f\" y=\"%.1f\">peak %.2f GB/s</text>\n",
		    x + 12, y - 7, x + 12, y + 7, x + 30, y + 4, peak / GB);
	}
	ts_buf_puts(b, "</g>\n");
}

void
ts_loaded_svg(struct ts_buf *b, const struct ts_loaded_report *r)
{
	char warn[2 * TS_MIX_COUNT][TS_LOADED_WARNING_MAX], sz[32];
	struct frame f;
	double peak = 0, p, ymax = 0, y;
	size_t i, k, nw;

	for (k = 0; k < r->ncurves; k++) {
		const struct ts_loaded_curve *c = &r->curve[k];

		if ((p = ts_loaded_peak(c)) > peak)
			peak = p;
		for (i = 0; i < c->n; i++) {
			ymax = fmax(ymax, c->points[i].random_ns);
			ymax = fmax(ymax, c->points[i].local_ns);
		}
	}
	ymax = fmax(ymax, r->idle.random_ns);
	ymax = fmax(ymax, r->idle.local_ns);
	round_axis(peak > 0 ? peak / GB : 1, &f.xmax, &f.xstep);
	round_axis(ymax, &f.ymax, &f.ystep);
	size_text(r->chase_bytes, sz, sizeof sz);
	/* The picture grows to hold every warning under the plot. */
	nw = ts_loaded_warnings(r, warn, sizeof warn / sizeof warn[0]);
	for (i = 0, y = BOTTOM + 66; i < nw; i++)
		y = note(NULL, warn[i], y);
	ts_svg_begin(b, W, y + 8);	/* no blank band without notes */
	ts_buf_printf(b, "<text x=\"%.1f\" y=\"28\" font-size=\"17\" "
	    "font-weight=\"bold\">Latency under load</text>\n<text x=\"%.1f\" "
	    "y=\"48\" font-size=\"13\" fill=\"#555\">chase of %s on core %u, "
	    "%u load thread%s; each point a delay, ordered by the bandwidth "
	    "it moved</text>\n", LEFT, LEFT, sz, r->latency_core,
	    r->load_threads, r->load_threads == 1 ? "" : "s");
	axes(b, &f);
	ts_buf_printf(b, "<line class=\"idle\" x1=\"%.1f\" y1=\"%.1f\" "
	    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#777\" stroke-dasharray=\"2 3\""
	    "/>\n", LEFT, fy(&f, r->idle.local_ns), RIGHT,
	    fy(&f, r->idle.local_ns));
	if (peak > 0)
		ts_buf_printf(b, "<line class=\"peak\" x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#777\" "
		    "stroke-dasharray=\"2 3\"/>\n", fx(&f, peak / GB), TOP,
		    fx(&f, peak / GB), BOTTOM);
	for (k = 0; k < r->ncurves; k++) {
		bool join = ts_loaded_joined(&r->curve[k]);

		curve(b, &f, &r->curve[k], false, join);
		curve(b, &f, &r->curve[k], true, join);
	}
	legend(b, r, peak);
	for (i = 0, y = BOTTOM + 66; i < nw; i++)
		y = note(b, warn[i], y);
	ts_buf_puts(b, "</svg>\n");
}
