#!/bin/bash
# Plays a playlist of a photo scene, two videos and another scene, each 1.5 s, round and round,
# in a kiosk under Xvfb, and counts from outside (scripts/switch-frames.py, X DAMAGE and the
# pixels read back) the frames between entries that are black, empty or of the item before.
#
#   scripts/switch-frames.sh LUMEN SECONDS CROSSFADE RED.mp4 BLUE.mp4 [WIDTHxHEIGHT [SWITCHES]]
#
# It counts for SECONDS, or until it has seen SWITCHES switches.
#
# RED.mp4 must be flat #C83232 and BLUE.mp4 flat #3250C8 at 3/4 of their height (the tests'
# TestVideos make such files; so does `ffmpeg -f lavfi -i color=c=0xC83232:size=1280x720:rate=30
# -t 3 -pix_fmt yuv420p red.mp4`). Prints the counter's JSON line; the kiosk's log goes to
# $TMPDIR/switch-frames.log. Needs xvfb and python3-xlib (make test installs them).
set -eu
lumen=$1 seconds=$2 crossfade=$3 red=$4 blue=$5 size=${6:-640x360} until=${7:-}
dir=$(mktemp -d)
cat > "$dir/playlist.json" <<JSON
{"crossfade": $crossfade, "hold": 0, "entries": [
 {"scene": "hero", "seconds": 1.5},
 {"video": "$red", "seconds": 1.5},
 {"video": "$blue", "seconds": 1.5},
 {"scene": "cards", "seconds": 1.5}]}
JSON
here=$(cd "$(dirname "$0")" && pwd)
cat > "$dir/run.sh" <<RUN
#!/bin/bash
"$lumen" --kiosk --playlist "$dir/playlist.json" --size $size --exit-after $(( ${seconds%.*} + 6 )) > "${TMPDIR:-/tmp}/switch-frames.log" 2>&1 &
kiosk=\$!
# Counting starts once the kiosk shows its first entry.
for _ in \$(seq 300); do grep -q "playlist entry 1 of 4" "${TMPDIR:-/tmp}/switch-frames.log" 2>/dev/null && break; sleep 0.1; done
/usr/bin/python3 "$here/switch-frames.py" $seconds --json --size $size --video red=C83232 --video blue=3250C8 --order scene,red,blue ${SWITCH_FRAMES_RUNS:+--runs} ${until:+--until-switches $until}
kill \$kiosk 2>/dev/null
wait
RUN
chmod +x "$dir/run.sh"
xvfb-run -a -s "-screen 0 ${size}x24" "$dir/run.sh"
rm -rf "$dir"
