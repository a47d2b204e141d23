//! `roth gen`: a parametric circuit (adder, multiplier, parity tree, ...) as .bench.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use roth::circuit::generate::{Family, RandomOptions, generate};
use roth::circuit::write_bench;

use super::common::{BadInput, CliError, Session, write_output};

#[derive(Debug, Args)]
pub struct GenArgs {
    /// The kind of circuit.
    #[arg(value_enum)]
    kind: Family,
    /// Its size: bits of each operand for adder, multiplier, wallace, comparator, alu, divider
    /// and max, data bits for barrel, inputs for parity, select lines for mux, gates for chain
    /// and random.
    n: usize,
    /// Seed for the random kind.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Flip-flops in a random circuit (cut by full scan).
    #[arg(long, default_value_t = 0)]
    dffs: usize,
    /// Output file (default: standard output).
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Replace an existing output file.
    #[arg(long)]
    force: bool,
}

pub fn generate_circuit(_session: &Session, args: GenArgs) -> Result<ExitCode, CliError> {
    let netlist = generate(
        args.kind,
        args.n,
        RandomOptions {
            seed: args.seed,
            dffs: args.dffs,
        },
    )
    .bad_input()?;
    write_output(args.output.as_deref(), &write_bench(&netlist), args.force)?;
    Ok(ExitCode::SUCCESS)
}
