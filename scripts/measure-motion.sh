#!/bin/sh
# Frame rate and evenness of Lumen's motion, measured from outside with X DAMAGE under Xvfb,
# with CPU time and proportional set size: the hero's Ken Burns for 10 s, and the gallery
# scrolled by 80 wheel clicks 125 ms apart. Needs xvfb, xdotool and python3-xlib.
#   scripts/measure-motion.sh [path/to/lumen [more lumen options, e.g. --threads 1]]
set -e
LUMEN=${1:-.build/release/lumen}
[ $# -gt 0 ] && shift
EXTRA="$*"
HERE=$(cd "$(dirname "$0")" && pwd)
run() {  # scene, what drives it
    xvfb-run -a -s "-screen 0 1920x1080x24" sh -c '
        "$0" --scene "$1" --size 1280x800 --exit-after 16 $4 & P=$!
        sleep 3
        T0=$(awk "{print \$14+\$15}" /proc/$P/stat)
        if [ "$2" = wheel ]; then
            xdotool mousemove 960 540
            xdotool click --repeat 80 --delay 125 5 &
        fi
        # The bundled gallery is 2,487 pt long: 80 notches of 60 pt reach its end after ~41,
        # so the gallery is counted over the 6 s it scrolls; the hero over 10 s.
        if [ "$2" = wheel ]; then SPAN=6; else SPAN=10; fi
        /usr/bin/python3 "$3/frame-rate.py" $SPAN
        T1=$(awk "{print \$14+\$15}" /proc/$P/stat)
        PSS=$(awk "/^Pss:/ {s+=\$2} END {print int(s/1024)}" /proc/$P/smaps)
        echo "  CPU $(( (T1 - T0) / SPAN ))% of a core over $SPAN s, PSS ${PSS} MB"
        wait $P' "$LUMEN" "$1" "$2" "$HERE" "$EXTRA"
}
echo "hero (Ken Burns, 10 s):"; run hero still
echo "gallery (80 wheel clicks, 125 ms apart):"; run gallery wheel
