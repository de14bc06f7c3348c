#!/bin/sh
# SPDX-License-Identifier: MIT
# Whether freeing memory between building a pointer chase and running it
# slows the chase's start (bench/chase-unmap.c), side by side: TRIALS
# (default 5) of "unmap" and "keep" in turns, each a fresh process over
# MIB (default 256) of base pages.  A trial starts slow when its first
# 40 ms window reads more than three times its last.  A measurement, not
# a test: this is why lib/mem/mem-chase.c keeps its order array.
#
#   bench/chase-unmap.sh [TRIALS [MIB]]
set -eu

trials=${1:-5} mib=${2:-256}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/chase-unmap.XXXXXX")
trap 'rm -rf "$work"' EXIT
"${CC:-cc}" -O2 -o "$work/chase-unmap" "$here/chase-unmap.c"

slow_unmap=0 slow_keep=0 i=1
while [ "$i" -le "$trials" ]; do
	for mode in unmap keep; do
		line=$("$work/chase-unmap" "$mode" "$mib" 25 2>/dev/null)
		first=${line%% *} last=${line##* }
		echo "trial $i $mode: first 40 ms ${first} ns a load, last ${last} ns"
		if [ "$first" -gt $((3 * last)) ]; then
			eval "slow_$mode=\$((slow_$mode + 1))"
		fi
	done
	i=$((i + 1))
done
echo "slow starts: unmap $slow_unmap of $trials, keep $slow_keep of $trials"
