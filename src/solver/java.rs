//! Java's primitive types and the semantics of its operators on them (JLS §4.2, §5.6, §15),
//! the single reference both the constraint evaluator and the propagators follow.
//!
//! Integral values of every type are carried in an `i64` that always lies in the type's range
//! (`char` as 0..=65535, `boolean` as 0 or 1); arithmetic wraps to the promoted type exactly as
//! the JVM does. `double` follows IEEE 754 with Java's casts (NaN to 0, saturation).

use std::cell::Cell;
use std::fmt;

thread_local! {
    /// The width of `int` on this thread: Java's 32 bits unless a test narrows it (see
    /// [`with_int_width`]).
    static INT_WIDTH: Cell<u32> = const { Cell::new(32) };
}

/// The width of `int` on this thread (32 but in tests that narrow it).
pub(crate) fn int_width() -> u32 {
    INT_WIDTH.with(|w| w.get())
}

/// Runs `f` with `int` narrowed to `bits` (2 to 32) on this thread: the whole solver (ranges,
/// wrap-around, shifts, linear congruences) then computes with a `bits`-wide `int`, so that
/// tests can check it against brute force over *whole* domains. Java's `int` is 32 bits; nothing
/// but tests changes it.
pub fn with_int_width<T>(bits: u32, f: impl FnOnce() -> T) -> T {
    assert!((2..=32).contains(&bits), "int width {bits}");
    struct Restore(u32);
    impl Drop for Restore {
        fn drop(&mut self) {
            INT_WIDTH.with(|w| w.set(self.0));
        }
    }
    let _restore = Restore(INT_WIDTH.with(|w| w.replace(bits)));
    f()
}

/// A shift distance as Java masks it: the low 6 bits for `long`, 5 for `int` (at a narrowed
/// test width, the distance modulo the width).
pub(crate) fn shift_distance(ty: JType, b: i64) -> u32 {
    if ty == JType::Long {
        (b & 63) as u32
    } else {
        b.rem_euclid(i64::from(int_width())) as u32
    }
}

/// A Java primitive type the solver knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum JType {
    Boolean,
    Byte,
    Short,
    Char,
    Int,
    Long,
    Double,
}

impl JType {
    /// The Java keyword.
    pub(crate) fn name(self) -> &'static str {
        match self {
            JType::Boolean => "boolean",
            JType::Byte => "byte",
            JType::Short => "short",
            JType::Char => "char",
            JType::Int => "int",
            JType::Long => "long",
            JType::Double => "double",
        }
    }

    pub(crate) fn from_name(name: &str) -> Option<JType> {
        Some(match name {
            "boolean" => JType::Boolean,
            "byte" => JType::Byte,
            "short" => JType::Short,
            "char" => JType::Char,
            "int" => JType::Int,
            "long" => JType::Long,
            "double" => JType::Double,
            _ => return None,
        })
    }

    /// Integral types (boolean excluded).
    pub(crate) fn is_integral(self) -> bool {
        matches!(
            self,
            JType::Byte | JType::Short | JType::Char | JType::Int | JType::Long
        )
    }

    pub fn is_numeric(self) -> bool {
        self.is_integral() || self == JType::Double
    }

    /// Whether values are carried as integers (`boolean` as 0/1 included).
    pub(crate) fn is_discrete(self) -> bool {
        self != JType::Double
    }

    /// The range of an integral (or boolean) type.
    pub fn range(self) -> (i64, i64) {
        match self {
            JType::Boolean => (0, 1),
            JType::Byte => (i8::MIN as i64, i8::MAX as i64),
            JType::Short => (i16::MIN as i64, i16::MAX as i64),
            JType::Char => (0, u16::MAX as i64),
            JType::Int => match int_width() {
                32 => (i32::MIN as i64, i32::MAX as i64),
                w => (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1),
            },
            JType::Long => (i64::MIN, i64::MAX),
            JType::Double => panic!("double has no integer range"),
        }
    }

    /// Unary numeric promotion (JLS §5.6): byte, short and char become int.
    pub(crate) fn promoted(self) -> JType {
        match self {
            JType::Byte | JType::Short | JType::Char => JType::Int,
            other => other,
        }
    }

    /// Binary numeric promotion (JLS §5.6): double, else long, else int.
    pub(crate) fn binary_promotion(a: JType, b: JType) -> JType {
        if a == JType::Double || b == JType::Double {
            JType::Double
        } else if a == JType::Long || b == JType::Long {
            JType::Long
        } else {
            JType::Int
        }
    }
}

impl fmt::Display for JType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value of some Java primitive type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// An integral or boolean value of the given type (in its range).
    Int(JType, i64),
    Double(f64),
}

impl Value {
    pub(crate) fn boolean(b: bool) -> Value {
        Value::Int(JType::Boolean, i64::from(b))
    }

    pub(crate) fn ty(self) -> JType {
        match self {
            Value::Int(ty, _) => ty,
            Value::Double(_) => JType::Double,
        }
    }

    /// The integer carried (booleans as 0/1); doubles are not integers.
    pub fn as_int(self) -> Option<i64> {
        match self {
            Value::Int(_, v) => Some(v),
            Value::Double(_) => None,
        }
    }

    pub(crate) fn as_bool(self) -> Option<bool> {
        match self {
            Value::Int(JType::Boolean, v) => Some(v != 0),
            _ => None,
        }
    }

    /// The value as a double (widening of an integral value, JLS §5.1.2).
    pub(crate) fn as_f64(self) -> f64 {
        match self {
            Value::Int(_, v) => v as f64,
            Value::Double(d) => d,
        }
    }
}

impl fmt::Display for Value {
    /// As a Java literal of its type would read (`char` as its code, `long` with `L`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Int(JType::Boolean, v) => write!(f, "{}", v != 0),
            Value::Int(JType::Long, v) => write!(f, "{v}L"),
            Value::Int(JType::Char, v) => match char::from_u32(v as u32) {
                Some(c) if c.is_ascii_graphic() && c != '\'' && c != '\\' => write!(f, "'{c}'"),
                _ => write!(f, "'\\u{v:04x}'"),
            },
            Value::Int(_, v) => write!(f, "{v}"),
            Value::Double(d) => write!(f, "{}", double_literal(d)),
        }
    }
}

/// A double as Java source text that reads back to the same value.
pub(crate) fn double_literal(d: f64) -> String {
    if d.is_nan() {
        "Double.NaN".to_string()
    } else if d == f64::INFINITY {
        "Double.POSITIVE_INFINITY".to_string()
    } else if d == f64::NEG_INFINITY {
        "Double.NEGATIVE_INFINITY".to_string()
    } else {
        // Rust's shortest round-trip form; make sure it reads as a double literal.
        let s = format!("{d:?}");
        if s.contains(['.', 'e', 'E']) {
            s
        } else {
            format!("{s}.0")
        }
    }
}

/// Narrows (or widens) an integer to an integral type with two's-complement wrap-around
/// (JLS §5.1.3): the low bits are kept.
pub fn wrap(ty: JType, v: i128) -> i64 {
    match ty {
        JType::Boolean => i64::from(v & 1 != 0),
        JType::Byte => v as i8 as i64,
        JType::Short => v as i16 as i64,
        JType::Char => v as u16 as i64,
        JType::Int => match int_width() {
            32 => v as i32 as i64,
            w => {
                let m = 1i128 << w;
                let r = v.rem_euclid(m);
                (if r >= m / 2 { r - m } else { r }) as i64
            }
        },
        JType::Long => v as i64,
        JType::Double => panic!("wrap is for integral types"),
    }
}

/// Casts a double to an integral type (JLS §5.1.3): NaN to 0, toward zero, saturating at the
/// bounds of `int` or `long`; narrower types go through `int`.
pub(crate) fn double_to_integral(ty: JType, d: f64) -> i64 {
    let through = match ty {
        JType::Long => JType::Long,
        _ => JType::Int,
    };
    let (lo, hi) = through.range();
    let v = if d.is_nan() {
        0
    } else if d <= lo as f64 {
        lo
    } else if d >= hi as f64 {
        hi
    } else {
        d.trunc() as i64
    };
    if through == ty {
        v
    } else {
        wrap(ty, v as i128)
    }
}

/// A cast of `v` to `ty` (numeric types only, or boolean to boolean).
pub(crate) fn cast(ty: JType, v: Value) -> Value {
    match (ty, v) {
        (JType::Double, v) => Value::Double(v.as_f64()),
        (ty, Value::Double(d)) => Value::Int(ty, double_to_integral(ty, d)),
        (ty, Value::Int(_, i)) => Value::Int(ty, wrap(ty, i as i128)),
    }
}

/// The binary operators of the constraint language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    And,
    Or,
    Xor,
    Shl,
    Shr,
    UShr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    /// `&&`, short-circuit.
    LogicalAnd,
    /// `||`, short-circuit.
    LogicalOr,
    Min,
    Max,
}

impl BinOp {
    pub(crate) fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::UShr => ">>>",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::LogicalAnd => "&&",
            BinOp::LogicalOr => "||",
            BinOp::Min => "Math.min",
            BinOp::Max => "Math.max",
        }
    }

    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne
        )
    }
}

/// The unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    Neg,
    /// `~`
    BitNot,
    /// `!`
    Not,
    Abs,
}

/// A Java runtime exception an expression can raise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Exception {
    #[error("java.lang.ArithmeticException: / by zero")]
    DivisionByZero,
}

/// Applies an arithmetic, bitwise or shift operator to two integers already promoted to `ty`
/// (for shifts, `ty` is the promoted left operand's type and `b` any integer).
pub(crate) fn integer_op(op: BinOp, ty: JType, a: i64, b: i64) -> Result<i64, Exception> {
    let (a128, b128) = (a as i128, b as i128);
    Ok(match op {
        BinOp::Add => wrap(ty, a128 + b128),
        BinOp::Sub => wrap(ty, a128 - b128),
        BinOp::Mul => wrap(ty, a128 * b128),
        // Truncating division; MIN / -1 overflows back to MIN, as on the JVM.
        BinOp::Div if b == 0 => return Err(Exception::DivisionByZero),
        BinOp::Div => wrap(ty, a128 / b128),
        BinOp::Rem if b == 0 => return Err(Exception::DivisionByZero),
        BinOp::Rem => wrap(ty, a128 % b128),
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Shl | BinOp::Shr | BinOp::UShr => {
            let s = shift_distance(ty, b);
            match op {
                BinOp::Shl => wrap(ty, (a as i128) << s),
                BinOp::Shr => a >> s,
                _ => {
                    let unsigned = if ty == JType::Long {
                        (a as u64) >> s
                    } else {
                        let mask = (1u64 << int_width()) - 1;
                        ((a as u64) & mask) >> s
                    };
                    wrap(ty, unsigned as i128)
                }
            }
        }
        BinOp::Min => a.min(b),
        BinOp::Max => a.max(b),
        _ => panic!("{op:?} is not an integer operator"),
    })
}

/// Applies an arithmetic operator to two doubles (IEEE 754, Java's `%` is `fmod`).
pub(crate) fn double_op(op: BinOp, a: f64, b: f64) -> f64 {
    match op {
        BinOp::Add => a + b,
        BinOp::Sub => a - b,
        BinOp::Mul => a * b,
        BinOp::Div => a / b,
        BinOp::Rem => a % b,
        // Math.min/max: NaN wins, and -0.0 is below 0.0 (equal values differ only in sign).
        BinOp::Min | BinOp::Max => {
            let min = op == BinOp::Min;
            if a.is_nan() || b.is_nan() {
                f64::NAN
            } else if a == b {
                if a.is_sign_negative() == min { a } else { b }
            } else if min {
                a.min(b)
            } else {
                a.max(b)
            }
        }
        _ => panic!("{op:?} is not a double operator"),
    }
}

/// A comparison of two numbers promoted to the same type (NaN compares false, except `!=`).
pub(crate) fn compare(op: BinOp, a: Value, b: Value) -> bool {
    match (a, b) {
        (Value::Int(_, x), Value::Int(_, y)) => match op {
            BinOp::Lt => x < y,
            BinOp::Le => x <= y,
            BinOp::Gt => x > y,
            BinOp::Ge => x >= y,
            BinOp::Eq => x == y,
            BinOp::Ne => x != y,
            _ => panic!("{op:?} is not a comparison"),
        },
        _ => {
            let (x, y) = (a.as_f64(), b.as_f64());
            match op {
                BinOp::Lt => x < y,
                BinOp::Le => x <= y,
                BinOp::Gt => x > y,
                BinOp::Ge => x >= y,
                BinOp::Eq => x == y,
                BinOp::Ne => x != y,
                _ => panic!("{op:?} is not a comparison"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_semantics_match_the_jvm() {
        let int = JType::Int;
        assert_eq!(
            integer_op(BinOp::Add, int, i32::MAX as i64, 1),
            Ok(i32::MIN as i64)
        );
        assert_eq!(integer_op(BinOp::Div, int, -7, 2), Ok(-3));
        assert_eq!(integer_op(BinOp::Rem, int, -7, 2), Ok(-1));
        assert_eq!(
            integer_op(BinOp::Div, int, i32::MIN as i64, -1),
            Ok(i32::MIN as i64)
        );
        assert_eq!(integer_op(BinOp::Rem, int, i32::MIN as i64, -1), Ok(0));
        assert_eq!(
            integer_op(BinOp::Div, int, 1, 0),
            Err(Exception::DivisionByZero)
        );
        assert_eq!(integer_op(BinOp::Shl, int, 1, 33), Ok(2));
        assert_eq!(integer_op(BinOp::UShr, int, -1, 28), Ok(15));
        assert_eq!(integer_op(BinOp::Shr, int, -16, 2), Ok(-4));
        assert_eq!(integer_op(BinOp::UShr, JType::Long, -1, 60), Ok(15));
        assert_eq!(integer_op(BinOp::Mul, JType::Long, i64::MAX, 2), Ok(-2));
        assert_eq!(
            integer_op(BinOp::Div, JType::Long, i64::MIN, -1),
            Ok(i64::MIN)
        );
    }

    #[test]
    fn casts_match_the_jvm() {
        assert_eq!(
            cast(JType::Byte, Value::Int(JType::Int, 200)),
            Value::Int(JType::Byte, -56)
        );
        assert_eq!(
            cast(JType::Char, Value::Int(JType::Int, -1)),
            Value::Int(JType::Char, 65535)
        );
        assert_eq!(
            cast(JType::Int, Value::Double(f64::NAN)),
            Value::Int(JType::Int, 0)
        );
        assert_eq!(
            cast(JType::Int, Value::Double(1e20)),
            Value::Int(JType::Int, i32::MAX as i64)
        );
        assert_eq!(
            cast(JType::Int, Value::Double(-2.7)),
            Value::Int(JType::Int, -2)
        );
        // Narrow types go through int: (byte) 300.0 is (byte) 300.
        assert_eq!(
            cast(JType::Byte, Value::Double(300.0)),
            Value::Int(JType::Byte, 44)
        );
        assert_eq!(
            cast(JType::Long, Value::Double(-1e30)),
            Value::Int(JType::Long, i64::MIN)
        );
    }

    #[test]
    fn doubles_print_as_java_literals() {
        assert_eq!(double_literal(1.0), "1.0");
        assert_eq!(double_literal(-0.0), "-0.0");
        assert_eq!(double_literal(1e300), "1e300");
        assert_eq!(double_literal(f64::NAN), "Double.NaN");
        assert_eq!(
            double_op(BinOp::Min, -0.0, 0.0).to_bits(),
            (-0.0f64).to_bits()
        );
    }
}
