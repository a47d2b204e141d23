//! `java.util.Formatter` as `String.format` and `printf` run it (JDK 17), on the conversions
//! units use: `%b %h %s %c %d %o %x %e %f %n %%` with their flags, widths and precisions,
//! and the exceptions the JDK raises for a bad specifier or argument. What roth does not
//! model (`%g`, `%a`, dates, argument indices, the `#` and `(` flags, `%x` of a
//! `BigInteger`, the decimal conversions of a `BigDecimal`) is reported as such, never
//! guessed.

use crate::program::reader::semantics::{Kind, f32_of, f64_of};
use crate::program::reader::text::{fixed_half_up, primitive_to_string, scientific_half_up};

/// A formatter's argument, as the run holds it.
#[derive(Clone, Debug)]
pub(crate) enum FormatArg {
    /// A primitive, or a box (its value: a box formats as its primitive does).
    Primitive(Kind, i64),
    /// A string, or `null`.
    Str(Option<String>),
    /// Any other object: its `toString()` where a `%s` reads it, its `hashCode()` in hex
    /// where a `%h` reads it (both computed by the caller, in Java).
    Object {
        text: Option<String>,
        hash: Option<String>,
        number: BigNumber,
    },
}

/// The objects the numeric conversions accept besides the boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BigNumber {
    No,
    /// A `BigInteger`: `%d` writes its `toString()`.
    Integer,
    Decimal,
}

/// Why a format gives no text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum FormatError {
    /// The exception the JDK throws (its class).
    Thrown(&'static str),
    /// What roth does not model: the run is not repeatable by roth.
    NotModelled(String),
}

const MISMATCH: &str = "java.util.IllegalFormatConversionException";
const FLAGS_MISMATCH: &str = "java.util.FormatFlagsConversionMismatchException";
const PRECISION: &str = "java.util.IllegalFormatPrecisionException";
const MISSING_WIDTH: &str = "java.util.MissingFormatWidthException";
const BAD_FLAGS: &str = "java.util.IllegalFormatFlagsException";

fn thrown<T>(class: &'static str) -> Result<T, FormatError> {
    Err(FormatError::Thrown(class))
}

fn not_modelled<T>(what: &str) -> Result<T, FormatError> {
    Err(FormatError::NotModelled(format!(
        "String.format with {what}, which roth does not model"
    )))
}

/// One `%[flags][width][.precision]conversion`, as the JDK parses it.
struct Specifier {
    flags: String,
    width: Option<usize>,
    precision: Option<usize>,
    conversion: char,
}

impl Specifier {
    fn has(&self, flag: char) -> bool {
        self.flags.contains(flag)
    }

    /// The checks the JDK makes when it parses the specifier (`Formatter.FormatSpecifier`),
    /// before any argument is read.
    fn check(&self) -> Result<(), FormatError> {
        let c = self.conversion.to_ascii_lowercase();
        if self.has('#') && !matches!(c, 'b' | 'h' | 'c' | 'd') {
            return not_modelled("the '#' flag");
        }
        if self.has('(') && matches!(c, 'd' | 'o' | 'x' | 'e' | 'f') {
            return not_modelled("the '(' flag");
        }
        let left = self.has('-');
        match c {
            'b' | 'h' | 's' => {
                if c != 's' && self.has('#') {
                    return thrown(FLAGS_MISMATCH);
                }
                if left && self.width.is_none() {
                    return thrown(MISSING_WIDTH);
                }
                if self.flags.chars().any(|f| "+ 0,(".contains(f)) {
                    return thrown(FLAGS_MISMATCH);
                }
            }
            'c' => {
                if self.precision.is_some() {
                    return thrown(PRECISION);
                }
                if self.flags.chars().any(|f| "#+ 0,(".contains(f)) {
                    return thrown(FLAGS_MISMATCH);
                }
                if left && self.width.is_none() {
                    return thrown(MISSING_WIDTH);
                }
            }
            _ => {
                if (left || self.has('0')) && self.width.is_none() {
                    return thrown(MISSING_WIDTH);
                }
                if (self.has('+') && self.has(' ')) || (left && self.has('0')) {
                    return thrown(BAD_FLAGS);
                }
                if matches!(c, 'd' | 'o' | 'x') && self.precision.is_some() {
                    return thrown(PRECISION);
                }
                if (c == 'd' && self.has('#')) || (matches!(c, 'o' | 'x' | 'e') && self.has(',')) {
                    return thrown(FLAGS_MISMATCH);
                }
            }
        }
        Ok(())
    }
}

/// The text `fmt` gives with `args`, or why there is none.
pub(crate) fn format(fmt: &str, args: &[FormatArg]) -> Result<String, FormatError> {
    // The JDK parses the whole format first: a bad specifier throws before any argument is
    // converted.
    let pieces = parse(fmt)?;
    let mut out = String::new();
    let mut next_arg = 0;
    for piece in pieces {
        let spec = match piece {
            Piece::Text(t) => {
                out.push_str(&t);
                continue;
            }
            Piece::Spec(s) => s,
        };
        let body = match spec.conversion {
            'n' => {
                out.push('\n');
                continue;
            }
            '%' => ("%".to_string(), false),
            _ => {
                let Some(arg) = args.get(next_arg) else {
                    return thrown("java.util.MissingFormatArgumentException");
                };
                next_arg += 1;
                convert_one(&spec, arg)?
            }
        };
        pad(&mut out, &spec, body);
    }
    Ok(out)
}

enum Piece {
    Text(String),
    Spec(Specifier),
}

fn parse(fmt: &str) -> Result<Vec<Piece>, FormatError> {
    let chars: Vec<char> = fmt.chars().collect();
    let mut pieces = Vec::new();
    let mut text = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if c != '%' {
            text.push(c);
            continue;
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(std::mem::take(&mut text)));
        }
        if chars.get(i) == Some(&'<') {
            return not_modelled("a relative argument index");
        }
        let mut flags = String::new();
        while i < chars.len() && "-#+ 0,(".contains(chars[i]) {
            if flags.contains(chars[i]) {
                return thrown("java.util.DuplicateFormatFlagsException");
            }
            flags.push(chars[i]);
            i += 1;
        }
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if chars.get(i) == Some(&'$') {
            return not_modelled("an argument index");
        }
        let width = digits(&chars[start..i])?;
        let mut precision = None;
        if chars.get(i) == Some(&'.') {
            i += 1;
            let s = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            if i == s {
                return thrown("java.util.UnknownFormatConversionException");
            }
            precision = digits(&chars[s..i])?;
        }
        let Some(&conversion) = chars.get(i) else {
            return thrown("java.util.UnknownFormatConversionException");
        };
        i += 1;
        match conversion {
            'b' | 'B' | 'h' | 'H' | 's' | 'S' | 'c' | 'C' | 'd' | 'o' | 'x' | 'X' | 'e' | 'E'
            | 'f' => {}
            'n' | '%' => {
                // `%n` takes nothing; `%%` only '-' with a width.
                if precision.is_some() {
                    return thrown(PRECISION);
                }
                if conversion == '%' && flags.chars().any(|f| f != '-') {
                    return thrown(BAD_FLAGS);
                }
                if conversion == '%' && flags.contains('-') && width.is_none() {
                    return thrown(MISSING_WIDTH);
                }
                if conversion == 'n' && width.is_some() {
                    return thrown("java.util.IllegalFormatWidthException");
                }
                if conversion == 'n' && !flags.is_empty() {
                    return thrown(BAD_FLAGS);
                }
            }
            'g' | 'G' | 'a' | 'A' | 't' | 'T' => {
                return not_modelled(&format!("the conversion %{conversion}"));
            }
            _ => return thrown("java.util.UnknownFormatConversionException"),
        }
        let spec = Specifier {
            flags,
            width,
            precision,
            conversion,
        };
        if !matches!(conversion, 'n' | '%') {
            spec.check()?;
        }
        pieces.push(Piece::Spec(spec));
    }
    if !text.is_empty() {
        pieces.push(Piece::Text(text));
    }
    Ok(pieces)
}

/// A width or a precision; one past an `int` is not modelled.
fn digits(d: &[char]) -> Result<Option<usize>, FormatError> {
    if d.is_empty() {
        return Ok(None);
    }
    match d.iter().collect::<String>().parse::<i32>() {
        Ok(n) => Ok(Some(n as usize)),
        Err(_) => not_modelled("a width or precision beyond an int"),
    }
}

/// Pads `body` to the specifier's width: zeros after the sign with `0` for a number
/// (`numeric`), spaces for anything else (`null`, `NaN`, `Infinity`).
fn pad(out: &mut String, spec: &Specifier, (body, numeric): (String, bool)) {
    let len = body.chars().count();
    match spec.width {
        Some(w) if len < w => {
            let pad = w - len;
            if spec.has('-') {
                out.push_str(&body);
                out.extend(std::iter::repeat_n(' ', pad));
            } else if spec.has('0') && numeric {
                let (sign, digits) = match body.strip_prefix(['-', '+', ' ']) {
                    Some(rest) => (&body[..1], rest),
                    None => ("", body.as_str()),
                };
                out.push_str(sign);
                out.extend(std::iter::repeat_n('0', pad));
                out.push_str(digits);
            } else {
                out.extend(std::iter::repeat_n(' ', pad));
                out.push_str(&body);
            }
        }
        _ => out.push_str(&body),
    }
}

fn group_thousands(digits: &str) -> String {
    let (sign, digits) = match digits.strip_prefix('-') {
        Some(d) => ("-", d),
        None => ("", digits),
    };
    let (int, frac) = match digits.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (digits, None),
    };
    let mut out = String::new();
    for (k, c) in int.chars().enumerate() {
        if k > 0 && (int.len() - k) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    let mut s = format!("{sign}{out}");
    if let Some(f) = frac {
        s.push('.');
        s.push_str(f);
    }
    s
}

fn with_sign_flags(s: String, spec: &Specifier) -> String {
    if s.starts_with('-') {
        s
    } else if spec.has('+') {
        format!("+{s}")
    } else if spec.has(' ') {
        format!(" {s}")
    } else {
        s
    }
}

/// The first `precision` chars of a text.
fn cut(s: String, precision: Option<usize>) -> String {
    match precision {
        Some(p) => s.chars().take(p).collect(),
        None => s,
    }
}

/// `hashCode()` of a primitive's box, or of a string.
fn hash_of(arg: &FormatArg) -> Option<i32> {
    Some(match arg {
        FormatArg::Primitive(k, v) => match k {
            Kind::Boolean => {
                if *v != 0 {
                    1231
                } else {
                    1237
                }
            }
            Kind::Long => (*v ^ ((*v as u64) >> 32) as i64) as i32,
            Kind::Float => f32_of(*v).to_bits() as i32,
            Kind::Double => {
                // `Double.hashCode` hashes `doubleToLongBits`: every NaN as the canonical one.
                let d = f64_of(*v);
                let bits = if d.is_nan() {
                    0x7ff8_0000_0000_0000
                } else {
                    d.to_bits()
                };
                (bits ^ (bits >> 32)) as i32
            }
            Kind::Char => *v as u16 as i32,
            _ => *v as i32,
        },
        FormatArg::Str(Some(s)) => s
            .encode_utf16()
            .fold(0i32, |h, u| h.wrapping_mul(31).wrapping_add(i32::from(u))),
        _ => return None,
    })
}

/// The argument's text, and whether it is a number (which zero padding applies to).
fn convert_one(spec: &Specifier, arg: &FormatArg) -> Result<(String, bool), FormatError> {
    let conversion = spec.conversion;
    let precision = spec.precision;
    let upper = conversion.is_ascii_uppercase();
    let s = match (conversion.to_ascii_lowercase(), arg) {
        ('s', FormatArg::Str(s)) => cut(s.clone().unwrap_or_else(|| "null".into()), precision),
        ('s', FormatArg::Primitive(k, v)) => cut(primitive_to_string(*k, *v), precision),
        ('s', FormatArg::Object { text, .. }) => match text {
            Some(t) => cut(t.clone(), precision),
            None => return not_modelled("an object's text it did not compute"),
        },
        ('b', FormatArg::Primitive(Kind::Boolean, v)) => cut((*v != 0).to_string(), precision),
        ('b', FormatArg::Str(s)) => cut(s.is_some().to_string(), precision),
        ('b', _) => cut("true".into(), precision),
        ('h', FormatArg::Object { hash, .. }) => match hash {
            Some(h) => cut(h.clone(), precision),
            None => return not_modelled("an object's hash code it did not compute"),
        },
        ('h', FormatArg::Str(None)) => cut("null".into(), precision),
        ('h', a) => cut(format!("{:x}", hash_of(a).unwrap_or(0) as u32), precision),
        (_, FormatArg::Str(None)) => "null".into(),
        ('d', FormatArg::Primitive(k, v)) if k.is_integral() && *k != Kind::Char => {
            let s = v.to_string();
            let s = if spec.has(',') {
                group_thousands(&s)
            } else {
                s
            };
            with_sign_flags(s, spec)
        }
        (
            'd',
            FormatArg::Object {
                text: Some(t),
                number: BigNumber::Integer,
                ..
            },
        ) => {
            let s = if spec.has(',') {
                group_thousands(t)
            } else {
                t.clone()
            };
            with_sign_flags(s, spec)
        }
        (
            'o' | 'x',
            FormatArg::Object {
                number: BigNumber::Integer,
                ..
            },
        )
        | (
            'e' | 'f',
            FormatArg::Object {
                number: BigNumber::Decimal,
                ..
            },
        ) => return not_modelled(&format!("%{conversion} of a big number")),
        ('x' | 'o', FormatArg::Primitive(k, v)) if k.is_integral() && *k != Kind::Char => {
            // Only a BigInteger takes a sign.
            if spec.has('+') || spec.has(' ') {
                return thrown(FLAGS_MISMATCH);
            }
            let bits = match k {
                Kind::Byte => (*v as u8) as u64,
                Kind::Short => (*v as u16) as u64,
                Kind::Int => (*v as u32) as u64,
                _ => *v as u64,
            };
            if conversion.eq_ignore_ascii_case(&'x') {
                format!("{bits:x}")
            } else {
                format!("{bits:o}")
            }
        }
        ('c', FormatArg::Primitive(Kind::Char | Kind::Byte | Kind::Short | Kind::Int, v)) => {
            // The code point of the value, which must be valid; a surrogate is a char of
            // its own in Java, which roth's text does not hold.
            match char::from_u32(*v as u32) {
                Some(c) if *v >= 0 => c.to_string(),
                _ if (0xd800..=0xdfff).contains(v) => {
                    return not_modelled("%c of a surrogate");
                }
                _ => return thrown("java.util.IllegalFormatCodePointException"),
            }
        }
        ('f' | 'e', FormatArg::Primitive(k @ (Kind::Float | Kind::Double), v)) => {
            let d = if *k == Kind::Float {
                f64::from(f32_of(*v))
            } else {
                f64_of(*v)
            };
            if d.is_nan() {
                "NaN".into()
            } else if d.is_infinite() {
                with_sign_flags(if d > 0.0 { "Infinity" } else { "-Infinity" }.into(), spec)
            } else {
                let p = precision.unwrap_or(6);
                let s = if conversion.eq_ignore_ascii_case(&'f') {
                    fixed_half_up(d, p)
                } else {
                    scientific_half_up(d, p)
                };
                let s = if spec.has(',') {
                    group_thousands(&s)
                } else {
                    s
                };
                with_sign_flags(s, spec)
            }
        }
        _ => return thrown(MISMATCH),
    };
    let numeric = matches!(conversion.to_ascii_lowercase(), 'd' | 'o' | 'x' | 'e' | 'f')
        && s.ends_with(|c: char| c.is_ascii_digit());
    Ok((if upper { s.to_uppercase() } else { s }, numeric))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::reader::semantics::{bits_f32, bits_f64};

    #[test]
    fn printf_follows_java_formatter() {
        let d = |x: f64| FormatArg::Primitive(Kind::Double, bits_f64(x));
        let i = |x: i64| FormatArg::Primitive(Kind::Int, x);
        assert_eq!(
            format("%d|%5d|%-5d|%05d", &[i(42), i(-7), i(3), i(-42)]).unwrap(),
            "42|   -7|3    |-0042"
        );
        assert_eq!(
            format("%.2f %f %.1f", &[d(0.125), d(1.0), d(0.15)]).unwrap(),
            "0.13 1.000000 0.2"
        );
        assert_eq!(format("%x %X", &[i(-1), i(255)]).unwrap(), "ffffffff FF");
        assert_eq!(
            format(
                "%c%s%n",
                &[FormatArg::Primitive(Kind::Char, 65), FormatArg::Str(None)]
            )
            .unwrap(),
            "Anull\n"
        );
        assert_eq!(format("%,d", &[i(1234567)]).unwrap(), "1,234,567");
        assert_eq!(
            format("%.3f", &[FormatArg::Primitive(Kind::Float, bits_f32(0.1))]).unwrap(),
            "0.100"
        );
        assert_eq!(
            format("%d", &[d(1.0)]),
            Err(FormatError::Thrown(
                "java.util.IllegalFormatConversionException"
            ))
        );
        assert_eq!(
            format("%d %d", &[i(1)]),
            Err(FormatError::Thrown(
                "java.util.MissingFormatArgumentException"
            ))
        );
        assert_eq!(
            format("%.0f %.2f", &[d(0.5), d(-0.001)]).unwrap(),
            "1 -0.00"
        );
    }

    #[test]
    fn objects_boxes_and_bad_specifiers_as_the_jdk() {
        let i = |x: i64| FormatArg::Primitive(Kind::Int, x);
        let d = |x: f64| FormatArg::Primitive(Kind::Double, bits_f64(x));
        let object = |t: &str| FormatArg::Object {
            text: Some(t.into()),
            hash: Some("1f".into()),
            number: BigNumber::No,
        };
        let thrown = |c: &'static str| Err(FormatError::Thrown(c));
        assert_eq!(
            format(
                "%s|%-6s|%.2S|%b|%h",
                &[
                    object("P1"),
                    object("ab"),
                    object("xyz"),
                    object("q"),
                    object("r")
                ]
            )
            .unwrap(),
            "P1|ab    |XY|true|1f"
        );
        assert_eq!(format("%d", &[object("P1")]), thrown(MISMATCH));
        let big = FormatArg::Object {
            text: Some("-1234567890123".into()),
            hash: None,
            number: BigNumber::Integer,
        };
        assert_eq!(format("%,d", &[big]).unwrap(), "-1,234,567,890,123");
        // Boxes' and strings' hash codes as `hashCode()` gives them.
        assert_eq!(
            format(
                "%h %h %H",
                &[
                    i(255),
                    FormatArg::Str(Some("ab".into())),
                    FormatArg::Primitive(Kind::Boolean, 1)
                ]
            )
            .unwrap(),
            "ff c21 4CF"
        );
        // Zero padding is for numbers only.
        assert_eq!(
            format("%08.2f|%05d", &[d(f64::NAN), FormatArg::Str(None)]).unwrap(),
            "     NaN| null"
        );
        assert_eq!(
            format("%--5d", &[i(1)]),
            thrown("java.util.DuplicateFormatFlagsException")
        );
        assert_eq!(format("%-.2d", &[i(1)]), thrown(MISSING_WIDTH));
        assert_eq!(format("%+s", &[i(1)]), thrown(FLAGS_MISMATCH));
        assert_eq!(format("%+x", &[i(1)]), thrown(FLAGS_MISMATCH));
        assert_eq!(
            format("%.d", &[i(1)]),
            thrown("java.util.UnknownFormatConversionException")
        );
        assert_eq!(
            format("%5n", &[]),
            thrown("java.util.IllegalFormatWidthException")
        );
        // The JDK parses the whole format first: a bad specifier late in it throws even when
        // an argument is missing before it.
        assert_eq!(
            format("%d %q", &[]),
            thrown("java.util.UnknownFormatConversionException")
        );
        for unmodelled in ["%g", "%1$s", "%<s", "%#x", "%(d", "%tY"] {
            assert!(
                matches!(
                    format(unmodelled, &[d(1.0)]),
                    Err(FormatError::NotModelled(_))
                ),
                "{unmodelled}"
            );
        }
    }

    /// `String.format` on one conversion of each kind the subset supports, with the JDK's
    /// output for the same format and arguments.
    #[test]
    fn printf_conversions_match_the_jdk() {
        let d = |x: f64| FormatArg::Primitive(Kind::Double, bits_f64(x));
        let i = |x: i64| FormatArg::Primitive(Kind::Int, x);
        let boolean = |b: bool| FormatArg::Primitive(Kind::Boolean, i64::from(b));
        let text = |s: &str| FormatArg::Str(Some(s.to_string()));
        assert_eq!(
            format(
                "[%d][%5d][%-5d][%05d][%x][%o][%s][%c][%b][%.2f][%10.3f][%e][%,d]",
                &[
                    i(42),
                    i(42),
                    i(42),
                    i(42),
                    i(255),
                    i(8),
                    text("hi"),
                    FormatArg::Primitive(Kind::Char, 'z' as i64),
                    boolean(true),
                    d(3.14659),
                    d(2.7185),
                    d(12345.678),
                    i(1234567),
                ]
            )
            .unwrap(),
            "[42][   42][42   ][00042][ff][10][hi][z][true][3.15][     2.719][1.234568e+04][1,234,567]"
        );
        assert_eq!(
            format(
                "[%o][%x][%e][%.3e][%b][%s][%10s][%-6s][%S][%,.2f][%+d][%E]",
                &[
                    i(-8),
                    i(-255),
                    d(0.0),
                    d(1.0),
                    boolean(false),
                    d(1.5),
                    text("ab"),
                    text("ab"),
                    text("ab"),
                    d(1234567.891),
                    i(5),
                    d(1e-10),
                ]
            )
            .unwrap(),
            "[37777777770][ffffff01][0.000000e+00][1.000e+00][false][1.5][        ab][ab    ][AB][1,234,567.89][+5][1.000000E-10]"
        );
        assert_eq!(
            format(
                "[%s][%s][%c][%10.3f][%-8.1f]",
                &[
                    FormatArg::Primitive(Kind::Char, 'c' as i64),
                    FormatArg::Primitive(Kind::Float, bits_f32(1.0 / 3.0)),
                    i(97),
                    d(-2.5),
                    d(0.05),
                ]
            )
            .unwrap(),
            "[c][0.33333334][a][    -2.500][0.1     ]"
        );
        assert_eq!(
            format("%-d", &[i(1)]),
            Err(FormatError::Thrown("java.util.MissingFormatWidthException"))
        );
        assert_eq!(
            format("%q", &[i(1)]),
            Err(FormatError::Thrown(
                "java.util.UnknownFormatConversionException"
            ))
        );
    }
}
