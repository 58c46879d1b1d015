#!/usr/bin/python3
"""Counts the frames a window really shows, from outside the app: X DAMAGE events on the root
window of an X server (Xvfb), one per redraw the server sees. Prints frames per second, the
median and p99 interval between frames, over the time given.

    scripts/frame-rate.py SECONDS [--after SECONDS] [--json]

Needs python3-xlib (Debian: python3-xlib). Run it inside the X session (DISPLAY set); see
scripts/measure-motion.sh for the whole measurement.
"""
import json, statistics, sys, time
from Xlib import display, X
from Xlib.ext import damage

def main():
    args = sys.argv[1:]
    seconds = float(args[0])
    after = float(args[args.index("--after") + 1]) if "--after" in args else 0.0
    d = display.Display()
    if not d.has_extension("DAMAGE"):
        sys.exit("frame-rate.py: the X server has no DAMAGE extension")
    d.damage_query_version()
    root = d.screen().root
    dmg = root.damage_create(damage.DamageReportNonEmpty)
    time.sleep(after)
    # Frames are the first damage after a quiet moment: NonEmpty reports once until subtracted.
    stamps = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        while d.pending_events():
            e = d.next_event()
            if e.type == d.extension_event.DamageNotify:
                stamps.append(time.monotonic())
                d.damage_subtract(dmg, X.NONE, X.NONE)
        d.flush()
        time.sleep(0.0005)
    intervals = [(b - a) * 1000 for a, b in zip(stamps, stamps[1:])]
    fps = (len(stamps) - 1) / (stamps[-1] - stamps[0]) if len(stamps) > 1 else 0
    out = {"frames": len(stamps), "fps": round(fps, 2),
           "median_ms": round(statistics.median(intervals), 2) if intervals else None,
           "p99_ms": round(sorted(intervals)[int(len(intervals) * 0.99)], 2) if intervals else None,
           "max_ms": round(max(intervals), 2) if intervals else None}
    print(json.dumps(out) if "--json" in args else
          f"{out['frames']} frames, {out['fps']} fps, interval median {out['median_ms']} ms, p99 {out['p99_ms']} ms, max {out['max_ms']} ms")

if __name__ == "__main__":
    main()
