#!/bin/sh
# tachyon-prolog.sh: a Slurm Prolog (slurm.conf: Prolog=/path/to/it).
# Takes a tachyon reading on the node before the job starts, keeps it for
# tachyon-epilog.sh, and, when TACHYON_DRAIN_BELOW is set and the score is
# below it, drains the node through scontrol so no further job lands on
# it.  The probe never fails the job: any error is logged and the prolog
# exits 0.
#
# Environment (Slurm sets the first three):
#   SLURM_JOB_ID, SLURMD_NODENAME, SLURM_JOB_USER
#   TACHYON              the program (default: tachyon-probe when it is
#                        on PATH, as the packages install it, else tachyon)
#   TACHYON_ARGS         reading options (--seconds 2)
#   TACHYON_SPOOL        where readings wait for the epilog
#                        (/var/spool/tachyon)
#   TACHYON_DRAIN_BELOW  drain the node below this score (unset: never)
#   SCONTROL             scontrol
set -u
# The probe as installed: tachyon-probe in the Debian and RPM packages
# (where tachyon is a ray tracer), tachyon from a source install.
tachyon=${TACHYON:-$(command -v tachyon-probe || echo tachyon)}
spool=${TACHYON_SPOOL:-/var/spool/tachyon}
job=${SLURM_JOB_ID:?SLURM_JOB_ID is not set: run as a Slurm Prolog}
node=${SLURMD_NODENAME:-$(uname -n)}
user=${SLURM_JOB_USER:-unknown}

log() {
	echo "tachyon-prolog: job $job: $*" >&2
}

mkdir -p "$spool" 2>/dev/null
tmp=$(mktemp "$spool/.before.$job.XXXXXX") || { log "cannot write in $spool"; exit 0; }
date +%s.%N >"$tmp.start"
# shellcheck disable=SC2086
if ! "$tachyon" ${TACHYON_ARGS:---seconds 2} --json \
    --tag slurm_job_id="$job" --tag node="$node" --tag user="$user" >"$tmp"; then
	log "the reading failed"
	rm -f "$tmp" "$tmp.start"
	exit 0
fi
mv "$tmp.start" "$spool/$job.start"
mv "$tmp" "$spool/$job.before.json"

if [ -n "${TACHYON_DRAIN_BELOW:-}" ]; then
	score=$(sed -n 's/.*"million_accesses_per_sec":\([0-9.eE+-]*\).*/\1/p' \
	    "$spool/$job.before.json")
	if awk -v s="$score" -v t="$TACHYON_DRAIN_BELOW" 'BEGIN { exit !(s < t) }'; then
		log "score $score below $TACHYON_DRAIN_BELOW: draining $node"
		"${SCONTROL:-scontrol}" update NodeName="$node" State=DRAIN \
		    Reason="tachyon score $score below $TACHYON_DRAIN_BELOW" ||
		    log "scontrol failed"
	fi
fi
exit 0
