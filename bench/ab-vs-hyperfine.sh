#!/bin/sh
# SPDX-License-Identifier: MIT
# threadstone-ab's three designs beside hyperfine, on this host with a
# neighbour that comes and goes.  A measurement script, not a test: it
# takes about 2 x 4 x N x T seconds (N = 20 experiments of T = 45 s:
# two hours), and it wants a host that nothing else uses but its own
# neighbour.
#
# The commands are nobody's here: gzip -1 over an input of about 8 MiB
# of text, and over the same input 3 % longer (3 % more work), run
# without a shell by both tools.  A
# neighbour runs beside them on one CPU, changing every P seconds (8)
# between a memory stream (stress-ng --stream 1), idle, a CPU loop
# (stress-ng --cpu 1) and idle.  Each experiment runs, for the A/A pair
# (the same input twice) and the 3 % pair:
#   - threadstone-ab --design interleaved, duet and sequential, with
#     --precision 1 --max-time T;
#   - hyperfine (Debian's), with as many runs a command as the
#     interleaved experiment had rounds (the same runs, about the same
#     wall time).  Two rows: "hyperfine" is the 95 % interval its run
#     times support on the ratio of the means, mean_B / mean_A times
#     exp(+-1.96 sqrt(sd_A^2 / (n m_A^2) + sd_B^2 / (n m_B^2))), from
#     the times it exports; "hyperfine +-" is the interval it prints,
#     "R +- S times faster", with S = R sqrt((sd_A/m_A)^2 +
#     (sd_B/m_B)^2): the one a hyperfine user reads.
# Then, per design: A/A bias (the median of the estimates, less 1) and
# false alarms (intervals without 1), the median width of the interval
# (high - low), and how often the 3 % change is found (the whole
# interval above 1), with the median estimate and rounds.
#
#   bench/ab-vs-hyperfine.sh [-n N] [-t T] [-p P] [-s MIB] [-D DESIGNS]
#                            [-b BUILDDIR] [-k DIR | -r DIR]
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
. "$(dirname "$0")/common.sh"
while getopts n:t:p:s:D:b:k:r: opt; do
	case $opt in
	n | t) eval "$opt=\$OPTARG" ;;
	p) period=$OPTARG ;;
	s) mib=$OPTARG ;;
	D) designs=$OPTARG ;;
	*) bench_docopt "$opt" || bench_usage "[-n N] [-t T] [-p P]" \
	    "[-s MIB] [-D DESIGNS] [-b BUILDDIR] [-k DIR | -r DIR]" ;;
	esac
done
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
	command -v gzip >/dev/null || { echo "$0: gzip is needed" >&2; exit 1; }
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

if [ -z "$reuse" ]; then
	# The inputs: text that gzip -1 compresses about 3:1; b is a with
	# its first 3 % appended.
	in=$dir/in
	mkdir -p "$in"
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
	echo "$(date -u +%FT%TZ) ab-vs-hyperfine: $n experiments of ${t}s, neighbour every ${period}s, inputs $size and $(wc -c <"$in/b") bytes" >"$dir/about"
	# Both tools run the commands without a shell and discard their
	# output.
	A="gzip -1 -c $in/a"
	B="gzip -1 -c $in/b"
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
				"$ab" -q -N -d $d --precision 1 --max-time "$t" \
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
		echo "experiment $i of $n done" >&2
		i=$((i + 1))
	done
fi

python3 - "$dir" <<'PY'
import glob, json, math, os, statistics, sys

d = sys.argv[1]
if os.path.exists(os.path.join(d, "about")):
    print(open(os.path.join(d, "about")).read().strip())

def interval(path, tool):
    doc = json.load(open(path))
    if not tool.startswith("hyperfine"):
        c = doc["comparison"]
        if c["low"] is None:
            return None
        return c["ratio"], c["low"], c["high"], c["rounds"]
    # Hyperfine: the ratio of the means, its delta-method interval.
    a, b = (r["times"] for r in doc["results"])
    ma, mb = statistics.mean(a), statistics.mean(b)
    sa, sb = statistics.stdev(a), statistics.stdev(b)
    se = math.sqrt(sa * sa / (len(a) * ma * ma) + sb * sb / (len(b) * mb * mb))
    r = mb / ma
    if tool == "hyperfine +-":
        s = r * math.sqrt((sa / ma) ** 2 + (sb / mb) ** 2)
        return r, r - s, r + s, len(a)
    return r, r * math.exp(-1.96 * se), r * math.exp(1.96 * se), len(a)

print("%-12s %5s %9s %7s %9s %6s %8s %9s %7s" % ("design", "A/A n",
      "bias %", "alarms", "width", "3% n", "found", "median %", "rounds"))
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
    print("%-12s %5d %+9.2f %6.0f%% %9.4f %6d %7.0f%% %+9.2f %7.0f" % (
        tool, len(aa),
        100 * (med([x[0] for x in aa]) - 1),
        100 * sum(1 for x in aa if x[1] > 1 or x[2] < 1) / max(1, len(aa)),
        med([x[2] - x[1] for x in aa + ab]),
        len(ab),
        100 * sum(1 for x in ab if x[1] > 1) / max(1, len(ab)),
        100 * (med([x[0] for x in ab]) - 1),
        med([x[3] for x in aa + ab])))
PY
