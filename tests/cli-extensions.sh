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
case $err in
*'"extensions" object is not covered by the signature'*) ok 0 \
    "verify says the extensions are not signed" ;;
*) ok 1 "verify says the extensions are not signed" ;;
esac

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
