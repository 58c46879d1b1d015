#!/usr/bin/python3
"""Counts, from outside the app, the frames a kiosk shows as its playlist switches: each redraw
the X server sees (an X DAMAGE event on the root window) is read back (one row of pixels across
the window, three quarters of the way down) and named by its colour: a video of a known colour,
black, the photo placeholder's grey (empty), or a scene (anything else).

    scripts/switch-frames.py SECONDS --video NAME=RRGGBB [--video …] [--order a,b,c]
                             [--until-switches N] [--size WxH] [--json]

Counted, from the first frame of a video on: the switches between items (runs of frames of
one item), black frames, empty frames, and frames that go back to the item before (a switch A → B → A inside
one expected step: a stale frame of the previous item). It stops after SECONDS, or once it
has seen N switches (`--until-switches`). With `--order` (the items in the
playlist's turn, "scene" for any scene), every run must follow it. Needs python3-xlib; run it
inside the X session (DISPLAY set).
"""
import json, select, sys, time
from Xlib import display, X
from Xlib.ext import damage

PLACEHOLDER = (209, 209, 214)

def name_of(row, videos):
    """The item a row of (r, g, b) pixels shows."""
    n = len(row)
    mean = tuple(sum(p[i] for p in row) / n for i in range(3))
    if max(mean) < 24:
        return "black"
    for name, rgb in videos.items():
        if sum(1 for p in row if all(abs(p[i] - rgb[i]) <= 24 for i in range(3))) > n * 0.8:
            return name
    if sum(1 for p in row if all(abs(p[i] - PLACEHOLDER[i]) <= 3 for i in range(3))) > n * 0.8:
        return "empty"
    return "scene"

def main():
    args = sys.argv[1:]
    seconds = float(args[0])
    videos = {}
    for i, a in enumerate(args):
        if a == "--video":
            name, hexrgb = args[i + 1].split("=")
            videos[name] = tuple(int(hexrgb[k:k + 2], 16) for k in (0, 2, 4))
    order = args[args.index("--order") + 1].split(",") if "--order" in args else None
    d = display.Display()
    d.damage_query_version()
    screen = d.screen()
    root = screen.root
    width, height = screen.width_in_pixels, screen.height_in_pixels
    if "--size" in args:
        width, height = (int(v) for v in args[args.index("--size") + 1].split("x"))
    dmg = root.damage_create(damage.DamageReportNonEmpty)
    until = int(args[args.index("--until-switches") + 1]) if "--until-switches" in args else None
    frames = []
    changes = 0
    end = time.monotonic() + seconds
    y = height * 3 // 4
    while time.monotonic() < end:
        got = False
        while d.pending_events():
            e = d.next_event()
            if e.type == d.extension_event.DamageNotify:
                got = True
        if got:
            d.damage_subtract(dmg, X.NONE, X.NONE)
            raw = root.get_image(0, y, width, 1, X.ZPixmap, 0xFFFFFFFF).data
            row = [(raw[k + 2], raw[k + 1], raw[k]) for k in range(0, len(raw) - 3, 4 * 4)]
            name = name_of(row, videos)
            if frames and frames[-1][1] != name and frames[-1][1] not in ("black", "empty") and name not in ("black", "empty") \
                    and any(n in videos for _, n in frames):
                changes += 1
            frames.append((time.monotonic(), name))
            if until is not None and changes >= until:
                break
        d.flush()
        # Asleep until the server says something (or a tenth of a second passes): the count
        # must not take the CPU the kiosk it watches needs.
        if not d.pending_events():
            select.select([d.fileno()], [], [], 0.1)
    # From the first video's first frame: the kiosk's start (its first entry's photo coming in)
    # is not a switch.
    while frames and frames[0][1] not in videos:
        frames.pop(0)
    runs = []
    for t, n in frames:
        if not runs or runs[-1][0] != n:
            runs.append([n, 1, t])
        else:
            runs[-1][1] += 1
    black = sum(1 for _, n in frames if n == "black")
    empty = sum(1 for _, n in frames if n == "empty")
    back = sum(1 for a, b, c in zip(runs, runs[1:], runs[2:]) if a[0] == c[0] and b[0] != a[0] and (order is None or not in_order(order, a[0], b[0])))
    out_of_order = 0
    if order:
        out_of_order = sum(1 for a, b in zip(runs, runs[1:]) if not in_order(order, a[0], b[0]))
    switches = {}
    for a, b in zip(runs, runs[1:]):
        switches[f"{a[0]}>{b[0]}"] = switches.get(f"{a[0]}>{b[0]}", 0) + 1
    out = {"frames": len(frames), "switches": len(runs) - 1, "by_kind": switches, "black": black, "empty": empty,
           "back_to_previous": back, "out_of_order": out_of_order}
    if "--runs" in args:
        out["runs"] = [f"{n}×{k}" for n, k, _ in runs]
    print(json.dumps(out) if "--json" in args else
          f"{out['frames']} frames, {out['switches']} switches {switches}: {black} black, {empty} empty, "
          f"{back} back to the previous item, {out_of_order} out of order")

def in_order(order, a, b):
    """Whether item b follows item a in the playlist's turn."""
    return any(order[i] == a and order[(i + 1) % len(order)] == b for i in range(len(order)))

if __name__ == "__main__":
    main()
