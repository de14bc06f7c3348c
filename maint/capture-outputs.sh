#!/bin/sh
# maint/capture-outputs.sh: record what the programs print for fixed inputs
# (help, version, reports, compares, verifies, signs, analyses and usage
# errors), one file per command with stdout, stderr and the exit status, so
# that a refactoring can be shown to change no byte:
#   maint/capture-outputs.sh BUILDDIR OUTDIR; ...; diff -r OUT1 OUT2
# Nothing here measures the machine, so the outputs are deterministic.
set -u
b=$(cd "${1:?usage: capture-outputs.sh BUILDDIR OUTDIR}" && pwd)
out=${2:?usage: capture-outputs.sh BUILDDIR OUTDIR}
src=$(cd "$(dirname "$0")/.." && pwd)
fx=$src/tests/fixtures
mkdir -p "$out"
out=$(cd "$out" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0

# cap NAME CMD...: run CMD in $tmp, keep stdout, stderr and status.
cap() {
	name=$1; shift
	n=$((n + 1))
	f=$out/$(printf %03d $n)-$name
	(cd "$tmp" && "$@") >"$f.out" 2>"$f.err" </dev/null
	echo "$?" >"$f.rc"
	# The temp directory's name is not part of the output.
	sed -i "s|$tmp|TMP|g; s|$b|BUILD|g; s|$src|SRC|g" "$f.out" "$f.err"
}

progs="threadstone threadstone-run threadstone-report threadstone-compare
threadstone-verify threadstone-sign threadstone-keygen threadstone-sweep
tachyon tachyon-analyze threadstone-history threadstone-ab"
for p in $progs; do
	cap "$p-help" "$b/$p" --help
	cap "$p-version" "$b/$p" --version
	cap "$p-badopt" "$b/$p" --no-such-option
	cap "$p-badshort" "$b/$p" -Z
done
cap run-list "$b/threadstone-run" --list
cap run-badw "$b/threadstone-run" -w nosuch
cap run-badt "$b/threadstone-run" -t x
cap run-missing-arg "$b/threadstone-run" --samples
cap report-schema "$b/threadstone-report" --schema
for d in apple-m4-pro run-signed-at-runtime compare-candidate-b \
    adversarial-1 adversarial-5 producer-original-2.0.0 producer-ours-0.1.0; do
	for fmt in table markdown json; do
		cap "report-$d-$fmt" "$b/threadstone-report" --format "$fmt" "$fx/$d.json"
	done
	cap "verify-$d" "$b/threadstone-verify" "$fx/$d.json"
	cap "verify-json-$d" "$b/threadstone-verify" --json "$fx/$d.json"
	cap "compare-$d" "$b/threadstone-compare" "$fx/apple-m4-pro.json" "$fx/$d.json"
	cap "compare-original-$d" "$b/threadstone-compare" --format original "$fx/apple-m4-pro.json" "$fx/$d.json"
	cap "compare-markdown-$d" "$b/threadstone-compare" --format markdown "$fx/apple-m4-pro.json" "$fx/$d.json"
	cap "compare-json-$d" "$b/threadstone-compare" --json "$fx/apple-m4-pro.json" "$fx/$d.json"
done
for i in 1 2 3 4 5 6 7 8; do
	cap "verify-adv$i" "$b/threadstone-verify" "$fx/adversarial-$i.json"
done
cap report-nul "$b/threadstone-report" "$fx/nul-in-string.json"
cap report-missing "$b/threadstone-report" "$tmp/none.json"
cap compare-fail "$b/threadstone-compare" --fail-on-regression "$fx/apple-m4-pro.json" "$fx/compare-candidate-b.json"
cap compare-sets "$b/threadstone-compare" "$fx/apple-m4-pro.json" "$fx/executions-run.json" -- "$fx/compare-candidate-b.json" "$fx/executions-run.json"
cap compare-sets-json "$b/threadstone-compare" --json "$fx/apple-m4-pro.json" "$fx/executions-run.json" -- "$fx/compare-candidate-b.json" "$fx/executions-run.json"
cp "$fx/apple-m4-pro.json" "$tmp/s.json"
cap sign "$b/threadstone-sign" --force --key "$fx/testkey-seed-00-1f.pkcs8v2.der" -o "$tmp/signed.json" "$tmp/s.json"
cap sign-cat cat "$tmp/signed.json"
cap sign-verify "$b/threadstone-verify" "$tmp/signed.json"
cap sign-nokey "$b/threadstone-sign" "$tmp/s.json"
cap sign-badkey "$b/threadstone-sign" --key "$fx/apple-m4-pro.json" "$tmp/s.json"
cap sweep-badsize "$b/threadstone-sweep" --max-size 12Q
cap tachyon-badw "$b/tachyon" -w abc
cap tachyon-badt "$b/tachyon" -t 0
if command -v python3 >/dev/null; then
	for kind in normalise filter noise seed; do
		if python3 "$src/tests/gen-fleet.py" "$kind" >"$tmp/f-$kind.jsonl" 2>/dev/null; then
			cap "analyze-$kind" "$b/tachyon-analyze" "$tmp/f-$kind.jsonl"
			cap "analyze-json-$kind" "$b/tachyon-analyze" --json "$tmp/f-$kind.jsonl"
			cap "analyze-plot-$kind" "$b/tachyon-analyze" --plot "$tmp/p.svg" "$tmp/f-$kind.jsonl"
			cap "analyze-svg-$kind" cat "$tmp/p.svg"
		fi
	done
fi
echo "captured $n commands in $out"
