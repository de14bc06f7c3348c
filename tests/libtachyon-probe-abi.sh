#!/bin/sh
# libtachyon-probe's interface against its baseline, libtachyon-probe/abi/:
#  - it exports the tachyon_* calls and nothing else (nm -D);
#  - it imports nothing that prints, exits, aborts or installs a signal
#    handler, so none of its code can;
#  - while its soname is the baseline's, every exported symbol and version
#    is the baseline's (abi/symbols: none removed, none added unrecorded),
#    and abidiff (Debian's abigail-tools) finds no change in the calls and
#    the types they take against abi/libtachyon-probe.abi.  A new soname
#    (a bump in configure.ac's TACHYON_PROBE_LT_VERSION) passes, and asks
#    for a new baseline.
# abidiff missing: that part is skipped, unless TS_ABI_REQUIRE=1 (make
# abi-check, CI).  TS_ABI_WRITE=1 writes the baseline from the build
# instead (make abi-baseline).
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

lib=$top_builddir/libtachyon-probe/.libs/libtachyon-probe.so
base=$top_srcdir/libtachyon-probe/abi
[ -f "$lib" ] || skip_all "libtachyon-probe.so is not built (--disable-shared?)"
command -v nm >/dev/null 2>&1 || skip_all "nm (binutils) is not installed"
export LC_ALL=C

# The same abidw options for the baseline and for the build compared; the
# build directory is left out of the file.
abi_dump() {
	abidw --headers-dir "$top_srcdir/libtachyon-probe" \
	    --drop-private-types --no-corpus-path --no-show-locs \
	    --type-id-style hash "$lib" |
	    sed "s/ comp-dir-path='[^']*'//"
}
soname() {
	objdump -p "$lib" | awk '$1 == "SONAME" { print $2 }'
}
exported() {
	nm -D --defined-only "$lib" | awk '$2 != "A" { print $3 }' | sort
}

if [ "${TS_ABI_WRITE:-0}" = 1 ]; then
	command -v abidw >/dev/null 2>&1 ||
	    { echo "abidw is needed: apt-get install abigail-tools" >&2; exit 1; }
	mkdir -p "$base" &&
	    abi_dump >"$base/libtachyon-probe.abi" &&
	    { echo "# soname $(soname)"; exported; } >"$base/symbols" ||
	    exit 1
	echo "wrote $base/libtachyon-probe.abi and $base/symbols for $(soname)"
	exit 0
fi

exported >"$tmpdir/syms"
bad=$(grep -v '^tachyon_[a-z_]*@' "$tmpdir/syms")
[ -s "$tmpdir/syms" ] && [ -z "$bad" ]
ok $? "nm -D: only tachyon_* exported ($(wc -l <"$tmpdir/syms") calls)"
[ -z "$bad" ] || echo "$bad" | sed 's/^/# exported: /'

nm -D --undefined-only "$lib" | awk '{ sub(/@.*/, "", $2); print $2 }' \
    >"$tmpdir/imports"
bad=$(grep -E -x '_?_?(exit|_exit|_Exit|quick_exit|abort|printf|fprintf|vprintf|vfprintf|dprintf|vdprintf|puts|fputs|putchar|fputc|putc|fwrite|perror|err|errx|warn|warnx|verr|verrx|vwarn|vwarnx|signal|sigaction|sigset|bsd_signal|sysv_signal|stdout|stderr|printf_chk|fprintf_chk|vfprintf_chk|vprintf_chk|dprintf_chk)' \
    "$tmpdir/imports")
[ -z "$bad" ]
ok $? "it imports nothing that prints, exits or catches signals"
[ -z "$bad" ] || echo "$bad" | sed 's/^/# imported: /'

want=$(sed -n 's/^# soname //p' "$base/symbols")
got=$(soname)
if [ "$got" != "$want" ]; then
	ok 0 "soname $got, not the baseline's $want: a bump, so the baseline no longer binds"
	echo "# write a baseline for $got: make abi-baseline (with abigail-tools)"
	done_testing
	exit
fi
ok 0 "soname $got, the baseline's"

grep -v '^#' "$base/symbols" >"$tmpdir/want"
removed=$(comm -23 "$tmpdir/want" "$tmpdir/syms")
added=$(comm -13 "$tmpdir/want" "$tmpdir/syms")
[ -z "$removed" ]
ok $? "no symbol of the baseline removed or moved to another version"
[ -z "$removed" ] || echo "$removed" | sed 's/^/# missing: /'
[ -z "$added" ]
ok $? "no symbol exported that the baseline does not record"
[ -z "$added" ] || { echo "$added" | sed 's/^/# new: /'
	echo "# a new call goes in a new version node of the version script,"
	echo "# the Debian symbols file, and the baseline (make abi-baseline)"; }

if ! command -v abidiff >/dev/null 2>&1; then
	if [ "${TS_ABI_REQUIRE:-0}" = 1 ]; then
		ok 1 "abidiff (abigail-tools) is installed"
	else
		echo "ok $((tap_n + 1)) # SKIP abidiff not installed (apt-get install abigail-tools)"
		tap_n=$((tap_n + 1))
	fi
	done_testing
	exit
fi
abi_dump >"$tmpdir/now.abi"
abidiff "$base/libtachyon-probe.abi" "$tmpdir/now.abi" >"$tmpdir/diff" 2>&1
rc=$?
[ "$rc" -eq 0 ]
ok $? "abidiff: the calls and their types are the baseline's (exit $rc)"
[ "$rc" -eq 0 ] || sed 's/^/# /' "$tmpdir/diff"
done_testing
