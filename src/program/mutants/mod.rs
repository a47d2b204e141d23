//! Mutants, the program side's faults: muJava's method-level operators ([Ma, Offutt & Kwon 2005]),
//! mutant hierarchies (the program side's fault collapsing, [Kapoor 2011]) and mutants made by
//! other tools. The counterpart of `circuit/fault.rs`.

pub mod external;
pub mod hierarchy;
pub mod mutant;
