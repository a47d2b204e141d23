//! `roth merge`: the parts of a sharded run as one run. For a circuit, the parts of `roth
//! atpg` (opened by [`roth::circuit::atpg::part`], then simulated and compacted again by
//! [`roth::circuit::atpg::merge`]); for a Java file or folder, the parts of `roth testgen` or
//! `roth score` over a code base (opened by [`roth::program::testgen::parts`]).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;

use roth::circuit::FaultUniverse;
use roth::circuit::atpg::part::{self, OpenedParts};
use roth::circuit::atpg::{self, AtpgOptions};
use roth::circuit::patterns::Fill;
use roth::flow as campaign;
use roth::program::execution::interp::Limits;
use roth::program::testgen::parts::{PartKind, ScorePart, ScoreResult, TestgenPart, read_parts};
use roth::program::testgen::{self, Options, PartsFound};

use super::codebase::{FileOutcome, Opened, Outputs, finish, open_parts, print_score};
use super::common::circuit::{AtpgOutputs, finish_atpg, load, pattern_format};
use super::common::{BadInput, CliError, Session, bad_input, default_threads, refuse_existing};

#[derive(Debug, Args)]
#[command(after_help = "\
Each part comes from `roth atpg CIRCUIT --shard I/N --part part-I.json` (or `roth testgen
FOLDER --shard I/N --part part-I.json` for programs). The merge refuses a set of parts that is
incomplete (and names the missing ones), that mixes runs of different N or different settings,
or that was made from another circuit or another version of the code base. For a circuit, the
patterns of all parts are fault-simulated over every collapsed fault (a fault one part gave up
on may be detected by another's patterns), the parts' untestable proofs are taken, and
compaction runs as in a single run; the outputs are those of `roth atpg`. For programs, every
part's tests are run against every mutant of their file (a mutant one part left unknown may be
killed by another part's test), the parts' equivalence proofs are taken, each file's tests are
compacted again, and the outputs are those of `roth testgen FOLDER` (--out-dir, --report).

Examples (four parts, then the merge):
    for i in 1 2 3 4; do roth atpg c7552.bench --shard $i/4 --part part-$i.json; done
    roth merge c7552.bench part-*.json --patterns c7552.test --report c7552.json
    for i in 1 2 3 4; do roth testgen programs --shard $i/4 --part tg-$i.json; done
    roth merge programs tg-*.json --out-dir tests --report programs.json")]
pub struct MergeArgs {
    /// The circuit (.bench), or the Java file or folder, the parts were made from.
    #[arg(value_name = "INPUT")]
    circuit: PathBuf,
    /// The part files, one per shard.
    #[arg(required = true)]
    parts: Vec<PathBuf>,
    /// Write the patterns here (.json, .test or .stil; circuits).
    #[arg(long, value_name = "FILE")]
    patterns: Option<PathBuf>,
    /// Write the JUnit 5 classes under this folder, one per file (programs).
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
    /// Write a JSON report here.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Print the report as JSON instead of the table (programs).
    #[arg(long)]
    json: bool,
    /// Replace existing output files.
    #[arg(long)]
    force: bool,
    /// Seed for compaction's random choices (circuits; a program merge uses its parts' seed).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How hard compaction works (circuits).
    #[arg(long, value_enum, default_value = "default", value_name = "EFFORT")]
    compact: campaign::Effort,
    /// Keep every pattern or test of the parts: no compaction.
    #[arg(long)]
    no_compact: bool,
    /// Skip static learning (circuits).
    #[arg(long)]
    no_learning: bool,
    /// Value of don't-care bits in regenerated patterns (circuits).
    #[arg(long, value_enum, default_value = "random")]
    fill: Fill,
    /// Seconds a JUnit test may run before it fails (programs).
    #[arg(long, value_name = "SECONDS", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..))]
    test_timeout: u32,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// List the untestable and aborted faults in the table (circuits).
    #[arg(long)]
    detail: bool,
}

pub fn merge(session: &Session, args: MergeArgs) -> Result<ExitCode, CliError> {
    let program = args.circuit.is_dir() || args.circuit.extension().is_some_and(|e| e == "java");
    if program {
        return code_base(session, &args);
    }
    if args.out_dir.is_some() || args.json {
        return Err(bad_input(
            "--out-dir and --json are for parts of roth testgen; a circuit's merge writes --patterns and --report",
        ));
    }
    let netlist = load(session, &args.circuit)?;
    let format = args.patterns.as_deref().map(pattern_format).transpose()?;
    refuse_existing(
        [&args.patterns, &args.report]
            .into_iter()
            .flatten()
            .map(PathBuf::as_path),
        args.force,
    )?;
    let universe = FaultUniverse::new(&netlist);
    let OpenedParts {
        tests, untestable, ..
    } = part::open_parts(&netlist, &universe, &args.circuit, &args.parts).bad_input()?;
    let threads = args.threads.unwrap_or_else(default_threads).max(1);
    let options = AtpgOptions {
        flow: campaign::Options {
            seed: args.seed,
            compact: !args.no_compact,
            effort: args.compact,
            threads,
            ..campaign::Options::default()
        },
        fill: args.fill,
        learning: !args.no_learning,
        shard: None,
    };
    let start = Instant::now();
    let bar = session.progress_bar(universe.collapsed().len() as u64, "faults");
    let mut phase = String::new();
    let result = atpg::merge(
        &netlist,
        &universe,
        tests,
        &untestable,
        &options,
        &mut |p| {
            if p.phase != phase {
                phase = p.phase.to_owned();
                bar.set_length(p.total as u64);
                bar.set_message(phase.clone());
            }
            bar.set_position(p.done as u64);
        },
    )?;
    bar.finish_and_clear();
    let outputs = AtpgOutputs {
        patterns: args.patterns.as_deref().zip(format),
        report: args.report.as_deref(),
        detail: args.detail,
        threads,
    };
    finish_atpg(&netlist, &universe, &result, start, &outputs)
}

/// `roth merge FOLDER PART...`: the parts of a sharded `roth testgen` or `roth score` as one
/// run.
fn code_base(session: &Session, args: &MergeArgs) -> Result<ExitCode, CliError> {
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

fn merge_testgen(
    session: &Session,
    args: &MergeArgs,
    parts: Vec<(PathBuf, TestgenPart)>,
) -> Result<ExitCode, CliError> {
    let Opened {
        count,
        code_base,
        per_file,
    } = open_parts(session, &args.circuit, &parts)?;
    let settings = parts[0].1.settings.clone();
    let test_paths = match &args.out_dir {
        Some(dir) => Some(code_base.test_paths(dir, "Test")?),
        None => None,
    };
    refuse_existing(
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
        threads: args.threads.unwrap_or_else(default_threads).max(1),
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
        suffix: "Test".into(),
    };
    finish(session, &code_base, &outcomes, &outputs)
}

fn merge_score(
    session: &Session,
    args: &MergeArgs,
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
