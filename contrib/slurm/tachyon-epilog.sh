#!/bin/sh
# tachyon-epilog.sh: a Slurm Epilog (slurm.conf: Epilog=/path/to/it).
# Takes a tachyon reading after the job and writes one JSON record per
# job, TACHYON_RECORDS/job-ID.json (whole: a temporary file renamed), for
# tachyon-analyze: the reading after the job with the tags slurm_job_id,
# node and user, wall_s (prolog to epilog), and "before", the prolog's
# reading.  With TACHYON_TEXTFILE set, the reading also goes to that
# node_exporter textfile directory.  The probe never fails the job.
#
# Environment: as tachyon-prolog.sh, and
#   TACHYON_RECORDS   where records go (/var/lib/tachyon/records)
#   TACHYON_TEXTFILE  a textfile directory (unset: none)
set -u
# The probe as installed: tachyon-probe in the Debian and RPM packages
# (where tachyon is a ray tracer), tachyon from a source install.
tachyon=${TACHYON:-$(command -v tachyon-probe || echo tachyon)}
spool=${TACHYON_SPOOL:-/var/spool/tachyon}
records=${TACHYON_RECORDS:-/var/lib/tachyon/records}
job=${SLURM_JOB_ID:?SLURM_JOB_ID is not set: run as a Slurm Epilog}
node=${SLURMD_NODENAME:-$(uname -n)}
user=${SLURM_JOB_USER:-unknown}

log() {
	echo "tachyon-epilog: job $job: $*" >&2
}

before=$spool/$job.before.json
start=$spool/$job.start
mkdir -p "$records" 2>/dev/null
tmp=$(mktemp "$records/.job-$job.XXXXXX") || { log "cannot write in $records"; exit 0; }
set -- --json --tag slurm_job_id="$job" --tag node="$node" --tag user="$user"
[ -n "${TACHYON_TEXTFILE:-}" ] && set -- "$@" --textfile "$TACHYON_TEXTFILE"
# shellcheck disable=SC2086
if ! "$tachyon" ${TACHYON_ARGS:---seconds 2} "$@" >"$tmp.after"; then
	log "the reading failed"
	rm -f "$tmp" "$tmp.after" "$before" "$start"
	exit 0
fi
now=$(date +%s.%N)
{
	# The after reading's object, then wall_s and the prolog's reading.
	sed 's/}[[:space:]]*$//' "$tmp.after" | tr -d '\n'
	if [ -s "$start" ]; then
		awk -v a="$(cat "$start")" -v b="$now" \
		    'BEGIN { printf ",\"wall_s\":%.3f", b - a }'
	fi
	if [ -s "$before" ]; then
		printf ',"before":'
		tr -d '\n' <"$before"
	fi
	printf '}\n'
} >"$tmp"
rm -f "$tmp.after"
mv "$tmp" "$records/job-$job.json"
rm -f "$before" "$start"
exit 0
