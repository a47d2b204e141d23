//! Mutants made by other tools (PIT, Major, muJava, or by hand), given as the whole mutated
//! file or as a unified diff: roth finds the changed method and the changed text itself and
//! turns the change into a [`Mutant`] of the original, so the same equivalence analysis
//! answers a user's question about a mutant that survived elsewhere.
//!
//! The change is located by comparing the two files method by method: methods whose text
//! differs only in ways the compiler ignores (layout, comments, `x + 0`, ...) have the same
//! canonical form (`equivalence::canonical`) and do not count; the one method left is the
//! mutated one, and its edit is the span between the longest common prefix and suffix of
//! the two method texts, widened to whole tokens.

use std::sync::Arc;

use crate::program::mutants::mutant::{Mutant, Operator};
use crate::program::reader::ir::{Diagnostic, Expr, NodeId, Stmt, Unit};
use crate::program::reader::load;

/// What a mutated file is, relative to the original.
#[derive(Debug)]
pub enum Change {
    /// The same text.
    Identical,
    /// Every method compiles to the same canonical form: only layout, comments or
    /// value-preserving rewrites changed.
    CompilerEquivalent,
    /// One method changed: the mutant.
    Mutant(Box<Mutant>),
}

/// Why a mutated file cannot be analysed as one mutant.
#[derive(Debug, thiserror::Error)]
pub enum ChangeError {
    #[error("{0}")]
    Mutant(Diagnostic),
    #[error(
        "the mutant's classes or methods are not the original's ({0}): give the original and one mutation of it"
    )]
    Shape(String),
    #[error(
        "the mutant changes code outside any method ({0}); roth analyses changes to method bodies"
    )]
    OutsideMethods(String),
    #[error("the mutant changes {} methods ({}): a higher-order mutant; give one change at a time", .0.len(), .0.join(", "))]
    Several(Vec<String>),
    #[error("{0}")]
    Patch(String),
    /// The mutated method uses Java outside the supported subset.
    #[error("the mutated method is outside the supported subset: {0}")]
    Unsupported(Diagnostic),
}

/// A method's whole declaration text.
fn method_text(unit: &Unit, class: usize, method: usize) -> &str {
    let span = unit.classes[class].methods[method].span;
    &unit.source[span.range()]
}

/// The source with every method declaration cut out and whitespace dropped: what must be
/// equal for the change to be inside methods.
fn outside_methods(unit: &Unit) -> String {
    let mut spans: Vec<(usize, usize)> = unit
        .classes
        .iter()
        .flat_map(|c| {
            c.methods
                .iter()
                .map(|m| (m.span.start as usize, m.span.end as usize))
        })
        .collect();
    spans.sort_unstable();
    let mut out = String::new();
    let mut at = 0;
    for (s, e) in spans {
        if s >= at {
            out.push_str(&unit.source[at..s]);
            at = e;
        }
    }
    out.push_str(&unit.source[at..]);
    out.split_whitespace().collect()
}

/// What the mutated file (its path, for messages, and its whole text) changes in `original`.
pub fn find_change(
    original: &Unit,
    mutant_path: &str,
    mutated: &str,
) -> Result<Change, ChangeError> {
    if *original.source == *mutated {
        return Ok(Change::Identical);
    }
    let other = load(mutant_path, mutated).map_err(ChangeError::Mutant)?;
    let shape = |u: &Unit| -> Vec<(String, Vec<String>)> {
        u.classes
            .iter()
            .map(|c| {
                (
                    c.name.clone(),
                    c.methods.iter().map(|m| m.signature()).collect(),
                )
            })
            .collect()
    };
    let (a, b) = (shape(original), shape(&other));
    if a != b {
        let first = a.iter().zip(&b).find(|(x, y)| x != y).map_or_else(
            || format!("{} classes against {}", a.len(), b.len()),
            |(x, y)| format!("class {} against {}", x.0, y.0),
        );
        return Err(ChangeError::Shape(first));
    }
    if outside_methods(original) != outside_methods(&other) {
        return Err(ChangeError::OutsideMethods(
            "fields, constants or declarations".into(),
        ));
    }
    let mut changed = Vec::new();
    for (ci, class) in original.classes[..original.file_classes()]
        .iter()
        .enumerate()
    {
        for mi in 0..class.methods.len() {
            if method_text(original, ci, mi) == method_text(&other, ci, mi) {
                continue;
            }
            let canonical = |u: &Unit| {
                crate::program::proofs::equivalence::canonical(u, &u.classes[ci].methods[mi])
            };
            match (canonical(original), canonical(&other)) {
                (Some(x), Some(y)) if x == y => {}
                _ => changed.push((ci, mi)),
            }
        }
    }
    match changed.as_slice() {
        [] => Ok(Change::CompilerEquivalent),
        [(ci, mi)] => edit_of(original, &other, *ci, *mi).map(|m| Change::Mutant(Box::new(m))),
        _ => Err(ChangeError::Several(
            changed
                .iter()
                .map(|&(ci, mi)| {
                    format!(
                        "{}.{}",
                        original.classes[ci].name, original.classes[ci].methods[mi].name
                    )
                })
                .collect(),
        )),
    }
}

/// Operator characters: `<` and `<=` are one token, so an edit inside one takes all of it.
fn class_of(c: u8) -> u8 {
    if c.is_ascii_alphanumeric() || c == b'_' || c == b'$' {
        1
    } else if b"<>=!&|+-*/%^~?:".contains(&c) {
        2
    } else {
        0
    }
}

/// The mutant of method `mi` of class `ci`, whose text in `other` differs from the original's.
fn edit_of(original: &Unit, other: &Unit, ci: usize, mi: usize) -> Result<Mutant, ChangeError> {
    let (a, b) = (
        method_text(original, ci, mi).as_bytes(),
        method_text(other, ci, mi).as_bytes(),
    );
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let room = a.len().min(b.len()) - prefix;
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    let (mut start, mut a_end, mut b_end) = (prefix, a.len() - suffix, b.len() - suffix);
    // Widen to whole tokens on both sides, the same way in both texts.
    let first = if start < a_end {
        a[start]
    } else {
        b[start.min(b.len() - 1)]
    };
    while start > 0 && class_of(a[start - 1]) != 0 && class_of(a[start - 1]) == class_of(first) {
        start -= 1;
    }
    let last = if start < a_end {
        a[a_end - 1]
    } else {
        b[b_end.max(1) - 1]
    };
    while a_end < a.len() && class_of(a[a_end]) != 0 && class_of(a[a_end]) == class_of(last) {
        a_end += 1;
        b_end += 1;
    }
    // An insertion or deletion shows with the token beside it (`m` -> `m++`, not `` -> `++`).
    if start == a_end || start == b_end {
        if start > 0 && class_of(a[start - 1]) != 0 {
            let class = class_of(a[start - 1]);
            while start > 0 && class_of(a[start - 1]) == class {
                start -= 1;
            }
        } else if a_end < a.len() && class_of(a[a_end]) != 0 {
            let class = class_of(a[a_end]);
            while a_end < a.len() && class_of(a[a_end]) == class {
                a_end += 1;
                b_end += 1;
            }
        }
    }
    let base = original.classes[ci].methods[mi].span.start as usize;
    let (start_abs, end_abs) = (base + start, base + a_end);
    let replacement = String::from_utf8_lossy(&b[start..b_end]).into_owned();
    let mutant_source = format!(
        "{}{}{}",
        &original.source[..start_abs],
        replacement,
        &original.source[end_abs..]
    );
    // The original with just this edit: positions after it shift by a known amount, which
    // is how the analysis finds each region again in the mutant.
    let edited = load(&original.path, &mutant_source).map_err(ChangeError::Mutant)?;
    let mutated = edited.classes[ci].methods[mi].clone();
    if let Err(d) = &mutated.body {
        // Report it against the mutant's file and lines.
        let diagnostic = match &other.classes[ci].methods[mi].body {
            Err(theirs) => theirs.clone(),
            Ok(_) => d.clone(),
        };
        return Err(if diagnostic.message.starts_with("syntax error") {
            ChangeError::Mutant(diagnostic)
        } else {
            ChangeError::Unsupported(diagnostic)
        });
    }
    let method = &original.classes[ci].methods[mi];
    let site = method
        .body
        .as_ref()
        .ok()
        .and_then(|body| site_of(&body.stmts, start_abs as u32, end_abs as u32))
        .unwrap_or(NodeId(0));
    let (line, column) = original.position(start_abs as u32);
    Ok(Mutant {
        id: 1,
        operator: Operator::External,
        class: ci as u32,
        method: mi as u32,
        method_name: format!("{}.{}", original.classes[ci].name, method.signature()),
        line,
        column,
        original: original.source[start_abs..end_abs].to_string(),
        replacement,
        start: start_abs as u32,
        end: end_abs as u32,
        site,
        mutated: Some(Arc::new(mutated)),
    })
}

/// The smallest statement or expression whose span holds `[start, end)`; else the first
/// statement the edit overlaps (control enters an edited run of statements through it).
fn site_of(stmts: &[Stmt], start: u32, end: u32) -> Option<NodeId> {
    fn in_expr(e: &Expr, start: u32, end: u32) -> Option<NodeId> {
        if !(e.span.start <= start && end <= e.span.end) {
            return None;
        }
        e.children()
            .into_iter()
            .find_map(|c| in_expr(c, start, end))
            .or(Some(e.id))
    }
    for s in stmts {
        if s.span.start <= start && end <= s.span.end {
            let inner = s
                .substatements()
                .into_iter()
                .find_map(|sub| site_of(std::slice::from_ref(sub), start, end));
            let expr = s
                .expressions()
                .into_iter()
                .find_map(|e| in_expr(e, start, end));
            return inner.or(expr).or(Some(s.id));
        }
    }
    stmts
        .iter()
        .find(|s| s.span.end > start && s.span.start < end)
        .map(|s| s.id)
}

/// Applies a unified diff (`diff -u`, `git diff`) to `original`: the mutated text. Context
/// and removed lines must match; a hunk may sit a few lines off its stated place.
pub fn apply_patch(original: &str, patch: &str) -> Result<String, ChangeError> {
    let lines: Vec<&str> = original.split_inclusive('\n').collect();
    let mut out = String::new();
    let mut at = 0usize; // next original line to copy
    let mut hunks = 0;
    let mut patch_lines = patch.lines().enumerate().peekable();
    while let Some((n, line)) = patch_lines.next() {
        let Some(header) = line.strip_prefix("@@ -") else {
            continue;
        };
        hunks += 1;
        let bad = |what: &str| ChangeError::Patch(format!("patch line {}: {what}", n + 1));
        let start: usize = header
            .split([',', ' '])
            .next()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad("expected `@@ -LINE,COUNT +LINE,COUNT @@`"))?;
        // The hunk's old and new lines.
        let mut old: Vec<String> = Vec::new();
        let mut new: Vec<String> = Vec::new();
        while let Some((_, l)) = patch_lines.peek() {
            if l.starts_with("@@") || l.starts_with("--- ") || l.starts_with("diff ") {
                break;
            }
            let (_, l) = patch_lines.next().expect("peeked");
            match l.as_bytes().first() {
                Some(b' ') => {
                    old.push(l[1..].to_string());
                    new.push(l[1..].to_string());
                }
                Some(b'-') => old.push(l[1..].to_string()),
                Some(b'+') => new.push(l[1..].to_string()),
                Some(b'\\') => {} // "\ No newline at end of file"
                None => {
                    old.push(String::new());
                    new.push(String::new());
                }
                _ => return Err(bad("a hunk line must start with ' ', '-' or '+'")),
            }
        }
        let matches_at = |k: usize| {
            k + old.len() <= lines.len()
                && old
                    .iter()
                    .zip(&lines[k..])
                    .all(|(o, l)| o.as_str() == l.trim_end_matches(['\n', '\r']))
        };
        let stated = start.saturating_sub(1).max(at);
        let place = (0..=20)
            .flat_map(|d| [stated + d, stated.wrapping_sub(d)])
            .find(|&k| k >= at && k <= lines.len() && matches_at(k))
            .ok_or_else(|| {
                bad(&format!(
                    "the hunk does not match the original near line {start}"
                ))
            })?;
        for l in &lines[at..place] {
            out.push_str(l);
        }
        let ending = if lines.first().is_some_and(|l| l.ends_with("\r\n")) {
            "\r\n"
        } else {
            "\n"
        };
        for (k, l) in new.iter().enumerate() {
            out.push_str(l);
            let last_line_of_file = place + old.len() == lines.len() && k + 1 == new.len();
            if !last_line_of_file || original.ends_with('\n') {
                out.push_str(ending);
            }
        }
        at = place + old.len();
    }
    if hunks == 0 {
        return Err(ChangeError::Patch(
            "the patch has no hunk (`@@ -LINE,COUNT +LINE,COUNT @@`)".into(),
        ));
    }
    for l in &lines[at..] {
        out.push_str(l);
    }
    Ok(out)
}
