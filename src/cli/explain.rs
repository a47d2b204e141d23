//! `roth explain`: one fault's or one mutant's search, step by step, with pictures.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use roth::circuit::FaultUniverse;
use roth::circuit::dalg::Justification;
use roth::explain::circuit::{self as explain_circuit, circuit_svg};
use roth::explain::{Trace, html, tree};

use super::{CliError, Session, bad_input, write_output};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One numbered step per line, what it implied and undid indented below.
    Text,
    /// The whole trace as JSON, for programs.
    Json,
    /// One self-contained page that steps through the trace with its pictures.
    Html,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Strategy {
    /// Roth's D-algorithm: drive the error to an output, then justify each gate by a cube.
    Roth,
    /// As `roth atpg` runs it: justify first, each gate by a backtrace to an input (FAN).
    Fan,
}

#[derive(Debug, Args)]
#[command(after_help = "\
Circuits: the trace shows, per step, the subtask (excitation, D-drive through which gate,
justification of which gate), the alternative chosen among how many, the values implied in
Roth's five-valued notation (0 1 X D D', D being 1 in the good circuit and 0 in the faulty
one; good/faulty where only one side is known), the D-frontier and J-frontier after it,
conflicts and what backtracking undid, and at the end the test (checked by fault simulation)
or the proof that none exists.

Examples:
    roth explain circuits/c17.bench --fault \"16 sa1\"
    roth explain circuits/c17.bench --fault \"11->16 sa0\" --format html --out c17.html
    roth explain circuits/c17.bench --fault \"16 sa1\" --svg tree.svg --circuit-svg c17.svg --step 3")]
pub struct ExplainArgs {
    /// The circuit (.bench).
    file: PathBuf,

    /// The fault: `NET sa0`, `NET sa1`, or `NET->GATE sa0` for a fanout branch.
    #[arg(long)]
    fault: Option<String>,

    /// How to print the trace.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,

    /// Write the trace here instead of standard output.
    #[arg(long, short, value_name = "FILE")]
    out: Option<PathBuf>,

    /// Draw the decision tree (one node per alternative tried) as SVG.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,

    /// Draw the circuit (the fault's cone, for large circuits) with the values after the
    /// last step, or after --step.
    #[arg(long, value_name = "FILE")]
    circuit_svg: Option<PathBuf>,

    /// The step whose values --circuit-svg shows (0: before the first step).
    #[arg(long, value_name = "N")]
    step: Option<usize>,

    /// The search to trace.
    #[arg(long, value_enum, default_value_t = Strategy::Roth)]
    strategy: Strategy,

    /// Use static learning (SOCRATES), as `roth atpg` does.
    #[arg(long)]
    learning: bool,

    /// Backtracks before the search gives up.
    #[arg(long, default_value_t = 10_000)]
    backtracks: u64,

    /// Steps recorded at most (the search itself runs on to its verdict).
    #[arg(long, default_value_t = 5_000)]
    max_steps: usize,

    /// Replace existing output files.
    #[arg(long)]
    force: bool,
}

pub fn explain(session: &Session, args: ExplainArgs) -> Result<ExitCode, CliError> {
    let netlist = super::circuit::load(session, &args.file)?;
    let Some(fault_name) = &args.fault else {
        return Err(bad_input(
            "give the fault to explain with --fault \"NET sa0\"",
        ));
    };
    let universe = FaultUniverse::new(&netlist);
    let id = universe.find(&netlist, fault_name).ok_or_else(|| {
        bad_input(format!(
            "{}: no fault named `{fault_name}` (write `NET sa0`, `NET sa1` or `NET->GATE sa1`; `roth faults {}` lists them)",
            args.file.display(),
            args.file.display()
        ))
    })?;
    let fault = universe.fault(id);
    let options = explain_circuit::Options {
        strategy: match args.strategy {
            Strategy::Roth => Justification::Cubes,
            Strategy::Fan => Justification::Backtrace,
        },
        learning: args.learning,
        backtracks: args.backtracks,
        max_steps: args.max_steps,
    };
    let subject = args.file.file_name().map_or_else(
        || args.file.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    );
    let trace = explain_circuit::explain_fault(&netlist, &subject, fault, &options);
    let step = match args.step {
        Some(s) if s > trace.steps.len() => {
            return Err(bad_input(format!(
                "--step {s}: the trace has {} steps",
                trace.steps.len()
            )));
        }
        Some(s) => s,
        None => trace.steps.len(),
    };
    let picture = |step: usize, title: String| {
        circuit_svg(&netlist, fault, &title, &trace.state_at(step, "X"))
    };
    // Files first: a refused --force must not follow a printed trace.
    for path in [&args.out, &args.svg, &args.circuit_svg]
        .into_iter()
        .flatten()
    {
        if path.exists() && !args.force {
            return Err(bad_input(format!(
                "{} already exists; give --force to replace it",
                path.display()
            )));
        }
    }
    if let Some(path) = &args.svg {
        write_output(Some(path), &tree::svg(&trace), args.force)?;
    }
    if let Some(path) = &args.circuit_svg {
        let title = format!("{subject}: {}, after step {step}", trace.target);
        write_output(Some(path), &picture(step, title), args.force)?;
    }
    let text = match args.format {
        Format::Text => trace.text(),
        Format::Json => trace.json(),
        // The page's script restyles the picture for each step.
        Format::Html => html::page(
            &trace,
            &picture(0, format!("{subject}: {}", trace.target)),
            "X",
            |v| explain_circuit::category(v).to_string(),
        ),
    };
    write_output(args.out.as_deref(), &text, args.force)?;
    Ok(exit_code(&trace))
}

/// 0 when the search reached a verdict (a test or a proof), 1 when it gave up.
fn exit_code(trace: &Trace) -> ExitCode {
    if trace.verdict.kind == "aborted" {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
