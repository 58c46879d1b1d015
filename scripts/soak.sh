#!/bin/bash
# A kiosk left running with random input: `lumen --kiosk` under Xvfb (1920 × 1080, no window
# manager) fed random clicks, drags, flings and wheel bursts by xdotool, for MINUTES (10 unless
# given). It shows a playlist of every scene, 20 s each with a cross-fade and no hold (so the
# random touches do not keep it on one entry), or the scene or playlist file given. Prints resident memory every minute and, per minute, the frames drawn and the p99 of
# the frame time from --trace, then whether it held: no crash, resident memory after the first
# minute grew by less than 5 MB, and frame p99 within 20 % of the first minute's every minute (one
# scene) or, with a playlist, each scene's p99 within 20 % of its first visit's on every visit.
#   scripts/soak.sh [path/to/lumen] [minutes] [scene | playlist.json]
#   LUMEN_SOAK_ARGS="--renderer gl" scripts/soak.sh …   (more options for lumen: the GPU path)
# Needs xvfb, xdotool and python3.
set -u
LUMEN=${1:-.build/release/lumen}
MINUTES=${2:-10}
OUT=$(mktemp -d)
WHAT=${3:-$OUT/playlist.json}
# With the default playlist each scene's visits get the same gestures (the random sequence
# starts again from the scene's own seed when its entry comes), so visits can be compared.
PERIOD=0; SCENES=1
if [ -z "${3:-}" ]; then
    PERIOD=20; SCENES=9
    "$(dirname "$0")/soak-playlist.sh" "$OUT/playlist.json"
fi
case "$WHAT" in *.json) SHOW="--playlist $WHAT" ;; *) SHOW="--scene $WHAT" ;; esac
export LUMEN MINUTES SHOW OUT PERIOD SCENES
xvfb-run -a -s "-screen 0 1920x1080x24" bash -c '
    started=$(date +%s)
    "$LUMEN" --kiosk $SHOW $LUMEN_SOAK_ARGS --idle 20 --trace "$OUT/trace.csv" 2> "$OUT/stderr.txt" & P=$!
    sleep 3
    end=$(( $(date +%s) + MINUTES * 60 ))
    next=$(( $(date +%s) + 60 ))
    minute=0
    RANDOM=7
    entry=-1
    while [ $(date +%s) -lt $end ] && kill -0 $P 2>/dev/null; do
        if [ $PERIOD -gt 0 ] && [ $(( ($(date +%s) - started) / PERIOD )) -ne $entry ]; then
            entry=$(( ($(date +%s) - started) / PERIOD ))
            RANDOM=$(( 100 + entry % SCENES ))
        fi
        x=$(( RANDOM % 1800 + 60 )); y=$(( RANDOM % 960 + 60 ))
        case $(( RANDOM % 5 )) in
            0) xdotool mousemove $x $y click 1 ;;
            1) xdotool mousemove $x $y mousedown 1 mousemove $x $(( y - 300 )) sleep 0.05 mouseup 1 ;;
            2) xdotool mousemove $x $y mousedown 1 mousemove --sync $x $(( y - 80 )) mousemove $x $(( y - 400 )) mouseup 1 ;;
            3) xdotool mousemove $x $y click --repeat $(( RANDOM % 12 + 1 )) --delay 30 $(( RANDOM % 2 + 4 )) ;;
            4) sleep 0.$(( RANDOM % 9 + 1 )) ;;
        esac
        if [ $(date +%s) -ge $next ]; then
            minute=$(( minute + 1 ))
            echo "$minute $(awk "/^VmRSS:/ {print \$2}" /proc/$P/status)" >> "$OUT/rss.txt"
            next=$(( next + 60 ))
        fi
    done
    if kill -0 $P 2>/dev/null; then kill -TERM $P; wait $P; echo "exit $?" > "$OUT/exit.txt"; else wait $P; echo "crashed $?" > "$OUT/exit.txt"; fi
'
python3 - "$OUT" <<'PY'
import csv, sys
out = sys.argv[1]
rss = [tuple(map(int, l.split())) for l in open(out + "/rss.txt")] if __import__("os").path.exists(out + "/rss.txt") else []
rows = list(csv.DictReader(open(out + "/trace.csv")))
status = open(out + "/exit.txt").read().strip()
def p99(v):
    v = sorted(v); return v[min(len(v) - 1, int(0.99 * len(v)))] if v else float("nan")
minutes = {}
for r in rows:
    m = int(float(r["time_ms"]) // 60000)
    if m < len(rss):   # whole minutes only (the run's tail is shorter)
        minutes.setdefault(m, []).append(float(r["frame_ms"]))
print("minute  frames  frame p99 (ms)  RSS (MB)")
for m in sorted(minutes):
    mem = dict(rss).get(m + 1)
    print(f"{m + 1:6d}  {len(minutes[m]):6d}  {p99(minutes[m]):14.2f}  {mem / 1024 if mem else float('nan'):8.1f}")
first = p99(minutes.get(0, []))
grow = (rss[-1][1] - rss[0][1]) / 1024 if len(rss) > 1 else float("nan")
# Every minute against the first. With a playlist the minutes hold different scenes, so each
# scene's visits are also compared with its own first visit (a visit cut short by the end of
# the run, under a third of the first's frames, is left out).
over = [m + 1 for m in sorted(minutes) if p99(minutes[m]) > first * 1.2]
visits = []
for r in rows:
    if not visits or visits[-1][0] != r["scene"]:
        visits.append((r["scene"], []))
    visits[-1][1].append(float(r["frame_ms"]))
by_scene = {}
for scene, frames in visits:
    by_scene.setdefault(scene, []).append(frames)
slower = []
if len(by_scene) > 1:
    print("scene        frame p99 (ms) per visit")
    for scene, seen in by_scene.items():
        full = [f for f in seen if len(f) * 3 >= len(seen[0])]
        print(f"{scene:12s} " + "  ".join(f"{p99(f):6.2f}" for f in full))
        slower += [scene for f in full[1:] if p99(f) > p99(full[0]) * 1.2][:1]
print(f"{status}; RSS after the first minute grew {grow:.1f} MB; frame p99 {first:.2f} ms in the first minute; "
      f"minutes over it by more than 20 %: {over or 'none'}" + (f"; scenes slower than their first visit by more than 20 %: {slower or 'none'}" if len(by_scene) > 1 else ""))
ok = status.startswith("exit 0") and grow < 5 and (not slower if len(by_scene) > 1 else not over)
print("held" if ok else "did not hold")
PY
echo "(files in $OUT)"
