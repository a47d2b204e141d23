//! What the executor knows of the library's methods beyond "a function of its arguments and
//! the heap" (the issue's cheap models for proofs, [Zhang 2021] §2.3 on calls in a region):
//! the observers of roth's model of the JDK (`size()`, `isEmpty()`, `get(i)` of a list,
//! `length()` and `charAt(i)` of a builder, a box's value) change nothing, so they leave the
//! heap's history alone and the same observation twice gives the same value; a size or a
//! length is never negative. Only where no class of the unit can stand behind the receiver:
//! an override of `size()` in the unit's own list could do anything.

use crate::program::reader::ir::{MethodRef, Type};
use crate::solver::{BinOp, ExprId};

use super::{Executor, Result, Sym};

/// The observers, by name and parameter count: their results depend on the receiver's state
/// alone (and the index), and they run no code of the unit.
const OBSERVERS: [(&str, usize); 14] = [
    ("size", 0),
    ("isEmpty", 0),
    ("length", 0),
    ("get", 1),
    ("charAt", 1),
    ("intValue", 0),
    ("longValue", 0),
    ("doubleValue", 0),
    ("floatValue", 0),
    ("shortValue", 0),
    ("byteValue", 0),
    ("charValue", 0),
    ("booleanValue", 0),
    ("signum", 0),
];

impl Executor<'_> {
    /// Whether a call of `method` on a receiver of static type `receiver` is an observer of
    /// roth's model of the JDK that no class of the unit overrides.
    pub(super) fn observes(&self, receiver: &Type, method: MethodRef) -> bool {
        let Type::Class(c) = receiver else {
            return false;
        };
        let m = self.unit.method(method.class, method.method);
        let known = OBSERVERS
            .iter()
            .any(|&(name, arity)| m.name == name && m.params.len() == arity)
            && m.params.iter().all(|p| *p == Type::Int);
        known
            && !m.is_static
            && self.unit.is_library(c.id)
            && self.unit.is_library(method.class)
            && !self.extended_outside_library(c.id)
            && !self.extended_outside_library(method.class)
    }

    /// Whether a class that is not the library's is `class` or extends or implements it,
    /// directly or through others.
    fn extended_outside_library(&self, class: u32) -> bool {
        self.extended_outside_library
            .get_or_init(|| {
                (0..self.unit.classes.len() as u32)
                    .filter(|&d| !self.unit.is_library(d))
                    .flat_map(|d| std::iter::once(d).chain(self.unit.ancestors(d)))
                    .collect()
            })
            .contains(&class)
    }

    /// Whether a call of static `method` with values `vals` returning `ty` is a function of
    /// the library that changes nothing: one of the number and character classes' statics
    /// (`Character.isDigit`, `Integer.parseInt`, `Math.floorMod`) on primitives and strings,
    /// with a primitive result (a new object each call would be another identity).
    pub(super) fn pure_library_function(&self, method: MethodRef, vals: &[Sym], ty: &Type) -> bool {
        /// The classes whose statics are functions (`Math.random` aside).
        const FUNCTIONS: [&str; 10] = [
            "java.lang.Character",
            "java.lang.Math",
            "java.lang.StrictMath",
            "java.lang.Integer",
            "java.lang.Long",
            "java.lang.Short",
            "java.lang.Byte",
            "java.lang.Double",
            "java.lang.Float",
            "java.lang.Boolean",
        ];
        let m = self.unit.method(method.class, method.method);
        m.is_static
            && m.name != "random"
            && ty.is_primitive()
            && *ty != Type::Void
            && self.unit.is_library(method.class)
            && FUNCTIONS.contains(&self.unit.binary_name(method.class).as_ref())
            && m.params
                .iter()
                .all(|p| p.is_primitive() || *p == Type::String)
            && vals.len() == m.params.len()
    }

    /// What is known of an observer's result `v`: a size or a length is never negative.
    pub(super) fn observed(&mut self, method: MethodRef, v: Sym) -> Result<Sym> {
        let m = self.unit.method(method.class, method.method);
        if let (Sym::Prim(x), "size" | "length") = (v, m.name.as_str()) {
            let nonnegative: ExprId = self.problem.binary(BinOp::Ge, x, self.zero)?;
            self.problem.require(nonnegative)?;
        }
        Ok(v)
    }
}
