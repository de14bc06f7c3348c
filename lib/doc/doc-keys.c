/* SPDX-License-Identifier: MIT */
/*
 * Ed25519 keys with OpenSSL raw keys: loading and checking PKCS#8 key
 * files, signing bytes, and making a new key pair (libcrypto only).
 */
#include <config.h>

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include "buf.h"
#include "doc/doc-keys.h"
#include "doc/doc-sniff.h"
#include "doc/doc-pkcs8.h"
#include "outfile.h"
#include "util.h"

/* Keys are under 100 bytes; this is room to name a document given as one. */
#define TS_KEY_READ_MAX	(1024 * 1024)

int
ts_key_from_seed(const uint8_t seed[32], struct ts_key *key)
{
	EVP_PKEY *pk;
	size_t n = 32;
	int rc = -1;

	pk = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
	if (pk == NULL)
		return -1;
	if (EVP_PKEY_get_raw_public_key(pk, key->public_key, &n) == 1 &&
	    n == 32) {
		memcpy(key->seed, seed, 32);
		key->form = TS_PKCS8_V2;
		rc = 0;
	}
	EVP_PKEY_free(pk);
	return rc;
}

void
ts_key_clear(struct ts_key *key)
{
	OPENSSL_cleanse(key, sizeof *key);
}

/*
 * Refuse a private key others may read or write, or that another user
 * owns, as ssh does, unless THREADSTONE_INSECURE_KEY=1.  Non-blocking:
 * a FIFO or a device is refused at once.  0, or -1 with the fix in err.
 */
static int
key_guard(const char *path, char *err, size_t errlen)
{
	const char *env = getenv("THREADSTONE_INSECURE_KEY");
	struct stat st;
	int fd;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd == -1) {
		snprintf(err, errlen, "cannot read signing key %s: %s", path,
		    strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) == -1) {
		snprintf(err, errlen, "cannot read signing key %s: %s", path,
		    strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	if (!S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "cannot read signing key %s: a %s, not "
		    "a regular file; give the key file itself", path,
		    S_ISDIR(st.st_mode) ? "directory" : S_ISFIFO(st.st_mode) ?
		    "FIFO" : S_ISSOCK(st.st_mode) ? "socket" : "device");
		return -1;
	}
	if (env != NULL && strcmp(env, "1") == 0)
		return 0;
	if (st.st_uid != geteuid()) {
		snprintf(err, errlen, "signing key %s is owned by user %ju, "
		    "not by you; use your own key (chown, then chmod 600), or "
		    "set THREADSTONE_INSECURE_KEY=1", path,
		    (uintmax_t)st.st_uid);
		return -1;
	}
	if (st.st_mode & 077) {
		snprintf(err, errlen, "signing key %s is accessible by others "
		    "(mode %04o); run chmod 600 %s, or set "
		    "THREADSTONE_INSECURE_KEY=1", path,
		    (unsigned)(st.st_mode & 07777), path);
		return -1;
	}
	return 0;
}

/* "PATH is KIND, not a private key": a file of ours of another kind. */
static void
wrong_kind(const char *path, enum ts_file_kind kind, char *err,
    size_t errlen)
{
	snprintf(err, errlen, "%s is %s, not a private key%s", path,
	    ts_file_kind_name(kind), kind == TS_KIND_PUBLIC_KEY ?
	    " (sign with the .key file, not the .pub)" : "");
}

int
ts_key_load(const char *path, struct ts_key *key, char *err, size_t errlen)
{
	struct ts_pkcs8 der;
	struct ts_buf b;
	enum ts_file_kind kind;
	char why[160];
	int rc;

	if (key_guard(path, err, errlen) == -1) {
		/*
		 * A file of another kind (a public key, a document) is named
		 * as what it is, not by the rule for private keys.
		 */
		if (ts_read_file(path, TS_KEY_READ_MAX, &b, why,
		    sizeof why) == 0) {
			kind = ts_file_kind(b.data, b.len);
			OPENSSL_cleanse(b.data, b.len);
			ts_buf_free(&b);
			if (kind != TS_KIND_UNKNOWN &&
			    kind != TS_KIND_PRIVATE_KEY)
				wrong_kind(path, kind, err, errlen);
		}
		return -1;
	}
	if (ts_read_file(path, TS_KEY_READ_MAX, &b, why, sizeof why) == -1) {
		/* ts_read_file says "cannot read PATH: reason". */
		snprintf(err, errlen, "cannot read signing key %s",
		    why + strlen("cannot read "));
		return -1;
	}
	rc = ts_pkcs8_parse((const uint8_t *)b.data, b.len, &der, why,
	    sizeof why);
	kind = ts_file_kind(b.data, b.len);
	OPENSSL_cleanse(b.data, b.len);
	ts_buf_free(&b);
	if (rc == 0 && ts_key_from_seed(der.seed, key) == -1) {
		snprintf(why, sizeof why, "libcrypto refused the seed");
		rc = -1;
	}
	if (rc == 0 && der.has_public &&
	    memcmp(der.public_key, key->public_key, 32) != 0) {
		snprintf(why, sizeof why, "its public key does not match the "
		    "private key");
		ts_key_clear(key);
		rc = -1;
	}
	if (rc == 0)
		key->form = der.form;
	OPENSSL_cleanse(&der, sizeof der);
	if (rc == -1 && kind != TS_KIND_UNKNOWN &&
	    kind != TS_KIND_PRIVATE_KEY) {
		/* Another file of ours: say which, not what DER missed. */
		wrong_kind(path, kind, err, errlen);
		return -1;
	}
	if (rc == -1) {
		snprintf(err, errlen, "%s: not a valid PKCS#8 Ed25519 private "
		    "key (%s)", path, why);
		return -1;
	}
	return 0;
}

int
ts_sign_bytes(const struct ts_key *key, const void *msg, size_t len,
    uint8_t sig[64])
{
	EVP_MD_CTX *ctx;
	EVP_PKEY *pk;
	size_t n = 64;
	int rc = -1;

	pk = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, key->seed,
	    32);
	if (pk == NULL)
		return -1;
	if ((ctx = EVP_MD_CTX_new()) != NULL &&
	    EVP_DigestSignInit(ctx, NULL, NULL, NULL, pk) == 1 &&
	    EVP_DigestSign(ctx, sig, &n, msg, len) == 1 && n == 64)
		rc = 0;
	EVP_MD_CTX_free(ctx);
	EVP_PKEY_free(pk);
	return rc;
}

/* Create dir and its missing parents, like mkdir -p. */
static int
make_dirs(const char *dir, char *err, size_t errlen)
{
	char buf[PATH_MAX], *p, c;

	if (snprintf(buf, sizeof buf, "%s", dir) >= (int)sizeof buf) {
		snprintf(err, errlen, "cannot create %s: path too long", dir);
		return -1;
	}
	for (p = buf + 1; ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		c = *p;
		*p = '\0';
		if (mkdir(buf, 0777) == -1 && errno != EEXIST) {
			snprintf(err, errlen, "cannot create %s: %s", buf,
			    strerror(errno));
			return -1;
		}
		*p = c;
		if (c == '\0')
			break;
	}
	return 0;
}

/* Create path exclusively with mode and write all of data to it. */
static int
write_new(const char *path, const void *data, size_t len, mode_t mode,
    const char *what, char *err, size_t errlen)
{
	int fd;

	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
	if (fd == -1) {
		if (errno == EEXIST)
			snprintf(err, errlen, "%s already exists; refusing to "
			    "overwrite a %s", path, what);
		else
			snprintf(err, errlen, "cannot write %s: %s", path,
			    strerror(errno));
		return -1;
	}
	if (ts_write_all(fd, data, len) == -1)
		goto fail;
	if (fsync(fd) == -1 || close(fd) == -1) {
		fd = -1;
		goto fail;
	}
	return 0;
fail:
	snprintf(err, errlen, "cannot write %s: %s", path, strerror(errno));
	if (fd != -1)
		close(fd);
	unlink(path);
	return -1;
}

int
ts_keygen(const char *dir, char *keypath, char *pubpath, char *err,
    size_t errlen)
{
	const char *sep;
	uint8_t seed[32], der[TS_PKCS8_V2_LEN];
	struct ts_key key;
	struct stat st;
	sigset_t old;
	int rc = -1;

	sep = dir[0] != '\0' && dir[strlen(dir) - 1] == '/' ? "" : "/";
	if (snprintf(keypath, PATH_MAX, "%s%sthreadstone.key", dir, sep) >=
	    PATH_MAX || snprintf(pubpath, PATH_MAX, "%s%sthreadstone.pub",
	    dir, sep) >= PATH_MAX) {
		snprintf(err, errlen, "cannot create %s: path too long", dir);
		return -1;
	}
	/* Refuse early, before creating anything, when either exists. */
	if (lstat(keypath, &st) == 0) {
		snprintf(err, errlen, "%s already exists; refusing to "
		    "overwrite a private key", keypath);
		return -1;
	}
	if (lstat(pubpath, &st) == 0) {
		snprintf(err, errlen, "%s already exists; refusing to "
		    "overwrite a public key", pubpath);
		return -1;
	}
	if (RAND_bytes(seed, sizeof seed) != 1) {
		snprintf(err, errlen, "system random number generator "
		    "unavailable");
		return -1;
	}
	if (ts_key_from_seed(seed, &key) == -1) {
		snprintf(err, errlen, "libcrypto cannot derive an Ed25519 key");
		goto out;
	}
	if (make_dirs(dir, err, errlen) == -1)
		goto out;
	ts_pkcs8_write(key.seed, key.public_key, der);
	/*
	 * Both files or neither: SIGINT, SIGTERM and SIGHUP wait until the
	 * pair is written or a failure has removed what was.
	 */
	ts_signals_hold(&old);
	if (write_new(keypath, der, sizeof der, 0600, "private key", err,
	    errlen) == 0) {
		if (write_new(pubpath, key.public_key, 32, 0644, "public key",
		    err, errlen) == 0)
			rc = 0;
		else
			unlink(keypath);
	}
	ts_signals_release(&old);
out:
	OPENSSL_cleanse(seed, sizeof seed);
	OPENSSL_cleanse(der, sizeof der);
	ts_key_clear(&key);
	return rc;
}
