//! `Math.sin`, `cos`, `tan`, `exp`, `log`, `log10` and `pow` as HotSpot computes them on
//! x86_64. Unlike the rest of `Math` (which JDK 17 delegates to `StrictMath`'s fdlibm), these
//! are intrinsics: the interpreter and both compilers call stubs of Intel's libm, which round
//! differently from fdlibm in the last bit on 2% to 7% of inputs (measured on JDK 17.0.15:
//! sin 2.8%, cos 3.0%, tan 2.7%, exp 6.2%, log 2.1%, log10 7.0%, pow 2.2% of a mix of random
//! and boundary inputs). Reproducing Intel's table-driven algorithms bit for bit is out of
//! reach, but their results are nearly correctly rounded: on 400,000 inputs a function, none
//! was farther from the true value than half an ulp plus a small excess (sin 0.007 ulp, cos
//! 0.012, tan 0.065, exp 0.013, log 0.0001, log10 0.003, pow 0.004). So roth computes the true
//! value to 128 bits (`astro-float-num`) and answers the double nearest it when the true value
//! is farther than twice that excess from the midpoint of two doubles, where every result
//! within the measured error is that double; closer to a midpoint (and for results below the
//! normal range, where the stubs' error is not measured) it answers `None`, and the run ends
//! as unrepeatable. The margins are measured, not proved: `tests/roth/java/MathModels.java`
//! checks them against the JVM on hundreds of thousands of calls.

use std::cell::RefCell;

use astro_float_num::{BigFloat, Consts, RoundingMode};

use super::fdlibm;

/// The intrinsics of `Math` that do not delegate to `StrictMath`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Intrinsic {
    Sin,
    Cos,
    Tan,
    Exp,
    Log,
    Log10,
    Pow,
}

impl Intrinsic {
    /// How far beyond half an ulp HotSpot's result may be from the true value, in ulps: twice
    /// the largest excess measured (see the module's comment).
    fn margin(self) -> f64 {
        match self {
            Intrinsic::Sin => 0.015,
            Intrinsic::Cos => 0.025,
            Intrinsic::Tan => 0.13,
            Intrinsic::Exp => 0.026,
            Intrinsic::Log => 0.002,
            Intrinsic::Log10 => 0.006,
            Intrinsic::Pow => 0.01,
        }
    }
}

/// Bits of the true values computed: far more than a double's 53, so the error of the
/// computation is negligible beside the margins.
const PRECISION: usize = 128;

thread_local! {
    /// astro-float's cache of pi, e and the logarithms, kept between calls.
    static CONSTS: RefCell<Option<Consts>> = const { RefCell::new(None) };
}

/// HotSpot's `Math` value of `f` at `x` (and `y` for `pow`), or `None` where roth cannot
/// tell it from its neighbour.
pub(crate) fn intrinsic(f: Intrinsic, x: f64, y: f64) -> Option<f64> {
    // Java's specification fixes the special cases, and the stubs follow fdlibm's there (NaN
    // significands included), but for pow(±1, ±inf): the stub's NaN is the positive one.
    let strict = match f {
        Intrinsic::Sin => fdlibm::sin(x),
        Intrinsic::Cos => fdlibm::cos(x),
        Intrinsic::Tan => fdlibm::tan(x),
        Intrinsic::Exp => fdlibm::exp(x),
        Intrinsic::Log => fdlibm::log(x),
        Intrinsic::Log10 => fdlibm::log10(x),
        Intrinsic::Pow => fdlibm::pow(x, y),
    };
    if f == Intrinsic::Pow && y.is_infinite() && x.abs() == 1.0 {
        return Some(f64::from_bits(0x7ff8_0000_0000_0000));
    }
    let mut negate = false;
    match f {
        _ if !x.is_finite() || strict.is_nan() => return Some(strict),
        Intrinsic::Sin | Intrinsic::Tan | Intrinsic::Cos if x == 0.0 => return Some(strict),
        Intrinsic::Exp if x == 0.0 => return Some(strict),
        Intrinsic::Log | Intrinsic::Log10 if x == 0.0 || x == 1.0 => return Some(strict),
        Intrinsic::Pow => {
            if !y.is_finite() || x == 0.0 || y == 0.0 || x == 1.0 || y == 1.0 {
                return Some(strict);
            }
            // HotSpot's compiled code squares for pow(x, 2.0).
            if y == 2.0 {
                return Some(x * x);
            }
            // A negative base has an integral exponent here (else the result was NaN).
            negate = x < 0.0 && is_odd(y);
        }
        _ => {}
    }
    let wanted = CONSTS.with(|cell| {
        let mut cell = cell.borrow_mut();
        let consts = cell.get_or_insert_with(|| Consts::new().expect("the constants' cache"));
        true_value(f, x, y, consts)
    });
    let value = nearest(&wanted?, f.margin())?;
    Some(if negate { -value } else { value })
}

/// Whether an integral double is odd.
fn is_odd(y: f64) -> bool {
    y.abs() < 9007199254740992.0 && (y as i64) % 2 != 0
}

/// `x` exactly as a big float (astro-float reads a subnormal double wrongly, so it is scaled
/// into the normal range and back, exactly).
fn big(x: f64) -> BigFloat {
    if x != 0.0 && x.abs() < f64::MIN_POSITIVE {
        let scaled = BigFloat::from_f64(x * 18446744073709551616.0, PRECISION);
        let down = BigFloat::from_f64(1.0 / 18446744073709551616.0, PRECISION);
        return scaled.mul(&down, PRECISION, RoundingMode::None);
    }
    BigFloat::from_f64(x, PRECISION)
}

/// The value of `f` to [`PRECISION`] bits (of |x|^y for `pow`), or `None` when it is not a
/// finite number (the computation failed).
fn true_value(f: Intrinsic, x: f64, y: f64, cc: &mut Consts) -> Option<BigFloat> {
    let p = PRECISION;
    let rm = RoundingMode::ToEven;
    let a = big(x);
    let value = match f {
        Intrinsic::Sin => a.sin(p, rm, cc),
        Intrinsic::Cos => a.cos(p, rm, cc),
        Intrinsic::Tan => a.tan(p, rm, cc),
        // Beyond 710 and below -746 the result is infinite and zero (astro-float's exp of a
        // huge argument fails).
        Intrinsic::Exp if x > 710.0 => return Some(overflow()),
        Intrinsic::Exp if x < -746.0 => return Some(BigFloat::from_f64(0.0, p)),
        Intrinsic::Exp => a.exp(p, rm, cc),
        Intrinsic::Log => a.ln(p, rm, cc),
        Intrinsic::Log10 => a.log10(p, rm, cc),
        Intrinsic::Pow => {
            // |x|^y = exp(y ln|x|); the product is at most about 1100 in magnitude where the
            // result is neither infinite nor zero, so 128 bits of it leave some 115 for the
            // result.
            let logarithm = big(x.abs()).ln(p + 16, rm, cc);
            let product = logarithm.mul(&big(y), p + 16, rm);
            let bound = BigFloat::from_f64(1100.0, p);
            if product.abs_cmp(&bound).is_none_or(|c| c > 0) {
                // Far beyond overflow or below the least subnormal.
                return Some(if product.is_negative() {
                    BigFloat::from_f64(0.0, p)
                } else {
                    overflow()
                });
            }
            product.exp(p, rm, cc)
        }
    };
    (!value.is_nan() && !value.is_inf()).then_some(value)
}

/// A value beyond the doubles: 2^1026.
fn overflow() -> BigFloat {
    let p = PRECISION;
    BigFloat::from_f64(f64::MAX, p).mul(&BigFloat::from_f64(4.0, p), p, RoundingMode::ToEven)
}

/// The double nearest `t` when `t` is more than `margin` ulps from the midpoint of two
/// doubles (ties cannot arise), else `None`. Values below the normal range are answered only
/// when (within 2^-40 ulp) they are a double, and values below 2^-1076 are zero.
fn nearest(t: &BigFloat, margin: f64) -> Option<f64> {
    // (The functions' zeros were answered before: a zero here is an underflow of exp or
    // |x|^y, positive.)
    if t.is_zero() {
        return Some(0.0);
    }
    let (words, _, _, e, _) = t.as_raw_parts()?;
    let sign = if t.is_negative() { -1.0 } else { 1.0 };
    // t = 0.M * 2^e, with M's first 128 bits here, the top bit set.
    let top = *words.last()?;
    let next = if words.len() >= 2 {
        words[words.len() - 2]
    } else {
        0
    };
    let mantissa = (u128::from(top) << 64) | u128::from(next);
    // |t| < 2^-1076: below a quarter of the least subnormal.
    if e < -1076 {
        return Some(0.0);
    }
    // The bits of the double's significand: 53, fewer below the normal range.
    let keep = if e > -1022 { 53 } else { e + 1074 };
    if keep <= 0 {
        return None;
    }
    let drop = 128 - keep as u32;
    let kept = (mantissa >> drop) as u64;
    let rest = mantissa & ((1u128 << drop) - 1);
    let fraction = (rest >> (drop - 53)) as f64 / 9007199254740992.0;
    let subnormal = keep < 53;
    if subnormal && fraction > f64::powi(2.0, -40) && fraction < 1.0 - f64::powi(2.0, -40) {
        return None;
    }
    if (fraction - 0.5).abs() < margin {
        return None;
    }
    let rounded = kept + u64::from(fraction > 0.5);
    // Exact: `rounded` has at most 54 bits, a power of two when it has 54.
    Some(sign * libm::scalbn(rounded as f64, e - keep))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Special cases are the specification's, exact values are found, and a value near a
    /// midpoint is not answered.
    #[test]
    fn the_intrinsics_answer_exact_and_decided_values() {
        let is = |f, x, y, want: f64| {
            let got = intrinsic(f, x, y).expect("decided");
            assert_eq!(got.to_bits(), want.to_bits(), "{f:?}({x}, {y})");
        };
        is(Intrinsic::Sin, -0.0, 0.0, -0.0);
        is(Intrinsic::Cos, 0.0, 0.0, 1.0);
        is(Intrinsic::Exp, 0.0, 0.0, 1.0);
        is(Intrinsic::Exp, f64::NEG_INFINITY, 0.0, 0.0);
        is(Intrinsic::Exp, -1000.0, 0.0, 0.0);
        is(Intrinsic::Exp, 1000.0, 0.0, f64::INFINITY);
        is(Intrinsic::Log, 1.0, 0.0, 0.0);
        is(Intrinsic::Log, 0.0, 0.0, f64::NEG_INFINITY);
        is(Intrinsic::Log10, 1000.0, 0.0, 3.0);
        is(Intrinsic::Pow, 2.0, 10.0, 1024.0);
        is(Intrinsic::Pow, -2.0, 3.0, -8.0);
        is(Intrinsic::Pow, 2.0, -1074.0, f64::from_bits(1));
        is(Intrinsic::Pow, 3.0, 2.0, 9.0);
        is(Intrinsic::Pow, 10.0, -400.0, 0.0);
        // Math.exp(1) is e correctly rounded (StrictMath's is an ulp above).
        is(Intrinsic::Exp, 1.0, 0.0, std::f64::consts::E);
        assert_eq!(
            fdlibm::exp(1.0),
            f64::from_bits(std::f64::consts::E.to_bits() + 1)
        );
        // Java's NaNs: pow(1, inf) is the positive quiet NaN on the stub.
        assert_eq!(
            intrinsic(Intrinsic::Pow, 1.0, f64::INFINITY).map(f64::to_bits),
            Some(0x7ff8_0000_0000_0000)
        );
        assert!(intrinsic(Intrinsic::Log, -1.0, 0.0).is_some_and(f64::is_nan));
        // A true value at a midpoint, or near one, is not answered; a little farther it is.
        let one = big(1.0);
        let near = |ulps: f64| one.add(&big(ulps * f64::EPSILON), PRECISION, RoundingMode::None);
        assert_eq!(nearest(&near(0.5), 0.01), None);
        assert_eq!(nearest(&near(0.505), 0.01), None);
        assert_eq!(nearest(&near(0.52), 0.01), Some(1.0 + f64::EPSILON));
        assert_eq!(nearest(&near(0.48), 0.01), Some(1.0));
    }
}
