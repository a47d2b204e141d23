//! `roth random`: random test patterns of a circuit with their fault-free responses.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use roth::circuit::{PackedPatterns, PatternFormat, PatternSet};
use roth::rng::Rng;

use super::common::circuit::{load, pattern_format};
use super::common::{CliError, Session, write_output};

#[derive(Debug, Args)]
pub struct RandomArgs {
    /// The circuit (.bench).
    circuit: PathBuf,
    /// Number of patterns.
    #[arg(long, short = 'n', default_value_t = 64)]
    count: usize,
    /// Seed of the random generator; the same seed gives the same file.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output file; its extension picks the format: .json, .test (Atalanta) or .stil.
    /// Without it, JSON goes to standard output.
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Replace an existing output file.
    #[arg(long)]
    force: bool,
}

pub fn random(session: &Session, args: RandomArgs) -> Result<ExitCode, CliError> {
    let netlist = load(session, &args.circuit)?;
    let format = match &args.output {
        None => PatternFormat::Json,
        Some(path) => pattern_format(path)?,
    };
    let packed =
        PackedPatterns::random(netlist.inputs().len(), args.count, &mut Rng::new(args.seed));
    let set = PatternSet::with_responses(&netlist, &packed);
    write_output(
        args.output.as_deref(),
        &set.write(&netlist, format),
        args.force,
    )?;
    Ok(ExitCode::SUCCESS)
}
