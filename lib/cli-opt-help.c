/* SPDX-License-Identifier: MIT */
/*
 * --help from a program's option table: its usage lines, a line per
 * option with the help at the table's column, and its closing lines.
 */
#include <config.h>

#include <string.h>

#include "buf.h"
#include "cli-opt.h"
#include "msg.h"

/*
 * Append text with "%s" as the program's name, "%D" as row o's default
 * (o may be NULL) and "%%" as "%".
 */
static void
expand(struct ts_buf *b, const char *text, const struct ts_opt *o,
    const void *fields)
{
	const char *p;

	for (p = text; *p != '\0'; p++) {
		if (p[0] == '%' && p[1] == 's') {
			ts_buf_puts(b, ts_progname());
			p++;
		} else if (p[0] == '%' && p[1] == 'D' && o != NULL &&
		    fields != NULL) {
			ts_opt_default(o, fields, b);
			p++;
		} else {
			if (p[0] == '%' && p[1] == '%')
				p++;
			ts_buf_putc(b, *p);
		}
	}
}

/* One option's lines: its names and value, then its help at the column. */
static void
option_lines(struct ts_buf *b, const struct ts_cli_prog *prog,
    const struct ts_opt *o, const void *fields)
{
	const struct ts_opt *f = o;
	size_t start = b->len, col, i;
	const char *line, *nl;

	if (o->key != 0 && o->name != NULL)
		ts_buf_printf(b, "  -%c, --%s", o->key, o->name);
	else if (o->key != 0)
		ts_buf_printf(b, "  -%c", o->key);
	else
		ts_buf_printf(b, "      --%s", o->name);
	if (o->arg != NULL)
		ts_buf_printf(b, "%s%s", prog->eq ? "=" : " ", o->arg);
	col = (size_t)(o->col != 0 ? o->col : prog->col);
	if (b->len - start + 2 <= col)
		while (b->len - start < col)
			ts_buf_putc(b, ' ');
	else
		ts_buf_puts(b, "  ");
	/* "%D" of an AGAIN row is its option's. */
	if (o->kind == TS_OPT_KIND_AGAIN)
		for (f = prog->opts; f->kind != TS_OPT_KIND_END; f++)
			if (f->name != NULL && f->kind != TS_OPT_KIND_AGAIN &&
			    strcmp(f->name, o->target) == 0)
				break;
	for (line = o->help; ; line = nl + 1) {
		struct ts_buf one;

		nl = strchr(line, '\n');
		if (line != o->help && line != nl)
			for (i = 0; i < col; i++)
				ts_buf_putc(b, ' ');
		ts_buf_init(&one);
		ts_buf_add(&one, line, nl != NULL ? (size_t)(nl - line) :
		    strlen(line));
		expand(b, one.data, f, fields);
		ts_buf_free(&one);
		ts_buf_putc(b, '\n');
		if (nl == NULL || nl[1] == '\0')
			break;
	}
}

void
ts_cli_help(const struct ts_cli_prog *prog, const void *fields,
    struct ts_buf *b)
{
	const struct ts_opt *o;

	size_t i, start;

	if (prog->usage != NULL)
		expand(b, prog->usage, NULL, NULL);
	for (i = 0; i < prog->ncmds; i++) {
		start = b->len;
		ts_buf_printf(b, "  %s%s%s", prog->cmds[i].name,
		    prog->cmds[i].args != NULL ? " " : "",
		    prog->cmds[i].args != NULL ? prog->cmds[i].args : "");
		while (b->len - start < (size_t)prog->cmd_col)
			ts_buf_putc(b, ' ');
		ts_buf_printf(b, "%s\n", prog->cmds[i].help);
	}
	for (o = prog->opts; o->kind != TS_OPT_KIND_END; o++) {
		if (o->kind == TS_OPT_KIND_TEXT)
			expand(b, o->help, NULL, NULL);
		else if (!o->hidden)
			option_lines(b, prog, o, fields);
	}
	if (prog->tail != NULL)
		expand(b, prog->tail, NULL, NULL);
}
