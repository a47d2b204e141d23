//! `roth check PATH...`: which methods of a set of Java files roth's front end accepts, and
//! why it skips the others, ranked, so that the share of a corpus roth can work on is measured
//! and the constructs worth supporting next stand out.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use serde::Serialize;

use roth::program::{Diagnostic, load};

use super::codebase::java_sources;
use super::common::program::{Indexed, source_root_of};
use super::common::{BadInput, CliError, Session, json, print};

#[derive(Debug, Args)]
#[command(after_help = "\
Each PATH is a .java file or a folder, searched recursively for .java files (in the order of
their paths). Every method and constructor is read and checked as roth mutate or roth testgen
would read it: it is accepted when it is inside the subset roth supports (docs/programs.md).
A file that cannot be read as Java at all (a syntax error outside a method, no class) is
reported with its place and its methods are not counted.

The summary gives the share of methods accepted and ranks the reasons of the others. Reasons
are grouped by the construct that blocks (`type List` for any List<...> parameter, local or
field, `library Integer.parseInt` for a library call). A secondary reason blocks a method
whose own code is inside the subset: it calls a method that is not (`calls an unsupported
method`), or its class's constructor is not. Those disappear when the primary reasons are
fixed.

Exit code 0 when every file was read, whatever the share; 2 when a PATH does not exist or
a file cannot be read.

Examples:
    roth check programs/
    roth check programs/Mid.java --verbose      # also each skipped method with its place
    roth check src/main/java --json > check.json")]
pub struct CheckArgs {
    /// Java files, or folders searched recursively for .java files.
    #[arg(required = true, value_name = "PATH")]
    paths: Vec<PathBuf>,

    /// Also list each skipped method with its place and reason.
    #[arg(long, short)]
    verbose: bool,

    /// A JSON report instead of the tables.
    #[arg(long)]
    json: bool,
}

/// What `roth check` found, as `--json` prints it and the tables show it.
#[derive(Serialize)]
struct Report {
    files: Vec<FileCheck>,
    summary: Summary,
    /// Every reason key with its methods, most methods first, ties by key.
    reasons: Vec<Reason>,
}

/// One file as the front end saw it.
#[derive(Serialize)]
struct FileCheck {
    file: String,
    /// Methods and constructors; `None` when the file could not be read as Java.
    methods: Option<usize>,
    accepted: Option<usize>,
    /// Why the file could not be read as Java.
    error: Option<Place>,
    skipped: Vec<Skip>,
    /// Members outside the subset that are not methods (nested types, initializer blocks):
    /// not counted, the methods they affect say so.
    skipped_members: Vec<Place>,
}

/// A message with its place, `path:line:column`.
#[derive(Serialize)]
struct Place {
    place: String,
    message: String,
}

impl From<&Diagnostic> for Place {
    fn from(d: &Diagnostic) -> Place {
        Place {
            place: format!("{}:{}:{}", d.path, d.line, d.column),
            message: d.message.clone(),
        }
    }
}

/// A method the front end does not accept.
#[derive(Serialize)]
struct Skip {
    /// `Class.name(int, int)`.
    method: String,
    #[serde(flatten)]
    reason: Place,
    key: String,
    secondary: bool,
}

#[derive(Serialize)]
struct Summary {
    files: usize,
    files_not_read: usize,
    methods: usize,
    accepted: usize,
    skipped: usize,
    share_percent: f64,
}

#[derive(Serialize)]
struct Reason {
    key: String,
    count: usize,
    share_of_skipped_percent: f64,
    secondary: bool,
    /// The first method it blocks, `path:line:column`.
    example: String,
}

pub fn check(session: &Session, args: CheckArgs) -> Result<ExitCode, CliError> {
    let mut paths: Vec<(PathBuf, usize)> = Vec::new();
    // Each file is read with the code base it belongs to: `--source-root`, else the folder
    // named, else the source root a file's package folders lead to.
    let mut code_bases = Vec::new();
    if let Some(root) = &session.source_root {
        code_bases.push(Some(Indexed::new(root)?));
    }
    // A file named twice (a file and its folder) is counted once.
    let mut seen = std::collections::HashSet::new();
    for root in &args.paths {
        if session.source_root.is_none() {
            // A folder is its own code base; a file, the source root its package leads to.
            let base = if root.is_dir() {
                Some(root.clone())
            } else {
                std::fs::read_to_string(root)
                    .ok()
                    .and_then(|text| source_root_of(root, &text))
            };
            code_bases.push(base.map(|b| Indexed::new(&b)).transpose()?);
        }
        for source in java_sources(root)? {
            if seen.insert(source.path.clone()) {
                paths.push((source.path, code_bases.len() - 1));
            }
        }
    }
    let files: Vec<FileCheck> = paths
        .iter()
        .map(|(p, c)| check_file(p, code_bases[*c].as_ref()))
        .collect::<Result<_, _>>()?;
    let report = summarize(files);
    let text = if args.json {
        json(&report)
    } else {
        table(&report, args.verbose)
    };
    print(&text)?;
    Ok(ExitCode::SUCCESS)
}

/// Reads and checks one file. A file that cannot be read is bad input; one that is not UTF-8
/// text or not Java is a file error, so that one odd file does not hide a corpus's figures.
fn check_file(path: &Path, code_base: Option<&Indexed>) -> Result<FileCheck, CliError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path)
        .with_context(|| format!("cannot read {name}"))
        .bad_input()?;
    let unit = match String::from_utf8(bytes) {
        Ok(source) => match code_base {
            Some(ix) => ix.load(path, &source),
            None => load(&name, &source),
        },
        Err(e) => Err(Diagnostic {
            path: name.clone(),
            line: 1,
            column: 1,
            message: format!("not UTF-8 text ({})", e.utf8_error()),
        }),
    };
    let mut file = FileCheck {
        file: name,
        methods: None,
        accepted: None,
        error: None,
        skipped: Vec::new(),
        skipped_members: Vec::new(),
    };
    let unit = match unit {
        Ok(unit) => unit,
        Err(d) => {
            file.error = Some(Place::from(&d));
            return Ok(file);
        }
    };
    // An abstract method has no code to analyse: neither accepted nor skipped.
    let all = || {
        unit.classes[..unit.file_classes()]
            .iter()
            .flat_map(|c| &c.methods)
            .filter(|m| m.is_declared())
    };
    let unsupported: Vec<&str> = all()
        .filter(|m| m.body.is_err())
        .map(|m| m.name.as_str())
        .collect();
    for (ci, class) in unit.classes[..unit.file_classes()].iter().enumerate() {
        for method in class.methods.iter().filter(|m| m.is_declared()) {
            let Err(reason) = &method.body else {
                continue;
            };
            let (key, secondary) = reason_key(&reason.message, &unsupported);
            let span = method.span.start as usize..method.span.end as usize;
            let declaration = unit.source.get(span).unwrap_or("");
            // A signature outside the subset leaves no parameter types to show.
            let signature = match declaration.split_once(&format!("{}(", method.name)) {
                Some((_, rest)) if method.params.is_empty() && !rest.trim().starts_with(')') => {
                    format!("{}(...)", method.name)
                }
                _ => method.signature(),
            };
            file.skipped.push(Skip {
                method: format!("{}.{signature}", unit.source_name(ci as u32)),
                reason: Place::from(reason),
                key,
                secondary,
            });
        }
    }
    file.methods = Some(all().count());
    file.accepted = Some(all().count() - file.skipped.len());
    file.skipped_members = unit.skipped.iter().map(Place::from).collect();
    Ok(file)
}

/// The totals and the ranked reasons of the files.
fn summarize(files: Vec<FileCheck>) -> Report {
    let methods: usize = files.iter().filter_map(|f| f.methods).sum();
    let accepted: usize = files.iter().filter_map(|f| f.accepted).sum();
    let skipped = methods - accepted;
    let mut by_key: BTreeMap<(&str, bool), Reason> = BTreeMap::new();
    for skip in files.iter().flat_map(|f| &f.skipped) {
        let reason = by_key
            .entry((&skip.key, skip.secondary))
            .or_insert_with(|| Reason {
                key: skip.key.clone(),
                count: 0,
                share_of_skipped_percent: 0.0,
                secondary: skip.secondary,
                example: skip.reason.place.clone(),
            });
        reason.count += 1;
        reason.share_of_skipped_percent = percent(reason.count, skipped);
    }
    let mut reasons: Vec<Reason> = by_key.into_values().collect();
    reasons.sort_by(|a, b| b.count.cmp(&a.count).then(a.key.cmp(&b.key)));
    let summary = Summary {
        files: files.len(),
        files_not_read: files.iter().filter(|f| f.error.is_some()).count(),
        methods,
        accepted,
        skipped,
        share_percent: percent(accepted, methods),
    };
    Report {
        files,
        summary,
        reasons,
    }
}

/// `part` of `whole` in percent; 0 of nothing is 0 %.
fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

fn table(report: &Report, verbose: bool) -> String {
    let mut out = String::new();
    for file in &report.files {
        if let Some(e) = &file.error {
            let (place, message) = (&e.place, &e.message);
            out.push_str(&format!(
                "{place}: {message} (file not read, its methods not counted)\n"
            ));
            continue;
        }
        let (accepted, methods) = (file.accepted.unwrap_or(0), file.methods.unwrap_or(0));
        out.push_str(&format!(
            "{}: {accepted} of {methods} methods accepted\n",
            file.file
        ));
        if verbose {
            for m in &file.skipped_members {
                let (place, message) = (&m.place, &m.message);
                out.push_str(&format!("{place}: {message} (not a method, not counted)\n"));
            }
            for s in &file.skipped {
                let (place, message) = (&s.reason.place, &s.reason.message);
                out.push_str(&format!("{place}: {}: {message}\n", s.method));
            }
        }
    }
    let s = &report.summary;
    out.push_str(&format!(
        "\nfiles      {:>8}   not read {:>8}\n\
         methods    {:>8}   accepted {:>8}   share {:.1} %\n\
         skipped    {:>8}\n",
        s.files, s.files_not_read, s.methods, s.accepted, s.share_percent, s.skipped
    ));
    if report.reasons.is_empty() {
        return out;
    }
    let width = report
        .reasons
        .iter()
        .map(|r| r.key.len())
        .max()
        .unwrap_or(0);
    out.push_str(&format!(
        "\n{:<width$}  {:>7}  {:>10}  {:<9}  example\n",
        "reason", "methods", "of skipped", "kind"
    ));
    for r in &report.reasons {
        let kind = if r.secondary { "secondary" } else { "primary" };
        out.push_str(&format!(
            "{:<width$}  {:>7}  {:>8.1} %  {kind:<9}  {}\n",
            r.key, r.count, r.share_of_skipped_percent, r.example
        ));
    }
    out
}

const OUTSIDE: &str = " is outside the supported subset";

/// The key a skipped method's message is ranked under, and whether the reason is secondary
/// (the method's own code is inside the subset; another method it needs is not, and is counted
/// with its own reason). Messages that differ in incidental details (a type's arguments, a
/// callee's name, an explanation in parentheses) share a key; the construct that blocks stays.
/// `unsupported` names the file's methods that are skipped themselves.
fn reason_key(message: &str, unsupported: &[&str]) -> (String, bool) {
    // A field's own problem is the root cause of the methods that use it.
    if let Some((_, cause)) = message
        .strip_prefix("uses field ")
        .and_then(|rest| rest.split_once(": "))
    {
        return reason_key(cause, unsupported);
    }
    let calls = message.starts_with("calls ")
        && message.ends_with(", which is outside the supported subset");
    // A method whose signature is outside the subset cannot even be found by its callers.
    let missing = message.strip_prefix("cannot find symbol: ");
    let unfound = missing.and_then(|m| m.strip_prefix("method "));
    if calls || unfound.is_some_and(|name| unsupported.contains(&name)) {
        return ("calls an unsupported method".to_string(), true);
    }
    if let Some(symbol) = missing {
        // A missing class is the construct; a missing method or variable's name is not.
        let kind = symbol.split(' ').next().unwrap_or(symbol);
        return match kind {
            "class" => (message.to_string(), false),
            "method" | "variable" => (format!("cannot find symbol: {kind}"), false),
            _ => ("cannot find symbol".to_string(), false),
        };
    }
    // Class-level reasons: what the class has, without the explanation after it.
    if message.starts_with("its class") || message.starts_with("uses a field of a class") {
        let end = message.find([',', ':']).unwrap_or(message.len());
        return (
            message[..end].to_string(),
            message.starts_with("its class's constructor"),
        );
    }
    let short = match message
        .strip_suffix(')')
        .and_then(|m| m.rfind(" (").map(|i| &m[..i]))
    {
        Some(without) => without,
        None => message,
    };
    let Some(construct) = short
        .strip_suffix(OUTSIDE)
        .or_else(|| short.strip_suffix(" are outside the supported subset"))
    else {
        return (short.to_string(), false);
    };
    if let Some(ty) = construct.strip_prefix("type ")
        && ty != "arguments"
    {
        // `List<Integer>` and `List<String>[]` are one missing type, `List`.
        let bare = ty.split('<').next().unwrap_or(ty);
        return (
            format!("type {}", bare.trim_end_matches("[]").trim()),
            false,
        );
    }
    if construct == "spread_parameter parameters" {
        return ("varargs parameters".to_string(), false);
    }
    if let Some((call, receiver)) = construct.split_once(" on ")
        && call.starts_with("calling ")
        && receiver.ends_with("[]")
    {
        return (format!("{call} on an array"), false);
    }
    // `Integer.parseInt`, `String.format(String, int)`: a library method, its arguments aside.
    let callee = construct.split('(').next().unwrap_or(construct);
    let dotted = callee.split('.').count() > 1
        && callee.split('.').all(|part| {
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '$')
        });
    if dotted {
        return (format!("library {callee}"), false);
    }
    (construct.to_string(), false)
}

#[cfg(test)]
mod tests {
    /// Real messages of the front end, each `message => key`, `*` after a secondary key; the
    /// file's method `helper` is skipped itself.
    const CASES: &str = "\
type List<Integer> is outside the supported subset (primitives, String, the code base's classes and arrays of them) => type List
type List<String> is outside the supported subset (primitives, String, the code base's classes and arrays of them) => type List
type Map.Entry<K, V> is outside the supported subset (primitives, String, the code base's classes and arrays of them) => type Map.Entry
type Foo[][] is outside the supported subset (primitives, String, the code base's classes and arrays of them) => type Foo
type List<int[]> is outside the supported subset (primitives, String, the code base's classes and arrays of them) => type List
type java.util.Scanner is outside the supported subset (primitives, String, the code base's classes and arrays of them) => type java.util.Scanner
uses field items: type ArrayList<Integer> is outside the supported subset (primitives, String, the code base's classes and arrays of them) => type ArrayList
calls sum(List, int), which is outside the supported subset => calls an unsupported method *
cannot find symbol: method helper => calls an unsupported method *
its class's constructor is outside the supported subset => its class's constructor is outside the supported subset *
its class extends another class, whose state is outside the supported subset => its class extends another class
its class is abstract: its objects belong to subclasses => its class is abstract
its class has an initializer block, which is outside the supported subset => its class has an initializer block
uses a field of a class with an initializer block, which is outside the supported subset => uses a field of a class with an initializer block
Integer.parseInt is outside the supported subset => library Integer.parseInt
String.format(String, int) is outside the supported subset => library String.format
System.out.flush is outside the supported subset => library System.out.flush
try/catch is outside the supported subset => try/catch
a `case ->` switch rule is outside the supported subset => a `case ->` switch rule
`var` is outside the supported subset => `var`
type arguments is outside the supported subset => type arguments
generic methods are outside the supported subset => generic methods
spread_parameter parameters are outside the supported subset => varargs parameters
switch on long is outside the supported subset (Java allows int, char, short, byte, String) => switch on long
printing an object (its toString) is outside the supported subset => printing an object (its toString)
System.out outside a print call is outside the supported subset => System.out outside a print call
calling clone on Playlist.Track[] is outside the supported subset => calling clone on an array
calling compareTo on int is outside the supported subset => calling compareTo on int
cannot find symbol: class Scanner => cannot find symbol: class Scanner
cannot find symbol: method tokenize => cannot find symbol: method
cannot find symbol: variable total in Account => cannot find symbol: variable
cannot find symbol: size in int[] => cannot find symbol
missing return statement => missing return statement
abstract and native methods have no body to analyse => abstract and native methods have no body to analyse
";

    #[test]
    fn reason_keys_keep_the_construct_and_drop_incidental_details() {
        for case in CASES.lines() {
            let (message, expected) = case.split_once(" => ").expect("a case");
            let (key, secondary) = match expected.strip_suffix(" *") {
                Some(key) => (key, true),
                None => (expected, false),
            };
            let got = super::reason_key(message, &["helper"]);
            assert_eq!(got, (key.to_string(), secondary), "{message}");
        }
    }
}
