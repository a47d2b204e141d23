//! Equivalent mutants, the program side's redundant faults ([Zhang 2021] ch. 2): the rules
//! that prove a mutant equivalent to the original, and the [`Rule`] that names each proof.
//! Every rule rewrites or asks only where Java gives the same result on every input, so a
//! proof never rests on a guess. In the order they are tried:
//!
//! - *Trivial compiler equivalence* ([`Rule::Compiler`], `compiler.rs`): the mutant's
//!   method has the original's canonical form; two mutants of one method with one canonical
//!   form are duplicates of each other.
//! - *Reachability* ([`Rule::Reachability`], `prover.rs`): the zones find that no input
//!   reaches the mutated statement.
//! - *Dead cell* ([`Rule::DeadCell`], `dead_cell.rs`): a read `a[e]` turned into `a[e]++`
//!   (or `--`) where no later read sees the changed cell and, for the caller's array, the
//!   cell is assigned again before the method may leave (proved over the zones).
//! - *Regions* ([`Rule::Region`], [`Rule::WholeMethod`], `prover.rs`): the region around the
//!   mutated place, executed symbolically for the original and the mutant from the facts at
//!   its entry, has no input that tells their outputs apart; tried region by region up to
//!   the whole method. A region that starts at the method's entry and tells them apart
//!   gives a candidate test instead.
//! - *Dead update* ([`Rule::DeadUpdate`], `dead_update.rs`): a read of a local turned into
//!   `x++` (or `x--`) where nothing reads `x` afterwards (proved by liveness).
//! - *Stutter* ([`Rule::Stutter`], `stutter.rs`): a read of a `for` loop's counter turned
//!   into a post-decrement (or post-increment) the loop's update undoes, so the iteration
//!   runs again with the same counter, and that second pass is proved to change nothing.
//! - *The software D-algorithm* ([`Rule::DAlgorithm`], [`crate::program::dalg`]): every
//!   path exhausted with every subtask complete.
//!
//! Beside equivalence, `subsumption.rs` proves that every input killing one mutant kills
//! another of the same statement, in a region around both ([Kapoor 2011]'s hierarchy).

mod compiler;
mod dead_cell;
mod dead_update;
mod prover;
mod stutter;
mod subsumption;

pub use compiler::{Trivial, canonical, trivial};
pub(crate) use prover::disjuncts;
pub use prover::{Local, MethodProver, ProveOptions};

/// The rule that proved a mutant equivalent.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case", tag = "rule", content = "depth")]
pub enum Rule {
    /// Same canonical form as the original.
    Compiler,
    /// No input reaches the mutated code.
    Reachability,
    /// No input of the region at this depth of the ladder tells the two apart (depth 0 is the
    /// minimal region).
    Region(usize),
    /// The region that proved it is the whole method body.
    WholeMethod,
    /// A post-increment or post-decrement of a local nothing reads afterwards: the value is
    /// the original's and the one effect is dead (proved by liveness, for statements the
    /// regions cannot model).
    DeadUpdate,
    /// A post-increment or post-decrement of a cell of the method's own array that no later
    /// read can see, or of the caller's array that is also assigned again before the method
    /// may leave (proved over the zones).
    DeadCell,
    /// A post-decrement of a `for` loop's counter that the update's increment undoes (or a
    /// post-increment the update's decrement undoes): the iteration runs again with the same
    /// counter, and that second pass is proved to change nothing and to leave the counter
    /// alone (`smallest = values[i--]` in a minimum's loop).
    Stutter,
    /// The software D-algorithm exhausted every path with every subtask complete.
    DAlgorithm,
}
