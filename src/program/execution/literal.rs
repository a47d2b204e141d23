//! Java literals as inputs: the arguments of `roth exec` (`3`, `-7L`, `'a'`, `true`,
//! `"text"`, `2.5`, `null`, arrays as `{1, 2, 3}`, objects as constructor calls,
//! `new Point(1, 2)`, collections and maps as Java prints them, `[1, 2]` and `{"a"=1}`),
//! read against the type they are given for.

use std::sync::Arc;

use crate::program::execution::interp::{Value, View};
use crate::program::reader::ir::{ClassType, Type, Unit};
use crate::program::reader::semantics::{Kind, bits_f32, bits_f64};

/// Reads `text` as a value of type `ty` (primitives, strings and arrays of them).
pub fn parse_value(text: &str, ty: &Type) -> Result<Value, String> {
    parse(None, text, ty)
}

/// Reads `text` as a value of type `ty`, where objects of `unit`'s classes are written as
/// calls of their constructors.
pub fn parse_value_in(unit: &Unit, text: &str, ty: &Type) -> Result<Value, String> {
    parse(Some(unit), text, ty)
}

fn parse(unit: Option<&Unit>, text: &str, ty: &Type) -> Result<Value, String> {
    let mut p = Reader {
        chars: text.chars().collect(),
        pos: 0,
        unit,
    };
    let v = p.value(ty)?;
    p.skip_space();
    if p.pos < p.chars.len() {
        return Err(format!(
            "unexpected `{}` after the value in `{text}`",
            p.chars[p.pos..].iter().collect::<String>()
        ));
    }
    Ok(v)
}

struct Reader<'u> {
    chars: Vec<char>,
    pos: usize,
    unit: Option<&'u Unit>,
}

impl Reader<'_> {
    fn skip_space(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn value(&mut self, ty: &Type) -> Result<Value, String> {
        self.skip_space();
        if self.rest_starts_with("null") {
            self.pos += 4;
            return if ty.is_reference() {
                Ok(Value::Null)
            } else {
                Err(format!("null is not a {ty}"))
            };
        }
        match ty {
            Type::Array(elem) => {
                // `new int[] {1, 2}` as Java writes an array, or just `{1, 2}`.
                if self.rest_starts_with("new") {
                    self.pos += 3;
                    let written = ty.to_string();
                    self.skip_space();
                    let mut seen = String::new();
                    while seen.len() < written.len()
                        && let Some(c) = self.peek()
                    {
                        if !c.is_whitespace() {
                            seen.push(c);
                        }
                        self.pos += 1;
                    }
                    if seen != written {
                        return Err(format!("expected `new {written} {{...}}` for {ty}"));
                    }
                    self.skip_space();
                }
                if self.peek() != Some('{') {
                    return Err(format!("expected an array `{{...}}` for {ty}"));
                }
                self.pos += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_space();
                    if self.peek() == Some('}') {
                        self.pos += 1;
                        break;
                    }
                    items.push(self.value(elem)?);
                    self.skip_space();
                    match self.peek() {
                        Some(',') => self.pos += 1,
                        Some('}') => {
                            self.pos += 1;
                            break;
                        }
                        _ => return Err(format!("expected `,` or `}}` in an array of {elem}")),
                    }
                }
                Ok(Value::Array((**elem).clone(), items))
            }
            Type::String => {
                if self.peek() != Some('"') {
                    return Err("expected a string literal in double quotes".into());
                }
                let units = self.quoted('"')?;
                Ok(Value::Str(Arc::from(units)))
            }
            Type::Char => {
                if self.peek() == Some('\'') {
                    let units = self.quoted('\'')?;
                    return match units.as_slice() {
                        [u] => Ok(Value::Prim(Kind::Char, i64::from(*u))),
                        _ => Err("a char literal holds one character".into()),
                    };
                }
                let n = self.integer()?;
                if !(0..=0xffff).contains(&n) {
                    return Err(format!("{n} is not a char"));
                }
                Ok(Value::Prim(Kind::Char, n as i64))
            }
            Type::Boolean => {
                for (word, v) in [("true", 1), ("false", 0)] {
                    if self.rest_starts_with(word) {
                        self.pos += word.len();
                        return Ok(Value::Prim(Kind::Boolean, v));
                    }
                }
                Err("expected true or false".into())
            }
            Type::Float | Type::Double => {
                let word = self.word();
                let clean = word.trim_end_matches(['f', 'F', 'd', 'D']);
                let d: f64 = match clean {
                    "NaN" | "Double.NaN" | "Float.NaN" => f64::NAN,
                    "Infinity" | "Double.POSITIVE_INFINITY" | "Float.POSITIVE_INFINITY" => {
                        f64::INFINITY
                    }
                    "-Infinity" | "Double.NEGATIVE_INFINITY" | "Float.NEGATIVE_INFINITY" => {
                        f64::NEG_INFINITY
                    }
                    _ => {
                        if *ty == Type::Float {
                            let f: f32 = clean
                                .parse()
                                .map_err(|_| format!("`{word}` is not a {ty}"))?;
                            return Ok(Value::Prim(Kind::Float, bits_f32(f)));
                        }
                        clean
                            .parse()
                            .map_err(|_| format!("`{word}` is not a {ty}"))?
                    }
                };
                Ok(if *ty == Type::Float {
                    Value::Prim(Kind::Float, bits_f32(d as f32))
                } else {
                    Value::Prim(Kind::Double, bits_f64(d))
                })
            }
            Type::Byte | Type::Short | Type::Int | Type::Long => {
                if self.peek() == Some('\'') {
                    let units = self.quoted('\'')?;
                    if let [u] = units.as_slice() {
                        return Ok(Value::Prim(Kind::of(ty), i64::from(*u)));
                    }
                }
                let n = self.integer()?;
                let (lo, hi) = ty.jtype().expect("integral").range();
                if n < lo as i128 || n > hi as i128 {
                    return Err(format!("{n} is out of range for {ty}"));
                }
                Ok(Value::Prim(Kind::of(ty), n as i64))
            }
            Type::Class(class) if matches!(self.peek(), Some('[' | '{')) => self.collection(class),
            Type::Class(class)
                if self
                    .unit
                    .is_some_and(|u| u.classes[class.id as usize].is_enum) =>
            {
                self.enum_constant(class)
            }
            // A box takes the literal of the value it holds.
            Type::Class(class) if self.unit.and_then(|u| u.unboxed(class.id)).is_some() => {
                let primitive = self.unit.and_then(|u| u.unboxed(class.id)).expect("a box");
                self.value(&primitive)
            }
            // An interface or abstract class a box implements (`Comparable`, `Number`): a
            // literal is boxed, an object made by its class.
            Type::Class(class)
                if !self.rest_starts_with("new")
                    && self
                        .unit
                        .is_some_and(|u| u.classes[class.id as usize].is_abstract) =>
            {
                self.any()
            }
            Type::Class(class) => self.object(class),
            // A type variable takes what its erasure takes.
            Type::Variable(v) if *v.erasure != Type::Object => self.value(&v.erasure),
            Type::Object | Type::Variable(_) => self.any(),
            _ => Err(format!("values of type {ty} cannot be given")),
        }
    }

    /// A value for an `Object` (or a type variable erased to it): its type told by how it is
    /// written (a string literal, `new C(...)` of any class).
    fn any(&mut self) -> Result<Value, String> {
        match self.peek() {
            Some('"') => self.value(&Type::String),
            // Boxed as Java boxes a literal: `1` an Integer, `1L` a Long, `'a'` a Character,
            // `1.5` a Double, `1.5f` a Float, `true` a Boolean.
            Some('\'') => self.value(&Type::Char),
            Some(c) if c.is_ascii_digit() || c == '-' || c == '.' => {
                let save = self.pos;
                let word = self.word();
                self.pos = save;
                let lower = word.to_ascii_lowercase();
                let is_hex = lower.trim_start_matches('-').starts_with("0x");
                let ty = if lower.ends_with('l') {
                    Type::Long
                } else if lower.ends_with('f') && !is_hex {
                    Type::Float
                } else if (lower.ends_with('d') && !is_hex)
                    || lower.contains('.')
                    || (!is_hex && lower.contains('e'))
                    || lower.contains("infinity")
                    || lower.contains("nan")
                {
                    Type::Double
                } else {
                    Type::Int
                };
                self.value(&ty)
            }
            _ if self.rest_starts_with("true") || self.rest_starts_with("false") => {
                self.value(&Type::Boolean)
            }
            _ if self.rest_starts_with("new") => {
                let unit = self.unit.ok_or("values of type Object cannot be given")?;
                let save = self.pos;
                self.pos += 3;
                self.skip_space();
                let name = self.word();
                self.pos = save;
                let class = (0..unit.classes.len() as u32)
                    .find(|&c| unit.source_name(c) == name || unit.classes[c as usize].name == name)
                    .ok_or_else(|| format!("no class {name} to make"))?;
                match unit.class_type(class) {
                    Type::Class(c) => self.object(&c),
                    _ => unreachable!("a class type"),
                }
            }
            _ => Err(
                "values of type Object are given as a string literal, `new C(...)` or null".into(),
            ),
        }
    }

    /// A collection as Java prints it, `[1, 2, 3]`, or a map, `{"a"=1, "b"=2}`, with its
    /// elements (keys, values) written as literals of their types: made as the usual class
    /// of the type (an `ArrayList` for a `List`, a `HashMap` for a `Map`) and filled in order.
    fn collection(&mut self, class: &ClassType) -> Result<Value, String> {
        let unit = self.unit.ok_or("collections cannot be given here")?;
        let Some(made) = crate::program::execution::collection_types::made_for(unit, class) else {
            return Err(format!(
                "expected `new {}(...)` or null for {}",
                class.name, class.name
            ));
        };
        let Some(made_class) = made.class.clone() else {
            return Err(format!("{} is not read with this file", class.name));
        };
        let is_map = made.view == View::Map;
        let (open, close) = if is_map { ('{', '}') } else { ('[', ']') };
        if self.peek() != Some(open) {
            let example = if is_map { "{k=v, ...}" } else { "[a, b, ...]" };
            return Err(format!("expected `{example}` for {}", class.name));
        }
        self.pos += 1;
        let mut items = Vec::new();
        loop {
            self.skip_space();
            if self.peek() == Some(close) && (items.is_empty() || !is_map) {
                self.pos += 1;
                break;
            }
            let first = self.value(&made.items[0])?;
            if made.no_nulls && first == Value::Null {
                return Err(format!("{} holds no null elements", made_class.name));
            }
            items.push(first);
            if is_map {
                self.skip_space();
                if self.peek() != Some('=') {
                    return Err("expected `=` between a key and its value".into());
                }
                self.pos += 1;
                items.push(self.value(&made.items[1])?);
            }
            self.skip_space();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some(c) if c == close => {
                    self.pos += 1;
                    break;
                }
                _ => return Err(format!("expected `,` or `{close}` in {}", class.name)),
            }
        }
        Ok(Value::Content {
            class: made_class,
            view: made.view,
            items,
        })
    }

    /// An enum's constant: `NAME`, or qualified by the enum's name (`Coin.DIME`).
    fn enum_constant(&mut self, class: &ClassType) -> Result<Value, String> {
        let unit = self.unit.expect("an enum of a unit");
        let word = self.word();
        let name = word.rsplit('.').next().unwrap_or(&word);
        let info = &unit.classes[class.id as usize];
        let is_constant = info.fields.iter().any(|f| {
            f.name == name
                && matches!(&f.init, Some(e) if matches!(e.kind, crate::program::reader::ir::ExprKind::EnumConstant { .. }))
        });
        if !is_constant {
            return Err(format!(
                "expected a constant of {}, got `{word}`",
                class.name
            ));
        }
        Ok(Value::Enum {
            class: class.clone(),
            name: name.into(),
        })
    }

    /// `new C(args)`: the constructor whose parameters read the arguments, the most specific
    /// when several do (as `javac` chooses).
    fn object(&mut self, class: &ClassType) -> Result<Value, String> {
        let Some(unit) = self.unit else {
            return Err(format!("values of type {} cannot be given", class.name));
        };
        if !self.rest_starts_with("new") {
            return Err(format!(
                "expected `new {}(...)` or null for {}",
                class.name, class.name
            ));
        }
        self.pos += 3;
        self.skip_space();
        let name = self.word();
        // The class named by its qualified name (`Outer.Inner`) or, as a convenience, its
        // simple one: the expected class or one extending it.
        let named = (0..unit.classes.len() as u32).find(|&c| {
            let source = unit.source_name(c);
            (source == name || unit.classes[c as usize].name == name)
                && (c == class.id || unit.ancestors(c).contains(&class.id))
        });
        let Some(named) = named else {
            return Err(format!("expected a {}, got `new {name}`", class.name));
        };
        if unit.classes[named as usize].is_abstract {
            return Err(format!("{name} is abstract; cannot be instantiated"));
        }
        let class = &match unit.class_type(named) {
            Type::Class(c) => c,
            _ => unreachable!("a class type"),
        };
        self.skip_space();
        // Type arguments (`new Box<Integer>(1)`, `new Box<>(1)`) are not needed to make it.
        if self.peek() == Some('<') {
            let mut depth = 0;
            while let Some(c) = self.peek() {
                self.pos += 1;
                match c {
                    '<' => depth += 1,
                    '>' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            self.skip_space();
        }
        if self.peek() != Some('(') {
            return Err(format!("expected `(` after `new {name}`"));
        }
        // The arguments' texts, split at the top level.
        let start = self.pos + 1;
        let mut depth = 0;
        let mut quote = None;
        let mut end = None;
        for i in self.pos..self.chars.len() {
            let c = self.chars[i];
            match (quote, c) {
                (Some(q), c) if c == q && self.chars[i - 1] != '\\' => quote = None,
                (Some(_), _) => {}
                (None, '"' | '\'') => quote = Some(c),
                (None, '(' | '{') => depth += 1,
                (None, ')' | '}') => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(end) = end else {
            return Err(format!("`new {name}(` is not closed"));
        };
        let inner: String = self.chars[start..end].iter().collect();
        self.pos = end + 1;
        let texts = if inner.trim().is_empty() {
            Vec::new()
        } else {
            split_top_level(&inner)
        };
        let info = &unit.classes[class.id as usize];
        let constructors: Vec<(u32, &crate::program::reader::ir::Method)> = info
            .methods
            .iter()
            .enumerate()
            .filter(|(_, m)| m.is_constructor)
            .map(|(i, m)| (i as u32, m))
            .collect();
        if constructors.is_empty() {
            if texts.is_empty() {
                return Ok(Value::New {
                    class: class.clone(),
                    constructor: None,
                    args: Vec::new(),
                });
            }
            return Err(format!(
                "{name} has only its default constructor, without parameters"
            ));
        }
        let mut fitting: Vec<(u32, &crate::program::reader::ir::Method, Vec<Value>)> = Vec::new();
        let mut last_error = None;
        for (index, c) in constructors {
            if c.params.len() != texts.len() {
                continue;
            }
            let values: Result<Vec<Value>, String> = texts
                .iter()
                .zip(&c.params)
                .map(|(text, ty)| parse(self.unit, text, ty))
                .collect();
            match values {
                Ok(values) => fitting.push((index, c, values)),
                Err(e) => last_error = Some(e),
            }
        }
        let most_specific: Vec<usize> = (0..fitting.len())
            .filter(|&i| {
                fitting.iter().all(|(_, other, _)| {
                    fitting[i]
                        .1
                        .params
                        .iter()
                        .zip(&other.params)
                        .all(|(p, q)| p == q || p.widens_to(q))
                })
            })
            .collect();
        match most_specific.as_slice() {
            [one] => {
                let (index, _, values) = fitting.swap_remove(*one);
                Ok(Value::New {
                    class: class.clone(),
                    constructor: Some(index),
                    args: values,
                })
            }
            [] if fitting.is_empty() => Err(match last_error {
                Some(e) => format!("no constructor of {name} takes these arguments: {e}"),
                None => format!("no constructor of {name} takes {} argument(s)", texts.len()),
            }),
            _ => Err(format!("the call of {name}'s constructor is ambiguous")),
        }
    }

    fn rest_starts_with(&self, s: &str) -> bool {
        let rest: String = self.chars[self.pos..].iter().take(s.len()).collect();
        rest == s
            && !self
                .chars
                .get(self.pos + s.len())
                .is_some_and(|c| c.is_alphanumeric())
    }

    fn word(&mut self) -> String {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|c| c.is_alphanumeric() || matches!(c, '.' | '-' | '+' | '_'))
        {
            self.pos += 1;
        }
        self.chars[start..self.pos].iter().collect()
    }

    fn integer(&mut self) -> Result<i128, String> {
        let word = self.word();
        let clean: String = word.chars().filter(|c| *c != '_').collect();
        let clean = clean.trim_end_matches(['l', 'L']);
        let (negative, body) = match clean.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, clean.strip_prefix('+').unwrap_or(clean)),
        };
        let (digits, radix) = if let Some(h) = body.strip_prefix("0x").or(body.strip_prefix("0X")) {
            (h, 16)
        } else if let Some(b) = body.strip_prefix("0b").or(body.strip_prefix("0B")) {
            (b, 2)
        } else {
            (body, 10)
        };
        let v = i128::from_str_radix(digits, radix)
            .map_err(|_| format!("`{word}` is not an integer"))?;
        Ok(if negative { -v } else { v })
    }

    fn quoted(&mut self, quote: char) -> Result<Vec<u16>, String> {
        self.pos += 1;
        let mut out = Vec::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(format!("unterminated literal, expected {quote}"));
            };
            self.pos += 1;
            if c == quote {
                return Ok(out);
            }
            if c != '\\' {
                let mut buf = [0u16; 2];
                out.extend_from_slice(c.encode_utf16(&mut buf));
                continue;
            }
            let e = self.peek().ok_or("a backslash at the end")?;
            self.pos += 1;
            match e {
                'n' => out.push(10),
                't' => out.push(9),
                'r' => out.push(13),
                'b' => out.push(8),
                'f' => out.push(12),
                '0' => out.push(0),
                's' => out.push(32),
                '\\' | '\'' | '"' => out.push(e as u16),
                'u' => {
                    let hex: String = self
                        .chars
                        .get(self.pos..self.pos + 4)
                        .ok_or("a short \\u escape")?
                        .iter()
                        .collect();
                    out.push(
                        u16::from_str_radix(&hex, 16)
                            .map_err(|_| format!("bad escape \\u{hex}"))?,
                    );
                    self.pos += 4;
                }
                other => return Err(format!("unknown escape \\{other}")),
            }
        }
    }
}

/// Splits `a=1,b={1,2}` at top-level commas.
pub fn split_top_level(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for c in text.chars() {
        if let Some(q) = quote {
            current.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '"' | '\'' => {
                quote = Some(c);
                current.push(c);
            }
            // Arrays, collections and maps, and constructor calls nest.
            '{' | '[' | '(' => {
                depth += 1;
                current.push(c);
            }
            '}' | ']' | ')' => {
                depth -= 1;
                current.push(c);
            }
            ',' if depth == 0 => out.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    if !current.trim().is_empty() || !out.is_empty() {
        out.push(current);
    }
    out.into_iter().map(|s| s.trim().to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prim(kind: Kind, v: i64) -> Result<Value, String> {
        Ok(Value::Prim(kind, v))
    }

    fn string(s: &str) -> Value {
        Value::Str(s.encode_utf16().collect::<Vec<u16>>().into())
    }

    fn int_array(items: &[i64]) -> Value {
        Value::Array(
            Type::Int,
            items.iter().map(|&n| Value::Prim(Kind::Int, n)).collect(),
        )
    }

    #[test]
    fn integers_in_decimal_hex_and_binary_with_suffix_and_sign() {
        assert_eq!(parse_value("3", &Type::Int), prim(Kind::Int, 3));
        assert_eq!(parse_value(" -7L ", &Type::Long), prim(Kind::Long, -7));
        assert_eq!(parse_value("0x1F", &Type::Int), prim(Kind::Int, 31));
        assert_eq!(parse_value("-0b101", &Type::Short), prim(Kind::Short, -5));
        assert_eq!(parse_value("1_000", &Type::Int), prim(Kind::Int, 1000));
        assert_eq!(parse_value("-128", &Type::Byte), prim(Kind::Byte, -128));
        assert_eq!(
            parse_value("-9223372036854775808L", &Type::Long),
            prim(Kind::Long, i64::MIN)
        );
        // A char literal for an integral type is its code unit.
        assert_eq!(parse_value("'A'", &Type::Int), prim(Kind::Int, 65));
    }

    #[test]
    fn chars_booleans_and_escapes() {
        assert_eq!(parse_value("'a'", &Type::Char), prim(Kind::Char, 97));
        assert_eq!(parse_value("'\\n'", &Type::Char), prim(Kind::Char, 10));
        assert_eq!(parse_value("'\\u0041'", &Type::Char), prim(Kind::Char, 65));
        assert_eq!(parse_value("'\\''", &Type::Char), prim(Kind::Char, 39));
        assert_eq!(parse_value("65535", &Type::Char), prim(Kind::Char, 65535));
        assert_eq!(parse_value("true", &Type::Boolean), prim(Kind::Boolean, 1));
        assert_eq!(parse_value("false", &Type::Boolean), prim(Kind::Boolean, 0));
        assert_eq!(
            parse_value(r#""a\tb\"c\\d\u00e9""#, &Type::String),
            Ok(string("a\tb\"c\\d\u{e9}"))
        );
        assert_eq!(parse_value(r#""""#, &Type::String), Ok(string("")));
        // A character outside the BMP is two UTF-16 units.
        assert_eq!(
            parse_value("\"\u{1F600}\"", &Type::String),
            Ok(string("\u{1F600}"))
        );
    }

    #[test]
    fn floating_point_by_bits() {
        assert_eq!(
            parse_value("2.5", &Type::Double),
            prim(Kind::Double, bits_f64(2.5))
        );
        // -0.0 keeps its sign: it is another value than 0.0.
        assert_eq!(
            parse_value("-0.0", &Type::Double),
            prim(Kind::Double, bits_f64(-0.0))
        );
        assert_ne!(bits_f64(-0.0), bits_f64(0.0));
        assert_eq!(
            parse_value("1e3d", &Type::Double),
            prim(Kind::Double, bits_f64(1000.0))
        );
        assert_eq!(
            parse_value("0.1f", &Type::Float),
            prim(Kind::Float, bits_f32(0.1))
        );
        assert_eq!(
            parse_value("-Infinity", &Type::Double),
            prim(Kind::Double, bits_f64(f64::NEG_INFINITY))
        );
        assert_eq!(
            parse_value("Float.POSITIVE_INFINITY", &Type::Float),
            prim(Kind::Float, bits_f32(f32::INFINITY))
        );
        let Ok(Value::Prim(Kind::Double, nan)) = parse_value("NaN", &Type::Double) else {
            panic!("NaN is a double");
        };
        assert!(f64::from_bits(nan as u64).is_nan());
    }

    #[test]
    fn null_and_nested_arrays() {
        assert_eq!(parse_value("null", &Type::String), Ok(Value::Null));
        assert_eq!(
            parse_value("null", &Type::array_of(Type::Int)),
            Ok(Value::Null)
        );
        let ints = Type::array_of(Type::Int);
        assert_eq!(parse_value("{1, 2, 3}", &ints), Ok(int_array(&[1, 2, 3])));
        assert_eq!(parse_value("{}", &ints), Ok(int_array(&[])));
        // A trailing comma is allowed, as in a Java array initializer.
        assert_eq!(parse_value("{1,}", &ints), Ok(int_array(&[1])));
        assert_eq!(
            parse_value("{{1}, {}, null}", &Type::array_of(ints.clone())),
            Ok(Value::Array(
                ints.clone(),
                vec![int_array(&[1]), int_array(&[]), Value::Null]
            ))
        );
        assert_eq!(
            parse_value(r#"{"a,b", null}"#, &Type::array_of(Type::String)),
            Ok(Value::Array(Type::String, vec![string("a,b"), Value::Null]))
        );
    }

    #[test]
    fn values_that_do_not_fit_their_type_are_refused() {
        let refused = |text: &str, ty: &Type| parse_value(text, ty).unwrap_err();
        assert_eq!(refused("300", &Type::Byte), "300 is out of range for byte");
        assert_eq!(
            refused("2147483648", &Type::Int),
            "2147483648 is out of range for int"
        );
        assert_eq!(refused("-1", &Type::Char), "-1 is not a char");
        assert_eq!(refused("abc", &Type::Int), "`abc` is not an integer");
        assert_eq!(refused("1.5", &Type::Int), "`1.5` is not an integer");
        assert_eq!(refused("\"7\"", &Type::Int), "`` is not an integer");
        assert_eq!(refused("x", &Type::Double), "`x` is not a double");
        assert_eq!(refused("null", &Type::Int), "null is not a int");
        assert_eq!(refused("yes", &Type::Boolean), "expected true or false");
        assert_eq!(
            refused("'ab'", &Type::Char),
            "a char literal holds one character"
        );
        assert_eq!(
            refused("7", &Type::String),
            "expected a string literal in double quotes"
        );
        assert_eq!(
            refused("\"open", &Type::String),
            "unterminated literal, expected \""
        );
        assert_eq!(refused("\"\\q\"", &Type::String), "unknown escape \\q");
        let ints = Type::array_of(Type::Int);
        assert_eq!(refused("1", &ints), "expected an array `{...}` for int[]");
        assert_eq!(
            refused("{1 2}", &ints),
            "expected `,` or `}` in an array of int"
        );
        assert_eq!(
            refused("{1, 300}", &Type::array_of(Type::Byte)),
            "300 is out of range for byte"
        );
        assert_eq!(
            refused("1 2", &Type::Int),
            "unexpected `2` after the value in `1 2`"
        );
    }

    #[test]
    fn arguments_split_at_top_level_commas_only() {
        assert_eq!(
            split_top_level(r#"a=1, b={1,{2,3}}, c="x,}y", d=','"#),
            ["a=1", "b={1,{2,3}}", r#"c="x,}y""#, "d=','"]
        );
        assert_eq!(
            split_top_level("[[1], [0, 2]], new P(1, [3, 4]), {5=6, 7=8}"),
            ["[[1], [0, 2]]", "new P(1, [3, 4])", "{5=6, 7=8}"]
        );
        // An escaped quote does not end a literal.
        assert_eq!(split_top_level(r#""a\",b",c"#), [r#""a\",b""#, "c"]);
        assert_eq!(split_top_level(""), Vec::<String>::new());
        assert_eq!(split_top_level("1,"), ["1", ""]);
    }

    /// Collections and maps as Java prints them, made as the usual class of their type.
    #[test]
    fn collections_and_maps_as_java_prints_them() {
        let unit = crate::program::load(
            "C.java",
            "import java.util.*;\nclass C {\n    static int f(List<Integer> xs, Map<String, Integer> m, Deque<String> d) { return 0; }\n}\n",
        )
        .expect("loads");
        let (class, method) = unit.find_method("f").expect("f");
        let params = &unit.method(class, method).params;
        let content = |text: &str, ty: &Type| match parse_value_in(&unit, text, ty) {
            Ok(Value::Content { class, view, items }) => Ok((class.name, view, items)),
            Ok(other) => Err(format!("{other:?}")),
            Err(e) => Err(e),
        };
        let int = |n: i64| Value::Prim(Kind::Int, n);
        let (name, view, items) = content("[3, -1, 3]", &params[0]).expect("a list");
        assert_eq!((&*name, view), ("java.util.ArrayList", View::List));
        assert_eq!(items, vec![int(3), int(-1), int(3)]);
        let (name, view, items) = content(r#"{"a"=1, "bc"=null}"#, &params[1]).expect("a map");
        assert_eq!((&*name, view), ("java.util.HashMap", View::Map));
        assert_eq!(items, vec![string("a"), int(1), string("bc"), Value::Null]);
        assert_eq!(content("{}", &params[1]).expect("empty").2, vec![]);
        let (name, view, _) = content(r#"["x"]"#, &params[2]).expect("a deque");
        assert_eq!((&*name, view), ("java.util.ArrayDeque", View::Sequence));
        for (bad, ty) in [
            ("[1", 0),
            ("[1 2]", 0),
            (r#"{"a" 1}"#, 1),
            ("[null]", 2),
            (r#"["a"]"#, 0),
        ] {
            assert!(content(bad, &params[ty]).is_err(), "{bad}");
        }
    }
}
