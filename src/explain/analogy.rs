//! The hardware/software analogy (`roth analogy`): [Zhang 2021]'s Table 1.1, circuit against
//! unit, extended with the pairs roth itself implements on both sides. Every row names the
//! module of each side, so the table is also a map of the code (a test checks that each
//! module exists).

use std::fmt::Write as _;

/// One row: the concept, the circuit side, the program side, and where each lives.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub(crate) struct Row {
    pub concept: &'static str,
    pub circuit: &'static str,
    pub program: &'static str,
    pub circuit_module: &'static str,
    pub program_module: &'static str,
}

const fn row(
    concept: &'static str,
    circuit: &'static str,
    program: &'static str,
    circuit_module: &'static str,
    program_module: &'static str,
) -> Row {
    Row {
        concept,
        circuit,
        program,
        circuit_module,
        program_module,
    }
}

/// The table, Table 1.1's rows first, then roth's own.
pub(crate) const ROWS: &[Row] = &[
    row(
        "what is tested",
        "circuit (gate netlist, full scan)",
        "unit (a Java method)",
        "src/circuit/netlist.rs",
        "src/program/reader/ir.rs",
    ),
    row(
        "element",
        "gate",
        "statement; the mutated region (mROA)",
        "src/circuit/netlist.rs",
        "src/program/proofs/regions.rs",
    ),
    row(
        "connection",
        "line (net, fanout branch)",
        "CFG edge and DU path",
        "src/circuit/netlist.rs",
        "src/program/model/cfg.rs",
    ),
    row(
        "fault model",
        "single stuck-at fault",
        "single mutation (muJava operators)",
        "src/circuit/fault.rs",
        "src/program/mutants/mutant.rs",
    ),
    row(
        "values",
        "five values 0 1 X D D' (good/faulty pairs)",
        "original/mutant value pairs; execution status (EXS) of nodes and edges",
        "src/circuit/dalg/model.rs",
        "src/program/dalg/walker.rs",
    ),
    row(
        "activation",
        "fault excitation (the opposite of the stuck value)",
        "mutation-effect excitation (MEE)",
        "src/circuit/dalg/search.rs",
        "src/program/dalg/excitation.rs",
    ),
    row(
        "propagation",
        "D-drive through a D-frontier gate",
        "mutation-effect propagation (MEP): each version's own decisions",
        "src/circuit/dalg/search.rs",
        "src/program/dalg/decision.rs",
    ),
    row(
        "justification",
        "justify a gate's output (cubes or backtrace)",
        "JUST of nodes, uses, definitions and edge conditions (the path's inputs by the solver)",
        "src/circuit/dalg/frontiers.rs",
        "src/program/dalg/justification.rs",
    ),
    row(
        "implication",
        "forward and backward, event driven",
        "values and EXS forward; a decision with one edge left taken by implication",
        "src/circuit/dalg/implication.rs",
        "src/program/dalg/decision.rs",
    ),
    row(
        "search",
        "subtask stack, trail, backtracking, backjumping",
        "the same engine",
        "src/engine/mod.rs",
        "src/engine/mod.rs",
    ),
    row(
        "test",
        "input pattern (Atalanta .test, STIL)",
        "test case (JUnit 5 @Test)",
        "src/circuit/patterns.rs",
        "src/program/testgen/junit.rs",
    ),
    row(
        "D-frontier / propagation sites",
        "D-frontier: gates with an error in and none out",
        "where the effect is: variables that differ, control that differs",
        "src/circuit/dalg/frontiers.rs",
        "src/program/dalg/model.rs",
    ),
    row(
        "J-frontier / UEL",
        "J-frontier: gates whose output is not implied by their inputs",
        "unjustified element list: decisions waiting, the observation to justify",
        "src/circuit/dalg/frontiers.rs",
        "src/program/dalg/model.rs",
    ),
    row(
        "can the error still get out",
        "X-path check",
        "region observability: the effect reaches an output of the region",
        "src/circuit/dalg/frontiers.rs",
        "src/program/proofs/regions.rs",
    ),
    row(
        "must-pass points",
        "unique sensitization through dominators",
        "edge-condition assist: edges that cannot reach the mutated statement are no alternative",
        "src/circuit/dalg/dominators.rs",
        "src/program/dalg/decision.rs",
    ),
    row(
        "difficulty estimates",
        "SCOAP controllability and observability",
        "potential mutation effect; possible values pre-computed",
        "src/circuit/dalg/scoap.rs",
        "src/program/dalg/model.rs",
    ),
    row(
        "learning",
        "static learning (SOCRATES), learned nogoods",
        "test templates: the path to a statement reused by its mutants",
        "src/circuit/dalg/mod.rs",
        "src/program/dalg/templates.rs",
    ),
    row(
        "untestable target",
        "redundant fault (proved by exhausted search)",
        "equivalent mutant (proved locally, in a region)",
        "src/circuit/dalg/search.rs",
        "src/program/proofs/equivalence/mod.rs",
    ),
    row(
        "collapsing",
        "fault equivalence and dominance collapsing",
        "mutant subsumption and duplicates (hierarchy)",
        "src/circuit/fault.rs",
        "src/program/mutants/hierarchy.rs",
    ),
    row(
        "simulation",
        "bit-parallel fault simulation",
        "mutation analysis: tests run on every mutant",
        "src/circuit/fsim.rs",
        "src/program/execution/analysis.rs",
    ),
    row(
        "measure",
        "fault coverage",
        "mutation score (over the non-equivalent mutants)",
        "src/circuit/fsim.rs",
        "src/program/execution/analysis.rs",
    ),
    row(
        "dropping",
        "fault dropping",
        "mutant dropping",
        "src/flow/passes.rs",
        "src/flow/passes.rs",
    ),
    row(
        "campaign",
        "random patterns, D-algorithm with growing limits, SAT",
        "random tests, software D-algorithm, global symbolic method",
        "src/circuit/atpg/mod.rs",
        "src/program/testgen/campaign.rs",
    ),
    row(
        "global fallback",
        "SAT on the miter of good and faulty circuit",
        "symbolic execution of the whole method, one query per mutant",
        "src/circuit/dalg/miter.rs",
        "src/program/proofs/symbolic/mod.rs",
    ),
    row(
        "compaction",
        "reverse-order simulation and set cover over patterns",
        "the same over test cases",
        "src/flow/cover.rs",
        "src/flow/cover.rs",
    ),
    row(
        "teaching trace",
        "roth explain CIRCUIT --fault",
        "roth explain FILE.java --mutant",
        "src/explain/circuit.rs",
        "src/explain/program.rs",
    ),
];

/// The table as Markdown.
pub fn markdown() -> String {
    let mut out = String::new();
    out.push_str("| concept | circuit | program | circuit side in | program side in |\n");
    out.push_str("|---|---|---|---|---|\n");
    for r in ROWS {
        writeln!(
            out,
            "| {} | {} | {} | `{}` | `{}` |",
            r.concept, r.circuit, r.program, r.circuit_module, r.program_module
        )
        .unwrap();
    }
    out
}

/// The table as plain text: one block per concept.
pub fn text() -> String {
    let mut out = String::from(
        "The D-algorithm on circuits and on programs: the same concepts, side by side.\n\n",
    );
    for r in ROWS {
        writeln!(out, "{}", r.concept).unwrap();
        writeln!(out, "  circuit: {}  [{}]", r.circuit, r.circuit_module).unwrap();
        writeln!(out, "  program: {}  [{}]", r.program, r.program_module).unwrap();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table is a map of the code: every module it names exists.
    #[test]
    fn every_module_named_exists() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for r in ROWS {
            for m in [r.circuit_module, r.program_module] {
                assert!(root.join(m).is_file(), "{}: {m} is not a file", r.concept);
            }
        }
    }

    #[test]
    fn markdown_has_a_row_per_concept() {
        let md = markdown();
        assert_eq!(md.lines().count(), ROWS.len() + 2);
        assert!(md.contains("| J-frontier / UEL |"));
    }
}
