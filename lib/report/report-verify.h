/* SPDX-License-Identifier: MIT */
/*
 * The three questions of threadstone-verify (section 10): does the file
 * parse, is it coherent, is it unmodified.  Problems, notes and the
 * signature verdict follow ThreadStone 2.0.0 in order and wording; the
 * warnings are ours (recomputed statistics, values, scaling and scores,
 * keys the signature does not cover) and never change the verdict.
 */
#ifndef TS_DOC_VERIFY_H
#define TS_DOC_VERIFY_H

#include <stdbool.h>
#include <stddef.h>

#include "buf.h"
#include "doc/doc-model.h"
#include "doc/doc-trust.h"

/* Relative tolerance of the recomputation checks (a few thousand ulps). */
#define TS_VERIFY_RTOL	1e-12

enum ts_sig_state {
	TS_SIG_VERIFIED,
	TS_SIG_INVALID,		/* message in sig_message */
	TS_SIG_MISSING,		/* absent, and --require-signature */
	TS_SIG_ABSENT
};

/* Whether the signing key is one the verifier named (--trusted-key). */
enum ts_trust_state {
	TS_TRUST_UNCHECKED,	/* no trusted key named */
	TS_TRUST_TRUSTED,
	TS_TRUST_UNTRUSTED	/* the file then fails */
};

struct ts_verdict {
	bool			 pass;
	char			**problems;	/* coherence, the original's */
	size_t			 nproblems;
	enum ts_sig_state	 sig;
	char			 sig_message[160];
	/*
	 * Ours: signature.document_value, over the whole document.
	 * TS_SIG_ABSENT when the signature object has none (a document
	 * without extensions, or signed by the original or an older build).
	 */
	enum ts_sig_state	 whole;
	char			 whole_message[200];
	/*
	 * Ours: the fingerprint of signature.public_key (empty when there
	 * is no signature or its key is not 32 bytes of base64), and
	 * whether it is trusted (ts_verdict_trust), with the file that
	 * trusts it.
	 */
	char			 key_fp[TS_FINGERPRINT_MAX];
	enum ts_trust_state	 trust;
	char			*trusted_by;	/* a copy, or NULL */
	size_t			 ntrusted;	/* keys named */
	/*
	 * The original's notes, then ours: a document without extensions
	 * whose intervals are over executions (the original's sign drops
	 * extensions.executions).
	 */
	char			**notes;
	size_t			 nnotes;
	char			**warnings;	/* ours, never fatal */
	size_t			 nwarnings;
};

/* Answer questions 2 and 3 for a parsed report. */
void	ts_verify_report(const struct ts_report *r, bool require_signature,
	    struct ts_verdict *out);

/*
 * Judge the signer against the trusted keys t (with at least one key):
 * a verified signature by a key t does not hold, or no signature at
 * all, fails the file.  Call after ts_verify_report, with
 * require_signature true.
 */
void	ts_verdict_trust(struct ts_verdict *, const struct ts_trust *t);

/* Free a verdict's lists (not the struct). */
void	ts_verdict_free(struct ts_verdict *);

/*
 * The original's verdict block for path, appended to out ("OK   PATH" ...,
 * each line ending in a newline).  Warnings are not part of it.  When the
 * document has a whole-document signature, one line after the signature's
 * says what became of it ("  document    verified (extensions
 * included)" or "  document    INVALID: <message>"); a document without
 * one gets the original's block, byte for byte, but for the key line:
 * a signed document's block ends with "  key         SHA256:... " and
 * whether the key is trusted ("(trusted: FILE)", "NOT TRUSTED (not
 * among the N --trusted-key keys)" or "(no --trusted-key named)"),
 * before the notes.
 */
void	ts_verdict_text(const char *path, const struct ts_verdict *,
	    struct ts_buf *out);

/* The verdict block of a file that does not parse. */
void	ts_verdict_parse_failure_text(const char *path, const char *message,
	    struct ts_buf *out);

/*
 * The verdict as a pretty JSON object (no trailing newline): file, pass,
 * structure ("valid" or "invalid"), error (the parse error or null),
 * problems, signature {status, message}, document_signature {status,
 * message} (the whole-document signature; status "absent" when there is
 * none), key {fingerprint, trusted: true, false or null when no key was
 * named, trusted_by} (null when unsigned), notes, warnings.  Pass v NULL
 * and a message for a file that does not parse.
 */
void	ts_verdict_json(const char *path, const struct ts_verdict *v,
	    const char *parse_error, struct ts_buf *out);

#endif /* TS_DOC_VERIFY_H */
