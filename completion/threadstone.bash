# bash completion for threadstone's programs                -*- shell-script -*-
# SPDX-License-Identifier: MIT
#
# One file for every program of the package: installed as "threadstone"
# with a link per program name, so that bash-completion's on-demand loading
# finds it by whichever command is being completed.  It needs nothing
# from bash-completion itself.

# The name the probe is installed under: tachyon, or tachyon-probe in the
# Debian and RPM packages (`make install` rewrites this line to follow
# configure's --program-transform-name).
_threadstone_tachyon=tachyon

# The directory a command word runs from, to ask the package's programs
# themselves (their --help and --list), not other copies on PATH.
_threadstone_dir()
{
    local path
    path=$(type -P -- "$1" 2>/dev/null) || return 1
    [[ $path == */* ]] || return 1
    printf '%s\n' "${path%/*}"
}

# Long options of a program, read from its --help (written from its
# option table), each once.
_threadstone_options()
{
    "$1" --help 2>/dev/null |
        sed -n 's/^ *\(-[A-Za-z0-9], \)\{0,1\}\(--[a-z][a-z0-9-]*\).*/\2/p' |
        sort -u
}

# The workload ids, from threadstone-run --list: the registry the program
# was built with, so a new workload needs nothing here.
_threadstone_workloads()
{
    "$1" --list 2>/dev/null | sed -n 's/^  \([a-z][a-z0-9_]*\)  .*/\1/p'
}

# Files matching one of the glob patterns "$1" (separated by "|"), and
# directories to descend into.
_threadstone_files()
{
    local pat IFS=$'\n'
    local -a pats
    compopt -o filenames 2>/dev/null
    COMPREPLY=($(compgen -d -- "$2"))
    # Split at "|" without globbing: "*.json" is a pattern for compgen,
    # not one for the current directory (where an a.json made it "a.json").
    IFS='|' read -r -a pats <<<"$1"
    for pat in "${pats[@]}"; do
        COMPREPLY+=($(compgen -f -X "!$pat" -- "$2"))
    done
}

# Complete the arguments of one program.  $1: the program's path; $2: its
# name; $3: the index of its first argument in COMP_WORDS.
_threadstone_program_args()
{
    local prog=$1 name=$2 first=$3
    local cur=${COMP_WORDS[COMP_CWORD]} prev= i
    local IFS=$'\n'

    if ((COMP_CWORD > first)); then
        prev=${COMP_WORDS[COMP_CWORD - 1]}
        # "--format=js": bash splits it at the "=".
        if [[ $prev == = ]] && ((COMP_CWORD > first + 1)); then
            prev=${COMP_WORDS[COMP_CWORD - 2]}
        elif [[ $cur == = ]]; then
            cur=
        fi
    fi

    case $name:$prev in
    threadstone-run:-w | threadstone-run:--workload)
        COMPREPLY=($(compgen -W "$(_threadstone_workloads "$prog")" -- "$cur"))
        return ;;
    threadstone-run:--format | threadstone-report:--format)
        COMPREPLY=($(compgen -W $'table\njson\nmarkdown\ncsv\njsonl\ntable-2.0\nmarkdown-2.0' -- "$cur"))
        return ;;
    threadstone-sign:-k | threadstone-sign:--key | threadstone-run:--sign-key)
        _threadstone_files '*.key' "$cur"
        ((${#COMPREPLY[@]})) || COMPREPLY=($(compgen -f -- "$cur"))
        return ;;
    threadstone-verify:--trusted-key)
        _threadstone_files '*.pub|*.txt|*keys' "$cur"
        ((${#COMPREPLY[@]})) || COMPREPLY=($(compgen -f -- "$cur"))
        return ;;
    threadstone-keygen:-d | threadstone-keygen:--dir)
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen -d -- "$cur"))
        return ;;
    threadstone-sweep:--plot | tachyon-analyze:--plot | \
    threadstone-history:--plot)
        _threadstone_files '*.svg' "$cur"
        return ;;
    threadstone-history:--format)
        COMPREPLY=($(compgen -W $'jsonl\ncsv' -- "$cur"))
        return ;;
    threadstone-compare:--format)
        COMPREPLY=($(compgen -W $'text\nmarkdown\njson\noriginal' -- "$cur"))
        return ;;
    threadstone-history:--pass)
        COMPREPLY=($(compgen -W $'single\nmulti' -- "$cur"))
        return ;;
    threadstone-history:--db | threadstone-history:--from | \
    threadstone-history:--to)
        # A file, or a server: postgresql:// completed as a start.
        if [[ $cur == p* ]]; then
            COMPREPLY=($(compgen -W 'postgresql://' -- "$cur"))
            [[ ${#COMPREPLY[@]} -gt 0 ]] && { compopt -o nospace 2>/dev/null; return; }
        fi
        _threadstone_files '*.sqlite|*.db' "$cur"
        return ;;
    threadstone-history:--host | threadstone-history:--producer | \
    threadstone-history:--since | threadstone-history:--until | \
    threadstone-history:--timeout)
        return ;;
    threadstone-history:-w | threadstone-history:--workload)
        COMPREPLY=($(compgen -W "$(_threadstone_workloads "${prog%-history}-run")" -- "$cur"))
        return ;;
    tachyon-analyze:--format)
        COMPREPLY=($(compgen -W $'auto\njsonl\ncsv\nprometheus' -- "$cur"))
        return ;;
    threadstone-ab:-d | threadstone-ab:--design)
        COMPREPLY=($(compgen -W $'interleaved\nduet\nsequential' -- "$cur"))
        return ;;
    threadstone-ab:--metric)
        COMPREPLY=($(compgen -W $'wall\nuser\nsystem\ncpu\nmaxrss\njson:\nregex:' -- "$cur"))
        return ;;
    threadstone-ab:-S | threadstone-ab:--shell)
        COMPREPLY=($(compgen -W $'none\nsh\nbash\ndash\nzsh' -- "$cur"))
        return ;;
    threadstone-ab:--export-json | threadstone-run:--export-json)
        _threadstone_files '*.json' "$cur"
        return ;;
    threadstone-ab:--export-csv | threadstone-run:--export-csv)
        _threadstone_files '*.csv' "$cur"
        return ;;
    threadstone-ab:--export-markdown | threadstone-run:--export-markdown)
        _threadstone_files '*.md' "$cur"
        return ;;
    threadstone-ab:-r | threadstone-ab:--runs | threadstone-ab:-m | \
    threadstone-ab:--min-runs | threadstone-ab:-M | threadstone-ab:--max-runs | \
    threadstone-ab:--precision | threadstone-ab:--max-seconds | \
    threadstone-ab:--max-time | \
    threadstone-ab:-w | threadstone-ab:--fail-above | \
    threadstone-ab:-n | threadstone-ab:--command-name)
        return ;;              # a number or a name: nothing to offer
    threadstone-ab:-p | threadstone-ab:--prepare | threadstone-ab:-C | \
    threadstone-ab:--conclude | threadstone-ab:-c | threadstone-ab:--cleanup)
        COMPREPLY=($(compgen -c -- "$cur"))
        return ;;
    tachyon:--format)
        COMPREPLY=($(compgen -W $'human\njson\nprometheus' -- "$cur"))
        return ;;
    tachyon:--textfile)
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen -d -- "$cur"))
        return ;;
    tachyon-analyze:--time)
        COMPREPLY=($(compgen -W $'wall_s\nuser_s\nsys_s' -- "$cur"))
        return ;;
    tachyon-analyze:--score)
        COMPREPLY=($(compgen -W $'million_accesses_per_sec\nns_per_access' -- "$cur"))
        return ;;
    tachyon-analyze:--host)
        COMPREPLY=($(compgen -W $'host_id\nhostname' -- "$cur"))
        return ;;
    tachyon-analyze:--normalise | tachyon:--record)
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen -f -- "$cur"))
        return ;;
    tachyon:--tag | tachyon-analyze:--bootstrap)
        return ;;
    *:-o | *:--out)
        compopt -o filenames 2>/dev/null
        COMPREPLY=($(compgen -f -- "$cur"))
        return ;;
    tachyon:-w | tachyon:--working-set-mb)
        COMPREPLY=($(compgen -W auto -- "$cur"))
        return ;;
    *:-t | *:--threads | *:-s | *:--samples | *:--seconds | *:--warmup | \
    *:--window-ms | *:--stream-mb | *:--latency-mb | *:--min-ms | \
    *:--max-size | *:--repeat | *:--seed | *:--min-score | *:--interval | \
    *:--count | tachyon:--window)
        return ;;              # a number: nothing to offer
    esac

    # tachyon --wrap [--] COMMAND: from the command on, complete it.
    if [[ $name == tachyon ]]; then
        for ((i = first; i < COMP_CWORD; i++)); do
            [[ ${COMP_WORDS[i]} == -- ]] || continue
            if ((i + 1 == COMP_CWORD)); then
                COMPREPLY=($(compgen -c -- "$cur"))
            else
                compopt -o default 2>/dev/null
            fi
            return
        done
    fi
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_threadstone_options "$prog")" -- "$cur"))
        return
    fi
    case $name in
    tachyon-analyze)
        _threadstone_files '*.jsonl|*.json|*.csv' "$cur" ;;
    threadstone-ab)
        # COMMAND_A and COMMAND_B: a command's name to begin with.
        COMPREPLY=($(compgen -c -- "$cur")) ;;
    threadstone-compare | threadstone-verify | threadstone-sign | \
    threadstone-report)
        _threadstone_files '*.json' "$cur" ;;
    threadstone-history)
        # The command first, then documents and records (publish: a
        # directory).
        local cmds=$'add\nlist\nshow\nhosts\nexport\ntrend\nchanges\ncheck\npublish\nmigrate'
        for ((i = first; i < COMP_CWORD; i++)); do
            [[ $'\n'$cmds$'\n' == *$'\n'${COMP_WORDS[i]}$'\n'* ]] && break
        done
        if ((i == COMP_CWORD)); then
            COMPREPLY=($(compgen -W "$cmds" -- "$cur"))
        elif [[ ${COMP_WORDS[i]} == publish ]]; then
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -d -- "$cur"))
        else
            _threadstone_files '*.json|*.jsonl' "$cur"
        fi ;;
    esac
}

# threadstone-run, threadstone-compare, ..., tachyon.
_threadstone_program()
{
    local name=${1##*/} dir prog
    COMPREPLY=()
    dir=$(_threadstone_dir "$1") || dir=
    prog=${dir:+$dir/}$name
    [[ $name == "$_threadstone_tachyon" ]] && name=tachyon
    _threadstone_program_args "$prog" "$name" 1
}

# threadstone VERB ARGS: the verbs first, then the verb's program's
# arguments, from the same directory as threadstone itself.
_threadstone()
{
    local cur=${COMP_WORDS[COMP_CWORD]} verb dir prog
    local verbs=$'run\nlist\nsweep\ncompare\nverify\nsign\nkeygen\nreport\nschema\nhistory\nab\ntachyon\nhelp'
    local IFS=$'\n'
    COMPREPLY=()

    if ((COMP_CWORD == 1)); then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W $'--help\n--version' -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$verbs" -- "$cur"))
        fi
        return
    fi
    verb=${COMP_WORDS[1]}
    dir=$(_threadstone_dir "${COMP_WORDS[0]}") || dir=
    case $verb in
    help)
        ((COMP_CWORD == 2)) &&
            COMPREPLY=($(compgen -W "${verbs%$'\n'help}" -- "$cur"))
        return ;;
    list)
        if [[ ${COMP_WORDS[COMP_CWORD - 1]} == --format ]]; then
            COMPREPLY=($(compgen -W $'table\njson\njsonl\ncsv' -- "$cur"))
        elif [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W $'--format\n--help\n--version' -- "$cur"))
        fi
        return ;;
    schema)
        case ${COMP_WORDS[COMP_CWORD - 1]} in
        -o | --out)
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -- "$cur")) ;;
        *)
            [[ $cur == -* ]] &&
                COMPREPLY=($(compgen -W $'--out\n--help' -- "$cur")) ;;
        esac
        return ;;
    run | sweep | compare | verify | sign | keygen | report | history | ab)
        prog=${dir:+$dir/}threadstone-$verb
        _threadstone_program_args "$prog" "threadstone-$verb" 2 ;;
    tachyon)
        prog=${dir:+$dir/}$_threadstone_tachyon
        _threadstone_program_args "$prog" tachyon 2 ;;
    esac
}

complete -F _threadstone threadstone
complete -F _threadstone_program threadstone-run threadstone-compare \
    threadstone-verify threadstone-sign threadstone-keygen \
    threadstone-report threadstone-sweep threadstone-history threadstone-ab \
    "$_threadstone_tachyon" tachyon-analyze

# Run as a program (`bash FILE WORD...`), this file is the zsh and fish
# completions' engine (completion/gen-completion.sh): it prints, one a
# line, what it offers for the command line WORD... whose last word is
# the one being completed.
if [[ ${BASH_SOURCE[0]} == "$0" ]] && (($# > 0)); then
    COMP_WORDS=("$@")
    COMP_CWORD=$(($# - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    if [[ ${1##*/} == threadstone ]]; then
        _threadstone "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    else
        _threadstone_program "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    fi 2>/dev/null
    ((${#COMPREPLY[@]} == 0)) || printf '%s\n' "${COMPREPLY[@]}"
fi
