#!/bin/sh
# The zsh and fish completions: generated from the bash completion (the
# same commands, the probe under its installed name), valid to zsh -n and
# fish -n, and offering what the bash completion offers, which they run
# (each shell's checks skipped when it is not installed).
# TS_ZSH_COMPLETION, TS_FISH_COMPLETION: installed files to check instead
# of the build's (autopkgtest); they run the installed bash completion.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

command -v bash >/dev/null 2>&1 || skip_all "bash is not installed"
bindir=$(cd "$(dirname "$TS_CMD")" && pwd)
[ -x "$bindir/threadstone" ] || skip_all "threadstone is not built"
probe=$(basename "$TACHYON")
engine=${TS_COMPLETION:-$top_srcdir/completion/threadstone.bash}
gen="$top_srcdir/completion/gen-completion.sh"
built_zsh=${TS_ZSH_COMPLETION:-$top_builddir/completion/_threadstone}
built_fish=${TS_FISH_COMPLETION:-$top_builddir/completion/threadstone.fish}

# The files as built (or installed).
[ -f "$built_zsh" ] && [ -f "$built_fish" ]
ok $? "the zsh and fish completions exist"
head -1 "$built_zsh" | grep -q "^#compdef threadstone threadstone-run .* $probe tachyon-analyze\$" &&
    grep -q "^for c in threadstone threadstone-run .* $probe tachyon-analyze\$" "$built_fish"
ok $? "both name every program the bash completion does, the probe as $probe"
# Every command of the bash file's complete lines is in both.
for c in threadstone threadstone-run threadstone-compare threadstone-verify \
    threadstone-sign threadstone-keygen threadstone-report threadstone-sweep \
    threadstone-history threadstone-ab tachyon-analyze; do
	head -1 "$built_zsh" | grep -q " $c\\( \\|\$\\)" &&
	    grep "^for c in " "$built_fish" | grep -q " $c\\( \\|\$\\)" ||
	    { echo "# $c missing"; false; } || break
done
ok $? "every program of the bash completion's complete lines"

# Generated again here, running the bash completion under test.
sh "$gen" zsh "$top_srcdir/completion/threadstone.bash" "$engine" "$probe" \
    >"$tmpdir/_threadstone" &&
    sh "$gen" fish "$top_srcdir/completion/threadstone.bash" "$engine" "$probe" \
    >"$tmpdir/threadstone.fish"
ok $? "gen-completion.sh writes both"
sh "$gen" csh "$top_srcdir/completion/threadstone.bash" "$engine" "$probe" \
    >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "gen-completion.sh refuses another shell (exit 2)"

# The engine: the bash file run as a program.
got=$(PATH="$bindir:$PATH" bash "$engine" threadstone-run --form)
[ "$got" = "--format" ]
ok $? "bash FILE threadstone-run --form -> --format (got '$got')"
got=$(PATH="$bindir:$PATH" bash "$engine" threadstone run --format '' | tr '\n' ' ')
[ "$got" = "table json markdown csv jsonl table-2.0 markdown-2.0 " ]
ok $? "bash FILE threadstone run --format '' -> the formats (got '$got')"

if command -v zsh >/dev/null 2>&1; then
	zsh -n "$built_zsh" && zsh -n "$tmpdir/_threadstone"
	ok $? "zsh -n accepts the zsh completion"
	# The function's body with compadd printing what it is given.
	got=$(PATH="$bindir:$PATH" zsh -f -c '
		compadd() { while [[ $1 == -* && $1 != -- ]]; do shift; done
			[[ $1 == -- ]] && shift; print -r -- "$@"; }
		words=(threadstone-run --form); CURRENT=2
		source "$1"' zsh "$tmpdir/_threadstone" 2>&1)
	[ "$got" = "--format" ]
	ok $? "zsh: threadstone-run --form -> --format (got '$got')"
	got=$(PATH="$bindir:$PATH" zsh -f -c '
		compadd() { while [[ $1 == -* && $1 != -- ]]; do shift; done
			[[ $1 == -- ]] && shift; print -r -- "$@"; }
		words=(threadstone com); CURRENT=2
		source "$1"' zsh "$tmpdir/_threadstone" 2>&1)
	[ "$got" = "compare" ]
	ok $? "zsh: threadstone com -> compare (got '$got')"
else
	for i in 1 2 3; do ok 0 "# SKIP zsh is not installed"; done
fi

if command -v fish >/dev/null 2>&1; then
	fish --no-config -n "$built_fish" && fish --no-config -n "$tmpdir/threadstone.fish"
	ok $? "fish -n accepts the fish completion"
	got=$(PATH="$bindir:$PATH" fish --no-config -c "source '$tmpdir/threadstone.fish'; complete -C 'threadstone-run --for'" 2>&1 | cut -f1)
	[ "$got" = "--format" ]
	ok $? "fish: threadstone-run --for -> --format (got '$got')"
	got=$(PATH="$bindir:$PATH" fish --no-config -c "source '$tmpdir/threadstone.fish'; complete -C 'threadstone history export --format '" 2>&1 | cut -f1 | tr '\n' ' ')
	[ "$got" = "csv jsonl " ]
	ok $? "fish: threadstone history export --format -> csv jsonl (got '$got')"
else
	for i in 1 2 3; do ok 0 "# SKIP fish is not installed"; done
fi

done_testing
