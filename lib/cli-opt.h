/* SPDX-License-Identifier: MIT */
/*
 * A program's options declared once: one table row binds an option's
 * names to the field it fills, its type and bounds, and its --help line,
 * as perf's OPT_UINTEGER('r', "repeat", &field, "help") does.  One parser
 * reads every program's table, fills the program's structure (its
 * defaults set first, by the library's own function where the structure
 * is the library's), prints --help from the table, and words a bad value
 * the same in every program: "PROG: invalid --OPT 'ARG': expected WHAT",
 * exit status 2.  Program support (layer 1, as cli.h): only programs
 * call it.
 *
 *	#define F(m) TS_FIELD(struct my_opts, m)
 *	static const struct ts_opt opts[] = {
 *		TS_OPT_UINT('t', "threads", F(threads), 0, 4096, "N",
 *		    "threads of the pass (default %D)"),
 *		TS_OPT_FLAG('q', "quiet", F(quiet), "no progress"),
 *		TS_OPT_LAST
 *	};
 */
#ifndef TS_CLI_OPT_H
#define TS_CLI_OPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

enum ts_opt_kind {
	TS_OPT_KIND_END,
	TS_OPT_KIND_FLAG,	/* no value: the bool field becomes true */
	TS_OPT_KIND_UNSET,	/* no value: the bool field becomes false */
	TS_OPT_KIND_UINT,	/* an unsigned field of any width, [min, max] */
	TS_OPT_KIND_DOUBLE,	/* a double, [lo, hi] or (lo, hi] */
	TS_OPT_KIND_SIZE,	/* a uint64_t byte count, K/M/G/T (size.h) */
	TS_OPT_KIND_CHOICE,	/* an int or enum: the value's index */
	TS_OPT_KIND_STRING,	/* a const char *: the argument itself */
	TS_OPT_KIND_LIST,	/* repeatable: appended to a ts_opt_list */
	TS_OPT_KIND_CALL,	/* the row's callback does it */
	TS_OPT_KIND_ALIAS,	/* another row's option, maybe with its value */
	TS_OPT_KIND_AGAIN,	/* --help names another row once more */
	TS_OPT_KIND_TEXT,	/* --help's lines, no option */
	TS_OPT_KIND_HELP,	/* -h, --help */
	TS_OPT_KIND_VERSION	/* -V, --version */
};

/* A repeatable option's values, in the order given (free v). */
struct ts_opt_list {
	const char	**v;
	size_t		  n;
};

struct ts_opt;
/*
 * A callback row's work: store arg (NULL for a row without a value) in
 * the program's fields.  It reports a bad value itself, with
 * ts_opt_bad() or one line and exit status 2.
 */
typedef void	 ts_opt_fn(void *fields, const char *arg,
		    const struct ts_opt *);

struct ts_opt {
	enum ts_opt_kind kind;
	int		 key;		/* -K, or 0 */
	const char	*name;		/* --NAME without the dashes, or NULL */
	size_t		 off, size;	/* the field: TS_FIELD(type, member) */
	const char	*arg;		/* the value's name in --help, or NULL */
	/*
	 * The help, lines after the first starting at the column; "%s" is
	 * the program's name, "%D" the field's default, "%%" a "%".
	 */
	const char	*help;
	uint64_t	 min, max;	/* UINT, SIZE; LIST: most values, 0 any */
	double		 lo, hi;	/* DOUBLE */
	bool		 above;		/* DOUBLE: lo itself refused */
	uint64_t	 mult;		/* UINT: the field holds value x mult */
	double		 factor;	/* DOUBLE: the field holds value x factor */
	const char *const *choices;	/* CHOICE, NULL-terminated */
	bool		 as_name;	/* CHOICE: the field holds the name */
	ts_opt_fn	*fn;		/* CALL */
	const char	*target;	/* ALIAS, AGAIN: the row's long name */
	const char	*value;		/* ALIAS: the value it gives, or NULL */
	/* What a bad value should have been, instead of the type's words. */
	const char	*what;
	/*
	 * The whole bad-value message instead, as a format of the option's
	 * "--NAME" and the value (kept where a program's words are
	 * recorded: maint/capture-outputs.sh).
	 */
	const char	*bad;
	/*
	 * A check of the value before it is stored; it refuses a value
	 * with ts_opt_bad() or one line of its own, and exit status 2.
	 */
	void		 (*check)(const struct ts_opt *, const char *arg);
	int		 col;		/* this line's help column, 0: the table's */
	bool		 hidden;	/* parsed, not in --help */
};

/* A field of the program's structure, for a row. */
#define TS_FIELD(type, member) \
	(offsetof(type, member), sizeof(((type *)0)->member))

/*
 * The rows.  Every macro takes, after its own arguments, any more of the
 * row's members by name (.what = "...", .hidden = true, ...).
 */
#define TS_OPT_ROW_(k, key_, name_, field, arg_, help_, ...) \
	{ .kind = TS_OPT_KIND_##k, .key = (key_), .name = (name_), \
	    .off = ts_opt_1_ field, .size = ts_opt_2_ field, \
	    .arg = (arg_), .help = (help_), __VA_ARGS__ }
#define ts_opt_1_(a, b)		a
#define ts_opt_2_(a, b)		b
#define TS_NOFIELD		(0, 0)

#define TS_OPT_FLAG(k, n, f, h, ...) \
	TS_OPT_ROW_(FLAG, k, n, f, NULL, h, __VA_ARGS__)
#define TS_OPT_UNSET(k, n, f, h, ...) \
	TS_OPT_ROW_(UNSET, k, n, f, NULL, h, __VA_ARGS__)
#define TS_OPT_UINT(k, n, f, lo_, hi_, a, h, ...) \
	TS_OPT_ROW_(UINT, k, n, f, a, h, .min = (lo_), .max = (hi_), \
	    __VA_ARGS__)
#define TS_OPT_DOUBLE(k, n, f, lo_, hi_, a, h, ...) \
	TS_OPT_ROW_(DOUBLE, k, n, f, a, h, .lo = (lo_), .hi = (hi_), \
	    __VA_ARGS__)
/* A double above lo (lo itself refused) and at most hi. */
#define TS_OPT_DOUBLE_ABOVE(k, n, f, lo_, hi_, a, h, ...) \
	TS_OPT_ROW_(DOUBLE, k, n, f, a, h, .lo = (lo_), .hi = (hi_), \
	    .above = true, __VA_ARGS__)
#define TS_OPT_SIZE(k, n, f, lo_, a, h, ...) \
	TS_OPT_ROW_(SIZE, k, n, f, a, h, .min = (lo_), .max = UINT64_MAX, \
	    __VA_ARGS__)
#define TS_OPT_CHOICE(k, n, f, c, a, h, ...) \
	TS_OPT_ROW_(CHOICE, k, n, f, a, h, .choices = (c), __VA_ARGS__)
/* A choice whose field is a const char *: the value's entry of c. */
#define TS_OPT_CHOICE_NAME(k, n, f, c, a, h, ...) \
	TS_OPT_ROW_(CHOICE, k, n, f, a, h, .choices = (c), .as_name = true, \
	    __VA_ARGS__)
#define TS_OPT_STRING(k, n, f, a, h, ...) \
	TS_OPT_ROW_(STRING, k, n, f, a, h, __VA_ARGS__)
/* Repeatable, at most most_ times (0: no limit). */
#define TS_OPT_LIST(k, n, f, most_, a, h, ...) \
	TS_OPT_ROW_(LIST, k, n, f, a, h, .max = (most_), __VA_ARGS__)
/* The callback fn_ does the work; a is NULL for an option without value. */
#define TS_OPT_CALL(k, n, fn_, a, h, ...) \
	TS_OPT_ROW_(CALL, k, n, TS_NOFIELD, a, h, .fn = (fn_), __VA_ARGS__)
/* The same, for the field f (ts_opt_field() in the callback). */
#define TS_OPT_CALL_AT(k, n, f, fn_, a, h, ...) \
	TS_OPT_ROW_(CALL, k, n, f, a, h, .fn = (fn_), __VA_ARGS__)
/*
 * The ideas several programs share, one name each: a program with one of
 * them declares it with its row, giving only its field and its help.
 */
#define TS_OPT_QUIET(f, h, ...) \
	TS_OPT_FLAG('q', "quiet", f, h, __VA_ARGS__)
#define TS_OPT_SEED(f, h, ...) \
	TS_OPT_UINT(0, "seed", f, 0, UINT64_MAX, "N", h, __VA_ARGS__)
/* --json, the same as --format json, for a program with --format. */
#define TS_OPT_JSON(h, ...) \
	TS_OPT_ALIAS(0, "json", "format", "json", NULL, h, __VA_ARGS__)
/* -o, --out: where the program's output goes. */
#define TS_OPT_OUT(f, a, h, ...) \
	TS_OPT_STRING('o', "out", f, a, h, __VA_ARGS__)
/* --export-FMT FILE: also write the result as FMT to FILE. */
#define TS_OPT_EXPORT(fmt, f, h, ...) \
	TS_OPT_STRING(0, "export-" fmt, f, "FILE", h, __VA_ARGS__)
/* --plot FILE.svg, the name every program's SVG output has (cli.h). */
#define TS_OPT_PLOT(f, a, h, ...) \
	TS_OPT_STRING(0, "plot", f, a, h, .check = ts_opt_check_plot, \
	    __VA_ARGS__)
/*
 * -k or --n is --target (a long name of the table), given the value v (NULL:
 * the user's, as --target takes it); --help shows it as a line of its
 * own, with value a.
 */
#define TS_OPT_ALIAS(k, n, t, v, a, h, ...) \
	TS_OPT_ROW_(ALIAS, k, n, TS_NOFIELD, a, h, .target = (t), \
	    .value = (v), __VA_ARGS__)
/* --help's line for --t once more, in another context. */
#define TS_OPT_AGAIN(k, t, a, h, ...) \
	TS_OPT_ROW_(AGAIN, k, t, TS_NOFIELD, a, h, .target = (t), \
	    __VA_ARGS__)
/* Lines of --help between the options, as they are ("%s", "%%"). */
#define TS_OPT_TEXT(t) \
	{ .kind = TS_OPT_KIND_TEXT, .help = (t) }
#define TS_OPT_HELP \
	{ .kind = TS_OPT_KIND_HELP, .key = 'h', .name = "help", \
	    .help = "print this help and exit" }
#define TS_OPT_VERSION \
	{ .kind = TS_OPT_KIND_VERSION, .key = 'V', .name = "version", \
	    .help = "print the version and exit" }
#define TS_OPT_END	{ .kind = TS_OPT_KIND_END }
/* The rows a table ends with: -h, -V, and its end. */
#define TS_OPT_LAST	TS_OPT_HELP, TS_OPT_VERSION, TS_OPT_END

/*
 * A command of a program that runs one (threadstone-history add ...), as
 * tmux's cmd_entry: its name, its operands, the options it takes of
 * those only some commands take, and its line of --help.  An option that
 * no command lists belongs to the program and every command takes it.
 */
struct ts_cli_cmd {
	const char	*name;
	const char	*args;		/* its operands in --help, or NULL */
	int		 min, max;	/* how many operands; max -1: no limit */
	const char *const *takes;	/* long names, NULL-terminated */
	const char	*help;
};

/* A program's command line: its table and the --help around it. */
struct ts_cli_prog {
	const char	*usage;		/* --help before the options */
	const struct ts_cli_cmd *cmds;	/* its commands (after usage), or NULL */
	size_t		 ncmds;
	int		 cmd_col;	/* the column of the commands' help */
	const struct ts_opt *opts;	/* ends with TS_OPT_END */
	const char	*tail;		/* --help after them, or NULL */
	int		 col;		/* the column the options' help starts */
	bool		 in_order;	/* the options end at the first operand */
	bool		 eq;		/* --help shows "--name=ARG" */
};

/*
 * Parse argv's options into fields (size bytes, already holding the
 * defaults, which --help shows as %D), exiting on -h, -V or any refused
 * option or value (one line, status 2); return the index of the first
 * operand.  ts_check_stdout_at_exit() is set up here.  A table that
 * breaks a rule (a field out of fields, a width its type cannot have, an
 * alias of nothing) is the program's bug: it aborts, naming the row.
 */
int		 ts_cli_parse(const struct ts_cli_prog *, int argc,
		    char *argv[], void *fields, size_t size);

/*
 * The command argv[first] names, once the options of the last parse
 * are ones it takes and its operands are as many as it wants: its
 * index in prog->cmds.  Otherwise one line and exit status 2.
 */
size_t		 ts_cli_command(const struct ts_cli_prog *, int argc,
		    char *argv[], int first);

/* How many times the last parse saw the option --name (aliases too). */
unsigned	 ts_cli_given(const char *name);

/* The value last given to --name in the last parse, or NULL. */
const char	*ts_cli_arg(const char *name);

/*
 * The first option of the last parse, as typed up to any "=", that is
 * none of the long names in except (NULL-terminated); NULL when none.
 */
const char	*ts_cli_first_other(const char *const except[]);

/* The field of row o in fields, for a callback. */
void		*ts_opt_field(void *fields, const struct ts_opt *o);

/*
 * Store arg into the field of row o as its type says; 0, or -1 with what
 * was expected in err ("an integer from 1 to 8", "json or csv").
 */
int		 ts_opt_store(const struct ts_opt *o, const char *arg,
		    void *fields, char *err, size_t errlen);

/*
 * Report a bad value of row o in every program's words (or the row's
 * own, .bad), "invalid --NAME 'ARG': expected WHAT", and exit 2.
 */
void		 ts_opt_bad(const struct ts_opt *o, const char *arg,
		    const char *what) __attribute__((noreturn));

/* The check of --plot's FILE: ts_cli_plot_name(). */
void		 ts_opt_check_plot(const struct ts_opt *, const char *arg);

/* The --help text of a table, with the defaults of fields, into b. */
void		 ts_cli_help(const struct ts_cli_prog *, const void *fields,
		    struct ts_buf *b);

#endif /* TS_CLI_OPT_H */
