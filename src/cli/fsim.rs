//! `roth fsim`: fault simulation of a pattern set (or of random patterns) over a circuit's
//! collapsed faults, and the fault coverage.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use serde::Serialize;

use roth::circuit::patterns::Fill;
use roth::circuit::{FaultSimulator, FaultUniverse, PackedPatterns, PatternSet};
use roth::rng::Rng;

use super::common::circuit::load;
use super::common::{
    BadInput, CliError, Session, bad_input, default_threads, json, print, write_output,
};

#[derive(Debug, Args)]
pub struct FsimArgs {
    /// The circuit (.bench).
    circuit: PathBuf,
    /// The patterns: roth's .json, Atalanta's .test, or a file that names no inputs (quaigh's
    /// .test with 'N: BITS' lines, or plain lines of 0/1/X, each optionally followed by the
    /// responses), whose values are by position: the primary inputs in declaration order, then
    /// the flip-flops' outputs in flip-flop order. Omit with --random.
    #[arg(required_unless_present = "random")]
    patterns: Option<PathBuf>,
    /// Simulate this many random patterns instead of a pattern file.
    #[arg(long, conflicts_with = "patterns", value_name = "COUNT")]
    random: Option<usize>,
    /// Seed for --random and for --fill random.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Give don't-care (X) input bits this value; without it, X bits are an error.
    #[arg(long, value_enum)]
    fill: Option<Fill>,
    /// Write a JSON report to this file.
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Replace an existing report file.
    #[arg(long)]
    force: bool,
    /// List the undetected faults by name (in the table and the report).
    #[arg(long)]
    detail: bool,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
}

#[derive(Serialize)]
struct FsimReport {
    circuit: String,
    patterns: usize,
    faults: usize,
    detected: usize,
    /// Percent of `faults` detected.
    coverage: f64,
    collapsed: usize,
    collapsed_detected: usize,
    collapsed_coverage: f64,
    /// Patterns whose stored fault-free response differs from simulation.
    response_mismatches: usize,
    threads: usize,
    seconds: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    undetected: Option<Vec<String>>,
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        100.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

pub fn fsim(session: &Session, args: FsimArgs) -> Result<ExitCode, CliError> {
    let netlist = load(session, &args.circuit)?;
    let mut rng = Rng::new(args.seed);
    let (packed, mismatches) = match (&args.patterns, args.random) {
        (Some(path), _) => {
            let mut set = PatternSet::read(path).bad_input()?;
            if let Some(fill) = args.fill {
                set.fill(fill, &mut rng);
            }
            let bound = set
                .bind(&netlist, &path.display().to_string())
                .bad_input()?;
            let mismatches = bound.response_mismatches(&netlist);
            (bound.packed, mismatches)
        }
        (None, Some(count)) => (
            PackedPatterns::random(netlist.inputs().len(), count, &mut rng),
            Vec::new(),
        ),
        (None, None) => return Err(bad_input("give a pattern file or --random COUNT")),
    };
    if let Some(&first) = mismatches.first() {
        session.warn(format!(
            "{} pattern(s) carry a fault-free response that differs from simulation (first: pattern {first})",
            mismatches.len()
        ));
    }

    let universe = FaultUniverse::new(&netlist);
    let targets = universe.collapsed_faults();
    let threads = args.threads.unwrap_or_else(default_threads).max(1);
    let bar = session.progress_bar(packed.len() as u64, "patterns");
    let start = Instant::now();
    let first = FaultSimulator::new(&netlist, threads).first_detections(
        &targets,
        &packed,
        |done, detected| {
            bar.set_message(format!("{detected}/{} faults detected", targets.len()));
            bar.set_position(done as u64);
        },
    );
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();

    let mut detected = vec![false; universe.len()];
    for (&id, d) in universe.collapsed().iter().zip(&first) {
        detected[id.index()] = d.is_some();
    }
    universe.expand(&mut detected);
    let detected_count = detected.iter().filter(|&&d| d).count();
    let collapsed_detected = first.iter().filter(|d| d.is_some()).count();
    let undetected: Vec<String> = universe
        .ids()
        .filter(|id| !detected[id.index()])
        .map(|id| universe.name(&netlist, id))
        .collect();
    let report = FsimReport {
        circuit: netlist.name().to_owned(),
        patterns: packed.len(),
        faults: universe.len(),
        detected: detected_count,
        coverage: percent(detected_count, universe.len()),
        collapsed: targets.len(),
        collapsed_detected,
        collapsed_coverage: percent(collapsed_detected, targets.len()),
        response_mismatches: mismatches.len(),
        threads,
        seconds,
        undetected: args.detail.then(|| undetected.clone()),
    };

    let mut t = String::new();
    let _ = writeln!(t, "circuit     {}", report.circuit);
    let _ = writeln!(t, "patterns    {}", report.patterns);
    let _ = writeln!(
        t,
        "faults      {:>8}   detected {:>8}   coverage {:7.3} %",
        report.faults, report.detected, report.coverage
    );
    let _ = writeln!(
        t,
        "collapsed   {:>8}   detected {:>8}   coverage {:7.3} %",
        report.collapsed, report.collapsed_detected, report.collapsed_coverage
    );
    let _ = writeln!(t, "time        {:.3} s on {} thread(s)", seconds, threads);
    if report.response_mismatches > 0 {
        let _ = writeln!(
            t,
            "responses   {} pattern(s) differ from the circuit's fault-free response",
            report.response_mismatches
        );
    }
    if args.detail {
        let _ = writeln!(t, "undetected faults ({}):", undetected.len());
        for name in &undetected {
            let _ = writeln!(t, "  {name}");
        }
    }
    print(&t)?;
    if let Some(path) = &args.report {
        write_output(Some(path), &json(&report), args.force)?;
    }
    // Stored responses that disagree with the circuit mean the pattern set fails verification.
    Ok(if mismatches.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
