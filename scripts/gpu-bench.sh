#!/usr/bin/env bash
# The GPU renderer against Cairo on one machine, in one run: every scene and transitions
# variant, `lumen bench` with GL at 1280×800, 3840×2160 and 7680×4320 px, Cairo on 2 and 8
# threads at 1280×800 and 3840×2160 px; one JSON object a line (with "case" and "round" fields)
# on stdout. GL at 1280×800 runs in three rounds (the CPU's figures: take the median of three).
#   scripts/gpu-bench.sh [lumen] [frames] > bench.jsonl
# Headless: GL through EGL (LUMEN_EGL_PLATFORM=device on a GPU server with no display).
set -u
lumen=${1:-.build/release/lumen}
frames=${2:-120}
cases="home: gallery: spoiler: hero: gradient: transitions: swatches: cards: scroll-lab: curves:"
for v in none scale opacity offset scale-opacity view-aligned interactive-3d; do cases="$cases transitions:$v"; done
run() { # case size scale renderer [threads] [round]
  local s=${1%%:*} v=${1#*:} extra=()
  [ -n "$v" ] && extra=(--set variant="$v")
  [ -n "${5:-}" ] && extra+=(--threads "$5")
  timeout 120 "$lumen" bench --renderer "$4" --scene "$s" "${extra[@]}" --size "$2" --scale "$3" --frames "$frames" --json \
    | sed "s/^{/{\"case\": \"$1\", \"round\": ${6:-1}, /"
}
for c in $cases; do run "$c" 1280x800 1 gl "" 1; run "$c" 1920x1080 2 gl; run "$c" 3840x2160 2 gl; done
# The CPU's figures at 1280 × 800 move with the load of a shared server: two more rounds, each
# over every case, so a passing load touches one round of a case (report the median of three).
for round in 2 3; do for c in $cases; do run "$c" 1280x800 1 gl "" $round; done; done
for c in $cases; do for t in 2 8; do run "$c" 1280x800 1 cairo $t; run "$c" 1920x1080 2 cairo $t; done; done
