//! The gate-level model: netlists, the stuck-at fault universe, logic and fault simulation,
//! pattern files and generated circuits.
//!
//! - `bench.rs` reads and writes ISCAS `.bench`; `netlist.rs` is the flat, topologically
//!   ordered gate network (full scan); `fault.rs` the stuck-at faults and their collapsing;
//! - `sim.rs`, `fsim.rs` and `xsim.rs`: bit-parallel good-machine, fault and three-valued cube
//!   simulation;
//! - `dalg/`: the gate model the engine searches ([Roth 1966]: implication, D- and
//!   J-frontiers, learning, conflicts), with dominators, SCOAP and the SAT miter;
//! - `bound/`: the lower bound on the size of any complete test set;
//! - `atpg/`: the campaign's workbench for circuits, its report and the part file of a
//!   sharded run; `patterns.rs`: pattern files (JSON, Atalanta `.test`, STIL);
//! - `generate.rs`: parametric circuits (`roth gen`).
//!
//! This is one of the two models the D-algorithm engine runs on (the other is `program`); the
//! two never import each other.

pub mod atpg;
pub mod bench;
pub mod bound;
pub mod dalg;
pub(crate) mod fault;
pub(crate) mod fsim;
pub mod generate;
pub mod netlist;
pub mod patterns;
pub mod sim;
pub(crate) mod xsim;

pub use bench::{BenchError, ParsedBench, parse_bench, read_bench, write_bench};
pub use fault::{Fault, FaultId, FaultSite, FaultUniverse};
pub use fsim::{ConeSimulator, FaultSimulator, RegionSimulator};
pub use netlist::{Dff, GateKind, Netlist, NetlistBuilder, NodeId, NodeKind, Pin, Span, Warning};
pub use patterns::{Bit, Fill, PatternFormat, PatternSet};
pub use sim::{PackedPatterns, simulate_block};
pub use xsim::CubeSimulator;
