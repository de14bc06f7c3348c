#!/bin/sh
# installed-name.sh NAME: copy standard input to standard output with the
# probe named NAME, as it is installed (tachyon-probe in the Debian and
# RPM packages, where /usr/bin/tachyon is a ray tracer), wherever a page
# or an example names the program tachyon: the page's title (.Dt, .Nm),
# its cross references (.Xr tachyon 1, tachyon(1)) and every command line
# that runs it (tachyon followed by an option, or alone after a prompt).
# The product's name in prose (tachyon records, tachyon's score), file
# names (tachyon.prom), metric names (tachyon_score) and the threadstone
# command's verb (threadstone tachyon) are left as they are.
# Used by make install (mk/tachyon.am) on the installed pages and
# examples when configure's --program-transform-name renames tachyon.
set -eu
name=${1:?usage: installed-name.sh NAME <in >out}
case $name in
*[!A-Za-z0-9._+-]*) echo "installed-name.sh: '$name' is not a program name" >&2; exit 2 ;;
esac
upper=$(printf '%s\n' "$name" | tr '[:lower:]' '[:upper:]')
if [ "$name" = tachyon ]; then
	exec cat
fi
# The verb "threadstone tachyon" is set aside first and put back last.
sed -e 's/threadstone tachyon/@THREADSTONE_VERB@/g' \
    -e 's/--score tachyon /--score @TACHYON_COLUMN@ /g' \
    -e "s/^\\.Dt TACHYON 1\$/.Dt $upper 1/" \
    -e "s/^\\.Nm tachyon\$/.Nm $name/" \
    -e "/^\\.Xr tachyon-probe 1 ,\$/d" \
    -e "s/^\\.Xr tachyon 1/.Xr $name 1/" \
    -e "s/\\([^A-Za-z0-9_.\\/-]\\)tachyon(1)/\\1$name(1)/g" \
    -e "s/^tachyon -/$name -/" \
    -e "s/\\([ '\"(|\`[]\\)tachyon\\( -\\)/\\1$name\\2/g" \
    -e "s/\\([ \"(|\`[]\\)tachyon\\([\`\"]\\)/\\1$name\\2/g" \
    -e "s/^\\(\\.Dl \\)\\{0,1\\}\\\$ tachyon\$/\\1\$ $name/" \
    -e 's/@TACHYON_COLUMN@/tachyon/g' \
    -e 's/@THREADSTONE_VERB@/threadstone tachyon/g'
