#!/usr/bin/env bash
# Sharded roth runs on a real Slurm cluster of one node (issue 17), called by .ci/run:
#
# 1. installs Debian's slurm-wlm and munge when they are missing (as root, with apt-get),
#    starts munged, and slurmctld and slurmd on this machine (two CPUs, no accounting), with
#    their own configuration, state and logs in a scratch folder;
# 2. for c7552 (roth atpg, when ../shared/circuits is there) and for the teaching programs
#    (roth testgen over a copy of programs/*.java): submits the job array of two parts and the merge as a job
#    that depends on it (deploy/slurm/submit.sh), cancels one part while it runs (scancel), checks
#    that the merge was cancelled with it and that `roth merge` refuses the parts left and names
#    the missing one, resubmits the missing part with deploy/slurm/resume.sh, and checks the
#    merged result against a single run: for c7552 the same untestable faults, no aborted fault,
#    at most 10 % + 2 more patterns, and `roth fsim` of the merged patterns detecting as many
#    faults; for the programs the same killed, equivalent and unknown mutants in every file, at
#    most 10 % + 2 more tests, a JUnit class per file, and `roth score` of the merged tests, itself
#    sharded and merged on the cluster, killing every mutant the report calls killed;
# 3. stops the daemons.
#
# Where Slurm cannot run (no apt-get, not root, a daemon that does not start), it says why and
# exits 0: the check is skipped, not failed. Any wrong result exits 1.
#
# With ROTH_SLURM_TIMING=1 it then times clean runs of N = 1 and 2 parts on the cluster (from
# the submission to the merge's end) for c7552, s38417 and the programs, beside one run of roth
# outside Slurm, and prints a table.
#
# usage: scripts/slurm-check.sh            (ROTH=path/to/roth to use another binary)
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

skip() {
    echo "slurm-check: skipped: $*"
    exit 0
}
fail() {
    echo "slurm-check: FAILED: $*" >&2
    exit 1
}
say() {
    echo "slurm-check: $*"
}

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null \
    || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        say "installing slurm-wlm and munge"
        apt-get update -qq >/dev/null \
            && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null \
            || skip "could not install slurm-wlm and munge"
    else
        skip "Slurm is not installed and cannot be (needs root and apt-get)"
    fi
fi
command -v python3 >/dev/null || skip "python3 (which compares the reports) is missing"

if [ -z "${ROTH:-}" ]; then
    cargo build --release --quiet
    ROTH=$repo/target/release/roth
fi
export ROTH

work=$(mktemp -d /tmp/roth-slurm.XXXXXX)
slurm=$work/slurm
mkdir -p "$slurm/state" "$slurm/spool" "$slurm/log"

# munge: the key Debian's package made, or a new one.
if ! munge -n </dev/null >/dev/null 2>&1; then
    if [ ! -s /etc/munge/munge.key ]; then
        mkdir -p /etc/munge
        dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none
        chown munge:munge /etc/munge/munge.key 2>/dev/null || true
        chmod 400 /etc/munge/munge.key
    fi
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    chown munge:munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null || true
    if id munge >/dev/null 2>&1; then
        su -s /bin/sh munge -c "munged" 2>/dev/null || munged --force 2>/dev/null || true
    else
        munged --force 2>/dev/null || true
    fi
    sleep 1
    munge -n </dev/null >/dev/null 2>&1 || skip "munged does not start"
fi

host=$(hostname -s)
export SLURM_CONF=$slurm/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=roth
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$slurm/state
SlurmdSpoolDir=$slurm/spool
SlurmctldPidFile=$slurm/slurmctld.pid
SlurmdPidFile=$slurm/slurmd.pid
SlurmctldLogFile=$slurm/log/slurmctld.log
SlurmdLogFile=$slurm/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=3600
MpiDefault=none
NodeName=$host CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

stop_daemons() {
    for d in slurmd slurmctld; do
        if [ -s "$slurm/$d.pid" ]; then
            kill "$(cat "$slurm/$d.pid")" 2>/dev/null || true
        fi
    done
}
trap stop_daemons EXIT

slurmctld -c -i 2>"$slurm/log/slurmctld.err" || skip "slurmctld does not start: $(cat "$slurm/log/slurmctld.err")"
slurmd -c 2>"$slurm/log/slurmd.err" || skip "slurmd does not start: $(cat "$slurm/log/slurmd.err")"
for _ in $(seq 1 60); do
    state=$(sinfo -h -n "$host" -o %t 2>/dev/null || true)
    [ "$state" = idle ] && break
    sleep 0.5
done
[ "$state" = idle ] || skip "the node did not come up (state '$state'; see $slurm/log)"
say "one-node cluster up ($host, 2 CPUs); work in $work"

# Waits until none of the given jobs is pending or running.
wait_jobs() {
    local deadline=$((SECONDS + 1800))
    while [ -n "$(squeue -h -j "$(IFS=,; echo "$*")" -o %i 2>/dev/null)" ]; do
        [ $SECONDS -lt $deadline ] || fail "jobs $* did not end in 30 minutes"
        sleep 0.5
    done
}

# The state Slurm gives a job (array tasks as ARRAY_TASK).
job_state() {
    scontrol show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1
}

# Cancels task $2 of array $1 once it runs, after $3 seconds of running; the task's state.
cancel_running() {
    local array=$1 task=$2 after=$3 deadline=$((SECONDS + 600)) state=""
    while :; do
        state=$(squeue -h -j "${array}_$task" -o %T 2>/dev/null || true)
        [ "$state" = RUNNING ] && break
        [ -z "$state" ] && [ -n "$(job_state "${array}_$task")" ] && break
        [ $SECONDS -lt $deadline ] || fail "task ${array}_$task never ran"
        sleep 0.05
    done
    if [ "$state" = RUNNING ]; then
        sleep "$after"
        scancel "${array}_$task"
        say "cancelled task ${array}_$task while it ran"
    else
        fail "task ${array}_$task ended before it could be cancelled"
    fi
}

# One sharded run with a part killed: submit, cancel, check the merge was cancelled and the
# merge refuses the incomplete set, resume, wait. $1 kind, $2 input, $3 work, $4 task to
# cancel, $5 seconds it runs first, then extra ROTH_ARGS in the environment.
run_with_a_failure() {
    local kind=$1 input=$2 dir=$3 victim=$4 after=$5
    local ids array merge
    ids=$(deploy/slurm/submit.sh "$kind" "$input" 2 "$dir")
    read -r array merge <<<"$ids"
    say "$kind: array $array, merge $merge"
    cancel_running "$array" "$victim" "$after"
    wait_jobs "$array" "$merge"
    [ "$(job_state "$merge")" = CANCELLED ] \
        || fail "$kind: the merge is $(job_state "$merge"), not cancelled after a part failed"
    [ ! -e "$dir/parts/part-$victim.json" ] || fail "$kind: the cancelled part left a part file"
    local others
    others=$(ls "$dir"/parts/part-*.json)
    if "$ROTH" merge "$input" $others >"$dir/refused.out" 2>"$dir/refused.err"; then
        fail "$kind: roth merge ran on an incomplete set of parts"
    fi
    grep -q "part $victim of 2 missing" "$dir/refused.err" \
        || fail "$kind: the refusal does not name part $victim: $(cat "$dir/refused.err")"
    say "$kind: the merge refuses the incomplete set: $(cat "$dir/refused.err")"
    ids=$(deploy/slurm/resume.sh "$kind" "$input" 2 "$dir")
    read -r array merge <<<"$ids"
    say "$kind: resubmitted part $victim as $array, merge $merge"
    wait_jobs "$array" "$merge"
    [ -e "$dir/parts/part-$victim.json" ] || fail "$kind: the resubmitted part wrote no part file"
    [ -s "$dir/out/report.json" ] || fail "$kind: the merge wrote no report ($(cat "$dir"/logs/merge-*.out 2>/dev/null))"
}

circuit=../shared/circuits/iscas85/c7552.bench
if [ -e "$circuit" ]; then
    mkdir -p "$work/single-atpg"
    "$ROTH" -q atpg "$circuit" --report "$work/single-atpg/report.json" \
        --patterns "$work/single-atpg/patterns.test" >/dev/null
    run_with_a_failure atpg "$circuit" "$work/atpg" 2 0.2
    python3 - "$work/single-atpg/report.json" "$work/atpg/out/report.json" <<'EOF' || fail "c7552: the merge differs from one run"
import json, sys
one, merged = (json.load(open(p)) for p in sys.argv[1:3])
assert sorted(one["untestable"]) == sorted(merged["untestable"]), "untestable faults differ"
assert merged["aborted"] == [], f"aborted: {merged['aborted']}"
assert merged["detected"] == one["detected"], (merged["detected"], one["detected"])
assert merged["patterns"] <= one["patterns"] * 1.1 + 2, (merged["patterns"], one["patterns"])
print(f"slurm-check: c7552: merged {merged['patterns']} patterns, one run {one['patterns']}; "
      f"{len(merged['untestable'])} untestable in both, none aborted")
EOF
    "$ROTH" -q fsim "$circuit" "$work/atpg/out/patterns.test" --report "$work/atpg/fsim.json" >/dev/null \
        || fail "c7552: roth fsim disagrees with the merged patterns"
    python3 - "$work/single-atpg/report.json" "$work/atpg/fsim.json" <<'EOF' || fail "c7552: fault simulation of the merged patterns"
import json, sys
one, fsim = (json.load(open(p)) for p in sys.argv[1:3])
assert fsim["detected"] == one["detected"], (fsim["detected"], one["detected"])
print(f"slurm-check: c7552: roth fsim of the merged patterns: {fsim['detected']} faults detected, as one run")
EOF
else
    say "c7552 skipped: $circuit is absent"
fi

# The teaching programs (programs/*.java, a minute of testgen): what is checked here is the
# scheduler's side (parts, a failure, the merge), not the generator, which the tests check on
# every program folder; programs/objects would add a quarter of an hour to each run.
programs="$work/programs"
mkdir -p "$programs" "$work/single-testgen"
cp programs/*.java "$programs/"
"$ROTH" -q testgen "$programs" --report "$work/single-testgen/report.json" >/dev/null || true
run_with_a_failure testgen "$programs" "$work/testgen" 1 1
python3 - "$work/single-testgen/report.json" "$work/testgen/out/report.json" "$work/testgen/out/junit" <<'EOF' || fail "programs: the merge differs from one run"
import json, os, sys
one, merged = (json.load(open(p)) for p in sys.argv[1:3])
junit = sys.argv[3]
assert [f["file"] for f in one["files"]] == [f["file"] for f in merged["files"]]
for a, b in zip(one["files"], merged["files"]):
    # Files are never cut and one run merges its own tests: the same result, tests included.
    for key in ("mutants", "killed", "equivalent", "unknown", "tests"):
        assert a[key] == b[key], f"{a['file']}: {key} differ"
    if b["tests"]:
        assert os.path.exists(b["junit"]), f"no JUnit class for {b['file']}"
t1, tm = one["totals"]["tests"], merged["totals"]["tests"]
print(f"slurm-check: programs: merged {tm} tests, one run {t1}; "
      f"{merged['totals']['killed']} killed, {merged['totals']['equivalent']} equivalent, "
      f"{merged['totals']['unknown']} unknown in both")
EOF

# The merged tests scored on the cluster, in two parts.
ids=$(ROTH_ARGS="--tests $work/testgen/out/report.json" deploy/slurm/submit.sh score "$programs" 2 "$work/score")
read -r array merge <<<"$ids"
wait_jobs "$array" "$merge"
python3 - "$work/testgen/out/report.json" "$work/score/out/report.json" <<'EOF' || fail "programs: the sharded score differs from the report"
import json, sys
report, score = (json.load(open(p)) for p in sys.argv[1:3])
for a, b in zip(report["files"], score["files"]):
    killed = sorted(r["id"] for r in b["results"] if r["status"] == "killed")
    assert killed == sorted(a["killed"]), f"{a['file']}: the score kills {killed}, the report {a['killed']}"
print(f"slurm-check: programs: roth score of the merged tests, sharded: {score['totals']['killed']} killed, as the report says")
EOF

say "passed"

if [ "${ROTH_SLURM_TIMING:-0}" = 1 ]; then
    # Seconds from the submission of the array to the end of the merge.
    timed_run() {
        local kind=$1 input=$2 n=$3 dir=$4 start ids array merge
        start=$(date +%s.%N)
        ids=$(deploy/slurm/submit.sh "$kind" "$input" "$n" "$dir")
        read -r array merge <<<"$ids"
        wait_jobs "$array" "$merge"
        [ "$(job_state "$merge")" = COMPLETED ] || [ "$kind" = testgen ] \
            || fail "timing: $kind $input: the merge is $(job_state "$merge")"
        python3 -c "import sys; print(float(sys.argv[1]) - float(sys.argv[2]))" "$(date +%s.%N)" "$start"
    }
    echo "| input | one run, 2 threads (s) | N = 1 on Slurm (s) | N = 2 on Slurm (s) |"
    echo "|---|---:|---:|---:|"
    for input in ../shared/circuits/iscas85/c7552.bench ../shared/circuits/iscas89/s38417.bench programs; do
        [ -e "$input" ] || continue
        if [ -d "$input" ]; then kind=testgen; else kind=atpg; fi
        start=$(date +%s.%N)
        "$ROTH" -q "$kind" "$input" --threads 2 >/dev/null || true
        one=$(python3 -c "import sys; print(float(sys.argv[1]) - float(sys.argv[2]))" "$(date +%s.%N)" "$start")
        t1=$(timed_run "$kind" "$input" 1 "$work/time-$kind-$(basename "$input")-1")
        t2=$(timed_run "$kind" "$input" 2 "$work/time-$kind-$(basename "$input")-2")
        printf "| %s | %.2f | %.2f | %.2f |\n" "$(basename "$input")" "$one" "$t1" "$t2"
    done
fi
