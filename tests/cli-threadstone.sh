#!/bin/sh
# threadstone COMMAND: ThreadStone 2.0.0's command lines (its README's
# Usage and Signing sections, with options added to keep runs short) run
# the package's programs from threadstone's own directory, with the
# arguments, output and exit status unchanged; bad command lines get one
# line and status 2, a missing program one line and status 1.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

[ -x "$TS_CMD" ] || skip_all "threadstone is not built"
quick="-s 1 --warmup 0 --window-ms 20 -q"
A=$FIXTURES/apple-m4-pro.json
B=$FIXTURES/compare-candidate-b.json
cd "$tmpdir" || exit 99

# same CMD... : threadstone CMD... and the program give the same stdout,
# stderr and status.  $1 is the verb, $2 the program's argument list.
same() {
	verb=$1 prog=$2
	shift 2
	run "$TS_CMD" "$verb" "$@"
	c_out=$out c_err=$err c_rc=$rc
	run $prog "$@"
	[ "$c_out" = "$out" ] && [ "$c_rc" -eq "$rc" ] && [ "$c_err" = "$err" ]
	ok $? "threadstone $verb $*: as $(basename "${prog%% *}") (exit $rc)"
}

run "$TS_CMD" --help
expect_status 0 "--help"
for v in run list sweep compare verify sign keygen report schema history ab tachyon help; do
	echo "$out" | grep -q "^  $v "
	ok $? "--help lists $v"
done
run "$TS_CMD" --version
expect_status 0 "--version"
echo "$out" | grep -qx "threadstone (threadstone) [0-9.]*"
ok $? "--version prints the package's version"

# The original's README, as written.
same list "$TS_RUN --list"
same compare "$TS_COMPARE" before.json after.json
cp "$A" before.json && cp "$B" after.json
same compare "$TS_COMPARE" before.json after.json
same compare "$TS_COMPARE" --fail-on-regression before.json after.json
[ "$rc" -eq 3 ]
ok $? "compare --fail-on-regression: the regression's status 3 comes through"
same verify "$TS_VERIFY" before.json
same verify "$TS_VERIFY" before.json --require-signature
same report "$TS_REPORT" before.json
same report "$TS_REPORT" --format markdown before.json

# tachyon is a verb too, whatever name the probe is installed under
# (tachyon-probe in the distribution packages).
same tachyon "$TACHYON" --help
same tachyon "$TACHYON" --seconds 0
run "$TS_CMD" tachyon --seconds 0.2 --no-cache-check -w 1 --json
expect_status 0 "threadstone tachyon --json"
echo "$out" | grep -q '"million_accesses_per_sec"'
ok $? "threadstone tachyon reads this host's memory"

# ab, two commands on this host: not the original's, a verb all the same.
same ab "$TS_AB" --help
same ab "$TS_AB" --runs 0 a b
run "$TS_CMD" ab --runs 6 --seed 1 -q --metric json:t \
    "printf '{\"t\": 1}'" "printf '{\"t\": 2}'"
expect_status 0 "threadstone ab"
grep -q '^B/A  2.0000 ' "$tmpdir/out"
ok $? "threadstone ab compares the two commands"

run "$TS_CMD" run -w sha256 $quick --out result.json
expect_status 0 "threadstone run --out result.json"
"$TS_VERIFY" result.json >/dev/null 2>&1
ok $? "its document verifies"
run "$TS_CMD" run -w sha256 -w sort $quick --single-only
expect_status 0 "threadstone run -w sha256 -w sort"
echo "$out" | grep -q '^SHA-256 ' && echo "$out" | grep -q '^Sort 1Mi u64 '
ok $? "both workloads in the table"
"$TS_CMD" run -w sort $quick --format json >stdout.json 2>stderr.txt
ok $? "threadstone run --format json > result.json"
"$TS_VERIFY" stdout.json >/dev/null 2>&1 && [ ! -s stderr.txt ]
ok $? "a clean document on stdout, nothing on stderr with -q"
run "$TS_CMD" sweep --max-size 32K --min-ms 5 -q
expect_status 0 "threadstone sweep"
echo "$out" | grep -q "^ *32 KiB"
ok $? "threadstone sweep prints its table"

# Signing.
run "$TS_CMD" keygen --dir "$tmpdir/.threadstone"
expect_status 0 "threadstone keygen --dir ~/.threadstone"
key=$tmpdir/.threadstone/threadstone.key
[ -s "$key" ]
ok $? "the key exists"
run "$TS_CMD" run -w sha256 $quick --sign-key "$key" --out signed.json
expect_status 0 "threadstone run --sign-key KEY --out result.json"
run "$TS_CMD" verify signed.json --require-signature
expect_status 0 "threadstone verify result.json --require-signature"
run "$TS_CMD" verify result.json --require-signature
[ "$rc" -ne 0 ]
ok $? "an unsigned result fails --require-signature"
run "$TS_CMD" sign result.json --key "$key"
expect_status 0 "threadstone sign result.json --key KEY"
run "$TS_CMD" verify result.json --require-signature
expect_status 0 "now it verifies with --require-signature"

# schema [-o FILE].
"$TS_REPORT" --schema >want.schema.json
run "$TS_CMD" schema
expect_status 0 "threadstone schema"
cmp -s "$tmpdir/out" want.schema.json
ok $? "prints the installed schema"
run "$TS_CMD" schema -o result.schema.json
expect_status 0 "threadstone schema -o result.schema.json"
{ cat result.schema.json; echo; } | cmp -s - want.schema.json
ok $? "writes it whole (the printed schema and a newline)"
mkdir sub
run "$TS_CMD" schema -o sub/no/s.json
expect_status 1 "schema -o into a missing directory"
expect_one_error_line "schema -o into a missing directory"
run "$TS_CMD" schema -o sub
expect_status 1 "schema -o onto a directory"
expect_one_error_line "schema -o onto a directory"
[ -z "$(ls -A sub)" ]
ok $? "nothing written, no temp file left"

# help.
run "$TS_CMD" help
expect_status 0 "help alone"
echo "$out" | grep -q "^  schema "
ok $? "help alone lists the commands"
run env PATH=/nonexistent "$TS_CMD" help sign
expect_status 0 "help sign without man"
echo "$out" | grep -q "^Usage: threadstone-sign"
ok $? "help sign without man prints threadstone-sign --help"
run "$TS_CMD" help bogus
expect_status 2 "help of an unknown command"
expect_one_error_line "help bogus"

# Bad command lines.
run "$TS_CMD"
expect_status 2 "no command"
expect_one_error_line "no command"
run "$TS_CMD" bogus --help
expect_status 2 "an unknown command"
expect_one_error_line "an unknown command"
grep -q "unknown command 'bogus'; the commands are run, list, sweep, compare, verify, sign, keygen, report, schema, history, ab, tachyon and help" "$tmpdir/err"
ok $? "the line names the commands"
for v in tachyon-probe ../threadstone-run run/x ''; do
	run "$TS_CMD" "$v"
	[ "$rc" -eq 2 ]
	ok $? "'$v' is no command (exit 2)"
done
run "$TS_CMD" --bogus run
expect_status 2 "an option before the command"
expect_one_error_line "an option before the command"

# The programs come from threadstone's directory: not from PATH, and
# with the arguments unchanged.
mkdir -p alone stale
cp "$TS_CMD" alone/threadstone
run alone/threadstone run --help
expect_status 1 "threadstone without threadstone-run beside it"
expect_one_error_line "a missing program"
grep -q "threadstone-run is missing from $tmpdir/alone" "$tmpdir/err"
ok $? "the line names the missing program and where it was looked for"
printf '#!/bin/sh\necho stale\n' >stale/threadstone-run
chmod +x stale/threadstone-run
run env PATH="$tmpdir/stale:$PATH" "$TS_CMD" list
[ "$rc" -eq 0 ] && ! echo "$out" | grep -q stale
ok $? "a threadstone-run earlier on PATH is not used"
cat >alone/threadstone-sign <<'EOT'
#!/bin/sh
printf '%s\n' "$0" "$#"
for a in "$@"; do printf '[%s]\n' "$a"; done
exit 7
EOT
chmod +x alone/threadstone-sign
run alone/threadstone sign 'a b' '' '--key=*' -- -x
expect_status 7 "the program's exit status comes through"
printf '%s\n' "$tmpdir/alone/threadstone-sign" 5 '[a b]' '[]' '[--key=*]' '[--]' '[-x]' >want
cmp -s "$tmpdir/out" want
ok $? "the program beside threadstone gets the arguments unchanged"
[ "$rc" -eq 7 ] || cat "$tmpdir/out" | sed 's/^/# /'

done_testing
