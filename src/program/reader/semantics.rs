//! Java's operators on the interpreter's 64-bit register words, one definition for the
//! constant folder of the front end and for the interpreter. Integer and `double` operators
//! are the solver's ([`crate::solver::java`]), so the solver, the folder and the interpreter
//! cannot disagree; `float` (which the solver does not model) follows IEEE 754 single
//! precision, as the JVM does since Java 17.

use crate::program::reader::ir::{BinaryOp, Type};
use crate::solver::java::{self as jsem, JType};

/// The longest array any test can pass or any run can make: HotSpot, since Java 8, refuses
/// `Integer.MAX_VALUE - 1` elements and more for every element type ("Requested array size
/// exceeds VM limit"; the JLS lets a VM set such a limit). The symbolic executor and the zones
/// take lengths from `0..=MAX_ARRAY_LENGTH`, so `a.length + 1` never wraps: a mutant told
/// apart only by an array of `Integer.MAX_VALUE` elements has no test on a real JVM.
pub(crate) const MAX_ARRAY_LENGTH: i64 = i32::MAX as i64 - 2;

/// How a value sits in a register word: integral values sign- (or, for `char`, zero-)
/// extended in range, `float` and `double` as their bits, references as heap handles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Boolean,
    Byte,
    Short,
    Char,
    Int,
    Long,
    Float,
    Double,
    Ref,
}

impl Kind {
    pub(crate) fn of(ty: &Type) -> Kind {
        match ty {
            Type::Boolean => Kind::Boolean,
            Type::Byte => Kind::Byte,
            Type::Short => Kind::Short,
            Type::Char => Kind::Char,
            Type::Int => Kind::Int,
            Type::Long => Kind::Long,
            Type::Float => Kind::Float,
            Type::Double => Kind::Double,
            _ => Kind::Ref,
        }
    }

    fn jtype(self) -> JType {
        match self {
            Kind::Boolean => JType::Boolean,
            Kind::Byte => JType::Byte,
            Kind::Short => JType::Short,
            Kind::Char => JType::Char,
            Kind::Int => JType::Int,
            Kind::Long => JType::Long,
            Kind::Float | Kind::Double | Kind::Ref => JType::Double,
        }
    }

    pub(crate) fn is_integral(self) -> bool {
        matches!(
            self,
            Kind::Byte | Kind::Short | Kind::Char | Kind::Int | Kind::Long
        )
    }
}

pub(crate) fn f32_of(bits: i64) -> f32 {
    f32::from_bits(bits as u32)
}

pub(crate) fn f64_of(bits: i64) -> f64 {
    f64::from_bits(bits as u64)
}

pub(crate) fn bits_f32(f: f32) -> i64 {
    i64::from(f.to_bits())
}

pub fn bits_f64(d: f64) -> i64 {
    d.to_bits() as i64
}

/// `ArithmeticException: / by zero`, the one exception an operator raises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DivisionByZero;

/// An arithmetic, bitwise or shift operator on operands of `kind` (the promoted type; for a
/// shift, the left operand's promoted type, the right operand any integer).
#[inline]
pub(crate) fn arith(op: BinaryOp, kind: Kind, a: i64, b: i64) -> Result<i64, DivisionByZero> {
    match kind {
        Kind::Int | Kind::Long => {
            jsem::integer_op(op.solver_op(), kind.jtype(), a, b).map_err(|_| DivisionByZero)
        }
        Kind::Double => Ok(bits_f64(jsem::double_op(
            op.solver_op(),
            f64_of(a),
            f64_of(b),
        ))),
        Kind::Float => {
            let (x, y) = (f32_of(a), f32_of(b));
            Ok(bits_f32(match op {
                BinaryOp::Add => x + y,
                BinaryOp::Sub => x - y,
                BinaryOp::Mul => x * y,
                BinaryOp::Div => x / y,
                BinaryOp::Rem => x % y,
                _ => panic!("{op:?} is not a float operator"),
            }))
        }
        // `&`, `|`, `^` on booleans.
        Kind::Boolean => Ok(match op {
            BinaryOp::And => a & b,
            BinaryOp::Or => a | b,
            BinaryOp::Xor => a ^ b,
            _ => panic!("{op:?} is not a boolean operator"),
        }),
        _ => panic!("{op:?} on {kind:?}"),
    }
}

/// A comparison of two operands of `kind` (references compare by identity): the solver's
/// comparison, floats widened to the doubles they equal (exact, order and NaN kept).
#[inline]
pub(crate) fn compare(op: BinaryOp, kind: Kind, a: i64, b: i64) -> bool {
    let value = |w: i64| match kind {
        Kind::Float => jsem::Value::Double(f64::from(f32_of(w))),
        Kind::Double => jsem::Value::Double(f64_of(w)),
        _ => jsem::Value::Int(JType::Long, w),
    };
    jsem::compare(op.solver_op(), value(a), value(b))
}

/// A primitive conversion (widening, narrowing, or both, JLS §5.1).
#[inline]
pub(crate) fn convert(from: Kind, to: Kind, v: i64) -> i64 {
    if from == to {
        return v;
    }
    match (from, to) {
        (_, Kind::Ref) | (Kind::Ref, _) | (Kind::Boolean, _) | (_, Kind::Boolean) => v,
        (Kind::Float, Kind::Double) => bits_f64(f64::from(f32_of(v))),
        (Kind::Double, Kind::Float) => bits_f32(f64_of(v) as f32),
        (Kind::Float, t) => jsem::double_to_integral(t.jtype(), f64::from(f32_of(v))),
        (Kind::Double, t) => jsem::double_to_integral(t.jtype(), f64_of(v)),
        // `as f32` / `as f64` round to nearest, ties to even, as Java does.
        (_, Kind::Float) => bits_f32(v as f32),
        (_, Kind::Double) => bits_f64(v as f64),
        (_, t) => jsem::wrap(t.jtype(), v as i128),
    }
}

/// `-x` on an operand of `kind` (already promoted).
#[inline]
pub(crate) fn negate(kind: Kind, v: i64) -> i64 {
    match kind {
        Kind::Float => bits_f32(-f32_of(v)),
        Kind::Double => bits_f64(-f64_of(v)),
        k => jsem::wrap(k.jtype(), -(v as i128)),
    }
}

/// `~x` on an integral operand (already promoted).
#[inline]
pub(crate) fn bit_not(v: i64) -> i64 {
    !v
}

/// Whether two words of `kind` hold the same value as JUnit's `assertEquals` sees it (doubles
/// and floats by their bits, so NaN equals NaN and 0.0 differs from -0.0).
pub(crate) fn same(kind: Kind, a: i64, b: i64) -> bool {
    match kind {
        Kind::Double => {
            let (x, y) = (f64_of(a), f64_of(b));
            (x.is_nan() && y.is_nan()) || a == b
        }
        Kind::Float => {
            let (x, y) = (f32_of(a), f32_of(b));
            (x.is_nan() && y.is_nan()) || a == b
        }
        _ => a == b,
    }
}
