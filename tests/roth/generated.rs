//! Generated circuits: fault counts that follow from their structure, and the copies shipped
//! in `circuits/` stay exactly what `roth gen` produces.

use roth::circuit::generate::{Family, RandomOptions, generate};
use roth::circuit::{FaultUniverse, read_bench, write_bench};

use crate::helpers::project_file;

const DEFAULT: RandomOptions = RandomOptions { seed: 1, dffs: 0 };

#[test]
fn adder_fault_count_follows_its_structure() {
    // Per bit: 5 gates; a, b, the half sum and the incoming carry each fan out to two gates
    // (8 branches); inputs 2N + 1. Faults: 2 (7N + 1) stems + 16N branches = 30N + 2.
    for n in 1..=12 {
        let netlist = generate(Family::Adder, n, DEFAULT).unwrap();
        assert_eq!(FaultUniverse::new(&netlist).len(), 30 * n + 2, "adder{n}");
    }
}

#[test]
fn parity_tree_has_no_branches_and_nothing_to_collapse() {
    for n in 2..=40 {
        let netlist = generate(Family::Parity, n, DEFAULT).unwrap();
        let u = FaultUniverse::new(&netlist);
        assert_eq!(u.len(), 2 * (2 * n - 1), "parity{n}");
        assert_eq!(
            u.collapsed().len(),
            u.len(),
            "XOR gates have no equivalent faults"
        );
    }
}

#[test]
fn multiplier16_is_sized_like_c6288() {
    let n = generate(Family::Multiplier, 16, DEFAULT).unwrap();
    assert_eq!((n.inputs().len(), n.outputs().len()), (32, 32));
    // 256 partial-product ANDs, 2112 NORs in the adder array, 32 output buffers.
    assert_eq!(n.gate_count(), 2400);
}

#[test]
fn shipped_circuits_are_reproducible() {
    let shipped = [
        ("adder8", Family::Adder, 8, DEFAULT),
        ("multiplier8", Family::Multiplier, 8, DEFAULT),
        ("multiplier16", Family::Multiplier, 16, DEFAULT),
        ("parity32", Family::Parity, 32, DEFAULT),
        ("comparator8", Family::Comparator, 8, DEFAULT),
        ("mux4", Family::Mux, 4, DEFAULT),
        (
            "random500",
            Family::Random,
            500,
            RandomOptions { seed: 1, dffs: 16 },
        ),
    ];
    for (file, family, n, options) in shipped {
        let path = project_file(&format!("circuits/{file}.bench"));
        let text = std::fs::read_to_string(&path).unwrap();
        let netlist = generate(family, n, options).unwrap();
        assert_eq!(
            text,
            write_bench(&netlist),
            "{file} differs from `roth gen`"
        );
    }
}

#[test]
fn hand_written_c17_has_the_textbook_counts() {
    let n = read_bench(&project_file("circuits/c17.bench"))
        .unwrap()
        .netlist;
    let u = FaultUniverse::new(&n);
    assert_eq!((u.len(), u.collapsed().len()), (34, 22));
}
