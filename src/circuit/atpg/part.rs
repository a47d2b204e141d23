//! The part file of a sharded `roth atpg` run: what one part of the collapsed faults produced
//! (its patterns and the faults it detected, proved untestable and gave up on), as `roth atpg
//! --shard I/N --part FILE` writes it and `roth merge CIRCUIT PART...` reads it; and the
//! merge's checks that a set of part files is one whole run of this circuit. The cut itself is
//! [`shards`](super::shards); the merge's simulation and compaction is [`merge`](super::merge).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::AtpgResult;
use crate::circuit::bench::write_bench;
use crate::circuit::fault::{FaultId, FaultUniverse};
use crate::circuit::netlist::Netlist;
use crate::flow::Status;
use crate::flow::shard::{self, PartSetError, ReadPartError, Shard};

/// The version of the part file format.
pub(crate) const PART_VERSION: u32 = 1;

/// The command line that makes the parts, for the refusal of an incomplete set.
const HOW: &str = "roth atpg --shard I/N --part ...";

/// A part of a sharded run, as `roth atpg --part` writes it and `roth merge` reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartFile {
    /// The format's version.
    pub roth_part: u32,
    pub circuit: String,
    /// Of the circuit as normalized .bench: parts of different circuits are not merged.
    pub fingerprint: String,
    /// (I, N): part I of N, from 1.
    pub shard: (usize, usize),
    /// Collapsed faults of the whole circuit.
    pub collapsed: usize,
    /// Patterns in scan-view input order, one string of 0/1 each.
    pub patterns: Vec<String>,
    pub detected: Vec<String>,
    pub untestable: Vec<String>,
    pub aborted: Vec<String>,
}

impl PartFile {
    /// The part file of `result`, the outcome of part `shard` of `netlist`'s collapsed faults.
    pub fn new(
        netlist: &Netlist,
        universe: &FaultUniverse,
        result: &AtpgResult,
        shard: Shard,
    ) -> PartFile {
        let names = |status| result.target_names(netlist, universe, status);
        PartFile {
            roth_part: PART_VERSION,
            circuit: netlist.name().to_owned(),
            fingerprint: fingerprint(netlist),
            shard: (shard.index, shard.count),
            collapsed: universe.collapsed().len(),
            patterns: result
                .patterns
                .iter()
                .map(|p| p.iter().map(|&b| if b { '1' } else { '0' }).collect())
                .collect(),
            detected: names(Status::Detected),
            untestable: names(Status::Untestable),
            aborted: names(Status::Aborted),
        }
    }
}

/// A circuit's fingerprint: of its normalized .bench text.
pub(crate) fn fingerprint(netlist: &Netlist) -> String {
    shard::fingerprint(&write_bench(netlist))
}

/// Why a set of part files cannot be merged for a circuit.
#[derive(Debug, thiserror::Error)]
pub enum PartError {
    #[error(transparent)]
    Read(#[from] ReadPartError),
    /// A part of `roth testgen` or `roth score` (its `kind`), given with a circuit.
    #[error(
        "{}: a part of roth {kind}; merge it with the Java file or folder it was made from",
        path.display()
    )]
    ProgramPart { path: PathBuf, kind: String },
    #[error("{}: not a part file of roth atpg --part", path.display())]
    NotAPart {
        path: PathBuf,
        source: serde_json::Error,
    },
    /// The part's fingerprint is not the circuit's (`input`, as given to the merge).
    #[error(
        "{}: made from another circuit ({circuit}), not {}",
        path.display(),
        input.display()
    )]
    OtherCircuit {
        path: PathBuf,
        circuit: String,
        input: PathBuf,
    },
    #[error(transparent)]
    Set(#[from] PartSetError),
    /// Pattern `number` (from 1) is not `width` bits.
    #[error(
        "{}: pattern {number} is not {width} bits of 0 and 1",
        path.display()
    )]
    BadPattern {
        path: PathBuf,
        number: usize,
        width: usize,
    },
    #[error("{}: no fault named `{name}` in the circuit", path.display())]
    NoSuchFault { path: PathBuf, name: String },
}

/// What the merge takes of a whole set of parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenedParts {
    /// Every part's patterns, in the order of the part files given.
    pub tests: Vec<Vec<bool>>,
    /// The collapsed faults the parts proved untestable.
    pub untestable: Vec<FaultId>,
    /// N.
    pub count: usize,
}

/// Reads the part files at `paths` and checks that they are one whole run of `netlist` (read
/// from `input`): each a part of `roth atpg` made from this circuit, all N parts of one run,
/// every pattern as wide as the circuit's inputs, every untestable fault one of its faults.
pub fn open_parts(
    netlist: &Netlist,
    universe: &FaultUniverse,
    input: &Path,
    paths: &[PathBuf],
) -> Result<OpenedParts, PartError> {
    let print = fingerprint(netlist);
    let mut parts: Vec<(PathBuf, PartFile)> = Vec::new();
    for path in paths {
        let value = shard::read_part(path)?;
        if let Some(kind) = value.get("kind").and_then(|k| k.as_str()) {
            return Err(PartError::ProgramPart {
                path: path.clone(),
                kind: kind.to_owned(),
            });
        }
        let part: PartFile =
            serde_json::from_value(value).map_err(|source| PartError::NotAPart {
                path: path.clone(),
                source,
            })?;
        if part.fingerprint != print {
            return Err(PartError::OtherCircuit {
                path: path.clone(),
                circuit: part.circuit,
                input: input.to_path_buf(),
            });
        }
        parts.push((path.clone(), part));
    }
    let count = shard::check_complete(
        parts
            .iter()
            .map(|(path, part)| (path.as_path(), part.shard)),
        HOW,
    )?;
    let width = netlist.inputs().len();
    let mut tests = Vec::new();
    let mut untestable = Vec::new();
    for (path, part) in &parts {
        for (k, p) in part.patterns.iter().enumerate() {
            let bits: Option<Vec<bool>> = p
                .chars()
                .map(|c| match c {
                    '0' => Some(false),
                    '1' => Some(true),
                    _ => None,
                })
                .collect();
            match bits {
                Some(bits) if bits.len() == width => tests.push(bits),
                _ => {
                    return Err(PartError::BadPattern {
                        path: path.clone(),
                        number: k + 1,
                        width,
                    });
                }
            }
        }
        for name in &part.untestable {
            let id = universe
                .find(netlist, name)
                .ok_or_else(|| PartError::NoSuchFault {
                    path: path.clone(),
                    name: name.clone(),
                })?;
            untestable.push(id);
        }
    }
    Ok(OpenedParts {
        tests,
        untestable,
        count,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::bench::parse_bench;

    const C17: &str = "INPUT(1)\nINPUT(2)\nINPUT(3)\nINPUT(6)\nINPUT(7)\nOUTPUT(22)\nOUTPUT(23)\n\
        10 = NAND(1, 3)\n11 = NAND(3, 6)\n16 = NAND(2, 11)\n19 = NAND(11, 7)\n\
        22 = NAND(10, 16)\n23 = NAND(16, 19)\n";

    fn c17() -> Netlist {
        parse_bench(C17, "c17", "c17.bench").unwrap().netlist
    }

    /// Part `index` of 2 of c17, as `roth atpg --shard` makes it.
    fn part(netlist: &Netlist, universe: &FaultUniverse, index: usize) -> PartFile {
        let shard = Shard { index, count: 2 };
        let options = super::super::AtpgOptions {
            shard: Some(shard),
            ..super::super::AtpgOptions::default()
        };
        let result = super::super::run(netlist, universe, &options, &mut |_| {}).unwrap();
        PartFile::new(netlist, universe, &result, shard)
    }

    /// A scratch folder of this test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("roth-atpg-part-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn write(dir: &Path, name: &str, part: &PartFile) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, serde_json::to_string_pretty(part).unwrap()).unwrap();
        path
    }

    #[test]
    fn a_part_file_round_trips_and_keeps_its_field_order() {
        let netlist = c17();
        let universe = FaultUniverse::new(&netlist);
        let first = part(&netlist, &universe, 1);
        assert_eq!(first.shard, (1, 2));
        assert_eq!(first.collapsed, 22);
        assert!(first.patterns.iter().all(|p| p.len() == 5));
        assert_eq!(first.fingerprint, fingerprint(&netlist));
        let text = serde_json::to_string_pretty(&first).unwrap();
        let keys: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("  \""))
            .filter_map(|l| l.split('"').next())
            .collect();
        assert_eq!(
            keys,
            [
                "roth_part",
                "circuit",
                "fingerprint",
                "shard",
                "collapsed",
                "patterns",
                "detected",
                "untestable",
                "aborted"
            ]
        );
        let read: PartFile = serde_json::from_str(&text).unwrap();
        assert_eq!(read, first);
    }

    #[test]
    fn the_merge_opens_a_whole_set_and_names_what_is_wrong() {
        let netlist = c17();
        let universe = FaultUniverse::new(&netlist);
        let dir = scratch("open");
        let (one, two) = (part(&netlist, &universe, 1), part(&netlist, &universe, 2));
        let p1 = write(&dir, "p1.json", &one);
        let p2 = write(&dir, "p2.json", &two);
        let input = Path::new("c17.bench");
        let open = |paths: &[&PathBuf]| {
            let paths: Vec<PathBuf> = paths.iter().map(|&p| p.clone()).collect();
            open_parts(&netlist, &universe, input, &paths)
        };
        let opened = open(&[&p2, &p1]).unwrap();
        assert_eq!(opened.count, 2);
        assert_eq!(opened.tests.len(), one.patterns.len() + two.patterns.len());
        // c17 has no redundant fault.
        assert!(opened.untestable.is_empty());
        let message = |paths: &[&PathBuf]| open(paths).unwrap_err().to_string();
        assert_eq!(
            message(&[&p2]),
            "incomplete set of parts: part 1 of 2 missing; run it (`roth atpg --shard I/N --part ...`) and merge again"
        );
        assert_eq!(
            message(&[&p1, &p1]),
            format!("{} and {} are both part 1 of 2", p1.display(), p1.display())
        );
        let mut other = one.clone();
        other.fingerprint = "0000000000000000".into();
        other.circuit = "c18".into();
        let po = write(&dir, "other.json", &other);
        assert_eq!(
            message(&[&po, &p2]),
            format!(
                "{}: made from another circuit (c18), not c17.bench",
                po.display()
            )
        );
        let mut narrow = one.clone();
        narrow.patterns.push("0101".into());
        let pn = write(&dir, "narrow.json", &narrow);
        assert_eq!(
            message(&[&pn, &p2]),
            format!(
                "{}: pattern {} is not 5 bits of 0 and 1",
                pn.display(),
                narrow.patterns.len()
            )
        );
        let mut unknown = one.clone();
        unknown.untestable.push("99 sa0".into());
        let pu = write(&dir, "unknown.json", &unknown);
        assert_eq!(
            message(&[&pu, &p2]),
            format!("{}: no fault named `99 sa0` in the circuit", pu.display())
        );
        let program = dir.join("program.json");
        std::fs::write(&program, r#"{"roth_part": 1, "kind": "testgen"}"#).unwrap();
        assert_eq!(
            message(&[&program]),
            format!(
                "{}: a part of roth testgen; merge it with the Java file or folder it was made from",
                program.display()
            )
        );
        let empty = dir.join("empty.json");
        std::fs::write(&empty, "{}").unwrap();
        assert!(message(&[&empty]).starts_with(&format!(
            "{}: not a part file of roth atpg --part",
            empty.display()
        )));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
