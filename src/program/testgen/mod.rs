//! Test generation for Java units ([Zhang 2021] ch. 5, the multi-pass ATG system): the program
//! side of the shared campaign, random and boundary inputs, JUnit 5 classes, roth's JSON test
//! format, code bases cut into parts for a cluster, and the ablation of ch. 4. The
//! counterpart of `circuit/atpg.rs` and `circuit/patterns.rs`.

pub mod ablation;
mod campaign;
pub mod codebase;
pub mod inputs;
pub mod junit;
pub mod parts;
pub mod testfile;

pub use campaign::*;
