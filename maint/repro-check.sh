#!/bin/sh
# maint/repro-check.sh: are the Debian packages reproducible?
#
# Builds the binary packages twice from the release tarball (and the
# checkout's debian/), each time in another directory at another depth,
# with another time zone, umask, locale and (as root) user, then
#   - compares the .deb files byte for byte;
#   - looks for either build directory in every file of every package,
#     and in `strings` of every program;
# and says which files differ when the packages do (with diffoscope when
# it is installed, else by comparing the unpacked trees).
#
# Usage: maint/repro-check.sh [TARBALL]
#   TARBALL defaults to the newest threadstone-*.tar.xz here (`make dist`).
# Environment: REPRO_USER, the unprivileged account for the second build
# when run as root (default tsci, created if absent); REPRO_CHECK=1 runs
# the test suite in both builds (default: DEB_BUILD_OPTIONS=nocheck, since
# the tests do not change what is built); REPRO_KEEP=1 keeps the builds.
# Needs dpkg-dev, debhelper and debian/control's Build-Depends.
# Exit status: 0 identical and no build path found, 1 not, 2 usage.
set -u
LC_ALL=C
export LC_ALL

top=$(cd "$(dirname "$0")/.." && pwd)
tarball=${1:-$(ls -t "$top"/threadstone-*.tar.xz ./threadstone-*.tar.xz 2>/dev/null | sed -n 1p)}
if [ -z "$tarball" ] || [ ! -f "$tarball" ]; then
	echo "repro-check: no release tarball; run 'make dist' or name one" >&2
	exit 2
fi
tarball=$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")
[ -f "$top/debian/control" ] || {
	echo "repro-check: $top/debian is missing" >&2
	exit 2
}
ver=$(basename "$tarball" .tar.xz | sed 's/^threadstone-//')
: "${REPRO_USER:=tsci}"
if [ "${REPRO_CHECK:-0}" = 1 ]; then opts=; else opts=nocheck; fi

work=$(mktemp -d /tmp/threadstone-repro.XXXXXX) || exit 1
chmod 755 "$work"
[ "${REPRO_KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT

# build N DIR TZ UMASK LOCALE USER: one build of the packages in DIR.
build() {
	n=$1 dir=$2 tz=$3 mask=$4 loc=$5 user=$6
	mkdir -p "$dir"
	cp "$tarball" "$dir/threadstone_$ver.orig.tar.xz"
	tar -C "$dir" -xJf "$tarball"
	cp -R "$top/debian" "$dir/threadstone-$ver/"
	[ "$user" = "$(id -un)" ] || chown -R "$user" "$dir"
	echo "=== build $n: $dir, TZ=$tz, umask $mask, LC_ALL=$loc, user $user"
	cmd="cd '$dir/threadstone-$ver' && umask $mask &&
	    TZ='$tz' LC_ALL='$loc' LANG='$loc' DEB_BUILD_OPTIONS='$opts' \
	    dpkg-buildpackage -us -uc -b"
	if [ "$user" = "$(id -un)" ]; then
		sh -c "$cmd"
	else
		runuser -u "$user" -- sh -c "$cmd"
	fi >"$work/build$n.log" 2>&1 || {
		echo "repro-check: build $n failed; its log:" >&2
		tail -30 "$work/build$n.log" >&2
		exit 1
	}
}

user2=$(id -un)
if [ "$(id -u)" -eq 0 ]; then
	id "$REPRO_USER" >/dev/null 2>&1 ||
	    useradd --system --create-home --shell /bin/sh "$REPRO_USER"
	user2=$REPRO_USER
fi
locale -a 2>/dev/null | grep -qi '^fr_FR.utf8$' && loc2=fr_FR.UTF-8 || loc2=C
d1=$work/a
d2=$work/second/build/tree/elsewhere
build 1 "$d1" UTC 022 C.UTF-8 "$(id -un)"
build 2 "$d2" Pacific/Kiritimati 002 "$loc2" "$user2"

status=0
echo "=== the packages"
for deb in "$d1"/*.deb; do
	name=$(basename "$deb")
	if [ ! -f "$d2/$name" ]; then
		echo "DIFFERENT: $name was built only the first time"
		status=1
	elif cmp -s "$deb" "$d2/$name"; then
		echo "identical: $name  $(sha256sum <"$deb" | cut -c1-16)"
	else
		echo "DIFFERENT: $name"
		status=1
		if command -v diffoscope >/dev/null 2>&1; then
			diffoscope --text - "$deb" "$d2/$name" | head -200
		else
			mkdir -p "$work/x1/$name" "$work/x2/$name"
			dpkg-deb -R "$deb" "$work/x1/$name"
			dpkg-deb -R "$d2/$name" "$work/x2/$name"
			diff -r "$work/x1/$name" "$work/x2/$name" | head -20
		fi
	fi
done

echo "=== build paths in the packages' files"
for deb in "$d1"/*.deb "$d2"/*.deb; do
	x=$work/unpacked/$(basename "$(dirname "$deb")")-$(basename "$deb")
	mkdir -p "$x"
	dpkg-deb -x "$deb" "$x"
	for d in "$d1" "$d2" "$work"; do
		hits=$(grep -rlF -- "$d" "$x" 2>/dev/null)
		if [ -n "$hits" ]; then
			echo "BUILD PATH $d in: $hits"
			status=1
		fi
	done
	for prog in "$x"/usr/bin/*; do
		[ -f "$prog" ] || continue
		if strings -a "$prog" | grep -qF -e "$work" -e "threadstone-repro"; then
			echo "BUILD PATH in strings of $(basename "$prog")"
			status=1
		fi
	done
done
[ "$status" -eq 0 ] && echo "=== reproducible: every .deb identical, no build path found" ||
    echo "=== NOT reproducible (see above)"
exit "$status"
