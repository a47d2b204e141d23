#!/usr/bin/env bash
# Submits a sharded roth run to Slurm: a job array of N parts, then the merge as a job that
# depends on all of them (afterok; if a part fails, the merge is cancelled instead of waiting
# forever, and resume.sh finishes the run).
#
# usage: deploy/slurm/submit.sh atpg|testgen|score INPUT N WORK [sbatch options...]
#   WORK gets parts/ (part-I.json), logs/ and out/ (report.json, and patterns.test for atpg or
#   junit/ for testgen). For score, pass the tests in ROTH_ARGS="--tests report.json".
# Prints the array's job ID and the merge's job ID.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 4 ]; then
    sed -n '2,11p' "$0" >&2
    exit 2
fi
kind=$1 input=$(realpath "$2") n=$3 work=$(realpath -m "$4")
shift 4
case "$kind" in atpg|testgen|score) ;; *) echo "unknown kind $kind" >&2; exit 2 ;; esac
mkdir -p "$work/parts" "$work/logs" "$work/out"
export ROTH_KIND=$kind ROTH_INPUT=$input ROTH_PARTS=$work/parts ROTH_OUT=$work/out
export ROTH_SHARD_COUNT=$n ROTH_DEPLOY=$here
array=$(sbatch --parsable --array="1-$n" --export=ALL -o "$work/logs/part-%A_%a.out" "$@" \
    "$here/roth-$kind.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes --export=ALL \
    -o "$work/logs/merge-%j.out" "$@" "$here/roth-merge.sbatch")
echo "$array ${merge%%;*}"
