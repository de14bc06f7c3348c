#!/bin/sh
# The bash completion: threadstone's verbs, every program's long options
# (read from its --help), workload ids after -w, --format values, .json
# files where a document is expected, key files after --key and
# --sign-key; and bash-completion's own loader finding it by any of the
# programs' names.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

command -v bash >/dev/null 2>&1 || skip_all "bash is not installed"
comp=${TS_COMPLETION:-$top_srcdir/completion/threadstone.bash}
bindir=$(cd "$(dirname "$TS_CMD")" && pwd)
[ -x "$bindir/threadstone" ] || skip_all "threadstone is not built"
# The probe's name where it is installed: tachyon, or tachyon-probe in the
# packages (an installed completion file names it so; the build's file is
# renamed here as make install renames it).
probe=$(basename "$TACHYON")
if [ -z "${TS_COMPLETION:-}" ] && [ "$probe" != tachyon ]; then
	sed "s/^_threadstone_tachyon=tachyon\$/_threadstone_tachyon=$probe/" \
	    "$comp" >"$tmpdir/threadstone.bash"
	comp=$tmpdir/threadstone.bash
fi

# offers WORD...: what the completion offers for a command line whose
# last WORD is being completed, sorted, on one line.
offers() {
	PATH="$bindir:$PATH" bash --norc --noprofile -c '
		. "$1" || exit 99
		shift
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"
		COMP_POINT=${#COMP_LINE}
		spec=$(complete -p -- "${1##*/}") || exit 98
		f=${spec#*-F }
		f=${f%% *}
		"$f" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
		((${#COMPREPLY[@]} == 0)) ||
			printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "
	' bash "$comp" "$@" 2>"$tmpdir/comp.err"
}

# expect WANT WORD...: the completion of WORD... is exactly WANT.
expect() {
	want=$1
	shift
	got=$(offers "$@")
	[ "$got" = "$want" ]
	ok $? "$* -> $want"
	[ "$got" = "$want" ] || echo "# got: '$got'; $(cat "$tmpdir/comp.err")"
}

# has WANT WORD...: the completion of WORD... includes WANT.
has() {
	want=$1
	shift
	got=$(offers "$@")
	case " $got" in *" $want "*) ok 0 "$* offers $want" ;;
	*) ok 1 "$* offers $want"; echo "# got: '$got'" ;; esac
}

mkdir -p "$tmpdir/files/keys" "$tmpdir/files/sub"
: >"$tmpdir/files/a.json"
: >"$tmpdir/files/b.txt"
: >"$tmpdir/files/my.key"
: >"$tmpdir/files/plot.svg"
cd "$tmpdir/files" || exit 99

# The workload ids: the registry's, as threadstone-run --list shows them
# (a new workload needs no line here), and those beginning with "s".
ids=$("$bindir/threadstone-run" --list | awk '/^  [a-z]/ { print $1 }' |
    sort | tr '\n' ' ')
sids=$(for i in $ids; do case $i in s*) printf '%s ' "$i" ;; esac; done)
[ -n "$ids" ] && [ -n "$sids" ]
ok $? "threadstone-run --list names workloads ($ids)"
expect "ab compare help history keygen list report run schema sign sweep tachyon verify " \
    threadstone ''
expect "schema sign sweep " threadstone s
expect "--help --version " threadstone --
expect "$ids" threadstone run -w ''
expect "$ids" threadstone run --single-only --workload ''
expect "$sids" threadstone-run -w s
expect "csv json jsonl markdown markdown-2.0 table table-2.0 " threadstone run --format ''
expect "csv json jsonl markdown markdown-2.0 table table-2.0 " threadstone-report --format = ''
expect "table table-2.0 " threadstone run --format t
expect "--export-csv --export-json --export-markdown " threadstone-run --exp
mkdir -p "$tmpdir/exp"
: >"$tmpdir/exp/a.csv"
: >"$tmpdir/exp/b.json"
expect "$tmpdir/exp/a.csv " threadstone-run --export-csv "$tmpdir/exp/"
expect "$tmpdir/exp/b.json " threadstone run --export-json "$tmpdir/exp/"
expect "json jsonl " threadstone-report --format = j
has --sign-key threadstone run --si
has --fail-on-regression threadstone compare --
has --require-signature threadstone-verify --re
has --trusted-key threadstone verify --tr
mkdir -p "$tmpdir/keys"
: >"$tmpdir/keys/lab.pub"
: >"$tmpdir/keys/lab.key"
expect "$tmpdir/keys/lab.pub " threadstone-verify --trusted-key "$tmpdir/keys/"
has --working-set-mb "$probe" --
expect "auto " "$probe" -w ''
has --working-set-mb threadstone tachyon --
expect "auto " threadstone tachyon -w ''
expect "" threadstone tachyon --seconds ''
has --window threadstone tachyon --win
expect "" threadstone tachyon --window ''
expect "a.json keys sub " threadstone compare ''
expect "changes check " threadstone history c
expect "add changes check export hosts list migrate publish show trend " threadstone-history --db x ''
expect "keys sub " threadstone-history publish ''
expect "postgresql:// " threadstone-history migrate --from x.sqlite --to p
has --from threadstone-history migrate --f
expect "csv jsonl " threadstone-history export --format ''
expect "json markdown original text " threadstone compare --format ''
# --format's values are those of the output formats' table
# (lib/report/report-format.c), which each program's refusal lists.
for p in threadstone-run threadstone-report threadstone-compare; do
	want=$("$bindir/$p" --format '?' 2>&1 | sed -n 's/.*: expected //p' |
	    sed 's/, / /g; s/ or / /' | tr ' ' '\n' | sort | tr '\n' ' ')
	expect "$want" "$p" --format ''
done
has --plot threadstone history trend --p
expect "a.json keys sub " threadstone history add ''
expect "keys plot.svg sub " threadstone-history trend --plot ''
expect "a.json keys sub " threadstone-verify --json ''
expect "keys my.key sub " threadstone sign a.json --key ''
expect "keys my.key sub " threadstone-run --sign-key ''
expect "keys sub " threadstone keygen --dir ''
expect "keys plot.svg sub " threadstone-sweep --plot ''
expect "" threadstone run --threads ''
expect "schema sign sweep " threadstone help s
: >"$tmpdir/files/fleet.jsonl"
: >"$tmpdir/files/fleet.csv"
expect "a.json fleet.csv fleet.jsonl keys sub " tachyon-analyze ''
expect "auto csv jsonl prometheus " tachyon-analyze --format ''
expect "human json prometheus " "$probe" --format ''
expect "host_id hostname " tachyon-analyze --host ''
has --normalise tachyon-analyze --n
expect "keys plot.svg sub " tachyon-analyze --plot ''
has --wrap "$probe" --w
expect "" "$probe" --tag ''
has printf "$probe" --wrap -- print
has printf threadstone tachyon --wrap -- print
expect "--help --out " threadstone schema --
expect "--format --help --version " threadstone list --
expect "json jsonl " threadstone list --format j
expect "duet interleaved sequential " threadstone-ab --design ''
expect "duet " threadstone ab -d d
expect "cpu json: maxrss regex: system user wall " threadstone-ab --metric = ''
expect "maxrss " threadstone-ab --metric m
expect "none " threadstone-ab -S n
has --fail-above threadstone ab --fa
has --export-markdown threadstone-ab --export-m
expect "a.json keys sub " threadstone-ab --export-json ''
expect "" threadstone-ab --runs ''
has printf threadstone-ab print

# Renamed as in the packages (make install rewrites the line naming the
# probe), the file completes tachyon-probe and leaves the name tachyon,
# the ray tracer's there, alone.
sed 's/^_threadstone_tachyon=tachyon$/_threadstone_tachyon=tachyon-probe/' \
    "$comp" >"$tmpdir/renamed.bash"
mkdir -p "$tmpdir/renamed"
ln -s "$TACHYON" "$tmpdir/renamed/tachyon-probe"
got=$(PATH="$tmpdir/renamed:$PATH" bash --norc --noprofile -c '
	. "$1" || exit 99
	complete -p tachyon-probe && ! complete -p tachyon 2>/dev/null
	COMP_WORDS=(tachyon-probe --working-s); COMP_CWORD=1
	_threadstone_program tachyon-probe; echo "${COMPREPLY[*]}"
	COMP_WORDS=(tachyon-probe -w ""); COMP_CWORD=2
	_threadstone_program tachyon-probe; echo "${COMPREPLY[*]}"
' bash "$tmpdir/renamed.bash" 2>&1)
[ "$got" = "complete -F _threadstone_program tachyon-probe
--working-set-mb
auto" ]
ok $? "renamed: tachyon-probe is completed as tachyon, tachyon is not"
[ "$got" = "complete -F _threadstone_program tachyon-probe
--working-set-mb
auto" ] || echo "$got" | sed 's/^/# got: /'

# bash-completion's loader finds the file under every program's name.
loader=/usr/share/bash-completion/bash_completion
if [ -r "$loader" ]; then
	mkdir -p "$tmpdir/share/bash-completion/completions"
	cp "$comp" "$tmpdir/share/bash-completion/completions/threadstone"
	for p in threadstone-run "$probe"; do
		ln -s threadstone "$tmpdir/share/bash-completion/completions/$p"
	done
	for cmd in threadstone threadstone-run "$probe"; do
		got=$(PATH="$bindir:$PATH" XDG_DATA_DIRS="$tmpdir/share" \
		    BASH_COMPLETION_USER_DIR="$tmpdir/none" \
		    bash --norc --noprofile -c '
			. "$1" >/dev/null 2>&1
			__load_completion "$2" && complete -p "$2"
		' bash "$loader" "$cmd" 2>/dev/null)
		case $got in *"-F _threadstone"*" $cmd") ok 0 "bash-completion loads it for $cmd" ;;
		*) ok 1 "bash-completion loads it for $cmd"; echo "# got: $got" ;; esac
	done
else
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP bash-completion is not installed"
fi

done_testing
