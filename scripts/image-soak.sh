#!/bin/bash
# Random input on one scene for a while, headless (SDL's dummy video driver, 1280 × 800), and
# what it held: image memory (--trace's image_mb, the largest in each 10 s) and resident
# memory (sampled every 10 s from /proc). Needs python3.
#   scripts/image-soak.sh [path/to/lumen] [seconds] [scene] [more lumen options, e.g. --set variant=scale]
set -euo pipefail
LUMEN=${1:-.build/release/lumen}; SECONDS_=${2:-300}; SCENE=${3:-transitions}
shift $(( $# < 3 ? $# : 3 ))
HERE=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
python3 "$HERE/random-script.py" "$SECONDS_" 7 1280x800 > "$work/input.txt"
SDL_VIDEODRIVER=dummy "$LUMEN" --scene "$SCENE" --size 1280x800 --script "$work/input.txt" --trace "$work/trace.csv" \
    --exit-after "$((SECONDS_ + 2))" "$@" > /dev/null 2>&1 & pid=$!
echo "second,rss_mb,image_mb_max"
n=0
while kill -0 $pid 2>/dev/null; do
    sleep 10; n=$((n + 10))
    rss=$(awk '/^VmRSS:/ {printf "%.1f", $2 / 1024}' /proc/$pid/status 2>/dev/null || echo "-")
    img=$(awk -F, -v from=$(( (n - 10) * 1000 )) -v to=$(( n * 1000 )) 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "image_mb") c = i; next }
          $1 >= from && $1 < to && $c > m { m = $c } END { printf "%.1f", m }' "$work/trace.csv")
    [ "$rss" = "-" ] || echo "$n,$rss,$img"
done
wait $pid
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "image_mb") c = i; next } $c > m { m = $c } END { printf "image_mb max %.1f over %d frames\n", m, NR - 1 }' "$work/trace.csv"
