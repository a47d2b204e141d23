//! Sharding a campaign over machines: the targets cut into N deterministic parts, each run as
//! a campaign of its own (on a node of a batch scheduler's job array), the parts' results merged
//! by simulating every part's tests over every target and compacting again. Both models shard
//! the same way: they order their targets so that targets that share tests come together (a
//! circuit's output cones, a program's methods) and weigh each by its estimated difficulty;
//! [`cut`] then makes parts of about equal weight.
//!
//! What every sharded command shares lives here too: which part a run is (`--shard I/N`, or
//! `auto` from the batch scheduler's environment, [`Shard::parse`]), reading a part file
//! ([`read_part`]) and the merge's check that a set of parts is one whole run
//! ([`check_complete`]). Their errors carry the messages the command line prints.

use std::path::{Path, PathBuf};

/// One of `count` parts of a sharded run, `index` from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

/// Why `--shard` names no part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// A scheduler variable that `auto` reads is not a whole number.
    #[error("--shard auto: {name}={value} is not a whole number")]
    NotAWholeNumber { name: String, value: String },
    #[error("--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not")]
    NoSlurmCount,
    #[error(
        "--shard auto under a Kubernetes Indexed Job needs ROTH_SHARD_COUNT (the job's completions)"
    )]
    NoKubernetesCount,
    #[error(
        "--shard auto: no scheduler index in the environment (SLURM_ARRAY_TASK_ID of a Slurm job array, or JOB_COMPLETION_INDEX of a Kubernetes Indexed Job)"
    )]
    NoSchedulerIndex,
    /// The text is neither `I/N` nor `auto`.
    #[error("--shard {0}: write I/N, e.g. 2/8, or auto")]
    Syntax(String),
    #[error("--shard: part {index} of {count} does not exist (parts are 1 to N)")]
    NoSuchPart { index: usize, count: usize },
}

impl Shard {
    /// The part a sharded run works on: `I/N`, or `auto` from the scheduler's environment.
    ///
    /// Under Slurm, a job array's task is the part: with `ROTH_SHARD_COUNT` set, the task ID
    /// is the part itself (submit `--array=1-N`; a failed part I is resubmitted alone with
    /// `--array=I` and is still part I of N); without it, the tasks of the array are the parts
    /// in order (`SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN + 1` of `SLURM_ARRAY_TASK_COUNT`,
    /// so `--array=0-7` works too). Under a Kubernetes Indexed Job, the part is
    /// `JOB_COMPLETION_INDEX + 1` of `ROTH_SHARD_COUNT` (Kubernetes does not export the number
    /// of completions).
    pub fn parse(text: &str) -> Result<Shard, ShardError> {
        Shard::parse_in(text, |name| std::env::var(name).ok())
    }

    /// [`Shard::parse`] with the environment given as a lookup (`None`: the variable is not
    /// set), so that `auto` can be worked out without the process's environment.
    pub(crate) fn parse_in(
        text: &str,
        environment: impl Fn(&str) -> Option<String>,
    ) -> Result<Shard, ShardError> {
        let env =
            |name: &str| -> Result<Option<usize>, ShardError> {
                match environment(name) {
                    None => Ok(None),
                    Some(v) => v.trim().parse::<usize>().map(Some).map_err(|_| {
                        ShardError::NotAWholeNumber {
                            name: name.to_owned(),
                            value: v,
                        }
                    }),
                }
            };
        let (index, count) = if text == "auto" {
            if let Some(id) = env("SLURM_ARRAY_TASK_ID")? {
                match env("ROTH_SHARD_COUNT")? {
                    Some(count) => (id, count),
                    None => {
                        let count =
                            env("SLURM_ARRAY_TASK_COUNT")?.ok_or(ShardError::NoSlurmCount)?;
                        let min = env("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
                        (id.checked_sub(min).map_or(0, |i| i + 1), count)
                    }
                }
            } else if let Some(index) = env("JOB_COMPLETION_INDEX")? {
                let count = env("ROTH_SHARD_COUNT")?.ok_or(ShardError::NoKubernetesCount)?;
                (index + 1, count)
            } else {
                return Err(ShardError::NoSchedulerIndex);
            }
        } else {
            let parsed = text
                .split_once('/')
                .and_then(|(i, n)| Some((i.trim().parse().ok()?, n.trim().parse().ok()?)));
            parsed.ok_or_else(|| ShardError::Syntax(text.to_owned()))?
        };
        if count == 0 || index == 0 || index > count {
            return Err(ShardError::NoSuchPart { index, count });
        }
        Ok(Shard { index, count })
    }
}

/// Why a set of part files is not all the parts of one run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartSetError {
    #[error("no part files given")]
    Empty,
    /// `path` is part of a run in `count` parts, `first` of one in `first_count`.
    #[error(
        "{}: part of a run in {count} parts, but {} is of a run in {first_count}",
        path.display(),
        first.display()
    )]
    OtherCount {
        path: PathBuf,
        count: usize,
        first: PathBuf,
        first_count: usize,
    },
    #[error("{}: part {index} of {count} does not exist", path.display())]
    NoSuchPart {
        path: PathBuf,
        index: usize,
        count: usize,
    },
    #[error(
        "{} and {} are both part {index} of {count}",
        first.display(),
        second.display()
    )]
    Duplicate {
        first: PathBuf,
        second: PathBuf,
        index: usize,
        count: usize,
    },
    /// Parts `missing` (from 1) of `count` are not in the set; `how` is the command that makes
    /// them.
    #[error(
        "incomplete set of parts: part{} {} of {count} missing; run {} (`{how}`) and merge again",
        if missing.len() > 1 { "s" } else { "" },
        missing.iter().map(usize::to_string).collect::<Vec<_>>().join(", "),
        if missing.len() > 1 { "them" } else { "it" }
    )]
    Incomplete {
        missing: Vec<usize>,
        count: usize,
        how: String,
    },
}

/// Checks that `parts` (each file with its `(I, N)`) are all the parts of one run: the same N,
/// each part once, none missing (the missing ones are named, with `how` to make them).
/// Returns N.
pub(crate) fn check_complete<'p>(
    parts: impl IntoIterator<Item = (&'p Path, (usize, usize))>,
    how: &str,
) -> Result<usize, PartSetError> {
    let parts: Vec<(&Path, (usize, usize))> = parts.into_iter().collect();
    let Some(&(first, (_, count))) = parts.first() else {
        return Err(PartSetError::Empty);
    };
    let mut seen: Vec<Option<&Path>> = vec![None; count + 1];
    for &(path, (index, n)) in &parts {
        if n != count {
            return Err(PartSetError::OtherCount {
                path: path.to_path_buf(),
                count: n,
                first: first.to_path_buf(),
                first_count: count,
            });
        }
        if index == 0 || index > count {
            return Err(PartSetError::NoSuchPart {
                path: path.to_path_buf(),
                index,
                count,
            });
        }
        if let Some(other) = seen[index] {
            return Err(PartSetError::Duplicate {
                first: other.to_path_buf(),
                second: path.to_path_buf(),
                index,
                count,
            });
        }
        seen[index] = Some(path);
    }
    let missing: Vec<usize> = (1..=count).filter(|&i| seen[i].is_none()).collect();
    if !missing.is_empty() {
        return Err(PartSetError::Incomplete {
            missing,
            count,
            how: how.to_owned(),
        });
    }
    Ok(count)
}

/// Why a part file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadPartError {
    #[error("cannot read {}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: not a part file", path.display())]
    NotJson {
        path: PathBuf,
        source: serde_json::Error,
    },
}

/// A part file, read as JSON (each merge then reads it as its command's part).
pub(crate) fn read_part(path: &Path) -> Result<serde_json::Value, ReadPartError> {
    let text = std::fs::read_to_string(path).map_err(|source| ReadPartError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    serde_json::from_str(&text).map_err(|source| ReadPartError::NotJson {
        path: path.to_path_buf(),
        source,
    })
}

/// The part (from 0) of each item of a sequence of `weights`, cutting the sequence into
/// `count` consecutive runs of about equal total weight: an item goes to the part whose share
/// of the total its middle falls in. Deterministic, and order-preserving (so the models'
/// orders keep related targets together). With fewer items than parts, some parts are empty.
pub(crate) fn cut(weights: &[u64], count: usize) -> Vec<usize> {
    let count = count.max(1);
    let total: u128 = weights.iter().map(|&w| u128::from(w)).sum::<u128>().max(1);
    let mut so_far: u128 = 0;
    weights
        .iter()
        .map(|&w| {
            let middle = so_far * 2 + u128::from(w);
            so_far += u128::from(w);
            ((middle * count as u128 / (2 * total)) as usize).min(count - 1)
        })
        .collect()
}

/// A fingerprint of the text a part was made from (FNV-1a, 64 bits, in hex): parts made from
/// different inputs are not merged.
pub fn fingerprint(text: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_consecutive_and_about_equal() {
        let weights: Vec<u64> = (0..100).map(|k| 1 + k % 7).collect();
        for count in 1..=8 {
            let parts = cut(&weights, count);
            assert!(parts.windows(2).all(|w| w[0] <= w[1]), "consecutive");
            let mut sums = vec![0u64; count];
            for (w, p) in weights.iter().zip(&parts) {
                sums[*p] += w;
            }
            let total: u64 = weights.iter().sum();
            let share = total / count as u64;
            for s in sums {
                // Off by at most the heaviest item (7) on either side.
                assert!(s + 7 >= share && s <= share + 7, "{s} against {share}");
            }
        }
    }

    /// `--shard` outside a scheduler: no variable is set.
    fn parse(text: &str) -> Result<Shard, String> {
        Shard::parse_in(text, |_| None).map_err(|e| e.to_string())
    }

    #[test]
    fn shard_text_names_one_part_of_n() {
        assert_eq!(parse("1/4"), Ok(Shard { index: 1, count: 4 }));
        assert_eq!(parse(" 4 / 4 "), Ok(Shard { index: 4, count: 4 }));
        let no_part = |i, n| format!("--shard: part {i} of {n} does not exist (parts are 1 to N)");
        assert_eq!(parse("0/4"), Err(no_part(0, 4)));
        assert_eq!(parse("5/4"), Err(no_part(5, 4)));
        assert_eq!(parse("1/0"), Err(no_part(1, 0)));
        assert_eq!(
            parse("a/b"),
            Err("--shard a/b: write I/N, e.g. 2/8, or auto".to_owned())
        );
        assert_eq!(
            parse("3"),
            Err("--shard 3: write I/N, e.g. 2/8, or auto".to_owned())
        );
    }

    #[test]
    fn auto_reads_the_schedulers_index() {
        let auto = |vars: &[(&str, &str)]| {
            let vars: Vec<(String, String)> = vars
                .iter()
                .map(|&(n, v)| (n.to_owned(), v.to_owned()))
                .collect();
            Shard::parse_in("auto", move |name| {
                vars.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone())
            })
            .map_err(|e| e.to_string())
        };
        // A Slurm array 0-7: task 3 is the fourth part of eight.
        assert_eq!(
            auto(&[
                ("SLURM_ARRAY_TASK_ID", "3"),
                ("SLURM_ARRAY_TASK_MIN", "0"),
                ("SLURM_ARRAY_TASK_COUNT", "8")
            ]),
            Ok(Shard { index: 4, count: 8 })
        );
        // With ROTH_SHARD_COUNT the task ID is the part itself (a resubmitted part).
        assert_eq!(
            auto(&[
                ("SLURM_ARRAY_TASK_ID", "3"),
                ("SLURM_ARRAY_TASK_COUNT", "1"),
                ("ROTH_SHARD_COUNT", "8")
            ]),
            Ok(Shard { index: 3, count: 8 })
        );
        // A Kubernetes Indexed Job counts from 0.
        assert_eq!(
            auto(&[("JOB_COMPLETION_INDEX", "0"), ("ROTH_SHARD_COUNT", "2")]),
            Ok(Shard { index: 1, count: 2 })
        );
        assert_eq!(
            auto(&[("JOB_COMPLETION_INDEX", "0")]),
            Err("--shard auto under a Kubernetes Indexed Job needs ROTH_SHARD_COUNT (the job's completions)".to_owned())
        );
        assert_eq!(
            auto(&[("SLURM_ARRAY_TASK_ID", "x1")]),
            Err("--shard auto: SLURM_ARRAY_TASK_ID=x1 is not a whole number".to_owned())
        );
        assert_eq!(
            auto(&[("SLURM_ARRAY_TASK_ID", "1")]),
            Err(
                "--shard auto: SLURM_ARRAY_TASK_ID is set but SLURM_ARRAY_TASK_COUNT is not"
                    .to_owned()
            )
        );
        assert!(
            auto(&[])
                .unwrap_err()
                .starts_with("--shard auto: no scheduler index")
        );
    }

    #[test]
    fn a_set_of_parts_is_whole_or_named_incomplete() {
        let check = |parts: &[(&str, (usize, usize))]| {
            check_complete(parts.iter().map(|&(p, s)| (Path::new(p), s)), "make it")
                .map_err(|e| e.to_string())
        };
        assert_eq!(check(&[("b", (2, 2)), ("a", (1, 2))]), Ok(2));
        assert_eq!(
            check(&[("a", (2, 4))]),
            Err("incomplete set of parts: parts 1, 3, 4 of 4 missing; run them (`make it`) and merge again".to_owned())
        );
        assert_eq!(
            check(&[("a", (2, 2))]),
            Err(
                "incomplete set of parts: part 1 of 2 missing; run it (`make it`) and merge again"
                    .to_owned()
            )
        );
        assert_eq!(
            check(&[("a", (1, 2)), ("b", (1, 2))]),
            Err("a and b are both part 1 of 2".to_owned())
        );
        assert_eq!(
            check(&[("a", (1, 2)), ("b", (2, 3))]),
            Err("b: part of a run in 3 parts, but a is of a run in 2".to_owned())
        );
        assert_eq!(
            check(&[("a", (3, 2))]),
            Err("a: part 3 of 2 does not exist".to_owned())
        );
        assert_eq!(check(&[]), Err("no part files given".to_owned()));
    }

    #[test]
    fn a_part_file_that_is_missing_or_not_json_is_named() {
        let dir = std::env::temp_dir().join(format!("roth-read-part-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let missing = dir.join("missing.json");
        let e = read_part(&missing).unwrap_err();
        assert!(matches!(e, ReadPartError::Read { .. }));
        assert_eq!(e.to_string(), format!("cannot read {}", missing.display()));
        let text = dir.join("text.json");
        std::fs::write(&text, "not json").unwrap();
        let e = read_part(&text).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("{}: not a part file", text.display())
        );
        std::fs::write(&text, r#"{"shard": [1, 2]}"#).unwrap();
        assert_eq!(read_part(&text).unwrap()["shard"][1], 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn few_items_leave_parts_empty_not_out_of_range() {
        assert_eq!(cut(&[5], 4), vec![2]);
        assert_eq!(cut(&[], 3), Vec::<usize>::new());
        assert_eq!(cut(&[0, 0], 2), vec![0, 0]);
    }
}
