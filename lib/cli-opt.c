/* SPDX-License-Identifier: MIT */
/*
 * The one option parser: a program's table (cli-opt.h) read through
 * ts_getopt, so that refused options keep cli.c's words, and each value
 * stored by its row's type; and --help from the same table.
 */
#include <config.h>

#include <getopt.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cli-opt.h"
#include "cli.h"
#include "exitcodes.h"
#include "msg.h"
#include "size.h"
#include "util.h"

/* What the last parse saw of each row. */
struct seen {
	unsigned	 count;
	unsigned	 order;		/* of its first sighting, from 1 */
	const char	*arg;		/* the last value */
	const char	*word;		/* the argv word of the first */
};

static struct {
	const struct ts_opt *opts;
	struct seen	*seen;
	size_t		 n;
	unsigned	 order;
} last;

/* The rows of a table, up to its TS_OPT_END. */
static size_t
rows(const struct ts_opt *opts)
{
	size_t n = 0;

	while (opts[n].kind != TS_OPT_KIND_END)
		n++;
	return n;
}

/* The row whose long name is name, or NULL (AGAIN and TEXT rows aside). */
static const struct ts_opt *
find(const struct ts_opt *opts, const char *name)
{
	for (; opts->kind != TS_OPT_KIND_END; opts++)
		if (opts->name != NULL && opts->kind != TS_OPT_KIND_AGAIN &&
		    strcmp(opts->name, name) == 0)
			return opts;
	return NULL;
}

/* Whether a row is an option the user can give (not help text). */
static bool
is_option(const struct ts_opt *o)
{
	return o->kind != TS_OPT_KIND_TEXT && o->kind != TS_OPT_KIND_AGAIN;
}

/* Whether the option of row o takes a value on the command line. */
static bool
takes_value(const struct ts_opt *opts, const struct ts_opt *o)
{
	switch (o->kind) {
	case TS_OPT_KIND_FLAG:
	case TS_OPT_KIND_UNSET:
	case TS_OPT_KIND_HELP:
	case TS_OPT_KIND_VERSION:
		return false;
	case TS_OPT_KIND_CALL:
		return o->arg != NULL;
	case TS_OPT_KIND_ALIAS:
		return o->value == NULL &&
		    takes_value(opts, find(opts, o->target));
	default:
		return true;
	}
}

/* The field's size each kind needs (0: any unsigned width, or none). */
static size_t
field_size(enum ts_opt_kind k)
{
	switch (k) {
	case TS_OPT_KIND_FLAG:
	case TS_OPT_KIND_UNSET:
		return sizeof(bool);
	case TS_OPT_KIND_DOUBLE:
		return sizeof(double);
	case TS_OPT_KIND_SIZE:
		return sizeof(uint64_t);
	case TS_OPT_KIND_STRING:
		return sizeof(const char *);
	case TS_OPT_KIND_LIST:
		return sizeof(struct ts_opt_list);
	default:
		return 0;
	}
}

/* The largest value an unsigned field of size bytes holds. */
static uint64_t
width_max(size_t size)
{
	return size >= 8 ? UINT64_MAX : (UINT64_C(1) << (size * 8)) - 1;
}

/* What is wrong with row o of a table for fields of size bytes, or NULL. */
static const char *
row_fault(const struct ts_opt *opts, const struct ts_opt *o, size_t size)
{
	const struct ts_opt *t;
	uint64_t mult = o->mult != 0 ? o->mult : 1;

	if (o->size != 0 && (o->off > size || o->size > size - o->off))
		return "its field is outside the structure";
	if ((field_size(o->kind) != 0 && o->size != field_size(o->kind)) ||
	    (o->kind == TS_OPT_KIND_CHOICE && o->size != (o->as_name ?
	    sizeof(const char *) : sizeof(int))))
		return "its field's size is not its type's";
	if (o->kind == TS_OPT_KIND_UINT && (o->size == 0 || o->size > 8 ||
	    (o->size & (o->size - 1)) != 0 || o->min > o->max ||
	    o->max > width_max(o->size) / mult))
		return "its bounds do not fit its field";
	if (o->kind == TS_OPT_KIND_DOUBLE && !(o->lo <= o->hi))
		return "its range is empty";
	if ((o->kind == TS_OPT_KIND_CHOICE && o->choices == NULL) ||
	    (o->kind == TS_OPT_KIND_CALL && o->fn == NULL))
		return "it has no choices or no callback";
	if (o->kind == TS_OPT_KIND_ALIAS || o->kind == TS_OPT_KIND_AGAIN) {
		t = o->target != NULL ? find(opts, o->target) : NULL;
		if (t == NULL || t->kind == TS_OPT_KIND_ALIAS || t == o)
			return "it names no option of the table";
	}
	for (t = opts; t < o; t++)
		if (is_option(t) && is_option(o) && ((o->key != 0 &&
		    t->key == o->key) || (o->name != NULL && t->name != NULL &&
		    strcmp(o->name, t->name) == 0)))
			return "another row has its name";
	if (is_option(o) && o->kind != TS_OPT_KIND_TEXT && o->key == 0 &&
	    o->name == NULL)
		return "it has no name";
	return NULL;
}

/* Abort on a table that breaks a rule: the program's own bug. */
static void
check_table(const struct ts_opt *opts, size_t size)
{
	const struct ts_opt *o;
	const char *fault;
	bool help = false, version = false;

	for (o = opts; o->kind != TS_OPT_KIND_END; o++) {
		if ((fault = row_fault(opts, o, size)) != NULL) {
			fprintf(stderr, "%s: option table, row %zu (%s): %s\n",
			    ts_progname(), (size_t)(o - opts), o->name != NULL ?
			    o->name : "", fault);
			abort();
		}
		help |= o->kind == TS_OPT_KIND_HELP;
		version |= o->kind == TS_OPT_KIND_VERSION;
	}
	if (!help || !version) {
		fprintf(stderr, "%s: option table without --help or "
		    "--version\n", ts_progname());
		abort();
	}
}

/* "--name", or "-k" for a row without a long name, into buf. */
static const char *
spelled(const struct ts_opt *o, char *buf, size_t len)
{
	if (o->name != NULL)
		snprintf(buf, len, "--%s", o->name);
	else
		snprintf(buf, len, "-%c", o->key);
	return buf;
}

void
ts_opt_bad(const struct ts_opt *o, const char *arg, const char *what)
{
	char name[64];

	spelled(o, name, sizeof name);
	if (o->bad != NULL)
		ts_error(o->bad, name, arg);
	else
		ts_error("invalid %s '%s': expected %s", name, arg,
		    o->what != NULL ? o->what : what);
	exit(TS_EXIT_USAGE);
}

/* A byte count as the size parser reads it: "1M", "4K", "512". */
static void
size_words(uint64_t v, char *buf, size_t len)
{
	static const char units[] = "TGMK";
	int i;

	for (i = 0; i < 4 && v != 0; i++)
		if (v % (UINT64_C(1) << (10 * (4 - i))) == 0) {
			snprintf(buf, len, "%llu%c", (unsigned long long)
			    (v >> (10 * (4 - i))), units[i]);
			return;
		}
	snprintf(buf, len, "%llu", (unsigned long long)v);
}

/* The words for what row o accepts, into err. */
static void
expected(const struct ts_opt *o, char *err, size_t len)
{
	struct ts_buf b;
	char min[32];
	size_t i;

	switch (o->kind) {
	case TS_OPT_KIND_UINT:
		snprintf(err, len, "an integer from %llu to %llu",
		    (unsigned long long)o->min, (unsigned long long)o->max);
		break;
	case TS_OPT_KIND_DOUBLE:
		snprintf(err, len, o->above ? "a number above %g, at most %g" :
		    "a number from %g to %g", o->lo, o->hi);
		break;
	case TS_OPT_KIND_SIZE:
		size_words(o->min, min, sizeof min);
		snprintf(err, len, "a size%s%s with an optional K, M, G or T "
		    "suffix", o->min != 0 ? " of at least " : " in bytes",
		    o->min != 0 ? min : "");
		break;
	case TS_OPT_KIND_CHOICE:
		ts_buf_init(&b);
		for (i = 0; o->choices[i] != NULL; i++)
			ts_buf_printf(&b, "%s%s", i == 0 ? "" :
			    o->choices[i + 1] == NULL ? " or " : ", ",
			    o->choices[i]);
		snprintf(err, len, "%s", b.data);
		ts_buf_free(&b);
		break;
	default:
		snprintf(err, len, "a value that is not empty");
		break;
	}
	if (o->what != NULL)
		snprintf(err, len, "%s", o->what);
}

/* Write v into the unsigned field of size bytes at p. */
static void
put_uint(void *p, size_t size, uint64_t v)
{
	uint8_t u8 = (uint8_t)v;
	uint16_t u16 = (uint16_t)v;
	uint32_t u32 = (uint32_t)v;

	if (size == 1)
		memcpy(p, &u8, 1);
	else if (size == 2)
		memcpy(p, &u16, 2);
	else if (size == 4)
		memcpy(p, &u32, 4);
	else
		memcpy(p, &v, 8);
}

/* Store a value of row o (a field of its own); 0, or -1 if refused. */
static int
store_value(const struct ts_opt *o, const char *arg, char *f)
{
	struct ts_opt_list *l = (struct ts_opt_list *)(void *)f;
	uint64_t u;
	double d;
	int i;

	switch (o->kind) {
	case TS_OPT_KIND_UINT:
		if (ts_parse_u64(arg, o->min, o->max, &u) == -1)
			return -1;
		put_uint(f, o->size, u * (o->mult != 0 ? o->mult : 1));
		return 0;
	case TS_OPT_KIND_DOUBLE:
		if (ts_parse_double(arg, o->lo, o->hi, &d) == -1 ||
		    (o->above && !(d > o->lo)))
			return -1;
		d *= o->factor != 0 ? o->factor : 1;
		memcpy(f, &d, sizeof d);
		return 0;
	case TS_OPT_KIND_SIZE:
		if (ts_parse_size(arg, &u) == -1 || u < o->min)
			return -1;
		memcpy(f, &u, sizeof u);
		return 0;
	case TS_OPT_KIND_CHOICE:
		for (i = 0; o->choices[i] != NULL; i++)
			if (strcmp(arg, o->choices[i]) == 0) {
				if (o->as_name)
					memcpy(f, &o->choices[i],
					    sizeof o->choices[i]);
				else
					memcpy(f, &i, sizeof i);
				return 0;
			}
		return -1;
	case TS_OPT_KIND_STRING:
		if (o->min > 0 && arg[0] == '\0')
			return -1;
		memcpy(f, &arg, sizeof arg);
		return 0;
	case TS_OPT_KIND_LIST:
		l->v = ts_xrealloc(l->v, (l->n + 1) * sizeof *l->v);
		l->v[l->n++] = arg;
		return 0;
	default:
		return -1;
	}
}

void *
ts_opt_field(void *fields, const struct ts_opt *o)
{
	return (char *)fields + o->off;
}

int
ts_opt_store(const struct ts_opt *o, const char *arg, void *fields,
    char *err, size_t errlen)
{
	char *f = (char *)fields + o->off;
	bool yes = o->kind == TS_OPT_KIND_FLAG;

	if (o->kind == TS_OPT_KIND_FLAG || o->kind == TS_OPT_KIND_UNSET) {
		memcpy(f, &yes, sizeof yes);
		return 0;
	}
	if (o->kind == TS_OPT_KIND_CALL) {
		o->fn(fields, arg, o);
		return 0;
	}
	if (o->check != NULL)
		o->check(o, arg);
	if (store_value(o, arg, f) == 0)
		return 0;
	expected(o, err, errlen);
	return -1;
}

/* Record that row o was seen, its value arg, as argv's word. */
static void
note(const struct ts_opt *o, const char *arg, const char *word)
{
	struct seen *s = &last.seen[o - last.opts];

	if (s->count++ == 0) {
		s->order = ++last.order;
		s->word = word;
	}
	s->arg = arg;
}

/* The program being parsed, and its defaults, for --help. */
static struct {
	const struct ts_cli_prog *prog;
	void		*defaults;
} parsing;

/* Take row o of the table with the value arg (NULL: none). */
static void
take(const struct ts_opt *opts, const struct ts_opt *o, const char *arg,
    const char *word, void *fields, size_t size)
{
	const struct ts_opt *as = o;
	struct ts_buf help;
	struct ts_opt_list *l;
	char err[512], name[64];

	note(o, arg, word);
	if (o->kind == TS_OPT_KIND_ALIAS) {
		o = find(opts, o->target);
		if (as->value != NULL)
			arg = as->value;
		note(o, arg, word);
	}
	if (o->kind == TS_OPT_KIND_HELP) {
		ts_buf_init(&help);
		ts_cli_help(parsing.prog, parsing.defaults, &help);
		fwrite(help.data, 1, help.len, stdout);
		ts_buf_free(&help);
		ts_exit_stdout();
	}
	if (o->kind == TS_OPT_KIND_VERSION)
		ts_version_exit();
	l = (struct ts_opt_list *)(void *)((char *)fields + o->off);
	if (o->kind == TS_OPT_KIND_LIST && o->max != 0 && l->n == o->max) {
		spelled(as, name, sizeof name);
		if (o->bad != NULL)
			ts_error(o->bad, name, arg);
		else
			ts_error("%s is given at most %llu times", name,
			    (unsigned long long)o->max);
		exit(TS_EXIT_USAGE);
	}
	(void)size;
	if (ts_opt_store(o, arg, fields, err, sizeof err) == -1) {
		/* The option as the user named it, the rules of the row. */
		struct ts_opt shown = *o;

		shown.name = as->name;
		shown.key = as->key;
		ts_opt_bad(&shown, arg, err);
	}
}

/* getopt_long's table and short options from a program's table. */
static struct option *
getopt_tables(const struct ts_opt *opts, size_t n, bool in_order,
    char *shorts, size_t len)
{
	struct option *lo = ts_xcalloc(n + 1, sizeof *lo), *p = lo;
	size_t i, k = 0;
	int pass;

	if (in_order)
		shorts[k++] = '+';
	/* Table order, with --help and --version last, as cli.h's. */
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < n; i++) {
			const struct ts_opt *o = &opts[i];
			bool std = o->kind == TS_OPT_KIND_HELP ||
			    o->kind == TS_OPT_KIND_VERSION;

			if (!is_option(o) || std != (pass == 1))
				continue;
			if (o->name != NULL)
				*p++ = (struct option){ o->name,
				    takes_value(opts, o) ? required_argument :
				    no_argument, NULL, o->key != 0 ? o->key :
				    256 + (int)i };
			if (o->key != 0 && k + 3 < len) {
				shorts[k++] = (char)o->key;
				if (takes_value(opts, o))
					shorts[k++] = ':';
			}
		}
	shorts[k] = '\0';
	return lo;
}

/* The row getopt_long returned c for. */
static const struct ts_opt *
row_of(const struct ts_opt *opts, int c)
{
	const struct ts_opt *o;

	if (c >= 256)
		return &opts[c - 256];
	for (o = opts; o->kind != TS_OPT_KIND_END; o++)
		if (is_option(o) && o->key == c)
			return o;
	return NULL;
}

int
ts_cli_parse(const struct ts_cli_prog *prog, int argc, char *argv[],
    void *fields, size_t size)
{
	const struct ts_opt *opts = prog->opts, *o;
	struct option *lo;
	char shorts[128];
	const char *word;
	size_t n = rows(opts);
	int c;

	check_table(opts, size);
	ts_check_stdout_at_exit();
	free(last.seen);
	last.opts = opts;
	last.n = n;
	last.order = 0;
	last.seen = ts_xcalloc(n + 1, sizeof *last.seen);
	free(parsing.defaults);
	parsing.prog = prog;
	parsing.defaults = ts_xmalloc(size + 1);
	memcpy(parsing.defaults, fields, size);
	lo = getopt_tables(opts, n, prog->in_order, shorts, sizeof shorts);
	while ((c = ts_getopt(argc, argv, shorts, lo)) != -1) {
		if ((o = row_of(opts, c)) == NULL)
			continue;
		word = optarg != NULL && optind >= 2 &&
		    optarg == argv[optind - 1] ? argv[optind - 2] :
		    argv[optind - 1];
		take(opts, o, takes_value(opts, o) ? optarg : NULL, word,
		    fields, size);
	}
	free(lo);
	return optind;
}

/* The seen-record of --name in the last parse, or NULL. */
static const struct seen *
seen_of(const char *name)
{
	const struct ts_opt *o;

	if (last.opts == NULL || (o = find(last.opts, name)) == NULL)
		return NULL;
	return &last.seen[o - last.opts];
}

unsigned
ts_cli_given(const char *name)
{
	const struct seen *s = seen_of(name);

	return s != NULL ? s->count : 0;
}

const char *
ts_cli_arg(const char *name)
{
	const struct seen *s = seen_of(name);

	return s != NULL ? s->arg : NULL;
}

const char *
ts_cli_first_other(const char *const except[])
{
	const struct seen *best = NULL;
	size_t i, j;

	for (i = 0; i < last.n; i++) {
		const struct ts_opt *o = &last.opts[i];

		if (last.seen[i].count == 0 || o->kind == TS_OPT_KIND_ALIAS)
			continue;
		for (j = 0; except[j] != NULL; j++)
			if (o->name != NULL && strcmp(o->name, except[j]) == 0)
				break;
		if (except[j] == NULL && (best == NULL ||
		    last.seen[i].order < best->order))
			best = &last.seen[i];
	}
	return best != NULL ? best->word : NULL;
}

void
ts_opt_check_plot(const struct ts_opt *o, const char *arg)
{
	(void)o;
	ts_cli_plot_name(arg);
}

/* "a, b or c": the commands' names, into b. */
static void
command_names(const struct ts_cli_prog *prog, struct ts_buf *b)
{
	size_t i;

	for (i = 0; i < prog->ncmds; i++)
		ts_buf_printf(b, "%s%s", i == 0 ? "" : i + 1 == prog->ncmds ?
		    " or " : ", ", prog->cmds[i].name);
}

/* Whether a command's list of options holds name. */
static bool
listed(const char *const *takes, const char *name)
{
	for (; takes != NULL && *takes != NULL; takes++)
		if (strcmp(*takes, name) == 0)
			return true;
	return false;
}

/* Refuse the options of the last parse that command c does not take. */
static void
command_options(const struct ts_cli_prog *prog, const struct ts_cli_cmd *c)
{
	const struct ts_opt *o;
	size_t i;

	for (o = prog->opts; o->kind != TS_OPT_KIND_END; o++) {
		if (o->name == NULL || !is_option(o) ||
		    ts_cli_given(o->name) == 0 || listed(c->takes, o->name))
			continue;
		for (i = 0; i < prog->ncmds; i++)
			if (listed(prog->cmds[i].takes, o->name))
				ts_usage_error("%s does not take --%s", c->name,
				    o->name);
	}
}

size_t
ts_cli_command(const struct ts_cli_prog *prog, int argc, char *argv[],
    int first)
{
	const struct ts_cli_cmd *c = NULL;
	struct ts_buf names;
	size_t i;
	int n;

	ts_buf_init(&names);
	command_names(prog, &names);
	if (first >= argc)
		ts_usage_error("expected a command: %s", names.data);
	for (i = 0; i < prog->ncmds && c == NULL; i++)
		if (strcmp(prog->cmds[i].name, argv[first]) == 0)
			c = &prog->cmds[i];
	if (c == NULL)
		ts_usage_error("unknown command '%s': expected %s", argv[first],
		    names.data);
	ts_buf_free(&names);
	command_options(prog, c);
	n = argc - first - 1;
	if (n < c->min || (c->max >= 0 && n > c->max))
		ts_usage_error("%s expects %s", c->name, c->max == 0 ?
		    "no operand" : c->max == 1 && c->min == 1 ?
		    "exactly one operand" : c->max < 0 && c->min == 1 ?
		    "one or more operands" : "other operands");
	return (size_t)(c - prog->cmds);
}

/* --help from the table: usage lines, a line per option, closing lines. */
/* Read the unsigned field of size bytes at p. */
static uint64_t
get_uint(const void *p, size_t size)
{
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	uint64_t v;

	if (size == 1)
		return memcpy(&u8, p, 1), u8;
	if (size == 2)
		return memcpy(&u16, p, 2), u16;
	if (size == 4)
		return memcpy(&u32, p, 4), u32;
	return memcpy(&v, p, 8), v;
}

/*
 * The value of row o's field in fields as --help's "%D" shows it: a
 * number without its row's mult or factor, a choice's name, a string.
 */
static void
opt_default(const struct ts_opt *o, const void *fields, struct ts_buf *b)
{
	const char *f = (const char *)fields + o->off;
	const char *s;
	double d;
	int i;

	switch (o->kind) {
	case TS_OPT_KIND_UINT:
		ts_buf_printf(b, "%llu", (unsigned long long)(get_uint(f,
		    o->size) / (o->mult != 0 ? o->mult : 1)));
		break;
	case TS_OPT_KIND_DOUBLE:
		memcpy(&d, f, sizeof d);
		ts_buf_printf(b, "%g", d / (o->factor != 0 ? o->factor : 1));
		break;
	case TS_OPT_KIND_CHOICE:
		memcpy(&i, f, sizeof i);
		ts_buf_puts(b, o->choices[i]);
		break;
	case TS_OPT_KIND_STRING:
		memcpy(&s, f, sizeof s);
		ts_buf_puts(b, s != NULL ? s : "");
		break;
	default:
		break;
	}
}

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
			opt_default(o, fields, b);
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
