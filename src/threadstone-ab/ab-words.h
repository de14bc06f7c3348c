/* SPDX-License-Identifier: MIT */
/*
 * A command line split into words without a shell (--shell none), by the
 * shell's quoting and nothing else: blanks separate words; within single
 * quotes every character is itself; within double quotes a backslash
 * keeps its meaning only before " \ $ ` and a newline; elsewhere a
 * backslash makes the next character itself.  No expansion of any kind.
 */
#ifndef AB_WORDS_H
#define AB_WORDS_H

#include <stddef.h>

/*
 * The words of s, NULL-terminated (free with ab_words_free), their count
 * in *n.  NULL with a one-line reason in err for an unterminated quote,
 * a trailing backslash, or no word at all.
 */
char	**ab_words_split(const char *s, size_t *n, char *err, size_t errlen);
void	  ab_words_free(char **w);

#endif /* AB_WORDS_H */
