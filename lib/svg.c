/* SPDX-License-Identifier: MIT */
/* What every SVG writer shares (see svg.h). */
#include <config.h>

#include "buf.h"
#include "svg.h"

void
ts_svg_escape(struct ts_buf *b, const char *s)
{
	for (; *s != '\0'; s++) {
		switch (*s) {
		case '&':
			ts_buf_puts(b, "&amp;");
			break;
		case '<':
			ts_buf_puts(b, "&lt;");
			break;
		case '>':
			ts_buf_puts(b, "&gt;");
			break;
		case '"':
			ts_buf_puts(b, "&quot;");
			break;
		case '\'':
			ts_buf_puts(b, "&apos;");
			break;
		default:
			/* XML 1.0 forbids most control characters. */
			if ((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n')
				ts_buf_putc(b, '?');
			else
				ts_buf_putc(b, *s);
		}
	}
}
