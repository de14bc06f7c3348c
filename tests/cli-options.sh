#!/bin/sh
# Every program's options, as its table (lib/cli-opt.h) prints them in
# --help, are the options of its man page's list, and the bash completion
# offers them all (the zsh and fish completions run the bash one); a
# value the completion offers for an option that takes one of a list is
# that list, as the program names it when it refuses a value; and a bad
# value is refused in every program's words, "PROG: invalid --OPT 'ARG':
# expected WHAT", status 2, but for the options listed below that keep
# words of their own.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

command -v bash >/dev/null 2>&1 || skip_all "bash is not installed"
comp=$top_srcdir/completion/threadstone.bash
bindir=$(cd "$(dirname "$TS_CMD")" && pwd)
man=$top_srcdir/man

# Words of their own, recorded by maint/capture-outputs.sh or naming
# what is wrong better than a range could (PROG:--OPT; *: every program's,
# as --plot's name, lib/cli.c).
own="threadstone-sweep:--max-size threadstone-sweep:--mix
threadstone-sweep:--delays tachyon:--working-set-mb tachyon:--threads
tachyon:--tag threadstone-history:--host threadstone-ab:--prepare
threadstone-ab:--conclude threadstone-ab:--cleanup
threadstone-ab:--command-name threadstone-ab:--metric *:--plot"

# help_opts PROG: the long options of PROG's --help, as the completion
# reads them, sorted, one line.
help_opts() {
	"$1" --help | sed -n \
	    's/^ *\(-[A-Za-z0-9], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p' |
	    sort -u | tr '\n' ' '
}

# help_shorts PROG: its short options in --help.
help_shorts() {
	"$1" --help | sed -n 's/^  \(-[A-Za-z0-9]\)[, ].*/\1/p' |
	    sort -u | tr '\n' ' '
}

# man_opts PAGE: the long options its lists name (.It Fl -NAME).
man_opts() {
	grep '^\.It ' "$1" | grep -o 'Fl -[a-z][a-z0-9-]*' |
	    sed 's/^Fl /-/' | sort -u | tr '\n' ' '
}

# man_shorts PAGE: the short options its lists name (.It Fl X).
man_shorts() {
	grep '^\.It ' "$1" | grep -o 'Fl [A-Za-z0-9]\( \|$\)' |
	    sed 's/^Fl \(.\).*/-\1/' | sort -u | tr '\n' ' '
}

# offers WORD...: what the completion offers for a command line whose
# last WORD is being completed, sorted, one line.
offers() {
	(cd "$tmpdir/empty" && PATH="$bindir:$PATH" bash "$comp" "$@") |
	    sort | tr '\n' ' '
}

# takes_value PROG OPT: whether --help shows OPT with a value.
takes_value() {
	"$1" --help | grep -q -- "^ *\(-[A-Za-z0-9], \)\{0,1\}$2[ =][A-Z]"
}

mkdir -p "$tmpdir/empty" "$tmpdir/run"
for prog in $TS_PROGRAMS; do
	name=$(basename "$prog")
	page=$man/$name.1
	[ "$name" = "$(basename "$TACHYON")" ] && page=$man/tachyon.1 &&
	    name=tachyon
	opts=$(help_opts "$prog")
	[ -n "$opts" ] && [ "$opts" = "$(man_opts "$page")" ]
	ok $? "$name: the options of --help are its man page's"
	[ "$opts" = "$(man_opts "$page")" ] || {
		echo "# help: $opts"
		echo "# man:  $(man_opts "$page")"
	}
	[ "$(help_shorts "$prog")" = "$(man_shorts "$page")" ]
	ok $? "$name: and so are its short options"
	[ "$(help_shorts "$prog")" = "$(man_shorts "$page")" ] ||
	    echo "# help: $(help_shorts "$prog"); man: $(man_shorts "$page")"
	[ "$(offers "$prog" --)" = "$opts" ]
	ok $? "$name: the completion offers them"
	for opt in $opts; do
		takes_value "$prog" "$opt" || continue
		# Three operands: no program goes on to measure or write.
		(cd "$tmpdir/run" && "$prog" "$opt" '@@@' @@x @@y @@z) \
		    >/dev/null 2>"$tmpdir/err" </dev/null
		rc=$?
		err=$(head -n 1 "$tmpdir/err")
		what=${err#"$name: invalid $opt '@@@': expected "}
		case " $(echo $own) " in
		*" $name:$opt "* | *" *:$opt "*) ;;
		*)
			if [ "$rc" -eq 2 ] && case $err in
			    "$name: invalid $opt '@@@': expected "*) ;;
			    *) false ;; esac; then
				ok 0 "$name $opt @@@: every program's words"
			elif case $err in *"'@@@'"*) true ;; *) false ;; esac
			then
				ok 1 "$name $opt @@@: every program's words"
				echo "# got ($rc): $err"
			fi ;;
		esac
		# A choice's values: "a, b or c", in small letters.
		echo "$what" | grep -Eq '^[a-z0-9.-]+(, [a-z0-9.-]+)* or [a-z0-9.-]+$' ||
		    continue
		want=$(echo "$what" | sed 's/, / /g; s/ or / /' | tr ' ' '\n' |
		    sort | tr '\n' ' ')
		got=$(offers "$prog" "$opt" '')
		[ "$got" = "$want" ]
		ok $? "$name $opt: the completion offers its values"
		[ "$got" = "$want" ] || echo "# want '$want', got '$got'"
	done
done

# One idea, one name: the old name of threadstone-ab's --max-seconds
# still works, and is documented.
"$TS_AB" --help | grep -q -- '--max-time S  *the same as --max-seconds'
ok $? "threadstone-ab --max-time: in --help, the same as --max-seconds"
run "$TS_AB" --max-time 0 true true
[ "$rc" -eq 2 ] && [ "$err" = "threadstone-ab: invalid --max-time '0': expected a number above 0, at most 1e+06" ]
ok $? "threadstone-ab --max-time 0: refused under the name given"
run "$TS_AB" --runs 6 --max-time 5 true true
[ "$rc" -eq 2 ]
ok $? "threadstone-ab --runs with --max-time: refused as with --max-seconds"

done_testing
