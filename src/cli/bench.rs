//! `roth bench`: a circuit read and written back as normalized .bench.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use roth::circuit::write_bench;

use super::common::circuit::load;
use super::common::{CliError, Session, write_output};

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The circuit (.bench).
    circuit: PathBuf,
    /// Output file (default: standard output).
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Replace an existing output file.
    #[arg(long)]
    force: bool,
}

pub fn bench(session: &Session, args: BenchArgs) -> Result<ExitCode, CliError> {
    let netlist = load(session, &args.circuit)?;
    write_output(args.output.as_deref(), &write_bench(&netlist), args.force)?;
    Ok(ExitCode::SUCCESS)
}
