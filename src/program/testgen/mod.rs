//! Test generation for Java units ([Zhang 2021] ch. 5, the multi-pass ATG system): the program
//! side of the shared campaign, random and boundary inputs, JUnit 5 classes, roth's JSON test
//! format, code bases cut into parts for a cluster, and the ablation of ch. 4. The
//! counterpart of `circuit/atpg/` and `circuit/patterns.rs`.
//!
//! - `campaign.rs`: the program's workbench for [`crate::flow`]: random tests with mutant
//!   dropping, the software D-algorithm per surviving mutant, the global method, compaction;
//! - `inputs.rs`: random and boundary values for a method's parameters; `receivers.rs`:
//!   receivers built by constructor calls and setups of calls on them; `shrink.rs`: tests
//!   shrunk toward simple values after compaction;
//! - `junit.rs`: the JUnit 5 class of the tests; `names.rs`: tests named after the method and
//!   what it does; `testfile.rs`: roth's JSON test format;
//! - `codebase.rs`: the Java files of a folder and the cut of their methods into parts;
//!   `parts.rs`: the part files of sharded runs and the checks of a set of them;
//! - `ablation.rs`: the first pass with each advanced method of ch. 4 switched off.

pub mod ablation;
mod campaign;
pub mod codebase;
pub mod inputs;
pub mod junit;
mod library_inputs;
pub mod names;
pub mod parts;
pub mod receivers;
pub mod shrink;
pub mod testfile;

pub use campaign::*;
