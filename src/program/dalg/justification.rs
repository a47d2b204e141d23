//! JUST of the inputs ([Zhang 2021] ch. 3.4): at the exits the effect must be observed (return
//! value, exception, fields, arrays, printed text); the alternatives are the solver's
//! solutions of the path conditions with the observation, each run in the interpreter before
//! it counts. Multi-pass justification (ch. 4.3.5.3) excludes the solutions found before and
//! solver randomness (ch. 4.3.5.4) picks the further ones' values at random.

use crate::solver::{ExprId, SolveOptions, ValueChoice, Verdict};

use crate::program::proofs::symbolic::TIE_ROUNDS;

use super::model::SwDalgorithm;
use super::subtask::Choice;

/// The longest array a test may ask for.
const MAX_WITNESS_LENGTH: i64 = 64;

impl SwDalgorithm<'_> {
    /// The next alternative of a [`super::subtask::Subtask::Justify`] (its fields passed
    /// apart): the next solution of the path that makes a test, `GiveUp` when the solver gave
    /// up, `None` when no further solution is wanted or exists (`complete` then says which).
    pub(super) fn justify(
        &mut self,
        differ: &ExprId,
        models: &mut Vec<crate::solver::Model>,
        complete: &mut bool,
        gave_up: &mut bool,
    ) -> Option<Choice> {
        if *gave_up {
            return None;
        }
        let solutions = if self.options.methods.multi_pass_justification {
            self.options.solutions
        } else {
            1
        };
        while models.len() < solutions {
            let k = models.len() as u64;
            let inputs: Vec<crate::solver::VarId> = self.ex.inputs().map(|(_, v)| v).collect();
            self.ex.problem.push();
            let verdict = match self.ex.problem.require(*differ) {
                Err(_) => Verdict::Unsat,
                Ok(()) => {
                    for m in models.iter() {
                        self.ex.problem.exclude(&inputs, m);
                    }
                    let options = SolveOptions {
                        node_limit: self.options.justify_nodes,
                        backtrack_limit: 2 * self.options.justify_nodes,
                        // Measured on the shipped programs: 99 % of the paths
                        // justified need under 15,000 propagations, and the
                        // paths that run out are mostly infeasible ones of
                        // equivalent mutants, where a larger limit only buys time.
                        propagation_limit: 40 * self.options.justify_nodes,
                        seed: self.options.seed ^ k,
                        value_choice: if k == 0 || !self.options.methods.solver_randomness {
                            ValueChoice::NearZero
                        } else {
                            ValueChoice::Random
                        },
                        ..SolveOptions::default()
                    };
                    self.ex.solve_tied(options, TIE_ROUNDS).0
                }
            };
            self.ex.problem.pop();
            match verdict {
                Verdict::Sat(model) => {
                    let witness = self.ex.witness(&model, self.params, MAX_WITNESS_LENGTH);
                    models.push(model);
                    if let Some(w) = witness {
                        self.candidates.push(w);
                        return Some(Choice::Solution(self.candidates.len() - 1));
                    }
                }
                Verdict::Unsat => {
                    *complete = true;
                    return None;
                }
                // A failed try (it counts against the backtrack limit), not a
                // proof.
                Verdict::Unknown(_) => {
                    *gave_up = true;
                    return Some(Choice::GiveUp);
                }
            }
        }
        None
    }
}
