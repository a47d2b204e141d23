#!/usr/bin/env bash
# Runs roth and quaigh (the SAT-based ATPG peer) on the same circuits, one after the other, and
# prints, side by side: patterns, roth's proven lower bound on any complete test set and the
# ratio of each tool's patterns to it, coverage of the full stuck-at fault list and of the
# collapsed one (both pattern sets graded by `roth fsim`, so on the same fault universe), and
# wall-clock seconds.
#
# Usage: scripts/compare-quaigh.sh [CIRCUIT.bench ...]
#   With no circuit, the ISCAS-85 set from ../shared/circuits/iscas85.
# Environment:
#   ROTH    roth binary (default: target/release/roth, built with `cargo build --release` if absent)
#   QUAIGH  quaigh binary (default: ../shared/peers/quaigh; skipped with a message if absent)
#   THREADS roth's --threads (default: all cores; quaigh picks its own)
#   OUT     folder for the pattern files and reports (default: a new temporary folder)
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
roth=${ROTH:-$here/target/release/roth}
quaigh=${QUAIGH:-$here/../shared/peers/quaigh}
out=${OUT:-$(mktemp -d -t roth-vs-quaigh.XXXXXX)}
mkdir -p "$out"

if [[ ! -x $roth ]]; then
    (cd "$here" && cargo build --release --quiet)
fi
have_quaigh=1
if [[ ! -x $quaigh ]]; then
    echo "quaigh not found at $quaigh: its columns are left empty (set QUAIGH to its binary)" >&2
    have_quaigh=0
fi

circuits=("$@")
if [[ ${#circuits[@]} -eq 0 ]]; then
    suite=$here/../shared/circuits/iscas85
    if [[ ! -d $suite ]]; then
        echo "no circuits given and no ISCAS-85 folder at $suite" >&2
        exit 2
    fi
    circuits=("$suite"/*.bench)
fi

threads=()
if [[ -n ${THREADS:-} ]]; then
    threads=(--threads "$THREADS")
fi

# Seconds since the epoch, with nanoseconds.
now() { date +%s.%N; }

# grade NETLIST PATTERNS -> "patterns coverage collapsed_coverage" from `roth fsim`.
grade() {
    local report=$out/fsim.json
    if ! "$roth" fsim "$1" "$2" --report "$report" --force -q > /dev/null 2>&1; then
        echo "- - -"
        return
    fi
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["patterns"], "%.3f" % r["coverage"], "%.3f" % r["collapsed_coverage"])' "$report"
}

# ratio PATTERNS BOUND -> patterns / bound with two decimals, or "-".
ratio() {
    if [[ $1 =~ ^[0-9]+$ && $2 =~ ^[0-9]+$ && $2 -gt 0 ]]; then
        printf '%.2f' "$(echo "scale=4; $1 / $2" | bc)"
    else
        echo -
    fi
}

printf '%-12s | %6s | %8s %6s %9s %9s %8s | %8s %6s %9s %9s %8s\n' circuit bound "roth pat" ratio \
    "cover %" "coll. %" seconds "quaigh" ratio "cover %" "coll. %" seconds
printf -- '-%.0s' {1..118}
echo
for circuit in "${circuits[@]}"; do
    name=$(basename "$circuit" .bench)
    start=$(now)
    bound=-
    if "$roth" atpg "$circuit" --patterns "$out/$name.roth.test" --report "$out/$name.roth.json" \
        --force -q "${threads[@]}" > /dev/null; then
        roth_seconds=$(echo "$(now) - $start" | bc)
        read -r rp rc rcc <<< "$(grade "$circuit" "$out/$name.roth.test")"
        bound=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["lower_bound"])' \
            "$out/$name.roth.json")
    else
        roth_seconds=failed rp=- rc=- rcc=-
    fi
    qp=- qc=- qcc=- quaigh_seconds=-
    if [[ $have_quaigh -eq 1 ]]; then
        start=$(now)
        if "$quaigh" atpg "$circuit" -o "$out/$name.quaigh.test" > "$out/$name.quaigh.log" 2>&1; then
            quaigh_seconds=$(echo "$(now) - $start" | bc)
            read -r qp qc qcc <<< "$(grade "$circuit" "$out/$name.quaigh.test")"
        else
            quaigh_seconds=failed
        fi
    fi
    fmt() { [[ $1 =~ ^[0-9.]+$ ]] && printf '%.2f' "$1" || printf '%s' "$1"; }
    printf '%-12s | %6s | %8s %6s %9s %9s %8s | %8s %6s %9s %9s %8s\n' "$name" "$bound" "$rp" \
        "$(ratio "$rp" "$bound")" "$rc" "$rcc" "$(fmt "$roth_seconds")" "$qp" "$(ratio "$qp" "$bound")" \
        "$qc" "$qcc" "$(fmt "$quaigh_seconds")"
done
echo "pattern files and logs: $out" >&2
