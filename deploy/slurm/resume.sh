#!/usr/bin/env bash
# Finishes a sharded roth run after some parts failed (killed, timed out, node lost): submits
# the parts that have no part file again, as array tasks with their own IDs (so part I is
# still part I of N), and the merge after them.
#
# usage: deploy/slurm/resume.sh atpg|testgen|score INPUT N WORK [sbatch options...]
# Prints the new array's job ID (or "-" when no part was missing) and the merge's job ID.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 4 ]; then
    sed -n '2,8p' "$0" >&2
    exit 2
fi
kind=$1 input=$(realpath "$2") n=$3 work=$(realpath -m "$4")
shift 4
export ROTH_KIND=$kind ROTH_INPUT=$input ROTH_PARTS=$work/parts ROTH_OUT=$work/out
export ROTH_SHARD_COUNT=$n ROTH_DEPLOY=$here
missing=()
for i in $(seq 1 "$n"); do
    [ -e "$work/parts/part-$i.json" ] || missing+=("$i")
done
if [ ${#missing[@]} -eq 0 ]; then
    merge=$(sbatch --parsable --export=ALL -o "$work/logs/merge-%j.out" "$@" \
        "$here/roth-merge.sbatch")
    echo "- ${merge%%;*}"
    exit 0
fi
list=$(IFS=,; echo "${missing[*]}")
array=$(sbatch --parsable --array="$list" --export=ALL -o "$work/logs/part-%A_%a.out" "$@" \
    "$here/roth-$kind.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency="afterok:$array" --kill-on-invalid-dep=yes --export=ALL \
    -o "$work/logs/merge-%j.out" "$@" "$here/roth-merge.sbatch")
echo "$array ${merge%%;*}"
