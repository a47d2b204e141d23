//! Ablation of the software D-algorithm's advanced methods, as the thesis measures them
//! ([Zhang 2021] ch. 4, tables 4.1 to 4.5): the first pass of the 2-pass system
//! (ch. 3.5, steps iii to ix) run with a method switched off and with all on.
//!
//! The pass takes the mutants in order; a mutant a test found earlier already kills is
//! dropped (mutation simulation after each new test); every other one is searched by the
//! D-algorithm alone under the backtrack limit. *Success rate* is the share of searched
//! mutants the search settled (a test, or a proof of equivalence); *mutation score* is the
//! share of mutants killed by the pass's tests, over those not proved equivalent (by the
//! compiler rule or by the search).

use std::time::Instant;

use crate::engine::{Counters, Limits, Outcome};
use crate::program::dalg::{self, Methods};
use crate::program::execution::analysis::{TestCase, Verdict, analyse};
use crate::program::execution::interp::Limits as RunLimits;
use crate::program::mutants::mutant::Mutant;
use crate::program::proofs::equivalence::{Trivial, trivial};
use crate::program::reader::ir::Unit;

/// The figures of one pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Row {
    /// Mutants not equivalent by the compiler rule.
    pub mutants: usize,
    /// Mutants the D-algorithm was run on (the others were killed by earlier tests).
    pub searched: usize,
    /// Searches that found a test.
    pub tests: usize,
    /// Searches that proved the mutant equivalent.
    pub proved: usize,
    /// Searches that ended without a verdict.
    pub aborted: usize,
    /// Mutants the pass's tests kill.
    pub killed: usize,
    pub success_rate: f64,
    pub mutation_score: f64,
    pub seconds: f64,
    pub decisions: u64,
    pub backtracks: u64,
}

/// Runs the D-algorithm's pass over `mutants` with `methods` under `backtracks`.
pub fn first_pass(
    unit: &Unit,
    mutants: &[Mutant],
    methods: Methods,
    backtracks: u64,
    limits: RunLimits,
    seed: u64,
) -> Row {
    let started = Instant::now();
    let compiled = trivial(unit, mutants);
    let targets: Vec<usize> = (0..mutants.len())
        .filter(|&i| compiled[i] != Trivial::Equivalent)
        .collect();
    let mut killed = vec![false; mutants.len()];
    let mut row = Row {
        mutants: targets.len(),
        ..Row::default()
    };
    let mut counters = Counters::default();
    let templates = dalg::Templates::new(unit, mutants);
    let search_limits = Limits {
        backtracks: Some(backtracks),
        deadline: None,
        implications: None,
    };
    for &i in &targets {
        if killed[i] {
            continue;
        }
        let m = &mutants[i];
        let confirm = Box::new(move |w: &crate::program::proofs::symbolic::Witness| {
            crate::program::execution::analysis::witness_kills(unit, m, w, limits).unwrap_or(false)
        });
        let options = dalg::Options {
            seed: seed ^ i as u64,
            methods,
            ..dalg::Options::default()
        };
        row.searched += 1;
        let Ok((outcome, c)) =
            dalg::search(unit, m, options, &search_limits, confirm, Some(&templates))
        else {
            row.aborted += 1;
            continue;
        };
        counters += c;
        match outcome {
            Outcome::Test(w) => {
                row.tests += 1;
                let test = TestCase {
                    name: String::new(),
                    class: m.class,
                    method: m.method,
                    args: w.args,
                    fields: w.fields,
                    receiver: None,
                };
                // Mutation simulation: drop every mutant the new test kills.
                if let Ok(a) = analyse(unit, mutants, &[test], limits, 1, &|_| {}) {
                    for (k, v) in a.verdicts.iter().enumerate() {
                        killed[k] |= matches!(v, Verdict::Killed(_));
                    }
                }
                // The search's own witness was confirmed against this mutant.
                killed[i] = true;
            }
            Outcome::Untestable => row.proved += 1,
            Outcome::Aborted(_) => row.aborted += 1,
        }
    }
    row.killed = targets.iter().filter(|&&i| killed[i]).count();
    row.success_rate = ratio(row.tests + row.proved, row.searched);
    row.mutation_score = ratio(row.killed, row.mutants - row.proved);
    row.seconds = started.elapsed().as_secs_f64();
    row.decisions = counters.decisions;
    row.backtracks = counters.backtracks;
    row
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 1.0 } else { a as f64 / b as f64 }
}
