/* SPDX-License-Identifier: MIT */
/*
 * threadstone-verify: does a result document parse, is it coherent, and is
 * its signature intact?  Output and verdict as ThreadStone 2.0.0's verify,
 * with the signing key's fingerprint; with --trusted-key, was it signed by
 * a key the user trusts?
 */
#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "buf.h"
#include "cli-opt.h"
#include "cli.h"
#include "doc/doc-read.h"
#include "doc/doc-trust.h"
#include "msg.h"
#include "report/report-verify.h"
#include "exitcodes.h"
#include "util.h"

/* What the command line sets. */
struct verify_opts {
	bool		 require;
	bool		 json;
	struct ts_trust	 trust;
};

/* --trusted-key: read at once, so that a bad key file is said before FILE. */
static void
trusted_key(void *fields, const char *arg, const struct ts_opt *opt)
{
	struct verify_opts *o = fields;
	char err[1024];

	(void)opt;
	if (ts_trust_load(&o->trust, ts_operand_path(arg), err,
	    sizeof err) == -1) {
		ts_error("--trusted-key: %s", err);
		ts_trust_free(&o->trust);
		exit(TS_EXIT_FAILURE);
	}
	o->require = true;
}

#define F(m)	TS_FIELD(struct verify_opts, m)
static const struct ts_opt opts[] = {
	TS_OPT_FLAG(0, "require-signature", F(require),
	    "fail when the file is not signed"),
	TS_OPT_CALL(0, "trusted-key", trusted_key, "FILE",
	    "fail unless a key of FILE signed it\n"
	    "(threadstone.pub, or base64 keys or\n"
	    "SHA256: fingerprints one a line;\n"
	    "repeatable; implies --require-signature)"),
	TS_OPT_FLAG(0, "json", F(json), "print the verdict as JSON"),
	TS_OPT_LAST
};

static const struct ts_cli_prog prog = {
	.usage = "Usage: %s [OPTION]... FILE\n"
	    "Check a ThreadStone result document: that it parses, that its\n"
	    "contents are coherent, and that its signature (if any) matches.\n"
	    "Recomputed statistics, scores and keys outside the signature are\n"
	    "reported as warnings on standard error; they do not fail the file.\n"
	    "FILE may be - for standard input.\n"
	    "\n",
	.opts = opts,
	.tail = "\n"
	    "The signing key's fingerprint (SHA256: and the base64 of the SHA-256\n"
	    "of the raw 32-byte key, as threadstone-keygen prints it) is shown on\n"
	    "every verify of a signed file.\n"
	    "\n"
	    "Exit status: 0 the file passed, 1 it failed (also when signed by a\n"
	    "key no --trusted-key names) or a file could not be read, 2 usage\n"
	    "error.\n",
	.col = 27
};

int
main(int argc, char *argv[])
{
	struct verify_opts o = { false, false, { NULL, NULL, 0, 0 } };
	struct ts_verdict v;
	struct ts_report r;
	struct ts_buf out;
	const char *path;
	char err[1024];
	size_t i;
	int first, rc;

	first = ts_cli_parse(&prog, argc, argv, &o, sizeof o);
	if (argc - first != 1) {
		ts_error("expected exactly one FILE (see --help)");
		ts_trust_free(&o.trust);
		return TS_EXIT_USAGE;
	}
	path = argv[first];

	rc = ts_doc_read(ts_operand_path(path), &r, err, sizeof err);
	if (rc == TS_DOC_EREAD) {
		ts_error("%s", err);
		ts_trust_free(&o.trust);
		return TS_EXIT_FAILURE;
	}
	ts_buf_init(&out);
	if (rc == TS_DOC_EPARSE) {
		if (o.json)
			ts_verdict_json(path, NULL, err, &out);
		else
			ts_verdict_parse_failure_text(path, err, &out);
		fwrite(out.data, 1, out.len, stdout);
		if (o.json)
			putchar('\n');
		ts_buf_free(&out);
		ts_trust_free(&o.trust);
		if (ts_close_stdout() != 0)
			return TS_EXIT_FAILURE;
		ts_error("%s failed verification", path);
		return TS_EXIT_FAILURE;
	}

	ts_verify_report(&r, o.require, &v);
	if (o.trust.n > 0)
		ts_verdict_trust(&v, &o.trust);
	if (o.json) {
		ts_verdict_json(path, &v, NULL, &out);
		ts_buf_putc(&out, '\n');
	} else
		ts_verdict_text(path, &v, &out);
	fwrite(out.data, 1, out.len, stdout);
	ts_buf_free(&out);
	rc = ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
	if (!o.json)
		for (i = 0; i < v.nwarnings; i++)
			ts_warning("%s: %s", path, v.warnings[i]);
	if (!v.pass) {
		if (v.trust == TS_TRUST_UNTRUSTED && v.sig == TS_SIG_VERIFIED)
			ts_error("%s failed verification: signed by %s, a key "
			    "no --trusted-key names", path, v.key_fp);
		else
			ts_error("%s failed verification", path);
		rc = TS_EXIT_FAILURE;
	}
	ts_verdict_free(&v);
	ts_report_free(&r);
	ts_trust_free(&o.trust);
	return rc;
}
