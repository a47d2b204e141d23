//! `roth explain`: one fault's or one mutant's search, step by step, with pictures.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};

use roth::circuit::FaultUniverse;
use roth::circuit::dalg::Justification;
use roth::explain::circuit::{self as explain_circuit, circuit_svg};
use roth::explain::{Trace, html, tree};

use super::common::circuit::load;
use super::common::program::load_unit;
use super::common::{CliError, Session, bad_input, refuse_existing, write_output};

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

Java files: the software D-algorithm (Zhang 2021, ch. 3) on one mutant: JUST of the path to
the mutated statement, MEE where the versions first differ, MEP until an output, JUST of the
inputs by the solver (each candidate run in the interpreter); per step the execution status
(EXS) of the CFG's nodes and edges, the variables as `orig | mut`, the unjustified element list
(UEL), where the effect is and the path condition; at the end the test or the proof that the
mutant is equivalent.

Examples:
    roth explain circuits/c17.bench --fault \"16 sa1\"
    roth explain circuits/c17.bench --fault \"11->16 sa0\" --format html --out c17.html
    roth explain circuits/c17.bench --fault \"16 sa1\" --svg tree.svg --circuit-svg c17.svg --step 3
    roth explain programs/Mid.java --mutant 16 --cfg-svg mid.svg --format html -o mid.html")]
pub struct ExplainArgs {
    /// The circuit (.bench) or the Java file (.java).
    file: PathBuf,

    /// The fault (circuits): `NET sa0`, `NET sa1`, or `NET->GATE sa0` for a fanout branch.
    #[arg(long)]
    fault: Option<String>,

    /// The mutant (Java files): its id, as `roth mutate` lists them.
    #[arg(long)]
    mutant: Option<u32>,

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

    /// Draw the mutant's method's CFG with the execution status after the last step (or
    /// --step): nodes and edges both versions ran, one ran, none; data dependences dashed.
    #[arg(long, value_name = "FILE")]
    cfg_svg: Option<PathBuf>,

    /// The step whose values --circuit-svg or --cfg-svg shows (0: before the first step).
    #[arg(long, value_name = "N")]
    step: Option<usize>,

    /// The search to trace.
    #[arg(long, value_enum, default_value_t = Strategy::Roth)]
    strategy: Strategy,

    /// Use static learning (SOCRATES), as `roth atpg` does.
    #[arg(long)]
    learning: bool,

    /// Backtracks before the search gives up (default: 10,000 for circuits, 256 for
    /// mutants, whose alternatives each cost a solver call).
    #[arg(long)]
    backtracks: Option<u64>,

    /// Seed of the solver's random choices (mutants).
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// Steps recorded at most (the search itself runs on to its verdict).
    #[arg(long, default_value_t = 5_000)]
    max_steps: usize,

    /// Replace existing output files.
    #[arg(long)]
    force: bool,
}

pub fn explain(session: &Session, args: ExplainArgs) -> Result<ExitCode, CliError> {
    if args.file.extension().is_some_and(|e| e == "java") {
        return explain_program(session, args);
    }
    if args.mutant.is_some() || args.cfg_svg.is_some() {
        return Err(bad_input(
            "--mutant and --cfg-svg are for Java files; for a circuit give --fault",
        ));
    }
    let netlist = load(session, &args.file)?;
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
        backtracks: args.backtracks.unwrap_or(10_000),
        max_steps: args.max_steps,
    };
    let subject = args.subject();
    let trace = explain_circuit::explain_fault(&netlist, &subject, fault, &options);
    let draw =
        |step: usize, title: &str| circuit_svg(&netlist, fault, title, &trace.state_at(step, "X"));
    let picture = Picture {
        path: args.circuit_svg.as_deref(),
        unset: "X",
        category: explain_circuit::category,
        draw: &draw,
    };
    write_trace(&args, &trace, &subject, picture)
}

impl ExplainArgs {
    /// The file's name, as traces title it.
    fn subject(&self) -> String {
        self.file.file_name().map_or_else(
            || self.file.display().to_string(),
            |f| f.to_string_lossy().into_owned(),
        )
    }
}

/// A model's drawing of a trace's state.
struct Picture<'p> {
    /// Where the user asked for it (--circuit-svg, --cfg-svg).
    path: Option<&'p Path>,
    /// An element's value before anything is assigned.
    unset: &'static str,
    /// A value's drawing category.
    category: fn(&str) -> &'static str,
    /// The drawing after a step, with a title.
    draw: &'p dyn Fn(usize, &str) -> String,
}

/// Writes a trace's outputs, for both models: the decision tree, the picture at the chosen
/// step, and the trace itself in the chosen format.
fn write_trace(
    args: &ExplainArgs,
    trace: &Trace,
    subject: &str,
    picture: Picture<'_>,
) -> Result<ExitCode, CliError> {
    let step = chosen_step(args, trace)?;
    // Files first: a refused --force must not follow a printed trace.
    refuse_existing(
        [&args.out, &args.svg, &args.circuit_svg, &args.cfg_svg]
            .into_iter()
            .flatten()
            .map(PathBuf::as_path),
        args.force,
    )?;
    if let Some(path) = &args.svg {
        write_output(Some(path), &tree::svg(trace), args.force)?;
    }
    if let Some(path) = picture.path {
        let title = format!("{subject}: {}, after step {step}", trace.target);
        write_output(Some(path), &(picture.draw)(step, &title), args.force)?;
    }
    let text = match args.format {
        Format::Text => trace.text(),
        Format::Json => trace.json(),
        // The page's script restyles the picture for each step.
        Format::Html => html::page(
            trace,
            &(picture.draw)(0, &format!("{subject}: {}", trace.target)),
            picture.unset,
            |v| (picture.category)(v).to_string(),
        ),
    };
    write_output(args.out.as_deref(), &text, args.force)?;
    Ok(exit_code(trace))
}

/// 0 when the search reached a verdict (a test or a proof), 1 when it gave up.
fn exit_code(trace: &Trace) -> ExitCode {
    if trace.verdict.kind == "aborted" {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The step the pictures show: --step, or the last.
fn chosen_step(args: &ExplainArgs, trace: &Trace) -> Result<usize, CliError> {
    match args.step {
        Some(s) if s > trace.steps.len() => Err(bad_input(format!(
            "--step {s}: the trace has {} steps",
            trace.steps.len()
        ))),
        Some(s) => Ok(s),
        None => Ok(trace.steps.len()),
    }
}

fn explain_program(session: &Session, args: ExplainArgs) -> Result<ExitCode, CliError> {
    use roth::explain::program::{self as explain_program, ProgramOptions};
    use roth::program::model::cfg::Cfg;
    if args.fault.is_some() || args.circuit_svg.is_some() {
        return Err(bad_input(
            "--fault and --circuit-svg are for circuits; for a Java file give --mutant",
        ));
    }
    let unit = load_unit(session, &args.file)?;
    let mutants = roth::program::mutants::mutant::generate(&unit);
    let Some(id) = args.mutant else {
        return Err(bad_input(format!(
            "give the mutant to explain with --mutant ID (`roth mutate {}` lists them)",
            args.file.display()
        )));
    };
    let Some(m) = mutants.mutants.iter().find(|m| m.id == id) else {
        return Err(bad_input(format!(
            "{}: no mutant {id} (the file has {}; `roth mutate {}` lists them)",
            args.file.display(),
            mutants.mutants.len(),
            args.file.display()
        )));
    };
    let cfg = Cfg::new(&unit, m.class, m.method).ok_or_else(|| {
        bad_input(format!(
            "mutant {id}: method {} is outside the supported subset",
            m.method_name
        ))
    })?;
    let subject = args.subject();
    let options = ProgramOptions {
        backtracks: args.backtracks.unwrap_or(256),
        max_steps: args.max_steps,
        seed: args.seed,
    };
    let trace = explain_program::explain_mutant(&unit, &subject, m, &cfg, &options)
        .map_err(|why| bad_input(format!("mutant {id} cannot be searched: {why}")))?;
    let draw = |step: usize, title: &str| {
        explain_program::cfg_svg(
            &cfg,
            m,
            title,
            &trace,
            &trace.state_at(step, explain_program::UNSET),
        )
    };
    let picture = Picture {
        path: args.cfg_svg.as_deref(),
        unset: explain_program::UNSET,
        category: explain_program::category,
        draw: &draw,
    };
    write_trace(&args, &trace, &subject, picture)
}
