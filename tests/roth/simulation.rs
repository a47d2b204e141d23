//! Fault simulation and fault collapsing, checked against the naive reference simulator and
//! against exhaustive simulation.

use proptest::prelude::*;

use roth::circuit::generate::{Family, RandomOptions, generate};
use roth::circuit::{
    ConeSimulator, FaultSimulator, FaultUniverse, GateKind, Netlist, PackedPatterns, Pin,
    simulate_block,
};
use roth::rng::Rng;

use crate::helpers::{C17, parse, reference_detects, reference_outputs};

/// First detecting pattern of each fault by the reference simulator.
fn reference_first_detections(netlist: &Netlist, patterns: &PackedPatterns) -> Vec<Option<u32>> {
    let universe = FaultUniverse::new(netlist);
    let rows: Vec<Vec<bool>> = (0..patterns.len()).map(|i| patterns.pattern(i)).collect();
    universe
        .faults()
        .iter()
        .map(|&fault| {
            rows.iter()
                .position(|row| reference_detects(netlist, row, fault))
                .map(|p| p as u32)
        })
        .collect()
}

/// Every pattern over the circuit's inputs (at most 2^16).
fn exhaustive(netlist: &Netlist) -> PackedPatterns {
    let k = netlist.inputs().len();
    assert!(k <= 16, "too many inputs for exhaustive simulation");
    PackedPatterns::exhaustive(k)
}

/// For each fault, the set of detecting patterns as one bit per pattern (no dropping).
fn detection_sets(netlist: &Netlist, patterns: &PackedPatterns) -> Vec<Vec<u64>> {
    let universe = FaultUniverse::new(netlist);
    let mut cone = ConeSimulator::new(netlist);
    let mut good = vec![0u64; netlist.len()];
    let mut sets = vec![Vec::new(); universe.len()];
    for b in 0..patterns.blocks() {
        simulate_block(netlist, patterns.block(b), &mut good);
        for (set, &fault) in sets.iter_mut().zip(universe.faults()) {
            set.push(cone.detect(netlist, &good, fault) & patterns.valid_mask(b));
        }
    }
    sets
}

fn random_circuit(seed: u64, gates: usize, dffs: usize) -> Netlist {
    generate(Family::Random, gates, RandomOptions { seed, dffs }).expect("random circuit")
}

#[test]
fn c17_matches_reference_on_all_patterns() {
    let n = parse(C17);
    let patterns = exhaustive(&n);
    let expected = reference_first_detections(&n, &patterns);
    let universe = FaultUniverse::new(&n);
    let got = FaultSimulator::new(&n, 2).first_detections(universe.faults(), &patterns, |_, _| {});
    assert_eq!(got, expected);
    assert!(
        got.iter().all(Option::is_some),
        "c17 has no redundant fault"
    );
}

#[test]
fn good_simulation_matches_reference() {
    let n = random_circuit(11, 300, 5);
    let patterns = PackedPatterns::random(n.inputs().len(), 200, &mut Rng::new(2));
    let responses = roth::circuit::sim::responses(&n, &patterns);
    for (i, r) in responses.iter().enumerate() {
        assert_eq!(r, &reference_outputs(&n, &patterns.pattern(i), None));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// PPSFP with dropping finds exactly the first pattern that the naive serial simulator
    /// finds, for every fault of random circuits, whatever the thread count.
    #[test]
    fn fault_simulation_matches_reference(
        seed in any::<u64>(),
        gates in 1usize..70,
        dffs in 0usize..4,
        count in 1usize..150,
        pattern_seed in any::<u64>(),
        threads in 1usize..4,
    ) {
        let n = random_circuit(seed, gates, dffs);
        let patterns = PackedPatterns::random(n.inputs().len(), count, &mut Rng::new(pattern_seed));
        let universe = FaultUniverse::new(&n);
        let got = FaultSimulator::new(&n, threads).first_detections(universe.faults(), &patterns, |_, _| {});
        prop_assert_eq!(got, reference_first_detections(&n, &patterns));
    }

    /// Faults merged by equivalence collapsing are detected by exactly the same patterns, and
    /// every fault dropped by dominance is detected by every test of some fault kept.
    #[test]
    fn collapsing_is_sound(seed in any::<u64>(), gates in 1usize..60, dffs in 0usize..3) {
        let n = random_circuit(seed, gates, dffs);
        let universe = FaultUniverse::new(&n);
        let sets = detection_sets(&n, &exhaustive(&n));
        for id in universe.ids() {
            let rep = universe.representative(id);
            prop_assert_eq!(
                &sets[id.index()], &sets[rep.index()],
                "{} is not equivalent to {}", universe.name(&n, id), universe.name(&n, rep)
            );
        }
        // Each dominance claim itself: the output fault of a multi-input AND/NAND/OR/NOR is
        // detected by every test of each input stuck at the non-controlling value.
        let subset = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(x, y)| x & !y == 0);
        for gate in n.gates() {
            let kind = n.gate_kind(gate).unwrap();
            let (Some(c), true) = (kind.controlling_value(), n.fanins(gate).len() > 1) else {
                continue;
            };
            let output = universe.stem(gate, !c ^ kind.is_inverting());
            for pin in 0..n.fanins(gate).len() as u32 {
                let input = universe.line(&n, Pin { gate, pin }, !c);
                prop_assert!(subset(&sets[input.index()], &sets[output.index()]));
            }
        }
        // And the list: every fault dropped is implied by some fault kept.
        let kept = universe.dominance_collapsed();
        for &rep in universe.collapsed() {
            if kept.contains(&rep) {
                continue;
            }
            prop_assert!(
                kept.iter().any(|k| subset(&sets[k.index()], &sets[rep.index()])),
                "{} was dropped by dominance but no kept fault implies it", universe.name(&n, rep)
            );
        }
    }
}

#[test]
fn every_gate_kind_and_quirk_is_covered_by_the_random_family() {
    // The property tests above are only as good as the circuits they see: make sure the random
    // family produces every gate kind, one-input gates, repeated pins and flip-flops.
    let n = random_circuit(1, 2000, 4);
    for kind in GateKind::ALL {
        assert!(
            n.gates().any(|g| n.gate_kind(g) == Some(kind)),
            "{kind} missing"
        );
    }
    let single = n
        .gates()
        .any(|g| n.fanins(g).len() == 1 && !n.gate_kind(g).unwrap().is_unary());
    let repeated = n.gates().any(|g| {
        let f = n.fanins(g);
        (1..f.len()).any(|i| f[..i].contains(&f[i]))
    });
    assert!(single && repeated);
    assert_eq!(n.dffs().len(), 4);
}
