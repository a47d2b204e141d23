//! The CDCL core against brute force: on random small CNF formulas the verdicts agree, and
//! every model satisfies every clause (the witness is checked, not just the verdict).

use proptest::prelude::*;
use roth::solver::sat::{Lit, SatLimits, SatResult, Solver};

fn satisfies(clauses: &[Vec<(u32, bool)>], assignment: impl Fn(u32) -> bool) -> bool {
    clauses
        .iter()
        .all(|c| c.iter().any(|&(v, value)| assignment(v) == value))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn verdicts_and_models_agree_with_brute_force(
        vars in 1u32..13,
        clauses in prop::collection::vec(
            prop::collection::vec((0u32..13, any::<bool>()), 0..5),
            0..70,
        ),
    ) {
        let clauses: Vec<Vec<(u32, bool)>> = clauses
            .into_iter()
            .map(|c| c.into_iter().map(|(v, value)| (v % vars, value)).collect())
            .collect();
        let mut solver = Solver::new();
        for _ in 0..vars {
            solver.new_var();
        }
        for c in &clauses {
            let lits: Vec<Lit> = c.iter().map(|&(v, value)| Lit::with(v, value)).collect();
            solver.add_clause(&lits);
        }
        let brute = (0u32..1 << vars).any(|bits| satisfies(&clauses, |v| bits >> v & 1 == 1));
        match solver.solve(SatLimits::default()) {
            SatResult::Sat => {
                prop_assert!(brute);
                prop_assert!(satisfies(&clauses, |v| solver.value(v).unwrap_or(false)));
            }
            SatResult::Unsat => prop_assert!(!brute, "wrong unsat"),
            SatResult::Unknown => prop_assert!(false, "no limit was given"),
        }
    }
}
