/* SPDX-License-Identifier: MIT */
/*
 * threadstone-sign: sign a result document with an Ed25519 PKCS#8 key,
 * writing it back in the original's pretty form.  Unlike the original it
 * checks an existing signature and the contents before replacing anything.
 */
#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli-opt.h"
#include "cli.h"
#include "doc/doc-read.h"
#include "doc/doc-sign.h"
#include "msg.h"
#include "report/report-verify.h"
#include "doc/doc-write.h"
#include "exitcodes.h"
#include "outfile.h"

/* What the command line sets. */
struct sign_opts {
	const char	*key;
	const char	*out;
	bool		 force;
};

#define F(m)	TS_FIELD(struct sign_opts, m)
static const struct ts_opt opts[] = {
	TS_OPT_STRING('k', "key", F(key), "PATH", "the private key (required)"),
	TS_OPT_OUT(F(out), "PATH",
	    "write the signed document to PATH, not FILE"),
	TS_OPT_FLAG(0, "force", F(force),
	    "replace an invalid signature, and sign a file\n"
	    "whose contents are not coherent"),
	TS_OPT_LAST
};

static const struct ts_cli_prog prog = {
	.usage = "Usage: %s [OPTION]... FILE --key PATH\n"
	    "Sign a ThreadStone result document with an Ed25519 private key\n"
	    "(PKCS#8 DER: threadstone-keygen's 83-byte form, the 85-byte form\n"
	    "of older ring versions, or openssl genpkey's 48-byte form).\n"
	    "The document is rewritten in canonical pretty form, in place\n"
	    "unless --out is given, and replaced whole or not at all.\n"
	    "\n",
	.opts = opts,
	.tail = "\n"
	    "Exit status: 0 signed, 1 failure or refusal, 2 usage error.\n",
	.col = 19,
	.eq = true
};

static int
check_before_signing(const char *path, const struct ts_report *r,
    bool force)
{
	struct ts_verdict v;
	char msg[256];
	int rc = 0;

	if (r->signature != NULL && !force &&
	    (ts_signature_check(r, msg, sizeof msg) == -1 ||
	    ts_signature_check_document(r, msg, sizeof msg) < 0)) {
		ts_error("%s: its signature is invalid (%s); use --force to "
		    "replace it", path, msg);
		return -1;
	}
	ts_verify_report(r, false, &v);
	if (v.nproblems > 0 && !force) {
		ts_error("%s: contents not coherent (%s%s); use --force to "
		    "sign anyway", path, v.problems[0], v.nproblems > 1 ?
		    ", and more" : "");
		rc = -1;
	}
	ts_verdict_free(&v);
	return rc;
}

int
main(int argc, char *argv[])
{
	struct sign_opts o = { NULL, NULL, false };
	const char *path;
	struct ts_report r;
	struct ts_key key;
	char err[1024];
	int first, rc;

	first = ts_cli_parse(&prog, argc, argv, &o, sizeof o);
	if (argc - first != 1) {
		ts_error("expected exactly one FILE (see --help)");
		return TS_EXIT_USAGE;
	}
	if (o.key == NULL) {
		ts_error("the option --key PATH is required");
		return TS_EXIT_USAGE;
	}
	path = argv[first];
	if (o.out == NULL)
		o.out = path;

	if (ts_doc_load(path, path, &r, err, sizeof err) != 0) {
		ts_error("%s", err);
		return TS_EXIT_FAILURE;
	}
	if (check_before_signing(path, &r, o.force) == -1) {
		ts_report_free(&r);
		return TS_EXIT_FAILURE;
	}
	if (ts_check_writable(o.out, err, sizeof err) == -1 ||
	    ts_key_load(o.key, &key, err, sizeof err) == -1) {
		ts_error("%s", err);
		ts_report_free(&r);
		return TS_EXIT_FAILURE;
	}
	if (r.nunknown_keys > 0)
		ts_warning("%s: dropping %zu key%s the document model does not "
		    "know (first: %s)", path, r.nunknown_keys,
		    r.nunknown_keys > 1 ? "s" : "", r.unknown_keys[0]);
	rc = ts_report_sign(&r, &key);
	ts_key_clear(&key);
	if (rc == -1) {
		ts_error("libcrypto could not sign %s", path);
		ts_report_free(&r);
		return TS_EXIT_FAILURE;
	}
	if (ts_doc_write_file(&r, o.out, err, sizeof err) == -1) {
		ts_error("%s", err);
		ts_report_free(&r);
		return TS_EXIT_FAILURE;
	}
	ts_report_free(&r);
	printf("signed %s\n", o.out);
	return ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
}
