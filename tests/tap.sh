# tests/tap.sh: sourced by every shell test.  TAP helpers, a private temp
# directory removed on exit, and the paths of the programs under test (taken
# from the environment when set, so the same scripts test installed
# binaries: TACHYON=/usr/bin/tachyon-probe tests/cli-tachyon.sh).  The
# probe is the build's under the name it is installed as (TACHYON_NAME, from
# configure: tachyon-probe in the packages, a link to tachyon in the build).
set -u
LC_ALL=C
export LC_ALL
unset NO_COLOR
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
: "${top_builddir:=$top_srcdir}"
: "${TACHYON:=$top_builddir/${TACHYON_NAME:-tachyon}}"
: "${TACHYON_ANALYZE:=$top_builddir/tachyon-analyze}"
: "${TS_RUN:=$top_builddir/threadstone-run}"
: "${TS_VERIFY:=$top_builddir/threadstone-verify}"
: "${TS_SIGN:=$top_builddir/threadstone-sign}"
: "${TS_KEYGEN:=$top_builddir/threadstone-keygen}"
: "${TS_COMPARE:=$top_builddir/threadstone-compare}"
: "${TS_REPORT:=$top_builddir/threadstone-report}"
: "${TS_SWEEP:=$top_builddir/threadstone-sweep}"
: "${TS_HISTORY:=$top_builddir/threadstone-history}"
: "${TS_AB:=$top_builddir/threadstone-ab}"
: "${TS_CMD:=$top_builddir/threadstone}"
# Every program but the threadstone dispatcher, for the tests of what they
# all do alike (cli-common.sh, cli-options.sh).
TS_PROGRAMS="$TS_RUN $TS_REPORT $TS_COMPARE $TS_VERIFY $TS_SIGN $TS_KEYGEN
$TS_SWEEP $TS_HISTORY $TS_AB $TACHYON $TACHYON_ANALYZE"
FIXTURES=$top_srcdir/tests/fixtures
TOPO=$top_srcdir/tests/topo

tap_n=0
tap_failed=0
tmpdir=$(mktemp -d "${TMPDIR:-/tmp}/threadstone-test.XXXXXX") || exit 99
trap 'rm -rf "$tmpdir"' EXIT
# The fixtures, with the private key given mode 0600 (a checkout may give
# it 0644, which the signing programs refuse).
mkdir "$tmpdir/fixtures" || exit 99
ln -s "$FIXTURES"/* "$tmpdir/fixtures/" || exit 99
rm -f "$tmpdir/fixtures/testkey-seed-00-1f.pkcs8v2.der"
cp "$FIXTURES/testkey-seed-00-1f.pkcs8v2.der" "$tmpdir/fixtures/" &&
    chmod 600 "$tmpdir/fixtures/testkey-seed-00-1f.pkcs8v2.der" || exit 99
FIXTURES=$tmpdir/fixtures

# ok COND-STATUS DESCRIPTION: report the status of the last command.
ok() {
	tap_n=$((tap_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $tap_n - $2"
	else
		echo "not ok $tap_n - $2"
		tap_failed=$((tap_failed + 1))
	fi
}

# run CMD...: run a command, keeping stdout, stderr and the status in
# $out, $err and $rc (files $tmpdir/out and $tmpdir/err).
# The programs run in a UTF-8 locale (the tools around them in C): in
# another, their text for people is ASCII (see ts_put_text in lib/cli.h).
run() {
	LC_ALL=C.UTF-8 "$@" >"$tmpdir/out" 2>"$tmpdir/err"
	rc=$?
	out=$(cat "$tmpdir/out")
	err=$(cat "$tmpdir/err")
}

# expect_status N DESC: the last run() exited with N.
expect_status() {
	[ "$rc" -eq "$1" ]
	ok $? "$2 (exit $1)"
	[ "$rc" -eq "$1" ] || echo "# got exit $rc; stderr: $err"
}

# expect_one_error_line DESC: stderr is exactly one line and stdout empty.
expect_one_error_line() {
	[ "$(wc -l <"$tmpdir/err")" -eq 1 ] && [ ! -s "$tmpdir/out" ]
	ok $? "$1: one line on stderr, nothing on stdout"
	[ "$(wc -l <"$tmpdir/err")" -eq 1 ] || echo "# stderr: $err"
}

# kind_what=DESC kind_want=TEXT expect_kind CMD...: a file of another
# kind is named as what it is: CMD exits 1 with one line on stderr that
# holds TEXT.
expect_kind() {
	run "$@"
	expect_status 1 "$kind_what"
	expect_one_error_line "$kind_what"
	grep -q "$kind_want" "$tmpdir/err"
	ok $? "$kind_what: '$kind_want'"
}

# emulated: true under an emulator (maint/cross-check.sh sets TS_EMULATED
# under qemu-user to what emulates), where a test that compares timings
# skips, naming it; nothing else may skip for it.
emulated() {
	[ -n "${TS_EMULATED:-}" ]
}

# gone PID: the process has ended (a zombie no one reaps has ended too).
gone() {
	[ ! -e "/proc/$1/stat" ] ||
	    [ "$(sed 's/.*) \(.\).*/\1/' "/proc/$1/stat" 2>/dev/null)" = Z ]
}

# left_after TRIES PID...: the processes still there after waiting for
# each up to TRIES times 0.05 s, one a line.
left_after() {
	left_tries=$1
	shift
	for left_pid in "$@"; do
		left_i=0
		while ! gone "$left_pid" && [ "$left_i" -lt "$left_tries" ]; do
			sleep 0.05
			left_i=$((left_i + 1))
		done
		gone "$left_pid" || echo "$left_pid"
	done
}

# all_at_once N FUNCTION: run FUNCTION 1 ... FUNCTION N in the background,
# each waiting for $tmpdir/go (made here once all are started, after
# removing it first), and wait for them all.
all_at_once() {
	rm -f "$tmpdir/go"
	aao_pids=
	aao_p=1
	while [ "$aao_p" -le "$1" ]; do
		"$2" "$aao_p" &
		aao_pids="$aao_pids $!"
		aao_p=$((aao_p + 1))
	done
	: >"$tmpdir/go"
	# shellcheck disable=SC2086 # one word a pid
	wait $aao_pids
}

# wait_for_go: what all_at_once's functions call first.
wait_for_go() {
	while [ ! -e "$tmpdir/go" ]; do sleep 0.01; done
}

skip_all() {
	echo "1..0 # SKIP $1"
	exit 0
}

done_testing() {
	echo "1..$tap_n"
	[ "$tap_failed" -eq 0 ]
}
