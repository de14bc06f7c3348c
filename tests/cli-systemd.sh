#!/bin/sh
# The systemd units as built: the service is a hardened long-running
# service, the installed tachyon's watch on its cheap schedule into the
# textfile, with its CPU accounted, the timer is the only unit with an
# [Install] section (nothing starts until it is enabled) and starts it
# again after it stops, `systemd-analyze verify` accepts both and
# `systemd-analyze security` rates the service's exposure low (both
# skipped without systemd-analyze); the service's own command line, run
# here for one reading, leaves a valid .prom with the watch's gauge.
. "${top_srcdir:-$(dirname "$0")/..}/tests/tap.sh"

# TS_SYSTEMD_UNITDIR: the installed units (autopkgtest), else the build's.
units=${TS_SYSTEMD_UNITDIR:-$top_builddir/systemd}
svc=$units/tachyon-probe.service
tmr=$units/tachyon-probe.timer
[ -f "$svc" ] && [ -f "$tmr" ] || skip_all "the units are not built"

grep -q '^Type=exec$' "$svc" &&
    grep -Eq '^ExecStart=/[^ ]*/[^ /]*tachyon[^ /]* --watch --textfile /run/tachyon \$TACHYON_ARGS$' "$svc" &&
    grep -qx 'CPUAccounting=yes' "$svc" && grep -qx 'Environment=TACHYON_ARGS=' "$svc"
ok $? "a service running the installed tachyon's watch, on its cheap schedule (no TACHYON_ARGS), into the textfile"
! grep -q '@[A-Z_]*@' "$svc" "$tmr"
ok $? "every @VAR@ substituted"
missing=
for d in DynamicUser=yes ProtectSystem=strict NoNewPrivileges=yes \
    ProtectHome=yes PrivateTmp=yes PrivateDevices=yes PrivateNetwork=yes \
    CapabilityBoundingSet= RestrictAddressFamilies=AF_UNIX \
    SystemCallFilter=@system-service MemoryDenyWriteExecute=yes \
    ProtectKernelTunables=yes RestrictNamespaces=yes; do
	grep -qx "$d" "$svc" || missing="$missing $d"
done
[ -z "$missing" ]
ok $? "hardened:${missing:- every directive there}"
! grep -q '^\[Install\]' "$svc" && grep -q '^WantedBy=timers.target$' "$tmr" &&
    grep -q '^OnBootSec=' "$tmr" && grep -q '^OnUnitInactiveSec=' "$tmr"
ok $? "only the timer can be enabled; it starts the watch at boot and after it stops"

if command -v systemd-analyze >/dev/null 2>&1; then
	# The installed path may not exist yet: point at the built program.
	mkdir "$tmpdir/units"
	sed "s|^ExecStart=[^ ]*|ExecStart=$TACHYON|" "$svc" \
	    >"$tmpdir/units/tachyon-probe.service"
	cp "$tmr" "$tmpdir/units/"
	systemd-analyze verify --man=no "$tmpdir/units/tachyon-probe.service" \
	    "$tmpdir/units/tachyon-probe.timer" >"$tmpdir/verify" 2>&1
	ok $? "systemd-analyze verify accepts both units"
	sed 's/^/# /' "$tmpdir/verify"
	if systemd-analyze security --offline=yes \
	    "$tmpdir/units/tachyon-probe.service" >"$tmpdir/sec" 2>&1; then
		level=$(sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p' "$tmpdir/sec")
		echo "# systemd-analyze security: exposure $level"
		awk -v l="${level:-99}" 'BEGIN { exit !(l <= 1.5) }'
		ok $? "systemd-analyze security: exposure $level, at most 1.5"
	else
		tap_n=$((tap_n + 1))
		echo "ok $tap_n # SKIP systemd-analyze security --offline is not supported here"
	fi
else
	tap_n=$((tap_n + 1))
	echo "ok $tap_n # SKIP systemd-analyze not found (Debian: systemd)"
fi

# The units name the probe as it is installed (tachyon-probe in the
# packages, tachyon from source): the program and its manual page.
name=$(basename "$TACHYON")
exe=$(sed -n 's/^ExecStart=\([^ ]*\) .*/\1/p' "$svc")
[ "$(basename "$exe")" = "$name" ] &&
    grep -qx "Documentation=man:$name(1)" "$svc" &&
    grep -qx "Documentation=man:$name(1)" "$tmr"
ok $? "ExecStart and Documentation name the probe as installed ($exe)"
if [ -n "${TS_SYSTEMD_UNITDIR:-}" ]; then
	[ "$exe" = "$TACHYON" ] && [ -x "$exe" ]
	ok $? "installed: ExecStart is the installed program"
fi

# The service's command line, with a short reading, into a directory.
if [ -x "$TACHYON" ]; then
	args=$(sed -n 's/^ExecStart=[^ ]* //p' "$svc" |
	    sed "s|/run/tachyon|$tmpdir/run|; s|\\\$TACHYON_ARGS|--count=1 -w 8 -t 1|")
	mkdir "$tmpdir/run"
	# shellcheck disable=SC2086
	"$TACHYON" $args >"$tmpdir/out" 2>"$tmpdir/err"
	ok $? "the service's command line runs ($args)"
	if command -v "${PYTHON3:-python3}" >/dev/null 2>&1; then
		"${PYTHON3:-python3}" "$top_srcdir/tests/check-prom.py" \
		    "$tmpdir/run/tachyon.prom" &&
		    grep -q '^tachyon_degraded ' "$tmpdir/run/tachyon.prom"
		ok $? "it leaves a valid tachyon.prom, with the degraded gauge"
	fi
fi

done_testing
