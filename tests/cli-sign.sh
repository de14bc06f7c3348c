#!/bin/sh
# threadstone-sign: the published test-key vector byte for byte, the
# three key encodings, refusals (invalid signature, incoherent contents,
# bad keys) and --force, atomic output, and an independent cross-check
# with serde_canon.py when Python's cryptography package is present.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_SIGN" ] && [ -x "$TS_VERIFY" ] ||
    skip_all "threadstone-sign or threadstone-verify is not built"
# The keys this test writes are private: 0600, as the programs require.
umask 077

cd "$FIXTURES" || exit 99
apple=apple-m4-pro.json
key=testkey-seed-00-1f.pkcs8v2.der
vector='g+GhljFn0VAKKwuGYIk5E51zfDabN8r49shXPXYABD4V9+8cO80R5t34ZhYxkhPywrt7dV6YRcq+P4WFV2okCg=='

# The fixture with the test key's signature object in place of its own.
sed -e 's|"public_key": "5bURCRBzVlrFaKhWSRckcqIltfjxFWn3SFSmmwk8okA="|"public_key": "A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg="|' \
    -e "s|\"value\": \"QDAT.*\"\$|\"value\": \"$vector\"|" $apple |
    head -c -1 >"$tmpdir/expected.json"
printf '}' >>"$tmpdir/expected.json"

# cat, not cp: in make distcheck the fixtures are read-only.
cat $apple >"$tmpdir/a.json"
run "$TS_SIGN" "$tmpdir/a.json" --key $key
expect_status 0 "sign in place"
[ "$out" = "signed $tmpdir/a.json" ] && [ ! -s "$tmpdir/err" ]
ok $? "prints 'signed FILE'"
cmp -s "$tmpdir/a.json" "$tmpdir/expected.json"
ok $? "the test key writes exactly the fixture's bytes with the 9.7 vector"
run "$TS_VERIFY" "$tmpdir/a.json"
expect_status 0 "the result verifies"

# Unsigned input, --out, short options.
sed '/"signature": {/,$d' $apple | sed '$s/,$//' >"$tmpdir/unsigned.json"
printf '}' >>"$tmpdir/unsigned.json"
run "$TS_SIGN" -k $key -o "$tmpdir/b.json" "$tmpdir/unsigned.json"
expect_status 0 "sign an unsigned file to --out"
cmp -s "$tmpdir/b.json" "$tmpdir/expected.json"
ok $? "same bytes from the unsigned file"

# An invalid existing signature is refused unless --force.
sed 's/"cpu_model": "Apple M4 Pro"/"cpu_model": "Apple M5 Pro"/' $apple \
    >"$tmpdir/tampered.json"
cp "$tmpdir/tampered.json" "$tmpdir/tampered.orig"
run "$TS_SIGN" "$tmpdir/tampered.json" --key $key
expect_status 1 "refuses to replace an invalid signature"
expect_one_error_line "invalid signature"
grep -q 'its signature is invalid (signature does not match' "$tmpdir/err"
ok $? "says why"
cmp -s "$tmpdir/tampered.json" "$tmpdir/tampered.orig"
ok $? "the file is untouched"
run "$TS_SIGN" --force "$tmpdir/tampered.json" --key $key
expect_status 0 "--force replaces it"
run "$TS_VERIFY" "$tmpdir/tampered.json"
expect_status 0 "and the result verifies"

# Incoherent contents (compare-candidate-b has values outside their range).
run "$TS_SIGN" compare-candidate-b.json --key $key -o "$tmpdir/c.json"
expect_status 1 "refuses an incoherent file"
expect_one_error_line "incoherent file"
grep -q 'contents not coherent (dhrystone single-thread: value 81567046.61949702 outside its own range' "$tmpdir/err"
ok $? "names the first problem"
[ ! -e "$tmpdir/c.json" ]
ok $? "writes nothing"
run "$TS_SIGN" --force compare-candidate-b.json --key $key -o "$tmpdir/c.json"
expect_status 0 "--force signs it"
run "$TS_VERIFY" "$tmpdir/c.json"
grep -qx '  signature   verified' "$tmpdir/out"
ok $? "its signature verifies (the contents still fail)"

# Key encodings: 85-byte legacy form and OpenSSL's 48-byte v1 form.
{ printf '\060\123'; head -c 48 $key | tail -c +3; printf '\241\043\003\041\000'
  tail -c 32 $key; } >"$tmpdir/legacy.der"
[ "$(wc -c <"$tmpdir/legacy.der")" -eq 85 ]
ok $? "built an 85-byte legacy key"
run "$TS_SIGN" "$tmpdir/unsigned.json" -k "$tmpdir/legacy.der" -o "$tmpdir/d.json"
expect_status 0 "the 85-byte legacy key signs"
cmp -s "$tmpdir/d.json" "$tmpdir/expected.json"
ok $? "with the same signature as the 83-byte key"
if command -v openssl >/dev/null 2>&1 &&
    openssl genpkey -algorithm ed25519 -outform DER \
    -out "$tmpdir/v1.der" 2>/dev/null; then
	[ "$(wc -c <"$tmpdir/v1.der")" -eq 48 ]
	ok $? "openssl genpkey wrote a 48-byte key"
	run "$TS_SIGN" "$tmpdir/unsigned.json" -k "$tmpdir/v1.der" -o "$tmpdir/e.json"
	expect_status 0 "the 48-byte OpenSSL key signs"
	run "$TS_VERIFY" "$tmpdir/e.json"
	expect_status 0 "and the result verifies"
	openssl pkey -inform DER -in "$tmpdir/v1.der" -pubout -outform DER 2>/dev/null |
	    tail -c 32 | base64 >"$tmpdir/v1.pub"
	grep -q "\"public_key\": \"$(cat "$tmpdir/v1.pub")\"" "$tmpdir/e.json"
	ok $? "with OpenSSL's public key for it"
fi

# Bad keys: one line, exit 1, nothing written.
badkey() {
	run "$TS_SIGN" "$tmpdir/unsigned.json" -k "$2" -o "$tmpdir/f.json"
	expect_status 1 "$1"
	expect_one_error_line "$1"
	grep -q "$3" "$tmpdir/err" && [ ! -e "$tmpdir/f.json" ]
	ok $? "$1: '$3', nothing written"
}
badkey "a missing key" "$tmpdir/none.der" "cannot read signing key $tmpdir/none.der: No such file"
badkey "a key directory" "$tmpdir" "cannot read signing key"
cp expected-verify-apple.txt "$tmpdir/text.key"
badkey "a text file as key" "$tmpdir/text.key" "not a valid PKCS#8 Ed25519 private key"
{ head -c 82 $key; printf 'x'; } >"$tmpdir/wrongpub.der"
badkey "a key whose public key does not match" "$tmpdir/wrongpub.der" \
    "public key does not match"
head -c 50 $key >"$tmpdir/short.der"
badkey "a truncated key" "$tmpdir/short.der" "not a valid PKCS#8"

# Other failures.
run "$TS_SIGN" "$tmpdir/unsigned.json"
expect_status 2 "--key is required"
run "$TS_SIGN" "$tmpdir/none.json" -k $key
expect_status 1 "a missing document"
expect_one_error_line "a missing document"
echo '{' >"$tmpdir/broken.json"
run "$TS_SIGN" "$tmpdir/broken.json" -k $key
expect_status 1 "a broken document"
grep -q "^threadstone-sign: $tmpdir/broken.json: EOF while parsing" "$tmpdir/err"
ok $? "names the document and the parse error"
run "$TS_SIGN" "$tmpdir/unsigned.json" -k $key -o "$tmpdir/no/such/dir/x.json"
expect_status 1 "an unwritable destination"
expect_one_error_line "an unwritable destination"

# An injected key is dropped (the typed document is re-written) and said.
sed 's/^  "schema_version": 2,$/  "schema_version": 2,\n  "injected_claim": "x",/' \
    "$tmpdir/unsigned.json" >"$tmpdir/inj.json"
run "$TS_SIGN" "$tmpdir/inj.json" -k $key -o "$tmpdir/g.json"
expect_status 0 "signs a file with an unknown key"
grep -q 'warning: .*dropping 1 key the document model does not know (first: injected_claim)' "$tmpdir/err" &&
    ! grep -q injected_claim "$tmpdir/g.json"
ok $? "warns and drops it"

# Our signatures hold even where the original's own would not (no
# serde_json fixed point): sign the adversarial documents again.
for n in 5 7 8; do
	run "$TS_SIGN" --force adversarial-$n.json -k $key -o "$tmpdir/adv$n.json"
	expect_status 0 "re-sign adversarial-$n.json"
	run "$TS_VERIFY" "$tmpdir/adv$n.json"
	grep -qx '  signature   verified' "$tmpdir/out"
	ok $? "our signature of adversarial-$n.json verifies"
done

# Cross-check with the independent Python model of the original.
canon=$top_srcdir/../shared/spec/threadstone-vectors/serde_canon.py
[ -f "$canon" ] || canon=/work/shared/spec/threadstone-vectors/serde_canon.py
if [ -n "${PYTHON3:-}" ] && [ -f "$canon" ] &&
    "$PYTHON3" -c 'import cryptography' 2>/dev/null; then
	for f in a b d tampered adv5 adv7 adv8; do
		"$PYTHON3" "$canon" verify "$tmpdir/$f.json" >/dev/null
		ok $? "serde_canon.py verifies $f.json"
	done
fi

# A private key others may read, another user's key, or a FIFO is refused
# in one line naming the fix; THREADSTONE_INSECURE_KEY=1 overrides the mode.
cp "$FIXTURES/testkey-seed-00-1f.pkcs8v2.der" "$tmpdir/open.der"
chmod 644 "$tmpdir/open.der"
run "$TS_SIGN" --force -k "$tmpdir/open.der" -o "$tmpdir/k.json" "$FIXTURES/apple-m4-pro.json"
[ "$rc" -ne 0 ] && [ ! -e "$tmpdir/k.json" ] && printf '%s' "$err" | grep -q 'mode 0644); run chmod 600'
ok $? "a key of mode 0644 is refused with the fix named"
expect_one_error_line "a key of mode 0644"
THREADSTONE_INSECURE_KEY=1 "$TS_SIGN" --force -k "$tmpdir/open.der" \
    -o "$tmpdir/k.json" "$FIXTURES/apple-m4-pro.json" >/dev/null 2>&1
ok $? "THREADSTONE_INSECURE_KEY=1 takes it"
mkfifo "$tmpdir/fifo.der"
t0=$(date +%s)
run "$TS_SIGN" --force -k "$tmpdir/fifo.der" -o "$tmpdir/k.json" "$FIXTURES/apple-m4-pro.json"
[ "$rc" -ne 0 ] && printf '%s' "$err" | grep -q 'not a regular file' && [ $(( $(date +%s) - t0 )) -lt 20 ]
ok $? "a FIFO as the key is refused at once"
if [ "$(id -u)" -eq 0 ] && id nobody >/dev/null 2>&1; then
	cp "$FIXTURES/testkey-seed-00-1f.pkcs8v2.der" "$tmpdir/theirs.der"
	chmod 600 "$tmpdir/theirs.der"
	chown nobody "$tmpdir/theirs.der"
	run "$TS_SIGN" --force -k "$tmpdir/theirs.der" -o "$tmpdir/k.json" "$FIXTURES/apple-m4-pro.json"
	[ "$rc" -ne 0 ] && printf '%s' "$err" | grep -q 'not by you'
	ok $? "another user's key is refused"
else
	ok 0 "# SKIP another user's key needs root"
fi
mkfifo "$tmpdir/fifo.json"
run "$TS_SIGN" --force -k "$FIXTURES/testkey-seed-00-1f.pkcs8v2.der" "$tmpdir/fifo.json"
[ "$rc" -ne 0 ] && printf '%s' "$err" | grep -q 'a FIFO, not a regular file'
ok $? "a FIFO as the document is refused at once"

# A file of another kind is named as what it is, in one line.
kind_what="the public key given as --key" kind_want="testkey-seed-00-1f.pub is a raw Ed25519 public key (32 bytes), not a private key (sign with the .key file, not the .pub)" \
    expect_kind "$TS_SIGN" "$tmpdir/unsigned.json" --key testkey-seed-00-1f.pub -o "$tmpdir/k.json"
kind_what="a document given as --key" kind_want="apple-m4-pro.json is a threadstone result document, not a private key" \
    expect_kind "$TS_SIGN" "$tmpdir/unsigned.json" --key apple-m4-pro.json -o "$tmpdir/k.json"

done_testing
