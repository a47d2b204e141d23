//! Running programs: the interpreter (Java's semantics on a register code, with the step and
//! call-depth limits that end runs that do not terminate), Java literals as inputs, and
//! mutation analysis (a test set run on the original and every mutant). The counterpart of
//! `circuit/sim.rs` and `circuit/fsim.rs`.
//!
//! - `interp/`: the interpreter; the typed IR compiled to register code (`code.rs`,
//!   `compile.rs`, `compile_expr.rs`, with the dispatch tables in `dispatch.rs`) and run (`machine.rs`, `library.rs`), what a run takes
//!   and gives (`outcome.rs`), and the proof that a run never ends (`endless.rs`).
//! - `literal.rs`: Java literals read against a type, the arguments of `roth exec`.
//! - `analysis.rs`: mutation analysis, each test run once on the original with probes and on
//!   the mutants whose site it reaches.

pub mod analysis;
pub(crate) mod collection_types;
pub mod interp;
pub mod literal;
