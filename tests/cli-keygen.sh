#!/bin/sh
# threadstone-keygen: the 83-byte key and 32-byte public key, modes, the
# output text, refusal to overwrite either file, and that the key signs
# documents that verify.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_KEYGEN" ] || skip_all "threadstone-keygen is not built"

run "$TS_KEYGEN" --dir "$tmpdir/keys/sub"
expect_status 0 "keygen into a new directory"
k=$tmpdir/keys/sub/threadstone.key
p=$tmpdir/keys/sub/threadstone.pub
fp=$(sed -n 's/^fingerprint  //p' "$tmpdir/out")
cat >"$tmpdir/want" <<EOT
private key  $tmpdir/keys/sub/threadstone.key
public key   $tmpdir/keys/sub/threadstone.pub
fingerprint  $fp

Keep the private key out of version control. Sign a run with:
  threadstone-run --sign-key $tmpdir/keys/sub/threadstone.key
and check who signed a document with:
  threadstone-verify --trusted-key $tmpdir/keys/sub/threadstone.pub FILE
EOT
cmp -s "$tmpdir/out" "$tmpdir/want"
ok $? "prints the two paths, the fingerprint and the hints"
py=${PYTHON3:-$(command -v python3 || true)}
if [ -n "$py" ]; then
	want=$("$py" -c 'import base64, hashlib, sys
print("SHA256:" + base64.b64encode(hashlib.sha256(open(sys.argv[1], "rb").read()).digest()).decode().rstrip("="))' "$p")
	[ "$fp" = "$want" ]
	ok $? "the fingerprint is SHA256: and the unpadded base64 of the SHA-256 of the 32-byte key ($fp)"
else
	ok 0 "# SKIP no python3"
fi
[ "$(wc -c <"$k")" -eq 83 ] && [ "$(wc -c <"$p")" -eq 32 ]
ok $? "83-byte private key, 32-byte public key"
[ "$(stat -c %a "$k")" = 600 ]
ok $? "the private key is mode 0600"
[ "$(od -An -tx1 -N16 "$k" | tr -d ' \n')" = 3051020101300506032b657004220420 ]
ok $? "PKCS#8 v2 header"
[ "$(tail -c 32 "$k" | od -An -tx1 | tr -d ' \n')" = "$(od -An -tx1 "$p" | tr -d ' \n')" ]
ok $? "the public key file matches the key's embedded public key"

cp "$k" "$tmpdir/key.before"
run "$TS_KEYGEN" --dir "$tmpdir/keys/sub"
expect_status 1 "a second keygen fails"
expect_one_error_line "second keygen"
grep -qx "threadstone-keygen: $k already exists; refusing to overwrite a private key" "$tmpdir/err"
ok $? "says the private key exists"
cmp -s "$k" "$tmpdir/key.before"
ok $? "the key is untouched"

mkdir "$tmpdir/pubonly" && echo keep >"$tmpdir/pubonly/threadstone.pub"
run "$TS_KEYGEN" -d "$tmpdir/pubonly"
expect_status 1 "an existing public key is not overwritten either"
[ "$(cat "$tmpdir/pubonly/threadstone.pub")" = keep ] &&
    [ ! -e "$tmpdir/pubonly/threadstone.key" ]
ok $? "nothing changed, no key left behind"

(cd "$tmpdir" && "$TS_KEYGEN" >"$tmpdir/out2") &&
    grep -qx 'private key  ./threadstone.key' "$tmpdir/out2"
ok $? "the default directory is . and is displayed as ./"

run "$TS_KEYGEN" --dir "$tmpdir/keys/sub/threadstone.key/x"
expect_status 1 "a directory that cannot be created"
expect_one_error_line "uncreatable directory"

run "$TS_KEYGEN" extra
expect_status 2 "an operand is a usage error"

if [ -x "$TS_SIGN" ] && [ -x "$TS_VERIFY" ]; then
	run "$TS_SIGN" "$FIXTURES/apple-m4-pro.json" -k "$k" -o "$tmpdir/s.json"
	expect_status 0 "our key signs"
	run "$TS_VERIFY" "$tmpdir/s.json"
	expect_status 0 "and the document verifies"
	grep -q "\"public_key\": \"$(base64 <"$p")\"" "$tmpdir/s.json"
	ok $? "with the public key from threadstone.pub"
fi

done_testing
