//! The subtasks of the software D-algorithm ([Zhang 2021] ch. 3.4) and their alternatives, as
//! the engine sees them.
//!
//! The subtasks of ch. 3.4, over the walkers' state (the path they took, the terms they hold):
//! - **JUST of a node's EXS** (before the effect exists): the mutated statement must execute
//!   (ch. 3.3.4, property 2), so at a decision the walkers take together, the edges from which
//!   the mutated statement can no longer be reached are implied not executed and are no
//!   alternatives; an edge whose condition contradicts the path is a conflict. Edges with a
//!   single way left are taken by implication, with no decision.
//! - **MEE**: when the two versions first differ (a value, a condition, a write, an exit), the
//!   alternatives are the mROA's outputs the effect can appear on (each `orig != mut` in turn)
//!   and, for a site inside a loop, "no effect at this execution" (the versions stay equal and
//!   run on together).
//! - **MEP**: from then on each version's decisions are its own; an edge is an alternative when
//!   its condition fits the path, and the effect travels on values and on control.
//! - **JUST of the values**: at the exits, the effect must be observed (return value,
//!   exception, fields, arrays, printed text); the alternatives are the solver's solutions of
//!   the path conditions with the observation, each run in the interpreter before it counts.
//! - The iteration-time limit (ITL) bounds the iterations a path takes through a loop.
//!
//! Soundness of "untestable" (an equivalence proof): a subtask's list is complete when it
//! holds every way the subtask can be done: edges are dropped only when their condition is
//! constant false, when they cannot reach the mutated statement before the effect exists, or
//! when the solver proved them contradictory; a loop's further iteration dropped at the ITL
//! makes the subtask incomplete unless the solver proved it cannot run; a justification is
//! complete only when the solver proved no further solution exists; code the executor does not
//! model is a subtask with no alternative that is incomplete.

use crate::engine::SubtaskKind;
use crate::solver::ExprId;

/// The version(s) a decision is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// Both, before the effect exists: they take the same edge.
    Both,
    Original,
    Mutant,
}

/// A subtask of the software D-algorithm.
#[derive(Debug)]
pub enum Subtask {
    /// Which edge out of a decision node the path takes: the node's EXS justification before
    /// the effect exists, a propagation step after.
    Edge {
        version: Version,
        edges: Vec<usize>,
        /// A loop iteration was left out at the iteration-time limit.
        cut: bool,
        line: u32,
        what: &'static str,
        kind: SubtaskKind,
    },
    /// MEE: the output of the mutated region the effect appears on.
    Excite {
        ways: Vec<ExprId>,
        /// "No effect at this execution", for a site that may run again.
        not_here: Option<ExprId>,
        line: u32,
    },
    /// The observed effect's justification: solutions of the path, each run.
    Justify {
        differ: ExprId,
        models: Vec<crate::solver::Model>,
        complete: bool,
        /// The solver gave up on the last try: no further one is made.
        gave_up: bool,
    },
    /// The path reached code the executor does not model.
    Refused(String),
}

impl std::fmt::Display for Subtask {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Subtask::Edge {
                version,
                edges,
                line,
                what,
                kind,
                ..
            } => write!(
                f,
                "{kind}: {what} at line {line} ({version:?}), {} edge(s)",
                edges.len()
            ),
            Subtask::Excite {
                ways,
                not_here,
                line,
            } => write!(
                f,
                "excitation before line {line}: {} output(s){}",
                ways.len(),
                if not_here.is_some() {
                    " or none this time"
                } else {
                    ""
                }
            ),
            Subtask::Justify { .. } => f.write_str("justification: inputs for the path"),
            Subtask::Refused(why) => write!(f, "not modelled: {why}"),
        }
    }
}

/// One alternative of a subtask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Edge {
        version: Version,
        index: usize,
    },
    /// Require `term`; `excites` when it is an effect (not "no effect here").
    Effect {
        term: ExprId,
        excites: bool,
    },
    /// The `k`-th candidate test.
    Solution(usize),
    /// No way was found (the solver gave up, or the code is not modelled): a try that fails,
    /// so that it counts against the backtrack limit.
    GiveUp,
}

/// Where the versions stand when they first differ.
pub(super) enum Excitation {
    /// Values or conditions differ: the MEE subtask.
    Subtask(Subtask),
    /// They are at different places (control already differs): the effect exists.
    Control,
    /// They differ only in locals nothing reads again: no effect, ever.
    None,
}
