//! roth: the D-algorithm of test generation (J. P. Roth, 1966) on gate netlists and, with the
//! same engine, on Java unit programs.
//!
//! [`engine`] is the generic D-algorithm (subtask stack, trail, backjumping) with two models:
//! [`circuit`] (ISCAS `.bench` netlists under full scan, stuck-at faults, simulation, `roth
//! atpg`) and [`program`] (the Java front end, interpreter, mutants, equivalence proofs, the
//! software D-algorithm, `roth testgen`). [`flow`] is the multi-pass campaign both share,
//! [`solver`] the interval / finite-domain solver, [`explain`] the teaching traces and pictures
//! (drawn with [`layout`]), [`rng`] the deterministic generator behind `--seed`.

#![warn(unreachable_pub)]
// Most of the library is crate-internal; its docs link to the internals they explain, for
// readers of `cargo doc --document-private-items`.
#![allow(rustdoc::private_intra_doc_links)]

pub mod circuit;
pub mod engine;
pub mod explain;
pub mod flow;
pub mod layout;
pub mod program;
pub mod rng;
pub mod solver;
