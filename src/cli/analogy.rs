//! `roth analogy`: the hardware/software analogy ([Zhang 2021] table 1.1, extended), each
//! concept of test generation for circuits beside its counterpart for programs.

use std::process::ExitCode;

use clap::{Args, ValueEnum};

use super::common::{CliError, Session, write_output};

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// A Markdown table.
    Markdown,
    /// One block per concept.
    Text,
}

#[derive(Debug, Args)]
#[command(after_help = "\
Each row pairs a concept of test generation for circuits with its counterpart for programs
(Zhang 2021, Table 1.1, extended with what roth implements on both sides) and names the
module implementing each side, so the table is also a map of the code.")]
pub struct AnalogyArgs {
    #[arg(long, value_enum, default_value_t = TableFormat::Text)]
    format: TableFormat,
}

pub fn analogy(_: &Session, args: AnalogyArgs) -> Result<ExitCode, CliError> {
    use roth::explain::analogy;
    let text = match args.format {
        TableFormat::Markdown => analogy::markdown(),
        TableFormat::Text => analogy::text(),
    };
    write_output(None, &text, false)?;
    Ok(ExitCode::SUCCESS)
}
