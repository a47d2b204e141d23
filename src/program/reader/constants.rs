//! Constant expressions (JLS §15.29) folded with the interpreter's semantics: literals,
//! constant variables (`final` locals and fields initialised with constants), the library's
//! constant fields (`Integer.MAX_VALUE`, `Math.PI`), casts, unary and binary operators, string
//! concatenation and `?:`. The checker needs them for `javac`'s rules (narrowing of constants in
//! assignments, `while (true)`, `case` labels); the equivalence proofs and the symbolic executor
//! fold with the constants a checked unit records.

use std::sync::Arc;

use crate::program::reader::ir::*;
use crate::program::reader::semantics::{self as sem, Kind};
use crate::program::reader::statements::MethodChecker;

/// Classes whose constant fields a program may name (`Integer.MAX_VALUE`, `Math.PI`).
pub(super) fn library_constant(class: &str, field: &str) -> Option<Const> {
    Some(match (class, field) {
        ("Integer", "MAX_VALUE") => Const::Int(Type::Int, i32::MAX as i64),
        ("Integer", "MIN_VALUE") => Const::Int(Type::Int, i32::MIN as i64),
        ("Long", "MAX_VALUE") => Const::Int(Type::Long, i64::MAX),
        ("Long", "MIN_VALUE") => Const::Int(Type::Long, i64::MIN),
        ("Short", "MAX_VALUE") => Const::Int(Type::Short, i16::MAX as i64),
        ("Short", "MIN_VALUE") => Const::Int(Type::Short, i16::MIN as i64),
        ("Byte", "MAX_VALUE") => Const::Int(Type::Byte, i8::MAX as i64),
        ("Byte", "MIN_VALUE") => Const::Int(Type::Byte, i8::MIN as i64),
        ("Character", "MAX_VALUE") => Const::Int(Type::Char, 0xffff),
        ("Character", "MIN_VALUE") => Const::Int(Type::Char, 0),
        ("Double", "MAX_VALUE") => Const::Double(f64::MAX),
        ("Double", "MIN_VALUE") => Const::Double(f64::from_bits(1)),
        ("Double", "POSITIVE_INFINITY") => Const::Double(f64::INFINITY),
        ("Double", "NEGATIVE_INFINITY") => Const::Double(f64::NEG_INFINITY),
        ("Double", "NaN") => Const::Double(f64::NAN),
        ("Float", "MAX_VALUE") => Const::Float(f32::MAX),
        ("Float", "MIN_VALUE") => Const::Float(f32::from_bits(1)),
        ("Float", "POSITIVE_INFINITY") => Const::Float(f32::INFINITY),
        ("Float", "NEGATIVE_INFINITY") => Const::Float(f32::NEG_INFINITY),
        ("Float", "NaN") => Const::Float(f32::NAN),
        ("Math", "PI") => Const::Double(std::f64::consts::PI),
        ("Math", "E") => Const::Double(std::f64::consts::E),
        _ => return None,
    })
}

/// Folds `e`, an expression of `body` in `unit`, with the constant variables both declare
/// (the locals and fields a checked program marks constant).
pub(crate) fn fold_in(unit: &Unit, body: &Body, e: &Expr) -> Option<Const> {
    let local = |id: LocalId| body.locals.get(id.0 as usize)?.constant.clone();
    fold(e, &local, &|r| field_constant(unit, r))
}

/// Folds `e`, an expression of a class of `unit` outside any method (a field's initializer:
/// no locals), with the constant fields.
pub(crate) fn fold_in_class(unit: &Unit, e: &Expr) -> Option<Const> {
    fold(e, &|_| None, &|r| field_constant(unit, r))
}

fn field_constant(unit: &Unit, r: FieldRef) -> Option<Const> {
    unit.classes
        .get(r.class as usize)?
        .fields
        .get(r.field as usize)?
        .constant
        .clone()
}

/// Folds a constant expression (JLS §15.29) with the interpreter's semantics.
fn fold(
    e: &Expr,
    local_constant: &dyn Fn(LocalId) -> Option<Const>,
    field_constant: &dyn Fn(FieldRef) -> Option<Const>,
) -> Option<Const> {
    let f = |x: &Expr| fold(x, local_constant, field_constant);
    let from_bits = |ty: &Type, bits: i64| -> Const {
        match ty {
            Type::Float => Const::Float(sem::f32_of(bits)),
            Type::Double => Const::Double(sem::f64_of(bits)),
            t => Const::Int(t.clone(), bits),
        }
    };
    match &e.kind {
        ExprKind::Literal(c) => Some(c.clone()),
        ExprKind::Local(id) => local_constant(*id),
        ExprKind::Field(r) => field_constant(*r),
        ExprKind::Convert(inner) | ExprKind::Cast(inner) => {
            let c = f(inner)?;
            match (&c, &e.ty) {
                (Const::Str(_), Type::String) => Some(c),
                (Const::Str(_), _) => None,
                (_, Type::String) => {
                    let s = crate::program::reader::text::primitive_to_string(
                        Kind::of(&c.ty()),
                        c.bits()?,
                    );
                    Some(Const::Str(Arc::from(crate::program::reader::text::utf16(
                        &s,
                    ))))
                }
                (_, ty) if ty.is_primitive() => Some(from_bits(
                    ty,
                    sem::convert(Kind::of(&c.ty()), Kind::of(ty), c.bits()?),
                )),
                _ => None,
            }
        }
        ExprKind::Unary(op, inner) => {
            let c = f(inner)?;
            let k = Kind::of(&e.ty);
            let v = c.bits()?;
            Some(from_bits(
                &e.ty,
                match op {
                    UnaryOp::Neg => sem::negate(k, v),
                    UnaryOp::Plus => v,
                    UnaryOp::BitNot => sem::bit_not(v),
                    UnaryOp::Not => i64::from(v == 0),
                },
            ))
        }
        ExprKind::Binary {
            op,
            op_type,
            left,
            right,
        } => {
            let (a, b) = (f(left)?, f(right)?);
            let k = Kind::of(op_type);
            if *op == BinaryOp::CondAnd || *op == BinaryOp::CondOr {
                let (x, y) = (a.as_bool()?, b.as_bool()?);
                let v = if *op == BinaryOp::CondAnd {
                    x && y
                } else {
                    x || y
                };
                return Some(Const::Int(Type::Boolean, i64::from(v)));
            }
            if op.is_comparison() {
                if k == Kind::Ref {
                    return None;
                }
                let v = sem::compare(*op, k, a.bits()?, b.bits()?);
                return Some(Const::Int(Type::Boolean, i64::from(v)));
            }
            let v = sem::arith(*op, k, a.bits()?, b.bits()?).ok()?;
            Some(from_bits(&e.ty, v))
        }
        ExprKind::Concat(l, r) => {
            let to_units = |c: Const| -> Option<Vec<u16>> {
                match c {
                    Const::Str(s) => Some(s.to_vec()),
                    other => Some(crate::program::reader::text::utf16(
                        &crate::program::reader::text::primitive_to_string(
                            Kind::of(&other.ty()),
                            other.bits()?,
                        ),
                    )),
                }
            };
            let mut s = to_units(f(l)?)?;
            s.extend(to_units(f(r)?)?);
            Some(Const::Str(Arc::from(s)))
        }
        ExprKind::Conditional(c, a, b) => {
            let c = f(c)?.as_bool()?;
            let (x, y) = (f(a)?, f(b)?);
            Some(if c { x } else { y })
        }
        _ => None,
    }
}

impl<'f, 's, 't> MethodChecker<'f, 's, 't> {
    pub(super) fn constant(&self, e: &Expr) -> Option<Const> {
        let locals = &self.locals;
        let classes = &self.file.classes;
        fold(
            e,
            &|id| locals.get(id.0 as usize).and_then(|l| l.constant.clone()),
            &|r| {
                classes[r.class as usize].fields[r.field as usize]
                    .constant
                    .clone()
            },
        )
    }
}
