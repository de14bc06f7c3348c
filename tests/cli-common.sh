#!/bin/sh
# What every program does alike on its command line (lib/cli.c): --help
# and --version print and exit 0, or with standard output on /dev/full
# fail with one "PROG: write error" line and status 1; an unknown long or
# short option and a missing argument are refused with one line in the
# shared wording, naming the program by its short name, and status 2.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

# check_line DESC EXPECTED: stderr is exactly the line EXPECTED and
# stdout is empty.
check_line() {
	[ "$err" = "$2" ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
	    [ ! -s "$tmpdir/out" ]
	ok $? "$1: one line on stderr, in the shared wording"
	if [ "$err" != "$2" ]; then
		echo "# expected: $2"
		echo "# got: $err"
	fi
}

# refused PROG DESC STATUS EXPECTED ARGS...: ARGS are refused with the
# status and the one line EXPECTED.
refused() {
	prog=$1 desc=$2 status=$3 expected=$4
	shift 4
	run "$prog" "$@"
	expect_status "$status" "$(basename "$prog") $desc"
	check_line "$(basename "$prog") $desc" "$expected"
}

# shared PROG DESC ARGS...: ARGS refused with "MESSAGE (see NAME --help)".
shared() {
	prog=$1 desc=$2 msg=$3
	name=$(basename "$prog")
	shift 3
	refused "$prog" "$desc" 2 "$name: $msg (see $name --help)" "$@"
}

# full PROG OPTION: OPTION with stdout on /dev/full fails with one line.
full() {
	"$1" "$2" >/dev/full 2>"$tmpdir/err"
	rc=$?
	err=$(cat "$tmpdir/err")
	[ "$rc" -eq 1 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
	    grep -q "^$(basename "$1"): write error" "$tmpdir/err"
	ok $? "$(basename "$1") $2 >/dev/full: exit 1, one write error line"
	[ "$rc" -eq 1 ] || echo "# got exit $rc; stderr: $err"
}

# common PROG: --help, --version and an unknown option of each kind.
common() {
	name=$(basename "$1")
	run "$1" --help
	[ "$rc" -eq 0 ] && [ -s "$tmpdir/out" ] && [ ! -s "$tmpdir/err" ]
	ok $? "$name --help: exit 0, the help on stdout"
	run "$1" --version
	[ "$rc" -eq 0 ] && [ "$out" = "$name (threadstone) ${out##* }" ] &&
	    [ ! -s "$tmpdir/err" ]
	ok $? "$name --version: exit 0, the version line"
	if [ -w /dev/full ]; then
		full "$1" --help
		full "$1" --version
	else
		ok 0 "# SKIP $name --help >/dev/full: no /dev/full"
		ok 0 "# SKIP $name --version >/dev/full: no /dev/full"
	fi
	[ "$name" = threadstone ] && return
	shared "$1" "an unknown long option" \
	    "unknown option '--no-such-option'" --no-such-option
	shared "$1" "an unknown short option" "unknown option '-Z'" -Z
}

for prog in $TS_PROGRAMS "$TS_CMD"; do
	if [ -x "$prog" ]; then
		common "$prog"
	else
		ok 0 "# SKIP $(basename "$prog") is not built"
	fi
done

# A missing argument, long and short where the option has a short form;
# threadstone-compare and -verify have no option that takes one, so a
# value given to an option that takes none instead.
missing() {
	prog=$1 long=$2 short=$3
	[ -x "$prog" ] || return 0
	shared "$prog" "$long without its argument" \
	    "option '$long' needs an argument" "$long"
	[ -n "$short" ] || return 0
	shared "$prog" "$short without its argument" \
	    "option '$short' needs an argument" "$short"
}
missing "$TS_RUN" --samples -s
missing "$TS_REPORT" --format ""
missing "$TS_SIGN" --key -k
missing "$TS_KEYGEN" --dir -d
missing "$TS_SWEEP" --min-ms ""
missing "$TS_HISTORY" --workload -w
missing "$TACHYON" --seconds -s
missing "$TACHYON_ANALYZE" --time ""
missing "$TS_AB" --runs -r
for prog in "$TS_COMPARE" "$TS_VERIFY"; do
	[ -x "$prog" ] || continue
	shared "$prog" "a value for --json" \
	    "option '--json' takes no argument" --json=yes
done

# The short option's letter is the option's own, not that of the long one
# before it; an abbreviation of several options names them.
if [ -x "$TS_RUN" ]; then
	shared "$TS_RUN" "-Z after --list" "unknown option '-Z'" --list -Zq
	shared "$TS_RUN" "--help=x" "option '--help' takes no argument" \
	    --help=x
	shared "$TS_RUN" "an ambiguous --s" "option '--s' is ambiguous \
(--samples, --single-only, --sign-key, --stream-mb)" --s
fi

# "Did you mean": an option within a small edit distance, and a value of
# --format typed as an option.
if [ -x "$TS_RUN" ]; then
	shared "$TS_RUN" "a misspelt --samples" \
	    "unknown option '--sampels'; did you mean '--samples'?" --sampels 3
	shared "$TS_RUN" "--json" \
	    "unknown option '--json'; did you mean '--format json'?" --json
	shared "$TS_RUN" "nothing close to --zzzzzz" \
	    "unknown option '--zzzzzz'" --zzzzzz
fi
if [ -x "$TS_VERIFY" ]; then
	shared "$TS_VERIFY" "a misspelt --json" \
	    "unknown option '--jsno'; did you mean '--json'?" --jsno x
fi
if [ -x "$TS_CMD" ]; then
	run "$TS_CMD" comapre a.json b.json
	expect_status 2 "threadstone comapre"
	grep -q "^threadstone: unknown command 'comapre'; did you mean 'compare'? (the commands are run, .* and help)\$" "$tmpdir/err" &&
	    [ "$(wc -l <"$tmpdir/err")" -eq 1 ]
	ok $? "threadstone comapre: did you mean 'compare'?, one line"
fi

# Options a verb does not take are refused, not ignored.
if [ -x "$TS_CMD" ]; then
	refused "$TS_CMD" "list -w sha256" 2 "threadstone-run: --list \
(threadstone list) takes no option but --format, not '-w' (see \
threadstone-run --help)" list -w sha256
fi

# The dispatcher takes no options but -h and -V: its own message says
# that a command comes first; a command's options are the program's.
if [ -x "$TS_CMD" ]; then
	refused "$TS_CMD" "an option before the command" 2 \
	    "threadstone: unknown option '--no-such-option'; a command comes first, then its options (see --help)" \
	    --no-such-option
	refused "$TS_CMD" "a short option before the command" 2 \
	    "threadstone: unknown option '-Z'; a command comes first, then its options (see --help)" \
	    -Z
	refused "$TS_CMD" "run --samples" 2 "threadstone-run: option \
'--samples' needs an argument (see threadstone-run --help)" run --samples
fi

# --plot writes SVG: a name that says another format is refused in one
# line (exit 2) by every program that plots, and nothing is written;
# FILE.svg in any case, and a device, are taken.
plotmsg() {
	echo "$1: --plot '$tmpdir/out.png': the plot is an SVG picture; name the file FILE.svg (convert it with rsvg-convert or a browser for another format)"
}
for p in "$TS_SWEEP" "$TACHYON_ANALYZE" "$TS_HISTORY"; do
	[ -x "$p" ] || continue
	name=$(basename "$p")
	case $name in
	threadstone-history) set -- --db "$tmpdir/none.sqlite" trend -w sgemm ;;
	tachyon-analyze) set -- "$FIXTURES/apple-m4-pro.json" ;;
	*) set -- --min-ms 1 --max-size 64K ;;
	esac
	refused "$p" "--plot out.png" 2 "$(plotmsg "$name")" \
	    --plot "$tmpdir/out.png" "$@"
	[ ! -e "$tmpdir/out.png" ] && [ ! -e "$tmpdir/none.sqlite" ]
	ok $? "$name --plot out.png: nothing written"
done
if [ -x "$TS_SWEEP" ]; then
	run "$TS_SWEEP" --min-ms 1 --max-size 16K -q --plot "$tmpdir/Cache.SVG"
	[ "$rc" -eq 0 ] && head -c 5 "$tmpdir/Cache.SVG" | grep -q '<?xml'
	ok $? "threadstone-sweep --plot Cache.SVG: taken, in any case"
	run "$TS_SWEEP" --min-ms 1 --max-size 16K -q --plot /dev/null
	expect_status 0 "threadstone-sweep --plot /dev/null: a device is taken"
fi

# A program that reports its own write error says it once.
if [ -w /dev/full ] && [ -x "$TS_REPORT" ]; then
	"$TS_REPORT" --format json "$FIXTURES/apple-m4-pro.json" \
	    >/dev/full 2>"$tmpdir/err"
	rc=$?
	[ "$rc" -eq 1 ] && [ "$(wc -l <"$tmpdir/err")" -eq 1 ] &&
	    grep -q "^threadstone-report: write error" "$tmpdir/err"
	ok $? "threadstone-report FILE >/dev/full: one write error line"
fi

done_testing
