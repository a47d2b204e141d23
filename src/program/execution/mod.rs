//! Running programs: the interpreter (Java's semantics on a register code, with the step and
//! call-depth limits that end runs that do not terminate), Java literals as inputs, and
//! mutation analysis (a test set run on the original and every mutant). The counterpart of
//! `circuit/sim.rs` and `circuit/fsim.rs`.

pub mod analysis;
pub mod interp;
pub mod literal;
