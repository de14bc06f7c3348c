#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench/tachyon-cheap.py: what tachyon's watch costs and what it tells,
measured on this host with tools no one here wrote (sysbench, stress-ng)
and a reference chase of our own that shares no code with tachyon
(bench/plain-chase.c).  Three experiments, run through their scripts:

  cost   (bench/probe-cost.sh)     a workload beside no probe, beside the
         shipped timer's oneshot reading and beside the watch's cheap
         schedule, in interleaved blocks: the workload's throughput ratio
         with its 95 % interval, and each probe's CPU-seconds an hour as
         the kernel counts them (wait4's rusage of the oneshot,
         /proc/PID/stat of the watch);
  agree  (bench/cheap-vs-full.sh)  the watch's window score against full
         5 s readings taken between its readings, alone, beside a memory
         neighbour and beside a CPU neighbour pinned to the probe's core,
         with the reference chase's latency in each phase;
  gauge  (bench/degraded-gauge.sh) the degraded gauge's false alarms over
         quiet readings, and the time it takes to raise it for a CPU
         neighbour pinned to the probe's core and for a memory neighbour.

Every child runs in its own process group, ended (SIGTERM, then SIGKILL)
on the way out, Ctrl-C included.  The load average is printed beside
every figure: on a shared machine the figures say so.
"""
import argparse
import json
import math
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.path.dirname(HERE)
BUILDDIR = os.environ.get("TS_BUILDDIR", SRCDIR)
CHILDREN = []
# The cheap schedule's interval on 2 CPUs with 64 MiB chains (tachyon(1)).
REAL_INTERVAL = 135.0


def say(*a):
    print(*a, flush=True)


def loadavg():
    try:
        return " ".join(open("/proc/loadavg").read().split()[:3])
    except OSError:
        return "unknown"


def spawn(argv, **kw):
    """Start argv in a process group of its own, remembered for cleanup."""
    p = subprocess.Popen(argv, start_new_session=True, **kw)
    CHILDREN.append(p)
    return p


def end(p, grace=5.0):
    """End p's whole process group: SIGCONT (a stopped watch), SIGTERM,
    then SIGKILL after grace seconds; reap p."""
    if p is None:
        return
    for sigs in ((signal.SIGCONT, signal.SIGTERM), (signal.SIGKILL,)):
        for sig in sigs:
            try:
                os.killpg(p.pid, sig)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            p.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            pass
    if p in CHILDREN:
        CHILDREN.remove(p)


def end_all(*_):
    for p in list(CHILDREN):
        end(p, grace=2.0)


def on_signal(sig, _frame):
    end_all()
    sys.exit(128 + sig)


def need(*tools):
    for t in tools:
        if shutil.which(t) is None and not os.access(t, os.X_OK):
            sys.exit("%s: %s not found (Debian: apt-get install %s)" %
                     (sys.argv[0], t, os.path.basename(t)))


def tachyon_path():
    t = os.environ.get("TACHYON")
    if t:
        return t
    for name in ("tachyon", "tachyon-probe"):
        p = os.path.join(BUILDDIR, name)
        if os.access(p, os.X_OK):
            return p
    t = shutil.which("tachyon-probe") or shutil.which("tachyon")
    if t is None:
        sys.exit("%s: no tachyon (set TACHYON or TS_BUILDDIR)" % sys.argv[0])
    return t


def plain_chase(work):
    """Compile the reference chase (bench/plain-chase.c) into work."""
    exe = os.path.join(work, "plain-chase")
    cc = os.environ.get("CC", "cc")
    subprocess.run([cc, "-O2", "-o", exe, os.path.join(HERE, "plain-chase.c")],
                   check=True)
    return exe


def reference(exe, cpu, mib=64):
    """The reference chase's median ns per load on cpu (7 x 250 ms)."""
    out = subprocess.run(["taskset", "-c", str(cpu), exe, str(mib), "7",
                          "250"], capture_output=True, text=True, check=True)
    return float(out.stdout.split()[0])


def interval(values, log=False):
    """Mean and 95 % interval (Student's t) of values, optionally of
    their logarithms taken back; (mean, low, high) or NaNs."""
    v = [math.log(x) for x in values] if log else list(values)
    n = len(v)
    if n == 0:
        return (math.nan,) * 3
    m = statistics.fmean(v)
    if n < 2:
        return (math.exp(m) if log else m, math.nan, math.nan)
    half = t975(n - 1) * statistics.stdev(v) / math.sqrt(n)
    f = math.exp if log else (lambda x: x)
    return f(m), f(m - half), f(m + half)


def t975(df):
    """Student's t 0.975 quantile (a table; the normal's past 30)."""
    table = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262,
             2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101,
             2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052,
             2.048, 2.045, 2.042]
    return table[df - 1] if df <= len(table) else 1.96


def bucket():
    """The watch's bucket (TS_PW_BURST CPU-s, refilled at TS_PW_BUDGET an
    hour), read from the header that sets them, so the bound printed here
    follows the code."""
    got = {}
    with open(os.path.join(SRCDIR, "src", "tachyon", "probe-window.h")) as f:
        for line in f:
            m = re.match(r"#define\s+TS_PW_(BURST|BUDGET)\s+([0-9.]+)", line)
            if m:
                got[m.group(1)] = float(m.group(2))
    if len(got) != 2:
        raise SystemExit("tachyon-cheap.py: TS_PW_BURST or TS_PW_BUDGET "
                         "not found in src/tachyon/probe-window.h")
    return got["BURST"], got["BUDGET"]


def proc_cpu(pid):
    """utime + stime of pid (the kernel's accounting), in seconds."""
    with open("/proc/%d/stat" % pid) as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Watch:
    """A tachyon watch whose JSON lines are collected as they come."""

    def __init__(self, tachyon, args, textfile=None):
        argv = [tachyon, "--watch"] + args
        if textfile:
            argv += ["--textfile", textfile]
        self.lines = []
        # KEEP=FILE in the environment: every watch line appended to FILE.
        self.keep = os.environ.get("KEEP")
        self.cond = threading.Condition()
        self.p = spawn(argv, stdout=subprocess.PIPE, text=True)
        self.t = threading.Thread(target=self._read, daemon=True)
        self.t.start()

    def _read(self):
        for line in self.p.stdout:
            try:
                d = json.loads(line)
            except ValueError:
                continue
            if self.keep:
                with open(self.keep, "a") as f:
                    f.write(line)
            with self.cond:
                self.lines.append(d)
                self.cond.notify_all()

    def wait_for(self, pred, timeout):
        """The first line from now on for which pred holds, or None."""
        deadline = time.time() + timeout
        with self.cond:
            i = len(self.lines)
        while True:
            d = self.line(i, deadline - time.time())
            if d is None or pred(d):
                return d
            i += 1

    def line(self, i, timeout):
        """Line i (from 0), waiting for it; None if it does not come."""
        deadline = time.time() + timeout
        with self.cond:
            while len(self.lines) <= i:
                left = deadline - time.time()
                if left <= 0 or self.p.poll() is not None:
                    return None
                self.cond.wait(left)
            return self.lines[i]

    def stop(self):
        end(self.p)


# ---------------------------------------------------------------- cost

def workload_argv(kind, secs, threads):
    if kind == "cpu":
        return ["sysbench", "cpu", "--threads=%d" % threads,
                "--time=%d" % secs, "run"]
    return ["stress-ng", "--stream", str(threads), "--timeout", "%ds" % secs,
            "--metrics-brief"]


def workload_rate(kind, out):
    """sysbench's events per second; stress-ng's stream bogo ops/s (real)."""
    if kind == "cpu":
        m = re.search(r"events per second:\s*([0-9.]+)", out)
    else:
        m = re.search(r"stream\s+\d+\s+[0-9.]+\s+[0-9.]+\s+[0-9.]+\s+([0-9.]+)",
                      out)
    if m is None:
        raise RuntimeError("no throughput in the workload's output:\n" + out)
    return float(m.group(1))


def oneshot(tachyon, secs, tfdir):
    """Today's timer's run: a reading of secs into the textfile; its CPU
    seconds from wait4's rusage."""
    p = spawn([tachyon, "--textfile", tfdir, "--seconds", "%g" % secs],
              stdout=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    CHILDREN.remove(p)
    return ru.ru_utime + ru.ru_stime


def cost_block(a, kind, cond, watch, tfdir, threads):
    """One block of the workload beside cond; (rate, probe CPU-s)."""
    wl = spawn(workload_argv(kind, a.block, threads), stdout=subprocess.PIPE,
               stderr=subprocess.STDOUT, text=True)
    cpu = 0.0
    if cond == "today":
        reading = 5.0 / a.factor
        time.sleep(random.uniform(0, max(0.0, a.block - reading - 15)))
        cpu = oneshot(a.tachyon, reading, tfdir)
    elif cond == "new":
        c0 = proc_cpu(watch.p.pid)
        os.killpg(watch.p.pid, signal.SIGCONT)
    out, _ = wl.communicate()
    CHILDREN.remove(wl)
    if cond == "new":
        os.killpg(watch.p.pid, signal.SIGSTOP)
        cpu = proc_cpu(watch.p.pid) - c0
    return workload_rate(kind, out), cpu


def run_cost(a):
    need("sysbench", "stress-ng")
    burst, budget = bucket()
    threads = os.cpu_count() or 1
    a.factor = 300.0 / a.block
    work = tempfile.mkdtemp(prefix="probe-cost.")
    tfdir = os.path.join(work, "tf")
    os.mkdir(tfdir)
    say("# probe-cost: %s, %d rounds of %d s blocks (none, today, new in a "
        "drawn order), workloads: %s, %d threads; load %s" %
        (a.tachyon, a.rounds, a.block, a.workload, threads, loadavg()))
    if a.factor != 1:
        say("# compressed %gx: today's reading %.2f s in each %d s block "
            "(its chains and cache check are not compressed, so today's "
            "share is overstated), the watch's interval %g s / %g; losses "
            "are divided by %g for the real schedule" %
            (a.factor, 5 / a.factor, a.block, REAL_INTERVAL, a.factor,
             a.factor))
    # Today's run as shipped, once, for its CPU time an hour.
    today_run = oneshot(a.tachyon, 5.0, tfdir)
    say("today: one shipped run (5 s reading, chains, cache check) takes "
        "%.2f CPU-s; 12 an hour: %.1f CPU-s an hour" %
        (today_run, 12 * today_run))
    wargs = (["--interval", "%g" % (REAL_INTERVAL / a.factor)]
             if a.factor != 1 else [])
    watch = Watch(a.tachyon, wargs, textfile=tfdir)
    if watch.wait_for(lambda d: True, 300) is None:
        sys.exit("the watch did not start")
    setup = proc_cpu(watch.p.pid)
    os.killpg(watch.p.pid, signal.SIGSTOP)
    say("new: the watch's start-up (chains, cache check, first reading): "
        "%.2f CPU-s, once" % setup)
    kinds = ["cpu", "mem"] if a.workload == "both" else [a.workload]
    for kind in kinds:
        rows = []
        new_cpu = 0.0
        for r in range(a.rounds):
            order = ["none", "today", "new"]
            random.shuffle(order)
            got = {}
            for cond in order:
                got[cond] = cost_block(a, kind, cond, watch, tfdir, threads)
            new_cpu += got["new"][1]
            rows.append(got)
            say("%s round %d: none %.1f, today %.1f (probe %.2f CPU-s), "
                "new %.1f (probe %.3f CPU-s); load %s" %
                (kind, r + 1, got["none"][0], got["today"][0],
                 got["today"][1], got["new"][0], got["new"][1], loadavg()))
        for cond in ("today", "new"):
            m, lo, hi = interval([g[cond][0] / g["none"][0] for g in rows],
                                 log=True)
            loss = lambda x: (1 - x) * 100 / a.factor
            say("%s, %s: throughput ratio to no probe %.4f [%.4f, %.4f]; "
                "loss %+.2f %% [%+.2f, %+.2f] at the real schedule%s" %
                (kind, cond, m, lo, hi, loss(m), loss(hi), loss(lo),
                 " (interval covers no loss)" if lo <= 1 <= hi else ""))
        hours = a.rounds * a.block / 3600.0
        say("%s, new: the watch used %.3f CPU-s in %.2f h of blocks: %.2f "
            "CPU-s an hour at the real schedule; stopped between its blocks "
            "its budget refills, so a block may take up to %.2f (the bucket "
            "and the block's refill), where a watch that runs on keeps to "
            "%.1f in any hour" %
            (kind, new_cpu, hours, new_cpu / hours / a.factor,
             burst + budget * a.block / 3600.0, burst + budget))
    watch.stop()
    shutil.rmtree(work, ignore_errors=True)
    say("# load at the end: %s" % loadavg())


# ---------------------------------------------------------------- agree

NEIGHBOURS = {
    "alone": None,
    "memory": ["stress-ng", "--stream", "1", "--timeout", "0"],
    "cpu": ["stress-ng", "--cpu", "1", "--taskset", "0", "--timeout", "0"],
}


def cpu_ticks():
    """/proc/stat's aggregate line: (steal ticks, all ticks), or None."""
    try:
        with open("/proc/stat") as f:
            for line in f:
                if line.startswith("cpu "):
                    v = [int(x) for x in line.split()[1:]]
                    # guest and guest_nice are already in user and nice.
                    return (v[7] if len(v) > 7 else 0, sum(v[:8]))
    except OSError:
        pass
    return None


def steal_share(t0, t1):
    """The share of the CPUs' time the hypervisor took from t0 to t1."""
    if t0 is None or t1 is None or t1[1] <= t0[1]:
        return math.nan
    return (t1[0] - t0[0]) / (t1[1] - t0[1])


def full_reading(tachyon):
    out = subprocess.run([tachyon, "--seconds", "5", "--json",
                          "--no-cache-check"], capture_output=True, text=True,
                         check=True)
    return json.loads(out.stdout)["million_accesses_per_sec"]


def run_agree(a):
    need("stress-ng", "taskset")
    work = tempfile.mkdtemp(prefix="cheap-vs-full.")
    chase = plain_chase(work)
    iv = a.interval
    say("# cheap-vs-full: %s, %d cheap readings a phase every %g s, a full "
        "5 s reading between each two; load %s" %
        (a.tachyon, a.readings, iv, loadavg()))
    if iv != REAL_INTERVAL:
        say("# accelerated: the watch's interval %g s instead of the cheap "
            "schedule's %g (its readings as they are)" % (iv, REAL_INTERVAL))
    say("%-7s %22s %22s %8s %11s %6s %6s" % ("phase", "cheap (window)",
                                              "full 5 s (mean)", "ratio",
                                              "reference", "steal", "load"))
    base_ref = None
    for phase in a.phases.split(","):
        nb = spawn(NEIGHBOURS[phase], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL) if NEIGHBOURS[phase] else None
        time.sleep(2)
        ticks = cpu_ticks()
        span = iv * a.readings
        watch = Watch(a.tachyon, ["--interval", "%g" % iv, "--window",
                                  "%g" % span])
        first = watch.wait_for(lambda d: True, 600)
        full = []
        for k in range(a.readings - 1):
            # Midway between the watch's readings k and k + 1.
            t = first["unix_time"] + k * iv + iv / 2 - 2.5
            time.sleep(max(0.0, t - time.time()))
            full.append(full_reading(a.tachyon))
        last = watch.wait_for(lambda d: d["reading"] >= a.readings, 3 * iv)
        watch.stop()
        stolen = steal_share(ticks, cpu_ticks())
        ref = reference(chase, 1 if phase == "cpu" else 0)
        end(nb)
        base_ref = base_ref or ref
        fm, flo, fhi = interval(full)
        cm = last["window_million_accesses_per_sec"]
        say("%-7s %7.3f [%6.3f, %6.3f] %7.3f [%6.3f, %6.3f] %8.3f %6.1f ns "
            "%+.0f%% %5.1f%% %s" % (phase, cm, last.get("window_low", math.nan),
                                   last.get("window_high", math.nan), fm,
                                   flo, fhi, cm / fm, ref,
                                   (ref / base_ref - 1) * 100, stolen * 100,
                                   loadavg().split()[0]))
    shutil.rmtree(work, ignore_errors=True)


# ---------------------------------------------------------------- gauge

def run_quiet(a, chase, watch=None):
    """The gauge's false alarms over quiet readings.  At every alarm the
    reference chase is run at once: an alarm whose reference latency is
    within 10 % of the quiet one's is false; one that the reference
    confirms is the host slowing down, which the gauge is for.  At the
    real schedule (watch given: the cheap one, no --interval) the run
    lasts a.hours of the clock, whatever spacing the watch chooses;
    accelerated, a.hours of routine readings at the 135 s of 2 CPUs."""
    iv = a.interval
    real = watch is not None
    routine_2h = 7200 / REAL_INTERVAL  # routine readings of 2 h
    want = int(math.ceil(a.hours / 2 * routine_2h))
    if real:
        say("# quiet: the cheap schedule for %.2f h; load %s" %
            (a.hours, loadavg()))
    else:
        say("# quiet: %d routine readings (%.1f h of the cheap schedule on "
            "2 CPUs) every %g s; load %s" % (want, a.hours, iv, loadavg()))
        say("# accelerated %gx: --interval %g (confirmations a third of it "
            "later, the rule counted in readings as at %g s)" %
            (REAL_INTERVAL / iv, iv, REAL_INTERVAL))
    quiet_ref = reference(chase, 1)
    if not real:
        watch = Watch(a.tachyon, ["--interval", "%g" % iv, "--window",
                                  "%g" % (10 * iv)])
    with watch.cond:
        first = len(watch.lines)
    t_end = time.time() + a.hours * 3600
    raised = confirmed = 0
    prev = watch.lines[-1]["degraded"] if first else 0
    i = first
    while real and time.time() < t_end or not real and i < first + want:
        d = watch.line(i, (t_end - time.time()) if real else iv * 3 + 600)
        if d is None:
            break
        i += 1
        if d["degraded"] == 1 and prev == 0:
            raised += 1
            r = reference(chase, 1)
            slower = r / quiet_ref - 1
            confirmed += slower > 0.1
            say("alarm %d at reading %d: score %.3f, baseline %.3f; the "
                "reference %+.0f %% (%s)" %
                (raised, d["reading"], d["million_accesses_per_sec"],
                 d.get("baseline_million_accesses_per_sec", math.nan),
                 100 * slower, "the host slowed" if slower > 0.1 else
                 "a false alarm"))
        prev = d["degraded"]
    if not real:
        watch.stop()
    lines = watch.lines[first:i]
    suspect = sum(1 for d in lines if d.get("confirm"))
    scores = [d["million_accesses_per_sec"] for d in lines]
    med = statistics.median(scores)
    span = (lines[-1]["unix_time"] - lines[0]["unix_time"]) / 3600 \
        if real and len(lines) > 1 else len(lines) / routine_2h * 2
    say("quiet: %d readings in %.2f h, score median %.3f, spread "
        "(MAD/median) %.1f %%; %d asked for a confirmation, %d alarms "
        "(%.2f per 2 h), %d of them confirmed by the reference, %d false "
        "(%.2f per 2 h); load %s" %
        (len(lines), span, med,
         100 * statistics.median([abs(x - med) for x in scores]) / med,
         suspect, raised, raised / span * 2 if span else math.nan,
         confirmed, raised - confirmed,
         (raised - confirmed) / span * 2 if span else math.nan, loadavg()))
    if real and len(lines) > 1:
        cpu = lines[-1]["cpu_s"] - lines[0]["cpu_s"]
        costs = [d["reading_cpu_s"] for d in lines if "reading_cpu_s" in d]
        say("quiet, cost: %.3f CPU-s in %.2f h: %.2f CPU-s an hour by the "
            "kernel's count (bound 3.6); readings cost %.3f-%.3f CPU-s "
            "(median %.3f); the interval now %s s" %
            (cpu, span, cpu / span, min(costs), max(costs),
             statistics.median(costs), lines[-1].get("schedule_interval_s", "?")))


def run_trials(a, kind, chase, watch=None):
    """Time to raise the gauge for a neighbour, a.trials times."""
    iv = a.interval
    own = watch is None
    if own:
        args = [] if iv == REAL_INTERVAL else ["--interval", "%g" % iv]
        watch = Watch(a.tachyon, args)
    # The baseline needs 5 readings; one more to be clean.
    watch.wait_for(lambda d: d["reading"] >= 6 and d["degraded"] == 0,
                   40 * iv + 300)
    times = []
    quiet_ref = reference(chase, 1) if kind == "memory" else None
    for t in range(a.trials):
        # Each trial starts from the watch's ordinary state: after a
        # routine reading (in the cheap schedule one comes only when the
        # budget holds its reserve again), and at a random point of the
        # interval after it.
        if t > 0 and not a.packed:
            watch.wait_for(lambda d: "trigger" not in d and
                           not d.get("confirm") and d["degraded"] == 0,
                           a.cap + 40 * iv)
        time.sleep(random.uniform(0, iv))
        t0 = time.time()
        nb = spawn(NEIGHBOURS[kind], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
        d = watch.wait_for(lambda d: d["degraded"] == 1, a.cap)
        took = d["unix_time"] - t0 if d else math.inf
        ref = ""
        if kind == "memory":
            r = reference(chase, 1)
            ref = ", reference %+.0f %%" % ((r / quiet_ref - 1) * 100)
        end(nb)
        t1 = time.time()
        times.append(took)
        c = watch.wait_for(lambda d: d["degraded"] == 0, a.cap)
        say("%s trial %d: raised after %s%s; cleared %s after it ended; "
            "load %s" %
            (kind, t + 1, "%.0f s" % took if d else "never (%d s)" % a.cap,
             ref, "%.0f s" % (c["unix_time"] - t1) if c else "never",
             loadavg()))
    if own:
        watch.stop()
    within = sum(1 for x in times if x <= 120)
    say("%s: raised within 2 minutes in %d of %d trials (median %.0f s)" %
        (kind, within, len(times), statistics.median(times)))


def run_gauge(a):
    need("stress-ng", "taskset")
    say("# degraded-gauge: %s; load %s" % (a.tachyon, loadavg()))
    work = tempfile.mkdtemp(prefix="degraded-gauge.")
    chase = plain_chase(work)
    # At the real schedule one watch serves the quiet part and the trials.
    watch = Watch(a.tachyon, []) if a.interval == REAL_INTERVAL else None
    if watch is not None and a.hours > 0:
        say("# the watch's first 6 readings make its baseline")
        watch.wait_for(lambda d: d["reading"] >= 6, 3600)
    if a.hours > 0:
        run_quiet(a, chase, watch)
    for kind in a.neighbours.split(","):
        if a.trials > 0:
            run_trials(a, kind, chase, watch)
    if watch is not None:
        watch.stop()
    shutil.rmtree(work, ignore_errors=True)


def main():
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("cost")
    c.add_argument("--rounds", type=int, default=8)
    c.add_argument("--block", type=int, default=300,
                   help="seconds a block (300: the real schedule)")
    c.add_argument("--workload", choices=["cpu", "mem", "both"],
                   default="both")
    g = sub.add_parser("agree")
    g.add_argument("--readings", type=int, default=10)
    g.add_argument("--interval", type=float, default=REAL_INTERVAL)
    g.add_argument("--phases", default="alone,memory,cpu")
    q = sub.add_parser("gauge")
    q.add_argument("--hours", type=float, default=2,
                   help="quiet readings, in hours of the real schedule")
    q.add_argument("--interval", type=float, default=REAL_INTERVAL)
    q.add_argument("--trials", type=int, default=10)
    q.add_argument("--neighbours", default="cpu,memory")
    q.add_argument("--cap", type=float, default=300,
                   help="seconds to wait for the gauge")
    q.add_argument("--packed", action="store_true",
                   help="each trial as soon as the last cleared, not "
                   "after the watch's next routine reading")
    a = ap.parse_args()
    a.tachyon = tachyon_path()
    try:
        {"cost": run_cost, "agree": run_agree, "gauge": run_gauge}[a.cmd](a)
    finally:
        end_all()


if __name__ == "__main__":
    main()
