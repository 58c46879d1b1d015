#!/bin/sh
# Medians and p99s of `lumen bench` (frame: layout + display list + render) for every effect
# scene at 1280×800 and at 1920×1080 pt scale 2 (3840×2160 px), on one thread and on two, as
# the Markdown table in docs/performance.md.
#   scripts/bench-table.sh [path/to/lumen] [frames]
set -e
LUMEN=${1:-.build/release/lumen}
FRAMES=${2:-300}
VARIANTS="none scale opacity offset scale-opacity view-aligned interactive-3d"
rows() {
    for s in cards gallery hero spoiler gradient; do echo "$s"; done
    for v in $VARIANTS; do echo "transitions variant=$v"; done
}
echo "| scene | 1280×800, 1 thread | 2 threads | 3840×2160 px, 1 thread | 2 threads |"
echo "|---|---|---|---|---|"
rows | while read -r scene set; do
    line="| \`$scene${set:+ $set}\`"
    for size in "1280x800 1" "1920x1080 2"; do
        set -- $size
        for t in 1 2; do
            json=$("$LUMEN" bench --scene "$scene" ${set:+--set "$set"} --size "$1" --scale "$2" \
                   --frames "$FRAMES" --threads "$t" --json)
            cell=$(printf '%s' "$json" | python3 -c 'import json,sys; f=json.load(sys.stdin)["frame_ms"]; print("%.1f / %.1f" % (f["median"], f["p99"]))')
            line="$line | $cell"
        done
    done
    echo "$line |"
done
