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
        ("Double", "MIN_NORMAL") => Const::Double(f64::MIN_POSITIVE),
        ("Double", "MAX_EXPONENT") => Const::Int(Type::Int, 1023),
        ("Double", "MIN_EXPONENT") => Const::Int(Type::Int, -1022),
        ("Float", "MAX_VALUE") => Const::Float(f32::MAX),
        ("Float", "MIN_VALUE") => Const::Float(f32::from_bits(1)),
        ("Float", "POSITIVE_INFINITY") => Const::Float(f32::INFINITY),
        ("Float", "NEGATIVE_INFINITY") => Const::Float(f32::NEG_INFINITY),
        ("Float", "NaN") => Const::Float(f32::NAN),
        ("Float", "MIN_NORMAL") => Const::Float(f32::MIN_POSITIVE),
        ("Float", "MAX_EXPONENT") => Const::Int(Type::Int, 127),
        ("Float", "MIN_EXPONENT") => Const::Int(Type::Int, -126),
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

/// Folds `e` when it is built of literals alone: what the interpreter computes once, as
/// javac does (a folded `0.0 / 0.0` is the canonical NaN, a computed one on x86 is not).
pub(crate) fn fold_literals(e: &Expr) -> Option<Const> {
    fold(e, &|_| None, &|_| None)
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
    // A class file holds a constant's bits as `doubleToLongBits` gives them: javac's folded
    // NaN is the canonical one, whatever bits the arithmetic made (0.0 / 0.0 on x86 sets
    // the sign).
    let from_bits = |ty: &Type, bits: i64| -> Const {
        match ty {
            Type::Float if sem::f32_of(bits).is_nan() => Const::Float(f32::NAN),
            Type::Double if sem::f64_of(bits).is_nan() => Const::Double(f64::NAN),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::reader::load;
    use crate::program::reader::text::utf16;

    /// The folded value of each field of the one class in `fields` (a class body), by name.
    fn field_constants(fields: &str) -> Vec<(String, Option<Const>)> {
        let source = format!("class K {{\n{fields}\n}}\n");
        let unit = load("K.java", &source).expect("the class checks");
        unit.classes[0]
            .fields
            .iter()
            .map(|f| (f.name.clone(), f.constant.clone()))
            .collect()
    }

    fn constant_of(fields: &[(String, Option<Const>)], name: &str) -> Option<Const> {
        fields
            .iter()
            .find(|(n, _)| n == name)
            .unwrap_or_else(|| panic!("no field {name}"))
            .1
            .clone()
    }

    fn int(v: i64) -> Option<Const> {
        Some(Const::Int(Type::Int, v))
    }

    fn string(s: &str) -> Option<Const> {
        Some(Const::Str(Arc::from(utf16(s))))
    }

    /// Integer arithmetic wraps, divides towards zero and masks shift counts (JLS §15.17.2,
    /// §15.18.2, §15.19); the values are `javac`'s (and the JVM's) for the same fields.
    #[test]
    fn integer_constants_follow_java_arithmetic() {
        let f = field_constants(
            "static final int WRAP = Integer.MAX_VALUE + 1;
             static final int QUOTIENT = -7 / 2;
             static final int REMAINDER = -7 % 2;
             static final int SHIFT_INT = 1 << 33;
             static final long SHIFT_LONG = 1L << 65;
             static final int SIGNED = -16 >> 2;
             static final int UNSIGNED = -16 >>> 28;
             static final int OVERFLOW = Integer.MIN_VALUE / -1;
             static final int RADIXES = 0x7fff_ffff + 0b101 + 017;",
        );
        assert_eq!(constant_of(&f, "WRAP"), int(-2147483648));
        assert_eq!(constant_of(&f, "QUOTIENT"), int(-3));
        assert_eq!(constant_of(&f, "REMAINDER"), int(-1));
        // 33 & 31 = 1 and 65 & 63 = 1.
        assert_eq!(constant_of(&f, "SHIFT_INT"), int(2));
        assert_eq!(
            constant_of(&f, "SHIFT_LONG"),
            Some(Const::Int(Type::Long, 2))
        );
        assert_eq!(constant_of(&f, "SIGNED"), int(-4));
        assert_eq!(constant_of(&f, "UNSIGNED"), int(15));
        assert_eq!(constant_of(&f, "OVERFLOW"), int(-2147483648));
        assert_eq!(constant_of(&f, "RADIXES"), int(-2147483629));
    }

    /// Binary numeric promotion: an `int * int` wraps in 32 bits before the assignment widens
    /// it, an `L` operand makes the product 64-bit; casts narrow by truncation.
    #[test]
    fn promotion_and_casts_follow_the_operand_types() {
        let f = field_constants(
            "static final long INT_PRODUCT = 1000000 * 1000000;
             static final long LONG_PRODUCT = 1000000L * 1000000;
             static final double MIXED = 7 / 2 * 2.0;
             static final char LETTER = (char) ('a' + 2);
             static final byte BYTE = (byte) 200;
             static final short SHORT = (short) 70000;
             static final double NEGATIVE_ZERO = -0.0 * 1;",
        );
        assert_eq!(
            constant_of(&f, "INT_PRODUCT"),
            Some(Const::Int(Type::Long, -727379968))
        );
        assert_eq!(
            constant_of(&f, "LONG_PRODUCT"),
            Some(Const::Int(Type::Long, 1_000_000_000_000))
        );
        assert_eq!(constant_of(&f, "MIXED"), Some(Const::Double(6.0)));
        assert_eq!(
            constant_of(&f, "LETTER"),
            Some(Const::Int(Type::Char, 'c' as i64))
        );
        assert_eq!(constant_of(&f, "BYTE"), Some(Const::Int(Type::Byte, -56)));
        assert_eq!(
            constant_of(&f, "SHORT"),
            Some(Const::Int(Type::Short, 4464))
        );
        match constant_of(&f, "NEGATIVE_ZERO") {
            Some(Const::Double(d)) => assert_eq!(d.to_bits(), (-0.0f64).to_bits()),
            other => panic!("NEGATIVE_ZERO folded to {other:?}"),
        }
    }

    /// String concatenation of constants is a constant, each operand converted as
    /// `String.valueOf` would (JLS §15.18.1); `'a' + 1` before any string is an `int`.
    #[test]
    fn concatenation_of_constants_is_a_constant() {
        let f = field_constants(
            "static final String MIXED = \"a\" + 'b' + 1.0 + 2 + 'c';
             static final String CHAR_FIRST = 'a' + 1 + \"x\";
             static final String NUMBERS = \"\" + 1.0f / 3 + 0.1 + true + 1e7 + 100L;
             static final String OF_CONSTANT = \"n=\" + Integer.MIN_VALUE;",
        );
        assert_eq!(constant_of(&f, "MIXED"), string("ab1.02c"));
        assert_eq!(constant_of(&f, "CHAR_FIRST"), string("98x"));
        assert_eq!(
            constant_of(&f, "NUMBERS"),
            string("0.333333340.1true1.0E7100")
        );
        assert_eq!(constant_of(&f, "OF_CONSTANT"), string("n=-2147483648"));
    }

    /// `?:`, `&&` and comparisons of constants fold; a constant field names another.
    #[test]
    fn conditionals_and_named_constants_fold() {
        let f = field_constants(
            "static final int BASE = 40;
             static final int CHOSEN = 3 > 2 ? BASE + 2 : 20;
             static final String WORD = BASE < 0 ? \"negative\" : \"not negative\";
             static final boolean BOTH = BASE == 40 && !(1.5 > 2);",
        );
        assert_eq!(constant_of(&f, "CHOSEN"), int(42));
        assert_eq!(constant_of(&f, "WORD"), string("not negative"));
        assert_eq!(constant_of(&f, "BOTH"), Some(Const::Int(Type::Boolean, 1)));
    }

    /// What is not a constant (JLS §4.12.4, §15.29): a field that is not `final`, a `final`
    /// field initialised by a method call or by a non-constant field, and a `final` array.
    #[test]
    fn non_constants_do_not_fold() {
        let f = field_constants(
            "static int mutable = 1;
             static final int FROM_MUTABLE = mutable + 1;
             static final int FROM_CALL = Math.abs(-3);
             static final int[] ARRAY = {1, 2};
             static int two() { return 2; }
             static final int FROM_METHOD = two();",
        );
        assert_eq!(constant_of(&f, "mutable"), None);
        assert_eq!(constant_of(&f, "FROM_MUTABLE"), None);
        assert_eq!(constant_of(&f, "FROM_CALL"), None);
        assert_eq!(constant_of(&f, "ARRAY"), None);
        assert_eq!(constant_of(&f, "FROM_METHOD"), None);
    }

    /// Locals: a `final` local with a constant initializer is a constant variable, a plain
    /// local or a parameter is not, even when its value is known; [`fold_in`] folds a method's
    /// expression with exactly those.
    #[test]
    fn final_locals_are_constants_and_plain_locals_are_not() {
        let source = "class K {
            static int f(int p) {
                final int k = 6 * 7;
                int n = 5;
                final int fromPlain = n + 1;
                final int fromFinal = k + 1;
                final int fromParam = p;
                return k + fromFinal;
            }
            static int g() {
                int n = 5;
                return n + 1;
            }
        }";
        let unit = load("K.java", source).unwrap();
        let body = |m: usize| unit.classes[0].methods[m].body.as_ref().unwrap();
        let local = |name: &str| {
            body(0)
                .locals
                .iter()
                .find(|l| l.name == name)
                .unwrap()
                .constant
                .clone()
        };
        assert_eq!(local("k"), int(42));
        assert_eq!(local("n"), None);
        assert_eq!(local("fromPlain"), None);
        assert_eq!(local("fromFinal"), int(43));
        assert_eq!(local("fromParam"), None);
        assert_eq!(local("p"), None);
        let returned = |m: usize| match &body(m).stmts.last().unwrap().kind {
            StmtKind::Return(Some(e)) => e.clone(),
            other => panic!("last statement {other:?}"),
        };
        assert_eq!(fold_in(&unit, body(0), &returned(0)), int(85));
        assert_eq!(fold_in(&unit, body(1), &returned(1)), None);
    }

    /// The narrowing of constants in assignments (JLS §5.2) is what makes the difference
    /// visible to `javac`: `byte b = k;` checks when `k` is a constant in range, and not when
    /// `k` is a plain local or the constant is out of range.
    #[test]
    fn only_constants_in_range_narrow_in_assignments() {
        let check = |statements: &str| {
            let source = format!("class K {{ static void f() {{ {statements} }} }}");
            let unit = load("K.java", &source).unwrap();
            unit.classes[0].methods[0]
                .body
                .as_ref()
                .map(|_| ())
                .map_err(|d| d.message.clone())
        };
        assert_eq!(check("final int k = 100; byte b = k;"), Ok(()));
        let lossy = Err("incompatible types: possible lossy conversion from int to byte".into());
        assert_eq!(check("int k = 100; byte b = k;"), lossy);
        assert_eq!(check("final int k = 200; byte b = k;"), lossy);
        assert_eq!(check("char c = 65535; short s = 'a';"), Ok(()));
    }

    #[test]
    fn library_constants_have_their_documented_values() {
        assert_eq!(
            library_constant("Character", "MAX_VALUE"),
            Some(Const::Int(Type::Char, 65535))
        );
        assert_eq!(
            library_constant("Long", "MIN_VALUE"),
            Some(Const::Int(Type::Long, -9223372036854775808))
        );
        assert_eq!(
            library_constant("Double", "MIN_VALUE"),
            Some(Const::Double(4.9e-324))
        );
        assert_eq!(
            library_constant("Float", "MAX_VALUE"),
            Some(Const::Float(3.4028235e38))
        );
        assert_eq!(library_constant("Integer", "SIZE"), None);
        assert_eq!(library_constant("Math", "TAU"), None);
    }
}
