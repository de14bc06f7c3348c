/* SPDX-License-Identifier: MIT */
/*
 * threadstone-verify: does a result document parse, is it coherent, and is
 * its signature intact?  Output and verdict as ThreadStone 2.0.0's verify,
 * with the signing key's fingerprint; with --trusted-key, was it signed by
 * a key the user trusts?
 */
#include <config.h>

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "buf.h"
#include "cli.h"
#include "doc/doc-read.h"
#include "doc/doc-trust.h"
#include "msg.h"
#include "report/report-verify.h"
#include "exitcodes.h"
#include "util.h"

enum {
	OPT_REQUIRE_SIGNATURE = 256,
	OPT_JSON,
	OPT_TRUSTED_KEY
};

static const struct option longopts[] = {
	{ "require-signature", no_argument, NULL, OPT_REQUIRE_SIGNATURE },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "trusted-key", required_argument, NULL, OPT_TRUSTED_KEY },
	TS_CLI_STD_OPTIONS
};

/* The --help text; each %s is the program's name. */
static const char help[] =
    "Usage: %s [OPTION]... FILE\n"
    "Check a ThreadStone result document: that it parses, that its\n"
    "contents are coherent, and that its signature (if any) matches.\n"
    "Recomputed statistics, scores and keys outside the signature are\n"
    "reported as warnings on standard error; they do not fail the file.\n"
    "FILE may be - for standard input.\n"
    "\n"
    "      --require-signature  fail when the file is not signed\n"
    "      --trusted-key FILE   fail unless a key of FILE signed it\n"
    "                           (threadstone.pub, or base64 keys or\n"
    "                           SHA256: fingerprints one a line;\n"
    "                           repeatable; implies --require-signature)\n"
    "      --json               print the verdict as JSON\n"
    "  -h, --help               print this help and exit\n"
    "  -V, --version            print the version and exit\n"
    "\n"
    "The signing key's fingerprint (SHA256: and the base64 of the SHA-256\n"
    "of the raw 32-byte key, as threadstone-keygen prints it) is shown on\n"
    "every verify of a signed file.\n"
    "\n"
    "Exit status: 0 the file passed, 1 it failed (also when signed by a\n"
    "key no --trusted-key names) or a file could not be read, 2 usage\n"
    "error.\n";

int
main(int argc, char *argv[])
{
	bool require = false, json = false;
	struct ts_trust trust = { NULL, NULL, 0, 0 };
	struct ts_verdict v;
	struct ts_report r;
	struct ts_buf out;
	const char *path;
	char err[1024];
	size_t i;
	int ch, rc;

	while ((ch = ts_cli_getopt(argc, argv, "hV", longopts, help)) != -1) {
		switch (ch) {
		case OPT_REQUIRE_SIGNATURE:
			require = true;
			break;
		case OPT_JSON:
			json = true;
			break;
		case OPT_TRUSTED_KEY:
			/* Read at once: a bad key file is said before FILE. */
			if (ts_trust_load(&trust, ts_operand_path(optarg), err,
			    sizeof err) == -1) {
				ts_error("--trusted-key: %s", err);
				ts_trust_free(&trust);
				return TS_EXIT_FAILURE;
			}
			require = true;
			break;
		}
	}
	if (argc - optind != 1) {
		ts_error("expected exactly one FILE (see --help)");
		ts_trust_free(&trust);
		return TS_EXIT_USAGE;
	}
	path = argv[optind];

	rc = ts_doc_read(ts_operand_path(path), &r, err, sizeof err);
	if (rc == TS_DOC_EREAD) {
		ts_error("%s", err);
		ts_trust_free(&trust);
		return TS_EXIT_FAILURE;
	}
	ts_buf_init(&out);
	if (rc == TS_DOC_EPARSE) {
		if (json)
			ts_verdict_json(path, NULL, err, &out);
		else
			ts_verdict_parse_failure_text(path, err, &out);
		fwrite(out.data, 1, out.len, stdout);
		if (json)
			putchar('\n');
		ts_buf_free(&out);
		ts_trust_free(&trust);
		if (ts_close_stdout() != 0)
			return TS_EXIT_FAILURE;
		ts_error("%s failed verification", path);
		return TS_EXIT_FAILURE;
	}

	ts_verify_report(&r, require, &v);
	if (trust.n > 0)
		ts_verdict_trust(&v, &trust);
	if (json) {
		ts_verdict_json(path, &v, NULL, &out);
		ts_buf_putc(&out, '\n');
	} else
		ts_verdict_text(path, &v, &out);
	fwrite(out.data, 1, out.len, stdout);
	ts_buf_free(&out);
	rc = ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
	if (!json)
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
	ts_trust_free(&trust);
	return rc;
}
