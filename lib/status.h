/* SPDX-License-Identifier: MIT */
/*
 * The transient status line of a progress display on a terminal: drawn
 * in place with a carriage return, cut to the terminal's width (a line
 * that wraps cannot be redrawn in place), erased with spaces.  Program
 * support, as cli.h: the stream is the program's (standard error).
 */
#ifndef TS_STATUS_H
#define TS_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/*
 * Erase the line on fp, *shown columns wide (nothing when 0): "\r", as
 * many spaces, "\r"; *shown becomes 0.
 */
void	 ts_status_erase(FILE *fp, size_t *shown);

/*
 * Put text (UTF-8, no escapes; in ASCII when ascii) on fp in place of the
 * line shown, cut to columns - 1 code points when it would reach the
 * terminal's width columns (0: unknown, no cut); *shown becomes its width.
 */
void	 ts_status_show(FILE *fp, const char *text, bool ascii,
	    size_t columns, size_t *shown);

#endif /* TS_STATUS_H */
