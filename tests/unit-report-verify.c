/* SPDX-License-Identifier: MIT */
/*
 * lib/report/report-verify.c: the three questions of threadstone-verify
 * on the fixtures and on edits of them: coherence problems, the
 * signature's verdict (verified, invalid, absent, missing), notes, our
 * warnings, and the text and JSON verdicts.
 */
#include <config.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "doc/doc-ext-keys.h"
#include "doc/doc-read.h"
#include "doc-fixture.h"
#include "report/report-verify.h"
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
	    "  contents    coherent\n  signature   verified\n",
	    "its verdict block");
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
	return done_testing();
}
