//! The program model: Java unit programs, where mutants play the role of faults (Zhang 2021,
//! ch. 1 Table 1.1, ch. 2.3 and ch. 3.2).
//!
//! - [`front`]: real `.java` files through tree-sitter-java, checked like `javac` checks the
//!   supported subset, lowered to the typed IR of [`ir`];
//! - [`semantics`] and [`text`]: Java's operators and text conversions, shared by the constant
//!   folder and the interpreter (integer and `double` operators are the solver's);
//!
//! This module never imports the circuit model; the engine and the solver are shared.

pub mod ablation;
pub mod analysis;
pub mod cfg;
pub mod classify;
pub mod codebase;
pub mod dalg;
pub mod draw;
pub mod equivalence;
pub mod external;
pub mod front;
pub mod guards;
pub mod hierarchy;
pub mod inputs;
pub mod interp;
pub mod ir;
pub mod junit;
pub mod literal;
pub mod mutant;
pub mod regions;
pub mod semantics;
pub mod symbolic;
pub mod testfile;
pub mod testgen;
pub mod text;
pub mod zones;

pub use front::load;
pub use ir::{Diagnostic, Type, Unit};
