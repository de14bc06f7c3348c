# SPDX-License-Identifier: MIT
# bench/common.sh: what the bench scripts share.  Source it after
# "set -eu"; it sets srcdir (the source tree) and builddir ($TS_BUILDDIR,
# else the source tree) and defines:
#   bench_usage SYNOPSIS   print "usage: SCRIPT SYNOPSIS" and exit 2
#   bench_need PROGRAM...  exit 1 unless each is an executable file
#   bench_python           exit 1 unless python3 is on the PATH
#   bench_docopt OPT       the document options of aa.sh and vs-original.sh
#                          (-b BUILDDIR, -o ORIGINAL, -k DIR, -r DIR) into
#                          builddir, orig ($TS_ORIGINAL unless given), keep
#                          and reuse; 1 for another
#   bench_dir NAME         dir: the -r or -k directory, else a temp
#                          directory NAME.XXXXXX removed on exit
#   bench_other_core DOC   the core DOC's single-thread passes did not use
srcdir=$(cd "$(dirname "$0")/.." && pwd)
builddir=${TS_BUILDDIR:-$srcdir}
orig=${TS_ORIGINAL:-}
keep= reuse=

bench_usage() {
	echo "usage: $0 $*" >&2
	exit 2
}

bench_need() {
	for p; do
		[ -x "$p" ] || { echo "$0: $p is not built (give -b BUILDDIR)" >&2; exit 1; }
	done
}

bench_python() {
	command -v python3 >/dev/null || { echo "$0: python3 is needed" >&2; exit 1; }
}

bench_docopt() {
	case $1 in
	b) builddir=$OPTARG ;;
	o) orig=$OPTARG ;;
	k) keep=$OPTARG ;;
	r) reuse=$OPTARG ;;
	*) return 1 ;;
	esac
}

bench_dir() {
	if [ -n "$reuse" ]; then
		dir=$reuse
	elif [ -n "$keep" ]; then
		dir=$keep
		mkdir -p "$dir"
	else
		dir=$(mktemp -d "${TMPDIR:-/tmp}/$1.XXXXXX")
		trap 'rm -rf "$dir"' EXIT
	fi
}

bench_other_core() {
	python3 - "$1" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
s = d.get("extensions", {}).get("cpu_speed", {})
core = s.get("single_thread_core", 0)
print(1 if core == 0 else 0)
EOF
}
