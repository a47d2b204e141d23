//! Equivalent mutants, the program side's redundant faults, proved by local analysis
//! ([Zhang 2021] ch. 2; [Offutt & Pan 1997]): trivial compiler equivalence, regions around the
//! mutated place, symbolic execution of a region, facts at its entry (zones and guards), and
//! the pipeline that classifies every mutant as killable, equivalent or unknown. The
//! counterpart of the redundancy proofs of `circuit/dalg/`.
//!
//! [`equivalence`] holds the rules and the prover that asks them, [`regions`] the regions
//! around a mutated place, [`symbolic`] the symbolic execution of a region, [`zones`] and
//! [`guards`] the facts at a region's entry, [`classify`] the pipeline.

pub mod classify;
pub mod equivalence;
pub(crate) mod guards;
pub(crate) mod regions;
pub mod symbolic;
pub(crate) mod zones;
