//! The `roth` command line: argument parsing, exit codes, output files and progress bars.
//!
//! Exit codes: 0 success, 1 the job failed (including a check that did not pass), 2 bad input
//! or usage.
//!
//! One file per command (its `clap` arguments, its run and how it shows the result); what
//! several commands share is in [`common`] (errors, the session, output files, loading a
//! circuit or a Java file) and, for the commands on a code base (`roth testgen FOLDER`, `roth
//! score FOLDER`, `roth merge FOLDER`), in [`codebase`]. A command file imports those and the
//! library, never another command file; the formats and checks of sharded runs are the
//! library's ([`roth::flow::shard`], [`roth::circuit::atpg::part`],
//! [`roth::program::testgen::parts`]).

mod ablation;
mod analogy;
mod atpg;
mod bench;
mod cfg;
mod check;
mod codebase;
mod common;
mod equiv;
mod exec;
mod explain;
mod faults;
mod fsim;
mod generate;
mod merge;
mod mutate;
mod random;
mod score;
mod solve;
mod stats;
mod testgen;

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use common::Session;

/// Steps before a run counts as non-terminating in the commands that run mutants (a mutant
/// may loop forever; the original's runs are short).
const ANALYSIS_STEP_LIMIT: u64 = 100_000;

/// The D-algorithm of test generation, one engine for gate netlists and Java unit programs.
///
/// Circuits are ISCAS .bench files; sequential circuits are handled under full scan (each
/// flip-flop becomes a pseudo-primary input and a pseudo-primary output). Faults are single
/// stuck-at faults, named `NET sa0`, `NET sa1`, or `NET->GATE sa0` for a fanout branch.
///
/// Programs are Java source files (classes and objects, generics, lambdas, records,
/// exceptions; what roth does not support is reported per method, and the rest analysed). Mutants (muJava's method-level operators) play the faults: `roth
/// testgen` writes a JUnit 5 class that kills every killable one, `roth equiv` proves which
/// are equivalent, `roth score` grades a test set.
#[derive(Debug, Parser)]
#[command(name = "roth", version, propagate_version = true)]
pub struct Cli {
    /// Print no progress bars and no warnings (errors are still printed).
    #[arg(long, short, global = true)]
    quiet: bool,

    /// Java: the folder of the code base a file belongs to (`src/main/java`); the classes of
    /// its other files that the file uses are read with it (run, never mutated). Folder
    /// commands use their folder.
    #[arg(long, global = true, value_name = "DIR")]
    source_root: Option<std::path::PathBuf>,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Show a circuit's size: inputs, outputs, flip-flops, gates by kind, depth and fault counts.
    Stats(stats::StatsArgs),
    /// List a circuit's stuck-at faults, all of them or collapsed.
    Faults(faults::FaultsArgs),
    /// Generate tests for every stuck-at fault with the D-algorithm (random patterns first,
    /// then the D-algorithm with growing limits, compaction), and write the patterns.
    Atpg(atpg::AtpgArgs),
    /// Combine the parts of a sharded `roth atpg` run (`--shard I/N --part FILE`) into the
    /// result of one run: all patterns fault-simulated over every fault, compacted, checked.
    Merge(merge::MergeArgs),
    /// Fault-simulate a pattern set and report the fault coverage.
    Fsim(fsim::FsimArgs),
    /// Write random test patterns with their fault-free responses.
    Random(random::RandomArgs),
    /// Generate a parametric circuit (adder, multiplier, parity tree, ...) as .bench.
    Gen(generate::GenArgs),
    /// Read a circuit and write it back as normalized .bench.
    Bench(bench::BenchArgs),
    /// Solve constraints written as Java boolean expressions over int, long, char, double,
    /// ... variables: print a model, `unsat`, or `unknown`.
    Solve(solve::SolveArgs),
    /// Run one method of a Java file on arguments given as Java literals, as the JVM would:
    /// print its return value or exception, printed text and changed state.
    Exec(exec::ExecArgs),
    /// Tell which methods of Java files (or folders of them) roth accepts, and rank the
    /// reasons it skips the others: the share of a code base roth can work on.
    Check(check::CheckArgs),
    /// List the mutants of a Java file (muJava's method-level operators), or write each as a
    /// compilable file.
    Mutate(mutate::MutateArgs),
    /// Run a test set on a Java file and on every mutant: killed and alive mutants and the
    /// mutation score.
    Score(score::ScoreArgs),
    /// Tell which mutants are equivalent to the original (proved by local analysis, as the
    /// D-algorithm proves redundant faults), which are killable (with a test), and which
    /// remain unknown.
    Equiv(equiv::EquivArgs),
    /// Generate a compact JUnit 5 test class that kills every killable mutant of a Java file:
    /// random tests, then a search per surviving mutant (equivalent ones proved), then
    /// compaction, the multi-pass flow `roth atpg` runs on circuits.
    Testgen(testgen::TestgenArgs),
    /// Measure the software D-algorithm's advanced methods (thesis ch. 4): its pass over a
    /// file's mutants with each method switched off, beside all on (tables 4.1 to 4.5).
    Ablation(ablation::AblationArgs),
    /// Show a Java method's control-flow graph with dominators, control and data dependences,
    /// def-use chains, inputs and outputs; draw it as SVG or DOT.
    Cfg(cfg::CfgArgs),
    /// Follow the D-algorithm on one fault (or the software D-algorithm on one mutant) step
    /// by step: the subtasks, the choices, the values implied, the frontiers, conflicts and
    /// backtracking, and the test or the proof that none exists; as text, JSON or an HTML
    /// page, with pictures.
    Explain(explain::ExplainArgs),
    /// The hardware/software analogy: each concept of test generation for circuits beside
    /// its counterpart for programs, with the module implementing each side.
    Analogy(analogy::AnalogyArgs),
}

/// Parses the command line, runs the command and maps the outcome to an exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let session = Session {
        quiet: cli.quiet,
        progress: !cli.quiet && std::io::stderr().is_terminal(),
        start: std::time::Instant::now(),
        source_root: cli.source_root,
    };
    let result = match cli.command {
        Command::Stats(args) => stats::stats(&session, args),
        Command::Faults(args) => faults::faults(&session, args),
        Command::Atpg(args) => atpg::atpg(&session, args),
        Command::Merge(args) => merge::merge(&session, args),
        Command::Fsim(args) => fsim::fsim(&session, args),
        Command::Random(args) => random::random(&session, args),
        Command::Gen(args) => generate::generate_circuit(&session, args),
        Command::Bench(args) => bench::bench(&session, args),
        Command::Solve(args) => solve::solve(&session, args),
        Command::Exec(args) => exec::exec(&session, args),
        Command::Check(args) => check::check(&session, args),
        Command::Mutate(args) => mutate::mutate(&session, args),
        Command::Score(args) => score::score(&session, args),
        Command::Equiv(args) => equiv::equiv(&session, args),
        Command::Testgen(args) => testgen::testgen(&session, args),
        Command::Ablation(args) => ablation::ablation(&session, args),
        Command::Cfg(args) => cfg::cfg(&session, args),
        Command::Explain(args) => explain::explain(&session, args),
        Command::Analogy(args) => analogy::analogy(&session, args),
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
