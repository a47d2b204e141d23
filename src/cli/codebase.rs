//! What the commands on a code base share (`roth testgen FOLDER`, `roth score FOLDER` and
//! `roth merge FOLDER PART...`): every Java file under a folder read, with the classes it uses
//! from the rest of the folder (or of `--source-root`), and its mutants; the mutants of one
//! part of the files or methods; where each file's JUnit class goes; the parts of a sharded
//! run opened and checked; and the outputs: the JUnit classes, the report and the table of
//! test generation, the table or report of a score. Each file keeps its own mutants, tests
//! and JUnit class.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;

use roth::flow::Shard;
use roth::program::execution::interp::Limits;
use roth::program::mutants::mutant::Mutant;
use roth::program::testgen::Generated;
use roth::program::testgen::codebase::{SourceFile, item_parts, java_files};
use roth::program::testgen::parts::{
    CodeBasePart, FileError, FileSeen, ScoreResult, check_parts, file_results, refuse_changed,
};
use roth::program::{Unit, load};

use super::common::program::{
    Indexed, file_report, junit_class, kills_per_test, phase_table, select_mutants, test_class,
    unknown_lines,
};
use super::common::{BadInput, CliError, Session, bad_input, emit_report, print, write_output};

/// A Java file of the code base, read and checked, with its mutants.
pub struct Loaded {
    pub source: SourceFile,
    pub unit: Unit,
    pub mutants: Vec<Mutant>,
}

/// The files of a code base.
pub struct CodeBase {
    pub root: PathBuf,
    pub files: Vec<Loaded>,
    /// Every file found, with its fingerprint (those that did not parse too): parts of a
    /// different version of the code base are not merged.
    pub seen: Vec<FileSeen>,
    /// Files that could not be read or checked, and why.
    pub errors: Vec<FileError>,
}

/// The `.java` files under `root` (or `root` itself), at least one, or the user's error.
pub fn java_sources(root: &Path) -> Result<Vec<SourceFile>, CliError> {
    let found = java_files(root)
        .with_context(|| format!("cannot read {}", root.display()))
        .bad_input()?;
    if found.is_empty() {
        return Err(bad_input(format!(
            "no .java files under {}",
            root.display()
        )));
    }
    Ok(found)
}

/// Reads every Java file under `root` (or `root` itself) and makes its mutants. A file that
/// does not parse is an error when it is all the code base, and otherwise reported (a
/// warning) while the others go on.
pub fn load_code_base(
    session: &Session,
    root: &Path,
    operators: &[String],
) -> Result<CodeBase, CliError> {
    let found = java_sources(root)?;
    let single = !root.is_dir();
    // Each file is read with the classes it uses from the rest of the code base.
    let indexed = match &session.source_root {
        Some(r) => Some(Indexed::new(r)?),
        None if !single => Some(Indexed::new(root)?),
        None => None,
    };
    let mut code_base = CodeBase {
        root: root.to_path_buf(),
        files: Vec::new(),
        seen: Vec::new(),
        errors: Vec::new(),
    };
    for source in found {
        let text = match std::fs::read_to_string(&source.path) {
            Ok(text) => text,
            Err(e) if !single => {
                session.warn(format!("{}: {e} (file skipped)", source.path.display()));
                code_base.errors.push(FileError {
                    file: source.relative.clone(),
                    error: e.to_string(),
                });
                continue;
            }
            Err(e) => return Err(bad_input(format!("cannot read {}: {e}", root.display()))),
        };
        code_base
            .seen
            .push(FileSeen::new(source.relative.clone(), &text));
        let unit = match &indexed {
            Some(ix) => ix.load(&source.path, &text),
            None => load(&source.path.display().to_string(), &text),
        };
        let unit = match unit {
            Ok(unit) => unit,
            Err(d) if !single => {
                session.warn(format!("{d} (file skipped)"));
                code_base.errors.push(FileError {
                    file: source.relative.clone(),
                    error: d.to_string(),
                });
                continue;
            }
            Err(d) => return Err(bad_input(d)),
        };
        for d in &unit.skipped {
            session.warn(d);
        }
        for (m, d) in unit.unsupported() {
            session.warn(format!("{d} (method {} skipped)", m.signature()));
        }
        let mutants = select_mutants(&unit, None, operators)?.mutants;
        code_base.files.push(Loaded {
            source,
            unit,
            mutants,
        });
    }
    Ok(code_base)
}

/// What a sharded run over a code base cuts: see [`CodeBase::selection`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    File,
    Method,
}

impl CodeBase {
    /// For each file, its mutants in `shard` (all of them without one). The items cut, in the
    /// code base's order and weighed by their numbers of mutants, are whole files (`Item::File`:
    /// test generation, whose campaign over a file is one, so that parts merge into exactly one
    /// run's result) or methods (`Item::Method`: scoring, which is the same per mutant however
    /// it is cut).
    pub fn selection(&self, shard: Option<Shard>, item: Item) -> Vec<Vec<Mutant>> {
        // A file is its method (0, 0) when files are the items.
        let key = |f: usize, m: &Mutant| match item {
            Item::File => (f, (0, 0)),
            Item::Method => (f, (m.class, m.method)),
        };
        let mut methods: Vec<(usize, (u32, u32))> = Vec::new();
        let mut sizes: Vec<usize> = Vec::new();
        for (f, loaded) in self.files.iter().enumerate() {
            for m in &loaded.mutants {
                let key = key(f, m);
                match methods.iter().rposition(|k| *k == key) {
                    Some(k) => sizes[k] += 1,
                    None => {
                        methods.push(key);
                        sizes.push(1);
                    }
                }
            }
        }
        let parts = match shard {
            Some(s) => item_parts(&sizes, s.count),
            None => vec![0; methods.len()],
        };
        let mine = |f: usize, m: &Mutant| {
            let k = methods
                .iter()
                .rposition(|k| *k == key(f, m))
                .expect("every mutant's method is listed");
            shard.is_none_or(|s| parts[k] == s.index - 1)
        };
        self.files
            .iter()
            .enumerate()
            .map(|(f, loaded)| {
                loaded
                    .mutants
                    .iter()
                    .filter(|m| mine(f, m))
                    .cloned()
                    .collect()
            })
            .collect()
    }

    /// Where each file's JUnit class goes under `out_dir` (files with no test write none);
    /// two files whose classes would share a path are refused.
    pub fn test_paths(&self, out_dir: &Path, suffix: &str) -> Result<Vec<PathBuf>, CliError> {
        let mut paths: Vec<PathBuf> = Vec::new();
        for loaded in &self.files {
            let unit = &loaded.unit;
            let mut path = out_dir.to_path_buf();
            if let Some(p) = &unit.package {
                path.extend(p.split('.'));
            }
            path.push(format!(
                "{}{suffix}.java",
                unit.classes[test_class(unit) as usize].name
            ));
            if let Some(k) = paths.iter().position(|p| *p == path) {
                return Err(bad_input(format!(
                    "{} and {} would both write {}",
                    self.files[k].source.relative,
                    loaded.source.relative,
                    path.display()
                )));
            }
            paths.push(path);
        }
        Ok(paths)
    }
}

/// What became of one file.
pub struct FileOutcome {
    pub mutants: Vec<Mutant>,
    pub generated: Generated,
    pub seconds: f64,
}

/// 0 when every mutant is settled and every file was read, 1 otherwise.
pub fn exit_code(unknown: usize, code_base: &CodeBase) -> ExitCode {
    if unknown > 0 || !code_base.errors.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Where a code base's test generation writes.
pub struct Outputs {
    /// Each file's JUnit class.
    pub test_paths: Option<Vec<PathBuf>>,
    pub report: Option<PathBuf>,
    pub json: bool,
    pub force: bool,
    pub limits: Limits,
    pub test_timeout: u32,
    pub seed: u64,
    /// The number of parts merged.
    pub shards: Option<usize>,
    /// What a JUnit class's name adds to its class's: `Test`, or `RothTest` in a Maven or
    /// Gradle project (beside the user's own `FooTest`).
    pub suffix: String,
}

/// The outputs of test generation over a code base (one run, or parts merged): the JUnit
/// classes, the report, the table.
pub fn finish(
    session: &Session,
    code_base: &CodeBase,
    outcomes: &[FileOutcome],
    outputs: &Outputs,
) -> Result<ExitCode, CliError> {
    let started = session.start;
    let mut files = Vec::new();
    let mut table = format!(
        "{:<32} {:>7} {:>7} {:>10} {:>7} {:>6} {:>8}\n",
        "file", "mutants", "killed", "equivalent", "unknown", "tests", "seconds"
    );
    let mut unknown_text = String::new();
    let (mut mutants, mut killed, mut equivalent, mut unknown, mut tests) = (0, 0, 0, 0, 0);
    for (k, (loaded, outcome)) in code_base.files.iter().zip(outcomes).enumerate() {
        let g = &outcome.generated;
        let kills = kills_per_test(&outcome.mutants, g);
        if let Some(paths) = &outputs.test_paths
            && !g.tests.is_empty()
        {
            let (_, source) = junit_class(
                &loaded.unit,
                &outputs.suffix,
                &outcome.mutants,
                g,
                &kills,
                outputs.limits,
                outputs.test_timeout,
            )?;
            if let Some(folder) = paths[k].parent() {
                std::fs::create_dir_all(folder)
                    .with_context(|| format!("cannot create {}", folder.display()))?;
            }
            write_output(Some(&paths[k]), &source, outputs.force)?;
        }
        let mut report = file_report(&loaded.unit, &outcome.mutants, g, &kills);
        report["file"] = loaded.source.relative.clone().into();
        report["seconds"] = outcome.seconds.into();
        if let Some(paths) = &outputs.test_paths
            && !g.tests.is_empty()
        {
            report["junit"] = paths[k].display().to_string().into();
        }
        files.push(report);
        table.push_str(&format!(
            "{:<32} {:>7} {:>7} {:>10} {:>7} {:>6} {:>8.2}\n",
            loaded.source.relative,
            outcome.mutants.len(),
            g.killed(),
            g.equivalent(),
            g.unknown(),
            g.tests.len(),
            outcome.seconds
        ));
        unknown_text.push_str(&unknown_lines(
            &outcome.mutants,
            g,
            &format!("{} ", loaded.source.relative),
        ));
        mutants += outcome.mutants.len();
        killed += g.killed();
        equivalent += g.equivalent();
        unknown += g.unknown();
        tests += g.tests.len();
    }
    let score = if mutants == equivalent {
        1.0
    } else {
        killed as f64 / (mutants - equivalent) as f64
    };
    let seconds = started.elapsed().as_secs_f64();
    let report = serde_json::json!({
        "root": code_base.root.display().to_string(),
        "files": files,
        "errors": code_base.errors,
        "totals": {
            "files": code_base.files.len(),
            "mutants": mutants,
            "killed": killed,
            "equivalent": equivalent,
            "unknown": unknown,
            "tests": tests,
            "mutation_score": score,
        },
        "merged_parts": outputs.shards,
        "seed": outputs.seed,
        "seconds": seconds,
    });
    emit_report(
        &report,
        outputs.report.as_deref(),
        outputs.json,
        outputs.force,
    )?;
    if !outputs.json {
        let mut out = table;
        if outcomes.len() == 1 {
            out.push('\n');
            out.push_str(&phase_table(&outcomes[0].generated));
        }
        out.push_str(&unknown_text);
        for e in &code_base.errors {
            out.push_str(&format!("not read: {}: {}\n", e.file, e.error));
        }
        out.push_str(&format!(
            "\n{} files, {mutants} mutants: {killed} killed, {equivalent} equivalent, {unknown} unknown; mutation score {:.1} %; {tests} tests; {seconds:.2} s{}\n",
            code_base.files.len(),
            100.0 * score,
            outputs
                .shards
                .map(|n| format!(" (merged from {n} parts)"))
                .unwrap_or_default()
        ));
        print(&out)?;
    }
    Ok(exit_code(unknown, code_base))
}

/// The parts of one run, checked, and what each part found for each file of the code base.
pub struct Opened<'p, P: CodeBasePart> {
    /// N.
    pub count: usize,
    pub code_base: CodeBase,
    /// Parallel to `code_base.files`: each part's result for the file, with the part's path;
    /// together they cover each of the file's mutants exactly once.
    pub per_file: Vec<Vec<(&'p Path, &'p P::FileResult)>>,
}

/// Checks that the parts are one whole run (all N parts, the same settings, the same code base
/// as the parts saw it and as it is now, every mutant in exactly one part) and gathers each
/// file's results.
pub fn open_parts<'p, P: CodeBasePart>(
    session: &Session,
    input: &Path,
    parts: &'p [(PathBuf, P)],
) -> Result<Opened<'p, P>, CliError> {
    let count = check_parts(parts).bad_input()?;
    let first = &parts[0].1;
    let code_base = load_code_base(session, input, P::operators(first.settings()))?;
    refuse_changed(input, first.code_base(), &code_base.seen).bad_input()?;
    let per_file = code_base
        .files
        .iter()
        .map(|loaded| {
            let ids: Vec<u32> = loaded.mutants.iter().map(|m| m.id).collect();
            file_results(parts, &loaded.source.relative, &ids).bad_input()
        })
        .collect::<Result<_, CliError>>()?;
    Ok(Opened {
        count,
        code_base,
        per_file,
    })
}

/// A code base's score: a row per file and the totals, or the JSON report.
pub fn print_score(
    code_base: &CodeBase,
    results: &[ScoreResult],
    json: bool,
    merged: Option<usize>,
) -> Result<ExitCode, CliError> {
    let mutants: usize = results.iter().map(|r| r.rows.len()).sum();
    let killed: usize = results.iter().map(ScoreResult::killed).sum();
    let tests: usize = results.iter().map(|r| r.tests).sum();
    let score = |k: usize, m: usize| if m == 0 { 1.0 } else { k as f64 / m as f64 };
    if json {
        let files: Vec<serde_json::Value> = results
            .iter()
            .map(|r| {
                serde_json::json!({
                    "file": r.file,
                    "tests": r.tests,
                    "mutants": r.rows.len(),
                    "killed": r.killed(),
                    "alive": r.rows.len() - r.killed(),
                    "mutation_score": score(r.killed(), r.rows.len()),
                    "results": r.rows,
                })
            })
            .collect();
        let report = serde_json::json!({
            "root": code_base.root.display().to_string(),
            "files": files,
            "errors": code_base.errors,
            "totals": {
                "files": results.len(),
                "tests": tests,
                "mutants": mutants,
                "killed": killed,
                "alive": mutants - killed,
                "mutation_score": score(killed, mutants),
            },
            "merged_parts": merged,
        });
        print(&super::common::json(&report))?;
    } else {
        let mut out = format!(
            "{:<32} {:>6} {:>8} {:>7} {:>6} {:>8}\n",
            "file", "tests", "mutants", "killed", "alive", "score"
        );
        for r in results {
            out.push_str(&format!(
                "{:<32} {:>6} {:>8} {:>7} {:>6} {:>7.1}%\n",
                r.file,
                r.tests,
                r.rows.len(),
                r.killed(),
                r.rows.len() - r.killed(),
                100.0 * score(r.killed(), r.rows.len())
            ));
        }
        for e in &code_base.errors {
            out.push_str(&format!("not read: {}: {}\n", e.file, e.error));
        }
        out.push_str(&format!(
            "\n{} files, {tests} tests, {mutants} mutants: {killed} killed, {} alive; mutation score {:.1} %{}\n",
            results.len(),
            mutants - killed,
            100.0 * score(killed, mutants),
            merged
                .map(|n| format!(" (merged from {n} parts)"))
                .unwrap_or_default()
        ));
        print(&out)?;
    }
    Ok(if code_base.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
