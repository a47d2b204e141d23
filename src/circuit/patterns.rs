//! Test pattern files: JSON and Atalanta `.test` (read and written), STIL (written).
//!
//! A pattern assigns every scan-view input (primary inputs in declaration order, then flip-flop
//! outputs in flip-flop order) a 0, 1 or X, and may carry the fault-free response of the
//! scan-view outputs (primary outputs, then flip-flop data inputs).
//!
//! JSON:
//! ```json
//! {"circuit": "c17", "inputs": ["1", "2", "3", "6", "7"], "outputs": ["22", "23"],
//!  "patterns": [{"inputs": "01010", "outputs": "11"}]}
//! ```
//!
//! Headerless pattern files are read too, their values taken by position (the scan-view order
//! above): quaigh's `.test` (`* ` comment lines, then `N: BITS` lines, no responses) and plain
//! files of one pattern per line (`BITS`, optionally followed by the responses).
//!
//! Atalanta `.test` (as written by Atalanta 2.0):
//! ```text
//! * Name of circuit:  c17.bench
//! * Primary inputs :
//!   1 2 3 6 7
//!
//! * Primary outputs:
//!   22 23
//!
//! * Test patterns and fault free responses:
//!
//!    1: 01010 11
//! ```
//!
//! STIL (IEEE 1450): signals, groups, a timing table and one `V` vector per pattern; for
//! circuits with flip-flops, a full-scan chain through every flip-flop with `load_unload` and
//! `capture` procedures.

use std::fmt::{self, Write as _};
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::netlist::Netlist;
use super::sim::{PackedPatterns, responses};
use crate::rng::Rng;

/// One value of a test pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bit {
    Zero,
    One,
    /// Don't care (unspecified).
    X,
}

impl Bit {
    pub(crate) fn from_bool(b: bool) -> Bit {
        if b { Bit::One } else { Bit::Zero }
    }

    fn from_char(c: char) -> Option<Bit> {
        match c {
            '0' => Some(Bit::Zero),
            '1' => Some(Bit::One),
            'x' | 'X' | '-' => Some(Bit::X),
            _ => None,
        }
    }

    fn to_char(self) -> char {
        match self {
            Bit::Zero => '0',
            Bit::One => '1',
            Bit::X => 'X',
        }
    }
}

/// How to give don't-care bits a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Fill {
    #[value(name = "0")]
    Zero,
    #[value(name = "1")]
    One,
    Random,
}

/// One test pattern.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestPattern {
    pub inputs: Vec<Bit>,
    /// The stored fault-free response, if the file has one.
    pub outputs: Option<Vec<Bit>>,
}

/// A set of test patterns with the input and output names they refer to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PatternSet {
    pub circuit: String,
    /// The inputs the values refer to, by name; empty for a file that names none (quaigh's
    /// `.test`, plain lines), whose values are the circuit's scan-view inputs in order.
    pub inputs: Vec<String>,
    /// The outputs of the stored responses, by name; empty when the file names none (then by
    /// position, like the inputs).
    pub outputs: Vec<String>,
    pub patterns: Vec<TestPattern>,
}

/// Why a pattern file could not be read or does not fit a circuit.
#[derive(Debug, thiserror::Error)]
pub enum PatternError {
    #[error("{file}: cannot read: {message}")]
    Io { file: String, message: String },
    #[error("{file}:{line}:{column}: {message}")]
    Syntax {
        file: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{file}: {message}")]
    Mismatch { file: String, message: String },
}

/// The pattern file formats roth knows, chosen by file extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatternFormat {
    Json,
    Atalanta,
    Stil,
}

impl PatternFormat {
    /// The format for a path's extension: `.json`, `.test`, `.stil`/`.stl`.
    pub fn from_path(path: &Path) -> Option<PatternFormat> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "json" => Some(PatternFormat::Json),
            "test" => Some(PatternFormat::Atalanta),
            "stil" | "stl" => Some(PatternFormat::Stil),
            _ => None,
        }
    }
}

#[derive(Serialize, Deserialize)]
struct JsonFile {
    circuit: String,
    inputs: Vec<String>,
    outputs: Vec<String>,
    patterns: Vec<JsonPattern>,
}

#[derive(Serialize, Deserialize)]
struct JsonPattern {
    inputs: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    outputs: Option<String>,
}

fn bits_to_string(bits: &[Bit]) -> String {
    bits.iter().map(|b| b.to_char()).collect()
}

impl PatternSet {
    /// Patterns with their fault-free responses computed by simulation. The inputs must be
    /// fully specified.
    pub fn with_responses(netlist: &Netlist, packed: &PackedPatterns) -> PatternSet {
        let responses = responses(netlist, packed);
        let patterns = responses
            .into_iter()
            .enumerate()
            .map(|(i, outputs)| TestPattern {
                inputs: packed.pattern(i).into_iter().map(Bit::from_bool).collect(),
                outputs: Some(outputs.into_iter().map(Bit::from_bool).collect()),
            })
            .collect();
        PatternSet {
            circuit: netlist.name().to_owned(),
            inputs: names(netlist, netlist.inputs()),
            outputs: names(netlist, netlist.outputs()),
            patterns,
        }
    }

    /// Reads a pattern file; the format comes from the extension (`.json`, `.test`), or from
    /// the content when the extension is unknown.
    pub fn read(path: &Path) -> Result<PatternSet, PatternError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| PatternError::Io {
            file: file.clone(),
            message: e.to_string(),
        })?;
        let format = PatternFormat::from_path(path).unwrap_or_else(|| {
            if text.trim_start().starts_with('{') {
                PatternFormat::Json
            } else {
                PatternFormat::Atalanta
            }
        });
        match format {
            PatternFormat::Json => PatternSet::parse_json(&text, &file),
            PatternFormat::Atalanta => PatternSet::parse_atalanta(&text, &file),
            PatternFormat::Stil => Err(PatternError::Mismatch {
                file,
                message: "reading STIL is not supported; give patterns as .json or .test".into(),
            }),
        }
    }

    /// Parses the JSON pattern format.
    pub(crate) fn parse_json(text: &str, file: &str) -> Result<PatternSet, PatternError> {
        let parsed: JsonFile = serde_json::from_str(text).map_err(|e| PatternError::Syntax {
            file: file.to_owned(),
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        })?;
        let mut patterns = Vec::with_capacity(parsed.patterns.len());
        for (k, p) in parsed.patterns.iter().enumerate() {
            let field = |s: &str, what: &str, width: usize| -> Result<Vec<Bit>, PatternError> {
                let mismatch = |message: String| PatternError::Mismatch {
                    file: file.to_owned(),
                    message,
                };
                let bits = s
                    .chars()
                    .enumerate()
                    .map(|(i, c)| {
                        Bit::from_char(c).ok_or_else(|| {
                            mismatch(format!(
                                "pattern {k}: {what} character {} is '{c}', expected 0, 1 or X",
                                i + 1
                            ))
                        })
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                if bits.len() != width {
                    return Err(mismatch(format!(
                        "pattern {k}: {what} has {} values but {width} {what} are named",
                        bits.len()
                    )));
                }
                Ok(bits)
            };
            patterns.push(TestPattern {
                inputs: field(&p.inputs, "inputs", parsed.inputs.len())?,
                outputs: p
                    .outputs
                    .as_deref()
                    .map(|o| field(o, "outputs", parsed.outputs.len()))
                    .transpose()?,
            });
        }
        Ok(PatternSet {
            circuit: parsed.circuit,
            inputs: parsed.inputs,
            outputs: parsed.outputs,
            patterns,
        })
    }

    /// Parses the Atalanta `.test` format. Lines of fault names (`G1->G5 /1`) that Atalanta
    /// writes in some modes are skipped; pattern lines are `N: INPUTS [OUTPUTS]`. A file whose
    /// first line that is not a `*` comment is already a pattern (`N: BITS` or bare `BITS`)
    /// names no inputs or outputs: its values are by position, every line as wide as the first.
    pub(crate) fn parse_atalanta(text: &str, file: &str) -> Result<PatternSet, PatternError> {
        #[derive(PartialEq)]
        enum Section {
            Preamble,
            Inputs,
            Outputs,
            Patterns,
        }
        let syntax = |line: usize, column: usize, message: String| PatternError::Syntax {
            file: file.to_owned(),
            line,
            column,
            message,
        };
        let mut section = Section::Preamble;
        // A headerless file: the widths its first pattern line set (inputs, outputs).
        let mut positional: Option<(usize, Option<usize>)> = None;
        let mut headerless = false;
        let mut set = PatternSet {
            circuit: String::new(),
            inputs: Vec::new(),
            outputs: Vec::new(),
            patterns: Vec::new(),
        };
        for (index, raw) in text.lines().enumerate() {
            let line_no = index + 1;
            let line = raw.trim_end_matches('\r');
            let trimmed = line.trim();
            if let Some(header) = trimmed.strip_prefix('*') {
                let header = header.trim().to_ascii_lowercase();
                if let Some(name) = header.strip_prefix("name of circuit:") {
                    let start = trimmed.len() - name.len();
                    set.circuit = trimmed[start..]
                        .trim()
                        .trim_end_matches(".bench")
                        .to_owned();
                } else if header.starts_with("primary inputs") {
                    section = Section::Inputs;
                } else if header.starts_with("primary outputs") {
                    section = Section::Outputs;
                } else if header.starts_with("test patterns") {
                    section = Section::Patterns;
                }
                continue;
            }
            if trimmed.is_empty() {
                continue;
            }
            match section {
                Section::Inputs => set
                    .inputs
                    .extend(trimmed.split_whitespace().map(String::from)),
                Section::Outputs => set
                    .outputs
                    .extend(trimmed.split_whitespace().map(String::from)),
                Section::Preamble if !is_pattern_line(trimmed) => {
                    return Err(syntax(
                        line_no,
                        1,
                        "expected an Atalanta header line starting with '*', or a pattern line \
                         'N: BITS' or 'BITS' (values by position)"
                            .into(),
                    ));
                }
                Section::Preamble | Section::Patterns => {
                    if section == Section::Preamble {
                        section = Section::Patterns;
                        headerless = true;
                    }
                    let rest = match trimmed.split_once(':') {
                        Some((number, rest)) => {
                            if number.trim().parse::<u64>().is_err() {
                                return Err(syntax(
                                    line_no,
                                    1,
                                    format!(
                                        "expected a pattern number before ':', found '{}'",
                                        number.trim()
                                    ),
                                ));
                            }
                            rest
                        }
                        None if is_pattern_line(trimmed) => trimmed,
                        None if is_atalanta_fault_line(trimmed) => continue,
                        None => {
                            return Err(syntax(
                                line_no,
                                1,
                                "expected a pattern line 'N: INPUTS OUTPUTS'".into(),
                            ));
                        }
                    };
                    // `part` is a slice of `line`: its column follows from its address.
                    let column_of = |part: &str| {
                        let offset = part.as_ptr() as usize - line.as_ptr() as usize;
                        line[..offset].chars().count() + 1
                    };
                    let mut fields = rest.split_whitespace();
                    let parse = |part: &str,
                                 width: Option<usize>,
                                 what: &str|
                     -> Result<Vec<Bit>, PatternError> {
                        let bits: Vec<Bit> = part
                            .chars()
                            .enumerate()
                            .map(|(i, c)| {
                                Bit::from_char(c).ok_or_else(|| {
                                    syntax(
                                        line_no,
                                        column_of(part) + i,
                                        format!("expected 0, 1 or X, found '{c}'"),
                                    )
                                })
                            })
                            .collect::<Result<_, _>>()?;
                        match width {
                            Some(width) if bits.len() != width => {
                                let source = if headerless {
                                    "the first pattern has"
                                } else {
                                    "the header names"
                                };
                                Err(syntax(
                                    line_no,
                                    column_of(part),
                                    format!("{} {what} values, but {source} {width}", bits.len()),
                                ))
                            }
                            _ => Ok(bits),
                        }
                    };
                    let Some(inputs) = fields.next() else {
                        return Err(syntax(
                            line_no,
                            line.len() + 1,
                            "pattern line has no values".into(),
                        ));
                    };
                    let (input_width, output_width) = match positional {
                        Some((i, o)) => (Some(i), o),
                        None if headerless => (None, None),
                        None => (Some(set.inputs.len()), Some(set.outputs.len())),
                    };
                    let inputs = parse(inputs, input_width, "input")?;
                    let outputs = fields
                        .next()
                        .map(|o| parse(o, output_width, "output"))
                        .transpose()?;
                    if headerless {
                        match positional {
                            None => {
                                positional = Some((inputs.len(), outputs.as_ref().map(Vec::len)))
                            }
                            // Responses on some lines only: the first that has them sets
                            // their width.
                            Some((i, None)) => {
                                positional = Some((i, outputs.as_ref().map(Vec::len)))
                            }
                            Some(_) => {}
                        }
                    }
                    if let Some(extra) = fields.next() {
                        return Err(syntax(
                            line_no,
                            column_of(extra),
                            format!("unexpected '{extra}' after the output values"),
                        ));
                    }
                    set.patterns.push(TestPattern { inputs, outputs });
                }
            }
        }
        if section != Section::Patterns {
            return Err(PatternError::Mismatch {
                file: file.to_owned(),
                message: "no '* Test patterns and fault free responses:' section".into(),
            });
        }
        Ok(set)
    }

    /// Replaces don't-care input bits; random fill draws from `rng` pattern by pattern, bit by
    /// bit, so it depends only on the seed and the file.
    pub fn fill(&mut self, fill: Fill, rng: &mut Rng) {
        for p in &mut self.patterns {
            for b in &mut p.inputs {
                if *b == Bit::X {
                    *b = match fill {
                        Fill::Zero => Bit::Zero,
                        Fill::One => Bit::One,
                        Fill::Random => Bit::from_bool(rng.next_u64() & 1 == 1),
                    };
                }
            }
        }
    }

    /// Maps the patterns onto `netlist`'s scan-view inputs. Inputs are matched by name, so a
    /// file may list them in any order; every circuit input must be present and every file
    /// input must exist. Fails on don't-care bits (fill them first).
    pub fn bind(&self, netlist: &Netlist, file: &str) -> Result<BoundPatterns, PatternError> {
        let mismatch = |message: String| PatternError::Mismatch {
            file: file.to_owned(),
            message,
        };
        let scan_inputs = names(netlist, netlist.inputs());
        let input_order = if self.inputs.is_empty() && !scan_inputs.is_empty() {
            let widths = self.patterns.iter().map(|p| p.inputs.len());
            by_position(widths, scan_inputs.len(), netlist, "input").map_err(&mismatch)?
        } else {
            map_names(&self.inputs, &scan_inputs, "input").map_err(&mismatch)?
        };
        let output_order = if self.patterns.iter().any(|p| p.outputs.is_some()) {
            let scan_outputs = names(netlist, netlist.outputs());
            Some(if self.outputs.is_empty() && !scan_outputs.is_empty() {
                let widths = self.patterns.iter().filter_map(|p| p.outputs.as_ref());
                by_position(widths.map(Vec::len), scan_outputs.len(), netlist, "output")
                    .map_err(&mismatch)?
            } else {
                map_names(&self.outputs, &scan_outputs, "output").map_err(&mismatch)?
            })
        } else {
            None
        };
        let mut packed = PackedPatterns::new(netlist.inputs().len());
        let mut expected = Vec::new();
        for (k, p) in self.patterns.iter().enumerate() {
            let mut bits = Vec::with_capacity(input_order.len());
            for &i in &input_order {
                match p.inputs[i] {
                    Bit::Zero => bits.push(false),
                    Bit::One => bits.push(true),
                    Bit::X => {
                        return Err(mismatch(format!(
                            "pattern {k} leaves input '{}' unspecified (X); give --fill 0, 1 or random",
                            self.inputs[i]
                        )));
                    }
                }
            }
            packed.push(bits);
            expected.push(match (&p.outputs, &output_order) {
                (Some(o), Some(order)) => Some(order.iter().map(|&i| o[i]).collect()),
                _ => None,
            });
        }
        Ok(BoundPatterns { packed, expected })
    }

    /// Writes the set in `format`. STIL needs the netlist to know which inputs are scanned.
    pub fn write(&self, netlist: &Netlist, format: PatternFormat) -> String {
        match format {
            PatternFormat::Json => self.to_json(),
            PatternFormat::Atalanta => self.to_atalanta(),
            PatternFormat::Stil => self.to_stil(netlist),
        }
    }

    /// The JSON form, one pattern per line.
    pub(crate) fn to_json(&self) -> String {
        let mut out = String::new();
        let list = |names: &[String]| serde_json::to_string(names).expect("strings serialize");
        let _ = write!(
            out,
            "{{\n  \"circuit\": {},\n  \"inputs\": {},\n  \"outputs\": {},\n  \"patterns\": [",
            serde_json::to_string(&self.circuit).expect("strings serialize"),
            list(&self.inputs),
            list(&self.outputs)
        );
        for (k, p) in self.patterns.iter().enumerate() {
            let json = JsonPattern {
                inputs: bits_to_string(&p.inputs),
                outputs: p.outputs.as_deref().map(bits_to_string),
            };
            let sep = if k == 0 { "" } else { "," };
            let _ = write!(
                out,
                "{sep}\n    {}",
                serde_json::to_string(&json).expect("patterns serialize")
            );
        }
        out.push_str("\n  ]\n}\n");
        out
    }

    /// The Atalanta `.test` form.
    pub(crate) fn to_atalanta(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "* Name of circuit:  {}.bench", self.circuit);
        let _ = writeln!(out, "* Primary inputs :");
        write_name_rows(&mut out, &self.inputs);
        let _ = writeln!(out, "* Primary outputs:");
        write_name_rows(&mut out, &self.outputs);
        let _ = writeln!(out, "\n* Test patterns and fault free responses:\n");
        for (k, p) in self.patterns.iter().enumerate() {
            let _ = write!(out, "{:4}: {}", k + 1, bits_to_string(&p.inputs));
            if let Some(o) = &p.outputs {
                let _ = write!(out, " {}", bits_to_string(o));
            }
            out.push('\n');
        }
        out
    }

    /// The STIL form. Written by `StilWriter`.
    pub(crate) fn to_stil(&self, netlist: &Netlist) -> String {
        StilWriter { netlist, set: self }.to_string()
    }
}

/// Whether a line is a pattern of a headerless file: `N: BITS [BITS]` or `BITS [BITS]`.
fn is_pattern_line(line: &str) -> bool {
    let values = match line.split_once(':') {
        Some((number, rest)) if number.trim().parse::<u64>().is_ok() => rest,
        Some(_) => return false,
        None => line,
    };
    let mut fields = values.split_whitespace();
    let bits = |f: &str| f.chars().all(|c| Bit::from_char(c).is_some());
    matches!(
        (fields.next(), fields.next(), fields.next()),
        (Some(i), o, None) if bits(i) && o.is_none_or(bits)
    )
}

fn is_atalanta_fault_line(line: &str) -> bool {
    let mut parts = line.split_whitespace();
    matches!(
        (parts.next(), parts.next(), parts.next()),
        (Some(_), Some("/0" | "/1"), None)
    )
}

fn write_name_rows(out: &mut String, names: &[String]) {
    for row in names.chunks(13) {
        let _ = writeln!(out, "  {}", row.join(" "));
    }
    out.push('\n');
}

fn names(netlist: &Netlist, nodes: &[super::netlist::NodeId]) -> Vec<String> {
    nodes
        .iter()
        .map(|&n| netlist.net_name(n).to_owned())
        .collect()
}

/// The identity order for values given by position, when every pattern has as many as the
/// circuit's scan view (an error naming that order otherwise).
fn by_position(
    widths: impl Iterator<Item = usize>,
    count: usize,
    netlist: &Netlist,
    what: &str,
) -> Result<Vec<usize>, String> {
    if let Some((k, width)) = widths.enumerate().find(|&(_, w)| w != count) {
        let order = if netlist.dffs().is_empty() {
            format!("its primary {what}s in declaration order")
        } else if what == "input" {
            "its primary inputs in declaration order, then its flip-flops' outputs in \
             flip-flop order"
                .to_owned()
        } else {
            "its primary outputs in declaration order, then its flip-flops' data inputs in \
             flip-flop order"
                .to_owned()
        };
        return Err(format!(
            "pattern {k} has {width} {what} values, but the file names no {what}s, so they are \
             taken by position, and the circuit has {count} ({order})"
        ));
    }
    Ok((0..count).collect())
}

/// For each wanted name, its position among `given`. When the lists are equal position by
/// position (which also covers repeated names, e.g. a net that is both a primary and a
/// pseudo-primary output) they map one to one; otherwise names must be unique.
fn map_names(given: &[String], wanted: &[String], what: &str) -> Result<Vec<usize>, String> {
    if given == wanted {
        return Ok((0..wanted.len()).collect());
    }
    let mut position = hashbrown::HashMap::new();
    for (i, name) in given.iter().enumerate() {
        if position.insert(name.as_str(), i).is_some() {
            return Err(format!("{what} '{name}' is listed twice"));
        }
    }
    let missing: Vec<&str> = wanted
        .iter()
        .filter(|n| !position.contains_key(n.as_str()))
        .map(String::as_str)
        .collect();
    let wanted_set: hashbrown::HashSet<&str> = wanted.iter().map(String::as_str).collect();
    let unknown: Vec<&str> = given
        .iter()
        .filter(|n| !wanted_set.contains(n.as_str()))
        .map(String::as_str)
        .collect();
    if !missing.is_empty() || !unknown.is_empty() {
        let show = |v: &[&str]| {
            let mut s = v
                .iter()
                .take(5)
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(", ");
            if v.len() > 5 {
                s.push_str(&format!(" and {} more", v.len() - 5));
            }
            s
        };
        let mut parts = Vec::new();
        if !missing.is_empty() {
            parts.push(format!(
                "the circuit's {what}s {} are missing",
                show(&missing)
            ));
        }
        if !unknown.is_empty() {
            parts.push(format!("{what}s {} are not in the circuit", show(&unknown)));
        }
        return Err(format!(
            "the patterns do not fit the circuit: {}",
            parts.join("; ")
        ));
    }
    Ok(wanted.iter().map(|n| position[n.as_str()]).collect())
}

/// Patterns mapped onto a netlist's input order, ready to simulate.
#[derive(Clone, Debug)]
pub struct BoundPatterns {
    pub packed: PackedPatterns,
    /// Stored responses in the netlist's output order, where the file had them.
    pub expected: Vec<Option<Vec<Bit>>>,
}

impl BoundPatterns {
    /// Indices of patterns whose stored response differs from the fault-free response of
    /// `netlist` (X in a stored response matches anything).
    pub fn response_mismatches(&self, netlist: &Netlist) -> Vec<usize> {
        if self.expected.iter().all(Option::is_none) {
            return Vec::new();
        }
        let actual = responses(netlist, &self.packed);
        self.expected
            .iter()
            .zip(&actual)
            .enumerate()
            .filter(|(_, (expected, actual))| {
                expected.as_ref().is_some_and(|e| {
                    e.iter()
                        .zip(actual.iter())
                        .any(|(&e, &a)| e != Bit::X && e != Bit::from_bool(a))
                })
            })
            .map(|(k, _)| k)
            .collect()
    }
}

/// Writes STIL 1.0. Combinational circuits get one `V` vector per pattern on the primary
/// inputs and outputs. Circuits with flip-flops get a full-scan protocol: one scan chain
/// through every flip-flop, shifted by `load_unload`, and a `capture` procedure that applies
/// the primary inputs, measures the primary outputs and pulses the clock.
///
/// Scan data strings list flip-flop values in declaration order (the order of the
/// pseudo-primary inputs and outputs in the other formats). The chain's `ScanCells` are listed
/// from scan-in to scan-out in reverse declaration order, so the first flip-flop sits next to
/// scan-out and the first character shifted in or out is its value, as STIL requires.
struct StilWriter<'a> {
    netlist: &'a Netlist,
    set: &'a PatternSet,
}

impl StilWriter<'_> {
    fn scan_signal_name(&self, base: &str) -> String {
        let mut name = base.to_owned();
        let mut k = 1;
        while self.netlist.find(&name).is_some() {
            name = format!("{base}_{k}");
            k += 1;
        }
        name
    }
}

fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""))
}

fn group(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| quoted(n))
        .collect::<Vec<_>>()
        .join(" + ")
}

impl fmt::Display for StilWriter<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.netlist;
        let pis: Vec<&str> = n.primary_inputs().iter().map(|&i| n.net_name(i)).collect();
        let pos: Vec<&str> = n.primary_outputs().iter().map(|&o| n.net_name(o)).collect();
        let npi = pis.len();
        let npo = pos.len();
        let scan = !n.dffs().is_empty();
        let (si, so, se, ck) = (
            self.scan_signal_name("test_si"),
            self.scan_signal_name("test_so"),
            self.scan_signal_name("test_se"),
            self.scan_signal_name("test_clk"),
        );

        writeln!(f, "STIL 1.0;\n")?;
        writeln!(f, "Header {{")?;
        writeln!(
            f,
            "  Title {};",
            quoted(&format!("roth test patterns for {}", self.set.circuit))
        )?;
        writeln!(f, "  Source \"roth {}\";", env!("CARGO_PKG_VERSION"))?;
        if scan {
            writeln!(
                f,
                "  Ann {{* full scan: scan data strings list flip-flop values in declaration order *}}"
            )?;
        }
        writeln!(f, "}}\n")?;

        writeln!(f, "Signals {{")?;
        for p in &pis {
            writeln!(f, "  {} In;", quoted(p))?;
        }
        for p in &pos {
            writeln!(f, "  {} Out;", quoted(p))?;
        }
        if scan {
            writeln!(f, "  {} In {{ ScanIn; }}", quoted(&si))?;
            writeln!(f, "  {} Out {{ ScanOut; }}", quoted(&so))?;
            writeln!(f, "  {} In;", quoted(&se))?;
            writeln!(f, "  {} In;", quoted(&ck))?;
        }
        writeln!(f, "}}\n")?;

        writeln!(f, "SignalGroups {{")?;
        if npi > 0 {
            writeln!(f, "  \"_pi\" = '{}';", group(&pis))?;
        }
        if npo > 0 {
            writeln!(f, "  \"_po\" = '{}';", group(&pos))?;
        }
        writeln!(f, "}}\n")?;

        writeln!(f, "Timing {{")?;
        writeln!(f, "  WaveformTable \"_default_WFT_\" {{")?;
        writeln!(f, "    Period '100ns';")?;
        writeln!(f, "    Waveforms {{")?;
        if npi > 0 {
            writeln!(f, "      \"_pi\" {{ 01 {{ '0ns' D/U; }} }}")?;
        }
        if npo > 0 {
            writeln!(f, "      \"_po\" {{ LHX {{ '0ns' X; '40ns' L/H/X; }} }}")?;
        }
        if scan {
            writeln!(f, "      {} {{ 01 {{ '0ns' D/U; }} }}", quoted(&si))?;
            writeln!(f, "      {} {{ 01 {{ '0ns' D/U; }} }}", quoted(&se))?;
            writeln!(
                f,
                "      {} {{ LHX {{ '0ns' X; '40ns' L/H/X; }} }}",
                quoted(&so)
            )?;
            writeln!(
                f,
                "      {} {{ 0 {{ '0ns' D; }} P {{ '0ns' D; '50ns' U; '80ns' D; }} }}",
                quoted(&ck)
            )?;
        }
        writeln!(f, "    }}\n  }}\n}}\n")?;

        if scan {
            let cells: Vec<String> = n
                .dffs()
                .iter()
                .rev()
                .map(|d| quoted(n.net_name(d.q)))
                .collect();
            writeln!(f, "ScanStructures {{")?;
            writeln!(f, "  ScanChain \"chain1\" {{")?;
            writeln!(f, "    ScanLength {};", cells.len())?;
            writeln!(f, "    ScanIn {};", quoted(&si))?;
            writeln!(f, "    ScanOut {};", quoted(&so))?;
            writeln!(f, "    ScanMasterClock {};", quoted(&ck))?;
            writeln!(f, "    ScanCells {};", cells.join(" "))?;
            writeln!(f, "  }}\n}}\n")?;
        }

        writeln!(
            f,
            "PatternBurst \"_burst_\" {{ PatList {{ \"_pattern_\" {{ }} }} }}\n"
        )?;
        writeln!(f, "PatternExec {{ PatternBurst \"_burst_\"; }}\n")?;

        if scan {
            writeln!(f, "Procedures {{")?;
            writeln!(f, "  \"load_unload\" {{")?;
            writeln!(f, "    W \"_default_WFT_\";")?;
            writeln!(f, "    V {{ {} = 1; {} = 0; }}", quoted(&se), quoted(&ck))?;
            writeln!(
                f,
                "    Shift {{ V {{ {} = #; {} = #; {} = P; }} }}",
                quoted(&si),
                quoted(&so),
                quoted(&ck)
            )?;
            writeln!(f, "  }}")?;
            writeln!(f, "  \"capture\" {{")?;
            writeln!(f, "    W \"_default_WFT_\";")?;
            let mut apply = format!("{} = 0;", quoted(&se));
            if npi > 0 {
                apply.push_str(&format!(" \"_pi\" = \\r{npi} #;"));
            }
            if npo > 0 {
                apply.push_str(&format!(" \"_po\" = \\r{npo} #;"));
            }
            writeln!(f, "    V {{ {apply} }}")?;
            writeln!(f, "    V {{ {} = P; }}", quoted(&ck))?;
            writeln!(f, "  }}\n}}\n")?;
        }

        writeln!(f, "Pattern \"_pattern_\" {{")?;
        writeln!(f, "  W \"_default_WFT_\";")?;
        let expect = |b: Bit| match b {
            Bit::Zero => 'L',
            Bit::One => 'H',
            Bit::X => 'X',
        };
        let drive = |b: Bit| match b {
            Bit::One => '1',
            // A don't care is driven low: the tester must drive something.
            Bit::Zero | Bit::X => '0',
        };
        let mut previous_unload: Option<String> = None;
        for (k, p) in self.set.patterns.iter().enumerate() {
            let pi_values: String = p.inputs[..npi].iter().map(|&b| drive(b)).collect();
            let ppi_values: String = p.inputs[npi..].iter().map(|&b| drive(b)).collect();
            let po_values: String = p.outputs.as_ref().map_or_else(
                || "X".repeat(npo),
                |o| o[..npo].iter().map(|&b| expect(b)).collect(),
            );
            if scan {
                let ppo_values: String = p.outputs.as_ref().map_or_else(
                    || "X".repeat(n.dffs().len()),
                    |o| o[npo..].iter().map(|&b| expect(b)).collect(),
                );
                let mut load = format!("{} = {ppi_values};", quoted(&si));
                if let Some(u) = previous_unload.take() {
                    load = format!("{} = {u}; {load}", quoted(&so));
                }
                writeln!(f, "  \"pattern {k}\": Call \"load_unload\" {{ {load} }}")?;
                let mut capture = String::new();
                if npi > 0 {
                    capture.push_str(&format!("\"_pi\" = {pi_values}; "));
                }
                if npo > 0 {
                    capture.push_str(&format!("\"_po\" = {po_values}; "));
                }
                writeln!(f, "  Call \"capture\" {{ {capture}}}")?;
                previous_unload = Some(ppo_values);
            } else {
                let mut v = String::new();
                if npi > 0 {
                    v.push_str(&format!("\"_pi\" = {pi_values}; "));
                }
                if npo > 0 {
                    v.push_str(&format!("\"_po\" = {po_values}; "));
                }
                writeln!(f, "  \"pattern {k}\": V {{ {v}}}")?;
            }
        }
        if let Some(u) = previous_unload {
            writeln!(
                f,
                "  \"end\": Call \"load_unload\" {{ {} = {u}; }}",
                quoted(&so)
            )?;
        }
        writeln!(f, "}}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::bench::parse_bench;

    fn c17() -> Netlist {
        let text = "INPUT(1)\nINPUT(2)\nINPUT(3)\nINPUT(6)\nINPUT(7)\nOUTPUT(22)\nOUTPUT(23)\n10 = NAND(1, 3)\n11 = NAND(3, 6)\n16 = NAND(2, 11)\n19 = NAND(11, 7)\n22 = NAND(10, 16)\n23 = NAND(16, 19)\n";
        parse_bench(text, "c17", "c17.bench").unwrap().netlist
    }

    fn sample(n: &Netlist) -> PatternSet {
        let packed = PackedPatterns::random(n.inputs().len(), 9, &mut Rng::new(1));
        PatternSet::with_responses(n, &packed)
    }

    #[test]
    fn json_round_trip() {
        let n = c17();
        let set = sample(&n);
        let text = set.to_json();
        assert_eq!(PatternSet::parse_json(&text, "p.json").unwrap(), set);
    }

    #[test]
    fn atalanta_round_trip_and_real_layout() {
        let n = c17();
        let set = sample(&n);
        let text = set.to_atalanta();
        assert!(
            text.starts_with("* Name of circuit:  c17.bench\n* Primary inputs :\n  1 2 3 6 7\n")
        );
        assert_eq!(PatternSet::parse_atalanta(&text, "p.test").unwrap(), set);
        // Atalanta's own layout: trailing blanks, numbered lines, fault lines in between.
        let atalanta = "* Name of circuit:  c17.bench\n* Primary inputs :\n  1 2 3 6 7 \n  \n* Primary outputs:\n  22 23 \n  \n\n* Test patterns and fault free responses:\n\n22 /1\n   1: 00000 00\n   2: 10001 01\n";
        let parsed = PatternSet::parse_atalanta(atalanta, "a.test").unwrap();
        assert_eq!(parsed.inputs, ["1", "2", "3", "6", "7"]);
        assert_eq!(parsed.patterns.len(), 2);
        assert!(
            parsed
                .bind(&n, "a.test")
                .unwrap()
                .response_mismatches(&n)
                .is_empty()
        );
    }

    #[test]
    fn atalanta_errors_have_positions() {
        let bad = "* Primary inputs :\n  a b\n* Primary outputs:\n  y\n* Test patterns and fault free responses:\n   1: 0z 1\n";
        let e = PatternSet::parse_atalanta(bad, "a.test")
            .unwrap_err()
            .to_string();
        assert_eq!(e, "a.test:6:8: expected 0, 1 or X, found 'z'");
        let short = "* Primary inputs :\n  a b\n* Primary outputs:\n  y\n* Test patterns and fault free responses:\n   1: 011 1\n";
        let e = PatternSet::parse_atalanta(short, "a.test")
            .unwrap_err()
            .to_string();
        assert_eq!(e, "a.test:6:7: 3 input values, but the header names 2");
    }

    #[test]
    fn headerless_files_are_read_by_position() {
        let n = c17();
        let set = sample(&n);
        // quaigh's .test: two comment lines, numbered patterns, no names, no responses.
        let mut quaigh = String::from("* Test pattern file\n* generated by quaigh\n");
        let mut plain = String::new();
        for (k, p) in set.patterns.iter().enumerate() {
            let bits = bits_to_string(&p.inputs);
            quaigh.push_str(&format!("{}: {bits}\n", k + 1));
            let response = bits_to_string(p.outputs.as_ref().unwrap());
            plain.push_str(&format!("{bits} {response}\r\n"));
        }
        for (text, with_responses) in [(quaigh, false), (plain, true)] {
            let parsed = PatternSet::parse_atalanta(&text, "q.test").unwrap();
            assert!(parsed.inputs.is_empty() && parsed.outputs.is_empty());
            assert_eq!(parsed.patterns.len(), set.patterns.len());
            let named = set.bind(&n, "p").unwrap();
            let bound = parsed.bind(&n, "q.test").unwrap();
            for k in 0..set.patterns.len() {
                assert_eq!(bound.packed.pattern(k), named.packed.pattern(k));
            }
            assert_eq!(bound.expected == named.expected, with_responses);
            assert!(bound.response_mismatches(&n).is_empty());
        }
        // A wrong stored response is still caught by position.
        let wrong = PatternSet::parse_atalanta("00000 11\n", "w").unwrap();
        assert_eq!(wrong.bind(&n, "w").unwrap().response_mismatches(&n), [0]);
    }

    #[test]
    fn headerless_files_report_widths_against_the_first_line_and_the_circuit() {
        let uneven = "* quaigh\n1: 01010\n2: 0101\n";
        let e = PatternSet::parse_atalanta(uneven, "q.test")
            .unwrap_err()
            .to_string();
        assert_eq!(e, "q.test:3:4: 4 input values, but the first pattern has 5");
        let e = PatternSet::parse_atalanta("01x1\nhello\n", "p.txt")
            .unwrap_err()
            .to_string();
        assert_eq!(e, "p.txt:2:1: expected a pattern line 'N: INPUTS OUTPUTS'");
        let e = PatternSet::parse_atalanta("hello\n", "p.txt")
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("p.txt:1:1: expected an Atalanta header line"),
            "{e}"
        );
        // Too narrow for the circuit: the error says which order positions follow.
        let narrow = PatternSet::parse_atalanta("0101\n", "p.txt").unwrap();
        let e = narrow.bind(&c17(), "p.txt").unwrap_err().to_string();
        assert_eq!(
            e,
            "p.txt: pattern 0 has 4 input values, but the file names no inputs, so they are taken by position, and the circuit has 5 (its primary inputs in declaration order)"
        );
        let s27 = "INPUT(a)\nINPUT(b)\nOUTPUT(y)\nq = DFF(d)\nd = NAND(a, q)\ny = NOT(b)\n";
        let s27 = parse_bench(s27, "s", "s.bench").unwrap().netlist;
        let e = narrow.bind(&s27, "p.txt").unwrap_err().to_string();
        assert!(
            e.ends_with("the circuit has 3 (its primary inputs in declaration order, then its flip-flops' outputs in flip-flop order)"),
            "{e}"
        );
        let fits = PatternSet::parse_atalanta("010\n", "p.txt").unwrap();
        assert_eq!(
            fits.bind(&s27, "p.txt").unwrap().packed.pattern(0),
            [false, true, false]
        );
    }

    #[test]
    fn bind_maps_by_name_and_reports_mismatches() {
        let n = c17();
        let mut set = sample(&n);
        set.inputs.reverse();
        for p in &mut set.patterns {
            p.inputs.reverse();
        }
        let bound = set.bind(&n, "p").unwrap();
        assert!(bound.response_mismatches(&n).is_empty());
        set.inputs[0] = "nope".into();
        let e = set.bind(&n, "p").unwrap_err().to_string();
        assert_eq!(
            e,
            "p: the patterns do not fit the circuit: the circuit's inputs '7' are missing; inputs 'nope' are not in the circuit"
        );
    }

    #[test]
    fn wrong_response_is_found() {
        let n = c17();
        let mut set = sample(&n);
        let o = set.patterns[3].outputs.as_mut().unwrap();
        o[0] = if o[0] == Bit::One {
            Bit::Zero
        } else {
            Bit::One
        };
        assert_eq!(set.bind(&n, "p").unwrap().response_mismatches(&n), vec![3]);
    }

    #[test]
    fn x_bits_need_a_fill() {
        let n = c17();
        let mut set = sample(&n);
        set.patterns[2].inputs[1] = Bit::X;
        let e = set.bind(&n, "p").unwrap_err().to_string();
        assert_eq!(
            e,
            "p: pattern 2 leaves input '2' unspecified (X); give --fill 0, 1 or random"
        );
        set.fill(Fill::One, &mut Rng::new(0));
        assert_eq!(set.patterns[2].inputs[1], Bit::One);
    }

    #[test]
    fn stil_combinational_and_scan() {
        let n = c17();
        let stil = sample(&n).to_stil(&n);
        assert!(stil.starts_with("STIL 1.0;"));
        assert!(stil.contains("\"_pi\" = '\"1\" + \"2\" + \"3\" + \"6\" + \"7\"';"));
        assert_eq!(stil.matches(": V {").count(), 9);

        let text = "INPUT(a)\nOUTPUT(y)\nq1 = DFF(y)\nq2 = DFF(a)\ny = AND(a, q1, q2)\n";
        let s = parse_bench(text, "s", "s.bench").unwrap().netlist;
        let mut packed = PackedPatterns::new(3);
        packed.push([true, true, false]);
        packed.push([true, true, true]);
        let stil = PatternSet::with_responses(&s, &packed).to_stil(&s);
        assert!(stil.contains("ScanCells \"q2\" \"q1\";"));
        // Pattern 0 loads q1=1, q2=0; captures y=0 into q1 and a=1 into q2: unload "LH".
        assert!(stil.contains("\"pattern 0\": Call \"load_unload\" { \"test_si\" = 10; }"));
        assert!(stil.contains(
            "\"pattern 1\": Call \"load_unload\" { \"test_so\" = LH; \"test_si\" = 11; }"
        ));
        assert!(stil.contains("\"end\": Call \"load_unload\" { \"test_so\" = HH; }"));
    }
}
