//! `roth stats`: a circuit's size (inputs, outputs, flip-flops, gates by kind, depth, fanout
//! stems) and its fault counts, whole, collapsed by equivalence and by dominance.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use serde::Serialize;

use roth::circuit::{FaultUniverse, GateKind};

use super::common::circuit::load;
use super::common::{CliError, Session, json, print};

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// The circuit (.bench).
    circuit: PathBuf,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Stats {
    circuit: String,
    primary_inputs: usize,
    primary_outputs: usize,
    dffs: usize,
    gates: usize,
    gate_kinds: Vec<(String, usize)>,
    nets: usize,
    depth: u32,
    fanout_stems: usize,
    undriven: Vec<String>,
    dangling: usize,
    faults: usize,
    collapsed: usize,
    dominance_collapsed: usize,
}

pub fn stats(session: &Session, args: StatsArgs) -> Result<ExitCode, CliError> {
    let netlist = load(session, &args.circuit)?;
    let universe = FaultUniverse::new(&netlist);
    let gate_kinds = GateKind::ALL
        .iter()
        .map(|&k| {
            let count = netlist
                .gates()
                .filter(|&g| netlist.gate_kind(g) == Some(k))
                .count();
            (k.keyword().to_owned(), count)
        })
        .filter(|(_, c)| *c > 0)
        .collect();
    let s = Stats {
        circuit: netlist.name().to_owned(),
        primary_inputs: netlist.primary_inputs().len(),
        primary_outputs: netlist.primary_outputs().len(),
        dffs: netlist.dffs().len(),
        gates: netlist.gate_count(),
        gate_kinds,
        nets: netlist.len(),
        depth: netlist.depth(),
        fanout_stems: netlist.nodes().filter(|&n| netlist.has_branches(n)).count(),
        undriven: netlist
            .undriven()
            .iter()
            .map(|&n| netlist.net_name(n).to_owned())
            .collect(),
        dangling: netlist.dangling().count(),
        faults: universe.len(),
        collapsed: universe.collapsed().len(),
        dominance_collapsed: universe.dominance_collapsed().len(),
    };
    if args.json {
        print(&json(&s))?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut t = String::new();
    let kinds = s
        .gate_kinds
        .iter()
        .map(|(k, c)| format!("{c} {k}"))
        .collect::<Vec<_>>()
        .join(", ");
    let _ = writeln!(t, "circuit            {}", s.circuit);
    let _ = writeln!(t, "primary inputs     {}", s.primary_inputs);
    let _ = writeln!(t, "primary outputs    {}", s.primary_outputs);
    let _ = writeln!(
        t,
        "flip-flops         {}  (full scan: pseudo-primary inputs and outputs)",
        s.dffs
    );
    let _ = writeln!(t, "gates              {}  ({kinds})", s.gates);
    let _ = writeln!(t, "nets               {}", s.nets);
    let _ = writeln!(t, "depth              {} levels", s.depth);
    let _ = writeln!(t, "fanout stems       {}", s.fanout_stems);
    if !s.undriven.is_empty() {
        let _ = writeln!(
            t,
            "undriven nets      {}  (made primary inputs)",
            s.undriven.join(" ")
        );
    }
    if s.dangling > 0 {
        let _ = writeln!(t, "dangling nets      {}", s.dangling);
    }
    let _ = writeln!(
        t,
        "faults             {}  (stuck-at, stems and fanout branches)",
        s.faults
    );
    let _ = writeln!(
        t,
        "collapsed          {}  (structural equivalence)",
        s.collapsed
    );
    let _ = writeln!(
        t,
        "dominance          {}  (equivalence and dominance)",
        s.dominance_collapsed
    );
    print(&t)?;
    Ok(ExitCode::SUCCESS)
}
