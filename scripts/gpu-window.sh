#!/bin/bash
# A GL window on a GPU server with no display: SDL's offscreen video driver makes its windows'
# GL contexts through EGL on the GPU (NVIDIA's EGL on an NVIDIA server), so Lumen's GL window
# path (the GPU renderer, the window copy, partial redraw by buffer age, the swap) runs as on a
# screen, into a buffer no one sees. In one run:
#   1. `bench --window --renderer auto` (which renderer auto takes on this machine);
#   2. `bench --window --renderer gl` for spoiler (small damage), gallery (scrolling) and hero,
#      twice with partial redraw and twice with LUMEN_GL_PARTIAL=0, one JSON line each ("partial"
#      added);
#   3. the kiosk soak: `lumen --kiosk --renderer gl` on scripts/soak.sh's playlist (every scene,
#      20 s each, a 3-minute round) fed random input by --script for MINUTES, resident memory and
#      the GPU's memory in use (nvidia-smi, where there is one) every 10 s, then a line a minute
#      (frames, frame median and p99, largest image_mb, RSS at its end, GPU MiB at its end), the
#      RSS at the same point of each round, where the RSS lies at each minute's end by kind of
#      mapping (smaps-breakdown.py: heap, anonymous, a driver's device mappings…), and the
#      renderers --trace saw, and the shader variants compiled after the start (--trace's `compiled`).
#   scripts/gpu-window.sh [path/to/lumen] [minutes]        (minutes 0: no soak)
#   LUMEN_SOAK_ARGS="--renderer cairo" scripts/gpu-window.sh …   (more options for the soak's lumen)
#   LUMEN_SOAK_ONLY=1 scripts/gpu-window.sh …                     (the soak without 1 and 2)
#   LUMEN_SOAK_SCENES="cards gallery …" scripts/gpu-window.sh …    (the playlist's scenes, in order)
set -u
LUMEN_SOAK_ARGS=${LUMEN_SOAK_ARGS:-}
LUMEN=${1:-.build/release/lumen}; MINUTES=${2:-10}
HERE=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
export SDL_VIDEODRIVER=offscreen XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$work}
if [ "${LUMEN_SOAK_ONLY:-}" != 1 ]; then
echo "== auto"
timeout 60 "$LUMEN" bench --window --renderer auto --scene spoiler --frames 60 --size 1024x768
echo "== partial and full redraw"
# A first run of each scene makes its thumbnails (later runs read them), so it is left out; then
# partial, full, full, partial, so that neither comes first each time.
for s in spoiler gallery hero; do for p in warm 1 0 0 1; do
    LUMEN_GL_PARTIAL=${p/warm/1} timeout 90 "$LUMEN" bench --window --renderer gl --scene "$s" --size 1024x768 --frames 240 --json \
        | sed "s/^{/{\"partial\": \"$p\", /" | grep -v '"warm"'
done; done
fi
[ "$MINUTES" = 0 ] && exit 0
echo "== soak, $MINUTES minutes"
"$HERE/soak-playlist.sh" "$work/playlist.json" ${LUMEN_SOAK_SCENES:-}
python3 "$HERE/random-script.py" $((MINUTES * 60 + 20)) 7 1024x768 > "$work/input.txt"
"$LUMEN" --kiosk --playlist "$work/playlist.json" --renderer gl --idle 20 --script "$work/input.txt" \
    --trace "$work/trace.csv" $LUMEN_SOAK_ARGS 2> "$work/stderr.txt" & pid=$!
for i in $(seq 1 $((MINUTES * 6))); do
    sleep 10
    kill -0 $pid 2>/dev/null || break
    gpu=$(nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits 2>/dev/null | head -1)
    echo "$((i * 10)) $(awk '/^VmRSS:/ {print $2}' /proc/$pid/status) ${gpu:--1}" >> "$work/memory.txt"
    [ $((i % 6)) = 0 ] && echo "$((i * 10)) $(python3 "$HERE/smaps-breakdown.py" $pid)" >> "$work/smaps.txt"
done
if kill -0 $pid 2>/dev/null; then kill -TERM $pid; wait $pid; status="exit $?"; else wait $pid; status="crashed $?"; fi
python3 - "$work" "$status" <<'PY'
import csv, sys
work, status = sys.argv[1], sys.argv[2]
rows = list(csv.DictReader(open(work + "/trace.csv")))
mem = [tuple(map(int, l.split())) for l in open(work + "/memory.txt")]
def q(v, f):
    v = sorted(v); return v[min(len(v) - 1, int(f * len(v)))] if v else float("nan")
print("minute  frames  median  p99 (ms)  image_mb max  RSS MB  GPU MiB")
for m in range(len(mem) // 6):
    fr = [r for r in rows if m * 60000 <= float(r["time_ms"]) < (m + 1) * 60000]
    ft = [float(r["frame_ms"]) for r in fr]
    end = [x for x in mem if x[0] == (m + 1) * 60][0]
    print(f"{m + 1:6d}  {len(fr):6d}  {q(ft, .5):6.2f}  {q(ft, .99):8.2f}  {max([float(r['image_mb']) for r in fr] or [0]):12.1f}"
          f"  {end[1] / 1024:6.1f}  {end[2]:7d}")
print("second of the round: RSS MB in each round")
for t in range(10, 190, 10):
    seen = [f"{x[1] / 1024:.1f}" for x in mem if x[0] % 180 == t % 180]
    if seen: print(f"{t:3d}: " + "  ".join(seen))
# Where resident memory lies at each minute's end, by kind of mapping (smaps-breakdown.py), for
# the kinds that moved by 1 MB or more: MB, then the change from the same minute a round before.
import json
import os
maps = [(int(l.split(" ", 1)[0]), json.loads(l.split(" ", 1)[1])) for l in open(work + "/smaps.txt")] if os.path.exists(work + "/smaps.txt") else []
kinds = sorted({k for _, d in maps for k in d}, key=lambda k: -max(d.get(k, 0) for _, d in maps))
moved = [k for k in kinds if max(d.get(k, 0) for _, d in maps) - min(d.get(k, 0) for _, d in maps) >= 1024]
print("minute  " + "  ".join(f"{k[:14]:>14}" for k in moved) + "   (RSS MB by mapping; in brackets, against a round before)")
for i, (t, d) in enumerate(maps):
    before = maps[i - 3][1] if i >= 3 else None
    cell = lambda k: f"{d.get(k, 0) / 1024:.1f}" + (f" ({(d.get(k, 0) - before.get(k, 0)) / 1024:+.1f})" if before else "")
    print(f"{t // 60:6d}  " + "  ".join(f"{cell(k):>14}" for k in moved))
print(f"{status}; {len(rows)} frames; renderers: {sorted(set(r['renderer'] for r in rows))}")
# Shader variants compiled after the start (PaintProgramWarmUp lacked them), as the list spells them.
late = [(float(r["time_ms"]) / 1000, v.replace(";", ",")) for r in rows if r.get("compiled") for v in r["compiled"].split(" / ")]
print(f"variants compiled after the start: {len(late)}" + "".join(f"\n  {t:6.1f} s  \"{v}\"" for t, v in late))
PY
grep -v -e "attract loop" -e "playlist entry" "$work/stderr.txt" | head -5
echo "(files in $work)"
