#!/bin/sh
# SPDX-License-Identifier: MIT
# threadstone-ab's three designs beside hyperfine, on this host with a
# neighbour that comes and goes.  A measurement script, not a test: it
# takes about 2 x 4 x N x T seconds (N = 20 experiments of T = 45 s:
# two hours), and it wants a host that nothing else uses but its own
# neighbour.
#
# The commands are nobody's here, of two kinds (-w):
#   - gzip (the default): gzip -1 over an input of about 8 MiB of text,
#     and over the same input 3 % longer (3 % more work, but through the
#     page cache: two files of nearly one size can be read at speeds
#     several per cent apart);
#   - cpu: a small C program the script builds, a multiply-xorshift hash
#     over a 4 KiB buffer (in L1) for ITER rounds (-i, 200000: some
#     0.2 s), no input, and its twin doing exactly 1 % more rounds.
# Both tools run them without a shell.  A neighbour runs beside them on
# one CPU, changing every P seconds (8) between a memory stream
# (stress-ng --stream 1), idle, a CPU loop (stress-ng --cpu 1) and idle.
# Each experiment runs, for the A/A pair (the same command twice) and
# the changed pair:
#   - threadstone-ab --design interleaved, duet and sequential, with
#     --precision PCT (-P, 1) --max-seconds T (-t, 45), and --metric M (-m,
#     wall) when given;
#   - hyperfine (Debian's), with as many runs a command as the
#     interleaved experiment had rounds (the same runs, about the same
#     wall time).  Two rows: "hyperfine" is the 95 % interval its run
#     times support on the ratio of the means, mean_B / mean_A times
#     exp(+-1.96 sqrt(sd_A^2 / (n m_A^2) + sd_B^2 / (n m_B^2))), from
#     the times it exports; "hyperfine +-" is the interval it prints,
#     "R +- S times faster", with S = R sqrt((sd_A/m_A)^2 +
#     (sd_B/m_B)^2): the one a hyperfine user reads.  Its figure is the
#     wall time whatever -m says.
# Then, per design: A/A bias (the median of the estimates, less 1) and
# false alarms (intervals without 1, counted per experiment), the median
# width of the interval (high - low), how often the change is found
# (the whole interval above 1: the power), with the median estimate and
# rounds, and how often our interval found the rounds correlated in
# time, with the median factor it was widened by then.  The host's load
# average before and after each experiment is kept and summarised: on a
# machine that other work shares, the figures are that work's too.
#
#   bench/ab-vs-hyperfine.sh [-n N] [-t T] [-P PCT] [-p P] [-w gzip|cpu]
#                            [-s MIB] [-i ITER] [-m METRIC] [-D DESIGNS]
#                            [-b BUILDDIR] [-k DIR | -r DIR]
#
# The long experiments of issue 48, 20 A/A pairs and 20 with 1 % more
# work at --precision 0.5 and 120 s:
#   bench/ab-vs-hyperfine.sh -w cpu -P 0.5 -t 120 -D interleaved,hyperfine
#
# -D runs only the designs named (comma-separated, of interleaved, duet,
# sequential and hyperfine; all four by default): hyperfine takes its
# number of runs from the interleaved experiment when there is one, else
# from the first design run.
# -k DIR keeps every experiment's JSON in DIR; -r DIR recomputes the
# table from JSON kept there, running nothing.  Without stress-ng the
# neighbour is left out (and the table says so).
set -eu

n=20 t=45 period=8 mib=8 designs=interleaved,duet,sequential,hyperfine
prec=1 work=gzip iter=200000 metric=
. "$(dirname "$0")/common.sh"
while getopts n:t:p:s:D:P:w:i:m:b:k:r: opt; do
	case $opt in
	n | t) eval "$opt=\$OPTARG" ;;
	p) period=$OPTARG ;;
	s) mib=$OPTARG ;;
	D) designs=$OPTARG ;;
	P) prec=$OPTARG ;;
	w) work=$OPTARG ;;
	i) iter=$OPTARG ;;
	m) metric=$OPTARG ;;
	*) bench_docopt "$opt" || bench_usage "[-n N] [-t T] [-P PCT] [-p P]" \
	    "[-w gzip|cpu] [-s MIB] [-i ITER] [-m METRIC] [-D DESIGNS]" \
	    "[-b BUILDDIR] [-k DIR | -r DIR]" ;;
	esac
done
case $work in
gzip | cpu) ;;
*) echo "$0: -w: unknown work '$work' (gzip, cpu)" >&2; exit 2 ;;
esac
case $iter in
*[!0-9]* | '' | 0*) echo "$0: -i: '$iter' is not a count of rounds above 0" >&2; exit 2 ;;
esac
[ "$iter" -ge 100 ] || { echo "$0: -i: at least 100 rounds (1 % of them is the change)" >&2; exit 2; }
hf=
for d in $(echo "$designs" | tr , ' '); do
	case $d in
	interleaved | duet | sequential) ;;
	hyperfine) hf=1 ;;
	*) echo "$0: -D: unknown design '$d' (interleaved, duet, sequential, hyperfine)" >&2
	   exit 2 ;;
	esac
done
ours=$(echo "$designs" | tr , '\n' | grep -v '^hyperfine$' | tr '\n' ' ')
[ -n "$ours" ] || [ -z "$hf" ] ||
    { echo "$0: -D: hyperfine takes its runs from one of our designs; name one too" >&2; exit 2; }
ab=$builddir/threadstone-ab
bench_python

if [ -z "$reuse" ]; then
	bench_need "$ab"
	command -v hyperfine >/dev/null ||
	    { echo "$0: hyperfine is needed (Debian: apt-get install hyperfine)" >&2; exit 1; }
	if [ "$work" = gzip ]; then
		command -v gzip >/dev/null || { echo "$0: gzip is needed" >&2; exit 1; }
	else
		command -v cc >/dev/null || { echo "$0: a C compiler (cc) is needed" >&2; exit 1; }
	fi
fi
bench_dir ab-vs-hyperfine

# neighbour: the four phases, P seconds each, until killed.
neighbour() {
	while :; do
		stress-ng --stream 1 --timeout "${period}s" --quiet >/dev/null 2>&1 ||
		    sleep "$period"
		sleep "$period"
		stress-ng --cpu 1 --timeout "${period}s" --quiet >/dev/null 2>&1 ||
		    sleep "$period"
		sleep "$period"
	done
}

# gzip's inputs in $in: text that gzip -1 compresses about 3:1; b is a
# with its first 3 % appended.
gzip_inputs() {
	python3 - "$in/a" "$mib" <<'PY' 2>/dev/null ||
import random, sys
random.seed(33)
words = ["host", "noise", "ratio", "round", "pair", "drift", "step", "cache",
         "probe", "neighbour", "interval", "verdict", "latency", "stream"]
size = int(float(sys.argv[2]) * 1048576)
with open(sys.argv[1], "w") as f:
    n = 0
    while n < size:
        line = " ".join(random.choice(words) for _ in range(12)) + \
            " %d\n" % random.randrange(1 << 30)
        f.write(line)
        n += len(line)
PY
	    { echo "$0: cannot write the inputs" >&2; exit 1; }
	size=$(wc -c <"$in/a")
	cp "$in/a" "$in/b"
	head -c $((size * 3 / 100)) "$in/a" >>"$in/b"
	A="gzip -1 -c $in/a"
	B="gzip -1 -c $in/b"
	change=3
	what="inputs $size and $(wc -c <"$in/b") bytes"
}

# The pure CPU pair: $in/hashloop, ITER rounds and 1 % more.
cpu_programs() {
	cat >"$in/hashloop.c" <<'C'
/* ITER rounds of a multiply-xorshift hash over a 4 KiB buffer (in L1):
   pure CPU work, no input.  Prints the hash, so that it is computed. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int
main(int argc, char **argv)
{
	static uint64_t buf[512];
	uint64_t h = 0x9e3779b97f4a7c15u, n, i;
	size_t j;

	if (argc != 2 || (n = strtoull(argv[1], NULL, 10)) == 0) {
		fprintf(stderr, "usage: hashloop ITER\n");
		return 2;
	}
	for (j = 0; j < 512; j++)
		buf[j] = j * 0x100000001b3u;
	for (i = 0; i < n; i++)
		for (j = 0; j < 512; j++) {
			h ^= buf[j] + i;
			h *= 0xff51afd7ed558ccdu;
			h ^= h >> 33;
		}
	printf("%016llx\n", (unsigned long long)h);
	return 0;
}
C
	cc -O2 -o "$in/hashloop" "$in/hashloop.c" ||
	    { echo "$0: cannot build $in/hashloop" >&2; exit 1; }
	A="$in/hashloop $iter"
	B="$in/hashloop $((iter + iter / 100))"
	change=1
	what="hashloop $iter and $((iter + iter / 100)) rounds"
}

if [ -z "$reuse" ]; then
	in=$dir/in
	mkdir -p "$in"
	if [ "$work" = gzip ]; then gzip_inputs; else cpu_programs; fi
	echo "$change" >"$dir/change"
	echo "$(date -u +%FT%TZ) ab-vs-hyperfine: $n experiments of ${t}s at --precision $prec${metric:+ --metric $metric}, neighbour every ${period}s, $what; load $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) CPUs" >"$dir/about"
	# Both tools run the commands without a shell and discard their
	# output.
	nb=
	if command -v stress-ng >/dev/null; then
		neighbour &
		nb=$!
		trap '[ -z "$nb" ] || { kill "$nb"; pkill -P "$nb"; } 2>/dev/null; [ -n "$keep" ] || rm -rf "$dir"' EXIT
	else
		echo "no neighbour: stress-ng is not installed" >>"$dir/about"
	fi
	i=1
	while [ "$i" -le "$n" ]; do
		for pair in aa ab; do
			if [ $pair = aa ]; then cb=$A; else cb=$B; fi
			for d in $ours; do
				f=$dir/$pair-$d-$i.json
				"$ab" -q -N -d $d --precision "$prec" --max-seconds "$t" \
				    ${metric:+--metric "$metric"} \
				    --export-json "$f" "$A" "$cb" >/dev/null ||
				    echo "$0: threadstone-ab -d $d failed (experiment $i)" >&2
			done
			[ -n "$hf" ] || continue
			from=interleaved
			case " $ours" in *" interleaved "*) ;; *) from=${ours%% *} ;; esac
			runs=$(python3 -c 'import json, sys
print(max(2, json.load(open(sys.argv[1]))["comparison"]["rounds"]))' \
			    "$dir/$pair-$from-$i.json" 2>/dev/null || echo 10)
			hyperfine -N --style none --runs "$runs" --warmup 1 \
			    --export-json "$dir/$pair-hyperfine-$i.json" \
			    "$A" "$cb" >/dev/null 2>&1 ||
			    hyperfine --style none --runs "$runs" --warmup 1 \
			    --export-json "$dir/$pair-hyperfine-$i.json" \
			    "$A" "$cb" >/dev/null 2>&1 ||
			    echo "$0: hyperfine failed (experiment $i)" >&2
		done
		cut -d' ' -f1 /proc/loadavg >>"$dir/load"
		echo "experiment $i of $n done (load $(cut -d' ' -f1 /proc/loadavg))" >&2
		i=$((i + 1))
	done
fi

python3 - "$dir" <<'PY'
import glob, json, math, os, statistics, sys

d = sys.argv[1]
def read(name):
    path = os.path.join(d, name)
    return open(path).read().strip() if os.path.exists(path) else None
if read("about"):
    print(read("about"))
change = int(read("change") or 3)
if read("load"):
    load = [float(x) for x in read("load").split()]
    print("load average after each experiment: %.1f to %.1f (median %.1f)"
          % (min(load), max(load), statistics.median(load)))

def interval(path, tool):
    doc = json.load(open(path))
    if not tool.startswith("hyperfine"):
        c = doc["comparison"]
        if c["low"] is None:
            return None
        s = c.get("serial") or {}
        return (c["ratio"], c["low"], c["high"], c["rounds"],
                bool(s.get("correlated")), s.get("widened") or 1)
    # Hyperfine: the ratio of the means, its delta-method interval.
    a, b = (r["times"] for r in doc["results"])
    ma, mb = statistics.mean(a), statistics.mean(b)
    sa, sb = statistics.stdev(a), statistics.stdev(b)
    se = math.sqrt(sa * sa / (len(a) * ma * ma) + sb * sb / (len(b) * mb * mb))
    r = mb / ma
    if tool == "hyperfine +-":
        s = r * math.sqrt((sa / ma) ** 2 + (sb / mb) ** 2)
        return r, r - s, r + s, len(a), False, 1
    return r, r * math.exp(-1.96 * se), r * math.exp(1.96 * se), len(a), False, 1

print("%-12s %5s %8s %7s %8s %5s %7s %9s %6s %5s %6s" % ("design", "A/A n",
      "bias %", "alarms", "width", "%d%% n" % change, "found", "median %",
      "rounds", "corr", "widen"))
for tool in ("interleaved", "duet", "sequential", "hyperfine", "hyperfine +-"):
    row = {}
    for pair in ("aa", "ab"):
        got = [interval(f, tool) for f in
               sorted(glob.glob(os.path.join(d, "%s-%s-*.json" % (pair, tool.split()[0]))))]
        row[pair] = [g for g in got if g is not None]
    aa, ab = row["aa"], row["ab"]
    if not aa and not ab:
        continue
    def med(v):
        return statistics.median(v) if v else float("nan")
    both = aa + ab
    corr = [x for x in both if x[4]]
    print("%-12s %5d %+8.2f %3d/%-3d %8.4f %5d %3d/%-3d %+9.2f %6.0f %5s %6s" % (
        tool, len(aa),
        100 * (med([x[0] for x in aa]) - 1),
        sum(1 for x in aa if x[1] > 1 or x[2] < 1), len(aa),
        med([x[2] - x[1] for x in both]),
        len(ab),
        sum(1 for x in ab if x[1] > 1), len(ab),
        100 * (med([x[0] for x in ab]) - 1),
        med([x[3] for x in both]),
        "-" if tool.startswith("hyperfine") else "%d/%d" % (len(corr), len(both)),
        "-" if not corr else "%.2f" % med([x[5] for x in corr])))
PY
