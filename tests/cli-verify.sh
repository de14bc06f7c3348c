#!/bin/sh
# threadstone-verify: the original's verdicts byte for byte (but for the
# line naming the key), the forgery matrix, warnings about unsigned keys
# and recomputation, --json, trust by key (--trusted-key), and malformed
# input (one clear line, documented status, never a crash).
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_VERIFY" ] || skip_all "threadstone-verify is not built"

cd "$FIXTURES" || exit 99
apple=apple-m4-pro.json
mismatch='signature does not match: the file was modified after signing, or was signed with a different key'
# The verdict block less our line naming the signing key.
nokey() {
	grep -v '^  key         ' "$tmpdir/out"
}

# The three published verdicts.
for f in apple-m4-pro:apple run-signed-at-runtime:run-signed-at-runtime \
    compare-candidate-b:b; do
	doc=${f%%:*}.json
	run "$TS_VERIFY" "$doc"
	if [ "$doc" = compare-candidate-b.json ]; then
		expect_status 1 "$doc fails"
		grep -qx "threadstone-verify: $doc failed verification" \
		    "$tmpdir/err"
		ok $? "$doc: failure named on stderr"
	else
		expect_status 0 "$doc passes"
		[ ! -s "$tmpdir/err" ]
		ok $? "$doc: nothing on stderr (recomputation agrees)"
	fi
	nokey | cmp -s - "expected-verify-${f#*:}.txt"
	ok $? "$doc: output equals expected-verify-${f#*:}.txt, but for the key line"
	if grep -q '"signature"' "$doc"; then
		grep -q '^  key         SHA256:[A-Za-z0-9+/]\{43\} (no --trusted-key named)$' "$tmpdir/out"
		ok $? "$doc: the key line names the signer's fingerprint"
	fi
done
grep -q 'warning: compare-candidate-b.json: dhrystone single-thread: value 81567046.61949702 is not the median' "$tmpdir/err"
ok $? "b: the edited value is found by recomputation"

# A document of ours re-signed by ThreadStone 2.0.0, which drops its
# extensions: made with `threadstone-run -q -w sha256 --out ours.json`,
# then the original's `threadstone sign ours.json --key threadstone.key
# --out ours-resigned-by-original.json` (a key of its keygen); the
# original's verify of it printed expected-verify-ours-resigned-by-original.txt.
# Ours gives the same block and one note, and warns of nothing.
resigned=ours-resigned-by-original.json
run "$TS_VERIFY" $resigned
nokey >"$tmpdir/nokey"
expect_status 0 "$resigned passes"
[ ! -s "$tmpdir/err" ]
ok $? "$resigned: nothing on stderr, no warning"
{ cat expected-verify-ours-resigned-by-original.txt
  echo "  note: the execution records were removed (ThreadStone 2.0.0's sign drops extensions): the ci95 of 2 passes matches 8 executions of 2 samples, taken in the samples' order"
} | cmp -s - "$tmpdir/nokey"
ok $? "$resigned: the original's verdict block, and a note that the execution records were removed"
# Its ci95 edited: the signature breaks, and the warning is there.
sed 's/"ci95": 21.733580457642233/"ci95": 21.8/' $resigned >"$tmpdir/ci.json"
run "$TS_VERIFY" "$tmpdir/ci.json"
grep -q 'warning: .*ci.json: sha256 single-thread: statistics do not match the samples: ci95 21.8 (recomputed ' "$tmpdir/err"
ok $? "$resigned with its ci95 edited: the warning as before"
# A document with its extensions and an edited ci95 warns as before.
sed 's/"ci95": 271.82025541806814/"ci95": 280.5/' executions-run.json \
    >"$tmpdir/ex.json"
run "$TS_VERIFY" "$tmpdir/ex.json"
expect_status 0 "executions-run.json with a ci95 edited (unsigned)"
grep -q 'warning: .*ex.json: sha256 multi-thread: statistics do not match the samples: ci95 280.5 (recomputed 271.82025541806' "$tmpdir/err" &&
    ! grep -q 'execution records were removed' "$tmpdir/out"
ok $? "executions-run.json with a ci95 edited: the warning, no note"

# Documents signed the original's way with numbers in every layout range;
# the verdicts are the original's (its parser has no fixed point for some
# values, so it rejects some documents it signed itself).
while read -r doc verdict; do
	run "$TS_VERIFY" "$doc"
	case $verdict in
	verified) want='  signature   verified' ;;
	*) want="  signature   INVALID: $mismatch" ;;
	esac
	grep -qxF "$want" "$tmpdir/out"
	ok $? "$doc: signature $verdict, as in the original"
done <adversarial-verdicts.txt

# U+0000 inside a string (a document the original signs and verifies):
# kept through reading, canonical bytes and the pretty writer.
run "$TS_VERIFY" nul-in-string.json
expect_status 0 "a signed document with \\u0000 in a string verifies"
grep -qx '  signature   verified' "$tmpdir/out"
ok $? "nul-in-string.json: signature verified"

run "$TS_VERIFY" --require-signature compare-candidate-b.json
grep -qx '  signature   MISSING (required by --require-signature)' \
    "$tmpdir/out"
ok $? "--require-signature reports a missing signature"

# Problems print numbers whole, in Rust's Display form, however long.
sed -e 's/"value": 67972538.84958085,/"value": 1e300,/' \
    -e 's/"duration_secs": 45.710684875,/"duration_secs": -5e-324,/' \
    $apple >"$tmpdir/long.json"
run "$TS_VERIFY" "$tmpdir/long.json"
expect_status 1 "a value of 1e300 outside its range fails"
grep -q "^    - dhrystone single-thread: value 1$(printf '%0300d' 0) outside its own range \[" \
    "$tmpdir/out"
ok $? "1e300 is printed with all its 301 digits"
grep -qx "    - implausible duration -0.$(printf '%0323d' 0)5" "$tmpdir/out"
ok $? "-5e-324 is printed with all its 323 zeros"

# forge NAME SED-EXPRESSION EXPECTED-MESSAGE: an edited copy fails with it.
forge() {
	sed "$2" $apple >"$tmpdir/forged.json"
	if cmp -s $apple "$tmpdir/forged.json"; then
		ok 1 "forgery '$1': the edit applied"
		return
	fi
	run "$TS_VERIFY" "$tmpdir/forged.json"
	[ "$rc" -eq 1 ] &&
	    grep -qxF "  signature   INVALID: $3" "$tmpdir/out" &&
	    grep -q '^FAIL ' "$tmpdir/out"
	ok $? "forgery '$1' rejected: $3"
}
forge "field edited" 's/"cpu_model": "Apple M4 Pro"/"cpu_model": "Apple M5 Pro"/' "$mismatch"
forge "digit changed" 's/"duration_secs": 45.710684875/"duration_secs": 45.710684876/' "$mismatch"
forge "sample digit" 's/67001822.18707799/67001822.18707798/' "$mismatch"
forge "integer edited" 's/"iters_per_thread": 19522628/"iters_per_thread": 19522629/' "$mismatch"
forge "optional field removed" '/"cpu_vendor": "Apple",/d' "$mismatch"
forge "public key swapped" 's|"public_key": "5bURCRBzVlrFaKhWSRckcqIltfjxFWn3SFSmmwk8okA="|"public_key": "A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg="|' "$mismatch"
forge "signature from another key" 's|"value": "QDAT.*"$|"value": "g+GhljFn0VAKKwuGYIk5E51zfDabN8r49shXPXYABD4V9+8cO80R5t34ZhYxkhPywrt7dV6YRcq+P4WFV2okCg=="|' "$mismatch"
forge "algorithm renamed" 's/"algorithm": "ed25519"/"algorithm": "ed448"/' \
    "unsupported signature algorithm 'ed448' (expected ed25519)"
forge "signature truncated" 's|Aw=="$|w=="|' "signature is not valid base64"
forge "signature truncated by a group" 's|Aw=="$|"|' "$mismatch"
forge "signature padded" 's|Aw=="$|Aw===="|' "signature is not valid base64"
forge "signature longer" 's|Aw=="$|AwAA"|' "$mismatch"
forge "non-canonical signature" 's|Aw=="$|Ax=="|' "signature is not valid base64"
forge "non-canonical public key" 's|mwk8okA=|mwk8okB=|' "public key is malformed"
forge "public key with whitespace" 's|mwk8okA=|mwk8 okA=|' "public key is malformed"
forge "empty signature" 's|"value": "QDAT.*"$|"value": ""|' "$mismatch"
forge "old stub signature" 's|"value": "QDAT.*"$|"value": "AAECAwQ="|' "$mismatch"

# An injected key keeps the signature valid (as in the original) but is
# named on stderr; the verdict block is unchanged.
sed 's/^  "schema_version": 2,$/  "schema_version": 2,\n  "injected_claim": "certified",/' \
    $apple >"$tmpdir/injected.json"
run "$TS_VERIFY" "$tmpdir/injected.json"
expect_status 0 "an injected unknown key still verifies"
grep -qx "threadstone-verify: warning: $tmpdir/injected.json: keys not covered by the signature: injected_claim" "$tmpdir/err"
ok $? "the injected key is warned about"
nokey >"$tmpdir/nokey"
sed "s|^OK   apple-m4-pro.json|OK   $tmpdir/injected.json|" \
    expected-verify-apple.txt | cmp -s - "$tmpdir/nokey"
ok $? "the verdict block is the original's"

# Text that reads into the same typed document keeps the signature: an
# explicit false flag, null optionals, another spelling of a number.
sed -e 's/^        "window_ms": 289.39116650000005$/        "window_ms": 289.39116650000005, "window_too_short": false/' \
    -e 's/^    "cache_line_bytes": 128,$/    "cache_line_bytes": 128, "l3_bytes": null,/' \
    -e 's/"overhead_ns": 14.8333/"overhead_ns": 1.48333e1/' $apple >"$tmpdir/same.json"
run "$TS_VERIFY" "$tmpdir/same.json"
expect_status 0 "same typed document, different text: still verified"
! cmp -s $apple "$tmpdir/same.json"
ok $? "(the edits applied)"
sed 's/^        "window_ms": 289.39116650000005$/        "window_ms": 289.39116650000005, "window_too_short": true/' \
    $apple >"$tmpdir/flag.json"
run "$TS_VERIFY" "$tmpdir/flag.json"
expect_status 1 "window_too_short set to true breaks the signature"

# Integer literal in a float field, reordered keys: still the same bytes.
sed 's/"cycle_hz": 1000000000.0/"cycle_hz": 1000000000/' $apple \
    >"$tmpdir/int.json"
run "$TS_VERIFY" "$tmpdir/int.json"
expect_status 0 "an integer literal in a float field verifies"

# --json
run "$TS_VERIFY" --json run-signed-at-runtime.json
expect_status 0 "--json on a good file"
grep -q '"pass": true' "$tmpdir/out" &&
    grep -q '"status": "verified"' "$tmpdir/out" &&
    grep -q 'high run-to-run variance in sha256, dhrystone, latency' \
    "$tmpdir/out"
ok $? "--json carries the verdict and notes"
run "$TS_VERIFY" --json "$tmpdir/injected.json"
grep -q '"keys not covered by the signature: injected_claim"' \
    "$tmpdir/out" && [ ! -s "$tmpdir/err" ]
ok $? "--json puts warnings in the document, not on stderr"
if [ -n "${PYTHON3:-}" ] && "$PYTHON3" -c 'import json' 2>/dev/null; then
	"$PYTHON3" -c 'import json,sys; json.load(open(sys.argv[1]))' \
	    "$tmpdir/out"
	ok $? "--json output is valid JSON"
fi

# Malformed input: parse failures print the verdict block and one line.
# bad NAME CONTENT-COMMAND MESSAGE-PART
bad() {
	sh -c "$2" >"$tmpdir/bad.json"
	run "$TS_VERIFY" "$tmpdir/bad.json"
	[ "$rc" -eq 1 ] &&
	    [ "$(sed -n 1p "$tmpdir/out")" = "FAIL $tmpdir/bad.json" ] &&
	    sed -n 2p "$tmpdir/out" | grep -q "^  not a valid result document: .*$3" &&
	    [ "$(wc -l <"$tmpdir/out")" -eq 2 ] &&
	    [ "$(wc -l <"$tmpdir/err")" -eq 1 ]
	ok $? "$1: exit 1, FAIL block with '$3', one stderr line"
}
bad "not JSON" "echo hello" "expected value at line 1 column 1"
bad "empty file" "true" "EOF while parsing a value"
bad "an array" "echo '[1,2]'" "expected struct Report"
bad "wrong type" "sed 's/\"samples\": 9/\"samples\": \"9\"/' $apple" \
    'invalid type: string "9", expected u32 at config.samples'
bad "float in an integer field" "sed 's/\"samples\": 9/\"samples\": 9.0/' $apple" \
    'floating point `9.0`, expected u32'
bad "negative integer" "sed 's/\"warmup\": 3/\"warmup\": -3/' $apple" \
    'invalid value: integer `-3`, expected u32'
bad "u32 out of range" "sed 's/\"warmup\": 3/\"warmup\": 4294967296/' $apple" \
    'expected u32'
bad "missing field" "sed '/\"logical_cores\"/d' $apple" \
    'missing field `logical_cores` in system'
bad "duplicate field" "sed 's/\"logical_cores\": 14,/\"logical_cores\": 14, \"logical_cores\": 14,/' $apple" \
    'duplicate field `logical_cores`'
bad "huge number" "sed 's/\"duration_secs\": 45.710684875/\"duration_secs\": 1e400/' $apple" \
    "number out of range"
bad "NaN text" "sed 's/\"duration_secs\": 45.710684875/\"duration_secs\": NaN/' $apple" \
    "expected value at line 5"
bad "trailing garbage" "cat $apple; echo x" "trailing characters"
bad "lone surrogate" "sed 's/Apple M4 Pro/Apple \\\\udc00/' $apple" "surrogate"
bad "deep nesting" "yes '[' | head -n 100000" \
    "recursion limit exceeded"

# Read errors: nothing on stdout, one line on stderr, exit 1.
readerr() {
	run "$TS_VERIFY" "$2"
	expect_status 1 "$1"
	expect_one_error_line "$1"
	grep -q "^threadstone-verify: cannot read $2: $3" "$tmpdir/err"
	ok $? "$1: names the file and the reason"
}
readerr "a missing file" "$tmpdir/nonexistent.json" "No such file"
readerr "a directory" "$tmpdir" "Is a directory"
printf '{"schema_version": 2, "tool_version": "\377"}' >"$tmpdir/latin1.json"
readerr "a non-UTF-8 file" "$tmpdir/latin1.json" "stream did not contain valid UTF-8"
if truncate -s 100M "$tmpdir/huge.json" 2>/dev/null; then
	readerr "a 100 MB file" "$tmpdir/huge.json" "larger than"
fi
if [ "$(id -u)" -ne 0 ]; then
	cp $apple "$tmpdir/unreadable.json" && chmod 000 "$tmpdir/unreadable.json"
	readerr "an unreadable file" "$tmpdir/unreadable.json" "Permission denied"
fi

# Standard input, as the end of a pipeline (stdout JSON ends in a newline).
{ cat run-signed-at-runtime.json; echo; } | "$TS_VERIFY" - >"$tmpdir/out" 2>"$tmpdir/err"
[ $? -eq 0 ] && nokey >"$tmpdir/nokey" &&
    sed 's/^OK   run-signed-at-runtime.json$/OK   -/' \
    expected-verify-run-signed-at-runtime.txt | cmp -s - "$tmpdir/nokey"
ok $? "- reads standard input"

# Trust by key: a document edited and re-signed with another key passes
# a plain verify (the signature is intact) but fails --trusted-key.
if [ -x "$TS_KEYGEN" ] && [ -x "$TS_SIGN" ]; then
	"$TS_KEYGEN" -d "$tmpdir/alice" >"$tmpdir/alice.out" &&
	    "$TS_KEYGEN" -d "$tmpdir/mallory" >/dev/null
	ok $? "two key pairs"
	alice=$tmpdir/alice/threadstone.pub
	afp=$(sed -n 's/^fingerprint  //p' "$tmpdir/alice.out")
	"$TS_SIGN" -k "$tmpdir/alice/threadstone.key" -o "$tmpdir/alice.json" \
	    --force run-signed-at-runtime.json >/dev/null
	run "$TS_VERIFY" --trusted-key "$alice" "$tmpdir/alice.json"
	expect_status 0 "signed by the trusted key: passes"
	grep -qx "  key         $afp (trusted: $alice)" "$tmpdir/out"
	ok $? "the key line names the fingerprint keygen printed, trusted, and the file"
	sed 's/"cpu_model": "[^"]*"/"cpu_model": "Definitely Faster CPU"/' \
	    "$tmpdir/alice.json" >"$tmpdir/forged.json"
	"$TS_SIGN" -k "$tmpdir/mallory/threadstone.key" --force \
	    "$tmpdir/forged.json" >/dev/null
	run "$TS_VERIFY" --require-signature "$tmpdir/forged.json"
	expect_status 0 "re-signed by another key: intact, so a plain verify passes"
	run "$TS_VERIFY" --trusted-key "$alice" "$tmpdir/forged.json"
	expect_status 1 "re-signed by another key: --trusted-key fails it"
	[ "$(wc -l <"$tmpdir/err")" -eq 1 ]
	ok $? "an untrusted signer: one line on stderr"
	grep -q '^FAIL ' "$tmpdir/out" &&
	    grep -q '^  key         SHA256:.* NOT TRUSTED (not the 1 key --trusted-key named)$' "$tmpdir/out" &&
	    grep -q 'failed verification: signed by SHA256:.*, a key no --trusted-key names' "$tmpdir/err"
	ok $? "says NOT TRUSTED and names the signer's fingerprint"
	run "$TS_VERIFY" --json --trusted-key "$alice" "$tmpdir/forged.json"
	expect_status 1 "--json: fails too"
	printf '%s\n' "$out" | grep -q '"trusted": false' &&
	    printf '%s\n' "$out" | grep -q '"pass": false'
	ok $? "--json: key.trusted false, pass false"
	# Either key trusted: repeatable, and a text file of keys.
	run "$TS_VERIFY" --trusted-key "$tmpdir/mallory/threadstone.pub" \
	    --trusted-key "$alice" "$tmpdir/forged.json"
	expect_status 0 "--trusted-key repeated: any of the keys"
	key=$(sed -n 's/.*"public_key": "\([^"]*\)".*/\1/p' "$tmpdir/alice.json")
	printf '# the keys we trust\n\n%s alice@lab\n' "$key" >"$tmpdir/keys.txt"
	run "$TS_VERIFY" --trusted-key "$tmpdir/keys.txt" "$tmpdir/alice.json"
	expect_status 0 "a text file: a base64 key with a comment"
	printf '%s\n' "$afp" >"$tmpdir/fps.txt"
	run "$TS_VERIFY" --trusted-key "$tmpdir/fps.txt" "$tmpdir/alice.json"
	expect_status 0 "a text file: a fingerprint"
	run "$TS_VERIFY" --trusted-key "$tmpdir/fps.txt" "$tmpdir/forged.json"
	expect_status 1 "a fingerprint file that does not name the signer"
	# Unsigned: --trusted-key requires a signature.
	run "$TS_VERIFY" --trusted-key "$alice" executions-run.json
	expect_status 1 "an unsigned document with --trusted-key"
	grep -q '^  signature   MISSING' "$tmpdir/out"
	ok $? "the signature is missing"
	# Bad key files: one line naming the file, exit 1, before the document.
	run "$TS_VERIFY" --trusted-key "$tmpdir/alice/threadstone.key" "$tmpdir/alice.json"
	expect_status 1 "a private key as --trusted-key"
	expect_one_error_line "a private key as --trusted-key"
	grep -q 'not a public key file (a private key?' "$tmpdir/err"
	ok $? "says it is not a public key file"
	printf 'not a key\n' >"$tmpdir/junk.txt"
	run "$TS_VERIFY" --trusted-key "$tmpdir/junk.txt" "$tmpdir/alice.json"
	expect_status 1 "a text file that holds no key"
	grep -q "junk.txt:1: not a public key" "$tmpdir/err"
	ok $? "names the file and line"
	run "$TS_VERIFY" --trusted-key "$tmpdir/nope.pub" "$tmpdir/alice.json"
	expect_status 1 "a missing --trusted-key file"
	expect_one_error_line "a missing --trusted-key file"
else
	ok 0 "# SKIP threadstone-keygen or -sign not built"
fi
# ThreadStone 2.0.0's own documents verify as before with no key named.
for d in "$top_srcdir/../shared/fixtures/threadstone-2.0.0/apple-m4-pro.json" \
    "$top_srcdir/../shared/fixtures/threadstone-2.0.0/apple-m4-pro-sweep.json"; do
	[ -f "$d" ] || continue
	case $d in *sweep*) continue ;; esac
	run "$TS_VERIFY" "$d"
	expect_status 0 "ThreadStone 2.0.0's $(basename "$d") verifies with no key named"
done

# Usage errors: exit 2.
run "$TS_VERIFY"
expect_status 2 "no FILE"
expect_one_error_line "no FILE"
run "$TS_VERIFY" --bogus $apple
expect_status 2 "unknown option"
run "$TS_VERIFY" $apple $apple
expect_status 2 "two files"
run "$TS_VERIFY" --version
expect_status 0 "--version"
case $out in
"threadstone-verify (threadstone) "[0-9]*.[0-9]*.[0-9]*) ok 0 "--version text" ;;
*) ok 1 "--version text" ;;
esac

done_testing
