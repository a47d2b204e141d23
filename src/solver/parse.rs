//! The text constraint language of `roth solve`: declarations of primitive variables
//! (`int x, y;`) and constraints written as Java boolean expressions, each ending with `;`.
//! Comments are `//` to the end of the line and `/* ... */`.
//!
//! Expressions follow Java's grammar and precedence for the operators the solver knows,
//! literals of every primitive type (`12`, `0x7f`, `1_000L`, `2.5`, `1e-3`, `'a'`, `true`),
//! casts like `(byte) x`, `Math.abs/min/max`, and the constants `Integer.MAX_VALUE`,
//! `Long.MIN_VALUE`, `Double.NaN`, `Double.POSITIVE_INFINITY` and their kin.

use super::expr::{ExprId, Problem, TypeError};
use super::java::{BinOp, JType, UnOp, Value};

/// A syntax or type error with its position (1-based line and column).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ParseError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    /// An integer literal: its magnitude, whether it has the `L` suffix, whether decimal.
    Int(u128, bool, bool),
    Double(f64),
    Char(char),
    Punct(&'static str),
    End,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    line: usize,
    column: usize,
}

const PUNCTS: [&str; 32] = [
    ">>>", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "(", ")", ";", ",", "?", ":", "!", "~",
    "+", "-", "*", "/", "%", "<", ">", "&", "^", "|", ".", "=", "{", "}", "@",
];

fn lex(text: &str) -> Result<Vec<Token>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let (mut i, mut line, mut column) = (0, 1, 1);
    let error = |line, column, message: String| ParseError {
        line,
        column,
        message,
    };
    while i < chars.len() {
        let c = chars[i];
        let (start_line, start_column) = (line, column);
        let advance = |n: usize, i: &mut usize, line: &mut usize, column: &mut usize| {
            for _ in 0..n {
                if chars[*i] == '\n' {
                    *line += 1;
                    *column = 1;
                } else {
                    *column += 1;
                }
                *i += 1;
            }
        };
        if c.is_whitespace() {
            advance(1, &mut i, &mut line, &mut column);
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                advance(1, &mut i, &mut line, &mut column);
            }
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            advance(2, &mut i, &mut line, &mut column);
            loop {
                if i >= chars.len() {
                    return Err(error(start_line, start_column, "unclosed comment".into()));
                }
                if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    advance(2, &mut i, &mut line, &mut column);
                    break;
                }
                advance(1, &mut i, &mut line, &mut column);
            }
            continue;
        }
        let tok = if c.is_alphabetic() || c == '_' || c == '$' {
            let mut j = i;
            while j < chars.len()
                && (chars[j].is_alphanumeric() || chars[j] == '_' || chars[j] == '$')
            {
                j += 1;
            }
            let word: String = chars[i..j].iter().collect();
            advance(j - i, &mut i, &mut line, &mut column);
            Tok::Ident(word)
        } else if c.is_ascii_digit()
            || (c == '.' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            let mut j = i;
            while j < chars.len()
                && (chars[j].is_ascii_alphanumeric()
                    || chars[j] == '_'
                    || chars[j] == '.'
                    || ((chars[j] == '+' || chars[j] == '-')
                        && matches!(chars[j - 1], 'e' | 'E')
                        && !chars[i..j].iter().any(|&x| x == 'x' || x == 'X')))
            {
                j += 1;
            }
            let raw: String = chars[i..j].iter().collect();
            let tok = number(&raw).map_err(|m| error(start_line, start_column, m))?;
            advance(j - i, &mut i, &mut line, &mut column);
            tok
        } else if c == '\'' {
            let mut j = i + 1;
            let value = match chars.get(j) {
                Some('\\') => {
                    j += 1;
                    match chars.get(j) {
                        Some('n') => '\n',
                        Some('t') => '\t',
                        Some('r') => '\r',
                        Some('b') => '\u{8}',
                        Some('f') => '\u{c}',
                        Some('0') => '\0',
                        Some('\'') => '\'',
                        Some('"') => '"',
                        Some('\\') => '\\',
                        Some('u') => {
                            let hex: String =
                                chars.get(j + 1..j + 5).unwrap_or(&[]).iter().collect();
                            j += 4;
                            u32::from_str_radix(&hex, 16)
                                .ok()
                                .and_then(char::from_u32)
                                .ok_or_else(|| {
                                    error(start_line, start_column, "bad \\u escape".into())
                                })?
                        }
                        _ => {
                            return Err(error(start_line, start_column, "unknown escape".into()));
                        }
                    }
                }
                Some(&ch) if ch != '\'' && ch != '\n' => ch,
                _ => {
                    return Err(error(
                        start_line,
                        start_column,
                        "empty character literal".into(),
                    ));
                }
            };
            j += 1;
            if chars.get(j) != Some(&'\'') {
                return Err(error(
                    start_line,
                    start_column,
                    "unclosed character literal".into(),
                ));
            }
            if value as u32 > 0xffff {
                return Err(error(
                    start_line,
                    start_column,
                    "a char holds 16 bits".into(),
                ));
            }
            advance(j + 1 - i, &mut i, &mut line, &mut column);
            Tok::Char(value)
        } else {
            let rest: String = chars[i..chars.len().min(i + 3)].iter().collect();
            let Some(&p) = PUNCTS.iter().find(|p| rest.starts_with(**p)) else {
                return Err(error(
                    start_line,
                    start_column,
                    format!("unexpected character `{c}`"),
                ));
            };
            advance(p.chars().count(), &mut i, &mut line, &mut column);
            Tok::Punct(p)
        };
        tokens.push(Token {
            tok,
            line: start_line,
            column: start_column,
        });
    }
    tokens.push(Token {
        tok: Tok::End,
        line,
        column,
    });
    Ok(tokens)
}

/// A numeric literal's token.
fn number(raw: &str) -> Result<Tok, String> {
    let text = raw.replace('_', "");
    let lower = text.to_ascii_lowercase();
    let is_hex = lower.starts_with("0x");
    let is_double = !is_hex
        && (lower.contains('.')
            || lower.contains('e')
            || lower.ends_with('d')
            || lower.ends_with('f'));
    if is_double {
        if lower.ends_with('f') {
            return Err(format!("`{raw}`: float is not supported, write a double"));
        }
        let body = lower.trim_end_matches('d');
        return body
            .parse::<f64>()
            .map(Tok::Double)
            .map_err(|_| format!("`{raw}` is not a number"));
    }
    let (body, long) = match lower.strip_suffix('l') {
        Some(b) => (b, true),
        None => (lower.as_str(), false),
    };
    let decimal = !(body.starts_with("0x")
        || body.starts_with("0b")
        || body.len() > 1 && body.starts_with('0'));
    let parsed = if let Some(hex) = body.strip_prefix("0x") {
        u128::from_str_radix(hex, 16)
    } else if let Some(bin) = body.strip_prefix("0b") {
        u128::from_str_radix(bin, 2)
    } else if body.len() > 1 && body.starts_with('0') {
        u128::from_str_radix(&body[1..], 8)
    } else {
        body.parse::<u128>()
    };
    parsed
        .map(|v| Tok::Int(v, long, decimal))
        .map_err(|_| format!("`{raw}` is not a number"))
}

struct Parser<'t> {
    tokens: &'t [Token],
    pos: usize,
    problem: Problem,
}

type Parsed<T> = Result<T, ParseError>;

impl Parser<'_> {
    fn peek(&self) -> &Token {
        &self.tokens[self.pos]
    }

    fn next(&mut self) -> Token {
        let t = self.tokens[self.pos].clone();
        if self.pos + 1 < self.tokens.len() {
            self.pos += 1;
        }
        t
    }

    fn error_at(&self, t: &Token, message: impl Into<String>) -> ParseError {
        ParseError {
            line: t.line,
            column: t.column,
            message: message.into(),
        }
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(&self.peek().tok, Tok::Punct(q) if *q == p)
    }

    fn expect(&mut self, p: &str) -> Parsed<()> {
        if self.is_punct(p) {
            self.next();
            Ok(())
        } else {
            let t = self.peek().clone();
            Err(self.error_at(&t, format!("expected `{p}`, found {}", describe(&t.tok))))
        }
    }

    fn typed(&self, at: &Token, r: Result<ExprId, TypeError>) -> Parsed<ExprId> {
        r.map_err(|e| self.error_at(at, e.0))
    }

    fn statement(&mut self) -> Parsed<()> {
        let t = self.peek().clone();
        if let Tok::Ident(word) = &t.tok
            && let Some(ty) = JType::from_name(word)
            && !matches!(&self.tokens[self.pos + 1].tok, Tok::Punct(")"))
        {
            self.next();
            loop {
                let name_token = self.next();
                let Tok::Ident(name) = &name_token.tok else {
                    return Err(self.error_at(
                        &name_token,
                        format!(
                            "expected a variable name, found {}",
                            describe(&name_token.tok)
                        ),
                    ));
                };
                if JType::from_name(name).is_some() || is_reserved(name) {
                    return Err(self.error_at(&name_token, format!("`{name}` is a keyword")));
                }
                if self.problem.find_var(name).is_some() {
                    return Err(self.error_at(&name_token, format!("`{name}` is already declared")));
                }
                self.problem.var(name, ty);
                if self.is_punct(",") {
                    self.next();
                    continue;
                }
                if self.is_punct("=") {
                    let eq = self.peek().clone();
                    return Err(self.error_at(
                        &eq,
                        "declarations take no initializer; write a constraint such as `x == 3;`",
                    ));
                }
                return self.expect(";");
            }
        }
        let e = self.expression()?;
        let r = self.problem.require(e);
        if let Err(err) = r {
            return Err(self.error_at(&t, err.0));
        }
        self.expect(";")
    }

    fn expression(&mut self) -> Parsed<ExprId> {
        let c = self.binary(0)?;
        if self.is_punct("?") {
            let t = self.next();
            let a = self.expression()?;
            self.expect(":")?;
            let b = self.expression()?;
            let r = self.problem.cond(c, a, b);
            return self.typed(&t, r);
        }
        Ok(c)
    }

    /// Binary operators by precedence level, lowest first.
    fn binary(&mut self, level: usize) -> Parsed<ExprId> {
        const LEVELS: [&[(&str, BinOp)]; 10] = [
            &[("||", BinOp::LogicalOr)],
            &[("&&", BinOp::LogicalAnd)],
            &[("|", BinOp::Or)],
            &[("^", BinOp::Xor)],
            &[("&", BinOp::And)],
            &[("==", BinOp::Eq), ("!=", BinOp::Ne)],
            &[
                ("<=", BinOp::Le),
                (">=", BinOp::Ge),
                ("<", BinOp::Lt),
                (">", BinOp::Gt),
            ],
            &[(">>>", BinOp::UShr), ("<<", BinOp::Shl), (">>", BinOp::Shr)],
            &[("+", BinOp::Add), ("-", BinOp::Sub)],
            &[("*", BinOp::Mul), ("/", BinOp::Div), ("%", BinOp::Rem)],
        ];
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut left = self.binary(level + 1)?;
        loop {
            let Some(&(_, op)) = LEVELS[level].iter().find(|(p, _)| self.is_punct(p)) else {
                return Ok(left);
            };
            let t = self.next();
            let right = self.binary(level + 1)?;
            let r = self.problem.binary(op, left, right);
            left = self.typed(&t, r)?;
        }
    }

    fn unary(&mut self) -> Parsed<ExprId> {
        let t = self.peek().clone();
        match &t.tok {
            Tok::Punct("-") => {
                self.next();
                // -2147483648 and -9223372036854775808L are literals of their own.
                if let Tok::Int(v, long, true) = self.peek().tok {
                    let limit = if long { 1u128 << 63 } else { 1u128 << 31 };
                    if v == limit {
                        self.next();
                        let value = if long {
                            Value::Int(JType::Long, i64::MIN)
                        } else {
                            Value::Int(JType::Int, i32::MIN as i64)
                        };
                        return Ok(self.problem.constant(value));
                    }
                }
                let e = self.unary()?;
                let r = self.problem.unary(UnOp::Neg, e);
                self.typed(&t, r)
            }
            Tok::Punct("+") => {
                self.next();
                let e = self.unary()?;
                if !self.problem.ty(e).is_numeric() {
                    return Err(self.error_at(&t, "unary `+` needs a number"));
                }
                let ty = self.problem.ty(e).promoted();
                let r = self.problem.cast(ty, e);
                self.typed(&t, r)
            }
            Tok::Punct("!") => {
                self.next();
                let e = self.unary()?;
                let r = self.problem.unary(UnOp::Not, e);
                self.typed(&t, r)
            }
            Tok::Punct("~") => {
                self.next();
                let e = self.unary()?;
                let r = self.problem.unary(UnOp::BitNot, e);
                self.typed(&t, r)
            }
            Tok::Punct("(") => {
                // A cast when a primitive type name is alone in the parentheses.
                if let Tok::Ident(word) = &self.tokens[self.pos + 1].tok
                    && let Some(ty) = JType::from_name(word)
                    && matches!(self.tokens[self.pos + 2].tok, Tok::Punct(")"))
                {
                    self.pos += 3;
                    let e = self.unary()?;
                    let r = self.problem.cast(ty, e);
                    return self.typed(&t, r);
                }
                self.primary()
            }
            _ => self.primary(),
        }
    }

    fn primary(&mut self) -> Parsed<ExprId> {
        let t = self.next();
        match &t.tok {
            Tok::Punct("(") => {
                let e = self.expression()?;
                self.expect(")")?;
                Ok(e)
            }
            Tok::Int(v, long, decimal) => {
                let (value, limit) = if *long {
                    (Value::Int(JType::Long, *v as i64), i64::MAX as u128)
                } else {
                    (Value::Int(JType::Int, *v as i64), i32::MAX as u128)
                };
                // Hex, octal and binary literals may use the sign bit (0xffffffff is -1).
                let unsigned_limit = if *long {
                    u64::MAX as u128
                } else {
                    u32::MAX as u128
                };
                if *v <= limit {
                    Ok(self.problem.constant(value))
                } else if *v <= unsigned_limit && !decimal {
                    let wrapped = if *long {
                        Value::Int(JType::Long, *v as u64 as i64)
                    } else {
                        Value::Int(JType::Int, *v as u32 as i32 as i64)
                    };
                    Ok(self.problem.constant(wrapped))
                } else {
                    let ty = if *long { "long" } else { "int" };
                    Err(self.error_at(&t, format!("integer literal too large for {ty}")))
                }
            }
            Tok::Double(d) => Ok(self.problem.double(*d)),
            Tok::Char(c) => Ok(self.problem.constant(Value::Int(JType::Char, *c as i64))),
            Tok::Ident(word) => self.identifier(&t, word.clone()),
            other => Err(self.error_at(
                &t,
                format!("expected an expression, found {}", describe(other)),
            )),
        }
    }

    fn identifier(&mut self, t: &Token, word: String) -> Parsed<ExprId> {
        match word.as_str() {
            "true" => return Ok(self.problem.boolean(true)),
            "false" => return Ok(self.problem.boolean(false)),
            _ => {}
        }
        if self.is_punct(".") {
            self.next();
            let member_token = self.next();
            let Tok::Ident(member) = &member_token.tok else {
                return Err(self.error_at(&member_token, "expected a member name after `.`"));
            };
            let qualified = format!("{word}.{member}");
            if let Some(value) = named_constant(&qualified) {
                return Ok(self.problem.constant(value));
            }
            let op = match qualified.as_str() {
                "Math.abs" => None,
                "Math.min" => Some(BinOp::Min),
                "Math.max" => Some(BinOp::Max),
                _ => return Err(self.error_at(t, format!("unknown name `{qualified}`"))),
            };
            self.expect("(")?;
            let a = self.expression()?;
            let r = match op {
                None => {
                    self.expect(")")?;
                    self.problem.unary(UnOp::Abs, a)
                }
                Some(op) => {
                    self.expect(",")?;
                    let b = self.expression()?;
                    self.expect(")")?;
                    self.problem.binary(op, a, b)
                }
            };
            return self.typed(t, r);
        }
        match self.problem.find_var(&word) {
            Some(v) => Ok(self.problem.read(v)),
            None => Err(self.error_at(t, format!("`{word}` is not declared"))),
        }
    }
}

fn is_reserved(word: &str) -> bool {
    matches!(
        word,
        "true" | "false" | "null" | "new" | "return" | "if" | "else"
    )
}

fn describe(tok: &Tok) -> String {
    match tok {
        Tok::Ident(w) => format!("`{w}`"),
        Tok::Int(v, _, _) => format!("`{v}`"),
        Tok::Double(d) => format!("`{d}`"),
        Tok::Char(c) => format!("`'{c}'`"),
        Tok::Punct(p) => format!("`{p}`"),
        Tok::End => "the end of the input".to_string(),
    }
}

fn named_constant(name: &str) -> Option<Value> {
    let int = |v: i64| Some(Value::Int(JType::Int, v));
    match name {
        "Integer.MAX_VALUE" => int(i32::MAX as i64),
        "Integer.MIN_VALUE" => int(i32::MIN as i64),
        "Long.MAX_VALUE" => Some(Value::Int(JType::Long, i64::MAX)),
        "Long.MIN_VALUE" => Some(Value::Int(JType::Long, i64::MIN)),
        "Short.MAX_VALUE" => Some(Value::Int(JType::Short, i16::MAX as i64)),
        "Short.MIN_VALUE" => Some(Value::Int(JType::Short, i16::MIN as i64)),
        "Byte.MAX_VALUE" => Some(Value::Int(JType::Byte, i8::MAX as i64)),
        "Byte.MIN_VALUE" => Some(Value::Int(JType::Byte, i8::MIN as i64)),
        "Character.MAX_VALUE" => Some(Value::Int(JType::Char, u16::MAX as i64)),
        "Character.MIN_VALUE" => Some(Value::Int(JType::Char, 0)),
        "Double.NaN" => Some(Value::Double(f64::NAN)),
        "Double.POSITIVE_INFINITY" => Some(Value::Double(f64::INFINITY)),
        "Double.NEGATIVE_INFINITY" => Some(Value::Double(f64::NEG_INFINITY)),
        "Double.MAX_VALUE" => Some(Value::Double(f64::MAX)),
        "Double.MIN_VALUE" => Some(Value::Double(f64::from_bits(1))),
        _ => None,
    }
}

/// Parses a whole constraint file into a problem.
pub fn parse(text: &str) -> Result<Problem, ParseError> {
    let tokens = lex(text)?;
    let mut parser = Parser {
        tokens: &tokens,
        pos: 0,
        problem: Problem::new(),
    };
    while parser.peek().tok != Tok::End {
        parser.statement()?;
    }
    Ok(parser.problem)
}
