//! `roth faults`: a circuit's stuck-at faults by name, all of them or collapsed, with the
//! representative of each one's equivalence class.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use roth::circuit::FaultUniverse;

use super::common::circuit::load;
use super::common::{CliError, Session, print};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum FaultSelection {
    /// Every fault of the universe.
    All,
    /// One representative per structural equivalence class.
    Collapsed,
    /// Collapsed, minus faults dominated away.
    Dominance,
}

#[derive(Debug, Args)]
pub struct FaultsArgs {
    /// The circuit (.bench).
    circuit: PathBuf,
    /// Which faults to list.
    #[arg(long, value_enum, default_value_t = FaultSelection::All)]
    list: FaultSelection,
    /// After each fault, name the representative of its equivalence class.
    #[arg(long)]
    classes: bool,
}

pub fn faults(session: &Session, args: FaultsArgs) -> Result<ExitCode, CliError> {
    let netlist = load(session, &args.circuit)?;
    let universe = FaultUniverse::new(&netlist);
    let ids: Vec<_> = match args.list {
        FaultSelection::All => universe.ids().collect(),
        FaultSelection::Collapsed => universe.collapsed().to_vec(),
        FaultSelection::Dominance => universe.dominance_collapsed(),
    };
    let mut out = String::new();
    for id in ids {
        out.push_str(&universe.name(&netlist, id));
        if args.classes {
            let _ = write!(
                out,
                "\t{}",
                universe.name(&netlist, universe.representative(id))
            );
        }
        out.push('\n');
    }
    print(&out)?;
    Ok(ExitCode::SUCCESS)
}
