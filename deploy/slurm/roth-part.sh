#!/usr/bin/env bash
# One part of a sharded roth run, as a task of a Slurm job array (or by hand): the part is the
# array task's ID (ROTH_SHARD_COUNT is N), and the part file is written to
# $ROTH_PARTS/part-I.json. roth's exit code 1 means "done, but some fault was aborted or some
# mutant is unknown": another part's tests may still settle it, so with the part written the
# task has succeeded and the merge may run.
#
# Environment: ROTH_KIND (atpg, testgen or score), ROTH_INPUT (the circuit, or the Java file or
# folder), ROTH_PARTS (folder of part files), ROTH_SHARD_COUNT (N), optional ROTH (the
# binary, default `roth` on PATH) and ROTH_ARGS (more options, e.g. `--tests t.json` for score).
set -uo pipefail
: "${ROTH_KIND:?atpg, testgen or score}" "${ROTH_INPUT:?the circuit or Java folder}"
: "${ROTH_PARTS:?the folder of part files}" "${ROTH_SHARD_COUNT:?the number of parts}"
: "${SLURM_ARRAY_TASK_ID:?run as a task of a job array: sbatch --array=1-N}"
part="$ROTH_PARTS/part-$SLURM_ARRAY_TASK_ID.json"
# shellcheck disable=SC2086 # ROTH_ARGS is a list of options
"${ROTH:-roth}" -q "$ROTH_KIND" "$ROTH_INPUT" --shard auto --part "$part" --force \
    --threads "${SLURM_CPUS_PER_TASK:-1}" ${ROTH_ARGS:-}
status=$?
if [ "$status" -le 1 ] && [ -e "$part" ]; then
    exit 0
fi
exit "$status"
