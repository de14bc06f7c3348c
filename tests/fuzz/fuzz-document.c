/* SPDX-License-Identifier: MIT */
/*
 * Fuzz target: the document reader and the verifier.  An input is read
 * as threadstone-verify reads a file (valid UTF-8 as a whole, then the
 * strict reader); a document that is read is verified, its verdict
 * rendered as text and JSON, and it is written out pretty and canonical.
 * Properties: nothing crashes or leaks, and the pretty form of a
 * document that was read is read back.
 */
#include <config.h>

#include <string.h>

#include "buf.h"
#include "doc/doc-model.h"
#include "doc/doc-parse.h"
#include "doc/doc-read.h"
#include "report/report-verify.h"
#include "doc/doc-write.h"
#include "fuzz.h"

const char ts_fuzz_name[] = "document";

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	struct ts_report r, again;
	struct ts_verdict v;
	struct ts_buf out, pretty;
	char err[512];

	if (!ts_utf8_valid(text, size, NULL))
		return 0;
	if (ts_doc_parse(text, size, &r, err, sizeof err) != 0) {
		ts_buf_init(&out);
		ts_verdict_parse_failure_text("fuzz", err, &out);
		ts_verdict_json("fuzz", NULL, err, &out);
		ts_buf_free(&out);
		return 0;
	}
	ts_verify_report(&r, true, &v);
	ts_buf_init(&out);
	ts_verdict_text("fuzz", &v, &out);
	ts_verdict_json("fuzz", &v, NULL, &out);
	ts_doc_canonical(&r, &out);
	ts_buf_free(&out);
	ts_verdict_free(&v);

	ts_buf_init(&pretty);
	ts_doc_pretty(&r, &pretty);
	FUZZ_ASSERT(ts_utf8_valid(pretty.data, pretty.len, NULL));
	if (ts_doc_parse(pretty.data, pretty.len, &again, err,
	    sizeof err) != 0) {
		fprintf(stderr, "pretty form not read back: %s\n", err);
		FUZZ_ASSERT(!"the pretty form of a read document reads back");
	}
	ts_report_free(&again);
	ts_buf_free(&pretty);
	ts_report_free(&r);
	return 0;
}
