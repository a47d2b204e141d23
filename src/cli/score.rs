//! `roth score`: a test set run on a Java file and on every mutant, the killed and alive
//! mutants and the mutation score ([DeMillo & Offutt 1991]); on a folder, each file of the
//! code base against its own tests, whole or as one part of a sharded run.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;

use roth::flow::shard::fingerprint;
use roth::program::execution::interp::Limits;
use roth::program::testgen::parts::{PART_VERSION, ScorePart, ScoreResult, ScoreSettings};

use super::codebase::{Item, load_code_base, print_score};
use super::common::program::{
    analysis_error, load_unit, method_column, mutant_json, one_line, read_test_file,
    select_mutants, tests_of_file,
};
use super::common::{
    BadInput, CliError, Session, bad_input, default_threads, json, parse_shard, print,
    refuse_existing, write_output,
};

#[derive(Debug, Args)]
#[command(after_help = "\
The test file is JSON (the format is in docs/programs.md):
    {\"tests\": [{\"name\": \"right\", \"method\": \"classify\", \"args\": [3, 4, 5]},
               {\"method\": \"sort\", \"args\": [[3, 1, 2]], \"this\": {\"comparisons\": 0}}]}

A mutant is killed when some test sees any output differ from the original's: the return
value, the exception class, printed text, fields and arrays after the call, or termination.
Each test runs once on the original; a mutant runs only on the tests that reach the code it
changes (the others cannot tell it apart).

A folder is a code base: every .java file below it, each scored with its own tests, taken
from a report of `roth testgen FOLDER` (or `roth merge`), whose `files` list each file's tests;
a file with no tests there has every mutant alive. --shard I/N scores one of N parts of the
methods and writes a part file; `roth merge FOLDER PART...` prints the whole score.

Examples:
    roth score programs/Triangle.java --tests triangle-tests.json
    roth score programs/Triangle.java --tests t.json --operators ROR --json
    roth score programs --tests programs.json
    roth score programs --tests programs.json --shard 1/4 --part score-1.json")]
pub struct ScoreArgs {
    /// The Java source file, or a folder of them (a code base).
    file: PathBuf,

    /// The test set (roth's JSON test format, or a report of roth testgen).
    #[arg(long, short)]
    tests: PathBuf,

    /// Only mutants of this method (one file only).
    #[arg(long, short)]
    method: Option<String>,

    /// Comma-separated operators (default: all).
    #[arg(long, value_delimiter = ',')]
    operators: Vec<String>,

    /// Steps before a run counts as non-terminating.
    #[arg(long, default_value_t = 1_000_000)]
    step_limit: u64,

    /// Worker threads (results do not depend on it).
    #[arg(long, default_value_t = default_threads())]
    threads: usize,

    /// A JSON report instead of the table.
    #[arg(long)]
    json: bool,

    /// Score part I of N of the methods (`auto`: from the scheduler, as `roth testgen
    /// --shard`); `roth merge` combines the parts.
    #[arg(long, value_name = "I/N", requires = "part", conflicts_with_all = ["method", "json"])]
    shard: Option<String>,

    /// Write this part's verdicts for `roth merge`.
    #[arg(long, value_name = "FILE", requires = "shard")]
    part: Option<PathBuf>,

    /// Replace an existing part file.
    #[arg(long)]
    force: bool,
}

pub fn score(session: &Session, args: ScoreArgs) -> Result<ExitCode, CliError> {
    use roth::program::execution::analysis::{Verdict, analyse};
    if args.file.is_dir() || args.shard.is_some() {
        return code_base(session, &args);
    }
    let unit = load_unit(session, &args.file)?;
    let tests = read_test_file(&unit, &args.tests)?;
    let selected = select_mutants(&unit, args.method.as_deref(), &args.operators)?;
    let mutants = &selected.mutants;
    let bar = session.progress_bar(mutants.len() as u64, "mutants");
    let limits = Limits {
        steps: args.step_limit,
        ..Limits::default()
    };
    let analysis = analyse(&unit, mutants, &tests, limits, args.threads, &|n| {
        bar.set_position(n as u64)
    })
    .map_err(analysis_error)?;
    bar.finish_and_clear();
    let killed = analysis.killed();
    let verdict_text = |v: &Verdict| match v {
        Verdict::Killed(t) => format!("killed by {}", tests[*t].name),
        Verdict::NotReached => "alive (no test reaches it)".to_string(),
        Verdict::Survived => "alive".to_string(),
    };
    if args.json {
        let rows: Vec<serde_json::Value> = mutants
            .iter()
            .zip(&analysis.verdicts)
            .map(|(m, v)| {
                mutant_json(m, serde_json::json!({
                    "status": match v { Verdict::Killed(_) => "killed", Verdict::NotReached => "not reached", Verdict::Survived => "survived" },
                    "killed_by": match v { Verdict::Killed(t) => Some(tests[*t].name.clone()), _ => None },
                }))
            })
            .collect();
        let report = serde_json::json!({
            "file": unit.path,
            "tests": tests.len(),
            "mutants": mutants.len(),
            "killed": killed,
            "alive": mutants.len() - killed,
            "mutation_score": analysis.score(),
            "runs": analysis.runs,
            "runs_avoided": analysis.runs_avoided,
            "results": rows,
        });
        print(&json(&report))?;
        return Ok(ExitCode::SUCCESS);
    }
    let width = method_column(mutants);
    let mut out = format!(
        "{:>5}  {:<5} {:<width$} {:>9}  {:<40}  verdict\n",
        "id", "op", "method", "line:col", "change"
    );
    for (m, v) in mutants.iter().zip(&analysis.verdicts) {
        let change = format!("{} -> {}", one_line(&m.original), one_line(&m.replacement));
        out.push_str(&format!(
            "{:>5}  {:<5} {:<width$} {:>9}  {:<40}  {}\n",
            m.id,
            m.operator.name(),
            m.method_name,
            format!("{}:{}", m.line, m.column),
            change,
            verdict_text(v)
        ));
    }
    let not_reached = analysis
        .verdicts
        .iter()
        .filter(|v| **v == Verdict::NotReached)
        .count();
    out.push_str(&format!(
        "\n{} tests, {} mutants: {} killed, {} alive ({} not reached by any test)\nmutation score {:.1} %  ({} mutant runs, {} avoided because the test does not reach the mutant)\n",
        tests.len(),
        mutants.len(),
        killed,
        mutants.len() - killed,
        not_reached,
        100.0 * analysis.score(),
        analysis.runs,
        analysis.runs_avoided
    ));
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `roth score FOLDER --tests REPORT`: each file's mutants against its tests.
fn code_base(session: &Session, args: &ScoreArgs) -> Result<ExitCode, CliError> {
    use roth::program::execution::analysis::{Verdict, analyse};
    if args.method.is_some() {
        return Err(bad_input(
            "--method picks a method of one file; give the file instead of the folder",
        ));
    }
    let shard = args.shard.as_deref().map(parse_shard).transpose()?;
    if let Some(path) = &args.part {
        refuse_existing([path.as_path()], args.force)?;
    }
    let text = std::fs::read_to_string(&args.tests)
        .with_context(|| format!("cannot read {}", args.tests.display()))
        .bad_input()?;
    let code_base = load_code_base(session, &args.file, &args.operators)?;
    let limits = Limits {
        steps: args.step_limit,
        ..Limits::default()
    };
    let selection = code_base.selection(shard, Item::Method);
    let bar = session.progress_bar(code_base.files.len() as u64, "files");
    let mut results = Vec::new();
    for (k, (loaded, mutants)) in code_base.files.iter().zip(selection).enumerate() {
        bar.set_position(k as u64);
        if mutants.is_empty() && shard.is_some() {
            continue;
        }
        let tests = match tests_of_file(&text, &loaded.source.relative) {
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
        .map_err(analysis_error)?;
        let rows = mutants
            .iter()
            .zip(&analysis.verdicts)
            .map(|(m, v)| {
                mutant_json(
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
        write_output(Some(path), &json, true)?;
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
