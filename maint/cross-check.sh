#!/bin/sh
# maint/cross-check.sh ARCH: build threadstone for another Debian
# architecture with Debian's cross compiler and run `make check` there:
# natively for i386 on an amd64 machine whose kernel runs 32-bit programs
# (else under qemu-i386), under qemu-user (binfmt_misc)
# for the others (arm64, s390x, which is big-endian, armhf, ppc64el, ...).
# Then the same document is signed and verified across this machine's
# native build and the cross build both ways, and the values that must be
# identical on every architecture (the PRNG's first draws, the chase's
# cycle, a signature, canonical bytes) are printed side by side.
#
# Usage: maint/cross-check.sh ARCH [quick | TEST...]
#   TEST...  run only these tests (as `make check TESTS=...` names them,
#            e.g. tests/unit-rng tests/cli-sign.sh); default: all of them.
#   quick    only the tests of what must be the same bits everywhere (the
#            PRNG, the chase, numbers, canonical JSON, base64, PKCS#8,
#            signatures, statistics, scores, the kernels' checksums) and
#            the sizes a 32-bit program refuses: what .ci/run runs.
#
# What it needs, installed when it runs as root and they are missing:
#   the cross compiler (gcc-TRIPLET, binutils-TRIPLET); for an emulated
#   ARCH qemu-user-static and binfmt-support, with binfmt_misc mounted;
#   the libraries' -dev packages for ARCH.  Those are installed through
#   multiarch (dpkg --add-architecture ARCH; apt-get install
#   libhwloc-dev:ARCH ...) when apt can install them beside this machine's
#   own without removing anything, and are otherwise unpacked with
#   dpkg-deb -x into a sysroot under the work directory (apt-get download
#   fetches them): Debian's archive can hold a -dev package for ARCH of
#   another version than this machine's, and Multi-Arch: same packages
#   must agree.  i386 must be installable through multiarch, since its
#   programs run natively and need ARCH's libraries in the system's paths.
#
# Environment:
#   CROSS_DIR      work directory (default ${TMPDIR:-/tmp}/threadstone-cross):
#                  the source copy, build and sysroot go to CROSS_DIR/ARCH
#   CROSS_SYSROOT  1: use a sysroot even where multiarch would do
#   CROSS_INSTALL  0: install nothing; fail naming what is missing
#   NATIVE_BUILD   a configured and built tree of this machine's own
#                  architecture for the exchange (default: the source tree
#                  when it is built there, else CROSS_DIR/native, built here)
#   CROSS_JOBS     make -j (default: the number of CPUs)
#
# Tests that time something are skipped on an emulator, with their reason:
# the script sets TS_EMULATED=1, which they honour; nothing else skips.
# Exit status: 0 when the build, make check and the exchange all passed;
# 77 when what it needs is missing and cannot be installed here (not
# root, CROSS_INSTALL=0, or apt cannot install it); 1 otherwise.

set -u
export LC_ALL=C
export DEBIAN_FRONTEND=noninteractive

usage() {
	echo "usage: maint/cross-check.sh ARCH [TEST...]  (ARCH: i386, arm64, s390x, ...)" >&2
	exit 2
}
[ $# -ge 1 ] || usage
arch=$1
shift
case $arch in
-*|"") usage ;;
esac
tests="$*"
if [ "$tests" = quick ]; then
	tests="tests/unit-rng tests/unit-mem-chase tests/unit-num-format
	    tests/unit-num-parse tests/unit-doc-parse tests/unit-doc-write
	    tests/unit-doc-read tests/unit-doc-base64 tests/unit-doc-pkcs8
	    tests/unit-doc-keys tests/unit-doc-sign tests/unit-suite-stats
	    tests/unit-suite-score tests/unit-kernels tests/unit-sgemm
	    tests/unit-sha256 tests/unit-size tests/unit-mem-map
	    tests/unit-host-sysinfo tests/cli-sign.sh tests/cli-verify.sh
	    tests/cli-sizes.sh"
	tests=$(echo $tests)
fi

top=$(cd "$(dirname "$0")/.." && pwd)
base=${CROSS_DIR:-${TMPDIR:-/tmp}/threadstone-cross}
work=$base/$arch
jobs=${CROSS_JOBS:-$(nproc 2>/dev/null || echo 2)}
libs="libhwloc-dev libjson-c-dev libssl-dev libsqlite3-dev"
t_start=$(date +%s)

say() { echo "=== cross-check $arch: $*"; }
die() { echo "cross-check $arch: $*" >&2; exit 1; }
# unavailable WHY: what is needed is missing here; exit 77 (a skip).
unavailable() { echo "cross-check $arch: cannot run here: $*" >&2; exit 77; }
root() { [ "$(id -u)" -eq 0 ] && [ "${CROSS_INSTALL:-1}" != 0 ]; }
# installed PKG...: every one of them is installed.
installed() {
	for p in "$@"; do
		dpkg-query -W -f '${Status}' "$p" 2>/dev/null |
		    grep -q 'ok installed' || return 1
	done
}
apt_install() {
	root || unavailable "needs $* (run as root, or install them)"
	say "apt-get install $*"
	apt-get install -y --no-install-recommends "$@" >"$work/apt.log" 2>&1 || {
		tail -20 "$work/apt.log" >&2
		unavailable "apt-get install $* failed"
	}
}

command -v dpkg-architecture >/dev/null 2>&1 || {
	mkdir -p "$work"
	apt_install dpkg-dev
}
build_arch=$(dpkg --print-architecture)
triplet=$(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_TYPE 2>/dev/null) ||
    die "not a Debian architecture: $arch"
multiarch=$(dpkg-architecture -a"$arch" -qDEB_HOST_MULTIARCH 2>/dev/null)
build_triplet=$(dpkg-architecture -qDEB_BUILD_GNU_TYPE 2>/dev/null)
case $build_arch:$arch in
"$arch:$arch"|amd64:i386) emulated=no ;;
*) emulated=yes ;;
esac
case $(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_CPU 2>/dev/null) in
i?86) qarch=i386 ;;
powerpc64le) qarch=ppc64le ;;
powerpc) qarch=ppc ;;
arm*) qarch=arm ;;
mips64el) qarch=mips64el ;;
*) qarch=$(dpkg-architecture -a"$arch" -qDEB_HOST_GNU_CPU 2>/dev/null) ;;
esac
mkdir -p "$work" || die "cannot create $work"
say "$triplet on $build_arch, $([ $emulated = yes ] && echo "under qemu-$qarch" || echo natively), in $work"

# 1. The cross compiler, and qemu with binfmt_misc for an emulated ARCH.
t0=$(date +%s)
command -v "$triplet-gcc" >/dev/null 2>&1 || apt_install "gcc-$triplet"
# Some amd64 kernels run no 32-bit program (no IA32 emulation, or a
# sandbox's kernel): i386 is then emulated like any other ARCH.
if [ "$emulated" = no ] && [ "$arch" != "$build_arch" ]; then
	printf 'int main(void) { return 42; }\n' >"$work/native.c"
	"$triplet-gcc" -o "$work/native" "$work/native.c" 2>/dev/null
	"$work/native" 2>/dev/null
	if [ $? -ne 42 ]; then
		emulated=yes
		say "this kernel does not run $arch programs: under qemu-$qarch instead"
	fi
fi
if [ "$emulated" = yes ]; then
	bf=/proc/sys/fs/binfmt_misc
	if [ ! -e "$bf/register" ] && root; then
		mount -t binfmt_misc binfmt_misc "$bf" 2>/dev/null
	fi
	[ -e "$bf/register" ] || unavailable "binfmt_misc is not mounted ($bf): mount -t binfmt_misc binfmt_misc $bf"
	if [ ! -e "$bf/qemu-$qarch" ]; then
		installed qemu-user-static binfmt-support ||
		    apt_install qemu-user-static binfmt-support
		[ -e "$bf/qemu-$qarch" ] || { root && update-binfmts --import >/dev/null 2>&1; }
		# Debian registers no qemu-i386 on amd64 (the kernel's own
		# family): its ELF header, as qemu's binfmt script writes it.
		if [ ! -e "$bf/qemu-$qarch" ] && [ "$qarch" = i386 ] && root &&
		    [ -x /usr/bin/qemu-i386-static ]; then
			printf '%s' ':qemu-i386:M::\x7fELF\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x03\x00:\xff\xff\xff\xff\xff\xfe\xfe\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff:/usr/bin/qemu-i386-static:F' \
			    >"$bf/register" 2>/dev/null
		fi
		[ -e "$bf/qemu-$qarch" ] || unavailable "no binfmt handler qemu-$qarch (update-binfmts --import qemu-$qarch)"
	fi
fi

# 2. ARCH's libraries: multiarch when they co-install, else a sysroot.
pkgs=
for p in $libs; do pkgs="$pkgs $p:$arch"; done
mode=multiarch
if [ "${CROSS_SYSROOT:-0}" = 1 ]; then
	mode=sysroot
elif ! installed $pkgs; then
	if ! dpkg --print-foreign-architectures | grep -qx "$arch" &&
	    [ "$arch" != "$build_arch" ]; then
		root || unavailable "dpkg --add-architecture $arch is needed (as root)"
		dpkg --add-architecture "$arch"
		say "apt-get update (architecture $arch added)"
		apt-get update >"$work/apt.log" 2>&1 || unavailable "apt-get update failed"
	fi
	if ! root; then
		mode=sysroot
	elif apt-get install -s -y --no-install-recommends $pkgs \
	    >"$work/apt-sim.log" 2>&1 && ! grep -q '^Remv' "$work/apt-sim.log"; then
		apt_install $pkgs
	else
		say "the -dev packages for $arch do not install beside this machine's ($(grep -m1 -E '^ .*: Depends|^E:' "$work/apt-sim.log" | sed 's/^ *//')): a sysroot"
		mode=sysroot
	fi
fi
if [ "$mode" = sysroot ]; then
	[ "$emulated" = yes ] || unavailable "i386 runs natively and needs its libraries installed through multiarch: apt-get install$pkgs"
	sysroot=$work/sysroot
	# The libraries, their runtime dependencies, and the C library itself
	# (qemu loads ARCH's dynamic loader from the sysroot).
	# libc-bin for its C.UTF-8 locale: this machine's are of its own
	# byte order, which a big-endian C library refuses.
	want="libc6 libc-bin libc6-dev linux-libc-dev libcrypt1 libcrypt-dev libgcc-s1
	    libhwloc15 libhwloc-dev libudev1 libnuma1 libnuma-dev libltdl7
	    libltdl-dev libjson-c5 libjson-c-dev libssl3 libssl-dev
	    libsqlite3-0 libsqlite3-dev"
	dl=
	for p in $want; do dl="$dl $p:$arch"; done
	stamp=$(apt-cache policy $dl 2>/dev/null | awk '/^[^ ]/ { p = $1 }
	    /^  Candidate:/ { printf "%s=%s ", p, $2 }')
	if [ ! -f "$sysroot/.stamp" ] || [ "$(cat "$sysroot/.stamp")" != "$stamp" ]; then
		if ! dpkg --print-foreign-architectures | grep -qx "$arch"; then
			root || unavailable "dpkg --add-architecture $arch is needed (as root) to download its packages"
			dpkg --add-architecture "$arch"
			apt-get update >"$work/apt.log" 2>&1 || unavailable "apt-get update failed"
		fi
		say "unpacking a sysroot for $arch in $sysroot"
		rm -rf "$sysroot" "$work/debs"
		mkdir -p "$sysroot" "$work/debs"
		(cd "$work/debs" && apt-get download $dl) >"$work/apt.log" 2>&1 ||
		    { tail -5 "$work/apt.log" >&2; unavailable "apt-get download failed"; }
		for d in "$work"/debs/*.deb; do
			dpkg-deb -x "$d" "$sysroot" || die "dpkg-deb -x $d failed"
		done
		# Absolute symbolic links (/lib/ld64.so.1 -> /lib/...) are made
		# to point inside the sysroot, for the linker and for qemu.
		find "$sysroot" -type l | while read -r l; do
			t=$(readlink "$l")
			case $t in
			/*) ln -sfn "$sysroot$t" "$l" ;;
			esac
		done
		# Debian 12's packages keep /lib apart from /usr/lib (no merged /usr).
		echo "$stamp" >"$sysroot/.stamp"
	fi
fi
t_setup=$(($(date +%s) - t0))

# 3. A clean copy of the source (a configured tree cannot serve a second
# build directory), configured for ARCH, and built.
t0=$(date +%s)
src=$work/src
bld=$work/build
rm -rf "$src" "$bld"
if [ -f "$top/config.status" ] && [ -f "$top/Makefile" ]; then
	say "copying the source with make distdir"
	make -s -C "$top" distdir distdir="$src" >"$work/distdir.log" 2>&1 ||
	    { tail -20 "$work/distdir.log" >&2; die "make distdir failed"; }
else
	[ -x "$top/configure" ] || (cd "$top" && ./autogen.sh) >"$work/autogen.log" 2>&1 ||
	    die "autogen.sh failed (see $work/autogen.log)"
	src=$top
fi
mkdir -p "$bld"
if [ "$mode" = sysroot ]; then
	set -- CC="$triplet-gcc --sysroot=$sysroot" \
	    PKG_CONFIG_SYSROOT_DIR="$sysroot" \
	    PKG_CONFIG_LIBDIR="$sysroot/usr/lib/$multiarch/pkgconfig:$sysroot/usr/share/pkgconfig"
	export QEMU_LD_PREFIX="$sysroot"
else
	set -- CC="$triplet-gcc" \
	    PKG_CONFIG_LIBDIR="/usr/lib/$multiarch/pkgconfig:/usr/share/pkgconfig"
fi
say "configure --host=$triplet ($mode)"
(cd "$bld" && "$src/configure" -q --build="$build_triplet" --host="$triplet" "$@") \
    >"$work/configure.log" 2>&1 || { tail -30 "$work/configure.log" >&2; die "configure failed (see $bld/config.log)"; }
say "make -j$jobs"
make -C "$bld" -j"$jobs" >"$work/make.log" 2>&1 ||
    { grep -E 'error|Error' "$work/make.log" | head -30 >&2; die "the build failed (see $work/make.log)"; }
grep -E 'warning:' "$work/make.log" | sort -u | sed 's/^/  /'
t_build=$(($(date +%s) - t0))

# 4. make check, with the timing tests told they run on an emulator.
t0=$(date +%s)
[ "$emulated" = yes ] && export TS_EMULATED="qemu-$qarch user-mode emulation"
say "make -j$jobs check${tests:+ TESTS='$tests'}"
if [ -n "$tests" ]; then
	make -C "$bld" -j"$jobs" check TESTS="$tests" >"$work/check.log" 2>&1
else
	make -C "$bld" -j"$jobs" check >"$work/check.log" 2>&1
fi
check_rc=$?
t_check=$(($(date +%s) - t0))
counts=$(awk '/^# (PASS|XFAIL):/ { p += $3 } /^# (FAIL|XPASS|ERROR):/ { f += $3 }
    /^# SKIP:/ { s += $3 } END { printf "%d passed, %d failed, %d skipped", p, f, s }' \
    "$bld/test-suite.log" 2>/dev/null)
grep -E '^(FAIL|ERROR|XPASS):' "$work/check.log" | sed 's/^/  /'
say "make check: ${counts:-no test-suite.log}"
for l in "$bld"/tests/*.log; do
	[ -f "$l" ] || continue
	grep -h '^ok .*# SKIP' "$l" | sed "s|^ok [0-9]* *-* *# SKIP *|  skipped in $(basename "$l" .log): |"
	sed -n "s|^1\\.\\.0 # SKIP *\(.*\)|  skipped all of $(basename "$l" .log): \1|p" "$l"
done | sort | uniq -c | sed 's/^ *\([0-9]*\) /  \1x/'

# 5. The exchange with this machine's own build: one document signed
# on each side verifies on the other, and the values that must not depend
# on the architecture are the same.
t0=$(date +%s)
native=${NATIVE_BUILD:-}
if [ -z "$native" ] && [ -x "$top/threadstone-sign" ] && [ -f "$top/config.status" ]; then
	native=$top
fi
if [ -z "$native" ]; then
	native=$base/native
	if [ ! -x "$native/threadstone-sign" ]; then
		say "building this machine's own programs in $native"
		mkdir -p "$native"
		(cd "$native" && "$src/configure" -q && make -j"$jobs") \
		    >"$work/native.log" 2>&1 || die "the native build failed (see $work/native.log)"
	fi
fi
xch=$work/exchange
rm -rf "$xch"
mkdir -p "$xch"
fx=$src/tests/fixtures
xfail=0
check() {
	if [ "$1" -eq 0 ]; then
		echo "  ok    $2"
	else
		echo "  FAIL  $2"
		xfail=$((xfail + 1))
	fi
}
say "exchange with $native ($build_arch)"
make -s -C "$native" tests/unit-rng tests/unit-mem-chase >/dev/null 2>&1
make -s -C "$bld" tests/unit-rng tests/unit-mem-chase >/dev/null 2>&1
n=$native X=$bld
"$n/threadstone-keygen" --dir "$xch/n" >/dev/null 2>&1 &&
    "$X/threadstone-keygen" --dir "$xch/x" >/dev/null 2>&1
check $? "a key made on each side"
cp "$fx/apple-m4-pro.json" "$xch/doc.json"
"$n/threadstone-sign" "$xch/doc.json" --key "$xch/n/threadstone.key" \
    --out "$xch/by-native.json" >/dev/null 2>&1 &&
    "$X/threadstone-verify" "$xch/by-native.json" --require-signature >"$xch/v1.txt" 2>&1
check $? "signed on $build_arch, verified on $arch"
"$X/threadstone-sign" "$xch/doc.json" --key "$xch/x/threadstone.key" \
    --out "$xch/by-cross.json" >/dev/null 2>&1 &&
    "$n/threadstone-verify" "$xch/by-cross.json" --require-signature >"$xch/v2.txt" 2>&1
check $? "signed on $arch, verified on $build_arch"
key=$fx/testkey-seed-00-1f.pkcs8v2.der
THREADSTONE_INSECURE_KEY=1 "$n/threadstone-sign" "$xch/doc.json" --key "$key" --out "$xch/n.json" >/dev/null 2>&1 &&
    THREADSTONE_INSECURE_KEY=1 "$X/threadstone-sign" "$xch/doc.json" --key "$key" \
    --out "$xch/x.json" >/dev/null 2>&1 && cmp -s "$xch/n.json" "$xch/x.json"
check $? "the same key signs the same document into the same bytes"
"$n/threadstone-report" "$fx/adversarial-7.json" --format json >"$xch/n-report.json" 2>/dev/null
"$X/threadstone-report" "$fx/adversarial-7.json" --format json >"$xch/x-report.json" 2>/dev/null
cmp -s "$xch/n-report.json" "$xch/x-report.json" && [ -s "$xch/n-report.json" ]
check $? "an adversarial document re-rendered as JSON, byte for byte"
# The diagnostics the unit tests print ("# rng: ...", "# chase: ...").
"$n/tests/unit-rng" 2>&1 | grep -E '^# (rng|chase)' >"$xch/n-values.txt"
"$n/tests/unit-mem-chase" 2>&1 | grep -E '^# (rng|chase)' >>"$xch/n-values.txt"
"$X/tests/unit-rng" 2>&1 | grep -E '^# (rng|chase)' >"$xch/x-values.txt"
"$X/tests/unit-mem-chase" 2>&1 | grep -E '^# (rng|chase)' >>"$xch/x-values.txt"
sed "s/^# /  $build_arch: /" "$xch/n-values.txt"
sed "s/^# /  $arch: /" "$xch/x-values.txt"
[ -s "$xch/n-values.txt" ] && cmp -s "$xch/n-values.txt" "$xch/x-values.txt"
check $? "the PRNG's first values and the chase's cycle are the same"
t_xch=$(($(date +%s) - t0))

total=$(($(date +%s) - t_start))
say "times: setup ${t_setup}s, build ${t_build}s, make check ${t_check}s, exchange ${t_xch}s, total ${total}s"
if [ "$check_rc" -eq 0 ] && [ "$xfail" -eq 0 ]; then
	say "OK: $counts; exchange passed"
	exit 0
fi
say "FAILED: $counts; exchange: $xfail failed (logs in $work)"
exit 1
