#!/usr/bin/env bash
# Projects the wall time of a sharded roth run on N machines (default 64) from this one: each
# of the N parts is run here one after the other, alone, on one thread (as a cluster node's
# task of one CPU would run it), and the merge of the N parts is run and timed for real. The
# projection is the slowest part plus the merge plus the scheduler's overhead (the seconds from
# submission to the end of a one-task array and its merge on the one-node Slurm of
# scripts/slurm-check.sh; give it as OVERHEAD, default 2). Prints one Markdown row:
# input, one run on 2 threads, one run on 1 thread, the slowest part, the median part, the
# merge, the projection.
#
# usage: scripts/shard-projection.sh INPUT [N]     (INPUT: a .bench circuit or a Java folder)
set -euo pipefail
cd "$(dirname "$0")/.."
input=$1 n=${2:-64} overhead=${OVERHEAD:-2}
if [ -z "${ROTH:-}" ]; then
    cargo build --release --quiet
    ROTH=target/release/roth
fi
if [ -d "$input" ]; then kind=testgen; else kind=atpg; fi
work=$(mktemp -d /tmp/roth-projection.XXXXXX)
now() { date +%s.%N; }
since() { python3 -c "import sys; print(float(sys.argv[1]) - float(sys.argv[2]))" "$(now)" "$1"; }
start=$(now); "$ROTH" -q "$kind" "$input" --threads 2 >/dev/null || true; one2=$(since "$start")
start=$(now); "$ROTH" -q "$kind" "$input" --threads 1 >/dev/null || true; one1=$(since "$start")
times=()
for i in $(seq 1 "$n"); do
    start=$(now)
    "$ROTH" -q "$kind" "$input" --shard "$i/$n" --part "$work/part-$i.json" --threads 1 >/dev/null || true
    times+=("$(since "$start")")
done
start=$(now)
"$ROTH" -q merge "$input" "$work"/part-*.json --threads 2 >/dev/null || true
merge=$(since "$start")
python3 - "$(basename "$input")" "$one2" "$one1" "$merge" "$overhead" "${times[@]}" <<'PY'
import statistics, sys
name, one2, one1, merge, overhead = sys.argv[1], *map(float, sys.argv[2:6])
parts = [float(t) for t in sys.argv[6:]]
slowest, median = max(parts), statistics.median(parts)
projection = slowest + merge + overhead
print(f"| {name} | {one2:.2f} | {one1:.2f} | {slowest:.2f} | {median:.2f} | {merge:.2f} | {projection:.2f} |")
PY
rm -rf "$work"
