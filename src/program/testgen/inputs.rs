//! Random and boundary inputs for a method: the random phase of test generation, the
//! differential test against the JVM, and benches. Values lean on the places where programs
//! and their mutants differ: zero, ±1, the type's extremes, small values that make loops run a
//! few times, and whole-range values; references are sometimes `null`, arrays short.

use std::sync::Arc;

use crate::program::execution::interp::Value;
use crate::program::reader::ir::{Type, Unit};
use crate::program::reader::semantics::{Kind, bits_f32, bits_f64};
use crate::program::testgen::library_inputs;
use crate::rng::Rng;

const CHARS: &[u16] = &[
    b'a' as u16,
    b'b' as u16,
    b'c' as u16,
    b'z' as u16,
    b'A' as u16,
    b'Z' as u16,
    b'0' as u16,
    b'9' as u16,
    b' ' as u16,
    b'.' as u16,
    b'-' as u16,
    0xe9,
    0x3bb,
    b'\n' as u16,
];

/// The constants a method mentions (literals, `case` labels, constant locals and fields),
/// each with its neighbours: inputs equal to a constant the code compares against, or one
/// off, are where branches flip, so random inputs draw from them part of the time (the
/// "constant mining" of random testing tools). Without it a `switch` on `case 12:` is
/// almost never entered by whole-range values. Strings likewise: a `name.equals("admin")` is
/// never true for random text.
#[derive(Clone, Debug, Default)]
pub struct Pool {
    integers: Vec<i64>,
    doubles: Vec<f64>,
    /// String literals, each with its neighbours one character shorter and longer.
    strings: Vec<Arc<[u16]>>,
}

impl Pool {
    /// The integers of the pool (each constant and its neighbours), sorted.
    pub fn integers(&self) -> &[i64] {
        &self.integers
    }

    /// The floating-point constants and their neighbours, sorted.
    pub fn doubles(&self) -> &[f64] {
        &self.doubles
    }

    /// The string literals and their neighbours, sorted.
    pub fn strings(&self) -> &[Arc<[u16]>] {
        &self.strings
    }

    /// The pool of one method of `unit` (its body, and the constant fields of its class).
    pub fn of(unit: &crate::program::reader::ir::Unit, class: u32, method: u32) -> Pool {
        use crate::program::reader::ir::{Const, ExprKind, Stmt, StmtKind};
        fn constant(c: &Const, pool: &mut Pool) {
            match c {
                Const::Int(t, v) if *t != Type::Boolean => {
                    pool.integers
                        .extend([v.wrapping_sub(1), *v, v.wrapping_add(1)])
                }
                Const::Double(d) => pool.doubles.extend([d - 1.0, *d, d + 1.0]),
                Const::Float(f) => pool.doubles.push(f64::from(*f)),
                Const::Str(text) => {
                    let mut longer = text.to_vec();
                    longer.push(u16::from(b'a'));
                    pool.strings.push(Arc::from(&text[..]));
                    pool.strings.push(Arc::from(longer));
                    if let Some((_, shorter)) = text.split_last() {
                        pool.strings.push(Arc::from(shorter));
                    }
                }
                _ => {}
            }
        }
        fn expr(e: &crate::program::reader::ir::Expr, pool: &mut Pool) {
            if let ExprKind::Literal(c) = &e.kind {
                constant(c, pool);
            }
            for child in e.children() {
                expr(child, pool);
            }
        }
        fn stmt(s: &Stmt, pool: &mut Pool) {
            if let StmtKind::Switch { groups, .. } = &s.kind {
                for label in groups.iter().flat_map(|g| g.labels.iter().flatten()) {
                    constant(label, pool);
                }
            }
            for e in s.expressions() {
                expr(e, pool);
            }
            for sub in s.substatements() {
                stmt(sub, pool);
            }
        }
        let mut pool = Pool::default();
        let m = unit.method(class, method);
        if let Ok(body) = &m.body {
            for s in &body.stmts {
                stmt(s, &mut pool);
            }
            for local in &body.locals {
                if let Some(c) = &local.constant {
                    constant(c, &mut pool);
                }
            }
        }
        for field in &unit.classes[class as usize].fields {
            if let Some(c) = &field.constant {
                constant(c, &mut pool);
            }
        }
        pool.integers.sort_unstable();
        pool.integers.dedup();
        pool.doubles.sort_by(|a, b| a.total_cmp(b));
        pool.doubles.dedup_by(|a, b| a.to_bits() == b.to_bits());
        pool.strings.sort_unstable();
        pool.strings.dedup();
        pool
    }
}

fn integer(rng: &mut Rng, lo: i64, hi: i64) -> i64 {
    let pick = |rng: &mut Rng, a: i64, b: i64| -> i64 {
        let (a, b) = (a.max(lo), b.min(hi));
        if a > b {
            return 0i64.clamp(lo, hi);
        }
        let width = (b as i128 - a as i128 + 1) as u128;
        if width > u64::MAX as u128 {
            rng.next_u64() as i64
        } else {
            (a as i128 + rng.below(width as u64) as i128) as i64
        }
    };
    match rng.below(10) {
        0 | 1 => {
            let edges = [
                0,
                1,
                -1,
                lo,
                hi,
                lo.saturating_add(1),
                hi.saturating_sub(1),
                2,
            ];
            edges[rng.index(edges.len())].clamp(lo, hi)
        }
        2..=5 => pick(rng, -10, 10),
        6 | 7 => pick(rng, -1000, 1000),
        _ => pick(rng, lo, hi),
    }
}

fn double(rng: &mut Rng) -> f64 {
    match rng.below(12) {
        0 => {
            let edges = [
                0.0,
                -0.0,
                1.0,
                -1.0,
                0.5,
                f64::NAN,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::MAX,
                f64::MIN_POSITIVE,
                f64::from_bits(1),
                1e-7,
            ];
            edges[rng.index(edges.len())]
        }
        1..=4 => rng.below(21) as f64 - 10.0,
        5..=8 => (rng.below(2_000_000) as f64 - 1_000_000.0) / 1000.0,
        9 => (rng.below(1 << 20) as f64) / 64.0,
        _ => loop {
            let d = f64::from_bits(rng.next_u64());
            if d.is_finite() {
                break d;
            }
        },
    }
}

/// A random value of `ty`.
pub fn random_value(ty: &Type, rng: &mut Rng) -> Value {
    random_value_near(ty, &Pool::default(), rng)
}

/// A random value of `ty`, a fifth of the time (when the pool has one) a constant of `pool`
/// or its neighbour.
pub fn random_value_near(ty: &Type, pool: &Pool, rng: &mut Rng) -> Value {
    if ty.is_integral() && *ty != Type::Boolean && *ty != Type::Char {
        if !pool.integers.is_empty() && rng.chance(1, 5) {
            let (lo, hi) = ty.jtype().expect("integral").range();
            let v = pool.integers[rng.index(pool.integers.len())].clamp(lo, hi);
            return Value::Prim(Kind::of(ty), v);
        }
    } else if *ty == Type::String && !pool.strings.is_empty() && rng.chance(1, 5) {
        return Value::Str(pool.strings[rng.index(pool.strings.len())].clone());
    } else if ty.is_floating() && !pool.doubles.is_empty() && rng.chance(1, 5) {
        let d = pool.doubles[rng.index(pool.doubles.len())];
        return match ty {
            Type::Float => Value::Prim(Kind::Float, bits_f32(d as f32)),
            _ => Value::Prim(Kind::Double, bits_f64(d)),
        };
    }
    match ty {
        Type::Boolean => Value::Prim(Kind::Boolean, rng.below(2) as i64),
        Type::Char => {
            let c = if rng.chance(1, 10) {
                [0u16, 0xffff, 0x7f, 0x100][rng.index(4)]
            } else {
                CHARS[rng.index(CHARS.len())]
            };
            Value::Prim(Kind::Char, i64::from(c))
        }
        Type::Byte | Type::Short | Type::Int | Type::Long => {
            let (lo, hi) = ty.jtype().expect("integral").range();
            Value::Prim(Kind::of(ty), integer(rng, lo, hi))
        }
        Type::Float => Value::Prim(Kind::Float, bits_f32(double(rng) as f32)),
        Type::Double => Value::Prim(Kind::Double, bits_f64(double(rng))),
        Type::String => {
            if rng.chance(1, 20) {
                return Value::Null;
            }
            let n = rng.below(7) as usize;
            let s: Vec<u16> = (0..n)
                .map(|_| {
                    if rng.chance(3, 4) {
                        CHARS[rng.index(4)]
                    } else {
                        CHARS[rng.index(CHARS.len())]
                    }
                })
                .collect();
            Value::Str(Arc::from(s))
        }
        Type::Array(elem) => {
            if rng.chance(1, 20) {
                return Value::Null;
            }
            let max = if matches!(**elem, Type::Array(_)) {
                5
            } else {
                9
            };
            let n = rng.below(max) as usize;
            // Small element values make searches and comparisons hit.
            let items = (0..n)
                .map(|_| {
                    if elem.is_integral() && **elem != Type::Char && rng.chance(1, 2) {
                        Value::Prim(Kind::of(elem), rng.below(7) as i64 - 2)
                    } else {
                        random_value_near(elem, pool, rng)
                    }
                })
                .collect();
            Value::Array((**elem).clone(), items)
        }
        _ => Value::Null,
    }
}

/// A random value of `ty` where objects of `unit`'s classes are built by one of their
/// constructors (the supported ones, chosen at random) with random arguments, `null` a tenth
/// of the time; objects nest at most [`OBJECT_DEPTH`] deep (deeper ones are `null`). Other
/// types are [`random_value_near`]'s.
pub fn random_value_in(unit: &Unit, ty: &Type, pool: &Pool, rng: &mut Rng) -> Value {
    value_in(unit, ty, pool, rng, OBJECT_DEPTH)
}

/// A value a person would write to build an object (a constructor's or a setup call's
/// argument): a small number (-1 to 16) or a constant of `pool`; other types as
/// [`random_value_in`]. Whole-range values there make objects no test needs (a capacity of
/// two billion allocates two billion slots, or loops to the step limit, on every run).
pub fn small_value_in(unit: &Unit, ty: &Type, pool: &Pool, rng: &mut Rng) -> Value {
    match ty {
        Type::Byte | Type::Short | Type::Int | Type::Long => {
            let (lo, hi) = ty.jtype().expect("integral").range();
            let v = if !pool.integers.is_empty() && rng.chance(1, 4) {
                pool.integers[rng.index(pool.integers.len())]
            } else {
                rng.below(18) as i64 - 1
            };
            Value::Prim(Kind::of(ty), v.clamp(lo, hi))
        }
        Type::Float | Type::Double => {
            let d = if !pool.doubles.is_empty() && rng.chance(1, 4) {
                pool.doubles[rng.index(pool.doubles.len())]
            } else {
                (rng.below(34) as f64 - 2.0) / 2.0
            };
            match ty {
                Type::Float => Value::Prim(Kind::Float, bits_f32(d as f32)),
                _ => Value::Prim(Kind::Double, bits_f64(d)),
            }
        }
        _ => random_value_in(unit, ty, pool, rng),
    }
}

/// How deep objects given to a run nest (an object whose constructor takes an object ...).
pub const OBJECT_DEPTH: u32 = 3;

fn value_in(unit: &Unit, ty: &Type, pool: &Pool, rng: &mut Rng, depth: u32) -> Value {
    match ty {
        Type::Variable(v) => value_in(unit, &v.erasure, pool, rng, depth),
        Type::Class(class) if unit.classes[class.id as usize].is_enum => {
            if rng.chance(1, 10) {
                return Value::Null;
            }
            let constants: Vec<&str> = unit.classes[class.id as usize]
                .fields
                .iter()
                .filter(|f| matches!(&f.init, Some(e) if matches!(e.kind, crate::program::reader::ir::ExprKind::EnumConstant { .. })))
                .map(|f| f.name.as_str())
                .collect();
            if constants.is_empty() {
                return Value::Null;
            }
            Value::Enum {
                class: class.clone(),
                name: constants[rng.index(constants.len())].into(),
            }
        }
        Type::Class(class)
            if unit.is_library(class.id) && !library_inputs::constructed(unit, class.id) =>
        {
            if depth == 0 && unit.unboxed(class.id).is_none() {
                return Value::Null;
            }
            let mut element =
                |t: &Type, rng: &mut Rng| value_in(unit, t, pool, rng, depth.saturating_sub(1));
            library_inputs::library_value(unit, class, rng, &mut element).unwrap_or(Value::Null)
        }
        Type::Class(_) | Type::Object => {
            if depth == 0 || rng.chance(1, 10) {
                return Value::Null;
            }
            // The class itself or one extending it, that can be instantiated.
            let kinds: Vec<u32> = (0..unit.classes.len() as u32)
                .filter(|&c| {
                    !unit.classes[c as usize].is_abstract
                        && !unit.classes[c as usize].is_enum
                        && !unit.classes[c as usize].is_closure
                        && unit.classes[c as usize].outer_instance.is_none()
                        && unit.classes[c as usize].local.is_none()
                        // The library's classes a test can build (a collection is
                        // given by its contents, above).
                        && (!unit.is_library(c)
                            || (*ty != Type::Object && library_inputs::constructed(unit, c)))
                        && (*ty == Type::Object
                            || ty.class() == Some(c)
                            || unit.ancestors(c).contains(&ty.class().unwrap_or(u32::MAX)))
                })
                .collect();
            if kinds.is_empty() {
                return Value::Null;
            }
            let chosen = kinds[rng.index(kinds.len())];
            let Type::Class(class) = &unit.class_type(chosen) else {
                unreachable!("a class type")
            };
            let info = &unit.classes[chosen as usize];
            let constructors: Vec<(u32, &crate::program::reader::ir::Method)> = info
                .methods
                .iter()
                .enumerate()
                .filter(|(_, m)| m.is_constructor && m.body.is_ok() && !m.is_private)
                .map(|(i, m)| (i as u32, m))
                .collect();
            let declares = info.methods.iter().any(|m| m.is_constructor);
            if constructors.is_empty() {
                return if declares {
                    Value::Null
                } else {
                    Value::New {
                        class: class.clone(),
                        constructor: None,
                        args: Vec::new(),
                    }
                };
            }
            let (index, m) = constructors[rng.index(constructors.len())];
            Value::New {
                class: class.clone(),
                constructor: Some(index),
                args: m
                    .params
                    .iter()
                    .map(|p| value_in(unit, p, pool, rng, depth - 1))
                    .collect(),
            }
        }
        Type::Array(elem) if elem.has_objects() => {
            if rng.chance(1, 20) {
                return Value::Null;
            }
            let n = rng.below(5) as usize;
            let items = (0..n)
                .map(|_| value_in(unit, elem, pool, rng, depth))
                .collect();
            Value::Array((**elem).clone(), items)
        }
        _ => random_value_near(ty, pool, rng),
    }
}

/// Argument lists next to `args` (for parameters `params`): each integral argument one up and
/// one down (within its type), each given the value of another argument of its type, each
/// boolean flipped. Boundary mutants (`<` for `<=`, `a + b` against `c`) are killed on such
/// edges, and a search's test already sits on one edge of the ones its mutant needs.
pub fn neighbours(params: &[Type], args: &[Value]) -> Vec<Vec<Value>> {
    let mut out = Vec::new();
    let mut with = |i: usize, v: Value| {
        if !v.same(&args[i]) {
            let mut next = args.to_vec();
            next[i] = v;
            out.push(next);
        }
    };
    for (i, (ty, arg)) in params.iter().zip(args).enumerate() {
        let Value::Prim(kind, v) = *arg else {
            continue;
        };
        if *ty == Type::Boolean {
            with(i, Value::Prim(kind, 1 - v));
            continue;
        }
        if !kind.is_integral() {
            continue;
        }
        let (lo, hi) = ty.jtype().expect("integral").range();
        for step in [1, -1] {
            if let Some(n) = v.checked_add(step).filter(|n| (lo..=hi).contains(n)) {
                with(i, Value::Prim(kind, n));
            }
        }
        for (j, other) in args.iter().enumerate() {
            if let (true, Value::Prim(k, w)) = (j != i && params[j] == *ty, other) {
                with(i, Value::Prim(*k, *w));
            }
        }
    }
    out
}
