/* SPDX-License-Identifier: MIT */
/* The loaded-latency run as a table, a JSON object and an SVG picture. */
#include <config.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "size.h"
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

void
ts_loaded_table(struct ts_buf *b, const struct ts_loaded_report *r)
{
	char sz[32], pg[32], ld[32];
	size_t i, k;
	unsigned a, m;

	size_text(r->chase_bytes, sz, sizeof sz);
	size_text(r->chase_page_bytes, pg, sizeof pg);
	if (!(r->idle.seconds > 0))
		goto numa;	/* --numa alone */
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
	if (r->ncurves > 0) {
		ts_buf_printf(b, "\n%-6s %10s %12s %12s %12s\n", "mix",
		    "delay", "bandwidth", "random", "page-local");
		for (k = 0; k < r->ncurves; k++) {
			const struct ts_loaded_curve *c = &r->curve[k];

			for (i = c->n; i-- > 0;) {
				const struct ts_loaded_point *p =
				    &c->points[i];

				ts_buf_printf(b, "%-6s %10" PRIu64
				    " %7.2f GB/s %9.1f ns %9.1f ns\n",
				    ts_mix_name(c->mix), p->delay,
				    p->bandwidth / GB, p->random_ns,
				    p->local_ns);
			}
			ts_buf_printf(b, "%-6s peak %.2f GB/s: page-local "
			    "latency %.2fx idle there\n", ts_mix_name(c->mix),
			    ts_loaded_peak(c) / GB, c->n > 0 &&
			    r->idle.local_ns > 0 ? c->points[0].local_ns /
			    r->idle.local_ns : 0);
		}
	}
numa:
	if (r->nnodes > 0) {
		if (!(r->idle.seconds > 0) && r->binding[0] != '\0')
			ts_buf_printf(b, "Binding: %s\n", r->binding);
		ts_buf_printf(b, "%sNUMA: %u node%s%s, chase of %s\n",
		    r->idle.seconds > 0 ? "\n" : "", r->nnodes,
		    r->nnodes == 1 ? "" : "s", r->nnodes == 1 ?
		    " (one node: nothing to compare across)" : "", sz);
		for (m = 0; m < 2; m++) {
			ts_buf_printf(b, "%s, cores' node (rows) to memory's "
			    "node (columns):\n", m == 0 ?
			    "Page-local latency in ns" : "Read bandwidth in "
			    "GB/s");
			ts_buf_printf(b, "%8s", "");
			for (a = 0; a < r->nnodes; a++)
				ts_buf_printf(b, " %9s%-3u", "node ",
				    r->node_os[a]);
			ts_buf_puts(b, "\n");
			for (a = 0; a < r->nnodes; a++) {
				unsigned c;

				ts_buf_printf(b, "node %-3u", r->node_os[a]);
				for (c = 0; c < r->nnodes; c++) {
					double v = m == 0 ?
					    r->numa_latency_ns[a * r->nnodes +
					    c] : r->numa_bandwidth[a *
					    r->nnodes + c] / GB;

					if (isnan(v))
						ts_buf_printf(b, " %12s",
						    "-");
					else
						ts_buf_printf(b, " %12.*f",
						    m == 0 ? 1 : 2, v);
				}
				ts_buf_puts(b, "\n");
			}
		}
	}
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

/* The picture's frame: pixels and the data range it shows. */
#define W	760.0
#define H	480.0
#define LEFT	70.0
#define RIGHT	20.0
#define TOP	50.0
#define BOTTOM	60.0

static const char *const mix_colour[TS_MIX_COUNT] = {
	"#1f77b4", "#d62728", "#2ca02c"
};

struct frame {
	double	xmax;	/* GB/s */
	double	ymax;	/* ns */
};

static double
fx(const struct frame *f, double gbs)
{
	return LEFT + gbs / f->xmax * (W - LEFT - RIGHT);
}

static double
fy(const struct frame *f, double ns)
{
	return H - BOTTOM - ns / f->ymax * (H - TOP - BOTTOM);
}

/* A round step giving 4 to 10 ticks up to max. */
static double
tick_step(double max)
{
	double s = pow(10, floor(log10(max)));

	while (max / s < 4)
		s /= 2;
	while (max / s > 10)
		s *= 2;
	return s;
}

static void
axes(struct ts_buf *b, const struct frame *f)
{
	double s, v;

	ts_buf_printf(b, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"none\" stroke=\"#444\"/>\n", LEFT, TOP,
	    W - LEFT - RIGHT, H - TOP - BOTTOM);
	s = tick_step(f->xmax);
	for (v = 0; v <= f->xmax + 1e-9; v += s)
		ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#ddd\"/>\n<text x=\"%.1f\" "
		    "y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\">%g"
		    "</text>\n", fx(f, v), TOP, fx(f, v), H - BOTTOM,
		    fx(f, v), H - BOTTOM + 16, v);
	s = tick_step(f->ymax);
	for (v = 0; v <= f->ymax + 1e-9; v += s)
		ts_buf_printf(b, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		    "y2=\"%.1f\" stroke=\"#ddd\"/>\n<text x=\"%.1f\" "
		    "y=\"%.1f\" font-size=\"11\" text-anchor=\"end\">%g"
		    "</text>\n", LEFT, fy(f, v), W - RIGHT, fy(f, v),
		    LEFT - 6, fy(f, v) + 4, v);
	ts_buf_printf(b, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"13\" "
	    "text-anchor=\"middle\">bandwidth of the load (GB/s)</text>\n",
	    (LEFT + W - RIGHT) / 2, H - 18);
	ts_buf_printf(b, "<text transform=\"translate(18 %.1f) rotate(-90)\" "
	    "font-size=\"13\" text-anchor=\"middle\">latency of a dependent "
	    "load (ns)</text>\n", (TOP + H - BOTTOM) / 2);
}

static void
curve(struct ts_buf *b, const struct frame *f, const struct ts_loaded_curve *c,
    bool local)
{
	size_t i;

	ts_buf_printf(b, "<polyline class=\"%s %s\" fill=\"none\" "
	    "stroke=\"%s\" stroke-width=\"%s\"%s points=\"",
	    local ? "page-local" : "random", ts_mix_name(c->mix),
	    mix_colour[c->mix], local ? "2" : "1.2",
	    local ? "" : " stroke-dasharray=\"5 3\"");
	for (i = 0; i < c->n; i++)
		ts_buf_printf(b, "%s%.1f,%.1f", i ? " " : "",
		    fx(f, c->points[i].bandwidth / GB),
		    fy(f, local ? c->points[i].local_ns :
		    c->points[i].random_ns));
	ts_buf_puts(b, "\"/>\n");
	if (!local)
		return;
	for (i = 0; i < c->n; i++)
		ts_buf_printf(b, "<circle class=\"point %s\" cx=\"%.1f\" "
		    "cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>%s, delay %"
		    PRIu64 ": %.2f GB/s, %.1f ns page-local, %.1f ns random"
		    "</title></circle>\n", ts_mix_name(c->mix),
		    fx(f, c->points[i].bandwidth / GB),
		    fy(f, c->points[i].local_ns), mix_colour[c->mix],
		    ts_mix_name(c->mix), c->points[i].delay,
		    c->points[i].bandwidth / GB, c->points[i].local_ns,
		    c->points[i].random_ns);
}

void
ts_loaded_svg(struct ts_buf *b, const struct ts_loaded_report *r)
{
	struct frame f = { 1, 1 };
	double peak = 0, p;
	size_t i, k;
	char sz[32];

	for (k = 0; k < r->ncurves; k++) {
		const struct ts_loaded_curve *c = &r->curve[k];

		if ((p = ts_loaded_peak(c)) > peak)
			peak = p;
		for (i = 0; i < c->n; i++) {
			if (c->points[i].random_ns > f.ymax)
				f.ymax = c->points[i].random_ns;
			if (c->points[i].local_ns > f.ymax)
				f.ymax = c->points[i].local_ns;
		}
	}
	if (r->idle.random_ns > f.ymax)
		f.ymax = r->idle.random_ns;
	f.ymax *= 1.1;
	f.xmax = peak > 0 ? peak / GB * 1.08 : 1;
	size_text(r->chase_bytes, sz, sizeof sz);
	ts_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
	    "height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
	    "font-family=\"sans-serif\">\n<rect width=\"100%%\" "
	    "height=\"100%%\" fill=\"white\"/>\n", W, H, W, H);
	ts_buf_printf(b, "<text x=\"%.1f\" y=\"22\" font-size=\"15\" "
	    "font-weight=\"bold\">Latency under load</text>\n<text x=\"%.1f\" "
	    "y=\"40\" font-size=\"11\" fill=\"#555\">chase of %s on core %u, "
	    "%u load thread%s; solid: page-local chase, dashed: random chase"
	    "</text>\n", LEFT, LEFT, sz, r->latency_core, r->load_threads,
	    r->load_threads == 1 ? "" : "s");
	axes(b, &f);
	ts_buf_printf(b, "<line class=\"idle\" x1=\"%.1f\" y1=\"%.1f\" "
	    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#777\" stroke-dasharray=\"2 3\""
	    "/>\n<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" fill=\"#555\">"
	    "idle %.1f ns (page-local)</text>\n", LEFT, fy(&f,
	    r->idle.local_ns), W - RIGHT, fy(&f, r->idle.local_ns),
	    LEFT + 6, fy(&f, r->idle.local_ns) - 5, r->idle.local_ns);
	if (peak > 0)
		ts_buf_printf(b, "<line class=\"peak\" x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\" stroke=\"#777\" "
		    "stroke-dasharray=\"2 3\"/>\n<text x=\"%.1f\" y=\"%.1f\" "
		    "font-size=\"11\" fill=\"#555\" text-anchor=\"end\">peak "
		    "%.2f GB/s</text>\n", fx(&f, peak / GB), TOP, fx(&f,
		    peak / GB), H - BOTTOM, fx(&f, peak / GB) - 4, TOP + 14,
		    peak / GB);
	for (k = 0; k < r->ncurves; k++) {
		curve(b, &f, &r->curve[k], false);
		curve(b, &f, &r->curve[k], true);
		ts_buf_printf(b, "<text class=\"legend\" x=\"%.1f\" y=\"%.1f\" "
		    "font-size=\"12\" fill=\"%s\">%s</text>\n", LEFT + 10,
		    TOP + 20 + 16 * (double)k, mix_colour[r->curve[k].mix],
		    ts_mix_name(r->curve[k].mix));
	}
	ts_buf_puts(b, "</svg>\n");
}
