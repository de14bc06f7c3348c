#!/bin/sh
# gen-completion.sh zsh|fish BASH-FILE ENGINE TACHYON-NAME
#
# Write the zsh or fish completion of threadstone's programs on standard
# output, generated from the bash completion BASH-FILE: the commands are
# those its `complete` lines name, and the completions are what it
# offers, since the generated file runs ENGINE (where the bash completion
# is installed) as a program: `bash ENGINE WORD...` prints what bash would
# offer for the command line WORD....  TACHYON-NAME is the probe's
# installed name (tachyon, or tachyon-probe in the packages).
# SPDX-License-Identifier: MIT
set -eu
[ $# -eq 4 ] || { echo "usage: $0 zsh|fish BASH-FILE ENGINE TACHYON-NAME" >&2; exit 2; }
shell=$1 bashfile=$2 engine=$3 tachyon=$4

# The command names of the `complete` lines (continued with backslashes).
cmds=$(sed -n '/^complete /,/[^\\]$/p' "$bashfile" | tr -d '\\\n' |
    sed 's/complete -F [a-z_]* / /g' | tr -s ' \t' '\n' |
    sed "s/^\"\$_threadstone_tachyon\"\$/$tachyon/" | grep -v '^$' | tr '\n' ' ')
cmds=${cmds% }
case $cmds in *'$'*|*'"'*|'') echo "$0: cannot read the commands of $bashfile" >&2; exit 1 ;; esac

case $shell in
zsh)
	cat <<ZSH
#compdef $cmds
# zsh completion for threadstone's programs, generated from the bash
# completion (completion/threadstone.bash) and run by it, so that both
# shells offer the same: bash prints the candidates for the words so far.
local -a reply
reply=("\${(@f)\$(command bash --norc --noprofile '$engine' \\
    "\${(@)words[1,CURRENT]}" 2>/dev/null)}")
reply=(\${reply:#})
(( \${#reply} )) || return 1
compadd -f -- "\${reply[@]}"
ZSH
	;;
fish)
	cat <<FISH
# fish completion for threadstone's programs, generated from the bash
# completion (completion/threadstone.bash) and run by it, so that both
# shells offer the same: bash prints the candidates for the words so far.
function __threadstone_complete
    command bash --norc --noprofile '$engine' (commandline -opc) (commandline -ct) 2>/dev/null
end
for c in $cmds
    complete -c \$c -f -a '(__threadstone_complete)'
end
FISH
	;;
*)
	echo "$0: zsh or fish, not '$shell'" >&2
	exit 2 ;;
esac
