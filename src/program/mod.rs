//! The program model: Java unit programs, where mutants play the role of faults ([Zhang 2021]
//! ch. 1 Table 1.1, ch. 2.3 and ch. 3.2). Its folders read side by side with `circuit/`:
//!
//! | folder | what it holds | on the circuit side |
//! |---|---|---|
//! | [`reader`] | the Java front end: parsing, checking, folding, the typed IR, Java's operators and text | `bench.rs` and `netlist.rs` |
//! | [`model`] | the control-flow graph with its data flow, and its drawing | the netlist's graph |
//! | [`mutants`] | muJava's operators, mutant hierarchies, mutants made by other tools | `fault.rs` and collapsing |
//! | [`execution`] | the interpreter and mutation analysis | `sim.rs` and `fsim.rs` |
//! | [`proofs`] | equivalent mutants: local analysis, regions, symbolic execution, zones, guards | redundancy proofs |
//! | [`dalg`] | the software D-algorithm as a model of the shared engine | `dalg/` |
//! | [`testgen`] | the campaign, inputs, JUnit, the test format, code bases and their parts | `atpg/` and `patterns.rs` |
//!
//! This module never imports the circuit model; the engine, the flow and the solver are shared.

pub mod dalg;
pub mod execution;
pub mod model;
pub mod mutants;
pub mod proofs;
pub mod reader;
pub mod testgen;

pub use reader::ir::{Diagnostic, Type, Unit};
pub use reader::{load, load_with};
