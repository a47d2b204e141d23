#!/usr/bin/env bash
# Every output roth writes on the shipped circuits and programs (and a few public benchmark
# circuits when ../shared/circuits is there), with times and memory masked, into one folder.
# Run it with the binary before and after a change that must not change behaviour, then diff
# the two folders:
#
#   scripts/snapshot.sh target/release/roth /tmp/before     # on the old commit
#   scripts/snapshot.sh target/release/roth /tmp/after      # on the new one
#   diff -r /tmp/before /tmp/after
#
# Reports' seconds, times and memory peaks are replaced by 0 (JSON) or # (tables); nothing else
# is touched, so any other difference is a change of behaviour.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 ROTH_BINARY OUTPUT_FOLDER" >&2
  exit 2
fi
roth=$(realpath "$1")
out=$2
here=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out"
mkdir -p "$out"
out=$(realpath "$out")
cd "$here"

# Masks times and memory in every file of the snapshot folder, in place.
mask() {
  python3 - "$out" <<'PY'
import json, os, re, sys

TIMED = re.compile(r"seconds|time|memory|elapsed|_ms$|wall|cpu", re.I)

def scrub(value, key=""):
    if isinstance(value, dict):
        return {k: scrub(v, k) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub(v, key) for v in value]
    if isinstance(value, (int, float)) and not isinstance(value, bool) and TIMED.search(key):
        return 0
    return value

DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+(?![\w.%])(?!\s*%)")
for root, _, files in os.walk(sys.argv[1]):
    for name in files:
        path = os.path.join(root, name)
        with open(path, "rb") as f:
            data = f.read()
        try:
            text = data.decode()
        except UnicodeDecodeError:
            continue
        if name.endswith(".json"):
            try:
                text = json.dumps(scrub(json.loads(text)), indent=1, sort_keys=True) + "\n"
            except ValueError:
                pass
        elif name.endswith((".txt", ".out", ".err")):
            lines = []
            for line in text.split("\n"):
                if line.strip().startswith("memory"):
                    line = "memory (measured)"
                lines.append(DECIMAL.sub("#", line))
            text = "\n".join(lines)
        with open(path, "w") as f:
            f.write(text)
PY
}

# run NAME ARGS...: stdout to NAME.out, stderr to NAME.err, exit code to NAME.code.
run() {
  local name=$1
  shift
  mkdir -p "$(dirname "$out/$name")"
  set +e
  "$roth" "$@" >"$out/$name.out" 2>"$out/$name.err"
  echo $? >"$out/$name.code"
  set -e
}

circuits=(circuits/*.bench)
if [ -d ../shared/circuits ]; then
  for c in c432 c880 c1908 c3540 c6288 c7552; do
    circuits+=("../shared/circuits/iscas85/$c.bench")
  done
  circuits+=(../shared/circuits/iscas89/s1196.bench ../shared/circuits/iscas89/s5378.bench)
fi

for c in "${circuits[@]}"; do
  n=$(basename "$c" .bench)
  d=circuit/$n
  mkdir -p "$out/$d"
  run "$d/stats" stats "$c" --json
  run "$d/stats-table" stats "$c"
  run "$d/faults-all" faults "$c" --list all
  run "$d/faults-collapsed" faults "$c" --list collapsed --classes
  run "$d/faults-dominance" faults "$c" --list dominance
  run "$d/bench" bench "$c"
  run "$d/atpg" atpg "$c" -q --patterns "$out/$d/patterns.json" --report "$out/$d/report.json" --detail
  run "$d/atpg-test" atpg "$c" -q --patterns "$out/$d/patterns.test" --compact fast
  run "$d/atpg-stil" atpg "$c" -q --patterns "$out/$d/patterns.stil" --no-learning --fill 0
  run "$d/fsim" fsim "$c" "$out/$d/patterns.json" --report "$out/$d/fsim.json" --detail
  run "$d/fsim-random" fsim "$c" --random 200 --seed 3
  run "$d/random" random "$c" -n 16 --seed 7 -o "$out/$d/random.test"
  run "$d/random-stil" random "$c" -n 16 --seed 7 -o "$out/$d/random.stil"
  for i in 1 2 3; do
    run "$d/part$i" atpg "$c" -q --shard "$i/3" --part "$out/$d/part$i.json"
  done
  run "$d/merge" merge "$c" "$out/$d/part1.json" "$out/$d/part2.json" "$out/$d/part3.json" \
    -q --patterns "$out/$d/merged.json" --report "$out/$d/merged-report.json"
done

# Explain on circuits: the first collapsed faults of c17 and a few of the others.
for c in circuits/c17.bench circuits/chain3.bench circuits/adder8.bench; do
  n=$(basename "$c" .bench)
  d=explain/$n
  mkdir -p "$out/$d"
  k=0
  while read -r fault; do
    k=$((k + 1))
    [ $k -gt 6 ] && break
    run "$d/$k-text" explain "$c" --fault "$fault"
    run "$d/$k-fan" explain "$c" --fault "$fault" --strategy fan --learning
    run "$d/$k-json" explain "$c" --fault "$fault" --format json \
      --svg "$out/$d/$k-tree.svg" --circuit-svg "$out/$d/$k-circuit.svg" --step 2
    run "$d/$k-html" explain "$c" --fault "$fault" --format html -o "$out/$d/$k.html"
  done < <("$roth" faults "$c" --list collapsed)
done

for kind in adder multiplier wallace parity comparator mux barrel alu divider max chain random; do
  run "gen/$kind" gen "$kind" 6 --seed 5
done
run gen/random-dffs gen random 40 --seed 5 --dffs 4

run solve/figure-4-3 solve constraints/figure-4-3.txt
run solve/all solve constraints/figure-4-3.txt --all 3 --values random --seed 2
run analogy/text analogy
run analogy/markdown analogy --format markdown

for p in programs/*.java; do
  n=$(basename "$p" .java)
  d=program/$n
  mkdir -p "$out/$d"
  run "$d/mutate" mutate "$p" --json
  run "$d/mutate-table" mutate "$p"
  run "$d/collapse" mutate "$p" --collapse --json
  run "$d/equiv" equiv "$p" --json
  run "$d/equiv-table" equiv "$p"
  run "$d/testgen" testgen "$p" -q --out "$out/$d/${n}Test.java" --report "$out/$d/testgen.json"
  run "$d/score" score "$p" --tests "$out/$d/testgen.json" --json
  for m in $(jq -r '[.mutants[].method] | unique | .[]' "$out/$d/mutate.out" | sed 's/(.*//'); do
    run "$d/cfg-$m" cfg "$p" --method "$m" --svg "$out/$d/cfg-$m.svg" --dot "$out/$d/cfg-$m.dot"
  done
  for id in $(jq -r '.mutants[].id' "$out/$d/mutate.out" | awk 'NR % 23 == 1'); do
    run "$d/explain-$id" explain "$p" --mutant "$id"
    run "$d/explain-$id-json" explain "$p" --mutant "$id" --format json \
      --svg "$out/$d/explain-$id-tree.svg" --cfg-svg "$out/$d/explain-$id-cfg.svg" --step 3
  done
done
run program/Mid/explain-html explain programs/Mid.java --mutant 16 --format html -o "$out/program/Mid/explain-16.html"
run program/Triangle/exec exec programs/Triangle.java --method classify -- 3 4 5
run program/QuickSort/exec exec programs/QuickSort.java --method sort -- '{5, 2, 4, 1, 3}'
run program/ablation ablation programs/Mid.java programs/Triangle.java programs/Gcd.java --json

# The code base: one run, two parts merged, the score over the folder.
run codebase/testgen testgen programs -q --out-dir "$out/codebase/junit" --report "$out/codebase/report.json"
run codebase/part1 testgen programs -q --shard 1/2 --part "$out/codebase/part1.json"
run codebase/part2 testgen programs -q --shard 2/2 --part "$out/codebase/part2.json"
run codebase/merge merge programs "$out/codebase/part1.json" "$out/codebase/part2.json" -q \
  --out-dir "$out/codebase/merged" --report "$out/codebase/merged.json"
run codebase/score score programs --tests "$out/codebase/report.json" --json

# Paths of the snapshot folder itself appear in some outputs; make them relative.
grep -rlF "$out" "$out" | xargs -r sed -i "s#$out#SNAPSHOT#g"
mask
echo "snapshot in $out: $(find "$out" -type f | wc -l) files"
