//! The multi-pass test generation campaign, shared by faults and mutants ([Zhang 2021] ch. 5.1,
//! and the classic ATPG flow).
//!
//! 1. Random tests with dropping by simulation, until `random_blocks` consecutive blocks of 64
//!    find nothing new.
//! 2. The D-algorithm on every remaining target with a small backtrack limit, every new test
//!    simulated against all open targets (dropping); again with a larger limit; then a complete
//!    pass with no limit (a portfolio of search variants under growing limits, optionally under
//!    a time limit per target) so that every target ends tested or proved untestable.
//! 3. Dynamic compaction (each new test's don't-care bits are offered to further open targets)
//!    and, at the end, regeneration, set cover, essential-target pruning (tests removed by moving
//!    the targets only they detect into the relaxed cubes of other tests, after Hamzaoglu and
//!    Patel's MinTest, [Hamzaoglu & Patel 1998]) and reverse-order compaction by simulation.
//!
//! The campaign is generic over a [`Workbench`]: the gate-level circuit is one, the program with
//! its mutants the other.
//!
//! Bounded work: every search of every phase runs under a backtrack limit and, when given, the
//! per-target time limit; a deadline for the whole campaign ends each phase early (targets not
//! reached stay aborted, compaction keeps what it has), and every phase reports progress per
//! target, so no phase runs unbounded or silent.
//!
//! Determinism under parallelism: open targets are taken in fixed windows of [`WINDOW`]; the
//! searches of a window run in parallel and independently, and their results are committed in
//! target order, with one simulation deciding which results earlier tests made unnecessary. The
//! output therefore depends on the seed and the input, never on the number of threads.
//!
//! The files: `workbench.rs` (the traits a model implements), `campaign.rs` (settings, results
//! and the run as a whole), `passes.rs` (the random phase and the deterministic passes),
//! `compaction.rs` (regeneration, set cover, reverse-order simulation), `pruning.rs`
//! (essential-target pruning), `relaxation.rs` (the smallest part of a test that keeps its
//! targets), `cover.rs` (the set-cover step) and [`shard`] (cutting a campaign over machines).

mod campaign;
mod compaction;
mod cover;
mod passes;
mod pruning;
mod relaxation;
pub mod shard;
mod workbench;

pub use campaign::{
    Campaign, CampaignRun, Effort, Options, Phase, Progress, Spare, Status, run, run_beside,
};
pub use passes::WINDOW;
pub use shard::Shard;
pub use workbench::{Workbench, Worker};
