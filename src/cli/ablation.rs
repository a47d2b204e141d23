//! `roth ablation`: the software D-algorithm's advanced methods measured ([Zhang 2021] ch. 4):
//! its pass over a file's mutants with each method switched off, beside all on (tables 4.1 to
//! 4.5).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use roth::program::execution::interp::Limits;

use std::fmt::Write as _;

use super::common::program::{load_unit, select_mutants};
use super::common::{CliError, Session, json, print};

/// Arguments of `roth ablation`.
#[derive(Args, Debug)]
#[command(
    after_help = "For each advanced method of the software D-algorithm (thesis ch. 4) that can
be switched off, the D-algorithm's pass over each file's mutants is run with that method off and
with every method on: success rate (searched mutants given a test or proved equivalent), mutation
score of the pass's tests (over mutants not proved equivalent) and seconds, laid out like the
thesis's tables 4.1 to 4.5.

Examples:
    roth ablation programs/Triangle.java
    roth ablation programs/*.java --backtracks 64 --json"
)]
pub struct AblationArgs {
    /// Java source files, one column group (program) each.
    #[arg(required = true)]
    files: Vec<PathBuf>,

    /// Backtracks allowed per mutant (the first pass's small limit).
    #[arg(long, default_value_t = 16)]
    backtracks: u64,

    /// Seed of the solver's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// Steps before a run counts as non-terminating.
    #[arg(long, default_value_t = super::ANALYSIS_STEP_LIMIT)]
    step_limit: u64,

    /// Print JSON instead of the tables.
    #[arg(long)]
    json: bool,
}

pub fn ablation(session: &Session, args: AblationArgs) -> Result<ExitCode, CliError> {
    use roth::program::dalg::Methods;
    use roth::program::testgen::ablation::{Row, first_pass};
    let limits = Limits {
        steps: args.step_limit,
        ..Limits::default()
    };
    let mut programs = Vec::new();
    for file in &args.files {
        let unit = load_unit(session, file)?;
        let selected = select_mutants(&unit, None, &[])?;
        let name = file.file_stem().map_or_else(
            || file.display().to_string(),
            |s| s.to_string_lossy().into(),
        );
        programs.push((name, unit, selected.mutants));
    }
    let bar = session.progress_bar(
        (programs.len() * (Methods::ablations().len() + 1)) as u64,
        "passes",
    );
    let run = |methods: Methods| -> Vec<Row> {
        programs
            .iter()
            .map(|(_, unit, mutants)| {
                let row = first_pass(unit, mutants, methods, args.backtracks, limits, args.seed);
                bar.inc(1);
                row
            })
            .collect()
    };
    let all_on = run(Methods::ALL);
    let offs: Vec<(&str, Vec<Row>)> = Methods::ablations()
        .into_iter()
        .map(|(name, methods)| (name, run(methods)))
        .collect();
    bar.finish_and_clear();
    if args.json {
        let report = serde_json::json!({
            "backtracks": args.backtracks,
            "seed": args.seed,
            "programs": programs.iter().map(|p| &p.0).collect::<Vec<_>>(),
            "all_on": all_on,
            "off": offs.iter().map(|(name, rows)| serde_json::json!({
                "method": name,
                "rows": rows,
            })).collect::<Vec<_>>(),
        });
        print(&json(&report))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut out = String::new();
    let width = programs.iter().map(|p| p.0.len()).max().unwrap_or(7).max(7);
    for (k, (name, rows)) in offs.iter().enumerate() {
        writeln!(
            out,
            "Table {}: {name}, off (pre) and on (improved); {} backtracks per mutant",
            k + 1,
            args.backtracks
        )?;
        writeln!(
            out,
            "{:width$}  {:>8} {:>7} {:>7}   {:>8} {:>7} {:>7}",
            "program", "success", "score", "seconds", "success", "score", "seconds"
        )?;
        writeln!(
            out,
            "{:width$}  {:>24}   {:>24}",
            "", "--- method off ---", "--- all on ---"
        )?;
        for ((p, off), on) in programs.iter().zip(rows).zip(&all_on) {
            writeln!(
                out,
                "{:width$}  {:>7.0}% {:>6.0}% {:>7.2}   {:>7.0}% {:>6.0}% {:>7.2}",
                p.0,
                100.0 * off.success_rate,
                100.0 * off.mutation_score,
                off.seconds,
                100.0 * on.success_rate,
                100.0 * on.mutation_score,
                on.seconds,
            )?;
        }
        writeln!(out)?;
    }
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}
