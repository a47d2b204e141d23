//! Java's text conversions: `String.valueOf` of every primitive (`Double.toString` and
//! `Float.toString` included), string literals, and `printf`'s format conversions.

use crate::program::reader::semantics::{Kind, f32_of, f64_of};

/// The shortest decimal digits and exponent of a finite, non-zero value as Rust's `{:e}`
/// prints them (`d.ddde±x`): digits without the point and the exponent of the first digit.
fn shortest(formatted: &str) -> (Vec<u8>, i32) {
    let (mantissa, exponent) = formatted.split_once('e').expect("exponent form");
    let digits: Vec<u8> = mantissa
        .bytes()
        .filter(|b| b.is_ascii_digit())
        .map(|b| b - b'0')
        .collect();
    (digits, exponent.parse().expect("an exponent"))
}

/// Java's layout of a decimal `0.d1d2... × 10^(exponent+1)`: plain between 10^-3 and 10^7,
/// computerized scientific notation otherwise, always with a digit after the point.
fn java_layout(negative: bool, digits: &[u8], exponent: i32) -> String {
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    let d = |i: usize| char::from(b'0' + digits.get(i).copied().unwrap_or(0));
    if (-3..7).contains(&exponent) {
        if exponent < 0 {
            out.push_str("0.");
            for _ in 0..(-exponent - 1) {
                out.push('0');
            }
            for i in 0..digits.len() {
                out.push(d(i));
            }
        } else {
            let int_len = exponent as usize + 1;
            for i in 0..int_len {
                out.push(d(i));
            }
            out.push('.');
            if digits.len() > int_len {
                for i in int_len..digits.len() {
                    out.push(d(i));
                }
            } else {
                out.push('0');
            }
        }
    } else {
        out.push(d(0));
        out.push('.');
        if digits.len() > 1 {
            for i in 1..digits.len() {
                out.push(d(i));
            }
        } else {
            out.push('0');
        }
        out.push('E');
        out.push_str(&exponent.to_string());
    }
    out
}

/// The digits Java prints for a finite non-zero magnitude (Java 19+, JDK-4511638): the shortest
/// decimals that read back to the value (two digits when one would do), and among those the
/// one closest to the exact value, ties to an even last digit. `shortest` is Rust's shortest
/// round-trip form; `exact(p)` formats with `p` digits after the first, rounded half to even
/// on the exact binary value; `reads_back` parses a candidate.
fn java_digits_of(
    shortest: &str,
    exact: &dyn Fn(usize) -> String,
    reads_back: &dyn Fn(&str) -> bool,
) -> (Vec<u8>, i32) {
    let (digits, exponent) = self::shortest(shortest);
    let n = digits.len().max(2);
    let closest = exact(n - 1);
    let (mut digits, mut exponent) = if reads_back(&closest) {
        self::shortest(&closest)
    } else {
        (digits, exponent)
    };
    while digits.len() > 1 && digits.last() == Some(&0) {
        digits.pop();
    }
    if digits.is_empty() {
        exponent = 0;
        digits.push(0);
    }
    (digits, exponent)
}

/// `Double.toString(d)`.
pub(crate) fn double_to_string(d: f64) -> String {
    if d.is_nan() {
        return "NaN".into();
    }
    if d.is_infinite() {
        return if d > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if d == 0.0 {
        return if d.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    let x = d.abs();
    let (digits, exponent) = java_digits_of(&format!("{x:e}"), &|p| format!("{x:.p$e}"), &|s| {
        s.parse::<f64>().is_ok_and(|v| v == x)
    });
    java_layout(d < 0.0, &digits, exponent)
}

/// `Float.toString(f)`, the same rules at single precision.
pub(crate) fn float_to_string(f: f32) -> String {
    if f.is_nan() {
        return "NaN".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "Infinity" } else { "-Infinity" }.into();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0" } else { "0.0" }.into();
    }
    let x = f.abs();
    let (digits, exponent) = java_digits_of(&format!("{x:e}"), &|p| format!("{x:.p$e}"), &|s| {
        s.parse::<f32>().is_ok_and(|v| v == x)
    });
    java_layout(f < 0.0, &digits, exponent)
}

/// `String.valueOf` of a primitive register word.
pub fn primitive_to_string(kind: Kind, v: i64) -> String {
    match kind {
        Kind::Boolean => if v != 0 { "true" } else { "false" }.into(),
        Kind::Char => char::from_u32(v as u32)
            .map(String::from)
            .unwrap_or_else(|| "\u{fffd}".into()),
        Kind::Float => float_to_string(f32_of(v)),
        Kind::Double => double_to_string(f64_of(v)),
        _ => v.to_string(),
    }
}

/// UTF-16 code units of a Rust string.
pub fn utf16(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

/// A Java string as Rust text (unpaired surrogates become U+FFFD).
pub(crate) fn from_utf16(units: &[u16]) -> String {
    String::from_utf16_lossy(units)
}

/// A Java string literal for `units`, escaped so that it reads back the same.
pub fn string_literal(units: &[u16]) -> String {
    let mut out = String::from("\"");
    for &u in units {
        push_escaped(&mut out, u, '"');
    }
    out.push('"');
    out
}

/// A Java char literal.
pub fn char_literal(u: u16) -> String {
    let mut out = String::from("'");
    push_escaped(&mut out, u, '\'');
    out.push('\'');
    out
}

fn push_escaped(out: &mut String, u: u16, quote: char) {
    match u {
        0x08 => out.push_str("\\b"),
        0x09 => out.push_str("\\t"),
        0x0a => out.push_str("\\n"),
        0x0c => out.push_str("\\f"),
        0x0d => out.push_str("\\r"),
        0x5c => out.push_str("\\\\"),
        _ if u == quote as u16 => {
            out.push('\\');
            out.push(quote);
        }
        0x20..=0x7e => out.push(char::from(u as u8)),
        _ => out.push_str(&format!("\\u{u:04x}")),
    }
}

/// The decimal digits Java's formatter starts from (those of `Double.toString`), as an
/// integer digit string and a decimal exponent: value = 0.DIGITS × 10^point.
fn java_digits(d: f64) -> (Vec<u8>, i32) {
    if d == 0.0 {
        return (vec![0], 1);
    }
    let s = double_to_string(d.abs());
    let (mantissa, exp) = match s.split_once('E') {
        Some((m, e)) => (m.to_string(), e.parse::<i32>().expect("exponent")),
        None => (s.clone(), 0),
    };
    let (int, frac) = mantissa.split_once('.').expect("a point");
    let mut digits: Vec<u8> = int.bytes().chain(frac.bytes()).map(|b| b - b'0').collect();
    let mut point = int.len() as i32 + exp;
    while digits.len() > 1 && digits[0] == 0 {
        digits.remove(0);
        point -= 1;
    }
    (digits, point)
}

/// Rounds digits (value 0.DIGITS × 10^point) half up to `keep` digits; may carry.
fn round_half_up(mut digits: Vec<u8>, mut point: i32, keep: i64) -> (Vec<u8>, i32) {
    if keep < 0 {
        return (vec![0], point);
    }
    let keep = keep as usize;
    if digits.len() > keep {
        let up = digits[keep] >= 5;
        digits.truncate(keep);
        if up {
            let mut i = keep;
            loop {
                if i == 0 {
                    digits.insert(0, 1);
                    point += 1;
                    break;
                }
                i -= 1;
                if digits[i] == 9 {
                    digits[i] = 0;
                } else {
                    digits[i] += 1;
                    break;
                }
            }
        }
    }
    (digits, point)
}

/// `%.pf`: Java rounds the shortest decimal representation half up.
pub(crate) fn fixed_half_up(d: f64, precision: usize) -> String {
    let negative = d.is_sign_negative();
    let (digits, point) = java_digits(d);
    let keep = point as i64 + precision as i64;
    let (digits, point) = round_half_up(digits, point, keep);
    let digit = |i: i64| -> char {
        if i < 0 || i as usize >= digits.len() {
            '0'
        } else {
            char::from(b'0' + digits[i as usize])
        }
    };
    let mut out = String::new();
    if point <= 0 {
        out.push('0');
    } else {
        for i in 0..point as i64 {
            out.push(digit(i));
        }
    }
    if precision > 0 {
        out.push('.');
        for k in 0..precision as i64 {
            out.push(digit(point as i64 + k));
        }
    }
    // Java keeps the sign of a negative value that rounds to zero (and of -0.0).
    if negative { format!("-{out}") } else { out }
}

/// `%.pe`.
pub(crate) fn scientific_half_up(d: f64, precision: usize) -> String {
    let negative = d.is_sign_negative();
    let (digits, point) = java_digits(d);
    let (digits, point) = if d == 0.0 {
        (vec![0], 1)
    } else {
        round_half_up(digits, point, precision as i64 + 1)
    };
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    out.push(char::from(b'0' + digits[0]));
    if precision > 0 {
        out.push('.');
        for k in 1..=precision {
            out.push(char::from(b'0' + digits.get(k).copied().unwrap_or(0)));
        }
    }
    let e = if d == 0.0 { 0 } else { point - 1 };
    out.push_str(&format!("e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs()));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::reader::semantics::bits_f32;

    #[test]
    fn doubles_print_as_java_does() {
        for (d, s) in [
            (1.0, "1.0"),
            (0.1, "0.1"),
            (100.0, "100.0"),
            (1e7, "1.0E7"),
            (1.2345e-5, "1.2345E-5"),
            (0.001, "0.001"),
            (1234567.0, "1234567.0"),
            (f64::MIN_POSITIVE * f64::EPSILON, "4.9E-324"),
            (f64::MAX, "1.7976931348623157E308"),
            (-0.0, "-0.0"),
            (2e23, "2.0E23"),
            (1.0 / 3.0, "0.3333333333333333"),
        ] {
            assert_eq!(double_to_string(d), s, "{d:e}");
        }
        assert_eq!(float_to_string(0.1), "0.1");
        // Two shortest candidates, equally close: the even one.
        assert_eq!(float_to_string(f32::from_bits(0x4a7f_55b5)), "4183405.2");
        assert_eq!(float_to_string(f32::from_bits(0x4548_1080)), "3201.0312");
        assert_eq!(float_to_string(1.0e10), "1.0E10");
        assert_eq!(float_to_string(f32::MIN_POSITIVE * f32::EPSILON), "1.4E-45");
    }

    /// `Double.toString` and `Float.toString` on values whose JDK output is documented or
    /// well known (each string checked against `java` 17 and 25).
    #[test]
    fn to_string_matches_the_jdk() {
        for (d, s) in [
            (1.0e-5, "1.0E-5"),
            (1.0e-4, "1.0E-4"),
            (0.001, "0.001"),
            (100.0, "100.0"),
            (9_999_999.0, "9999999.0"),
            (1.0e7, "1.0E7"),
            (12_345_678.9, "1.23456789E7"),
            (0.0, "0.0"),
            (0.1 + 0.2, "0.30000000000000004"),
            (f64::from_bits(1), "4.9E-324"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "Infinity"),
            (f64::NEG_INFINITY, "-Infinity"),
        ] {
            assert_eq!(double_to_string(d), s, "{d:e}");
        }
        for (f, s) in [
            (1.1f32, "1.1"),
            (16_777_217.0, "1.6777216E7"),
            (1.0e-5, "1.0E-5"),
            (100.0, "100.0"),
            (1.0e7, "1.0E7"),
            (0.001, "0.001"),
            (0.1 + 0.2, "0.3"),
            (f32::MAX, "3.4028235E38"),
            (-0.0, "-0.0"),
            (f32::NAN, "NaN"),
        ] {
            assert_eq!(float_to_string(f), s, "{f:e}");
        }
        // `String.valueOf` of the other primitives, through the interpreter's words.
        assert_eq!(primitive_to_string(Kind::Char, 97), "a");
        assert_eq!(primitive_to_string(Kind::Boolean, 1), "true");
        assert_eq!(
            primitive_to_string(Kind::Long, i64::MIN),
            "-9223372036854775808"
        );
        assert_eq!(
            primitive_to_string(Kind::Float, bits_f32(1.0 / 3.0)),
            "0.33333334"
        );
    }
}
