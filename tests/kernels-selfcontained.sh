#!/bin/sh
# "No workload is special" (lib/kernels/kernel.h), checked on the sources: outside
# lib/kernels/, no C file of lib/ or src/ names a kernel, by its id as a
# string literal, its constants, its descriptor or its header.  So a new
# kernel is its own lib/kernels/<id>.[ch], a line of the registry and one
# of mk/lib-kernels.am; the suite, the scores and threadstone-run learn all
# they need from its descriptor.  The few legitimate exceptions are listed
# in `allowed` below, each with its reason.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

kdir=$top_srcdir/lib/kernels
cd "$top_srcdir" || exit 99
files=$(find lib src -name kernels -prune -o -name '*.[ch]' -print | sort)

# The kernel ids as their descriptors spell them (TS_KERNEL(PREFIX, then
# "ID", "NAME", ... on the next line), and the registry's size.
ids=$(sed -n '/= TS_KERNEL([a-z0-9_]*,$/{n;s/^[[:space:]]*"\([^"]*\)",.*/\1/p;}' \
    "$kdir"/*.c | sort)
nids=$(echo "$ids" | wc -w)
nreg=$(grep -c '^[[:space:]]*&ts_kernel_[a-z0-9_]*,' "$kdir/registry.c")
[ "$nids" -ge 6 ] && [ "$nids" -eq "$nreg" ]
ok $? "every kernel of the registry has its id in a TS_KERNEL line ($nids ids, $nreg in the registry)"

# The exceptions, one per line: a file, a tab, and an extended regular
# expression that a line naming a kernel there must match.
#
# lib/report/report-kernels.c: which kernel each version of another producer (the
#   original ThreadStone 2.0.0, older threadstone releases) ran for sort
#   and dhrystone.  It describes documents read from files, not this
#   build's kernels; a new kernel needs no row there.
# lib/sweep/sweep.c: "latency" heads a column of threadstone-sweep's table (the
#   chase's nanoseconds per load at each working set); the sweep runs the
#   shared chase (lib/mem/mem-chase.h), not the latency workload.
# lib/history/history-copy.c: "sha256" is the history's column of a
#   document's or a record's digest (their unique key), not the workload.
allowed='lib/report/report-kernels.c	^	\{ "(sort|dhrystone)", TS_FAMILY_(RUST|C), "[0-9.]+", 
lib/sweep/sweep.c	"working set", "latency"\);$
lib/history/history-copy.c	^#define DIGEST	"sha256"$'

# named REGEX: the lines of lib/ and src/ (outside lib/kernels/) matching
# REGEX and no exception, as FILE:LINE:TEXT.
named() {
	grep -nE "$1" $files | while IFS= read -r hit; do
		f=${hit%%:*}
		text=${hit#*:}
		text=${text#*:}
		echo "$allowed" | while IFS='	' read -r af are; do
			[ "$af" = "$f" ] && printf '%s\n' "$text" |
			    grep -qE "$are" && echo allowed
		done | grep -q allowed || printf '%s\n' "$hit"
	done
}

# report DESC: ok when $hits is empty, else list them.
report() {
	[ -z "$hits" ]
	ok $? "$1"
	[ -z "$hits" ] || printf '%s\n' "$hits" | sed 's/^/# /'
}

for id in $ids; do
	hits=$(named "\"$id\"")
	report "no \"$id\" outside lib/kernels/ but the listed exceptions"
done

# Constants: the kernels' own (TS_<ID>_..., and every macro their headers
# define) belong to the kernel and its tests.
prefixes=$(for id in $ids; do
	printf 'TS_%s_\n' "$id" | tr 'a-z-' 'A-Z_'
done; for h in "$kdir"/*.h; do
	# kernel.h is the descriptor type every caller shares, not a kernel's.
	[ "${h##*/}" = kernel.h ] || sed -n \
	    's/^#define[[:space:]]\{1,\}\(TS_[A-Z0-9_]*\).*/\1/p' "$h"
done | grep -v '_H$')
re=$(echo $prefixes | sed 's/ /|/g')
hits=$(named "\\b($re)")
report "no kernel's constant outside lib/kernels/"

# Buffer options: their names live in the descriptors alone.
bopts=$(sed -n 's/^[[:space:]]*\.buffer_option = "--\([^"]*\)",.*/\1/p' \
    "$kdir"/*.c)
hits=$(named "\"(--)?($(echo $bopts | sed 's/ /|/g'))\"")
report "no buffer option spelled outside lib/kernels/ ($(echo $bopts))"

hits=$(grep -nE '#include "kernels/[^k]|\bts_kernel_('"$(echo $ids |
    sed 's/ /|/g')"')\b' $files)
report "no kernel header or descriptor named outside lib/kernels/"

# One header per kernel: none names the state or constants of two
# (ts_<id>..., TS_<ID>..., as the old kstate.h held all six kernels').
hits=$(for h in "$kdir"/*.h; do
	[ "${h##*/}" = kernel.h ] && continue
	n=0
	for id in $ids; do
		grep -qiw "ts_${id}[a-z0-9_]*" "$h" && n=$((n + 1))
	done
	[ "$n" -le 1 ] || echo "${h#"$top_srcdir"/}: $n kernels"
done)
report "each kernel header is one kernel's"

# threadstone-run's buffer options are the descriptors': each one the
# descriptors name is in --help and reaches its kernel (a bad value is
# refused naming it), and --help offers no other.
[ -x "$TS_RUN" ] || { done_testing; exit; }
opts=$(sed -n 's/^[[:space:]]*\.buffer_option = "\([^"]*\)",.*/\1/p' \
    "$kdir"/*.c | sort)
run "$TS_RUN" --help
help_opts=$(printf '%s\n' "$out" | grep -oE -- '--[a-z-]+-mb' | sort -u)
[ -n "$opts" ] && [ "$opts" = "$help_opts" ]
ok $? "--help offers the descriptors' buffer options ($(echo $opts))"
# The workloads --help lists are --list's, in the registry's order.
run "$TS_RUN" --help
help_ids=$(printf '%s\n' "$out" | sed -n '/default all:$/{n;p;}' |
    sed 's/^ *//; s/)$//')
list_ids=$(echo $("$TS_RUN" --list | sed -n 's/^  \([^ ]\{1,\}\) .*/\1/p'))
[ -n "$help_ids" ] && [ "$help_ids" = "$list_ids" ]
ok $? "--help lists the registry's workloads ($help_ids)"
for o in $opts; do
	run "$TS_RUN" "$o" 0
	[ "$rc" -eq 2 ] && [ "$err" = "$(basename "$TS_RUN"): invalid $o '0': \
expected an integer from 1 to 1048576" ]
	ok $? "$o reaches its kernel's option"
	[ "$rc" -eq 2 ] || echo "# exit $rc; stderr: $err"
done
done_testing
