/* SPDX-License-Identifier: MIT */
/*
 * Who signed: the fingerprint of an Ed25519 public key, and the keys a
 * verifier trusts, read from files (--trusted-key).
 */
#ifndef TS_DOC_TRUST_H
#define TS_DOC_TRUST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * A fingerprint: "SHA256:" and the SHA-256 of the raw 32-byte public key
 * in base64 without padding (43 characters), as ssh-keygen -l and
 * minisign lay theirs out; `openssl dgst -sha256 -binary threadstone.pub
 * | base64 | tr -d =` gives the part after the colon.
 */
#define TS_FINGERPRINT_PREFIX	"SHA256:"
#define TS_FINGERPRINT_LEN	(7 + 43)
#define TS_FINGERPRINT_MAX	(TS_FINGERPRINT_LEN + 1)

/*
 * The fingerprint of pub into fp.  Return 0, or -1 when libcrypto
 * failed (fp is then empty).
 */
int	ts_key_fingerprint(const uint8_t pub[32], char fp[TS_FINGERPRINT_MAX]);

/*
 * The fingerprint of a key as the signature object holds it (base64 of
 * 32 bytes).  Return 0, or -1 when the text is not such a key.
 */
int	ts_key_fingerprint_b64(const char *b64, char fp[TS_FINGERPRINT_MAX]);

/* The trusted keys, by fingerprint, and the files they came from. */
struct ts_trust {
	char	(*fps)[TS_FINGERPRINT_MAX];
	char	**from;			/* the file of each */
	size_t	  n;
	size_t	  nfiles;
};

/*
 * Add the keys of the file at path to t: the raw 32-byte public key that
 * threadstone-keygen writes (threadstone.pub; any file of 32 bytes is
 * read so, since no text key is that short), or text of one key a line,
 * each the base64 of the 32 bytes (as a document's signature.public_key)
 * or a fingerprint ("SHA256:..."), a comment after it allowed; blank
 * lines and lines starting with '#' are skipped.  A file with no key is
 * refused.  Return 0, or -1 with one line in err naming the file and
 * line; then t is unchanged.
 */
int	ts_trust_load(struct ts_trust *t, const char *path, char *err,
	    size_t errlen);

/* The file that trusts fingerprint fp, or NULL when none does. */
const char *ts_trust_find(const struct ts_trust *t, const char *fp);

void	ts_trust_free(struct ts_trust *t);

#endif /* TS_DOC_TRUST_H */
