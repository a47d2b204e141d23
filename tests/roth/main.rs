//! roth's integration tests, in one binary: helpers, the ISCAS suites (skipped when
//! `../shared/circuits` is absent), simulation against a reference, the parser under random
//! input, generated circuits, and the command line.

mod atpg;
mod cfg;
mod check;
mod cli;
mod dalg;
mod equivalence;
mod explain;
mod fuzz;
mod generated;
mod helpers;
mod hierarchy;
mod iscas;
mod java;
mod parser;
mod program;
mod sat;
mod shard;
mod simulation;
mod solver;
mod sources;
mod swdalg;
mod testgen;
mod tutorial;
