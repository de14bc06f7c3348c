/* SPDX-License-Identifier: MIT */
/*
 * threadstone-keygen: make an Ed25519 key pair for signing result
 * documents, never overwriting an existing key.
 */
#include <config.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli-opt.h"
#include "cli.h"
#include "buf.h"
#include "doc/doc-keys.h"
#include "doc/doc-trust.h"
#include "exitcodes.h"
#include "msg.h"

/* What the command line sets. */
struct keygen_opts {
	const char	*dir;
};

#define F(m)	TS_FIELD(struct keygen_opts, m)
static const struct ts_opt opts[] = {
	TS_OPT_STRING('d', "dir", F(dir), "DIR",
	    "where to create the two files (default: %D;\n"
	    "created if missing)", .min = 1, .what = "a directory name"),
	TS_OPT_LAST
};

static const struct ts_cli_prog prog = {
	.usage = "Usage: %s [OPTION]...\n"
	    "Create DIR/threadstone.key (Ed25519 private key, PKCS#8 DER, mode\n"
	    "0600) and DIR/threadstone.pub (the raw 32-byte public key), and\n"
	    "print the public key's fingerprint, as threadstone-verify shows it.\n"
	    "Existing files are never overwritten.\n"
	    "\n",
	.opts = opts,
	.tail = "\n"
	    "Exit status: 0 created, 1 failure (a file exists, I/O), 2 usage "
	    "error.\n",
	.col = 19,
	.eq = true
};

int
main(int argc, char *argv[])
{
	struct keygen_opts o = { .dir = "." };
	char keypath[PATH_MAX], pubpath[PATH_MAX], err[PATH_MAX + 128];
	char fp[TS_FINGERPRINT_MAX + PATH_MAX + 48];
	struct ts_buf pub = { NULL, 0, 0 };
	int first;

	first = ts_cli_parse(&prog, argc, argv, &o, sizeof o);
	if (first != argc) {
		ts_error("unexpected argument '%s' (see --help)", argv[first]);
		return TS_EXIT_USAGE;
	}
	if (ts_keygen(o.dir, keypath, pubpath, err, sizeof err) == -1) {
		ts_error("%s", err);
		return TS_EXIT_FAILURE;
	}
	if (ts_read_file(pubpath, 32, &pub, err, sizeof err) == -1 ||
	    pub.len != 32 || ts_key_fingerprint((const uint8_t *)pub.data,
	    fp) == -1)
		snprintf(fp, sizeof fp, "(unknown: %s cannot be read back)",
		    pubpath);
	if (pub.data != NULL)
		ts_buf_free(&pub);
	printf("private key  %s\n"
	    "public key   %s\n"
	    "fingerprint  %s\n"
	    "\n"
	    "Keep the private key out of version control. Sign a run with:\n"
	    "  threadstone-run --sign-key %s\n"
	    "and check who signed a document with:\n"
	    "  threadstone-verify --trusted-key %s FILE\n", keypath, pubpath,
	    fp, keypath, pubpath);
	return ts_close_stdout() == 0 ? TS_EXIT_OK : TS_EXIT_FAILURE;
}
