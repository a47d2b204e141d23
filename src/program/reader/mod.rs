//! The reader: real `.java` files through tree-sitter-java, checked the way `javac` checks the
//! supported subset (JLS ch. 14-16), constant expressions folded, lowered to the typed IR; and
//! Java's operators and text conversions, which the folder and the interpreter share. The
//! program side's counterpart of `circuit/bench.rs`.
//!
//! - `syntax.rs`: tree-sitter parsing within a budget, and the helpers that read its nodes;
//! - `declarations.rs`: [`load`], the file's classes and fields, the class-level rules, and
//!   `check_method` for one mutated method; `signatures.rs`: methods' signatures;
//!   `hierarchy.rs`: what each class extends and implements; `names.rs`: class names across
//!   the files of a code base read together ([`load_with`]); `codebase.rs`: the index of a
//!   code base's files that finds the files one file uses;
//! - `resources.rs`: try-with-resources lowered to `try`/`finally`;
//! - `statements.rs`: statements, scopes, definite assignment and reachability; `switches.rs`:
//!   `switch` statements and rules, and switch expressions lowered to them;
//! - `expressions.rs`, `variables.rs` and `calls.rs`: expressions with their types and
//!   conversions; names, fields and assignments; calls; `printing.rs`: `print`, `printf` and
//!   `String.format`; `math_calls.rs`: `Math`'s builtins; `static_imports.rs`: members
//!   named through static imports; `object_methods.rs`: `Object`'s
//!   `equals`, `hashCode` and `toString` on any reference; `inner_classes.rs`: inner classes'
//!   enclosing instances; `lambdas.rs`, `method_references.rs`, `closure_class.rs`: lambdas
//!   and method references as methods and the classes of their objects; `records.rs`: the
//!   members records leave to the compiler;
//! - `generics.rs`: type parameters, parameterized types and inference, by erasure;
//!   `boxing.rs`: boxing and unboxing conversions; `jdk.rs`: roth's model of `java.lang`'s
//!   boxes, written in Java (`src/program/jdk/`), read with the files that need it;
//! - `literals.rs` and `constants.rs`: Java's literals, and constant folding (JLS §15.29);
//! - `ir.rs`: the typed IR everything later reads; `modelled.rs`: which methods the proofs
//!   model, and why not; `semantics.rs`: Java's operators on raw
//!   bits; `text.rs`: Java's text conversions (`Double.toString`); `formatter.rs`:
//!   `java.util.Formatter`'s conversions.

mod anonymous_constructors;
mod boxing;
mod builtins;
mod calls;
mod captures;
mod closure_class;
pub mod codebase;
mod constants;
mod declarations;
mod exceptions;
mod expressions;
mod final_fields;
pub(crate) mod formatter;
mod generics;
mod hierarchy;
mod inner_classes;
pub mod ir;
pub(crate) mod jdk;
mod lambdas;
mod literals;
mod local_classes;
mod math_calls;
mod method_references;
mod modelled;
mod names;
mod natives;
mod object_methods;
mod printing;
mod records;
mod resources;
pub mod semantics;
mod signatures;
mod statements;
mod static_imports;
mod switches;
mod syntax;
pub mod text;
pub(crate) mod throwables;
mod variables;
mod walk;

pub(crate) use constants::{fold_in, fold_in_class, fold_literals};
pub(crate) use declarations::{LAMBDA_RESULT_RETYPED, check_method};
pub use declarations::{load, load_with};
pub(crate) use ir::{visit_expr, visit_stmts};
pub(crate) use syntax::parse;
