//! The software D-algorithm ([Zhang 2021] ch. 3) as a model of the shared engine
//! ([`crate::engine`]): the mutant is the fault, the method's control flow the circuit. The
//! counterpart of `circuit/dalg/`.
//!
//! Two walkers run the method, one on the original and one on the mutant, in one solver
//! problem whose terms are hash-consed, so everything the two versions compute alike is the
//! same term. A walker executes simple statements symbolically (values are terms over the
//! method's inputs: the value of every definition and use, for both versions, is a pair of
//! terms) and stops where control may go more than one way: a decision node (`if`, a loop
//! head, `switch`) or a statement that may throw. Those are the engine's decisions, and the
//! execution status (EXS) of nodes and edges is the path the walkers take.
//!
//! Where this differs from the thesis: values are terms, not concrete values with a solver
//! asked per mROA, so forward value implication is exact and the justification of uses,
//! definitions and edge conditions (ch. 3.4.4.2 to 3.4.4.4) is one solve over the path at the
//! end rather than one subtask each; the path is built from the entry forward, so a node's EXS
//! is justified when it is reached.
//!
//! The files, in the thesis's words:
//! - `model.rs`: the search state and its engine model, the order of the subtasks (ch. 3.4),
//!   and [`search`], the entry point for one mutant;
//! - `walker.rs`: the walkers, symbolic execution of one version up to its next decision, with
//!   the iteration-time limit (ITL);
//! - `subtask.rs`: the subtasks and their alternatives (ch. 3.4), and when a subtask's list is
//!   complete (the soundness of "untestable");
//! - `decision.rs`: the edge subtasks, JUST of a node's EXS before the effect exists (ch.
//!   3.3.4) and MEP after;
//! - `excitation.rs`: MEE, where the versions first differ, and an effect that dies out;
//! - `justification.rs`: JUST of the inputs, the solver's solutions at the exits;
//! - `templates.rs`: test templates (ch. 4.3.5.1);
//! - `options.rs`: the limits and the switches of the advanced methods (ch. 4);
//! - `trace.rs`: read-only views of the state for `roth explain`.

mod decision;
mod excitation;
mod justification;
mod model;
mod options;
mod subtask;
mod templates;
mod trace;
mod walker;

pub use model::{SwDalgorithm, search};
pub use options::{Methods, Options};
pub use subtask::{Choice, Subtask, Version};
pub use templates::Templates;
pub use trace::{Ran, VersionView};
