/* SPDX-License-Identifier: MIT */
/*
 * threadstone-verify's judgement of a parsed report: the original's
 * coherence problems and notes, the signature check, and our warnings
 * (recomputation within a tolerance, keys outside the signature).
 */
#include <config.h>

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "buf.h"
#include "doc/doc-ext-exec.h"
#include "doc/doc-producer.h"
#include "doc/doc-sign.h"
#include "report/report-verify.h"
#include "doc/doc-write.h"
#include "num/num-format.h"
#include "suite/suite-design.h"
#include "suite/suite-score.h"
#include "suite/suite-stats.h"
#include "util.h"

/* Append a formatted line to a list of strings. */
static void __attribute__((format(printf, 3, 4)))
add(char ***list, size_t *n, const char *fmt, ...)
{
	struct ts_buf b;
	va_list ap;

	ts_buf_init(&b);
	va_start(ap, fmt);
	ts_buf_vprintf(&b, fmt, ap);
	va_end(ap);
	*list = ts_xrealloc(*list, (*n + 1) * sizeof **list);
	(*list)[(*n)++] = b.data;
}

/*
 * The Display texts of doubles that one function's messages quote.  Each
 * num() allocates its text and keeps it until nums_free(), so any number
 * of them may appear in one message.
 */
struct nums {
	char	**text;
	size_t	  n;
};

/* A double in Rust's Display form, owned by t. */
static const char *
num(struct nums *t, double v)
{
	t->text = ts_xrealloc(t->text, (t->n + 1) * sizeof *t->text);
	t->text[t->n] = ts_fmt_display(v);
	return t->text[t->n++];
}

static void
nums_free(struct nums *t)
{
	while (t->n > 0)
		free(t->text[--t->n]);
	free(t->text);
	t->text = NULL;
}

/* The original's per-pass problems, W naming the pass. */
static void
pass_problems(const struct ts_pass *p, const char *id, const char *kind,
    struct ts_verdict *v)
{
	struct nums t = { NULL, 0 };
	const struct ts_stats *s = &p->stats;
	uint64_t total;
	size_t i;

	if (!(p->value > 0) || !isfinite(p->value))
		add(&v->problems, &v->nproblems, "%s %s: non-positive value %s",
		    id, kind, num(&t, p->value));
	if (p->threads == 0)
		add(&v->problems, &v->nproblems, "%s %s: zero threads", id,
		    kind);
	if (p->nsamples == 0)
		add(&v->problems, &v->nproblems, "%s %s: no samples recorded",
		    id, kind);
	for (i = 0; i < p->nsamples; i++)
		if (!isfinite(p->samples[i])) {
			add(&v->problems, &v->nproblems, "%s %s: contains a "
			    "non-finite sample", id, kind);
			break;
		}
	if (s->n > 0 && (p->value < s->min || p->value > s->max))
		add(&v->problems, &v->nproblems, "%s %s: value %s outside its "
		    "own range [%s, %s]", id, kind, num(&t, p->value),
		    num(&t, s->min), num(&t, s->max));
	if (s->min > s->max)
		add(&v->problems, &v->nproblems, "%s %s: min exceeds max", id,
		    kind);
	total = s->n + s->outliers;
	if (total < s->n)
		total = UINT64_MAX;
	if (total > p->nsamples)
		add(&v->problems, &v->nproblems, "%s %s: statistics count %"
		    PRIu64 " samples but only %zu are recorded", id, kind,
		    total, p->nsamples);
	nums_free(&t);
}

/* Whether two doubles agree within the tolerance, relative to scale. */
static int
close_to(double a, double b, double scale)
{
	double m;

	if (a == b || (isnan(a) && isnan(b)))
		return 1;
	if (!isfinite(a) || !isfinite(b))
		return 0;
	m = fmax(fmax(fabs(a), fabs(b)), fabs(scale));
	return fabs(a - b) <= TS_VERIFY_RTOL * m;
}

/*
 * The interval of a pass measured in executions (extensions.executions):
 * the t interval over the execution means recomputed from the samples,
 * into *ci95.  Return 0, or -1 when x does not describe the pass (its
 * counts do not add up to the samples, or fewer than two executions):
 * the original's interval then applies, and a warning says so.
 */
static int
design_ci95(const struct ts_pass *p, const struct ts_exec_pass *x,
    const char *id, const char *kind, struct ts_verdict *v, double *ci95)
{
	struct nums t = { NULL, 0 };
	struct ts_design_est est;
	uint64_t total = 0;
	double *means;
	size_t i;
	int rc = -1;

	for (i = 0; i < x->nexec; i++)
		total += x->counts[i];
	if (total != p->nsamples || x->nexec < 2) {
		add(&v->warnings, &v->nwarnings, "%s %s: extensions.executions "
		    "lists %s samples in %zu executions, the pass has %zu",
		    id, kind, num(&t, (double)total), x->nexec, p->nsamples);
		nums_free(&t);
		return -1;
	}
	means = ts_xcalloc(x->nexec, sizeof *means);
	if (ts_design_estimate(p->samples, x->counts, x->nexec, means, &est)
	    == 0 && est.p >= 2) {
		*ci95 = est.ci95;
		rc = 0;
		for (i = 0; i < x->nexec; i++)
			if (!close_to(x->means[i], means[i], 0)) {
				add(&v->warnings, &v->nwarnings, "%s %s: "
				    "execution %zu's mean %s is not its "
				    "samples' (%s)", id, kind, i + 1,
				    num(&t, x->means[i]), num(&t, means[i]));
				break;
			}
	}
	free(means);
	nums_free(&t);
	return rc;
}

/*
 * The passes of a document without extensions whose ci95 is the interval
 * over executions (see design_split): how many, and the range of their
 * executions and samples per execution.  infer says whether to look.
 */
struct split {
	bool	infer;
	size_t	passes;
	size_t	pmin, pmax, smin, smax;
};

/*
 * Whether ci95 is the interval threadstone-run gives a pass measured in
 * executions (extensions.executions, which a document loses when
 * ThreadStone 2.0.0 re-signs it): the Student t interval over the means of
 * p >= 2 executions of s samples each, the samples taken in the order
 * recorded, for some s that divides their number.  On a match *pexec and
 * *per get the first such split.
 */
static bool
design_split(const struct ts_pass *p, double ci95, double scale,
    size_t *pexec, size_t *per)
{
	struct ts_design_est est;
	uint32_t *counts;
	double *means;
	size_t n = p->nsamples, s, e, i;
	bool found = false;

	if (n < 2 || n > UINT32_MAX || !isfinite(ci95))
		return false;
	counts = ts_xcalloc(n, sizeof *counts);
	means = ts_xcalloc(n, sizeof *means);
	for (s = 1; s <= n / 2 && !found; s++) {
		if (n % s != 0)
			continue;
		e = n / s;
		for (i = 0; i < e; i++)
			counts[i] = (uint32_t)s;
		if (ts_design_estimate(p->samples, counts, e, means, &est) == 0
		    && est.p >= 2 && close_to(ci95, est.ci95, scale)) {
			*pexec = e;
			*per = s;
			found = true;
		}
	}
	free(counts);
	free(means);
	return found;
}

/* Count a pass whose ci95 design_split matched. */
static void
split_add(struct split *sp, size_t pexec, size_t per)
{
	if (sp->passes++ == 0) {
		sp->pmin = sp->pmax = pexec;
		sp->smin = sp->smax = per;
		return;
	}
	sp->pmin = pexec < sp->pmin ? pexec : sp->pmin;
	sp->pmax = pexec > sp->pmax ? pexec : sp->pmax;
	sp->smin = per < sp->smin ? per : sp->smin;
	sp->smax = per > sp->smax ? per : sp->smax;
}

/* A count or a range of counts, "8" or "8 to 12", into b. */
static void
range_text(struct ts_buf *b, size_t lo, size_t hi)
{
	if (lo == hi)
		ts_buf_printf(b, "%zu", lo);
	else
		ts_buf_printf(b, "%zu to %zu", lo, hi);
}

/* The note for the passes design_split matched, if any. */
static void
split_note(const struct split *sp, struct ts_verdict *v)
{
	struct ts_buf b;

	if (sp->passes == 0)
		return;
	ts_buf_init(&b);
	ts_buf_printf(&b, "the execution records were removed "
	    "(ThreadStone 2.0.0's sign drops extensions): the ci95 of %zu "
	    "pass%s matches ", sp->passes, sp->passes == 1 ? "" : "es");
	range_text(&b, sp->pmin, sp->pmax);
	ts_buf_puts(&b, " executions of ");
	range_text(&b, sp->smin, sp->smax);
	ts_buf_printf(&b, " sample%s, taken in the samples' order",
	    sp->smax == 1 ? "" : "s");
	add(&v->notes, &v->nnotes, "%s", b.data);
	ts_buf_free(&b);
}

/* Our recomputation of one pass: statistics, value, stability. */
static void
pass_recompute(const struct ts_pass *p, const char *id, const char *kind,
    const struct ts_exec_pass *x, struct split *sp, struct ts_verdict *v)
{
	struct nums t = { NULL, 0 };
	const struct ts_stats *s = &p->stats;
	struct ts_stats c;
	struct ts_buf b;
	double big = 0;
	size_t i, pexec, per;

	if (p->nsamples == 0 || ts_stats_summary(p->samples, p->nsamples,
	    &c) == -1)
		return;
	for (i = 0; i < p->nsamples; i++)
		if (isfinite(p->samples[i]))
			big = fmax(big, fabs(p->samples[i]));
	if (x != NULL)
		(void)design_ci95(p, x, id, kind, v, &c.ci95);
	else if (sp->infer && !close_to(s->ci95, c.ci95, big) &&
	    design_split(p, s->ci95, big, &pexec, &per)) {
		c.ci95 = s->ci95;
		split_add(sp, pexec, per);
	}
	ts_buf_init(&b);
#define CHECK(f, scale) do {						\
	if (!close_to(s->f, c.f, scale))				\
		ts_buf_printf(&b, "%s%s %s (recomputed %s)",		\
		    b.len ? ", " : "", #f, num(&t, s->f),		\
		    num(&t, c.f));					\
} while (0)
	if (s->n != c.n || s->outliers != c.outliers)
		ts_buf_printf(&b, "n %s + outliers %s (recomputed %s + %s)",
		    num(&t, (double)s->n), num(&t, (double)s->outliers),
		    num(&t, (double)c.n), num(&t, (double)c.outliers));
	CHECK(median, 0);
	CHECK(mean, 0);
	CHECK(stddev, big);
	CHECK(cv, c.mean != 0 ? big / fabs(c.mean) : 0);
	CHECK(min, 0);
	CHECK(max, 0);
	CHECK(p05, 0);
	CHECK(p95, 0);
	CHECK(ci95, big);
#undef CHECK
	if (s->stability != ts_stability_from_cv(s->cv))
		ts_buf_printf(&b, "%sstability %s (its cv gives %s)",
		    b.len ? ", " : "", ts_stability_name(s->stability),
		    ts_stability_name(ts_stability_from_cv(s->cv)));
	if (b.len > 0)
		add(&v->warnings, &v->nwarnings, "%s %s: statistics do not "
		    "match the samples: %s", id, kind, b.data);
	ts_buf_free(&b);
	if (!close_to(p->value, c.median, 0))
		add(&v->warnings, &v->nwarnings, "%s %s: value %s is not the "
		    "median of the retained samples (%s)", id, kind,
		    num(&t, p->value), num(&t, c.median));
	nums_free(&t);
}

/* Our checks of a workload against the reference table and its passes. */
static void
workload_recompute(const struct ts_workload *w,
    const struct ts_exec_design *d, struct split *sp, struct ts_verdict *v)
{
	struct nums t = { NULL, 0 };
	const struct ts_kernel *ref = ts_reference_find(w->id);
	struct ts_scaling sc;
	int has;

	if (ref == NULL)
		add(&v->warnings, &v->nwarnings, "%s: not a workload of %s",
		    w->id, TS_REFERENCE_NAME);
	else {
		if (w->reference != ref->reference)
			add(&v->warnings, &v->nwarnings, "%s: reference %s "
			    "differs from %s's %s", w->id,
			    num(&t, w->reference), TS_REFERENCE_NAME,
			    num(&t, ref->reference));
		if (w->unit != ref->unit)
			add(&v->warnings, &v->nwarnings, "%s: unit %s, "
			    "expected %s", w->id, ts_unit_name(w->unit),
			    ts_unit_name(ref->unit));
	}
	if (w->single != NULL)
		pass_recompute(w->single, w->id, "single-thread",
		    ts_exec_find(d, w->id, TS_EXEC_SINGLE), sp, v);
	if (w->multi != NULL)
		pass_recompute(w->multi, w->id, "multi-thread",
		    ts_exec_find(d, w->id, TS_EXEC_MULTI), sp, v);
	has = w->single != NULL && w->multi != NULL &&
	    ts_scaling_compute(w->single, w->multi, w->unit, &sc) == 0;
	if (has && w->scaling == NULL)
		add(&v->warnings, &v->nwarnings, "%s: scaling is missing",
		    w->id);
	else if (!has && w->scaling != NULL)
		add(&v->warnings, &v->nwarnings, "%s: scaling recorded "
		    "without the two passes it derives from", w->id);
	else if (has && (!close_to(w->scaling->speedup, sc.speedup, 0) ||
	    !close_to(w->scaling->efficiency, sc.efficiency, 0) ||
	    w->scaling->threads != sc.threads))
		add(&v->warnings, &v->nwarnings, "%s: scaling %s / %s / %s "
		    "does not match the passes (recomputed %s / %s / %s)",
		    w->id, num(&t, w->scaling->speedup),
		    num(&t, w->scaling->efficiency),
		    num(&t, (double)w->scaling->threads), num(&t, sc.speedup),
		    num(&t, sc.efficiency), num(&t, (double)sc.threads));
	nums_free(&t);
}

/* Compare one recorded score half with its recomputation. */
static void
score_half(const char *name, bool has, double score,
    const struct ts_component *c, size_t n, bool chas, double cscore,
    const struct ts_component *cc, size_t cn, struct ts_verdict *v)
{
	struct nums t = { NULL, 0 };
	size_t i;

	if (has != chas || (has && !close_to(score, cscore, 0))) {
		add(&v->warnings, &v->nwarnings, "score: %s %s does not match "
		    "the passes (recomputed %s)", name,
		    has ? num(&t, score) : "absent", chas ? num(&t, cscore) :
		    "absent");
	}
	if (n != cn) {
		add(&v->warnings, &v->nwarnings, "score: %s_components has %zu "
		    "entries, the passes give %zu", name, n, cn);
		nums_free(&t);
		return;
	}
	for (i = 0; i < n; i++)
		if (strcmp(c[i].id, cc[i].id) != 0 ||
		    !close_to(c[i].measured, cc[i].measured, 0) ||
		    !close_to(c[i].reference, cc[i].reference, 0) ||
		    !close_to(c[i].ratio, cc[i].ratio, 0))
			add(&v->warnings, &v->nwarnings, "score: %s component "
			    "%s (%s / %s = %s) does not match the passes "
			    "(%s: %s / %s = %s)", name, c[i].id,
			    num(&t, c[i].measured), num(&t, c[i].reference),
			    num(&t, c[i].ratio), cc[i].id,
			    num(&t, cc[i].measured), num(&t, cc[i].reference),
			    num(&t, cc[i].ratio));
	nums_free(&t);
}

/*
 * Warn about keys and objects the signatures do not cover.  A
 * whole-document signature covers everything (its verdict says whether it
 * holds); unknown keys are then only said to be ignored.
 */
static void
coverage(const struct ts_report *r, struct ts_verdict *v)
{
	struct ts_buf b;
	size_t i, shown = r->nunknown_keys < 8 ? r->nunknown_keys : 8;
	bool whole = v->whole != TS_SIG_ABSENT;

	if (r->nunknown_keys > 0) {
		ts_buf_init(&b);
		for (i = 0; i < shown; i++)
			ts_buf_printf(&b, "%s%s", i ? ", " : "",
			    r->unknown_keys[i]);
		if (shown < r->nunknown_keys)
			ts_buf_printf(&b, " and %zu more",
			    r->nunknown_keys - shown);
		add(&v->warnings, &v->nwarnings, r->signature != NULL &&
		    !whole ? "keys not covered by the signature: %s" :
		    "unknown keys, ignored: %s", b.data);
		ts_buf_free(&b);
	}
	if (r->ext.present && r->signature != NULL && !whole)
		add(&v->warnings, &v->nwarnings, "the \"extensions\" object is "
		    "not covered by the signature");
}

/* The problems that make the document incoherent, as the original's. */
static void
coherence(const struct ts_report *r, struct ts_verdict *v)
{
	struct nums t = { NULL, 0 };
	const struct ts_workload *w;
	size_t i;

	if (r->schema_version > TS_SCHEMA_VERSION)
		add(&v->problems, &v->nproblems, "schema version %u is newer "
		    "than this build understands (%d)", r->schema_version,
		    TS_SCHEMA_VERSION);
	if (r->system.logical_cores == 0)
		add(&v->problems, &v->nproblems, "system reports zero logical "
		    "cores");
	if (r->config.samples == 0)
		add(&v->problems, &v->nproblems, "configuration records zero "
		    "samples");
	if (!isfinite(r->duration_secs) || r->duration_secs < 0)
		add(&v->problems, &v->nproblems, "implausible duration %s",
		    num(&t, r->duration_secs));
	for (i = 0; i < r->nworkloads; i++) {
		w = &r->workloads[i];
		if (w->single != NULL)
			pass_problems(w->single, w->id, "single-thread", v);
		if (w->multi != NULL)
			pass_problems(w->multi, w->id, "multi-thread", v);
		if (w->single == NULL && w->multi == NULL && w->error == NULL)
			add(&v->problems, &v->nproblems, "%s: no passes and no "
			    "error explaining why", w->id);
	}
	nums_free(&t);
}

/* The signatures: the original's (over value) and the whole document's. */
static void
signatures(const struct ts_report *r, bool require_signature,
    struct ts_verdict *v)
{
	int rc;

	if (r->signature != NULL)
		(void)ts_key_fingerprint_b64(r->signature->public_key,
		    v->key_fp);
	if (r->signature == NULL)
		v->sig = require_signature ? TS_SIG_MISSING : TS_SIG_ABSENT;
	else if (ts_signature_check(r, v->sig_message,
	    sizeof v->sig_message) == 0)
		v->sig = TS_SIG_VERIFIED;
	else
		v->sig = TS_SIG_INVALID;
	switch (rc = ts_signature_check_document(r, v->whole_message,
	    sizeof v->whole_message)) {
	case 0:
		v->whole = TS_SIG_VERIFIED;
		break;
	case 1:
		v->whole = TS_SIG_ABSENT;
		break;
	default:
		v->whole = TS_SIG_INVALID;
		/* What value covers is intact: the rest was changed. */
		if (v->sig == TS_SIG_VERIFIED && rc == -2)
			snprintf(v->whole_message, sizeof v->whole_message,
			    "the whole-document signature does not match: "
			    "keys that ThreadStone 2.0.0 does not sign "
			    "(extensions) were modified after signing");
		break;
	}
}

/* The original's notes: debug build, older schema, noisy, failed. */
static void
notes(const struct ts_report *r, struct ts_verdict *v)
{
	const struct ts_workload *w;
	struct ts_buf noisy, failed;
	size_t i;

	if (r->system.build_profile.debug_assertions)
		add(&v->notes, &v->nnotes, "produced by a build with debug "
		    "assertions; the numbers do not describe an optimised "
		    "binary");
	if (r->schema_version < TS_SCHEMA_VERSION)
		add(&v->notes, &v->nnotes, "written against schema version %u, "
		    "current is %d", r->schema_version, TS_SCHEMA_VERSION);
	ts_buf_init(&noisy);
	ts_buf_init(&failed);
	for (i = 0; i < r->nworkloads; i++) {
		w = &r->workloads[i];
		if ((w->single != NULL &&
		    !ts_stability_trustworthy(w->single->stats.stability)) ||
		    (w->multi != NULL &&
		    !ts_stability_trustworthy(w->multi->stats.stability)))
			ts_buf_printf(&noisy, "%s%s", noisy.len ? ", " : "",
			    w->id);
		if (w->error != NULL)
			ts_buf_printf(&failed, "%s%s", failed.len ? ", " : "",
			    w->id);
	}
	if (noisy.len > 0)
		add(&v->notes, &v->nnotes, "high run-to-run variance in %s",
		    noisy.data);
	if (failed.len > 0)
		add(&v->notes, &v->nnotes, "workloads that failed to run: %s",
		    failed.data);
	ts_buf_free(&noisy);
	ts_buf_free(&failed);
}

/* Beyond the original: the statistics and the scores recomputed. */
static void
recompute(const struct ts_report *r, struct ts_verdict *v)
{
	const struct ts_exec_design *design;
	struct ts_producer who;
	struct ts_score sc;
	struct split sp;
	size_t i;

	design = ts_exec_ext_get(&r->ext);
	if (design == NULL && ts_ext_get(&r->ext, &ts_ext_key_executions) !=
	    NULL)
		add(&v->warnings, &v->nwarnings, "extensions.executions is "
		    "not a design this build reads: the intervals are checked "
		    "as the original's");
	/*
	 * A document of ours that lost its extensions (the original's sign
	 * drops them) keeps intervals over executions that the samples
	 * alone do not give; one that still has them, or that the original
	 * wrote, is checked as it stands.
	 */
	memset(&sp, 0, sizeof sp);
	ts_producer_of(r, &who);
	sp.infer = !r->ext.present && who.family != TS_FAMILY_RUST;
	ts_producer_free(&who);
	for (i = 0; i < r->nworkloads; i++)
		workload_recompute(&r->workloads[i], design, &sp, v);
	split_note(&sp, v);
	ts_score_build(r->workloads, r->nworkloads, &sc);
	score_half("single_core", r->score.has_single_core,
	    r->score.single_core, r->score.single_components,
	    r->score.nsingle_components, sc.has_single_core, sc.single_core,
	    sc.single_components, sc.nsingle_components, v);
	score_half("multi_core", r->score.has_multi_core,
	    r->score.multi_core, r->score.multi_components,
	    r->score.nmulti_components, sc.has_multi_core, sc.multi_core,
	    sc.multi_components, sc.nmulti_components, v);
	ts_score_free(&sc);
}

void
ts_verify_report(const struct ts_report *r, bool require_signature,
    struct ts_verdict *v)
{
	memset(v, 0, sizeof *v);
	coherence(r, v);
	signatures(r, require_signature, v);
	notes(r, v);
	recompute(r, v);
	coverage(r, v);
	v->pass = v->nproblems == 0 && (v->sig == TS_SIG_VERIFIED ||
	    v->sig == TS_SIG_ABSENT) && v->whole != TS_SIG_INVALID;
}

void
ts_verdict_trust(struct ts_verdict *v, const struct ts_trust *t)
{
	const char *by = ts_trust_find(t, v->key_fp);

	v->ntrusted = t->n;
	free(v->trusted_by);
	v->trusted_by = by != NULL ? ts_xstrdup(by) : NULL;
	v->trust = by != NULL ? TS_TRUST_TRUSTED : TS_TRUST_UNTRUSTED;
	if (v->sig == TS_SIG_ABSENT)
		v->sig = TS_SIG_MISSING;
	if (v->trust != TS_TRUST_TRUSTED)
		v->pass = false;
}

void
ts_verdict_free(struct ts_verdict *v)
{
	ts_strv_free(v->problems, v->nproblems);
	ts_strv_free(v->notes, v->nnotes);
	ts_strv_free(v->warnings, v->nwarnings);
	free(v->trusted_by);
	memset(v, 0, sizeof *v);
}

void
ts_verdict_text(const char *path, const struct ts_verdict *v,
    struct ts_buf *out)
{
	size_t i;

	ts_buf_printf(out, "%s %s\n", v->pass ? "OK  " : "FAIL", path);
	ts_buf_puts(out, "  structure   valid\n");
	if (v->nproblems == 0)
		ts_buf_puts(out, "  contents    coherent\n");
	else {
		ts_buf_puts(out, "  contents    INVALID\n");
		for (i = 0; i < v->nproblems; i++)
			ts_buf_printf(out, "    - %s\n", v->problems[i]);
	}
	switch (v->sig) {
	case TS_SIG_VERIFIED:
		ts_buf_puts(out, "  signature   verified\n");
		break;
	case TS_SIG_INVALID:
		ts_buf_printf(out, "  signature   INVALID: %s\n",
		    v->sig_message);
		break;
	case TS_SIG_MISSING:
		ts_buf_puts(out, "  signature   MISSING (required by "
		    "--require-signature)\n");
		break;
	default:
		ts_buf_puts(out, "  signature   absent (nothing to check)\n");
		break;
	}
	if (v->whole == TS_SIG_VERIFIED)
		ts_buf_puts(out, "  document    verified (extensions "
		    "included)\n");
	else if (v->whole == TS_SIG_INVALID)
		ts_buf_printf(out, "  document    INVALID: %s\n",
		    v->whole_message);
	if (v->key_fp[0] != '\0') {
		ts_buf_printf(out, "  key         %s ", v->key_fp);
		if (v->trust == TS_TRUST_TRUSTED)
			ts_buf_printf(out, "(trusted: %s)\n", v->trusted_by);
		else if (v->trust == TS_TRUST_UNTRUSTED)
			ts_buf_printf(out, "NOT TRUSTED (%s%zu key%s "
			    "--trusted-key named)\n", v->ntrusted == 1 ?
			    "not the " : "none of the ", v->ntrusted,
			    v->ntrusted == 1 ? "" : "s");
		else
			ts_buf_puts(out, "(no --trusted-key named)\n");
	} else if (v->trust == TS_TRUST_UNTRUSTED)
		ts_buf_puts(out, "  key         NOT TRUSTED (no key to check "
		    "against --trusted-key)\n");
	for (i = 0; i < v->nnotes; i++)
		ts_buf_printf(out, "  note: %s\n", v->notes[i]);
}

void
ts_verdict_parse_failure_text(const char *path, const char *message,
    struct ts_buf *out)
{
	ts_buf_printf(out, "FAIL %s\n  not a valid result document: %s\n",
	    path, message);
}

/* A json-c array of strings. */
static struct json_object *
string_array(char **l, size_t n)
{
	struct json_object *a = json_object_new_array();
	size_t i;

	for (i = 0; i < n; i++)
		json_object_array_add(a, json_object_new_string(l[i]));
	return a;
}

void
ts_verdict_json(const char *path, const struct ts_verdict *v,
    const char *parse_error, struct ts_buf *out)
{
	static const char *const states[] = { "verified", "invalid",
	    "missing", "absent" };
	struct json_object *o = json_object_new_object(), *s;

	json_object_object_add(o, "file", json_object_new_string(path));
	json_object_object_add(o, "pass", json_object_new_boolean(v != NULL &&
	    v->pass));
	json_object_object_add(o, "structure",
	    json_object_new_string(v != NULL ? "valid" : "invalid"));
	json_object_object_add(o, "error", parse_error != NULL ?
	    json_object_new_string(parse_error) : NULL);
	if (v != NULL) {
		json_object_object_add(o, "problems",
		    string_array(v->problems, v->nproblems));
		s = json_object_new_object();
		json_object_object_add(s, "status",
		    json_object_new_string(states[v->sig]));
		json_object_object_add(s, "message", v->sig == TS_SIG_INVALID ?
		    json_object_new_string(v->sig_message) : NULL);
		json_object_object_add(o, "signature", s);
		s = json_object_new_object();
		json_object_object_add(s, "status",
		    json_object_new_string(v->whole == TS_SIG_INVALID ?
		    "invalid" : v->whole == TS_SIG_VERIFIED ? "verified" :
		    "absent"));
		json_object_object_add(s, "message", v->whole ==
		    TS_SIG_INVALID ? json_object_new_string(v->whole_message) :
		    NULL);
		json_object_object_add(o, "document_signature", s);
		s = NULL;
		if (v->key_fp[0] != '\0' || v->trust != TS_TRUST_UNCHECKED) {
			s = json_object_new_object();
			json_object_object_add(s, "fingerprint",
			    v->key_fp[0] != '\0' ?
			    json_object_new_string(v->key_fp) : NULL);
			json_object_object_add(s, "trusted", v->trust ==
			    TS_TRUST_UNCHECKED ? NULL :
			    json_object_new_boolean(v->trust ==
			    TS_TRUST_TRUSTED));
			json_object_object_add(s, "trusted_by", v->trusted_by !=
			    NULL ? json_object_new_string(v->trusted_by) :
			    NULL);
		}
		json_object_object_add(o, "key", s);
		json_object_object_add(o, "notes",
		    string_array(v->notes, v->nnotes));
		json_object_object_add(o, "warnings",
		    string_array(v->warnings, v->nwarnings));
	}
	ts_json_write_pretty(o, out);
	json_object_put(o);
}
