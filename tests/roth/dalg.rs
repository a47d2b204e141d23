//! The gate-level D-algorithm: every test it returns detects its fault whatever its don't-care
//! bits are filled with, and every "untestable" verdict agrees with exhaustive simulation.

use bumpalo::Bump;
use proptest::prelude::*;

use roth::circuit::dalg::{Analysis, GateModel, Justification, TestCube, miter};
use roth::circuit::generate::{Family, RandomOptions, generate};
use roth::circuit::{
    Bit, ConeSimulator, Fault, FaultUniverse, Netlist, PackedPatterns, simulate_block,
};
use roth::engine::{AbortReason, Limits, Outcome};
use roth::rng::Rng;

use crate::helpers::{C17, parse, reference_detects};

/// Fills of the cube's X bits: all of them when there are few, else a seeded sample.
fn fills(cube: &TestCube) -> Vec<Vec<bool>> {
    let open: Vec<usize> = (0..cube.len()).filter(|&i| cube[i] == Bit::X).collect();
    let base: Vec<bool> = cube.iter().map(|&b| b == Bit::One).collect();
    let assign = |bits: u64| {
        let mut row = base.clone();
        for (k, &i) in open.iter().enumerate() {
            row[i] = (bits >> (k % 64)) & 1 == 1;
        }
        row
    };
    if open.len() <= 8 {
        (0..1u64 << open.len()).map(assign).collect()
    } else {
        let mut rng = Rng::new(open.len() as u64);
        let mut rows = vec![assign(0), assign(!0)];
        rows.extend((0..30).map(|_| assign(rng.next_u64())));
        rows
    }
}

/// For each row, whether it detects the fault: the bit-parallel simulator, which the
/// simulation tests check against the naive reference.
fn detections(netlist: &Netlist, fault: Fault, rows: &[Vec<bool>]) -> Vec<bool> {
    let mut packed = PackedPatterns::new(netlist.inputs().len());
    for row in rows {
        packed.push(row.iter().copied());
    }
    let mut cone = ConeSimulator::new(netlist);
    let mut good = vec![0u64; netlist.len()];
    let mut out = Vec::with_capacity(rows.len());
    for b in 0..packed.blocks() {
        simulate_block(netlist, packed.block(b), &mut good);
        let mask = cone.detect(netlist, &good, fault) & packed.valid_mask(b);
        let n = (rows.len() - 64 * b).min(64);
        out.extend((0..n).map(|i| (mask >> i) & 1 == 1));
    }
    out
}

/// Whether any input pattern at all detects the fault (inputs must be few).
fn detectable(netlist: &Netlist, fault: Fault) -> bool {
    let k = netlist.inputs().len();
    let rows: Vec<Vec<bool>> = (0..1u64 << k)
        .map(|i| (0..k).map(|b| (i >> b) & 1 == 1).collect())
        .collect();
    detections(netlist, fault, &rows).into_iter().any(|d| d)
}

/// The ways the search can be configured: justification by cubes or backtrace, justifying
/// first or propagating first, recursive learning to some depth.
/// A way to search: the D-algorithm (justification, justify first, recursive learning depth),
/// or SAT on the fault's miter.
#[derive(Clone, Copy, Debug)]
enum Searcher {
    Dalg(Justification, bool, u32),
    Sat,
}

const STRATEGIES: [Searcher; 7] = [
    Searcher::Dalg(Justification::Backtrace, true, 0),
    Searcher::Dalg(Justification::Backtrace, false, 0),
    Searcher::Dalg(Justification::Cubes, true, 0),
    Searcher::Dalg(Justification::Cubes, false, 0),
    Searcher::Dalg(Justification::Cubes, true, 1),
    Searcher::Dalg(Justification::Backtrace, false, 2),
    Searcher::Sat,
];

/// Runs every collapsed fault with no limit, in every strategy, and checks each verdict
/// independently. Returns (tests, untestable), which every strategy must agree on.
fn check_all_faults(netlist: &Netlist, learning: bool) -> (usize, usize) {
    let results: Vec<(usize, usize)> = STRATEGIES
        .iter()
        .map(|&searcher| check_strategy(netlist, learning, searcher))
        .collect();
    assert!(
        results.windows(2).all(|w| w[0] == w[1]),
        "strategies disagree: {results:?}"
    );
    results[0]
}

fn check_strategy(netlist: &Netlist, learning: bool, searcher: Searcher) -> (usize, usize) {
    let analysis = if learning {
        Analysis::with_learning(netlist).0
    } else {
        Analysis::new(netlist)
    };
    let universe = FaultUniverse::new(netlist);
    let mut model = GateModel::new(&analysis);
    if let Searcher::Dalg(strategy, justify_first, depth) = searcher {
        model.set_strategy(strategy, justify_first);
        model.set_recursive_learning(depth, 0);
    }
    let mut arena = Bump::new();
    let (mut tests, mut untestable) = (0, 0);
    for &id in universe.collapsed() {
        let fault = universe.fault(id);
        let (outcome, _) = match searcher {
            Searcher::Dalg(..) => model.generate(fault, None, &Limits::default(), &arena),
            Searcher::Sat => miter::generate(netlist, fault, None, &Limits::default()),
        };
        let name = fault.name(netlist);
        match outcome {
            Outcome::Test(cube) => {
                let rows = fills(&cube);
                // The first fill also goes through the naive reference simulator.
                assert!(
                    reference_detects(netlist, &rows[0], fault),
                    "test for {name}"
                );
                for (row, detected) in rows.iter().zip(detections(netlist, fault, &rows)) {
                    assert!(
                        detected,
                        "test for {name} does not detect it with fill {row:?}"
                    );
                }
                tests += 1;
            }
            Outcome::Untestable => {
                assert!(
                    !detectable(netlist, fault),
                    "{name} called untestable but is detectable"
                );
                untestable += 1;
            }
            Outcome::Aborted(reason) => {
                panic!("{name} aborted ({reason:?}) with no limit ({searcher:?})")
            }
        }
        arena.reset();
    }
    (tests, untestable)
}

#[test]
fn c17_every_fault_gets_a_test() {
    let n = parse(C17);
    assert_eq!(check_all_faults(&n, false), (22, 0));
    assert_eq!(check_all_faults(&n, true), (22, 0));
}

#[test]
fn known_redundancies_are_proved() {
    // y = a OR (a AND b) is just a: b's faults and t stuck-at-0 cannot be seen.
    let n = parse("INPUT(a)\nINPUT(b)\nOUTPUT(y)\nt = AND(a, b)\ny = OR(a, t)\n");
    let analysis = Analysis::new(&n);
    let universe = FaultUniverse::new(&n);
    let mut model = GateModel::new(&analysis);
    let arena = Bump::new();
    let mut untestable = Vec::new();
    for id in universe.ids() {
        let fault = universe.fault(id);
        if model.generate(fault, None, &Limits::default(), &arena).0 == Outcome::Untestable {
            untestable.push(fault.name(&n));
        }
    }
    assert_eq!(untestable, ["a->t sa0", "b sa0", "b sa1", "t sa0"]);
    // Collapsed: {a->t sa0, b sa0, t sa0} is one class, b sa1 another.
    assert_eq!(check_all_faults(&n, false), (6, 2));
}

#[test]
fn the_same_net_on_two_pins() {
    // AND(a, a) is a buffer; XOR(a, a) is the constant 0, so its faults are partly redundant.
    let n = parse("INPUT(a)\nINPUT(b)\nOUTPUT(y)\nOUTPUT(z)\ny = AND(a, a)\nz = XOR(a, a, b)\n");
    check_all_faults(&n, false);
    check_all_faults(&n, true);
}

#[test]
fn flip_flop_input_faults() {
    let n = parse("INPUT(a)\nINPUT(b)\nOUTPUT(z)\nq = DFF(x)\nx = AND(a, b)\nz = OR(x, q)\n");
    let (tests, untestable) = check_all_faults(&n, false);
    assert_eq!(untestable, 0);
    assert!(tests > 0);
}

#[test]
fn dynamic_compaction_cube_is_respected() {
    let n = parse(C17);
    let analysis = Analysis::new(&n);
    let universe = FaultUniverse::new(&n);
    let mut model = GateModel::new(&analysis);
    let arena = Bump::new();
    let fault = universe.fault(universe.find(&n, "16 sa0").unwrap());
    // With input 2 = 0, net 16 = NAND(2, 11) is 1 whatever else: the test keeps that 0.
    let cube = [Bit::X, Bit::Zero, Bit::X, Bit::X, Bit::X];
    let (outcome, _) = model.generate(fault, Some(&cube), &Limits::default(), &arena);
    let Outcome::Test(test) = outcome else {
        panic!("16 sa0 is testable with 2 = 0: {outcome:?}");
    };
    assert_eq!(test[1], Bit::Zero);
    // With 2 = 1 and 3 = 0, 11 = 1 and 16 = 0: 16 stuck-at-0 cannot be excited under this cube.
    let blocked = [Bit::X, Bit::One, Bit::Zero, Bit::X, Bit::X];
    let (outcome, _) = model.generate(fault, Some(&blocked), &Limits::default(), &arena);
    assert_eq!(outcome, Outcome::Untestable);
    // The same through SAT.
    let (outcome, _) = miter::generate(&n, fault, Some(&cube), &Limits::default());
    let Outcome::Test(test) = outcome else {
        panic!("SAT: 16 sa0 is testable with 2 = 0: {outcome:?}");
    };
    assert_eq!(test[1], Bit::Zero);
    let (outcome, _) = miter::generate(&n, fault, Some(&blocked), &Limits::default());
    assert_eq!(outcome, Outcome::Untestable);
}

#[test]
fn sat_under_a_work_cap_counts_the_cap_alone() {
    // Parity computed in two orders and compared: y is always 0, and proving y stuck-at-0
    // redundant takes the solver several conflicts.
    let n = parse(
        "INPUT(a)\nINPUT(b)\nINPUT(c)\nINPUT(d)\nINPUT(e)\nOUTPUT(y)\n\
         p1 = XOR(a, b)\np2 = XOR(p1, c)\np3 = XOR(p2, d)\np = XOR(p3, e)\n\
         q1 = XOR(e, d)\nq2 = XOR(q1, c)\nq3 = XOR(q2, b)\nq = XOR(q3, a)\n\
         y = XOR(p, q)\n",
    );
    let universe = FaultUniverse::new(&n);
    let fault = universe.fault(universe.find(&n, "y sa0").unwrap());
    let (outcome, counters) = miter::generate(&n, fault, None, &Limits::default());
    assert_eq!(outcome, Outcome::Untestable);
    assert!(counters.backtracks > 0, "{counters:?}");
    let no_backtracks = Limits {
        backtracks: Some(0),
        ..Limits::default()
    };
    assert_eq!(
        miter::generate(&n, fault, None, &no_backtracks).0,
        Outcome::Aborted(AbortReason::BacktrackLimit)
    );
    // Under a cap the backtrack limit no longer counts: the proof fits in the cap.
    let capped = Limits {
        implications: Some(counters.implications),
        ..no_backtracks
    };
    assert_eq!(
        miter::generate(&n, fault, None, &capped).0,
        Outcome::Untestable
    );
    let tight = Limits {
        implications: Some(1),
        ..capped
    };
    assert_eq!(
        miter::generate(&n, fault, None, &tight).0,
        Outcome::Aborted(AbortReason::WorkLimit)
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// On random circuits small enough to simulate exhaustively, every collapsed fault gets a
    /// verified test or a verified untestability proof, with and without static learning.
    #[test]
    fn verdicts_agree_with_exhaustive_simulation(
        seed in any::<u64>(),
        gates in 1usize..90,
        dffs in 0usize..3,
        learning in any::<bool>(),
    ) {
        let n = generate(Family::Random, gates, RandomOptions { seed, dffs }).unwrap();
        prop_assume!(n.inputs().len() <= 14);
        check_all_faults(&n, learning);
    }
}

/// Found by the property test below: with static learning, an alternative whose assignments
/// clashed before implication ran left learned implications queued, and the next alternative
/// applied them though their premise had been undone, so the justify-first searches called
/// `g6 sa0` untestable. Every strategy must now agree with exhaustive simulation here.
#[test]
fn learned_implications_of_undone_values_are_not_applied() {
    let n = generate(
        Family::Random,
        45,
        RandomOptions {
            seed: 7203815065990960662,
            dffs: 2,
        },
    )
    .unwrap();
    let universe = FaultUniverse::new(&n);
    let fault = universe.fault(universe.find(&n, "g6 sa0").unwrap());
    assert!(detectable(&n, fault));
    let (analysis, _) = Analysis::with_learning(&n);
    for justification in [Justification::Backtrace, Justification::Cubes] {
        let mut model = GateModel::new(&analysis);
        model.set_strategy(justification, true);
        let arena = Bump::new();
        let (outcome, _) = model.generate(fault, None, &Limits::default(), &arena);
        assert!(
            matches!(outcome, Outcome::Test(_)),
            "{justification:?}, justify first: {outcome:?}"
        );
    }
    check_all_faults(&n, true);
}
