#!/bin/sh
# bench/probe-cost.sh: what tachyon costs the host's own work.  A workload
# no one here wrote -- compute-bound (sysbench cpu) and memory-bound
# (stress-ng --stream, its bogo-ops) on every CPU -- runs in blocks beside
# no probe, beside the shipped timer's run (one 5 s reading on every CPU,
# with its chains and cache check, per 5-minute block) and beside the
# watch's cheap schedule (stopped with SIGSTOP outside its blocks), the
# three in a drawn order each round.  It prints the workload's throughput
# ratio to no probe with its 95 % interval (over rounds, on logarithms),
# and each probe's CPU-seconds an hour as the kernel counts them (wait4's
# rusage of the oneshot; /proc/PID/stat of the watch).
#
# usage: bench/probe-cost.sh [--rounds N] [--block SECONDS] [--workload cpu|mem|both]
#   --block 300 (the default) is the real schedule: 8 rounds of 3 blocks
#   of both workloads take 8 x 3 x 2 x 5 min = 4 hours; --block 60
#   compresses both schedules 5x (today's reading 1 s a block, the watch's
#   interval 12 s; said in the output) for a trial: 48 minutes.
# environment: TACHYON (default: the build's, then PATH), TS_BUILDDIR.
# Not a test: run it on a quiet machine; the load average is printed.
exec "${PYTHON3:-python3}" "$(dirname "$0")/tachyon-cheap.py" cost "$@"
