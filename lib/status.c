/* SPDX-License-Identifier: MIT */
/*
 * A progress display's transient line (status.h).
 */
#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "status.h"

void
ts_status_erase(FILE *fp, size_t *shown)
{
	size_t i;

	if (*shown == 0)
		return;
	fputc('\r', fp);
	for (i = 0; i < *shown; i++)
		fputc(' ', fp);
	fputc('\r', fp);
	*shown = 0;
	fflush(fp);
}

void
ts_status_show(FILE *fp, const char *text, bool ascii, size_t columns,
    size_t *shown)
{
	struct ts_buf a;
	size_t w = 0, i;

	ts_buf_init(&a);
	if (ascii) {
		ts_text_ascii(text, strlen(text), &a);
		text = a.data;
	}
	ts_status_erase(fp, shown);
	if (columns > 1 && ts_text_width(text) >= columns) {
		/* Keep columns - 1 code points. */
		for (i = 0; text[i] != '\0'; i++)
			if (((unsigned char)text[i] & 0xC0) != 0x80 &&
			    w++ == columns - 1)
				break;
		fwrite(text, 1, i, fp);
		*shown = columns - 1;
	} else {
		fputs(text, fp);
		*shown = ts_text_width(text);
	}
	fflush(fp);
	ts_buf_free(&a);
}
