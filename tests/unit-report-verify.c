/* SPDX-License-Identifier: MIT */
/*
 * lib/report/report-verify.c: the three questions of threadstone-verify
 * on the fixtures and on edits of them: coherence problems, the
 * signature's verdict (verified, invalid, absent, missing), notes, our
 * warnings, and the text and JSON verdicts; a document of ours that the
 * original re-signed (its extensions gone) told from one whose statistics
 * were edited.
 */
#include <config.h>

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "doc/doc-ext-keys.h"
#include "doc/doc-read.h"
#include "doc-fixture.h"
#include "report/report-verify.h"
#include "suite/suite-design.h"
#include "tap.h"
#include "util.h"

/* Whether one of the n strings of l contains s. */
static bool
has(char **l, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strstr(l[i], s) != NULL)
			return true;
	return false;
}

/* Read fixture name into *r; bail out if it does not read. */
static void
load(const char *name, struct ts_report *r)
{
	struct ts_buf b;
	char err[512];

	fixture(name, &b);
	if (ts_doc_parse(b.data, b.len, r, err, sizeof err) != 0) {
		printf("Bail out! %s: %s\n", name, err);
		exit(1);
	}
	ts_buf_free(&b);
}


#define REMOVED	"the execution records were removed " \
	"(ThreadStone 2.0.0's sign drops extensions)"

/*
 * The interval over executions of s samples each, the samples of p taken
 * in order (what threadstone-run records as a pass's ci95).
 */
static double
split_ci95(const struct ts_pass *p, uint32_t s)
{
	struct ts_design_est est;
	uint32_t counts[64];
	double means[64];
	size_t i, e = p->nsamples / s;

	if (e > 64)
		return NAN;
	for (i = 0; i < e; i++)
		counts[i] = s;
	ts_design_estimate(p->samples, counts, e, means, &est);
	return est.ci95;
}

/* A document of ours without its extensions, and its edits. */
static void
test_removed_extensions(void)
{
	struct ts_verdict v;
	struct ts_report r;

	/*
	 * ours-resigned-by-original.json: `threadstone-run -q -w sha256
	 * --out ours.json` (this package, 8 executions of 2 samples), then
	 * ThreadStone 2.0.0's `threadstone sign ours.json --key
	 * threadstone.key --out ours-resigned-by-original.json` with a key
	 * of its keygen; the original's verify of it is
	 * expected-verify-ours-resigned-by-original.txt.
	 */
	load("ours-resigned-by-original.json", &r);
	ts_verify_report(&r, true, &v);
	ok(v.pass && v.sig == TS_SIG_VERIFIED && v.nwarnings == 0,
	    "re-signed by the original: verified, no warning (%zu)",
	    v.nwarnings);
	ok(v.nnotes == 2 && has(v.notes, v.nnotes, REMOVED ": the ci95 of 2 "
	    "passes matches 8 executions of 2 samples, taken in the samples' "
	    "order"), "one note says the execution records were removed");
	ts_verdict_free(&v);
	/* Its single-thread ci95 edited: that pass warns, the other not. */
	r.workloads[0].single->stats.ci95 *= 1.01;
	ts_verify_report(&r, false, &v);
	ok(has(v.warnings, v.nwarnings, "sha256 single-thread: statistics do "
	    "not match the samples: ci95 ") && v.nwarnings == 1 &&
	    has(v.notes, v.nnotes, "the ci95 of 1 pass matches 8 executions"),
	    "an edited ci95 still warns; the untouched pass is noted");
	ts_verdict_free(&v);
	/* The z interval of the samples, as the original computes it. */
	r.workloads[0].single->stats.ci95 = 1.96 *
	    r.workloads[0].single->stats.stddev /
	    sqrt((double)r.workloads[0].single->stats.n);
	r.workloads[0].multi->stats.ci95 = split_ci95(r.workloads[0].multi, 4);
	ts_verify_report(&r, false, &v);
	ok(v.nwarnings == 0 && has(v.notes, v.nnotes, "the ci95 of 1 pass "
	    "matches 4 executions of 4 samples"), "the samples' own interval "
	    "needs no note; another split is named as found");
	ts_verdict_free(&v);
	ts_report_free(&r);

	/* With its extensions: an edited ci95 warns as before. */
	load("executions-run.json", &r);
	ts_verify_report(&r, false, &v);
	ok(v.pass && v.nwarnings == 0, "executions-run.json: no warning");
	ts_verdict_free(&v);
	r.workloads[0].multi->stats.ci95 *= 1.01;
	ts_verify_report(&r, false, &v);
	ok(has(v.warnings, v.nwarnings, "sha256 multi-thread: statistics do "
	    "not match the samples: ci95 ") &&
	    !has(v.notes, v.nnotes, "execution records"),
	    "extensions present, ci95 edited: the warning, no note");
	ts_verdict_free(&v);
	/* The same interval as the split would give: the records decide. */
	r.workloads[0].multi->stats.ci95 = split_ci95(r.workloads[0].multi, 1);
	ts_verify_report(&r, false, &v);
	ok(has(v.warnings, v.nwarnings, "sha256 multi-thread: statistics do "
	    "not match the samples: ci95 "), "extensions present: a ci95 of "
	    "another split still warns");
	ts_verdict_free(&v);
	r.workloads[0].multi->stats.ci95 = split_ci95(r.workloads[0].multi, 2);
	ts_extensions_free(&r.ext);
	ts_verify_report(&r, false, &v);
	ok(v.nwarnings == 0 && has(v.notes, v.nnotes, REMOVED ": the ci95 of "
	    "4 passes matches 4 executions of 2 samples"),
	    "executions-run.json without its extensions: the note, no "
	    "warning");
	ts_verdict_free(&v);
	ts_report_free(&r);

	/* The original's document: its intervals are the samples' own. */
	load("apple-m4-pro.json", &r);
	r.workloads[0].single->stats.ci95 =
	    split_ci95(r.workloads[0].single, 3);
	ts_verify_report(&r, false, &v);
	ok(has(v.warnings, v.nwarnings, "statistics do not match the "
	    "samples: ci95 ") && !has(v.notes, v.nnotes, "execution records"),
	    "the original's document with a ci95 over executions warns");
	ts_verdict_free(&v);
	ts_report_free(&r);
}

int
main(void)
{
	struct ts_verdict v;
	struct ts_report r;
	struct ts_buf b;

	fixture_dir();
	load("apple-m4-pro.json", &r);
	ts_verify_report(&r, true, &v);
	ok(v.pass && v.nproblems == 0 && v.sig == TS_SIG_VERIFIED,
	    "the signed fixture passes, signature verified");
	ts_buf_init(&b);
	ts_verdict_text("a.json", &v, &b);
	is_str(b.data, "OK   a.json\n  structure   valid\n"
	    "  contents    coherent\n  signature   verified\n"
	    "  key         SHA256:wuN0/nPcpBXM14wATP8yFL8pj5ZnnzNtEtvQskJFGcg "
	    "(no --trusted-key named)\n",
	    "its verdict block, with the signing key's fingerprint");
	{
		struct ts_trust t = { NULL, NULL, 0, 0 };
		char fp[TS_FINGERPRINT_MAX];
		uint8_t other[32];

		memset(other, 7, sizeof other);
		t.fps = ts_xcalloc(1, sizeof *t.fps);
		t.from = ts_xcalloc(1, sizeof *t.from);
		t.from[0] = ts_xstrdup("other.pub");
		ok(ts_key_fingerprint(other, t.fps[0]) == 0 &&
		    strncmp(t.fps[0], "SHA256:", 7) == 0 &&
		    strlen(t.fps[0]) == 50, "a fingerprint: SHA256: and 43 "
		    "characters (%s)", t.fps[0]);
		t.n = 1;
		ts_verdict_trust(&v, &t);
		ok(!v.pass && v.trust == TS_TRUST_UNTRUSTED,
		    "signed by a key not trusted: fails");
		memcpy(fp, v.key_fp, sizeof fp);
		memcpy(t.fps[0], fp, sizeof fp);
		ts_verdict_free(&v);
		ts_verify_report(&r, true, &v);
		ts_verdict_trust(&v, &t);
		ok(v.pass && v.trust == TS_TRUST_TRUSTED &&
		    strcmp(v.trusted_by, "other.pub") == 0,
		    "signed by the trusted key: passes, naming the file");
		ts_trust_free(&t);
	}
	{
		/* A raw key whose bytes hold a newline is still a raw key. */
		char path[] = "/tmp/unit-report-verify-XXXXXX", err[512];
		struct ts_trust t = { NULL, NULL, 0, 0 };
		uint8_t key[32];
		int fd;

		memset(key, 0x41, sizeof key);
		key[5] = '\n';
		fd = mkstemp(path);
		ok(fd >= 0 && write(fd, key, sizeof key) == (ssize_t)sizeof key &&
		    close(fd) == 0 && ts_trust_load(&t, path, err, sizeof err)
		    == 0 && t.n == 1, "a 32-byte key file with a newline byte "
		    "is one raw key");
		if (fd >= 0)
			unlink(path);
		ts_trust_free(&t);
	}
	b.len = 0;
	ts_verdict_json("a.json", &v, NULL, &b);
	ok(strstr(b.data, "\"pass\": true") != NULL &&
	    strstr(b.data, "\"status\": \"verified\"") != NULL &&
	    strstr(b.data, "\"error\": null") != NULL,
	    "its JSON verdict");
	ts_verdict_free(&v);

	/* One sample changed in its 15th digit: the signature fails. */
	r.workloads[2].single->samples[3] *= 1 + 1e-15;
	ts_verify_report(&r, false, &v);
	ok(!v.pass && v.sig == TS_SIG_INVALID && v.sig_message[0] != '\0',
	    "an edited sample: signature invalid, verdict FAIL (%s)",
	    v.sig_message);
	b.len = 0;
	ts_verdict_text("a.json", &v, &b);
	ok(strncmp(b.data, "FAIL a.json\n", 12) == 0 &&
	    strstr(b.data, "  signature   INVALID: ") != NULL,
	    "its verdict block says so");
	ts_verdict_free(&v);

	/* Unsigned, with extensions: absent, or missing when required. */
	free(r.signature->algorithm);
	free(r.signature->public_key);
	free(r.signature->value);
	free(r.signature);
	r.signature = NULL;
	ts_verify_report(&r, false, &v);
	ok(v.pass && v.sig == TS_SIG_ABSENT, "unsigned: absent, still OK");
	ts_verdict_free(&v);
	ts_verify_report(&r, true, &v);
	ok(!v.pass && v.sig == TS_SIG_MISSING,
	    "unsigned with the signature required: MISSING, FAIL");
	ts_verdict_free(&v);

	/* Problems of coherence, and notes. */
	r.system.logical_cores = 0;
	r.config.samples = 0;
	r.schema_version = 1;
	r.system.build_profile.debug_assertions = true;
	free(r.workloads[1].error);
	r.workloads[1].error = ts_xstrdup("cannot set up");
	ts_verify_report(&r, false, &v);
	ok(!v.pass && has(v.problems, v.nproblems, "zero logical cores") &&
	    has(v.problems, v.nproblems, "zero samples"),
	    "zero cores and zero samples are problems (%zu)", v.nproblems);
	ok(has(v.notes, v.nnotes, "debug assertions") &&
	    has(v.notes, v.nnotes, "schema version 1") &&
	    has(v.notes, v.nnotes, "failed to run: "),
	    "debug build, older schema and a failed workload are notes");
	b.len = 0;
	ts_verdict_text("a.json", &v, &b);
	ok(strstr(b.data, "  contents    INVALID\n    - ") != NULL &&
	    strstr(b.data, "  note: ") != NULL, "listed in the block");
	ts_verdict_free(&v);
	ts_report_free(&r);

	/* Ours: extensions outside the signature are a warning only. */
	load("run-signed-at-runtime.json", &r);
	ts_ext_set_string(&r.ext, &ts_ext_key_producer, "x");
	ts_verify_report(&r, false, &v);
	ok(v.pass && has(v.warnings, v.nwarnings, "\"extensions\" object is "
	    "not covered by the signature"),
	    "signed extensions: a warning, the verdict unchanged");
	ts_verdict_free(&v);
	ts_report_free(&r);

	b.len = 0;
	ts_verdict_parse_failure_text("x.json", "expected value", &b);
	is_str(b.data, "FAIL x.json\n  not a valid result document: "
	    "expected value\n", "a file that does not parse");
	b.len = 0;
	ts_verdict_json("x.json", NULL, "expected value", &b);
	ok(strstr(b.data, "\"pass\": false") != NULL &&
	    strstr(b.data, "\"structure\": \"invalid\"") != NULL &&
	    strstr(b.data, "\"error\": \"expected value\"") != NULL,
	    "and its JSON verdict");
	ts_buf_free(&b);
	test_removed_extensions();
	return done_testing();
}
