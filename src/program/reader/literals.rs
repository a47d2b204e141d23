//! Java's literals decoded as `javac` reads them (JLS §3.10): integer literals in their four
//! radixes with underscores and the `L` suffix, and the escapes of character and string
//! literals (octal escapes, `\uXXXX` with repeated `u`s, `\s`). Floating-point literals are
//! read by the expression checker with Rust's own correctly rounded parser.

use crate::program::reader::ir::*;

pub(super) fn parse_int_literal(text: &str) -> Option<(Type, u64, bool)> {
    // (type, magnitude as written, decimal?)
    let t: String = text.chars().filter(|c| *c != '_').collect();
    let (body, long) = match t.strip_suffix(['l', 'L']) {
        Some(b) => (b.to_string(), true),
        None => (t.clone(), false),
    };
    let (digits, radix) = if let Some(h) = body.strip_prefix("0x").or(body.strip_prefix("0X")) {
        (h.to_string(), 16)
    } else if let Some(b) = body.strip_prefix("0b").or(body.strip_prefix("0B")) {
        (b.to_string(), 2)
    } else if body.len() > 1 && body.starts_with('0') {
        (body[1..].to_string(), 8)
    } else {
        (body.clone(), 10)
    };
    let v = u64::from_str_radix(&digits, radix).ok()?;
    Some((if long { Type::Long } else { Type::Int }, v, radix == 10))
}

/// Decodes the escapes of a char or string literal's inside.
pub(super) fn unescape(inner: &str) -> Option<Vec<u16>> {
    let mut out = Vec::new();
    let chars: Vec<char> = inner.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c != '\\' {
            let mut buf = [0u16; 2];
            out.extend_from_slice(c.encode_utf16(&mut buf));
            i += 1;
            continue;
        }
        i += 1;
        let e = *chars.get(i)?;
        i += 1;
        match e {
            'b' => out.push(8),
            't' => out.push(9),
            'n' => out.push(10),
            'f' => out.push(12),
            'r' => out.push(13),
            's' => out.push(32),
            '"' => out.push(34),
            '\'' => out.push(39),
            '\\' => out.push(92),
            'u' => {
                while chars.get(i) == Some(&'u') {
                    i += 1;
                }
                let hex: String = chars.get(i..i + 4)?.iter().collect();
                out.push(u16::from_str_radix(&hex, 16).ok()?);
                i += 4;
            }
            '0'..='7' => {
                let mut v = e.to_digit(8)?;
                let max_len = if e <= '3' { 3 } else { 2 };
                let mut len = 1;
                while len < max_len {
                    match chars.get(i).and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            i += 1;
                            len += 1;
                        }
                        None => break,
                    }
                }
                out.push(v as u16);
            }
            _ => return None,
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Type, magnitude as written and whether decimal, for literals whose values `javac`
    /// documents (JLS §3.10.1).
    #[test]
    fn integer_literals_in_every_radix() {
        for (text, expected) in [
            ("0", (Type::Int, 0, true)),
            ("42", (Type::Int, 42, true)),
            ("1_000_000", (Type::Int, 1_000_000, true)),
            ("0x7fffffff", (Type::Int, 0x7fff_ffff, false)),
            ("0XFFFF_FFFF", (Type::Int, 0xffff_ffff, false)),
            ("0b1010", (Type::Int, 10, false)),
            ("0B1111_0000", (Type::Int, 240, false)),
            ("017", (Type::Int, 15, false)),
            ("0_17", (Type::Int, 15, false)),
            ("2147483648", (Type::Int, 2_147_483_648, true)),
            ("100L", (Type::Long, 100, true)),
            ("0x7fffffffffffffffL", (Type::Long, i64::MAX as u64, false)),
            ("0x8000000000000000l", (Type::Long, 1 << 63, false)),
            ("9223372036854775808L", (Type::Long, 1 << 63, true)),
        ] {
            assert_eq!(parse_int_literal(text), Some(expected), "{text}");
        }
        // Digits outside the radix, and magnitudes past 64 bits.
        assert_eq!(parse_int_literal("0b102"), None);
        assert_eq!(parse_int_literal("09"), None);
        assert_eq!(parse_int_literal("0x1_0000_0000_0000_0000L"), None);
    }

    fn units(s: &str) -> Vec<u16> {
        s.encode_utf16().collect()
    }

    /// Escape sequences (JLS §3.10.7) and Unicode escapes (JLS §3.3) decoded to UTF-16.
    #[test]
    fn escapes_decode_to_utf16_code_units() {
        for (inside, expected) in [
            ("plain", units("plain")),
            (r#"\t\"\\"#, vec![9, 34, 92]),
            (r"\b\n\f\r\s\'", vec![8, 10, 12, 13, 32, 39]),
            (r"\u0041", vec![65]),
            (r"\uuu0041", vec![65]),
            (r"\uFFFF", vec![0xffff]),
            (r"\101", vec![65]),
            (r"\0", vec![0]),
            (r"\377", vec![255]),
            // An octal escape starting above 3 takes two digits at most: `\40` then `0`.
            (r"\400", vec![32, 48]),
            (r"\7a", vec![7, 97]),
            ("é", vec![0xe9]),
            ("😀", vec![0xd83d, 0xde00]),
        ] {
            assert_eq!(unescape(inside), Some(expected), "{inside}");
        }
        assert_eq!(unescape(r"\q"), None);
        assert_eq!(unescape(r"\u004"), None);
        assert_eq!(unescape(r"\u00g1"), None);
        assert_eq!(unescape("\\"), None);
    }
}
