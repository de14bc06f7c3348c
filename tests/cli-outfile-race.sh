#!/bin/sh
# The file-writing rule under races, made deterministic by an LD_PRELOAD
# shim (tests/outfile-shim.c): another writer's file is renamed over the
# output path right after each of threadstone-sign's lookups of that path
# in turn, and the document must still be written by rename (a new file,
# not the other writer's file written in place); then the same again with
# a SIGTERM sent while sign is paused half-way through writing, which
# must leave a whole document (the old, the other writer's, or the new)
# and no temporary file.  tests/outfile-stress runs two writers and a
# reader for real.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

SHIM=$top_builddir/tests/.libs/outfile-shim.so
[ -x "$TS_SIGN" ] || skip_all "$TS_SIGN is not built"
[ -f "$SHIM" ] || skip_all "the shim $SHIM is not built"
# A sanitizer build wants its runtime first; the shim comes before it.
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0
export ASAN_OPTIONS

KEY=$tmpdir/key.der
cp "$FIXTURES/testkey-seed-00-1f.pkcs8v2.der" "$KEY" && chmod 600 "$KEY"
DOC=$FIXTURES/apple-m4-pro.json
d=$tmpdir/race
mkdir "$d"
cat "$DOC" >"$d/old.json"
cat "$FIXTURES/adversarial-1.json" >"$d/other.json"
"$TS_SIGN" --force -k "$KEY" -o "$d/new.json" "$DOC" >/dev/null 2>&1
ok $? "a signed document to compare with"

# sign_shimmed N: sign DOC into $d/target.json under the shim, with
# $d/swap.json renamed over the target after its Nth lookup.
sign_shimmed() {
	env LD_PRELOAD="$SHIM" TS_SHIM_TARGET="$d/target.json" \
	    TS_SHIM_SWAP="$d/swap.json" TS_SHIM_SWAP_AT="$1" \
	    "$TS_SIGN" --force -k "$KEY" -o "$d/target.json" "$DOC"
}

# no_debris: no temporary ".NAME.XXXXXX" file is left in $d.
no_debris() {
	[ -z "$(find "$d" -name '.*.??????' -print)" ]
}

# The rename of another writer after each lookup in turn.
n=1 bad=0
while [ $n -le 40 ]; do
	cat "$d/old.json" >"$d/target.json"
	cat "$d/other.json" >"$d/swap.json"
	ino=$(stat -c %i "$d/swap.json")
	sign_shimmed $n >"$d/out" 2>&1
	rc=$?
	if [ -e "$d/swap.json" ]; then
		rm -f "$d/swap.json"
		break	# sign looked the path up fewer than n times
	fi
	if [ $rc -ne 0 ] || ! cmp -s "$d/target.json" "$d/new.json" ||
	    [ "$(stat -c %i "$d/target.json")" = "$ino" ]; then
		echo "# lookup $n: exit $rc, inode $(stat -c %i "$d/target.json") (the other writer's: $ino)"
		sed 's/^/# /' "$d/out"
		bad=$((bad + 1))
	fi
	n=$((n + 1))
done
lookups=$((n - 1))
echo "# sign looked its output path up $lookups times"
[ $lookups -ge 2 ]
ok $? "the shim put another writer's rename after each lookup"
[ $bad -eq 0 ]
ok $? "after a rename at any lookup, the document is written by a rename of its own, whole"
no_debris
ok $? "no temporary file is left"

# The same with a SIGTERM while sign is paused in its write.
n=1 bad=0 killed=0
while [ $n -le $lookups ]; do
	cat "$d/old.json" >"$d/target.json"
	cat "$d/other.json" >"$d/swap.json"
	rm -f "$d/mark"
	# A simple command, so that $! is the writer itself.
	env LD_PRELOAD="$SHIM" TS_SHIM_TARGET="$d/target.json" \
	    TS_SHIM_SWAP="$d/swap.json" TS_SHIM_SWAP_AT=$n \
	    TS_SHIM_PAUSE_MS=60000 TS_SHIM_MARK="$d/mark" \
	    "$TS_SIGN" --force -k "$KEY" -o "$d/target.json" "$DOC" \
	    >/dev/null 2>&1 &
	pid=$!
	i=0
	while [ ! -e "$d/mark" ] && kill -0 $pid 2>/dev/null && [ $i -lt 600 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	[ -e "$d/mark" ] || echo "# lookup $n: sign never paused in a write"
	kill -TERM $pid 2>/dev/null
	{ wait $pid; } 2>/dev/null
	[ $? -eq 143 ] && killed=$((killed + 1))
	if ! cmp -s "$d/target.json" "$d/old.json" &&
	    ! cmp -s "$d/target.json" "$d/other.json" &&
	    ! cmp -s "$d/target.json" "$d/new.json"; then
		echo "# lookup $n: the target is $(wc -c <"$d/target.json") bytes, no whole document"
		bad=$((bad + 1))
	fi
	no_debris || bad=$((bad + 1))
	rm -f "$d/swap.json"
	n=$((n + 1))
done
echo "# $killed of $lookups signed writes ended by the SIGTERM"
[ $killed -eq $lookups ]
ok $? "every SIGTERM came while sign was paused in its write"
[ $bad -eq 0 ]
ok $? "a SIGTERM in the widened window leaves a whole document and no temporary file"

done_testing
