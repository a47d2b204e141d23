//! The reader: real `.java` files through tree-sitter-java, checked the way `javac` checks the
//! supported subset (JLS ch. 14-16), constant expressions folded, lowered to the typed IR; and
//! Java's operators and text conversions, which the folder and the interpreter share. The
//! program side's counterpart of `circuit/bench.rs`.

pub mod front;
pub mod ir;
pub mod semantics;
pub mod text;
