/* SPDX-License-Identifier: MIT */
/*
 * Ed25519 signatures of result documents (sections 9.6-9.8): signing a
 * report in memory and checking a report's signature.  The keys
 * themselves are doc-keys.h's.
 *
 * For threadstone-run: load the key before measuring, sign at the end.
 *
 *	struct ts_key key;
 *	if (ts_key_load(path, &key, err, sizeof err) == -1)
 *		-> error, exit before any measurement
 *	... measure, build the report ...
 *	ts_report_sign(&report, &key);	(normalises the report first)
 *	ts_key_clear(&key);
 *	ts_doc_write_file(&report, out, err, sizeof err);
 */
#ifndef TS_DOC_SIGN_H
#define TS_DOC_SIGN_H

#include <stddef.h>
#include <stdint.h>

#include "doc/doc-keys.h"
#include "doc/doc-model.h"

/* The algorithm name in the signature object. */
#define TS_SIG_ALGORITHM	"ed25519"

/*
 * Sign a report in memory: normalise its doubles (ts_report_normalise),
 * compute the canonical bytes that a verifier will compute from the
 * pretty text of the report (written and read back, so the signature
 * holds even where serde_json's parser has no fixed point) and replace
 * any signature object with {ed25519, base64 public key, base64
 * signature}.  When the report has "extensions", which the original's
 * canonical bytes leave out, the object also gets document_value: the
 * signature of the whole document's canonical bytes (struct
 * ts_report.whole_canonical of the text read back).  Return 0, or -1 when the report cannot be signed (a
 * non-finite double, which would be written as null, or a libcrypto
 * failure); the report is then left unsigned.
 */
int	ts_report_sign(struct ts_report *r, const struct ts_key *key);

/*
 * Check the report's signature in ThreadStone 2.0.0's order (9.8).  Return
 * 0 when it verifies; otherwise -1 with the original's message in msg:
 * "unsupported signature algorithm 'X' (expected ed25519)",
 * "public key is malformed", "signature is not valid base64", or
 * "signature does not match: the file was modified after signing, or was
 * signed with a different key".  The report must carry a signature.
 */
int	ts_signature_check(const struct ts_report *r, char *msg,
	    size_t msglen);

/*
 * Check signature.document_value, the signature over the whole document.
 * Return 1 when the report has none (nothing to check), 0 when it
 * verifies against the whole_canonical bytes read with the report (or,
 * for a report built in memory, those of its pretty text); otherwise -1
 * ("public key is malformed", "the whole-document signature is not valid
 * base64") or -2 ("the whole-document signature does not match: ...")
 * with the message in msg.
 */
int	ts_signature_check_document(const struct ts_report *r, char *msg,
	    size_t msglen);

#endif /* TS_DOC_SIGN_H */
