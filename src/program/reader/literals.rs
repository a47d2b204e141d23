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
