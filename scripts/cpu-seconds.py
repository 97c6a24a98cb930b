#!/usr/bin/env python3
"""
CPU seconds of a command and of everything it starts, Chromium's processes included
(docs/testing.md, "Measuring the suite's CPU"). Usage: scripts/cpu-seconds.py COMMAND [ARGS...]

It adopts its orphaned descendants (PR_SET_CHILD_SUBREAPER) and reaps them, so the CPU of a
process whose parent did not wait for it (a browser's helpers, a detached server) is counted too;
`/usr/bin/time` counts only the processes waited for. CPU, not the wall clock: other work on the
machine changes the wall time of a run much more than its CPU time. Prints to stderr at the end:
    CPU user 52.0 s sys 10.9 s total 62.9 s wall 80.5 s rc 0
"""
import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36

if len(sys.argv) < 2:
    sys.exit(__doc__)
ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
started = time.time()
child = subprocess.Popen(sys.argv[1:])
code = None
while True:
    try:
        pid, status = os.wait()
    except ChildProcessError:
        break
    if pid == child.pid:
        code = os.waitstatus_to_exitcode(status)
used = resource.getrusage(resource.RUSAGE_CHILDREN)
sys.stderr.write(
    f"\nCPU user {used.ru_utime:.1f} s sys {used.ru_stime:.1f} s total {used.ru_utime + used.ru_stime:.1f} s "
    f"wall {time.time() - started:.1f} s rc {code}\n"
)
sys.exit(code or 0)
