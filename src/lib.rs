//! roth: the D-algorithm of test generation (J. P. Roth, 1966) on gate netlists and, with the
//! same engine, on Java unit programs.
//!
//! This crate currently holds the gate-level side's foundation: the [`circuit`] model (ISCAS
//! `.bench` netlists under full scan, the single stuck-at fault universe with collapsing, and
//! bit-parallel logic and fault simulation), and a deterministic random generator ([`rng`]).

pub mod circuit;
pub mod engine;
pub mod explain;
pub mod flow;
pub mod layout;
pub mod program;
pub mod rng;
pub mod solver;
