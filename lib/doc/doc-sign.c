/* SPDX-License-Identifier: MIT */
/*
 * Signatures of result documents: signing a report's canonical bytes, and
 * checking a signature in ThreadStone 2.0.0's order and words (9.8).
 */
#include <config.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "buf.h"
#include "doc/doc-base64.h"
#include "doc/doc-read.h"
#include "doc/doc-sign.h"
#include "doc/doc-write.h"
#include "util.h"

#define MISMATCH	"signature does not match: the file was modified " \
	"after signing, or was signed with a different key"
#define WHOLE_MISMATCH	"the whole-document signature does not match: " \
	"the file was modified after signing, or was signed with a " \
	"different key"

/*
 * The canonical bytes a verifier will compute from the file we write: the
 * pretty text read back (one lossy parse per double), then canonicalised.
 * Where lossy(ryu(x)) has no fixed point (it alternates between two
 * neighbours for some large and tiny values), this is the only message
 * that the original's verify, and ours, accept.  msg gets the original's
 * message, whole (when not NULL) the whole document's.  -1 when the text
 * does not read back (a non-finite number is written as null).
 */
static int
reread_canonical(const struct ts_report *r, struct ts_buf *msg,
    struct ts_buf *whole)
{
	struct ts_report back;
	struct ts_buf text;
	char err[256];
	int rc;

	ts_buf_init(&text);
	ts_doc_pretty(r, &text);
	rc = ts_doc_parse(text.data, text.len, &back, err, sizeof err);
	ts_buf_free(&text);
	if (rc == -1)
		return -1;
	ts_doc_canonical(&back, msg);
	if (whole != NULL)
		ts_buf_add(whole, back.whole_canonical, back.nwhole_canonical);
	ts_report_free(&back);
	return 0;
}

/* Drop a report's signature object. */
static void
signature_drop(struct ts_report *r)
{
	if (r->signature == NULL)
		return;
	free(r->signature->algorithm);
	free(r->signature->public_key);
	free(r->signature->value);
	free(r->signature->document_value);
	free(r->signature);
	r->signature = NULL;
}

/* A base64 string of n bytes, allocated. */
static char *
base64_of(const uint8_t *p, size_t n)
{
	char *s = ts_xmalloc(TS_BASE64_LEN(n) + 1);

	ts_base64_encode(p, n, s);
	return s;
}

int
ts_report_sign(struct ts_report *r, const struct ts_key *key)
{
	struct ts_signature *s;
	struct ts_buf msg, whole;
	uint8_t sig[64], wsig[64];
	bool cover = r->ext.present;
	int rc;

	ts_report_normalise(r);
	/* The text read back must not carry a stale signature's claims. */
	signature_drop(r);
	ts_buf_init(&msg);
	ts_buf_init(&whole);
	rc = reread_canonical(r, &msg, cover ? &whole : NULL);
	if (rc == 0)
		rc = ts_sign_bytes(key, msg.data, msg.len, sig);
	if (rc == 0 && cover)
		rc = ts_sign_bytes(key, whole.data, whole.len, wsig);
	ts_buf_free(&msg);
	ts_buf_free(&whole);
	if (rc == -1)
		return -1;
	s = ts_xcalloc(1, sizeof *s);
	s->algorithm = ts_xstrdup(TS_SIG_ALGORITHM);
	s->public_key = base64_of(key->public_key, 32);
	s->value = base64_of(sig, 64);
	if (cover)
		s->document_value = base64_of(wsig, 64);
	r->signature = s;
	return 0;
}

/* Decode strictly into a fresh buffer; -1 when not canonical base64. */
static long
decode(const char *s, uint8_t **out)
{
	size_t cap = strlen(s) / 4 * 3 + 1;
	long n;

	*out = ts_xmalloc(cap);
	if ((n = ts_base64_decode(s, *out, cap)) < 0) {
		free(*out);
		*out = NULL;
	}
	return n;
}

/* Ed25519 verification of msg; 1 when the signature is good. */
static int
ed25519_ok(const uint8_t *pub, long npub, const uint8_t *sig, long nsig,
    const void *msg, size_t len)
{
	EVP_MD_CTX *ctx;
	EVP_PKEY *pk;
	int ok = 0;

	if (npub != 32 || nsig != 64)
		return 0;
	pk = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, 32);
	if (pk == NULL)
		return 0;
	if ((ctx = EVP_MD_CTX_new()) != NULL &&
	    EVP_DigestVerifyInit(ctx, NULL, NULL, NULL, pk) == 1 &&
	    EVP_DigestVerify(ctx, sig, 64, msg, len) == 1)
		ok = 1;
	EVP_MD_CTX_free(ctx);
	EVP_PKEY_free(pk);
	return ok;
}

/*
 * Check the base64 signature sig64 of canon under the base64 public key
 * pub64: 0 when it holds, -1 when either does not decode (what names the
 * signature in that message), 1 when it does not hold; msg says why.
 */
static int
check_bytes(const char *pub64, const char *sig64, const char *what,
    const struct ts_buf *canon, char *msg, size_t msglen)
{
	uint8_t *pub = NULL, *sig = NULL;
	long npub, nsig;
	int ok;

	if ((npub = decode(pub64, &pub)) < 0) {
		snprintf(msg, msglen, "public key is malformed");
		return -1;
	}
	if ((nsig = decode(sig64, &sig)) < 0) {
		free(pub);
		snprintf(msg, msglen, "%s is not valid base64", what);
		return -1;
	}
	ok = ed25519_ok(pub, npub, sig, nsig, canon->data, canon->len);
	free(pub);
	free(sig);
	return ok ? 0 : 1;
}

int
ts_signature_check(const struct ts_report *r, char *msg, size_t msglen)
{
	const struct ts_signature *s = r->signature;
	struct ts_buf canon;
	int rc;

	if (s == NULL) {
		snprintf(msg, msglen, "no signature");
		return -1;
	}
	if (strcmp(s->algorithm, TS_SIG_ALGORITHM) != 0) {
		snprintf(msg, msglen, "unsupported signature algorithm '%s' "
		    "(expected ed25519)", s->algorithm);
		return -1;
	}
	ts_buf_init(&canon);
	ts_doc_canonical(r, &canon);
	rc = check_bytes(s->public_key, s->value, "signature", &canon, msg,
	    msglen);
	ts_buf_free(&canon);
	if (rc > 0)
		snprintf(msg, msglen, "%s", MISMATCH);
	return rc == 0 ? 0 : -1;
}

int
ts_signature_check_document(const struct ts_report *r, char *msg,
    size_t msglen)
{
	const struct ts_signature *s = r->signature;
	struct ts_buf canon, unused;
	int rc;

	if (s == NULL || s->document_value == NULL)
		return 1;
	ts_buf_init(&canon);
	if (r->whole_canonical != NULL)
		ts_buf_add(&canon, r->whole_canonical, r->nwhole_canonical);
	else {
		/* A text that does not read back leaves canon empty. */
		ts_buf_init(&unused);
		(void)reread_canonical(r, &unused, &canon);
		ts_buf_free(&unused);
	}
	rc = check_bytes(s->public_key, s->document_value,
	    "the whole-document signature", &canon, msg, msglen);
	ts_buf_free(&canon);
	if (rc > 0) {
		snprintf(msg, msglen, "%s", WHOLE_MISMATCH);
		return -2;
	}
	return rc;
}
