//! The public benchmark suites from `../shared/circuits`: every file loads and round-trips, the
//! fault counts match the published figures, and fault simulation agrees with the reference.
//! Each test skips with a message when the folder is absent.

use std::path::PathBuf;

use roth::circuit::{
    FaultSimulator, FaultUniverse, PackedPatterns, parse_bench, read_bench, write_bench,
};
use roth::rng::Rng;

use crate::helpers::{reference_detects, shared_circuits, shared_files};

fn circuit(suite: &str, name: &str) -> Option<PathBuf> {
    shared_circuits(suite).map(|d| d.join(format!("{name}.bench")))
}

#[test]
fn every_benchmark_loads_and_round_trips_exactly() {
    let mut seen = 0;
    for suite in ["iscas85", "iscas89", "itc99"] {
        for path in shared_files(suite) {
            let parsed = read_bench(&path).unwrap_or_else(|e| panic!("{e}"));
            let text = write_bench(&parsed.netlist);
            let again = parse_bench(&text, parsed.netlist.name(), "written")
                .unwrap_or_else(|e| panic!("{}: rewritten text fails: {e}", path.display()));
            // Undriven nets are written as explicit inputs, so only that annotation may differ
            // (s400's Phi1H); the written structure is identical in every case.
            if parsed.netlist.undriven().is_empty() {
                assert!(
                    again.netlist == parsed.netlist,
                    "{}: round trip changed the netlist",
                    path.display()
                );
            } else {
                assert!(again.netlist.undriven().is_empty());
            }
            assert!(again.warnings.is_empty());
            assert_eq!(write_bench(&again.netlist), text);
            seen += 1;
        }
    }
    if seen > 0 {
        assert!(seen >= 120, "expected the whole suites, saw {seen} files");
    }
}

#[test]
fn fault_counts_match_published_figures() {
    // (circuit, faults, equivalence-collapsed faults). Collapsed counts are the standard ones;
    // s5378's includes the flip-flop input branches, see the fault module.
    let table = [
        ("iscas85", "c17", 34, 22),
        ("iscas85", "c432", 864, 524),
        ("iscas85", "c499", 998, 758),
        ("iscas85", "c880", 1760, 942),
        ("iscas85", "c1355", 2710, 1574),
        ("iscas85", "c1908", 3816, 1879),
        ("iscas85", "c2670", 5340, 2747),
        ("iscas85", "c3540", 7080, 3428),
        ("iscas85", "c5315", 10630, 5350),
        ("iscas85", "c6288", 12576, 7744),
        ("iscas85", "c7552", 15104, 7550),
        ("iscas89", "s27", 52, 32),
        ("iscas89", "s1196", 2392, 1242),
        ("iscas89", "s1238", 2476, 1355),
        ("iscas89", "s1423", 2846, 1515),
        ("iscas89", "s5378", 10590, 4603),
        ("iscas89", "s9234.1", 18468, 6927),
        ("iscas89", "s13207.1", 26358, 9815),
        ("iscas89", "s15850.1", 31694, 11725),
        ("iscas89", "s38417", 76678, 31180),
        ("iscas89", "s38584.1", 76864, 36303),
    ];
    for (suite, name, faults, collapsed) in table {
        let Some(path) = circuit(suite, name) else {
            return;
        };
        let n = read_bench(&path).unwrap().netlist;
        let u = FaultUniverse::new(&n);
        assert_eq!(
            (u.len(), u.collapsed().len()),
            (faults, collapsed),
            "{name}"
        );
    }
}

#[test]
fn quirks_of_the_real_files_load_with_warnings() {
    let Some(s400) = circuit("iscas89", "s400") else {
        return;
    };
    let p = read_bench(&s400).unwrap();
    assert_eq!(p.netlist.undriven().len(), 1);
    assert_eq!(p.netlist.net_name(p.netlist.undriven()[0]), "Phi1H");
    assert!(p.warnings.iter().any(|w| w.message.contains("'Phi1H'")));
    assert!(
        p.netlist
            .dangling()
            .any(|d| p.netlist.net_name(d) == "CLKB")
    );

    if let Some(b05) = circuit("itc99", "b05") {
        let p = read_bench(&b05).unwrap();
        assert!(
            p.warnings
                .iter()
                .any(|w| w.message.contains("declared as an output more than once"))
        );
    }
    if let Some(c2670) = circuit("iscas85", "c2670") {
        let n = read_bench(&c2670).unwrap().netlist;
        let input_outputs = n
            .primary_outputs()
            .iter()
            .filter(|o| n.primary_inputs().contains(o))
            .count();
        assert!(input_outputs > 0, "c2670 has outputs that are inputs");
    }
    if let Some(s38584) = circuit("iscas89", "s38584.1") {
        let n = read_bench(&s38584).unwrap().netlist;
        assert_eq!(
            (
                n.primary_inputs().len(),
                n.primary_outputs().len(),
                n.dffs().len()
            ),
            (38, 304, 1426)
        );
    }
}

/// Fault simulation with dropping against the reference simulator on real circuits.
#[test]
fn fault_simulation_matches_reference_on_iscas() {
    for (suite, name) in [
        ("iscas85", "c432"),
        ("iscas85", "c880"),
        ("iscas89", "s298"),
    ] {
        let Some(path) = circuit(suite, name) else {
            return;
        };
        let n = read_bench(&path).unwrap().netlist;
        let u = FaultUniverse::new(&n);
        let patterns = PackedPatterns::random(n.inputs().len(), 100, &mut Rng::new(9));
        let got = FaultSimulator::new(&n, 2).first_detections(u.faults(), &patterns, |_, _| {});
        let rows: Vec<Vec<bool>> = (0..patterns.len()).map(|i| patterns.pattern(i)).collect();
        for (k, &fault) in u.faults().iter().enumerate() {
            let expected = rows
                .iter()
                .position(|r| reference_detects(&n, r, fault))
                .map(|p| p as u32);
            assert_eq!(got[k], expected, "{name}: {}", fault.name(&n));
        }
    }
}

#[test]
fn thread_count_does_not_change_results() {
    let Some(path) = circuit("iscas85", "c7552") else {
        return;
    };
    let n = read_bench(&path).unwrap().netlist;
    let u = FaultUniverse::new(&n);
    let patterns = PackedPatterns::random(n.inputs().len(), 3000, &mut Rng::new(4));
    let one = FaultSimulator::new(&n, 1).first_detections(u.faults(), &patterns, |_, _| {});
    for threads in [2, 3, 8] {
        let many =
            FaultSimulator::new(&n, threads).first_detections(u.faults(), &patterns, |_, _| {});
        assert_eq!(one, many, "{threads} threads");
    }
}

/// Simulating only the collapsed list and expanding gives the same detections as simulating
/// every fault: structural equivalence holds on a real circuit.
#[test]
fn collapsed_simulation_expands_to_the_full_universe() {
    let Some(path) = circuit("iscas85", "c1908") else {
        return;
    };
    let n = read_bench(&path).unwrap().netlist;
    let u = FaultUniverse::new(&n);
    let patterns = PackedPatterns::random(n.inputs().len(), 2000, &mut Rng::new(5));
    let sim = FaultSimulator::new(&n, 2);
    let full = sim.first_detections(u.faults(), &patterns, |_, _| {});
    let reps = u.collapsed_faults();
    let collapsed = sim.first_detections(&reps, &patterns, |_, _| {});
    let mut expanded = vec![None; u.len()];
    for (&id, &d) in u.collapsed().iter().zip(&collapsed) {
        expanded[id.index()] = d;
    }
    u.expand(&mut expanded);
    assert_eq!(expanded, full);
}

/// Every benchmark file: 4096 random patterns, one thread against two, and the detected faults
/// re-checked by the reference simulator at their first detecting pattern. Slow in debug
/// builds: run with `cargo test --release -- --ignored`.
#[test]
#[ignore = "whole benchmark suites; run with cargo test --release -- --ignored"]
fn whole_suites_fault_simulation() {
    for suite in ["iscas85", "iscas89", "itc99"] {
        for path in shared_files(suite) {
            let n = read_bench(&path).unwrap().netlist;
            let u = FaultUniverse::new(&n);
            let reps = u.collapsed_faults();
            let patterns = PackedPatterns::random(n.inputs().len(), 4096, &mut Rng::new(3));
            let one = FaultSimulator::new(&n, 1).first_detections(&reps, &patterns, |_, _| {});
            let two = FaultSimulator::new(&n, 2).first_detections(&reps, &patterns, |_, _| {});
            assert_eq!(one, two, "{}", path.display());
            // Spot-check a spread of detections against the reference simulator.
            let step = (reps.len() / 200).max(1);
            for k in (0..reps.len()).step_by(step) {
                if let Some(p) = one[k] {
                    let row = patterns.pattern(p as usize);
                    assert!(
                        reference_detects(&n, &row, reps[k]),
                        "{}: {} at pattern {p}",
                        path.display(),
                        reps[k].name(&n)
                    );
                }
            }
            let detected = one.iter().filter(|d| d.is_some()).count();
            eprintln!(
                "{:<12} {:>7} collapsed faults, {:>6.2} % detected by 4096 random patterns",
                n.name(),
                reps.len(),
                100.0 * detected as f64 / reps.len().max(1) as f64
            );
        }
    }
}
