/* SPDX-License-Identifier: MIT */
/*
 * Comparison of two result documents (ThreadStone 2.0.0 section 11):
 * machine mismatch, per-workload rows with a significance verdict, score
 * deltas; rendered as the original's text or as JSON for scripts.  Our
 * addition: who produced each document, and which rows compare two
 * different kernels (lib/report/report-kernels.c) and so are never regressions.
 */
#ifndef TS_REPORT_COMPARE_H
#define TS_REPORT_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "report/report-machine.h"
#include "doc/doc-model.h"

/* The two passes a comparison looks at, in output order. */
enum ts_compare_pass {
	TS_COMPARE_SINGLE,
	TS_COMPARE_MULTI,
	TS_COMPARE_NPASSES
};

enum ts_verdict {
	TS_VERDICT_UNCHANGED,	/* "=": within the combined 95 % intervals */
	TS_VERDICT_FASTER,	/* "+": better beyond them */
	TS_VERDICT_SLOWER,	/* "-": worse beyond them, a regression */
	TS_VERDICT_MISSING	/* "?": one side lacks the workload or pass */
};

/* The test a row's verdict comes from. */
enum ts_compare_test {
	/*
	 * The original's: the two passes' relative ci95 in quadrature, at
	 * least 0.5 % each (documents without executions).
	 */
	TS_TEST_CI95,
	/*
	 * Both documents measured their passes in executions
	 * (lib/doc/doc-ext-exec.h): the best execution of each pass against
	 * the other's, beyond twice the spread of either pass's four best
	 * executions, the range of either pass's executions, and 0.5 % (the
	 * practical floor); for the multi-thread rows, plus the change of
	 * the together probe.
	 */
	TS_TEST_EXECUTIONS,
	/*
	 * Sets of runs (ts_compare_sets()): each run one figure (its best
	 * execution when every run recorded them, else its pass value),
	 * the shift of their logarithms between the sets
	 * (lib/report/report-shift.h): Hodges-Lehmann and Mann-Whitney's
	 * interval, or Student's t where the sets are too small for ranks.
	 */
	TS_TEST_RUNS_RANK,
	TS_TEST_RUNS_T,
	/* Sets, but too few runs with this pass to judge (1 and 1). */
	TS_TEST_RUNS_NONE
};

/* One workload of one pass.  Strings are borrowed from the documents. */
struct ts_compare_row {
	const char	*id;
	enum ts_unit	 unit;		/* the baseline's, else the candidate's */
	bool		 has_base, has_cand;
	double		 base, cand;	/* pass values, when present */
	bool		 has_pct;	/* both present: pct and threshold set */
	double		 pct;		/* change in %, positive = better */
	double		 threshold;	/* |pct| <= threshold is no change, % */
	enum ts_verdict	 verdict;
	/* Both values present, from kernels known to differ. */
	bool		 kernel_differs;
	/*
	 * With has_pct: the test, and for the execution test the change of
	 * the best executions it judged (%, positive = better).  threshold
	 * is the smallest change the row can detect.
	 */
	enum ts_compare_test test;
	double		 best_pct;
	/*
	 * Multi-thread rows of the execution test, when both documents
	 * carry the together probe: its change (%, its magnitude), added
	 * to threshold, since the host gave the threads that much more or
	 * less between the runs.  0 otherwise; has_allowance says which.
	 */
	bool		 has_allowance;
	double		 allowance;
	/* The host took time from the baseline's or candidate's pass. */
	bool		 lost_base, lost_cand;
	/* The text shows threshold after the change (executions present). */
	bool		 show_detectable;
	/*
	 * What decides the verdict, as the text shows it (set for every row
	 * with has_pct): the figures compared (the pass values, the best
	 * executions, or the medians of the sets' runs), the change judged
	 * (%, positive = better) and the interval around it whose holding 0
	 * makes the row unchanged.  For the pair rules the interval is the
	 * change +- threshold; for sets, the 95 % interval of the shift.
	 */
	double		 shown_base, shown_cand;
	double		 change, low, high;
	/* Runs on each side with this pass (1 and 1 for a pair). */
	size_t		 nbase, ncand;
	/*
	 * Sets: change is that of the sets' medians, as benchstat shows
	 * it; shift is the estimate the interval is built around
	 * (Hodges-Lehmann's, or the means' of the logarithms); p the
	 * p-value of no change, level the interval's confidence.
	 */
	double		 shift, p, level;
	/* Sets: each run's figure on each side (owned), NULL for a pair. */
	double		*runs_base, *runs_cand;
	/* Sets: the run (index in its side) of each figure (owned). */
	size_t		*runs_base_of, *runs_cand_of;
	/* Sets: those figures are the runs' best executions, not values. */
	bool		 best_runs;
	/*
	 * The family (struct ts_compare_family): the row's p-value
	 * adjusted over the family (NaN: not in it), and whether the
	 * family finds it slower (its own mark - and the adjusted p at
	 * most the family's level): a regression of the comparison.
	 */
	double		 family_p;
	bool		 family_slower;
};

/*
 * The verdict over all the rows of a comparison at once, held at
 * TS_COMPARE_FAMILY_ALPHA however the rows move together
 * (lib/report/report-compare-family.c): the chance that two identical
 * builds fail --fail-on-regression is at most that.
 *
 * One run a side: Holm's step-down on the rows' one-sided p-values,
 * each read from the row's own interval as a normal 95 % one (z = 1.96
 * times the slowdown over the row's threshold).  Sets of runs:
 * Westfall and Young's step-down max-T, permuting whole runs between
 * the sides (a run carries all its rows, so their dependence is kept),
 * the statistic of a row Student's pooled t of its runs' logarithms:
 * exact under exchangeable runs, every arrangement counted up to
 * TS_COMPARE_FAMILY_EXACT, else TS_COMPARE_FAMILY_DRAWS drawn (seeded).
 * A family of N arrangements can find nothing below p = 1 / N: with
 * three runs a side (20 arrangements) max-T cannot reach the level, and
 * the family is Holm's step-down on the rows' own tests (Student's t,
 * one-sided), which holds under any dependence when each row's test
 * holds.
 *
 * The level is 3 %, not 5 %: max-T is exact, so two identical builds
 * fail it as often as the level allows, and a user's own count of A/A
 * experiments should stay under 5 %, not only their mean.
 */
#define TS_COMPARE_FAMILY_ALPHA	0.03
#define TS_COMPARE_FAMILY_EXACT	20000
#define TS_COMPARE_FAMILY_DRAWS	9999

enum ts_family_method {
	TS_FAMILY_NONE,		/* no row with a test */
	TS_FAMILY_HOLM,		/* pairs: Holm's step-down */
	TS_FAMILY_MAXT,		/* sets: Westfall and Young's max-T */
	TS_FAMILY_HOLM_RUNS	/* sets too small for max-T: Holm */
};

struct ts_compare_family {
	enum ts_family_method method;
	size_t		 rows;		/* rows in the family */
	size_t		 slower;	/* rows it finds slower */
	bool		 regression;	/* slower > 0 */
	/* max-T: arrangements counted, all of them, the least p. */
	uint64_t	 arrangements;
	bool		 exact;
	double		 p_min;
};

/* A score delta, set only when both scores exist and base is usable. */
struct ts_score_delta {
	bool	set;
	double	base, cand, pct;
	/* A component of either score is a workload whose kernels differ. */
	bool	kernel_differs;
	/*
	 * Sets of runs: the scores judged as a row is (the medians in base
	 * and cand, the Hodges-Lehmann change in pct, its interval and
	 * verdict).  A pair's score has no interval: judged is false.
	 */
	bool		 judged;
	double		 low, high, p, level;
	size_t		 nbase, ncand;
	enum ts_verdict	 verdict;
};

/* Who produced the two documents (lib/doc/doc-producer.h). */
struct ts_producers {
	char		*base, *cand;	/* one-line descriptions */
	bool		 differ;	/* the descriptions differ */
	/*
	 * Workloads present in both documents whose kernels are known to
	 * differ between the two producers, in baseline order; the ids are
	 * borrowed from the baseline document.
	 */
	const char	**kernels_differ;
	size_t		  nkernels_differ;
};

/* The single-thread rows of one CPU kind both documents measured. */
struct ts_compare_kind {
	const char		*kind;		/* borrowed from the baseline */
	struct ts_compare_row	*rows;
	size_t			 nrows;
};

struct ts_comparison {
	char			*mismatch;	/* NULL when the same machine */
	/*
	 * CPU kinds (lib/doc/doc-kinds.h): one line when the documents' kinds
	 * or the kind of their single-thread passes differ, else NULL; and
	 * for every other kind both measured with --per-kind, its rows.
	 */
	char			*kinds_differ;
	struct ts_compare_kind	*kinds;
	size_t			 nkinds;
	bool			 has_kinds;	/* either document has kinds */
	struct ts_producers	 producers;
	struct ts_compare_row	*rows[TS_COMPARE_NPASSES];
	size_t			 nrows[TS_COMPARE_NPASSES];
	struct ts_score_delta	 single_core, multi_core;
	/* How many rows got each verdict, over both passes. */
	size_t			 count[TS_VERDICT_MISSING + 1];
	/*
	 * Which documents carry executions (extensions.executions); when
	 * either does, the text adds the test and each row's smallest
	 * detectable change, else it is the original's byte for byte.
	 */
	bool			 exec_base, exec_cand;
	/* Rows whose passes lost time to the host, over both passes. */
	size_t			 nlost;
	/*
	 * One line when both documents measured their cores' speeds
	 * (extensions.cpu_speed) and the disparities differ: one found the
	 * cores unequal and the other not, or the fastest-to-slowest ratios
	 * differ by more than 5 %.  NULL otherwise.
	 */
	char			*speed_differ;
	/*
	 * Both documents carry the together probe
	 * (extensions.cpu_speed.together) with the same threads: the change
	 * of its median reading, candidate against baseline, in %.
	 */
	bool			 has_together;
	double			 together_pct;
	unsigned		 together_threads;
	/*
	 * When the two documents measure different sets of workloads (a
	 * full run against `-w sha256`), their scores average different
	 * things: no score delta is set, and this says why ("the documents
	 * measure different workloads (baseline: A, B; candidate: B)").
	 * NULL when both measure the same set.
	 */
	char			*scores_differ;
	/*
	 * Sets of runs (ts_compare_sets()): the runs a side, and for each
	 * side a line naming its documents that differ from its first in
	 * machine or producer (NULL when none do); those documents are
	 * judged with the others all the same.
	 */
	bool			 sets;
	size_t			 nbase, ncand;
	char			*base_differ, *cand_differ;
	/* The family's verdict: the gate of --fail-on-regression. */
	struct ts_compare_family family;
};

/*
 * Compare candidate against baseline into out (which the caller frees
 * with ts_comparison_free).  Both documents must outlive out.
 */
void	 ts_compare(const struct ts_report *base,
	    const struct ts_report *cand, struct ts_comparison *out);
void	 ts_comparison_free(struct ts_comparison *);

/*
 * Compare sets of runs: nb documents a side against nc (paths name them
 * in the lines that say which differ), every row judged between runs
 * (lib/report/report-compare-sets.c).  The machine, producer and kind
 * warnings, the rows and their order are those of the two sides' first
 * documents.  With one document a side this is ts_compare() exactly.
 */
void	 ts_compare_sets(const struct ts_report *base,
	    const char *const *bpaths, size_t nb, const struct ts_report *cand,
	    const char *const *cpaths, size_t nc, struct ts_comparison *out);

struct ts_exec_pass;

/*
 * The verdict of the execution test on a row already filled (has_pct)
 * from the two passes' execution records (each with two executions or
 * more; otherwise the row keeps the original's verdict).  Return 0 when
 * the execution test decided, -1 when it could not.
 */
int	 ts_compare_exec_verdict(struct ts_compare_row *,
	    const struct ts_exec_pass *base, const struct ts_exec_pass *cand);

/*
 * Widen a multi-thread row the execution test decided by the together
 * probe's change (the comparison's together_pct) and decide again.
 */
void	 ts_compare_allow_host(struct ts_compare_row *, double together_pct);

/* ts_compare_machine_mismatch: report/report-machine.h. */

/* The speed_differ line of two documents, or NULL (malloc'd). */
char	*ts_compare_speed_differ(const struct ts_report *base,
	    const struct ts_report *cand);

/*
 * Whether the comparison is a regression: the family finds a row slower
 * (c->family), never a row whose kernels differ between the producers.
 */
bool	 ts_comparison_regressed(const struct ts_comparison *);

/*
 * Judge the family of c's rows (c->family, each row's family_p and
 * family_slower): ts_compare() and ts_compare_sets() call it last.
 */
void	 ts_compare_family(struct ts_comparison *c);

/* The verdict's glyph ("=", "+", "-", "?") and JSON name ("unchanged"...). */
const char *ts_verdict_glyph(enum ts_verdict);
const char *ts_verdict_name(enum ts_verdict);

/*
 * Append the original's text layout; the paths are printed as given.  When
 * the producers differ, a warning (and a line naming the workloads whose
 * kernels differ) follows the machine warning, and those workloads' rows
 * and the scores built on them carry a note; otherwise the layout is the
 * original's, byte for byte.
 */
void	 ts_render_comparison(struct ts_buf *, const struct ts_comparison *,
	    const char *base_path, const char *cand_path);

/*
 * Append the warnings both text layouts open with (machines, producers,
 * CPU kinds, core speeds), each followed by an empty line.
 */
void	 ts_compare_warnings(struct ts_buf *, const struct ts_comparison *);

/*
 * Append the comparison as people read it: a line naming each side
 * (base_label, cand_label: a path, or a set's description), the
 * warnings, a line saying which test decided, then one row per workload
 * and pass with the figures compared and their unit, the change judged,
 * the interval that decides the verdict, the p-value for sets and the
 * runs a side (n), in benchstat's manner ("~" for no significant
 * change); the scores, with an interval for sets, marked "not judged"
 * for a pair; and a legend of the markers
 * (lib/report/report-compare-text.c).
 */
void	 ts_render_comparison_text(struct ts_buf *,
	    const struct ts_comparison *, const char *base_label,
	    const char *cand_label);

/* The same as a Markdown table, for a pull request or a wiki. */
void	 ts_render_comparison_markdown(struct ts_buf *,
	    const struct ts_comparison *, const char *base_label,
	    const char *cand_label);

/*
 * Append the producer warning as one line without a newline or the
 * "warning: " prefix ("different producers: 'A' vs 'B'", then
 * " (... kernels differ: not counted as regressions)" when some do), for
 * standard error; nothing when the producers are the same.
 */
void	 ts_producer_warning(struct ts_buf *, const struct ts_comparison *);

/*
 * Append the comparison as one pretty-printed JSON object (ending in a
 * newline), for scripts.  Layout documented in threadstone-compare(1).
 */
void	 ts_comparison_json(struct ts_buf *, const struct ts_comparison *,
	    const char *base_path, const char *cand_path);

/*
 * The same for sets of runs: "baseline" and "candidate" are arrays of
 * the paths, and "runs", the sides' "..._differ" lines, every row's runs,
 * interval, p-value and figures, and the scores' intervals are added.
 * With one path a side and a comparison of one document a side, this is
 * ts_comparison_json() byte for byte.
 */
void	 ts_comparison_json_sets(struct ts_buf *,
	    const struct ts_comparison *, const char *const *bpaths, size_t nb,
	    const char *const *cpaths, size_t nc);

#endif /* TS_REPORT_COMPARE_H */
