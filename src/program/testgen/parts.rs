//! The part files of a sharded `roth testgen FOLDER` and `roth score FOLDER`, the pieces of
//! the code-base reports they share, and the merge's checks that a set of parts is one whole
//! run: every part of N (see [`check_complete`](crate::flow::shard::check_complete)), made
//! with the same settings from the same version of the code base as it is now (the files that
//! changed, are new or are gone are named), each mutant in exactly one part. The counterpart
//! of the circuit side's [`atpg::part`](crate::circuit::atpg::part); the cut is
//! [`method_parts`](super::codebase::method_parts).

use std::path::{Path, PathBuf};

use hashbrown::HashMap;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::testfile::tests_to_json;
use super::{Fate, Found, Generated};
use crate::flow::shard::{self, PartSetError, ReadPartError};
use crate::program::Unit;
use crate::program::mutants::mutant::Mutant;
use crate::program::proofs::equivalence::Rule;

/// The version of the part file format.
pub const PART_VERSION: u32 = 1;

/// A file of the code base as a run saw it: parts of a different version of the code base are
/// not merged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileSeen {
    /// The path below the code base's folder.
    pub file: String,
    /// Of the file's text ([`fingerprint`](crate::flow::shard::fingerprint)).
    pub fingerprint: String,
}

impl FileSeen {
    /// The file at `file` whose text is `text`.
    pub fn new(file: String, text: &str) -> FileSeen {
        FileSeen {
            file,
            fingerprint: shard::fingerprint(text),
        }
    }
}

/// A file of the code base that could not be read or checked, and why (the reports'
/// `errors`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileError {
    pub file: String,
    pub error: String,
}

/// The settings a part was made with: parts made with different ones are not merged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub seed: u64,
    pub step_limit: u64,
    pub operators: Vec<String>,
}

/// A part of a sharded `roth testgen`, as `--part` writes it and `roth merge` reads it. It
/// holds no times, so the same part run again gives the same file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TestgenPart {
    pub roth_part: u32,
    /// `testgen`.
    pub kind: String,
    pub root: String,
    /// (I, N): part I of N, from 1.
    pub shard: (usize, usize),
    pub settings: Settings,
    /// Every file of the code base as the part saw it.
    pub code_base: Vec<FileSeen>,
    /// The files this part has mutants of.
    pub results: Vec<FileResult>,
}

/// One file's share of a part.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FileResult {
    pub file: String,
    /// Ids of the mutants this part worked on (those of its methods).
    pub mutants: Vec<u32>,
    pub killed: Vec<u32>,
    pub equivalent: Vec<(u32, Rule)>,
    pub unknown: Vec<(u32, String)>,
    /// The tests, in roth's test format.
    pub tests: Vec<serde_json::Value>,
    pub found_by: Found,
}

impl FileResult {
    /// The share of `file` (its path below the code base's folder): the outcome `generated`
    /// of test generation on `mutants` of `unit`.
    pub fn new(file: String, unit: &Unit, mutants: &[Mutant], generated: &Generated) -> FileResult {
        let g = generated;
        let mut result = FileResult {
            file,
            mutants: mutants.iter().map(|m| m.id).collect(),
            killed: Vec::new(),
            equivalent: Vec::new(),
            unknown: Vec::new(),
            tests: tests_to_json(unit, &g.tests),
            found_by: g.found,
        };
        for (m, f) in mutants.iter().zip(&g.fates) {
            match f {
                Fate::Killed(_) => result.killed.push(m.id),
                Fate::Equivalent(rule) => result.equivalent.push((m.id, rule.clone())),
                Fate::Unknown(reason) => result.unknown.push((m.id, reason.clone())),
            }
        }
        result
    }
}

/// The settings a score part was made with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreSettings {
    pub step_limit: u64,
    pub operators: Vec<String>,
    /// Of the test file: parts scored with different tests are not merged.
    pub tests: String,
}

/// A part of a sharded `roth score`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScorePart {
    pub roth_part: u32,
    /// `score`.
    pub kind: String,
    pub root: String,
    pub shard: (usize, usize),
    pub settings: ScoreSettings,
    pub code_base: Vec<FileSeen>,
    pub results: Vec<ScoreResult>,
}

/// One file's verdicts in a score part, or in the whole score.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScoreResult {
    pub file: String,
    /// The file's tests.
    pub tests: usize,
    /// Ids of the mutants scored.
    pub mutants: Vec<u32>,
    /// One row per mutant: its identity, `status` and `killed_by`.
    pub rows: Vec<serde_json::Value>,
}

impl ScoreResult {
    /// The rows whose status is `killed`.
    pub fn killed(&self) -> usize {
        self.rows.iter().filter(|r| r["status"] == "killed").count()
    }
}

/// What the merge needs of a part of `roth testgen FOLDER` or `roth score FOLDER`: the two part
/// formats differ only in their settings and in what they found per file.
pub trait CodeBasePart {
    type Settings: PartialEq + std::fmt::Debug;
    type FileResult;
    /// The part's `kind`, the command that makes it.
    const KIND: &'static str;
    /// The command line that makes such parts, for the refusal of an incomplete set.
    const HOW: &'static str;
    fn shard(&self) -> (usize, usize);
    fn settings(&self) -> &Self::Settings;
    fn operators(settings: &Self::Settings) -> &[String];
    /// Every file of the code base as the part saw it.
    fn code_base(&self) -> &[FileSeen];
    fn results(&self) -> &[Self::FileResult];
    fn file(result: &Self::FileResult) -> &str;
    /// The ids of the mutants of the file that the part worked on.
    fn mutants(result: &Self::FileResult) -> &[u32];
}

impl CodeBasePart for TestgenPart {
    type Settings = Settings;
    type FileResult = FileResult;
    const KIND: &'static str = "testgen";
    const HOW: &'static str = "roth testgen FOLDER --shard I/N --part ...";
    fn shard(&self) -> (usize, usize) {
        self.shard
    }
    fn settings(&self) -> &Settings {
        &self.settings
    }
    fn operators(settings: &Settings) -> &[String] {
        &settings.operators
    }
    fn code_base(&self) -> &[FileSeen] {
        &self.code_base
    }
    fn results(&self) -> &[FileResult] {
        &self.results
    }
    fn file(result: &FileResult) -> &str {
        &result.file
    }
    fn mutants(result: &FileResult) -> &[u32] {
        &result.mutants
    }
}

impl CodeBasePart for ScorePart {
    type Settings = ScoreSettings;
    type FileResult = ScoreResult;
    const KIND: &'static str = "score";
    const HOW: &'static str = "roth score FOLDER --tests T --shard I/N --part ...";
    fn shard(&self) -> (usize, usize) {
        self.shard
    }
    fn settings(&self) -> &ScoreSettings {
        &self.settings
    }
    fn operators(settings: &ScoreSettings) -> &[String] {
        &settings.operators
    }
    fn code_base(&self) -> &[FileSeen] {
        &self.code_base
    }
    fn results(&self) -> &[ScoreResult] {
        &self.results
    }
    fn file(result: &ScoreResult) -> &str {
        &result.file
    }
    fn mutants(result: &ScoreResult) -> &[u32] {
        &result.mutants
    }
}

/// How a file of the code base differs from what the parts saw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileChange {
    /// In the code base, not in the parts'.
    New(String),
    /// In both, with other text.
    Changed(String),
    /// In the parts', not in the code base.
    Gone(String),
}

impl std::fmt::Display for FileChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FileChange::New(file) => write!(f, "{file} is new"),
            FileChange::Changed(file) => write!(f, "{file} changed"),
            FileChange::Gone(file) => write!(f, "{file} is gone"),
        }
    }
}

/// Why a set of parts of a code base cannot be merged.
#[derive(Debug, thiserror::Error)]
pub enum PartsError {
    #[error(transparent)]
    Read(#[from] ReadPartError),
    /// A part of `roth testgen` or `roth score` of another version of the format (`found`, as
    /// the part file spells it).
    #[error(
        "{}: part file version {found}, this roth reads version {PART_VERSION}",
        path.display()
    )]
    Version { path: PathBuf, found: String },
    #[error(
        "{}: not a part of roth testgen or roth score (a circuit's part? merge it with its circuit)",
        path.display()
    )]
    NotCodeBasePart { path: PathBuf },
    /// `first` is a part of `roth first_kind`, `path` of `roth kind`.
    #[error(
        "{} is a part of roth {first_kind}, {} of roth {kind}",
        first.display(),
        path.display()
    )]
    MixedKinds {
        first: PathBuf,
        first_kind: String,
        path: PathBuf,
        kind: String,
    },
    #[error(
        "{}: a part of roth {kind}, which roth merge does not know",
        path.display()
    )]
    UnknownKind { path: PathBuf, kind: String },
    #[error("{}: not a part file of roth {command} --part", path.display())]
    NotAPart {
        path: PathBuf,
        command: &'static str,
        source: serde_json::Error,
    },
    #[error(transparent)]
    Set(#[from] PartSetError),
    /// The settings of `first` and `other`, as Rust's `{:?}` shows them.
    #[error(
        "{} and {} were made with different settings ({first_settings} and {other_settings})",
        first.display(),
        other.display()
    )]
    DifferentSettings {
        first: PathBuf,
        other: PathBuf,
        first_settings: String,
        other_settings: String,
    },
    #[error(
        "{} and {} were made from different versions of the code base",
        first.display(),
        other.display()
    )]
    DifferentCodeBases { first: PathBuf, other: PathBuf },
    /// The code base at `input` is not the one the parts saw.
    #[error(
        "the parts were made from another version of {}: {}",
        input.display(),
        changes.iter().map(FileChange::to_string).collect::<Vec<_>>().join(", ")
    )]
    OtherVersion {
        input: PathBuf,
        changes: Vec<FileChange>,
    },
    #[error(
        "{} and {} both worked on mutant #{id} of {file}",
        first.display(),
        other.display()
    )]
    SharedMutant {
        first: PathBuf,
        other: PathBuf,
        id: u32,
        file: String,
    },
    #[error("mutant #{id} of {file} is in no part (parts made with other settings?)")]
    OrphanMutant { id: u32, file: String },
}

/// The kinds of code-base parts `roth merge` knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartKind {
    Testgen,
    Score,
}

/// A set of part files read as JSON, all of one kind, not yet read as that kind's format.
#[derive(Clone, Debug, PartialEq)]
pub struct RawParts {
    pub kind: PartKind,
    /// Each part file with its JSON, in the order given.
    pub parts: Vec<(PathBuf, serde_json::Value)>,
}

/// Reads the part files at `paths` and checks that they are parts of `roth testgen` or `roth
/// score` of this version of the format, all of one kind.
pub fn read_parts(paths: &[PathBuf]) -> Result<RawParts, PartsError> {
    let mut values: Vec<(PathBuf, serde_json::Value)> = Vec::new();
    for path in paths {
        let value = shard::read_part(path)?;
        if value.get("roth_part").and_then(|v| v.as_u64()) != Some(u64::from(PART_VERSION))
            && value.get("kind").is_some()
        {
            return Err(PartsError::Version {
                path: path.clone(),
                found: value["roth_part"].to_string(),
            });
        }
        values.push((path.clone(), value));
    }
    let Some((first_path, first_value)) = values.first() else {
        return Err(PartSetError::Empty.into());
    };
    let kind = |v: &serde_json::Value| v.get("kind").and_then(|k| k.as_str()).map(str::to_owned);
    let first_kind = kind(first_value);
    for (path, value) in &values {
        match kind(value) {
            None => return Err(PartsError::NotCodeBasePart { path: path.clone() }),
            k if k != first_kind => {
                return Err(PartsError::MixedKinds {
                    first: first_path.clone(),
                    first_kind: first_kind.as_deref().unwrap_or("?").to_owned(),
                    path: path.clone(),
                    kind: k.as_deref().unwrap_or("?").to_owned(),
                });
            }
            _ => {}
        }
    }
    let kind = match first_kind.as_deref() {
        Some("testgen") => PartKind::Testgen,
        Some("score") => PartKind::Score,
        other => {
            return Err(PartsError::UnknownKind {
                path: first_path.clone(),
                kind: other.unwrap_or("?").to_owned(),
            });
        }
    };
    Ok(RawParts {
        kind,
        parts: values,
    })
}

impl RawParts {
    /// The parts read as their command's part format.
    pub fn typed<P: CodeBasePart + DeserializeOwned>(
        self,
    ) -> Result<Vec<(PathBuf, P)>, PartsError> {
        self.parts
            .into_iter()
            .map(|(path, value)| match serde_json::from_value(value) {
                Ok(part) => Ok((path, part)),
                Err(source) => Err(PartsError::NotAPart {
                    path,
                    command: P::KIND,
                    source,
                }),
            })
            .collect()
    }
}

/// Checks that `parts` are all the parts of one run, made with the same settings from the same
/// version of the code base. Returns N.
pub fn check_parts<P: CodeBasePart>(parts: &[(PathBuf, P)]) -> Result<usize, PartsError> {
    let count = shard::check_complete(
        parts
            .iter()
            .map(|(path, part)| (path.as_path(), part.shard())),
        P::HOW,
    )?;
    let (first_path, first) = &parts[0];
    for (path, part) in &parts[1..] {
        if part.settings() != first.settings() {
            return Err(PartsError::DifferentSettings {
                first: first_path.clone(),
                other: path.clone(),
                first_settings: format!("{:?}", first.settings()),
                other_settings: format!("{:?}", part.settings()),
            });
        }
        if part.code_base() != first.code_base() {
            return Err(PartsError::DifferentCodeBases {
                first: first_path.clone(),
                other: path.clone(),
            });
        }
    }
    Ok(count)
}

/// Refuses parts made from another version of the code base at `input` (`theirs`, as the parts
/// saw it, against `ours`, as it is now), naming the files that changed, are new or are gone.
pub fn refuse_changed(
    input: &Path,
    theirs: &[FileSeen],
    ours: &[FileSeen],
) -> Result<(), PartsError> {
    if theirs == ours {
        return Ok(());
    }
    let by_file = |seen: &'_ [FileSeen]| -> HashMap<String, String> {
        seen.iter()
            .map(|f| (f.file.clone(), f.fingerprint.clone()))
            .collect()
    };
    let (their_files, our_files) = (by_file(theirs), by_file(ours));
    let mut changes: Vec<FileChange> = Vec::new();
    for f in ours {
        match their_files.get(&f.file) {
            None => changes.push(FileChange::New(f.file.clone())),
            Some(p) if *p != f.fingerprint => changes.push(FileChange::Changed(f.file.clone())),
            _ => {}
        }
    }
    for f in theirs {
        if !our_files.contains_key(&f.file) {
            changes.push(FileChange::Gone(f.file.clone()));
        }
    }
    Err(PartsError::OtherVersion {
        input: input.to_path_buf(),
        changes,
    })
}

/// Each part's result for `file` (its path below the code base's folder), with the part's
/// path, checking that every one of the file's `mutants` (their ids, in order) is in exactly
/// one part's list.
pub fn file_results<'p, P: CodeBasePart>(
    parts: &'p [(PathBuf, P)],
    file: &str,
    mutants: &[u32],
) -> Result<Vec<(&'p Path, &'p P::FileResult)>, PartsError> {
    let results: Vec<(&Path, &P::FileResult)> = parts
        .iter()
        .filter_map(|(path, part)| {
            let r = part.results().iter().find(|r| P::file(r) == file)?;
            Some((path.as_path(), r))
        })
        .collect();
    let mut owner: HashMap<u32, &Path> = HashMap::new();
    for (path, result) in &results {
        for &id in P::mutants(result) {
            if let Some(other) = owner.insert(id, path) {
                return Err(PartsError::SharedMutant {
                    first: other.to_path_buf(),
                    other: path.to_path_buf(),
                    id,
                    file: file.to_owned(),
                });
            }
        }
    }
    if let Some(&id) = mutants.iter().find(|id| !owner.contains_key(*id)) {
        return Err(PartsError::OrphanMutant {
            id,
            file: file.to_owned(),
        });
    }
    Ok(results)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seen(files: &[(&str, &str)]) -> Vec<FileSeen> {
        files
            .iter()
            .map(|&(file, text)| FileSeen::new(file.to_owned(), text))
            .collect()
    }

    /// Part `index` of `count` of a code base of two files, A.java's mutants 1 to 4 cut by
    /// halves.
    fn part(index: usize, count: usize) -> TestgenPart {
        let mutants: Vec<u32> = if index == 1 { vec![1, 2] } else { vec![3, 4] };
        TestgenPart {
            roth_part: PART_VERSION,
            kind: "testgen".into(),
            root: "code".into(),
            shard: (index, count),
            settings: Settings {
                seed: 1,
                step_limit: 100_000,
                operators: Vec::new(),
            },
            code_base: seen(&[("A.java", "class A {}"), ("b/B.java", "class B {}")]),
            results: vec![FileResult {
                file: "A.java".into(),
                killed: mutants[..1].to_vec(),
                equivalent: vec![(mutants[1], Rule::Region(2))],
                unknown: Vec::new(),
                mutants,
                tests: vec![serde_json::json!({"method": "f", "args": [index]})],
                found_by: Found {
                    d_algorithm: 1,
                    global: 0,
                    targeted: 0,
                },
            }],
        }
    }

    fn named(parts: &[TestgenPart]) -> Vec<(PathBuf, TestgenPart)> {
        parts
            .iter()
            .map(|p| (PathBuf::from(format!("p{}.json", p.shard.0)), p.clone()))
            .collect()
    }

    #[test]
    fn part_files_round_trip_in_field_order() {
        let testgen = part(1, 2);
        let text = serde_json::to_string_pretty(&testgen).unwrap();
        let keys: Vec<&str> = text
            .lines()
            .filter_map(|l| l.strip_prefix("  \""))
            .filter_map(|l| l.split('"').next())
            .collect();
        assert_eq!(
            keys,
            [
                "roth_part",
                "kind",
                "root",
                "shard",
                "settings",
                "code_base",
                "results"
            ]
        );
        // An equivalent mutant is its id and its rule, tagged.
        let written: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            written["results"][0]["equivalent"],
            serde_json::json!([[2, {"rule": "region", "depth": 2}]])
        );
        assert_eq!(serde_json::from_str::<TestgenPart>(&text).unwrap(), testgen);
        let score = ScorePart {
            roth_part: PART_VERSION,
            kind: "score".into(),
            root: "code".into(),
            shard: (2, 3),
            settings: ScoreSettings {
                step_limit: 1_000_000,
                operators: vec!["ROR".into()],
                tests: shard::fingerprint("{}"),
            },
            code_base: seen(&[("A.java", "class A {}")]),
            results: vec![ScoreResult {
                file: "A.java".into(),
                tests: 2,
                mutants: vec![7, 8],
                rows: vec![
                    serde_json::json!({"id": 7, "status": "killed", "killed_by": "t1"}),
                    serde_json::json!({"id": 8, "status": "survived", "killed_by": null}),
                ],
            }],
        };
        assert_eq!(score.results[0].killed(), 1);
        let text = serde_json::to_string_pretty(&score).unwrap();
        assert_eq!(serde_json::from_str::<ScorePart>(&text).unwrap(), score);
    }

    #[test]
    fn a_file_result_sorts_the_mutants_by_fate() {
        let unit = crate::program::load(
            "A.java",
            "class A { static int f(int a) { if (a > 0) { return a + 1; } return a - 1; } }",
        )
        .unwrap();
        let mutants = crate::program::mutants::mutant::generate(&unit).mutants;
        assert!(mutants.len() >= 3);
        let generated = Generated {
            tests: Vec::new(),
            fates: vec![
                Fate::Killed(0),
                Fate::Equivalent(Rule::Compiler),
                Fate::Unknown("budget".into()),
            ],
            phases: Vec::new(),
            counters: Default::default(),
            found: Found::default(),
            shrunk: 0,
        };
        let ids: Vec<u32> = mutants[..3].iter().map(|m| m.id).collect();
        let result = FileResult::new("A.java".into(), &unit, &mutants[..3], &generated);
        assert_eq!(result.mutants, ids);
        assert_eq!(result.killed, [ids[0]]);
        assert_eq!(result.equivalent, [(ids[1], Rule::Compiler)]);
        assert_eq!(result.unknown, [(ids[2], "budget".to_owned())]);
    }

    #[test]
    fn a_set_of_parts_is_refused_unless_whole_and_alike() {
        let message = |parts: &[TestgenPart]| check_parts(&named(parts)).unwrap_err().to_string();
        assert_eq!(check_parts(&named(&[part(2, 2), part(1, 2)])).unwrap(), 2);
        assert_eq!(
            message(&[part(2, 3)]),
            "incomplete set of parts: parts 1, 3 of 3 missing; run them (`roth testgen FOLDER --shard I/N --part ...`) and merge again"
        );
        assert_eq!(
            message(&[part(1, 2), part(1, 2)]),
            "p1.json and p1.json are both part 1 of 2"
        );
        assert_eq!(
            message(&[part(1, 2), part(2, 3)]),
            "p2.json: part of a run in 3 parts, but p1.json is of a run in 2"
        );
        let mut seeded = part(2, 2);
        seeded.settings.seed = 7;
        assert_eq!(
            message(&[part(1, 2), seeded]),
            "p1.json and p2.json were made with different settings (Settings { seed: 1, step_limit: 100000, operators: [] } and Settings { seed: 7, step_limit: 100000, operators: [] })"
        );
        let mut edited = part(2, 2);
        edited.code_base[0].fingerprint = shard::fingerprint("class A { }");
        assert_eq!(
            message(&[part(1, 2), edited]),
            "p1.json and p2.json were made from different versions of the code base"
        );
    }

    #[test]
    fn a_changed_code_base_names_changed_new_and_gone_files() {
        let theirs = seen(&[("A.java", "class A {}"), ("b/B.java", "class B {}")]);
        assert!(refuse_changed(Path::new("code"), &theirs, &theirs).is_ok());
        let ours = seen(&[("A.java", "class A { int x; }"), ("C.java", "class C {}")]);
        let e = refuse_changed(Path::new("code"), &theirs, &ours).unwrap_err();
        assert_eq!(
            e.to_string(),
            "the parts were made from another version of code: A.java changed, C.java is new, b/B.java is gone"
        );
        let PartsError::OtherVersion { changes, .. } = e else {
            panic!("{e}")
        };
        assert_eq!(
            changes,
            [
                FileChange::Changed("A.java".into()),
                FileChange::New("C.java".into()),
                FileChange::Gone("b/B.java".into())
            ]
        );
    }

    #[test]
    fn each_mutant_is_in_exactly_one_part() {
        let parts = named(&[part(1, 2), part(2, 2)]);
        let results = file_results(&parts, "A.java", &[1, 2, 3, 4]).unwrap();
        let paths: Vec<&Path> = results.iter().map(|(p, _)| *p).collect();
        assert_eq!(paths, [Path::new("p1.json"), Path::new("p2.json")]);
        assert!(file_results(&parts, "b/B.java", &[]).unwrap().is_empty());
        assert_eq!(
            file_results(&parts, "A.java", &[1, 2, 3, 4, 5])
                .unwrap_err()
                .to_string(),
            "mutant #5 of A.java is in no part (parts made with other settings?)"
        );
        let mut overlapping = part(2, 2);
        overlapping.results[0].mutants = vec![2, 3, 4];
        let parts = named(&[part(1, 2), overlapping]);
        assert_eq!(
            file_results(&parts, "A.java", &[1, 2, 3, 4])
                .unwrap_err()
                .to_string(),
            "p1.json and p2.json both worked on mutant #2 of A.java"
        );
    }

    #[test]
    fn part_files_are_read_as_one_kind_of_this_version() {
        let dir = std::env::temp_dir().join(format!("roth-testgen-parts-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = |name: &str, text: &str| {
            let path = dir.join(name);
            std::fs::write(&path, text).unwrap();
            path
        };
        let p1 = file("p1.json", &serde_json::to_string(&part(1, 2)).unwrap());
        let p2 = file("p2.json", &serde_json::to_string(&part(2, 2)).unwrap());
        let raw = read_parts(&[p1.clone(), p2.clone()]).unwrap();
        assert_eq!(raw.kind, PartKind::Testgen);
        let typed: Vec<(PathBuf, TestgenPart)> = raw.typed().unwrap();
        assert_eq!(typed[1].1, part(2, 2));
        let message = |paths: &[&PathBuf]| {
            let paths: Vec<PathBuf> = paths.iter().map(|&p| p.clone()).collect();
            read_parts(&paths).unwrap_err().to_string()
        };
        let old = file("old.json", r#"{"roth_part": 0, "kind": "testgen"}"#);
        assert_eq!(
            message(&[&p1, &old]),
            format!(
                "{}: part file version 0, this roth reads version 1",
                old.display()
            )
        );
        let circuit = file("circuit.json", r#"{"roth_part": 1, "shard": [1, 2]}"#);
        assert_eq!(
            message(&[&circuit]),
            format!(
                "{}: not a part of roth testgen or roth score (a circuit's part? merge it with its circuit)",
                circuit.display()
            )
        );
        let score = file("score.json", r#"{"roth_part": 1, "kind": "score"}"#);
        assert_eq!(
            message(&[&p1, &score]),
            format!(
                "{} is a part of roth testgen, {} of roth score",
                p1.display(),
                score.display()
            )
        );
        let other = file("other.json", r#"{"roth_part": 1, "kind": "fsim"}"#);
        assert_eq!(
            message(&[&other]),
            format!(
                "{}: a part of roth fsim, which roth merge does not know",
                other.display()
            )
        );
        let raw = read_parts(std::slice::from_ref(&score)).unwrap();
        assert_eq!(raw.kind, PartKind::Score);
        let e = raw.typed::<ScorePart>().unwrap_err().to_string();
        assert!(
            e.starts_with(&format!(
                "{}: not a part file of roth score --part",
                score.display()
            )),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
