//! Reading and writing ISCAS `.bench` netlists.
//!
//! The format, as found in the ISCAS-85, ISCAS-89 and ITC'99 distributions:
//!
//! ```text
//! # comment
//! INPUT(G1)
//! OUTPUT(G17)
//! G5 = DFF(G10)
//! G10 = NAND(G1, G5)
//! ```
//!
//! Keywords are accepted in any case, lines may end in CRLF or LF, `#` starts a comment anywhere
//! on a line, and net names are any run of characters other than blanks, `(`, `)`, `,`, `=` and
//! `#` (so `s38584.1` style names with dots and `[`, `_` are fine). The quirks of the real files
//! load: outputs that are primary inputs, a net listed twice as `OUTPUT` (kept once, with a
//! warning), a gate with the same net on two pins, undriven nets (warned about and made primary
//! inputs, like s400's `Phi1H`) and dangling nets.
//!
//! Every error carries the file, line and column and says what was expected; no input makes the
//! reader panic.

use std::fmt::{self, Write as _};
use std::path::Path;

use super::netlist::{
    BuildError, GateKind, NetRef, Netlist, NetlistBuilder, NodeKind, Span, Warning,
};

/// What went wrong in a `.bench` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BenchErrorKind {
    /// The line is not `INPUT(..)`, `OUTPUT(..)` or `NET = GATE(..)`.
    Syntax(String),
    UnknownGate(String),
    Build(BuildError),
    NotUtf8,
    Io(String),
}

/// An error in a `.bench` file, located by file, line and column.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct BenchError {
    pub file: String,
    /// 1-based; 0 when the error concerns the whole file.
    pub line: u32,
    pub column: u32,
    pub kind: BenchErrorKind,
}

impl fmt::Display for BenchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}:{}: ", self.file, self.line, self.column)?;
        } else {
            write!(f, "{}: ", self.file)?;
        }
        match &self.kind {
            BenchErrorKind::Syntax(message) => f.write_str(message),
            BenchErrorKind::UnknownGate(word) => write!(
                f,
                "unknown gate type '{word}' (expected AND, NAND, OR, NOR, XOR, XNOR, NOT, BUF, BUFF or DFF)"
            ),
            BenchErrorKind::Build(e) => write!(f, "{e}"),
            BenchErrorKind::NotUtf8 => f.write_str("the file is not valid UTF-8 text"),
            BenchErrorKind::Io(e) => write!(f, "cannot read the file: {e}"),
        }
    }
}

/// A parsed netlist with the warnings found while reading it.
#[derive(Clone, Debug)]
pub struct ParsedBench {
    pub netlist: Netlist,
    pub warnings: Vec<Warning>,
}

/// Reads a `.bench` file; the circuit is named after the file stem.
pub fn read_bench(path: &Path) -> Result<ParsedBench, BenchError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| BenchError {
        file: file.clone(),
        line: 0,
        column: 0,
        kind: BenchErrorKind::Io(e.to_string()),
    })?;
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "circuit".to_owned());
    parse_bench_bytes(&bytes, &name, &file)
}

/// Parses `.bench` bytes; `file` is used in error messages.
pub fn parse_bench_bytes(bytes: &[u8], name: &str, file: &str) -> Result<ParsedBench, BenchError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => parse_bench(text, name, file),
        Err(e) => {
            let valid = &bytes[..e.valid_up_to()];
            let line = valid.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
            let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            let column = String::from_utf8_lossy(&valid[line_start..])
                .chars()
                .count() as u32
                + 1;
            Err(BenchError {
                file: file.to_owned(),
                line,
                column,
                kind: BenchErrorKind::NotUtf8,
            })
        }
    }
}

/// Parses `.bench` text; `name` names the circuit, `file` is used in error messages.
pub fn parse_bench(text: &str, name: &str, file: &str) -> Result<ParsedBench, BenchError> {
    let mut builder = NetlistBuilder::new(name);
    let error = |span: Span, kind: BenchErrorKind| BenchError {
        file: file.to_owned(),
        line: span.line,
        column: span.column,
        kind,
    };
    for (index, raw) in text.split('\n').enumerate() {
        let line_no = index as u32 + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        let statement = parse_line(line, line_no).map_err(|(span, kind)| error(span, kind))?;
        let Some(statement) = statement else { continue };
        let built = match statement {
            Statement::Input(net) => {
                let r = builder.net(net.text);
                builder.input(r, net.span)
            }
            Statement::Output(net) => {
                let r = builder.net(net.text);
                builder.output(r, net.span);
                Ok(())
            }
            Statement::Dff { q, d, span } => {
                let (q, d) = (builder.net(q.text), builder.net(d.text));
                builder.dff(q, d, span)
            }
            Statement::Gate {
                out,
                kind,
                fanins,
                span,
            } => {
                let out = builder.net(out.text);
                let fanins: Vec<NetRef> = fanins.iter().map(|f| builder.net(f.text)).collect();
                builder.gate(out, kind, &fanins, span)
            }
        };
        built.map_err(|e| {
            let span = e.span().unwrap_or(Span {
                line: line_no,
                column: 1,
            });
            error(span, BenchErrorKind::Build(e))
        })?;
    }
    let (netlist, warnings) = builder.build().map_err(|e| {
        let span = e.span().unwrap_or_default();
        error(span, BenchErrorKind::Build(e))
    })?;
    Ok(ParsedBench { netlist, warnings })
}

/// A token with its position.
#[derive(Clone, Copy, Debug)]
struct Word<'a> {
    text: &'a str,
    span: Span,
}

enum Statement<'a> {
    Input(Word<'a>),
    Output(Word<'a>),
    Dff {
        q: Word<'a>,
        d: Word<'a>,
        span: Span,
    },
    Gate {
        out: Word<'a>,
        kind: GateKind,
        fanins: Vec<Word<'a>>,
        span: Span,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token<'a> {
    Name(&'a str),
    Open,
    Close,
    Comma,
    Equals,
}

fn is_name_char(c: char) -> bool {
    !(c.is_whitespace() || matches!(c, '(' | ')' | ',' | '=' | '#'))
}

fn tokenize(line: &str, line_no: u32) -> Vec<(Token<'_>, Span)> {
    let mut tokens = Vec::new();
    let mut chars = line.char_indices().peekable();
    let mut column = 0u32;
    while let Some((start, c)) = chars.next() {
        column += 1;
        let span = Span {
            line: line_no,
            column,
        };
        let token = match c {
            '#' => break,
            c if c.is_whitespace() => continue,
            '(' => Token::Open,
            ')' => Token::Close,
            ',' => Token::Comma,
            '=' => Token::Equals,
            _ => {
                let mut end = start + c.len_utf8();
                while let Some(&(i, c)) = chars.peek() {
                    if !is_name_char(c) {
                        break;
                    }
                    end = i + c.len_utf8();
                    column += 1;
                    chars.next();
                }
                Token::Name(&line[start..end])
            }
        };
        tokens.push((token, span));
    }
    tokens
}

type LineError = (Span, BenchErrorKind);

fn syntax(span: Span, message: impl Into<String>) -> LineError {
    (span, BenchErrorKind::Syntax(message.into()))
}

fn describe(token: Option<&(Token<'_>, Span)>) -> String {
    match token {
        None => "the end of the line".to_owned(),
        Some((Token::Name(n), _)) => format!("'{n}'"),
        Some((Token::Open, _)) => "'('".to_owned(),
        Some((Token::Close, _)) => "')'".to_owned(),
        Some((Token::Comma, _)) => "','".to_owned(),
        Some((Token::Equals, _)) => "'='".to_owned(),
    }
}

fn parse_line(line: &str, line_no: u32) -> Result<Option<Statement<'_>>, LineError> {
    let tokens = tokenize(line, line_no);
    let end_span = Span {
        line: line_no,
        column: line.chars().count() as u32 + 1,
    };
    let span_at = |k: usize| tokens.get(k).map_or(end_span, |t| t.1);
    let name_at = |k: usize, what: &str| match tokens.get(k) {
        Some(&(Token::Name(text), span)) => Ok(Word { text, span }),
        other => Err(syntax(
            span_at(k),
            format!("expected {what}, found {}", describe(other)),
        )),
    };
    let expect = |k: usize, token: Token<'_>, what: &str| match tokens.get(k) {
        Some((t, _)) if *t == token => Ok(()),
        other => Err(syntax(
            span_at(k),
            format!("expected {what}, found {}", describe(other)),
        )),
    };
    let expect_end = |k: usize| match tokens.get(k) {
        None => Ok(()),
        other => Err(syntax(
            span_at(k),
            format!("expected the end of the line, found {}", describe(other)),
        )),
    };

    let Some(&(first, first_span)) = tokens.first() else {
        return Ok(None);
    };
    let Token::Name(head) = first else {
        return Err(syntax(
            first_span,
            format!(
                "expected INPUT(net), OUTPUT(net) or net = GATE(inputs), found {}",
                describe(tokens.first())
            ),
        ));
    };
    match tokens.get(1).map(|t| t.0) {
        Some(Token::Open) => {
            let is_input = head.eq_ignore_ascii_case("INPUT");
            if !is_input && !head.eq_ignore_ascii_case("OUTPUT") {
                return Err(syntax(
                    first_span,
                    format!(
                        "expected INPUT or OUTPUT before '(', found '{head}' (a gate needs 'net = {head}(...)')"
                    ),
                ));
            }
            let net = name_at(2, "a net name")?;
            expect(3, Token::Close, "')' to close the declaration")?;
            expect_end(4)?;
            Ok(Some(if is_input {
                Statement::Input(net)
            } else {
                Statement::Output(net)
            }))
        }
        Some(Token::Equals) => {
            let out = Word {
                text: head,
                span: first_span,
            };
            let kind_word = name_at(2, "a gate type after '='")?;
            expect(
                3,
                Token::Open,
                &format!("'(' after gate type '{}'", kind_word.text),
            )?;
            let mut fanins = Vec::new();
            let mut k = 4;
            if matches!(tokens.get(k), Some((Token::Close, _))) {
                return Err(syntax(
                    span_at(k),
                    format!("gate '{}' has no inputs", out.text),
                ));
            }
            loop {
                fanins.push(name_at(k, "an input net name")?);
                k += 1;
                match tokens.get(k) {
                    Some((Token::Comma, _)) => k += 1,
                    Some((Token::Close, _)) => break,
                    None => {
                        return Err(syntax(
                            end_span,
                            "missing ')' at the end of the gate's inputs",
                        ));
                    }
                    other => {
                        return Err(syntax(
                            span_at(k),
                            format!(
                                "expected ',' or ')' after an input, found {}",
                                describe(other)
                            ),
                        ));
                    }
                }
            }
            expect_end(k + 1)?;
            if kind_word.text.eq_ignore_ascii_case("DFF") {
                if fanins.len() != 1 {
                    return Err(syntax(
                        kind_word.span,
                        format!(
                            "DFF '{}' needs exactly one input, found {}",
                            out.text,
                            fanins.len()
                        ),
                    ));
                }
                return Ok(Some(Statement::Dff {
                    q: out,
                    d: fanins[0],
                    span: first_span,
                }));
            }
            let kind = GateKind::from_keyword(kind_word.text).ok_or_else(|| {
                (
                    kind_word.span,
                    BenchErrorKind::UnknownGate(kind_word.text.to_owned()),
                )
            })?;
            Ok(Some(Statement::Gate {
                out,
                kind,
                fanins,
                span: first_span,
            }))
        }
        _ => Err(syntax(
            span_at(1),
            format!(
                "expected '(' after INPUT/OUTPUT or '=' after net '{head}', found {}",
                describe(tokens.get(1))
            ),
        )),
    }
}

/// Writes the netlist as `.bench` text: inputs, outputs, flip-flops, then gates in topological
/// order. Reading the text back gives an identical netlist (undriven nets are written as
/// `INPUT`, so the warning about them does not come back).
pub fn write_bench(netlist: &Netlist) -> String {
    let mut out = String::new();
    let mut counts = Vec::new();
    for kind in GateKind::ALL {
        let n = netlist
            .gates()
            .filter(|&g| netlist.gate_kind(g) == Some(kind))
            .count();
        if n > 0 {
            counts.push(format!("{n} {kind}"));
        }
    }
    // Writing to a String cannot fail.
    let _ = writeln!(out, "# {}", netlist.name());
    let _ = writeln!(out, "# {} inputs", netlist.primary_inputs().len());
    let _ = writeln!(out, "# {} outputs", netlist.primary_outputs().len());
    let _ = writeln!(out, "# {} D-type flipflops", netlist.dffs().len());
    let _ = writeln!(
        out,
        "# {} gates ({})",
        netlist.gate_count(),
        counts.join(" + ")
    );
    out.push('\n');
    for &i in netlist.primary_inputs() {
        let _ = writeln!(out, "INPUT({})", netlist.net_name(i));
    }
    out.push('\n');
    for &o in netlist.primary_outputs() {
        let _ = writeln!(out, "OUTPUT({})", netlist.net_name(o));
    }
    out.push('\n');
    for dff in netlist.dffs() {
        let _ = writeln!(
            out,
            "{} = DFF({})",
            netlist.net_name(dff.q),
            netlist.net_name(dff.d)
        );
    }
    if !netlist.dffs().is_empty() {
        out.push('\n');
    }
    for g in netlist.gates() {
        let NodeKind::Gate(kind) = netlist.kind(g) else {
            continue;
        };
        let fanins: Vec<&str> = netlist
            .fanins(g)
            .iter()
            .map(|&f| netlist.net_name(f))
            .collect();
        let _ = writeln!(
            out,
            "{} = {}({})",
            netlist.net_name(g),
            kind,
            fanins.join(", ")
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const C17: &str = "# c17\r\nINPUT(1)\r\nINPUT(2)\r\nINPUT(3)\r\nINPUT(6)\r\nINPUT(7)\r\n\r\nOUTPUT(22)\r\nOUTPUT(23)\r\n10 = NAND(1, 3)\r\n11 = NAND(3, 6)\r\n16 = NAND(2, 11)\r\n19 = NAND(11, 7)\r\n22 = NAND(10, 16)\r\n23 = NAND(16, 19)\r\n";

    fn parse(text: &str) -> Result<ParsedBench, BenchError> {
        parse_bench(text, "t", "t.bench")
    }

    fn error(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn parses_c17_with_crlf() {
        let p = parse(C17).unwrap();
        assert!(p.warnings.is_empty());
        let n = &p.netlist;
        assert_eq!(n.primary_inputs().len(), 5);
        assert_eq!(n.primary_outputs().len(), 2);
        assert_eq!(n.gate_count(), 6);
        assert_eq!(n.depth(), 3);
    }

    #[test]
    fn keywords_in_any_case_and_odd_names() {
        let text = "input(a.b[0])\nInPuT(c_1)\noutput(y$)\ny$ = nand ( a.b[0] , c_1 ) # trailing comment\n";
        let n = parse(text).unwrap().netlist;
        assert_eq!(n.gate_kind(n.find("y$").unwrap()), Some(GateKind::Nand));
    }

    #[test]
    fn round_trip_is_exact() {
        let p = parse(C17).unwrap();
        let text = write_bench(&p.netlist);
        let again = parse(&text).unwrap();
        assert_eq!(again.netlist, p.netlist);
        assert_eq!(write_bench(&again.netlist), text);
    }

    #[test]
    fn error_unknown_gate() {
        assert_eq!(
            error("INPUT(a)\nOUTPUT(y)\ny = FOO(a)\n"),
            "t.bench:3:5: unknown gate type 'FOO' (expected AND, NAND, OR, NOR, XOR, XNOR, NOT, BUF, BUFF or DFF)"
        );
    }

    #[test]
    fn error_missing_parentheses() {
        assert_eq!(
            error("INPUT(a)\nOUTPUT(y)\ny = AND(a, a\n"),
            "t.bench:3:13: missing ')' at the end of the gate's inputs"
        );
        assert_eq!(
            error("INPUT(a\n"),
            "t.bench:1:8: expected ')' to close the declaration, found the end of the line"
        );
        assert_eq!(
            error("INPUT(a)\ny = AND a, a)\n"),
            "t.bench:2:9: expected '(' after gate type 'AND', found 'a'"
        );
    }

    #[test]
    fn error_driven_twice() {
        assert_eq!(
            error("INPUT(a)\nOUTPUT(y)\ny = NOT(a)\n  y = BUFF(a)\n"),
            "t.bench:4:3: net 'y' is driven twice (first driver at line 3, column 1)"
        );
        assert_eq!(
            error("INPUT(a)\nINPUT(a)\n"),
            "t.bench:2:7: net 'a' is driven twice (first driver at line 1, column 7)"
        );
    }

    #[test]
    fn error_loop_names_nets() {
        assert_eq!(
            error("INPUT(a)\nOUTPUT(z)\nx = AND(a, z)\ny = NOT(x)\nz = OR(y, a)\n"),
            "t.bench:3:1: combinational loop through nets 'x' -> 'y' -> 'z' -> 'x'"
        );
    }

    #[test]
    fn error_empty_and_no_outputs() {
        assert_eq!(
            error("# nothing here\n\n"),
            "t.bench: the circuit is empty: no inputs, gates or flip-flops"
        );
        assert_eq!(
            error(""),
            "t.bench: the circuit is empty: no inputs, gates or flip-flops"
        );
        assert_eq!(
            error("INPUT(a)\n"),
            "t.bench: the circuit has no outputs: no OUTPUT declaration and no flip-flop"
        );
    }

    #[test]
    fn error_other_syntax() {
        assert_eq!(
            error("INPUT(a)\nOUTPUT(y)\ny = NOT(a, a)\n"),
            "t.bench:3:1: NOT gate 'y' needs exactly one input, found 2"
        );
        assert_eq!(
            error("INPUT(a)\nq = DFF(a, a)\n"),
            "t.bench:2:5: DFF 'q' needs exactly one input, found 2"
        );
        assert_eq!(
            error("INPUT(a)\nOUTPUT(y)\ny = AND()\n"),
            "t.bench:3:9: gate 'y' has no inputs"
        );
        assert_eq!(
            error("INPUT(a)\nOUTPUT(y)\ny = AND(a,,a)\n"),
            "t.bench:3:11: expected an input net name, found ','"
        );
        assert_eq!(
            error("INPUT(a)\nOUTPUT(y)\ny = AND(a) a\n"),
            "t.bench:3:12: expected the end of the line, found 'a'"
        );
        assert_eq!(
            error("WIRE(a)\n"),
            "t.bench:1:1: expected INPUT or OUTPUT before '(', found 'WIRE' (a gate needs 'net = WIRE(...)')"
        );
        assert_eq!(
            error("y AND(a)\n"),
            "t.bench:1:3: expected '(' after INPUT/OUTPUT or '=' after net 'y', found 'AND'"
        );
        assert_eq!(
            error(") = x\n"),
            "t.bench:1:1: expected INPUT(net), OUTPUT(net) or net = GATE(inputs), found ')'"
        );
    }

    #[test]
    fn error_not_utf8_has_position() {
        let err = parse_bench_bytes(b"INPUT(a)\nOUTPUT(\xff)\n", "t", "t.bench").unwrap_err();
        assert_eq!(
            err.to_string(),
            "t.bench:2:8: the file is not valid UTF-8 text"
        );
    }

    #[test]
    fn quirks_load() {
        // Output that is an input, repeated output, same net on two pins, undriven and dangling.
        let text =
            "INPUT(a)\nINPUT(b)\nOUTPUT(a)\nOUTPUT(y)\nOUTPUT(y)\ny = AND(b, b, u)\nd = NOT(a)\n";
        let p = parse(text).unwrap();
        let n = &p.netlist;
        assert_eq!(n.primary_outputs().len(), 2);
        assert_eq!(n.primary_inputs().len(), 3);
        assert_eq!(n.undriven(), &[n.find("u").unwrap()]);
        assert_eq!(n.dangling().collect::<Vec<_>>(), vec![n.find("d").unwrap()]);
        let messages: Vec<String> = p
            .warnings
            .iter()
            .map(|w| {
                let s = w.span.unwrap();
                format!("{}:{}: {}", s.line, s.column, w.message)
            })
            .collect();
        assert_eq!(
            messages,
            [
                "5:8: net 'y' is declared as an output more than once; kept once",
                "6:1: net 'u' is used but never driven; treating it as a primary input"
            ]
        );
    }
}
