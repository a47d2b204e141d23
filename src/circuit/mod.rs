//! The gate-level model: netlists, the stuck-at fault universe, logic and fault simulation,
//! pattern files and generated circuits.
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
