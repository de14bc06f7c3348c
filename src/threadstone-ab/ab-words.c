/* SPDX-License-Identifier: MIT */
/*
 * Splitting a command line into words by quoting alone (ab-words.h).
 */
#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab-words.h"
#include "buf.h"
#include "util.h"

static bool
blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n';
}

char **
ab_words_split(const char *s, size_t *n, char *err, size_t errlen)
{
	struct ts_buf w;
	char **v = NULL;
	size_t cap = 0;
	bool in_word;
	char q;

	*n = 0;
	ts_buf_init(&w);
	for (;;) {
		while (blank(*s))
			s++;
		if (*s == '\0')
			break;
		w.len = 0;
		in_word = true;
		while (in_word && *s != '\0') {
			if (blank(*s)) {
				in_word = false;
				break;
			}
			if (*s == '\\') {
				if (s[1] == '\0')
					goto trailing;
				ts_buf_putc(&w, s[1]);
				s += 2;
				continue;
			}
			if (*s != '\'' && *s != '"') {
				ts_buf_putc(&w, *s++);
				continue;
			}
			q = *s++;
			while (*s != q) {
				if (*s == '\0')
					goto unterminated;
				if (q == '"' && *s == '\\' && s[1] != '\0' &&
				    strchr("\"\\$`\n", s[1]) != NULL)
					s++;
				ts_buf_putc(&w, *s++);
			}
			s++;
		}
		if (*n + 2 > cap) {
			cap = cap == 0 ? 8 : cap * 2;
			v = ts_xrealloc(v, cap * sizeof *v);
		}
		ts_buf_putc(&w, '\0');
		v[(*n)++] = ts_xstrdup(w.data);
		v[*n] = NULL;
	}
	ts_buf_free(&w);
	if (*n == 0) {
		snprintf(err, errlen, "an empty command");
		free(v);
		return NULL;
	}
	return v;
unterminated:
	snprintf(err, errlen, "an unterminated %s quote",
	    q == '"' ? "double" : "single");
	goto fail;
trailing:
	snprintf(err, errlen, "a backslash at the end");
fail:
	ts_buf_free(&w);
	if (v != NULL)
		ab_words_free(v);
	*n = 0;
	return NULL;
}

void
ab_words_free(char **w)
{
	size_t i;

	if (w == NULL)
		return;
	for (i = 0; w[i] != NULL; i++)
		free(w[i]);
	free(w);
}
