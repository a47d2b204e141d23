#!/usr/bin/env bash
# Draws the pictures and pages docs/tutorial.md shows (c17 with fault 16 sa1, Mid with
# mutant 16) into DIR (default: docs/). The test `tutorial_pictures_are_current` runs this
# into a scratch folder and compares the files with the ones shipped.
#   scripts/tutorial-pictures.sh [DIR]
# Uses $ROTH when set, else builds roth with cargo.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-docs}"
mkdir -p "$out"
if [ -n "${ROTH:-}" ]; then
  roth=("$ROTH")
else
  cargo build --release --quiet
  roth=(target/release/roth)
fi
c17=(explain circuits/c17.bench --fault "16 sa1" --force)
"${roth[@]}" "${c17[@]}" --circuit-svg "$out/c17-16sa1-step1.svg" --step 1 >/dev/null
"${roth[@]}" "${c17[@]}" --circuit-svg "$out/c17-16sa1.svg" --svg "$out/c17-16sa1-tree.svg" >/dev/null
"${roth[@]}" "${c17[@]}" --format html -o "$out/c17-16sa1.html"
mid=(explain programs/Mid.java --mutant 16 --force)
"${roth[@]}" "${mid[@]}" --cfg-svg "$out/mid-16-step3.svg" --step 3 >/dev/null
"${roth[@]}" "${mid[@]}" --cfg-svg "$out/mid-16.svg" --svg "$out/mid-16-tree.svg" >/dev/null
"${roth[@]}" "${mid[@]}" --format html -o "$out/mid-16.html"
