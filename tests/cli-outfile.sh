#!/bin/sh
# The output-file rule, for every program that writes files: a symlinked
# --out updates its target, a FIFO receives the document, /dev/stdout
# writes to standard output, a device node (made with mknod, so root only)
# survives every writer, a replaced file keeps its mode (and, as root,
# its owner), and SIGTERMs sent
# at random moments of sign and run writes leave no temporary file and a
# target that is the old document or a new one, whole.  Nothing asserts a
# timing.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

for p in "$TS_RUN" "$TS_SIGN" "$TS_REPORT" "$TS_SWEEP" "$TS_KEYGEN"; do
	[ -x "$p" ] || skip_all "$p is not built"
done

KEY=$FIXTURES/testkey-seed-00-1f.pkcs8v2.der
DOC=$FIXTURES/apple-m4-pro.json
QUICK="-w sha256 --single-only -q --samples 1 --warmup 0 --window-ms 5"
SWEEP="-q --min-ms 0 --max-size 8K"

# write NAME PATH: run writer NAME with its output at PATH.
write() {
	case $1 in
	report)	"$TS_REPORT" --format json -o "$2" "$DOC" ;;
	sign)	"$TS_SIGN" --force -k "$KEY" -o "$2" "$DOC" ;;
	run)	"$TS_RUN" $QUICK -o "$2" ;;
	sweep-json) "$TS_SWEEP" $SWEEP -o "$2" ;;
	sweep.svg) "$TS_SWEEP" $SWEEP --plot "$2" ;;
	esac >/dev/null 2>"$tmpdir/err"
}
writers="report sign run sweep-json sweep.svg"

# whole NAME FILE: FILE holds a whole document of writer NAME.
whole() {
	case $1 in
	sweep.svg) tail -n 1 "$2" | grep -q '</svg>' ;;
	sweep-json) head -c 1 "$2" | grep -q '\[' && tail -c 1 "$2" | grep -q ']' ;;
	*)	"$TS_REPORT" "$2" >/dev/null 2>&1 ;;
	esac
}

# no_debris DIR: no temporary ".NAME.XXXXXX" file is left in DIR.
no_debris() {
	[ -z "$(find "$1" -name '.*.??????' -print)" ]
}

# A symlink (relative, into another directory) is followed: the target is
# replaced in its own directory and the link stays a link.
mkdir "$tmpdir/links" "$tmpdir/targets"
for w in $writers; do
	echo old >"$tmpdir/targets/$w.out"
	ln -s "../targets/$w.out" "$tmpdir/links/$w"
	write $w "$tmpdir/links/$w"
	ok $? "$w: writes through a symlink"
	[ -L "$tmpdir/links/$w" ] && whole $w "$tmpdir/targets/$w.out"
	ok $? "$w: the link is kept and its target holds the new document"
done
no_debris "$tmpdir"
ok $? "no temporary file left by the symlinked writes"

# A dangling link creates its target; sign follows a link given as FILE.
ln -s "$tmpdir/targets/new.json" "$tmpdir/links/dangling"
write report "$tmpdir/links/dangling" && [ -L "$tmpdir/links/dangling" ] &&
    cmp -s "$tmpdir/targets/new.json" "$DOC"
ok $? "a dangling link creates the file it names"
cat "$DOC" >"$tmpdir/targets/doc.json"
ln -s doc.json "$tmpdir/targets/doc-link"
"$TS_SIGN" --force -k "$KEY" "$tmpdir/targets/doc-link" >/dev/null 2>&1 &&
    [ -L "$tmpdir/targets/doc-link" ] &&
    grep -q '"public_key": "A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg="' \
    "$tmpdir/targets/doc.json"
ok $? "sign FILE where FILE is a symlink signs the document it names"

# A replaced regular file keeps its mode.
for w in $writers; do
	echo old >"$tmpdir/mode-$w"
	chmod 0604 "$tmpdir/mode-$w"
	write $w "$tmpdir/mode-$w" &&
	    [ "$(stat -c %a "$tmpdir/mode-$w")" = 604 ]
	ok $? "$w: a replaced file keeps its mode"
done

# A FIFO receives the document and stays a FIFO.
for w in $writers; do
	mkfifo "$tmpdir/fifo-$w" || { ok 1 "mkfifo"; continue; }
	cat "$tmpdir/fifo-$w" >"$tmpdir/from-fifo-$w" &
	write $w "$tmpdir/fifo-$w"
	rc=$?
	wait
	[ "$rc" -eq 0 ] && [ -p "$tmpdir/fifo-$w" ] &&
	    whole $w "$tmpdir/from-fifo-$w"
	ok $? "$w: a FIFO receives the whole document and stays a FIFO"
done

# /dev/stdout is standard output, whatever it is.
for w in $writers; do
	case $w in
	report)	"$TS_REPORT" --format json -o /dev/stdout "$DOC" ;;
	sign)	"$TS_SIGN" --force -k "$KEY" -o /dev/stdout "$DOC" ;;
	run)	"$TS_RUN" $QUICK -o /dev/stdout ;;
	sweep-json) "$TS_SWEEP" $SWEEP -o /dev/stdout ;;
	sweep.svg) "$TS_SWEEP" $SWEEP --plot /dev/stdout ;;
	esac 2>/dev/null | cat >"$tmpdir/stdout-$w"
	[ -s "$tmpdir/stdout-$w" ] &&
	    case $w in
	    sweep.svg) grep -q '</svg>' "$tmpdir/stdout-$w" ;;
	    sweep-json) grep -q '^\[' "$tmpdir/stdout-$w" ;;
	    *) grep -q '^{' "$tmpdir/stdout-$w" ;;
	    esac
	ok $? "$w: --out /dev/stdout through a pipe writes the document"
done

# A device node survives every writer (mknod needs root).
if [ "$(id -u)" -ne 0 ] || ! mknod "$tmpdir/null" c 1 3 2>/dev/null; then
	ok 0 "# SKIP device nodes need root (mknod)"
else
	usable=no
	: >"$tmpdir/null" 2>/dev/null && usable=yes
	for w in $writers; do
		write $w "$tmpdir/null"
		rc=$?
		[ -c "$tmpdir/null" ] &&
		    [ "$(stat -c %t:%T "$tmpdir/null")" = 1:3 ] &&
		    { [ $usable = no ] || [ $rc -eq 0 ]; }
		ok $? "$w: a character device is written, not replaced"
	done
	mkdir "$tmpdir/keys"
	mknod "$tmpdir/keys/threadstone.key" c 1 3
	"$TS_KEYGEN" -d "$tmpdir/keys" >/dev/null 2>&1
	[ $? -eq 1 ] && [ -c "$tmpdir/keys/threadstone.key" ] &&
	    [ ! -e "$tmpdir/keys/threadstone.pub" ]
	ok $? "keygen: refuses a device node as its key and leaves it"
	no_debris "$tmpdir"
	ok $? "no temporary file left by the device writes"
	# Root may give the replaced file its owner and group back.
	echo old >"$tmpdir/owned"
	chown 1:1 "$tmpdir/owned"
	chmod 0640 "$tmpdir/owned"
	write sign "$tmpdir/owned" &&
	    [ "$(stat -c %u:%g:%a "$tmpdir/owned")" = 1:1:640 ]
	ok $? "sign: a replaced file keeps its owner, group and mode"
fi

# SIGTERM at random moments of sign and run writes: 25 each.  The target
# starts as a whole old document; afterwards it must be that document or a
# new one, whole, and no temporary file may be left.
mkdir "$tmpdir/sig"
cat "$DOC" >"$tmpdir/sig/old.json"
"$TS_SIGN" --force -k "$KEY" -o "$tmpdir/sig/new.json" "$DOC" >/dev/null 2>&1
for w in sign run; do
	# The delays spread over 0 to 1.25 times one write's duration, as
	# measured here (only to place the signals, never asserted).
	t0=$(date +%s%N)
	write $w "$tmpdir/sig/probe.json"
	ms=$(( ($(date +%s%N) - t0) / 1000000 + 1 ))
	bad=0 debris=0 killed=0
	i=0
	while [ $i -lt 25 ]; do
		cat "$tmpdir/sig/old.json" >"$tmpdir/sig/target.json"
		# Simple commands, so that $! is the writer itself (a compound
		# command in the background may be a subshell around it).
		if [ $w = sign ]; then
			"$TS_SIGN" --force -k "$KEY" -o "$tmpdir/sig/target.json" \
			    "$DOC" >/dev/null 2>&1 &
		else
			"$TS_RUN" $QUICK -o "$tmpdir/sig/target.json" \
			    >/dev/null 2>&1 &
		fi
		pid=$!
		sleep "$(awk -v ms=$ms -v i=$(( (i * 7) % 25 )) \
		    'BEGIN { printf "%.4f", ms * i / 20 / 1000 }')"
		kill -TERM $pid 2>/dev/null
		{ wait $pid; } 2>/dev/null
		[ $? -eq 143 ] && killed=$((killed + 1))
		if ! cmp -s "$tmpdir/sig/target.json" "$tmpdir/sig/old.json"; then
			case $w in
			sign) cmp -s "$tmpdir/sig/target.json" \
			    "$tmpdir/sig/new.json" ;;
			run) whole run "$tmpdir/sig/target.json" ;;
			esac || bad=$((bad + 1))
		fi
		if ! no_debris "$tmpdir/sig"; then
			debris=$((debris + 1))
			ls -la "$tmpdir/sig" | sed 's/^/# /'
		fi
		find "$tmpdir/sig" -name '.*.??????' -exec rm -f {} +
		i=$((i + 1))
	done
	echo "# $w: $killed of 25 runs ended by SIGTERM"
	[ $bad -eq 0 ]
	ok $? "$w: after 25 SIGTERMs the target is always the old or a new document, whole"
	[ $debris -eq 0 ]
	ok $? "$w: after 25 SIGTERMs no temporary file is left"
done

done_testing
