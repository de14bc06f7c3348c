#!/bin/sh
# libtachyon-probe as a user gets it: installed with `make install
# DESTDIR=...` (the library, header, pkg-config file and manual), found
# by pkg-config (PKG_CONFIG_PATH and PKG_CONFIG_SYSROOT_DIR), the README's
# C program compiled against it alone (C99, -Wall -Wextra -pedantic
# -Werror) and run with a shorter duration, and the header used from C++.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

command -v pkg-config >/dev/null 2>&1 || skip_all "pkg-config is not installed"
cc=${CC:-cc}
command -v "${cc%% *}" >/dev/null 2>&1 || skip_all "no C compiler ($cc)"
[ -f "$top_builddir/libtachyon-probe/.libs/libtachyon-probe.so" ] ||
    skip_all "libtachyon-probe.so is not built (--disable-shared?)"

# The library's own install targets only: installing the programs would
# relink them while other tests run them.
dest=$tmpdir/root
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL ${MAKE:-make} -s -C "$top_builddir" \
    DESTDIR="$dest" \
    install-libLTLIBRARIES install-includeHEADERS \
    install-tachyonincludeHEADERS install-pkgconfigDATA \
    install-man3 install-tachyon-man-links >"$tmpdir/install.log" 2>&1
rc=$?
ok $rc "make install DESTDIR=... of the library, header, .pc and manual"
[ "$rc" -eq 0 ] || sed 's/^/# /' "$tmpdir/install.log"

pc=$(find "$dest" -name tachyon-probe.pc | sed -n 1p)
[ -n "$pc" ]
ok $? "tachyon-probe.pc installed"
# The system's modules stay visible: the .pc requires hwloc's for a
# static link.
PKG_CONFIG_PATH=$(dirname "$pc")
PKG_CONFIG_SYSROOT_DIR=$dest
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
flags=$(pkg-config --cflags --libs tachyon-probe)
ok $? "pkg-config --cflags --libs tachyon-probe: $flags"
libdir=$(dirname "$(dirname "$pc")")
# The header where the .pc says, not beside libdir: a multiarch libdir
# (/usr/lib/x86_64-linux-gnu in the packages) is a level deeper.
incdir=$dest$(PKG_CONFIG_SYSROOT_DIR= pkg-config --variable=includedir \
    tachyon-probe)
for f in "$libdir"/libtachyon-probe.so.0 "$incdir/tachyon-probe.h"; do
	[ -e "$f" ]
	ok $? "installed: ${f#"$dest"}"
done
# A library built with sanitizers (CFLAGS=-fsanitize=...) needs their
# runtimes first in a program linked to it: the program is built so too.
if command -v ldd >/dev/null 2>&1 &&
    ldd "$libdir/libtachyon-probe.so.0" 2>/dev/null | grep -q 'libasan'; then
	san=-fsanitize=address,undefined
	cc="$cc $san"
fi
mandir=$(find "$dest" -type d -name man3 | sed -n 1p)
n=0
for c in config_init run open measure interrupt close check_working_set \
    strerror version; do
	[ -e "$mandir/tachyon_$c.3" ] && n=$((n + 1))
done
[ "$n" -eq 9 ]
ok $? "a manual page for each of the 9 calls ($n)"

# The first ```c block under the README's libtachyon heading, with its
# 2 s reading made 0.2 s.
awk '/^## .*libtachyon/ { s = 1; next }
    s && /^## / { exit }
    s && /^```c$/ { b = 1; next }
    b && /^```$/ { exit }
    b { print }' "$top_srcdir/README.md" >"$tmpdir/readme.c"
grep -q 'tachyon_run(' "$tmpdir/readme.c" &&
    [ "$(grep -c 'cfg.duration_s = 2;' "$tmpdir/readme.c")" -eq 1 ]
ok $? "README.md has the C program under its libtachyon heading"
sed 's/cfg.duration_s = 2;/cfg.duration_s = 0.2;/' "$tmpdir/readme.c" \
    >"$tmpdir/probe.c"
# shellcheck disable=SC2086
$cc -std=c99 -Wall -Wextra -pedantic -Werror -o "$tmpdir/probe" \
    "$tmpdir/probe.c" $flags >"$tmpdir/cc.log" 2>&1
ok $? "it compiles against the installed library alone"
sed 's/^/# /' "$tmpdir/cc.log"
run env LD_LIBRARY_PATH="$libdir" "$tmpdir/probe"
expect_status 0 "it runs"
echo "$out" | grep -Eq '^[0-9]+\.[0-9]{3} M accesses/s, [0-9]+\.[0-9]{2} ns/access \(libtachyon-probe [0-9.]+\)$'
ok $? "it prints a reading: $out"
[ -z "$err" ]
ok $? "nothing on stderr"
# The library's, not the build tree's.
env LD_LIBRARY_PATH="$libdir" ldd "$tmpdir/probe" 2>/dev/null | grep -q "$libdir/libtachyon-probe.so.0" ||
    [ "$(uname -s)" != Linux ]
ok $? "it runs the installed libtachyon-probe.so.0"

# The same program under the names a caller knows: #include <tachyon.h>,
# pkg-config tachyon; the header in its own directory, so that the ray
# tracer's /usr/include/tachyon.h is not shadowed.
sed 's/#include <tachyon-probe.h>/#include <tachyon.h>/' "$tmpdir/probe.c" \
    >"$tmpdir/probe2.c"
flags2=$(pkg-config --cflags --libs tachyon) &&
    [ -e "$incdir/tachyon-probe/tachyon.h" ] &&
    [ ! -e "$incdir/tachyon.h" ]
ok $? "pkg-config tachyon: $flags2; tachyon.h in include/tachyon-probe/ only"
# shellcheck disable=SC2086
$cc -std=c99 -Wall -Wextra -pedantic -Werror -o "$tmpdir/probe2" \
    "$tmpdir/probe2.c" $flags2 >"$tmpdir/cc2.log" 2>&1 &&
    env LD_LIBRARY_PATH="$libdir" "$tmpdir/probe2" >"$tmpdir/out2" &&
    grep -Eq ' M accesses/s, ' "$tmpdir/out2"
ok $? "with #include <tachyon.h> and pkg-config tachyon it compiles and reads"
sed 's/^/# /' "$tmpdir/cc2.log"

cxx=${CXX:-c++}
if command -v "$cxx" >/dev/null 2>&1; then
	cat >"$tmpdir/probe.cc" <<'CXX'
#include <cstdio>
#include <tachyon-probe.h>

int
main()
{
	tachyon_config cfg;
	tachyon_check chk;

	if (tachyon_config_init(&cfg, sizeof cfg) != TACHYON_OK ||
	    !TACHYON_HAS(&cfg, threads))
		return 1;
	cfg.threads = 0;
	if (tachyon_check_working_set(&cfg, &chk, sizeof chk, 0, 0) !=
	    TACHYON_EINVAL)
		return 1;
	std::printf("%s %s\n", tachyon_version(),
	    tachyon_strerror(TACHYON_EINVAL));
	return 0;
}
CXX
	# shellcheck disable=SC2086
	$cxx ${san:-} -std=c++11 -Wall -Wextra -pedantic -Werror -o "$tmpdir/probe++" \
	    "$tmpdir/probe.cc" $flags >"$tmpdir/cxx.log" 2>&1
	ok $? "C++ (c++11 -pedantic): the header compiles and links"
	sed 's/^/# /' "$tmpdir/cxx.log"
	run env LD_LIBRARY_PATH="$libdir" "$tmpdir/probe++"
	expect_status 0 "the C++ program runs: $out"
else
	echo "ok $((tap_n + 1)) # SKIP no C++ compiler"
	echo "ok $((tap_n + 2)) # SKIP no C++ compiler"
	tap_n=$((tap_n + 2))
fi
done_testing
