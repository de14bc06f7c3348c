#!/bin/sh
# maint/clash-check.sh: does a package install a file that another Debian
# package installs?
#
# Usage: maint/clash-check.sh PACKAGE.deb...
# For every file and link a .deb installs (directories aside), asks
# apt-file (the archive's Contents files, for the suites in sources.list)
# which other package ships the same path; and, since Contents does not
# list the links that packages make with update-alternatives in their
# maintainer scripts, compares the package's /usr/bin and man page names
# with the alternatives' names known to clash (ALT_NAMES below, found by
# reading the postinst of the packages that ship NAME-* programs, such as
# tachyon-bin-nox: `apt-get download tachyon-bin-nox && dpkg-deb -e ...`).
# Needs apt-file with its Contents indexes (apt-get install apt-file &&
# apt-file update).  Exit status: 0 no clash, 1 a clash, 2 usage.
set -u
LC_ALL=C
export LC_ALL

# Paths other packages manage through update-alternatives.
ALT_NAMES="/usr/bin/tachyon /usr/share/man/man1/tachyon.1.gz"

[ $# -gt 0 ] || { echo "usage: $0 PACKAGE.deb..." >&2; exit 2; }
command -v apt-file >/dev/null 2>&1 || {
	echo "clash-check: apt-file is needed (apt-get install apt-file && apt-file update)" >&2
	exit 2
}
status=0
for deb in "$@"; do
	own=$(dpkg-deb -f "$deb" Package) || exit 2
	n=0
	for path in $(dpkg-deb -c "$deb" | awk '$1 !~ /^d/ { print $6 }' | sed 's/^\.//'); do
		n=$((n + 1))
		others=$(apt-file search -x "^$path\$" 2>/dev/null |
		    sed 's/: .*//' | grep -vx "$own" | sort -u | tr '\n' ' ')
		if [ -n "$others" ]; then
			echo "CLASH: $path is also in: $others"
			status=1
		fi
		for alt in $ALT_NAMES; do
			if [ "$path" = "$alt" ]; then
				echo "CLASH: $path is an update-alternatives link of another package"
				status=1
			fi
		done
	done
	echo "$own: $n files checked"
done
[ "$status" -eq 0 ] && echo "no clash" || echo "clashes found"
exit "$status"
