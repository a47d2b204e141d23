//! The software D-algorithm ([Zhang 2021] ch. 3) as a model of the shared engine: the mutant is
//! the fault, the method's control flow the circuit. The counterpart of `circuit/dalg/`.

mod model;

pub use model::*;
