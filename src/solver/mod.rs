//! Solvers that decide constraints for the two models.
//!
//! - [`sat`]: the CDCL SAT core that proves the gate model's hardest redundancies.
//! - The interval / finite-domain solver of the program side ([`Problem`], [`Solver`]): Java
//!   primitive types and operator semantics ([`java`]), expressions and constraints
//!   ([`expr`]), domains with holes ([`domain`]), sound propagation ([`propagate`]), linear
//!   equalities solved modulo `2^32` / `2^64` by elimination ([`linear`]), relations between
//!   linear terms (difference constraints, Fourier–Motzkin, overflow as wrap cases;
//!   [`relations`]), search
//!   with Godzilla's smallest-domain-first and bisection ([`search`]), and the text language
//!   of `roth solve` ([`parse`](mod@parse)). After the domain reduction of
//!   [DeMillo & Offutt 1991] §4, with modern propagation; its one rule: *unknown* is
//!   allowed, a wrong *unsat* or a model that does not satisfy the constraints never is.
//!
//! ```
//! use roth::solver::{parse, solve, SolveOptions, Verdict};
//!
//! // The thesis's Fig. 4.3 case: decided by propagation, without counting up to 10000.
//! let problem = parse("int x, y; x == y; x > 10000;").unwrap();
//! let (verdict, stats) = solve(&problem, SolveOptions::default());
//! let Verdict::Sat(model) = verdict else { panic!() };
//! assert!(problem.satisfies(&model));
//! assert!(stats.decisions < 10);
//! ```

pub(crate) mod domain;
pub(crate) mod expr;
pub mod java;
pub(crate) mod linear;
pub(crate) mod parse;
pub(crate) mod propagate;
pub(crate) mod relations;
pub mod sat;
pub(crate) mod search;

pub use expr::{Constraint, ExprId, Model, Node, Problem, TypeError, VarId};
pub use java::{BinOp, Exception, JType, UnOp, Value};
pub use parse::{ParseError, parse};
pub use search::{SolveOptions, SolveStats, Solver, ValueChoice, Verdict, solve, solve_excluding};
