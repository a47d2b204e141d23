//! Shared helpers: where the benchmark circuits are, running the binary, and a naive reference
//! simulator that shares nothing with the library's simulators but the netlist's structure.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use roth::circuit::{Fault, FaultSite, Netlist, NodeKind, parse_bench};

/// `../shared/circuits/<suite>` beside the project, if this workspace has it.
pub fn shared_circuits(suite: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/circuits")
        .join(suite);
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "skipping: {} is absent (the ISCAS/ITC'99 benchmark files are not in this checkout)",
            dir.display()
        );
        None
    }
}

/// Every `.bench` file of a shared suite, sorted by name; empty (with a message) when absent.
pub fn shared_files(suite: &str) -> Vec<PathBuf> {
    let Some(dir) = shared_circuits(suite) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("readable circuits folder")
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "bench"))
        .collect();
    files.sort();
    files
}

pub fn project_file(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

pub fn parse(text: &str) -> Netlist {
    parse_bench(text, "t", "t.bench")
        .expect("valid test circuit")
        .netlist
}

pub const C17: &str = "INPUT(1)\nINPUT(2)\nINPUT(3)\nINPUT(6)\nINPUT(7)\nOUTPUT(22)\nOUTPUT(23)\n10 = NAND(1, 3)\n11 = NAND(3, 6)\n16 = NAND(2, 11)\n19 = NAND(11, 7)\n22 = NAND(10, 16)\n23 = NAND(16, 19)\n";

/// Runs the `roth` binary with `args` in `dir`.
pub fn roth(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_roth"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the roth binary runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh empty directory under the target directory.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// The scan-view output values of one pattern, with an optional fault injected: one boolean
/// per node evaluated gate by gate, the fault applied where it sits.
pub fn reference_outputs(netlist: &Netlist, inputs: &[bool], fault: Option<Fault>) -> Vec<bool> {
    let mut value = vec![false; netlist.len()];
    for (&node, &v) in netlist.inputs().iter().zip(inputs) {
        value[node.index()] = v;
    }
    for node in netlist.nodes() {
        if let NodeKind::Gate(kind) = netlist.kind(node) {
            let pins: Vec<bool> = netlist
                .fanins(node)
                .iter()
                .enumerate()
                .map(|(p, f)| match fault {
                    Some(Fault {
                        site: FaultSite::Branch(pin),
                        stuck_at,
                    }) if pin.gate == node && pin.pin as usize == p => stuck_at,
                    _ => value[f.index()],
                })
                .collect();
            value[node.index()] = truth_table(kind, &pins);
        }
        if let Some(Fault {
            site: FaultSite::Stem(n),
            stuck_at,
        }) = fault
            && n == node
        {
            value[node.index()] = stuck_at;
        }
    }
    let mut outputs: Vec<bool> = netlist.outputs().iter().map(|o| value[o.index()]).collect();
    if let Some(Fault {
        site: FaultSite::DffInput(k),
        stuck_at,
    }) = fault
    {
        outputs[netlist.primary_outputs().len() + k as usize] = stuck_at;
    }
    outputs
}

/// Gate functions written out from their definitions, not from the library's evaluator.
fn truth_table(kind: roth::circuit::GateKind, pins: &[bool]) -> bool {
    use roth::circuit::GateKind::*;
    let ones = pins.iter().filter(|&&b| b).count();
    match kind {
        And => ones == pins.len(),
        Nand => ones != pins.len(),
        Or => ones > 0,
        Nor => ones == 0,
        Xor => ones % 2 == 1,
        Xnor => ones % 2 == 0,
        Not => !pins[0],
        Buf => pins[0],
    }
}

/// Whether `inputs` detects `fault`, by the reference simulator.
pub fn reference_detects(netlist: &Netlist, inputs: &[bool], fault: Fault) -> bool {
    reference_outputs(netlist, inputs, None) != reference_outputs(netlist, inputs, Some(fault))
}
