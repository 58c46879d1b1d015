#!/usr/bin/env python3
"""A random input script for `lumen --script` (see the user guide): taps, drags, flings, wheel
bursts, precise (trackpad) scrolls and keys over a window of W x H points, for SECONDS.
The same seed gives the same script; PACE (1) gestures come PACE times as often.
  scripts/random-script.py [seconds] [seed] [WxH] [pace] > input.txt"""
import random
import sys

seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 300
rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 1)
w, h = (int(v) for v in (sys.argv[3] if len(sys.argv) > 3 else "1280x800").split("x"))
pace = float(sys.argv[4]) if len(sys.argv) > 4 else 1
keys = ["Up", "Down", "Left", "Right", "PageUp", "PageDown", "Home", "End", "Tab", "Space", "Return",
        "1", "2", "3", "4", "5", "6", "7", "m"]
t = 500
out = ["# made by scripts/random-script.py %g %s %dx%d" % (seconds, sys.argv[2] if len(sys.argv) > 2 else "1", w, h)]


def point():
    return rng.uniform(40, w - 40), rng.uniform(120, h - 40)


def pointer(kind, steps, x0, y0, x1, y1, ms):
    """A press at (x0, y0) moved to (x1, y1) over ms milliseconds, then released."""
    global t
    down, move, up = (["mouse-down", "mouse-move", "mouse-up"] if kind == "mouse"
                      else ["finger-down 1", "finger-move 1", "finger-up 1"])
    out.append("at %d %s %.0f %.0f" % (t, down, x0, y0))
    for i in range(1, steps + 1):
        f = i / steps
        out.append("at %d %s %.0f %.0f" % (t + ms * f, move, x0 + (x1 - x0) * f, min(max(y0 + (y1 - y0) * f, 1), h - 1)))
    out.append("at %d %s %.0f %.0f" % (t + ms + 8, up, x1, min(max(y1, 1), h - 1)))
    t += ms + 8


while t < seconds * 1000:
    kind = rng.choice(["tap", "drag", "fling", "fling", "wheel", "precise", "key", "key"])
    x, y = point()
    device = rng.choice(["mouse", "finger"])
    if kind == "tap":
        pointer(device, 0, x, y, x, y, 60)
    elif kind == "drag":
        pointer(device, 12, x, y, x + rng.uniform(-40, 40), y + rng.uniform(-300, 300), 400)
    elif kind == "fling":
        pointer(device, 6, x, y, x, y + rng.choice([-1, 1]) * rng.uniform(150, 400), 90)
    elif kind == "wheel":
        out.append("at %d mouse-move %.0f %.0f" % (t, x, y))
        dy = rng.choice([-1, 1])
        for i in range(rng.randint(2, 10)):
            out.append("at %d wheel 0 %d" % (t + 40 * i, dy))
        t += 400
    elif kind == "precise":
        for i in range(20):
            out.append("at %d wheel-precise 0 %.2f" % (t + 16 * i, rng.uniform(-0.6, 0.6)))
        t += 320
    else:
        out.append("at %d key %s" % (t, rng.choice(keys)))
    t += rng.uniform(150, 1400) / pace
out.append("at %d quit" % (seconds * 1000))
print("\n".join(out))
