//! What every sharded command shares: which part this run is (`--shard I/N` or `auto` from the
//! batch scheduler's environment) and the merge's check that a set of parts is one whole run.

use std::path::Path;

use anyhow::Context;

use super::{BadInput, CliError, bad_input};
use roth::flow::Shard;

/// The part a sharded run works on: `I/N`, or `auto` from the scheduler's environment.
///
/// Under Slurm, a job array's task is the part: with `ROTH_SHARD_COUNT` set, the task ID is
/// the part itself (submit `--array=1-N`; a failed part I is resubmitted alone with
/// `--array=I` and is still part I of N); without it, the tasks of the array are the parts in
/// order (`SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN + 1` of `SLURM_ARRAY_TASK_COUNT`, so
/// `--array=0-7` works too). Under a Kubernetes Indexed Job, the part is
/// `JOB_COMPLETION_INDEX + 1` of `ROTH_SHARD_COUNT` (Kubernetes does not export the number of
/// completions).
pub fn parse(text: &str) -> Result<Shard, CliError> {
    let env =
        |name: &str| -> Result<Option<usize>, CliError> {
            match std::env::var(name) {
                Err(_) => Ok(None),
                Ok(v) => v.trim().parse::<usize>().map(Some).map_err(|_| {
                    bad_input(format!("--shard auto: {name}={v} is not a whole number"))
                }),
            }
        };
    let (index, count) = if text == "auto" {
        if let Some(id) = env("SLURM_ARRAY_TASK_ID")? {
            match env("ROTH_SHARD_COUNT")? {
                Some(count) => (id, count),
                None => {
                    let count = env("SLURM_ARRAY_TASK_COUNT")?.ok_or_else(|| {
                        bad_input("--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not")
                    })?;
                    let min = env("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
                    (id.checked_sub(min).map_or(0, |i| i + 1), count)
                }
            }
        } else if let Some(index) = env("JOB_COMPLETION_INDEX")? {
            let count = env("ROTH_SHARD_COUNT")?.ok_or_else(|| {
                bad_input("--shard auto under a Kubernetes Indexed Job needs ROTH_SHARD_COUNT (the job's completions)")
            })?;
            (index + 1, count)
        } else {
            return Err(bad_input(
                "--shard auto: no scheduler index in the environment (SLURM_ARRAY_TASK_ID of a Slurm job array, or JOB_COMPLETION_INDEX of a Kubernetes Indexed Job)",
            ));
        }
    } else {
        let parsed = text
            .split_once('/')
            .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)));
        parsed.ok_or_else(|| bad_input(format!("--shard {text}: write I/N, e.g. 2/8, or auto")))?
    };
    if count == 0 || index == 0 || index > count {
        return Err(bad_input(format!(
            "--shard: part {index} of {count} does not exist (parts are 1 to N)"
        )));
    }
    Ok(Shard { index, count })
}

/// Checks that `parts` (each file with its `(I, N)`) are all the parts of one run: the same N,
/// each part once, none missing (the missing ones are named, with `how` to make them).
/// Returns N.
pub fn check_complete<'p>(
    parts: impl IntoIterator<Item = (&'p Path, (usize, usize))>,
    how: &str,
) -> Result<usize, CliError> {
    let parts: Vec<(&Path, (usize, usize))> = parts.into_iter().collect();
    let Some(&(first, (_, count))) = parts.first() else {
        return Err(bad_input("no part files given"));
    };
    let mut seen: Vec<Option<&Path>> = vec![None; count + 1];
    for &(path, (index, n)) in &parts {
        if n != count {
            return Err(bad_input(format!(
                "{}: part of a run in {n} parts, but {} is of a run in {count}",
                path.display(),
                first.display()
            )));
        }
        if index == 0 || index > count {
            return Err(bad_input(format!(
                "{}: part {index} of {count} does not exist",
                path.display()
            )));
        }
        if let Some(other) = seen[index] {
            return Err(bad_input(format!(
                "{} and {} are both part {index} of {count}",
                other.display(),
                path.display()
            )));
        }
        seen[index] = Some(path);
    }
    let missing: Vec<String> = (1..=count)
        .filter(|&i| seen[i].is_none())
        .map(|i| i.to_string())
        .collect();
    if !missing.is_empty() {
        return Err(bad_input(format!(
            "incomplete set of parts: part{} {} of {count} missing; run {} (`{how}`) and merge again",
            if missing.len() > 1 { "s" } else { "" },
            missing.join(", "),
            if missing.len() > 1 { "them" } else { "it" },
        )));
    }
    Ok(count)
}

/// A part file, read as JSON (each merge then reads it as its command's part).
pub fn read_part(path: &Path) -> Result<serde_json::Value, CliError> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {}", path.display()))
        .bad_input()?;
    serde_json::from_str(&text)
        .with_context(|| format!("{}: not a part file", path.display()))
        .bad_input()
}
