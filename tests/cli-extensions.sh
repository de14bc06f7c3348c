#!/bin/sh
# Extension keys we do not know (from the original's later versions or
# other tools), and known ones with a value we would not write, survive
# threadstone-sign and threadstone-report --format json byte for byte and
# in place: the typed model keeps them as JSON where they stood.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_SIGN" ] && [ -x "$TS_REPORT" ] && [ -x "$TS_VERIFY" ] ||
    skip_all "threadstone-sign, -report or -verify is not built"

cd "$FIXTURES" || exit 99
key=testkey-seed-00-1f.pkcs8v2.der
doc=$tmpdir/doc.json

# producer-ours-0.1.0.json with an unknown key first (nested object and
# array, numbers with many digits), one in the middle, one last, and a
# number where we write a string.  Every value is already in the
# writers' layout, so the document is a fixed point.
awk '
/^  "extensions": \{$/ {
	print
	print "    \"a_first_unknown\": {"
	print "      \"nested\": {"
	print "        \"deep\": ["
	print "          1,"
	print "          {"
	print "            \"x\": null"
	print "          },"
	print "          [],"
	print "          {}"
	print "        ]"
	print "      },"
	print "      \"digits\": 3.141592653589793,"
	print "      \"big\": 18446744073709551615,"
	print "      \"negative\": -9223372036854775808,"
	print "      \"tiny\": 5e-324,"
	print "      \"huge\": 1.7976931348623157e308"
	print "    },"
	next
}
/^    "cpus": \{$/ {
	print "    \"mid_unknown\": ["
	print "      true,"
	print "      \"s\\u0000t \\\"q\\\" /\","
	print "      0.1,"
	print "      -0.0"
	print "    ],"
	print
	next
}
/^    "kernel_release": / {
	print "    \"kernel_release\": 42,"
	next
}
/^      "base_page_bytes": 4096$/ {
	print
	getline
	print "    },"
	print "    \"z_last_unknown\": {"
	print "      \"n\": 1.2345678901234568e22"
	print "    }"
	next
}
{ print }' producer-ours-0.1.0.json >"$doc"

# The extensions object of a document, from its key to its closing brace.
extensions() {
	sed -n '/^  "extensions": {$/,/^  }/p' "$1"
}
extensions "$doc" >"$tmpdir/want"
grep -q '"a_first_unknown"' "$tmpdir/want" &&
    grep -q '"z_last_unknown"' "$tmpdir/want" &&
    grep -q '"kernel_release": 42' "$tmpdir/want"
ok $? "the test document has the added keys"

run "$TS_REPORT" --format json "$doc"
expect_status 0 "report --format json"
cmp -s "$tmpdir/out" "$doc"
ok $? "report --format json writes the document unchanged"

run "$TS_SIGN" -k $key -o "$tmpdir/signed.json" "$doc"
expect_status 0 "sign with the test key"
extensions "$tmpdir/signed.json" | sed '$s/},$/}/' >"$tmpdir/got"
cmp -s "$tmpdir/got" "$tmpdir/want"
ok $? "the signed document keeps every extension key, byte for byte"
grep -q '^  "signature": {$' "$tmpdir/signed.json"
ok $? "the signed document has its signature after the extensions"

run "$TS_VERIFY" "$tmpdir/signed.json"
expect_status 0 "the signed document verifies"
grep -qx '  document    verified (extensions included)' "$tmpdir/out" &&
    [ ! -s "$tmpdir/err" ]
ok $? "verify says the whole document is signed, and warns of nothing"
grep -q '^    "document_value": "[A-Za-z0-9+/]*==",*$' "$tmpdir/signed.json"
ok $? "the whole-document signature is signature.document_value"

# Every change outside what the original signs breaks the whole-document
# signature and fails the file; the original's signature still holds.
edit() {
	sed "$2" "$tmpdir/signed.json" >"$tmpdir/edit.json"
	if cmp -s "$tmpdir/edit.json" "$tmpdir/signed.json"; then
		ok 1 "$1: (the edit applied)"
		return
	fi
	run "$TS_VERIFY" "$tmpdir/edit.json"
	[ "$rc" -eq 1 ] && grep -qx '  signature   verified' "$tmpdir/out" &&
	    grep -q '^  document    INVALID: the whole-document signature does not match: keys that ThreadStone 2.0.0 does not sign' "$tmpdir/out" &&
	    grep -qx "threadstone-verify: $tmpdir/edit.json failed verification" "$tmpdir/err"
	ok $? "$1 fails verification"
}
edit "extensions.cflags edited" 's/^    "cflags": ".*",$/    "cflags": "-O0",/'
edit "an unknown extension key edited" 's/"digits": 3.141592653589793/"digits": 3.14159265358979/'
edit "an extension key removed" '/^    "kernel_release": 42,$/d'
edit "an unknown top-level key added" 's/^  "schema_version": 2,$/  "schema_version": 2,\n  "claim": "x",/'
edit "an unknown key added in a workload" 's/^      "id": "sha256",$/      "id": "sha256",\n      "claim": 1,/'
edit "extensions removed (value kept)" '/^  "extensions": {$/,/^  },$/d'
run "$TS_VERIFY" --json "$tmpdir/edit.json"
grep -q '"document_signature": {' "$tmpdir/out" &&
    grep -q '"status": "invalid"' "$tmpdir/out"
ok $? "--json reports the whole-document signature"

# Key order and white space are not content: the signature holds.
sed 's/^    "cflags": \(.*\),$/    "cflags"  :   \1,/' "$tmpdir/signed.json" \
    >"$tmpdir/spaced.json"
run "$TS_VERIFY" "$tmpdir/spaced.json"
expect_status 0 "white space changed: still verified"

# A bad document_value is named as such.
sed 's/^    "document_value": "\(.*\)=="$/    "document_value": "\1="/' \
    "$tmpdir/signed.json" >"$tmpdir/badb64.json"
run "$TS_VERIFY" "$tmpdir/badb64.json"
[ "$rc" -eq 1 ] &&
    grep -qx '  document    INVALID: the whole-document signature is not valid base64' "$tmpdir/out"
ok $? "a document_value that is not base64 fails, named"
run "$TS_SIGN" -k $key -o "$tmpdir/resigned.json" "$tmpdir/edit.json"
expect_status 1 "sign refuses to replace a broken whole-document signature"

# Signed the original's way (no document_value, as by ThreadStone 2.0.0
# or an older build): verified as before, with the warning as before.
grep -v '"document_value"' "$tmpdir/signed.json" |
    sed 's/^\(    "value": ".*"\),$/\1/' >"$tmpdir/old.json"
run "$TS_VERIFY" "$tmpdir/old.json"
expect_status 0 "a document signed the original's way verifies"
! grep -q '^  document' "$tmpdir/out" &&
    grep -qx "threadstone-verify: warning: $tmpdir/old.json: the \"extensions\" object is not covered by the signature" "$tmpdir/err"
ok $? "its verdict block is the original's, and the warning says what is not covered"

# A document without extensions gets no second signature: the original's
# signature covers all of it.
grep -q document_value apple-m4-pro.json
[ $? -eq 1 ]
ok $? "(apple-m4-pro.json has no extensions and no document_value)"

run "$TS_REPORT" --format json "$tmpdir/signed.json"
expect_status 0 "report --format json of the signed document"
{ cat "$tmpdir/signed.json"; echo; } >"$tmpdir/signed-nl.json"
cmp -s "$tmpdir/out" "$tmpdir/signed-nl.json"
ok $? "report --format json of the signed document is that document"

# Signing again changes nothing.
run "$TS_SIGN" -k $key -o "$tmpdir/again.json" "$tmpdir/signed.json"
expect_status 0 "sign the signed document again"
cmp -s "$tmpdir/again.json" "$tmpdir/signed.json"
ok $? "a second signature writes the same bytes"

done_testing
