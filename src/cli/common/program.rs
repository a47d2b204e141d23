//! What the commands on Java files share: reading a file with its warnings, choosing mutants by
//! `--method` and `--operators`, reading test files, classifying mutants, showing mutants in
//! tables and JSON rows, and showing one file's test generation (its JUnit class, its JSON
//! report, its tables), which `roth testgen` writes for a file and for each file of a code
//! base.

use std::path::{Path, PathBuf};

use anyhow::Context;

use roth::program::execution::interp::Limits;
use roth::program::reader::codebase::CodeIndex;
use roth::program::testgen::codebase::java_files;
use roth::program::{Diagnostic, Unit, load};

use super::{BadInput, CliError, Session, bad_input};

/// The Java files of a code base under `root` (a folder, or one file), indexed: a file that
/// cannot be read as text is left out (the commands that read it say why).
pub struct Indexed {
    pub index: CodeIndex,
    /// Each indexed file's canonical path, to find a file's own place.
    canonical: Vec<Option<PathBuf>>,
}

impl Indexed {
    pub fn new(root: &Path) -> Result<Indexed, CliError> {
        let files = java_files(root)
            .with_context(|| format!("cannot read {}", root.display()))
            .bad_input()?;
        let mut read = Vec::new();
        for f in files {
            if let Ok(text) = std::fs::read_to_string(&f.path) {
                read.push((
                    f.path.display().to_string(),
                    text,
                    f.path.canonicalize().ok(),
                ));
            }
        }
        Ok(Indexed {
            index: CodeIndex::new(read.iter().map(|(p, t, _)| (p.as_str(), t.as_str()))),
            canonical: read.into_iter().map(|(_, _, c)| c).collect(),
        })
    }

    /// Reads and checks the file at `path` with `text` with what it uses of the code base.
    pub fn load(&self, path: &Path, text: &str) -> Result<Unit, Diagnostic> {
        let canonical = path.canonicalize().ok();
        let own = canonical
            .as_ref()
            .and_then(|c| self.canonical.iter().position(|k| k.as_ref() == Some(c)));
        self.index.load(own, &path.display().to_string(), text)
    }
}

/// The source root a file in a package sits in, as Maven, Gradle and `javac -sourcepath`
/// lay files out: `ROOT/com/example/Foo.java` for `package com.example;`. `None` for a file
/// in the unnamed package or in folders that do not spell its package.
pub fn source_root_of(path: &Path, source: &str) -> Option<PathBuf> {
    let package = roth::program::reader::codebase::package_of(source)?;
    // A relative path may not reach the root (`Foo.java` from inside its package's folder).
    let absolute = path.canonicalize().ok();
    let path = absolute.as_deref().unwrap_or(path);
    let mut folder = path.parent()?.to_path_buf();
    for part in package.rsplit('.') {
        if folder.file_name()?.to_str()? != part {
            return None;
        }
        folder = folder.parent()?.to_path_buf();
    }
    Some(if folder.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        folder
    })
}

/// Reads and checks a Java file with the code base it belongs to (under `--source-root`, or
/// the source root its package's folders lead to); warns about each method outside the
/// subset.
pub fn load_unit(session: &Session, path: &Path) -> Result<Unit, CliError> {
    let source = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {}", path.display()))
        .bad_input()?;
    let root = session
        .source_root
        .clone()
        .or_else(|| source_root_of(path, &source));
    let unit = match &root {
        Some(root) => Indexed::new(root)?.load(path, &source),
        None => load(&path.display().to_string(), &source),
    }
    .bad_input()?;
    for d in &unit.skipped {
        session.warn(d);
    }
    for (m, d) in unit.unsupported() {
        session.warn(format!("{d} (method {} skipped)", m.signature()));
    }
    Ok(unit)
}

/// The mutants of a file selected by `--method` and `--operators`.
pub fn select_mutants(
    unit: &Unit,
    method: Option<&str>,
    operators: &[String],
) -> Result<roth::program::mutants::mutant::Mutants, CliError> {
    use roth::program::mutants::mutant::{self, Operator};
    let operators: Vec<Operator> = if operators.is_empty() {
        Operator::ALL.to_vec()
    } else {
        operators
            .iter()
            .map(|o| {
                Operator::from_name(o).ok_or_else(|| {
                    bad_input(format!(
                        "unknown operator {o}; the operators are {}",
                        Operator::ALL.map(|o| o.name()).join(", ")
                    ))
                })
            })
            .collect::<Result<_, _>>()?
    };
    let only = match method {
        Some(spec) => Some(unit.find_method(spec).map_err(bad_input)?),
        None => None,
    };
    let mut all = mutant::generate(unit);
    // A lambda's mutants are those of the method it is written in.
    all.filter(
        |c, m| only.is_none_or(|o| o == unit.written_in(c, m)),
        &operators,
    );
    if let Some((c, m)) = only {
        let name = format!(
            "{}.{}",
            unit.classes[c as usize].name,
            unit.method(c, m).signature()
        );
        all.skipped.retain(|s| s.method_name == name);
    }
    Ok(all)
}

/// A JSON test file's tests, checked against the unit.
pub fn read_test_file(
    unit: &Unit,
    path: &Path,
) -> Result<Vec<roth::program::execution::analysis::TestCase>, CliError> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read {}", path.display()))
        .bad_input()?;
    let text = match tests_of_file(&text, &unit.path) {
        Some(entry) => entry.to_string(),
        None => text,
    };
    roth::program::testgen::testfile::read_tests(unit, &text)
        .map_err(|e| bad_input(format!("{}: {e}", path.display())))
}

/// From a code base's report (`files`, each with its `file` and `tests`), the entry of the
/// file at `path` (whose path ends with the entry's); `None` for a plain test file.
pub fn tests_of_file(text: &str, path: &str) -> Option<serde_json::Value> {
    let doc: serde_json::Value = serde_json::from_str(text).ok()?;
    if doc.get("tests").is_some() {
        return None;
    }
    let path = path.replace('\\', "/");
    doc.get("files")?
        .as_array()?
        .iter()
        .filter(|f| {
            f.get("file")
                .and_then(|n| n.as_str())
                .is_some_and(|n| path == n || path.ends_with(&format!("/{n}")))
        })
        .max_by_key(|f| f["file"].as_str().map_or(0, str::len))
        .cloned()
}

/// A mutation analysis error: a bad test is the user's input, anything else roth's failure.
pub fn analysis_error(e: roth::program::execution::analysis::AnalysisError) -> CliError {
    match e {
        roth::program::execution::analysis::AnalysisError::BadTest { .. } => bad_input(e),
        other => CliError::from(anyhow::anyhow!("{other}")),
    }
}

/// Classifies `mutants` (random tests, then proofs) with a progress bar; the options used.
pub fn classify_mutants(
    session: &Session,
    unit: &Unit,
    mutants: &[roth::program::mutants::mutant::Mutant],
    tests_per_method: usize,
    seed: u64,
    step_limit: u64,
) -> Result<
    (
        roth::program::proofs::classify::Classification,
        roth::program::proofs::classify::ClassifyOptions,
    ),
    CliError,
> {
    use roth::program::proofs::classify::{ClassifyOptions, classify};
    let options = ClassifyOptions {
        tests_per_method,
        seed,
        limits: Limits {
            steps: step_limit,
            ..Limits::default()
        },
        prove: roth::program::proofs::equivalence::ProveOptions::default(),
    };
    let bar = session.progress_bar(mutants.len() as u64, "mutants");
    let classification = classify(unit, mutants, &options, &|n| bar.set_position(n as u64))
        .map_err(|e| CliError::from(anyhow::anyhow!("{e}")))?;
    bar.finish_and_clear();
    Ok((classification, options))
}

/// A mutant's identity and change as report rows show it, with `extra` fields after them.
pub fn mutant_json(
    m: &roth::program::mutants::mutant::Mutant,
    extra: serde_json::Value,
) -> serde_json::Value {
    let mut row = serde_json::json!({
        "id": m.id,
        "operator": m.operator.name(),
        "method": m.method_name,
        "line": m.line,
        "column": m.column,
        "original": m.original,
        "replacement": m.replacement,
    });
    if let (Some(row), serde_json::Value::Object(extra)) = (row.as_object_mut(), extra) {
        row.extend(extra);
    }
    row
}

/// The width of the method column of a mutant table.
pub fn method_column(mutants: &[roth::program::mutants::mutant::Mutant]) -> usize {
    mutants
        .iter()
        .map(|m| m.method_name.len())
        .max()
        .unwrap_or(6)
        .max(6)
}

/// Source text on one line (a deleted block may span several).
pub fn one_line(text: &str) -> String {
    let t: Vec<&str> = text.split_whitespace().collect();
    let s = t.join(" ");
    if s.chars().count() > 60 {
        format!("{}...", s.chars().take(57).collect::<String>())
    } else {
        s
    }
}

/// The mutants each test of `generated` is named as the killer of (its fate's test).
pub fn kills_per_test(
    mutants: &[roth::program::mutants::mutant::Mutant],
    generated: &roth::program::testgen::Generated,
) -> Vec<Vec<u32>> {
    use roth::program::testgen::Fate;
    let mut kills = vec![Vec::new(); generated.tests.len()];
    for (m, f) in mutants.iter().zip(&generated.fates) {
        if let Fate::Killed(t) = f {
            kills[*t].push(m.id);
        }
    }
    kills
}

/// The JUnit 5 class of a file's tests: its name (the file's class, named like the file, plus
/// `Test`) and source.
pub fn junit_class(
    unit: &Unit,
    suffix: &str,
    mutants: &[roth::program::mutants::mutant::Mutant],
    generated: &roth::program::testgen::Generated,
    kills: &[Vec<u32>],
    limits: Limits,
    timeout: u32,
) -> Result<(String, String), CliError> {
    use roth::program::testgen::junit::{Emitted, write_class_named};
    let operators: std::collections::HashMap<u32, String> = mutants
        .iter()
        .map(|m| (m.id, m.operator.to_string()))
        .collect();
    let emitted: Vec<Emitted<'_>> = generated
        .tests
        .iter()
        .zip(kills)
        .map(|(test, kills)| Emitted {
            test,
            kills: kills
                .iter()
                .map(|id| (*id, operators.get(id).cloned().unwrap_or_default()))
                .collect(),
        })
        .collect();
    let class = test_class(unit);
    let name = format!("{}{suffix}", unit.classes[class as usize].name);
    let source = write_class_named(unit, &emitted, limits, timeout, &name)
        .map_err(|e| bad_input(format!("{}: {e}", unit.path)))?;
    Ok((name, source))
}

/// The class a file's JUnit class is named after: the one named like the file (Java's rule for
/// a public class), else the first.
pub fn test_class(unit: &Unit) -> u32 {
    let stem = Path::new(&unit.path)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned());
    unit.classes
        .iter()
        .position(|c| Some(&c.name) == stem.as_ref())
        .map_or(0, |c| c as u32)
}

/// One file's test generation as JSON: the mutants by fate, the tests in `roth score`'s
/// format, the phases and which searches found what.
pub fn file_report(
    unit: &Unit,
    mutants: &[roth::program::mutants::mutant::Mutant],
    generated: &roth::program::testgen::Generated,
    kills: &[Vec<u32>],
) -> serde_json::Value {
    use roth::program::proofs::equivalence::Rule;
    use roth::program::testgen::Fate;
    let ids = |want: &dyn Fn(&Fate) -> bool| -> Vec<u32> {
        mutants
            .iter()
            .zip(&generated.fates)
            .filter(|(_, f)| want(f))
            .map(|(m, _)| m.id)
            .collect()
    };
    let phases: Vec<serde_json::Value> = generated
        .phases
        .iter()
        .map(|p| {
            serde_json::json!({
                "name": p.name,
                "killed": p.detected,
                "tests": p.patterns,
                "seconds": p.seconds,
            })
        })
        .collect();
    let tests_json: Vec<serde_json::Value> =
        roth::program::testgen::testfile::tests_to_json(unit, &generated.tests)
            .into_iter()
            .zip(kills)
            .map(|(mut t, k)| {
                t["kills"] = k.clone().into();
                t
            })
            .collect();
    serde_json::json!({
        "file": unit.path,
        "mutants": mutants.len(),
        "equivalent": ids(&|f| matches!(f, Fate::Equivalent(_))),
        "killed": ids(&|f| matches!(f, Fate::Killed(_))),
        "unknown": ids(&|f| matches!(f, Fate::Unknown(_))),
        // The tests themselves, in roth's test format: `roth score --tests` reads the report.
        "tests": tests_json,
        "mutation_score": generated.mutation_score(),
        "phases": phases,
        "found_by": generated.found,
        "shrunk_tests": generated.shrunk,
        "proved_by_d_algorithm": ids(&|f| *f == Fate::Equivalent(Rule::DAlgorithm)),
    })
}

/// The per-phase table of a test generation, and which searches found what.
pub fn phase_table(generated: &roth::program::testgen::Generated) -> String {
    use roth::program::proofs::equivalence::Rule;
    use roth::program::testgen::Fate;
    let mut out = String::new();
    out.push_str(&format!(
        "{:<28} {:>8} {:>6} {:>9}\n",
        "phase", "killed", "tests", "seconds"
    ));
    for p in &generated.phases {
        out.push_str(&format!(
            "{:<28} {:>8} {:>6} {:>9.3}\n",
            p.name, p.detected, p.patterns, p.seconds
        ));
    }
    let found = generated.found;
    out.push_str(&format!(
        "searches: {} tests from the SW D-algorithm, {} from the global method, {} from \
         random tests aimed at one method; {} equivalent proved by the SW D-algorithm\n",
        found.d_algorithm,
        found.global,
        found.targeted,
        generated
            .fates
            .iter()
            .filter(|f| **f == Fate::Equivalent(Rule::DAlgorithm))
            .count()
    ));
    out
}

/// One line per mutant left unknown, `prefix` (a file's name) first.
pub fn unknown_lines(
    mutants: &[roth::program::mutants::mutant::Mutant],
    generated: &roth::program::testgen::Generated,
    prefix: &str,
) -> String {
    use roth::program::testgen::Fate;
    let mut out = String::new();
    for (m, f) in mutants.iter().zip(&generated.fates) {
        if let Fate::Unknown(reason) = f {
            out.push_str(&format!(
                "unknown {prefix}#{} {} {}:{} {} -> {} ({reason})\n",
                m.id, m.operator, m.line, m.column, m.original, m.replacement
            ));
        }
    }
    out
}
