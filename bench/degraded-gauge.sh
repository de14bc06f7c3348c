#!/bin/sh
# bench/degraded-gauge.sh: the degraded gauge's false alarms and power.
#  - quiet: a watch's readings on a quiet host; how many asked for a
#    confirmation and how many raised the gauge, per 2 hours of the real
#    schedule (the issue asks for at most 1);
#  - trials: a neighbour starts at a random point of the schedule (a CPU
#    neighbour pinned to the probe's core, stress-ng --cpu 1 --taskset 0;
#    a memory neighbour, stress-ng --stream 1, with the reference chase's
#    latency against quiet); the time until the gauge reads 1, then the
#    neighbour ends and the gauge must clear (the issue asks for the CPU
#    neighbour within 2 minutes in at least 9 of 10 trials).  Each trial
#    after the first waits for the watch's next routine reading (which
#    the cheap schedule takes only with its budget's reserve in hand):
#    neighbours that come and go, not one tide; --packed starts each as
#    soon as the last has cleared, which tells how the budget holds up.
#
# usage: bench/degraded-gauge.sh [--hours H] [--interval SECONDS] [--trials N] [--neighbours cpu,memory] [--cap SECONDS] [--packed]
#   The defaults: the real cheap schedule (no --interval given to the
#   watch), one watch for everything: its first 6 readings as the
#   baseline, 2 h of the clock of quiet readings (their false alarms, and
#   the watch's CPU-s an hour from its own lines), then 10 trials of each
#   neighbour; --interval 13.5 runs the quiet part at that fixed spacing
#   instead, 2 h of 135 s readings in 12 minutes (said in the output; no
#   confirmations or CPU checks then).
# environment: TACHYON, TS_BUILDDIR, CC;
#   KEEP=FILE appends every watch line to FILE.
exec "${PYTHON3:-python3}" "$(dirname "$0")/tachyon-cheap.py" gauge "$@"
