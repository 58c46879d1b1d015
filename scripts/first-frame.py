#!/usr/bin/python3
"""How long a command takes to put its first frame on screen, from outside: the time from
starting it to the first X DAMAGE on the root window of the X server (Xvfb), and to the last
damage within `--settle` seconds (the photos arriving). The command is ended afterwards.

    scripts/first-frame.py [--settle SECONDS] [--runs N] -- COMMAND...

Needs python3-xlib. Run it inside the X session (DISPLAY set).
"""
import statistics, subprocess, sys, time
from Xlib import display, X
from Xlib.ext import damage

def once(command, settle):
    d = display.Display()
    d.damage_query_version()
    root = d.screen().root
    dmg = root.damage_create(damage.DamageReportNonEmpty)
    d.sync()
    # What an earlier window left (its unmapping) is not this one's frame.
    time.sleep(0.3)
    while d.pending_events(): d.next_event()
    d.damage_subtract(dmg, X.NONE, X.NONE)
    d.sync()
    start = time.monotonic()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    first = last = None
    while True:
        now = time.monotonic()
        if first is not None and now - first > settle: break
        if now - start > 30: break
        while d.pending_events():
            d.next_event()
            t = time.monotonic() - start
            first = t if first is None else first
            last = t
            d.damage_subtract(dmg, X.NONE, X.NONE)
        time.sleep(0.001)
    proc.kill(); proc.wait()
    d.close()
    return first, last

def main():
    args = sys.argv[1:]
    settle = float(args[args.index("--settle") + 1]) if "--settle" in args else 1.0
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 5
    command = args[args.index("--") + 1:]
    results = [once(command, settle) for _ in range(runs)]
    firsts = [r[0] * 1000 for r in results if r[0] is not None]
    lasts = [r[1] * 1000 for r in results if r[1] is not None]
    print("first frame ms: median %.1f (%s); last in %.1f s: median %.1f" % (
        statistics.median(firsts), ", ".join("%.1f" % f for f in firsts), settle, statistics.median(lasts)))

if __name__ == "__main__":
    main()
