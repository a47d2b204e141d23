//! `roth testgen FOLDER`, `roth testgen --shard`, the merge of its parts, and `roth score
//! FOLDER`: test generation and mutation scoring over a code base (every Java file under a
//! folder), whole or sharded over a batch scheduler's job array. Each file keeps its own
//! mutants, tests and JUnit class; the shard's item is a method with its mutants.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;

use super::program::{
    TestgenArgs, file_report, junit_class, kills_per_test, phase_table, select_mutants, test_class,
    unknown_lines,
};
use super::{BadInput, CliError, Session, bad_input};
use roth::flow::Shard;
use roth::flow::shard::fingerprint;
use roth::program::execution::interp::Limits;
use roth::program::mutants::mutant::Mutant;
use roth::program::testgen::codebase::{SourceFile, java_files, method_parts};
use roth::program::testgen::parts::{
    CodeBasePart, FileError, FileResult, FileSeen, PART_VERSION, PartKind, ScorePart, ScoreResult,
    ScoreSettings, Settings, TestgenPart, check_parts, file_results, read_parts, refuse_changed,
};
use roth::program::testgen::{self, Generated, Options, PartsFound};
use roth::program::{Unit, load};

/// A Java file of the code base, read and checked, with its mutants.
struct Loaded {
    source: SourceFile,
    unit: Unit,
    mutants: Vec<Mutant>,
}

/// The files of a code base.
struct CodeBase {
    root: PathBuf,
    files: Vec<Loaded>,
    /// Every file found, with its fingerprint (those that did not parse too): parts of a
    /// different version of the code base are not merged.
    seen: Vec<FileSeen>,
    /// Files that could not be read or checked, and why.
    errors: Vec<FileError>,
}

/// Reads every Java file under `root` (or `root` itself) and makes its mutants. A file that
/// does not parse is an error when it is all the code base, and otherwise reported (a
/// warning) while the others go on.
fn load_code_base(
    session: &Session,
    root: &Path,
    operators: &[String],
) -> Result<CodeBase, CliError> {
    let found = java_files(root)
        .with_context(|| format!("cannot read {}", root.display()))
        .bad_input()?;
    if found.is_empty() {
        return Err(bad_input(format!(
            "no .java files under {}",
            root.display()
        )));
    }
    let single = !root.is_dir();
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
        let unit = match load(&source.path.display().to_string(), &text) {
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

impl CodeBase {
    /// For each file, the mutants of the methods in `shard` (all of them without one): each
    /// method with mutants is an item, weighed by their number, cut in the code base's order.
    fn selection(&self, shard: Option<Shard>) -> Vec<Vec<Mutant>> {
        let mut methods: Vec<(usize, (u32, u32))> = Vec::new();
        let mut sizes: Vec<usize> = Vec::new();
        for (f, loaded) in self.files.iter().enumerate() {
            for m in &loaded.mutants {
                let key = (f, (m.class, m.method));
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
            Some(s) => method_parts(&sizes, s.count),
            None => vec![0; methods.len()],
        };
        let mine = |f: usize, m: &Mutant| {
            let k = methods
                .iter()
                .rposition(|k| *k == (f, (m.class, m.method)))
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
    fn test_paths(&self, out_dir: &Path) -> Result<Vec<PathBuf>, CliError> {
        let mut paths: Vec<PathBuf> = Vec::new();
        for loaded in &self.files {
            let unit = &loaded.unit;
            let mut path = out_dir.to_path_buf();
            if let Some(p) = &unit.package {
                path.extend(p.split('.'));
            }
            path.push(format!(
                "{}Test.java",
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
struct FileOutcome {
    mutants: Vec<Mutant>,
    generated: Generated,
    seconds: f64,
}

/// `roth testgen` on a code base: a folder, or any path with `--shard` or `--out-dir`.
pub fn testgen(session: &Session, args: &TestgenArgs) -> Result<ExitCode, CliError> {
    if args.method.is_some() && args.file.is_dir() {
        return Err(bad_input(
            "--method picks a method of one file; give the file instead of the folder",
        ));
    }
    if args.out.is_some() && args.file.is_dir() {
        return Err(bad_input(
            "--out writes one class; for a folder give --out-dir DIR (one class per file)",
        ));
    }
    let shard = args.shard.as_deref().map(super::shard::parse).transpose()?;
    let mut code_base = load_code_base(session, &args.file, &args.operators)?;
    if let Some(spec) = &args.method {
        // One file (checked above): its mutants of that method.
        let loaded = &mut code_base.files[0];
        loaded.mutants = select_mutants(&loaded.unit, Some(spec), &args.operators)?.mutants;
    }
    let test_paths = match &args.out_dir {
        Some(dir) => Some(code_base.test_paths(dir)?),
        None => None,
    };
    super::refuse_existing(
        test_paths
            .iter()
            .flatten()
            .chain([&args.report, &args.part].into_iter().flatten())
            .map(PathBuf::as_path),
        args.force,
    )?;
    let options = super::program::testgen_options(session, args, args.seed, args.step_limit)?;
    let limits = options.limits;
    let selection = code_base.selection(shard);
    let total: usize = selection.iter().map(Vec::len).sum();
    let bar = session.progress_bar(total as u64, "mutants");
    let mut done = 0usize;
    let mut outcomes: Vec<Option<FileOutcome>> = Vec::new();
    for (loaded, mutants) in code_base.files.iter().zip(selection) {
        if mutants.is_empty() && shard.is_some() {
            outcomes.push(None);
            continue;
        }
        let start = std::time::Instant::now();
        bar.set_message(loaded.source.relative.clone());
        let generated = testgen::generate(&loaded.unit, &mutants, &options, &mut |p| {
            bar.set_position((done + p.done * mutants.len() / p.total.max(1)) as u64);
        });
        done += mutants.len();
        outcomes.push(Some(FileOutcome {
            mutants,
            generated,
            seconds: start.elapsed().as_secs_f64(),
        }));
    }
    bar.finish_and_clear();
    if let (Some(path), Some(shard)) = (&args.part, shard) {
        let part = TestgenPart {
            roth_part: PART_VERSION,
            kind: "testgen".into(),
            root: args.file.display().to_string(),
            shard: (shard.index, shard.count),
            settings: Settings {
                seed: args.seed,
                step_limit: args.step_limit,
                operators: args.operators.clone(),
            },
            code_base: code_base.seen.clone(),
            results: code_base
                .files
                .iter()
                .zip(&outcomes)
                .filter_map(|(loaded, o)| {
                    let o = o.as_ref()?;
                    Some(FileResult::new(
                        loaded.source.relative.clone(),
                        &loaded.unit,
                        &o.mutants,
                        &o.generated,
                    ))
                })
                .collect(),
        };
        let text = serde_json::to_string_pretty(&part).context("JSON")? + "\n";
        super::write_output(Some(path), &text, true)?;
        let mutants: usize = outcomes.iter().flatten().map(|o| o.mutants.len()).sum();
        let unknown: usize = outcomes
            .iter()
            .flatten()
            .map(|o| o.generated.unknown())
            .sum();
        if !session.quiet {
            eprintln!(
                "part {} of {}: {} files, {mutants} mutants, {unknown} unknown; wrote {}",
                shard.index,
                shard.count,
                part.results.len(),
                path.display()
            );
        }
        return Ok(exit_code(unknown, &code_base));
    }
    let outcomes: Vec<FileOutcome> = outcomes.into_iter().flatten().collect();
    let outputs = Outputs {
        test_paths,
        report: args.report.clone(),
        json: args.json,
        force: args.force,
        limits,
        test_timeout: args.test_timeout,
        seed: args.seed,
        shards: None,
    };
    finish(session, &code_base, &outcomes, &outputs)
}

/// 0 when every mutant is settled and every file was read, 1 otherwise.
fn exit_code(unknown: usize, code_base: &CodeBase) -> ExitCode {
    if unknown > 0 || !code_base.errors.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Where a code base's test generation writes.
struct Outputs {
    /// Each file's JUnit class.
    test_paths: Option<Vec<PathBuf>>,
    report: Option<PathBuf>,
    json: bool,
    force: bool,
    limits: Limits,
    test_timeout: u32,
    seed: u64,
    /// The number of parts merged.
    shards: Option<usize>,
}

/// The outputs of test generation over a code base (one run, or parts merged): the JUnit
/// classes, the report, the table.
fn finish(
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
                g,
                &kills,
                outputs.limits,
                outputs.test_timeout,
            )?;
            if let Some(folder) = paths[k].parent() {
                std::fs::create_dir_all(folder)
                    .with_context(|| format!("cannot create {}", folder.display()))?;
            }
            super::write_output(Some(&paths[k]), &source, outputs.force)?;
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
    if let Some(path) = &outputs.report {
        let text = serde_json::to_string_pretty(&report).context("JSON")? + "\n";
        super::write_output(Some(path), &text, outputs.force)?;
    }
    if outputs.json {
        println!("{}", serde_json::to_string_pretty(&report).context("JSON")?);
    } else {
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
        print!("{out}");
    }
    Ok(exit_code(unknown, code_base))
}

/// `roth merge FOLDER PART...`: the parts of a sharded `roth testgen` or `roth score` as one
/// run.
pub fn merge(session: &Session, args: &super::circuit::MergeArgs) -> Result<ExitCode, CliError> {
    if args.patterns.is_some() {
        return Err(bad_input(
            "--patterns is for circuits; a program's merge writes --out-dir and --report",
        ));
    }
    let raw = read_parts(&args.parts).bad_input()?;
    match raw.kind {
        PartKind::Testgen => {
            let parts = raw.typed::<TestgenPart>().bad_input()?;
            merge_testgen(session, args, parts)
        }
        PartKind::Score => {
            if args.out_dir.is_some() {
                return Err(bad_input("--out-dir is for parts of roth testgen"));
            }
            let parts = raw.typed::<ScorePart>().bad_input()?;
            merge_score(session, args, parts)
        }
    }
}

/// The parts of one run, checked, and what each part found for each file of the code base.
struct Opened<'p, P: CodeBasePart> {
    /// N.
    count: usize,
    code_base: CodeBase,
    /// Parallel to `code_base.files`: each part's result for the file, with the part's path;
    /// together they cover each of the file's mutants exactly once.
    per_file: Vec<Vec<(&'p Path, &'p P::FileResult)>>,
}

/// Checks that the parts are one whole run (all N parts, the same settings, the same code base
/// as the parts saw it and as it is now, every mutant in exactly one part) and gathers each
/// file's results.
fn open_parts<'p, P: CodeBasePart>(
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

fn merge_testgen(
    session: &Session,
    args: &super::circuit::MergeArgs,
    parts: Vec<(PathBuf, TestgenPart)>,
) -> Result<ExitCode, CliError> {
    let Opened {
        count,
        code_base,
        per_file,
    } = open_parts(session, &args.circuit, &parts)?;
    let settings = parts[0].1.settings.clone();
    let test_paths = match &args.out_dir {
        Some(dir) => Some(code_base.test_paths(dir)?),
        None => None,
    };
    super::refuse_existing(
        test_paths
            .iter()
            .flatten()
            .chain(&args.report)
            .map(PathBuf::as_path),
        args.force,
    )?;
    let limits = Limits {
        steps: settings.step_limit,
        ..Limits::default()
    };
    let options = Options {
        seed: settings.seed,
        limits,
        compact: !args.no_compact,
        threads: args
            .threads
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .max(1),
        ..Options::default()
    };
    let mut outcomes = Vec::new();
    let bar = session.progress_bar(code_base.files.len() as u64, "files");
    for (k, (loaded, results)) in code_base.files.iter().zip(per_file).enumerate() {
        bar.set_position(k as u64);
        bar.set_message(loaded.source.relative.clone());
        let start = std::time::Instant::now();
        let mut found = PartsFound::default();
        for (path, result) in results {
            let tests = roth::program::testgen::testfile::read_tests(
                &loaded.unit,
                &serde_json::json!({ "tests": result.tests }).to_string(),
            )
            .map_err(|e| {
                bad_input(format!(
                    "{}: tests of {}: {e}",
                    path.display(),
                    loaded.source.relative
                ))
            })?;
            found.tests.extend(tests);
            found.equivalent.extend(result.equivalent.iter().cloned());
            found.unknown.extend(result.unknown.iter().cloned());
            found.found.d_algorithm += result.found_by.d_algorithm;
            found.found.global += result.found_by.global;
            found.found.targeted += result.found_by.targeted;
        }
        let generated = testgen::merge(&loaded.unit, &loaded.mutants, found, &options, &mut |_| {})
            .map_err(|e| CliError::from(anyhow::anyhow!("{}: {e}", loaded.source.relative)))?;
        outcomes.push(FileOutcome {
            mutants: loaded.mutants.clone(),
            generated,
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    bar.finish_and_clear();
    let outputs = Outputs {
        test_paths,
        report: args.report.clone(),
        json: args.json,
        force: args.force,
        limits,
        test_timeout: args.test_timeout,
        seed: settings.seed,
        shards: Some(count),
    };
    finish(session, &code_base, &outcomes, &outputs)
}

/// `roth score FOLDER --tests REPORT`: each file's mutants against its tests.
pub fn score(session: &Session, args: &super::program::ScoreArgs) -> Result<ExitCode, CliError> {
    use roth::program::execution::analysis::{Verdict, analyse};
    if args.method.is_some() {
        return Err(bad_input(
            "--method picks a method of one file; give the file instead of the folder",
        ));
    }
    let shard = args.shard.as_deref().map(super::shard::parse).transpose()?;
    if let Some(path) = &args.part {
        super::refuse_existing([path.as_path()], args.force)?;
    }
    let text = std::fs::read_to_string(&args.tests)
        .with_context(|| format!("cannot read {}", args.tests.display()))
        .bad_input()?;
    let code_base = load_code_base(session, &args.file, &args.operators)?;
    let limits = Limits {
        steps: args.step_limit,
        ..Limits::default()
    };
    let selection = code_base.selection(shard);
    let bar = session.progress_bar(code_base.files.len() as u64, "files");
    let mut results = Vec::new();
    for (k, (loaded, mutants)) in code_base.files.iter().zip(selection).enumerate() {
        bar.set_position(k as u64);
        if mutants.is_empty() && shard.is_some() {
            continue;
        }
        let tests = match super::program::tests_of_file(&text, &loaded.source.relative) {
            Some(entry) => {
                roth::program::testgen::testfile::read_tests(&loaded.unit, &entry.to_string())
                    .map_err(|e| {
                        bad_input(format!(
                            "{}: tests of {}: {e}",
                            args.tests.display(),
                            loaded.source.relative
                        ))
                    })?
            }
            None => Vec::new(),
        };
        let analysis = analyse(
            &loaded.unit,
            &mutants,
            &tests,
            limits,
            args.threads,
            &|_| {},
        )
        .map_err(super::program::analysis_error)?;
        let rows = mutants
            .iter()
            .zip(&analysis.verdicts)
            .map(|(m, v)| {
                super::program::mutant_json(
                    m,
                    serde_json::json!({
                        "status": match v { Verdict::Killed(_) => "killed", Verdict::NotReached => "not reached", Verdict::Survived => "survived" },
                        "killed_by": match v { Verdict::Killed(t) => Some(tests[*t].name.clone()), _ => None },
                    }),
                )
            })
            .collect();
        results.push(ScoreResult {
            file: loaded.source.relative.clone(),
            tests: tests.len(),
            mutants: mutants.iter().map(|m| m.id).collect(),
            rows,
        });
    }
    bar.finish_and_clear();
    if let (Some(path), Some(shard)) = (&args.part, shard) {
        let part = ScorePart {
            roth_part: PART_VERSION,
            kind: "score".into(),
            root: args.file.display().to_string(),
            shard: (shard.index, shard.count),
            settings: ScoreSettings {
                step_limit: args.step_limit,
                operators: args.operators.clone(),
                tests: fingerprint(&text),
            },
            code_base: code_base.seen.clone(),
            results,
        };
        let json = serde_json::to_string_pretty(&part).context("JSON")? + "\n";
        super::write_output(Some(path), &json, true)?;
        if !session.quiet {
            eprintln!(
                "part {} of {}: {} files scored; wrote {}",
                shard.index,
                shard.count,
                part.results.len(),
                path.display()
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    print_score(&code_base, &results, args.json, None)
}

fn merge_score(
    session: &Session,
    args: &super::circuit::MergeArgs,
    parts: Vec<(PathBuf, ScorePart)>,
) -> Result<ExitCode, CliError> {
    if args.report.is_some() {
        return Err(bad_input(
            "a score's merge prints its report (--json); --report is for roth testgen's parts",
        ));
    }
    let Opened {
        count,
        code_base,
        per_file,
    } = open_parts(session, &args.circuit, &parts)?;
    let mut results = Vec::new();
    for (loaded, mine) in code_base.files.iter().zip(per_file) {
        let mut rows: Vec<serde_json::Value> = mine
            .iter()
            .flat_map(|(_, r)| r.rows.iter().cloned())
            .collect();
        rows.sort_by_key(|r| r["id"].as_u64());
        results.push(ScoreResult {
            file: loaded.source.relative.clone(),
            tests: mine.first().map_or(0, |(_, r)| r.tests),
            mutants: loaded.mutants.iter().map(|m| m.id).collect(),
            rows,
        });
    }
    print_score(&code_base, &results, args.json, Some(count))
}

/// A code base's score: a row per file and the totals, or the JSON report.
fn print_score(
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
        println!("{}", serde_json::to_string_pretty(&report).context("JSON")?);
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
        print!("{out}");
    }
    Ok(if code_base.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
