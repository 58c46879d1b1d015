#!/bin/bash
# Writes the soaks' playlist to FILE: the scenes given (every scene but home by default), 20 s
# each, a 0.8-s cross-fade and no hold (so random touches do not keep it on one entry).
#   scripts/soak-playlist.sh FILE [scene …]
set -u
file=$1; shift
[ $# -gt 0 ] || set -- gallery spoiler hero gradient transitions cards scroll-lab curves swatches
entries=""
for s in "$@"; do entries="$entries${entries:+, }{\"scene\": \"$s\", \"seconds\": 20}"; done
echo "{\"crossfade\": 0.8, \"hold\": 0, \"entries\": [$entries]}" > "$file"
