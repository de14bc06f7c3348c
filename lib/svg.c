/* SPDX-License-Identifier: MIT */
/* What every SVG writer shares (see svg.h). */
#include <config.h>

#include <math.h>

#include "buf.h"
#include "svg.h"

void
ts_svg_begin(struct ts_buf *b, double w, double h)
{
	ts_buf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	    "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
	    "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
	    "font-family=\"" TS_SVG_FONTS "\">\n"
	    "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
	    w, h, w, h);
}

double
ts_svg_step(double span, int max_ticks)
{
	static const double nice[] = { 1, 2, 5 };
	double p;
	int k;

	if (!isfinite(span) || span <= 0 || max_ticks < 1)
		return 1;
	p = pow(10, floor(log10(span / max_ticks)));
	for (;;) {
		for (k = 0; k < 3; k++)
			if (span / (nice[k] * p) <= max_ticks + 1e-9)
				return nice[k] * p;
		p *= 10;
	}
}

/* XML's entities, by the character they stand for. */
static const char *const entities[256] = {
	['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;", ['"'] = "&quot;",
	['\''] = "&apos;"
};

void
ts_svg_escape(struct ts_buf *b, const char *s)
{
	unsigned char c;

	for (; *s != '\0'; s++) {
		c = (unsigned char)*s;
		if (entities[c] != NULL)
			ts_buf_puts(b, entities[c]);
		/* XML 1.0 forbids most control characters. */
		else if (c < 0x20 && c != '\t' && c != '\n')
			ts_buf_putc(b, '?');
		else
			ts_buf_putc(b, *s);
	}
}
