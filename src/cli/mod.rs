//! The `roth` command line: argument parsing, exit codes, output files and progress bars.
//!
//! Exit codes: 0 success, 1 the job failed (including a check that did not pass), 2 bad input
//! or usage.

mod circuit;
mod codebase;
mod explain;
mod program;
mod shard;
mod solve;

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};

/// The D-algorithm of test generation, one engine for gate netlists and Java unit programs.
///
/// Circuits are ISCAS .bench files; sequential circuits are handled under full scan (each
/// flip-flop becomes a pseudo-primary input and a pseudo-primary output). Faults are single
/// stuck-at faults, named `NET sa0`, `NET sa1`, or `NET->GATE sa0` for a fanout branch.
///
/// Programs are Java source files (a subset: static and instance methods over primitives,
/// strings and arrays). Mutants (muJava's method-level operators) play the faults: `roth
/// testgen` writes a JUnit 5 class that kills every killable one, `roth equiv` proves which
/// are equivalent, `roth score` grades a test set.
#[derive(Debug, Parser)]
#[command(name = "roth", version, propagate_version = true)]
pub struct Cli {
    /// Print no progress bars and no warnings (errors are still printed).
    #[arg(long, short, global = true)]
    quiet: bool,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Show a circuit's size: inputs, outputs, flip-flops, gates by kind, depth and fault counts.
    Stats(circuit::StatsArgs),
    /// List a circuit's stuck-at faults, all of them or collapsed.
    Faults(circuit::FaultsArgs),
    /// Generate tests for every stuck-at fault with the D-algorithm (random patterns first,
    /// then the D-algorithm with growing limits, compaction), and write the patterns.
    Atpg(circuit::AtpgArgs),
    /// Combine the parts of a sharded `roth atpg` run (`--shard I/N --part FILE`) into the
    /// result of one run: all patterns fault-simulated over every fault, compacted, checked.
    Merge(circuit::MergeArgs),
    /// Fault-simulate a pattern set and report the fault coverage.
    Fsim(circuit::FsimArgs),
    /// Write random test patterns with their fault-free responses.
    Random(circuit::RandomArgs),
    /// Generate a parametric circuit (adder, multiplier, parity tree, ...) as .bench.
    Gen(circuit::GenArgs),
    /// Read a circuit and write it back as normalized .bench.
    Bench(circuit::BenchArgs),
    /// Solve constraints written as Java boolean expressions over int, long, char, double,
    /// ... variables: print a model, `unsat`, or `unknown`.
    Solve(solve::SolveArgs),
    /// Run one method of a Java file on arguments given as Java literals, as the JVM would:
    /// print its return value or exception, printed text and changed state.
    Exec(program::ExecArgs),
    /// List the mutants of a Java file (muJava's method-level operators), or write each as a
    /// compilable file.
    Mutate(program::MutateArgs),
    /// Run a test set on a Java file and on every mutant: killed and alive mutants and the
    /// mutation score.
    Score(program::ScoreArgs),
    /// Tell which mutants are equivalent to the original (proved by local analysis, as the
    /// D-algorithm proves redundant faults), which are killable (with a test), and which
    /// remain unknown.
    Equiv(program::EquivArgs),
    /// Generate a compact JUnit 5 test class that kills every killable mutant of a Java file:
    /// random tests, then a search per surviving mutant (equivalent ones proved), then
    /// compaction, the multi-pass flow `roth atpg` runs on circuits.
    Testgen(program::TestgenArgs),
    /// Measure the software D-algorithm's advanced methods (thesis ch. 4): its pass over a
    /// file's mutants with each method switched off, beside all on (tables 4.1 to 4.5).
    Ablation(program::AblationArgs),
    /// Show a Java method's control-flow graph with dominators, control and data dependences,
    /// def-use chains, inputs and outputs; draw it as SVG or DOT.
    Cfg(program::CfgArgs),
    /// Follow the D-algorithm on one fault (or the software D-algorithm on one mutant) step
    /// by step: the subtasks, the choices, the values implied, the frontiers, conflicts and
    /// backtracking, and the test or the proof that none exists; as text, JSON or an HTML
    /// page, with pictures.
    Explain(explain::ExplainArgs),
    /// The hardware/software analogy: each concept of test generation for circuits beside
    /// its counterpart for programs, with the module implementing each side.
    Analogy(explain::AnalogyArgs),
}

/// A failed command: the message and the exit code it maps to.
#[derive(Debug)]
pub struct CliError {
    code: u8,
    error: anyhow::Error,
}

/// Errors not marked otherwise mean the job failed (exit code 1).
impl<E: Into<anyhow::Error>> From<E> for CliError {
    fn from(e: E) -> CliError {
        CliError {
            code: 1,
            error: e.into(),
        }
    }
}

/// Marks an error as caused by the user's input (exit code 2).
trait BadInput<T> {
    fn bad_input(self) -> Result<T, CliError>;
}

impl<T, E: Into<anyhow::Error>> BadInput<T> for Result<T, E> {
    fn bad_input(self) -> Result<T, CliError> {
        self.map_err(|e| CliError {
            code: 2,
            error: e.into(),
        })
    }
}

fn bad_input(message: impl std::fmt::Display) -> CliError {
    CliError {
        code: 2,
        error: anyhow::anyhow!("{message}"),
    }
}

/// Parses the command line, runs the command and maps the outcome to an exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let session = Session {
        quiet: cli.quiet,
        progress: !cli.quiet && std::io::stderr().is_terminal(),
        start: std::time::Instant::now(),
    };
    let result = match cli.command {
        Command::Stats(args) => circuit::stats(&session, args),
        Command::Faults(args) => circuit::faults(&session, args),
        Command::Atpg(args) => circuit::atpg(&session, args),
        Command::Merge(args) => circuit::merge(&session, args),
        Command::Fsim(args) => circuit::fsim(&session, args),
        Command::Random(args) => circuit::random(&session, args),
        Command::Gen(args) => circuit::generate_circuit(&session, args),
        Command::Bench(args) => circuit::bench(&session, args),
        Command::Solve(args) => solve::solve(&session, args),
        Command::Exec(args) => program::exec(&session, args),
        Command::Mutate(args) => program::mutate(&session, args),
        Command::Score(args) => program::score(&session, args),
        Command::Equiv(args) => program::equiv(&session, args),
        Command::Testgen(args) => program::testgen(&session, args),
        Command::Ablation(args) => program::ablation(&session, args),
        Command::Cfg(args) => program::cfg(&session, args),
        Command::Explain(args) => explain::explain(&session, args),
        Command::Analogy(args) => explain::analogy(&session, args),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            // A closed stdout (e.g. `roth faults x | head`) is not worth a message.
            if is_broken_pipe(&e.error) {
                return ExitCode::from(e.code);
            }
            eprintln!("error: {:#}", e.error);
            ExitCode::from(e.code)
        }
    }
}

fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// What every command needs to know about the session.
struct Session {
    quiet: bool,
    progress: bool,
    /// When the command started: budgets count from here, reading the input included.
    start: std::time::Instant,
}

impl Session {
    fn warn(&self, message: impl std::fmt::Display) {
        if !self.quiet {
            eprintln!("warning: {message}");
        }
    }

    /// A progress bar on stderr, or a hidden one when stderr is not a terminal or with --quiet.
    fn progress_bar(&self, length: u64, what: &str) -> ProgressBar {
        if !self.progress {
            return ProgressBar::hidden();
        }
        let bar = ProgressBar::new(length);
        let style = ProgressStyle::with_template(&format!(
            "{{spinner}} [{{bar:30}}] {{pos}}/{{len}} {what}, {{msg}} ({{elapsed}})"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ");
        bar.set_style(style);
        bar
    }
}

/// Writes `contents` to `path`, refusing to replace an existing file unless `force`; `None`
/// writes to stdout. The file is written beside its destination and renamed into place, so an
/// interrupted run never leaves a half-written file under the user's name.
fn write_output(path: Option<&Path>, contents: &str, force: bool) -> Result<(), CliError> {
    let Some(path) = path else {
        let mut out = std::io::stdout().lock();
        out.write_all(contents.as_bytes())
            .and_then(|()| out.flush())
            .context("cannot write to standard output")?;
        return Ok(());
    };
    refuse_existing([path], force)?;
    let file_name = path
        .file_name()
        .ok_or_else(|| bad_input(format!("{} is not a file name", path.display())))?;
    let mut temporary = PathBuf::from(path);
    temporary.set_file_name(format!(".{}.roth-tmp", file_name.to_string_lossy()));
    std::fs::write(&temporary, contents)
        .with_context(|| format!("cannot write {}", temporary.display()))?;
    std::fs::rename(&temporary, path).with_context(|| {
        let _ = std::fs::remove_file(&temporary);
        format!("cannot write {}", path.display())
    })?;
    Ok(())
}

/// Refuses, unless `force`, to go on when one of `paths` exists: commands check their output
/// files before they work, so that a refusal never follows work done or output printed.
fn refuse_existing<'p>(
    paths: impl IntoIterator<Item = &'p Path>,
    force: bool,
) -> Result<(), CliError> {
    match paths.into_iter().find(|p| p.exists()) {
        Some(path) if !force => Err(bad_input(format!(
            "{} already exists; give --force to replace it",
            path.display()
        ))),
        _ => Ok(()),
    }
}

/// A positive, finite number of seconds given to `flag`, as a duration.
pub(crate) fn seconds_option(
    flag: &str,
    seconds: Option<f64>,
) -> Result<Option<std::time::Duration>, CliError> {
    match seconds {
        Some(s) if !(s > 0.0 && s.is_finite()) => Err(bad_input(format!(
            "{flag} must be a positive number of seconds, got {s}"
        ))),
        Some(s) => Ok(Some(std::time::Duration::from_secs_f64(s))),
        None => Ok(None),
    }
}
