//! Mutants: muJava's method-level (traditional) operators as source edits, the program model's
//! faults ([Zhang 2021] ch. 1 Table 1.1; muJava [Ma, Offutt & Kwon 2005], with the deletion
//! operators of [Delamaro, Offutt & Ammann 2014]).
//!
//! | operator | what it does |
//! |---|---|
//! | AORB | replaces a binary `+ - * / %` by each of the others |
//! | AORS | replaces `++` by `--` and back, prefix or postfix kept |
//! | AOIU | inserts unary `-` before a numeric variable that is read |
//! | AOIS | inserts `++`/`--`, prefix and postfix, on a numeric variable that is read |
//! | AODU | deletes a unary `-` or `+` |
//! | AODS | deletes a `++`/`--` whose value is used |
//! | ROR | replaces a relational operator by each of the others, and the whole comparison by `true` and `false` (`==`/`!=` on booleans and references: by each other) |
//! | COR | replaces `&&`, `\|\|`, `&`, `\|`, `^` between booleans by each of the others |
//! | COD | deletes `!` |
//! | COI | inserts `!` before a condition, a comparison or a boolean variable |
//! | SOR | replaces `<< >> >>>` by each of the others |
//! | LOR | replaces `& \| ^` between integers by each of the others |
//! | LOI | inserts `~` before an integral variable that is read |
//! | LOD | deletes `~` |
//! | ASRS | replaces a compound assignment operator by the others of its group (`+= -= *= /= %=`, `&= \|= ^=`, `<<= >>= >>>=`) |
//! | SDL | deletes a statement (replaces it by `;`) |
//! | VDL | deletes a variable operand of a binary operator with the operator (`a + b` to `a`) |
//! | CDL | deletes a constant operand with the operator |
//! | ODL | deletes an operator with one of its operands, or a unary operator, or the `op` of `op=` |
//!
//! A mutant is an edit of the source text. It is produced only when the edited file passes the
//! front end's checks with the mutated method still supported, which are `javac`'s checks for
//! the subset (types, definite assignment, reachability, missing returns), so an emitted
//! mutant compiles; the others are counted as skipped, with the reason. Mutants are numbered
//! from 1 over every valid mutant of the file in source order, so an id does not depend on
//! `--method` or `--operators`. An edit that changes the type of a lambda's results is not
//! made at all: `javac` infers type arguments from it through wildcards, which roth's checker
//! reads leniently, so whether it compiles is not known.

use std::fmt;
use std::sync::Arc;

use crate::program::reader::ir::*;
use crate::program::reader::{LAMBDA_RESULT_RETYPED, check_method, load, parse};

/// A muJava method-level mutation operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Operator {
    AORB,
    AORS,
    AOIU,
    AOIS,
    AODU,
    AODS,
    ROR,
    COR,
    COD,
    COI,
    SOR,
    LOR,
    LOI,
    LOD,
    ASRS,
    SDL,
    VDL,
    CDL,
    ODL,
    /// A mutant made by another tool or by hand (`roth equiv --mutant`).
    External,
}

impl Operator {
    pub const ALL: [Operator; 19] = [
        Operator::AORB,
        Operator::AORS,
        Operator::AOIU,
        Operator::AOIS,
        Operator::AODU,
        Operator::AODS,
        Operator::ROR,
        Operator::COR,
        Operator::COD,
        Operator::COI,
        Operator::SOR,
        Operator::LOR,
        Operator::LOI,
        Operator::LOD,
        Operator::ASRS,
        Operator::SDL,
        Operator::VDL,
        Operator::CDL,
        Operator::ODL,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Operator::AORB => "AORB",
            Operator::AORS => "AORS",
            Operator::AOIU => "AOIU",
            Operator::AOIS => "AOIS",
            Operator::AODU => "AODU",
            Operator::AODS => "AODS",
            Operator::ROR => "ROR",
            Operator::COR => "COR",
            Operator::COD => "COD",
            Operator::COI => "COI",
            Operator::SOR => "SOR",
            Operator::LOR => "LOR",
            Operator::LOI => "LOI",
            Operator::LOD => "LOD",
            Operator::ASRS => "ASRS",
            Operator::SDL => "SDL",
            Operator::VDL => "VDL",
            Operator::CDL => "CDL",
            Operator::ODL => "ODL",
            Operator::External => "EXTERNAL",
        }
    }

    pub fn from_name(name: &str) -> Option<Operator> {
        Operator::ALL
            .into_iter()
            .find(|o| o.name().eq_ignore_ascii_case(name.trim()))
    }
}

impl fmt::Display for Operator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One mutant of a file.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Mutant {
    /// From 1, in source order over all valid mutants of the file.
    pub id: u32,
    pub operator: Operator,
    /// Class and method indices in the unit.
    #[serde(skip)]
    pub class: u32,
    #[serde(skip)]
    pub method: u32,
    /// `Class.name(params)`.
    #[serde(rename = "method")]
    pub method_name: String,
    pub line: u32,
    pub column: u32,
    /// The replaced text and its byte range.
    pub original: String,
    pub replacement: String,
    pub start: u32,
    pub end: u32,
    /// The statement or expression of the original method the edit replaces (the place a run
    /// must reach for the mutant to differ).
    #[serde(skip)]
    pub site: NodeId,
    /// The mutated method as the front end checked it (the rest of the unit is unchanged),
    /// so that running the mutant needs no parsing.
    #[serde(skip)]
    pub mutated: Option<Arc<Method>>,
}

/// A candidate edit that does not compile.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Skipped {
    pub operator: Operator,
    #[serde(rename = "method")]
    pub method_name: String,
    pub line: u32,
    pub column: u32,
    pub original: String,
    pub replacement: String,
    /// What `javac` would say (the front end's message).
    pub reason: String,
    pub start: u32,
    pub end: u32,
}

impl Mutant {
    /// The statement the mutant changes, as (class, method, start, end) of the innermost
    /// statement holding its edit (Kapoor's location); `None` where the method is not
    /// supported.
    pub(crate) fn statement(&self, unit: &Unit) -> Option<(u32, u32, u32, u32)> {
        let body = unit.method(self.class, self.method).body.as_ref().ok()?;
        let &(list, i) =
            crate::program::proofs::regions::chain(body, (self.start, self.end)).last()?;
        Some((
            self.class,
            self.method,
            list[i].span.start,
            list[i].span.end,
        ))
    }
}

/// Every mutant of a file, and the candidates that would not compile.
#[derive(Clone, Debug, Default)]
pub struct Mutants {
    pub mutants: Vec<Mutant>,
    pub skipped: Vec<Skipped>,
}

impl Mutants {
    /// Whether every mutant edits text the file has (none edits a node the reader made,
    /// whose span is empty) and was checked as the original is.
    #[cfg(test)]
    pub(crate) fn edit_written_text_only(&self) -> bool {
        self.mutants
            .iter()
            .all(|m| m.start < m.end && m.mutated.is_some())
    }

    /// Keeps the mutants (and skipped candidates) of the given methods and operators.
    pub fn filter(&mut self, keep_method: impl Fn(u32, u32) -> bool, operators: &[Operator]) {
        self.mutants
            .retain(|m| keep_method(m.class, m.method) && operators.contains(&m.operator));
        self.skipped.retain(|s| operators.contains(&s.operator));
    }
}

/// The source text of a mutant.
pub fn mutated_source(source: &str, m: &Mutant) -> String {
    let mut s = String::with_capacity(source.len() + m.replacement.len());
    s.push_str(&source[..m.start as usize]);
    s.push_str(&m.replacement);
    s.push_str(&source[m.end as usize..]);
    s
}

/// The mutant's unit, checked (it was checked when the mutant was made).
pub fn mutant_unit(unit: &Unit, m: &Mutant) -> Result<Unit, Diagnostic> {
    load(&unit.path, &mutated_source(&unit.source, m))
}

/// The mutant compiled for running: the original unit with the mutated method swapped in
/// (parsed again only when the mutant does not carry its checked method).
pub fn mutant_program(
    unit: &Unit,
    m: &Mutant,
) -> Result<crate::program::execution::interp::Compiled, Diagnostic> {
    use crate::program::execution::interp::Compiled;
    match &m.mutated {
        Some(method) => Ok(Compiled::plain(unit).with_method(unit, (m.class, m.method, method))),
        None => Ok(Compiled::new(&mutant_unit(unit, m)?, None)),
    }
}

/// A candidate edit before validation.
struct Candidate {
    operator: Operator,
    class: u32,
    method: u32,
    start: u32,
    end: u32,
    replacement: String,
    site: NodeId,
}

/// Makes every mutant of the file, all operators, all supported methods and constructors.
pub fn generate(unit: &Unit) -> Mutants {
    let mut candidates = Vec::new();
    for (ci, class) in unit.classes[..unit.file_classes()].iter().enumerate() {
        for (mi, method) in class.methods.iter().enumerate() {
            let Ok(body) = &method.body else { continue };
            // What the compiler writes (a record's `equals`, ...) has no text to edit.
            if method.is_implicit {
                continue;
            }
            // A method reference's call is roth's, not text; a lambda in a field's
            // initializer is, like the initializer, not mutated.
            if method
                .lambda
                .is_some_and(|l| l.reference || l.enclosing.is_none())
            {
                continue;
            }
            let mut g = Generator {
                source: &unit.source,
                class: ci as u32,
                method: mi as u32,
                out: &mut candidates,
            };
            for s in &body.stmts {
                g.stmt(s);
            }
        }
    }
    // An edit whose text covers a whole local or anonymous class (a deleted statement that
    // declares one) would change the file's classes, which a mutant of one method cannot:
    // not made (it would compile, so it is not counted among the skipped ones either).
    let local_spans: Vec<Span> = unit.classes[..unit.file_classes()]
        .iter()
        .filter(|c| c.local.is_some())
        .map(|c| c.span)
        .collect();
    candidates.retain(|c| {
        !local_spans
            .iter()
            .any(|s| c.start <= s.start && s.end <= c.end)
    });
    // Source order; the same edit from one operator once.
    let key = |c: &Candidate| (c.start, c.end, c.operator, c.replacement.clone());
    candidates.sort_by_key(key);
    candidates.dedup_by_key(|c| key(c));
    let mut out = Mutants::default();
    let Ok(original_tree) = parse(&unit.path, &unit.text(), None) else {
        return out;
    };
    candidates.retain(|c| unit.source[c.start as usize..c.end as usize] != c.replacement);
    let verdicts = check_all(unit, &original_tree, &candidates);
    for (c, verdict) in candidates.into_iter().zip(verdicts) {
        let original = unit.source[c.start as usize..c.end as usize].to_string();
        // A lambda's mutant is named by the method the lambda is written in.
        let (class, written_in) = unit.written_in(c.class, c.method);
        let method = unit.method(class, written_in);
        let method_name = format!(
            "{}.{}",
            unit.classes[class as usize].name,
            method.signature()
        );
        let (line, column) = unit.position(c.start);
        match verdict {
            Ok(method) => {
                let id = out.mutants.len() as u32 + 1;
                out.mutants.push(Mutant {
                    id,
                    mutated: Some(method),
                    ..probe(&c, method_name, line, column, original)
                });
            }
            // Undecided: neither made nor counted as skipped (see the constant).
            Err(reason) if reason == LAMBDA_RESULT_RETYPED => {}
            Err(reason) => out.skipped.push(Skipped {
                operator: c.operator,
                method_name,
                line,
                column,
                original,
                replacement: c.replacement,
                reason,
                start: c.start,
                end: c.end,
            }),
        }
    }
    out
}

/// The mutant a candidate makes, before its method is checked.
fn probe(c: &Candidate, method_name: String, line: u32, column: u32, original: String) -> Mutant {
    Mutant {
        id: 0,
        operator: c.operator,
        class: c.class,
        method: c.method,
        method_name,
        line,
        column,
        original,
        replacement: c.replacement.clone(),
        start: c.start,
        end: c.end,
        site: c.site,
        mutated: None,
    }
}

/// [`check_candidate`] of every candidate, in order, on the machine's cores: each check
/// reads the edited file's declarations again (the model of the JDK's among them), the
/// most costly part of making mutants, and the checks are independent.
fn check_all(
    unit: &Unit,
    original: &tree_sitter::Tree,
    candidates: &[Candidate],
) -> Vec<Result<Arc<Method>, String>> {
    let check = |c: &Candidate| {
        let (line, column) = unit.position(c.start);
        let text = unit.source[c.start as usize..c.end as usize].to_string();
        check_candidate(unit, original, &probe(c, String::new(), line, column, text))
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = candidates.len().div_ceil(threads.max(1)).max(1);
    if threads <= 1 || candidates.len() < 16 {
        return candidates.iter().map(check).collect();
    }
    std::thread::scope(|scope| {
        let handles: Vec<_> = candidates
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().map(check).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a mutant check panicked"))
            .collect()
    })
}

/// Checks a candidate edit: the edited text is re-parsed incrementally from the original's
/// tree and only the edited method is checked again (the rest of the file is unchanged).
fn check_candidate(
    unit: &Unit,
    original: &tree_sitter::Tree,
    m: &Mutant,
) -> Result<Arc<Method>, String> {
    // The other files of the code base follow the file's own text, unchanged.
    let text = mutated_source(&unit.source, m) + &unit.elsewhere;
    let point = |source: &str, offset: usize| {
        let before = &source[..offset];
        let row = before.matches('\n').count();
        let column = before.rfind('\n').map_or(offset, |i| offset - i - 1);
        tree_sitter::Point { row, column }
    };
    let (start, old_end) = (m.start as usize, m.end as usize);
    let new_end = start + m.replacement.len();
    let mut edited = original.clone();
    edited.edit(&tree_sitter::InputEdit {
        start_byte: start,
        old_end_byte: old_end,
        new_end_byte: new_end,
        start_position: point(&unit.source, start),
        old_end_position: point(&unit.source, old_end),
        new_end_position: point(&text, new_end),
    });
    let tree = parse(&unit.path, &text, Some(&edited)).map_err(|d| d.message)?;
    check_method(unit, &text, &tree, m.class, m.method)
        .map(Arc::new)
        .map_err(|d| d.message)
}

/// The general kind of a skip reason, for summaries ("missing return statement").
pub fn reason_kind(reason: &str) -> String {
    let r = reason.split(':').next().unwrap_or(reason);
    if r.contains(" is outside the supported subset") {
        return "outside the supported subset".into();
    }
    if r.starts_with("variable ") && r.ends_with("might not have been initialized") {
        return "variable might not have been initialized".into();
    }
    if r.starts_with("cannot assign a value to final variable") {
        return "cannot assign a value to final variable".into();
    }
    if r.starts_with("bad operand type") {
        return "bad operand types".into();
    }
    r.to_string()
}

struct Generator<'a> {
    source: &'a str,
    class: u32,
    method: u32,
    out: &'a mut Vec<Candidate>,
}

/// Whether an expression's text can stand as an operand without parentheses.
fn is_primary(e: &Expr) -> bool {
    let e = e.unconverted();
    match &e.kind {
        ExprKind::Literal(Const::Int(_, v)) => *v >= 0,
        ExprKind::Literal(Const::Float(f)) => !f.is_sign_negative(),
        ExprKind::Literal(Const::Double(d)) => !d.is_sign_negative(),
        ExprKind::Literal(_)
        | ExprKind::Null
        | ExprKind::Local(_)
        | ExprKind::Field(_)
        | ExprKind::Length(_)
        | ExprKind::Index(..)
        | ExprKind::Call { .. }
        | ExprKind::Builtin(..)
        | ExprKind::This
        | ExprKind::FieldOf { .. }
        | ExprKind::InstanceCall { .. }
        | ExprKind::SuperCall { .. }
        | ExprKind::New { .. } => true,
        _ => false,
    }
}

impl Generator<'_> {
    fn text(&self, span: Span) -> &str {
        &self.source[span.range()]
    }

    /// An operand's text, parenthesized unless it is a primary expression.
    fn operand(&self, e: &Expr) -> String {
        let t = self.text(e.span);
        if is_primary(e) {
            t.to_string()
        } else {
            format!("({t})")
        }
    }

    /// Whether text replacing `span` may stand bare there: the expression is a whole
    /// argument, initializer, assigned value, condition or returned value.
    fn bare_context(&self, span: Span) -> bool {
        let before = self.source[..span.start as usize].trim_end();
        let after = self.source[span.end as usize..].trim_start();
        let prev_ok = before.ends_with(['(', ',', ';', '{', '}'])
            || (before.ends_with(':') && !before.ends_with("::"))
            || before.ends_with("return")
            || (before.ends_with('=')
                && !before[..before.len() - 1].ends_with(['=', '!', '<', '>']));
        let next_ok = after.starts_with([')', ',', ';']);
        prev_ok && next_ok
    }

    /// The replacement text of a whole expression: parenthesized unless it stands bare.
    fn whole(&self, span: Span, text: String, primary: bool) -> String {
        if primary || self.bare_context(span) {
            text
        } else {
            format!("({text})")
        }
    }

    fn push(&mut self, operator: Operator, span: Span, replacement: String, site: NodeId) {
        // A node the reader made (a switch expression's lowering) has no text to edit.
        if span.start == span.end {
            return;
        }
        self.out.push(Candidate {
            operator,
            class: self.class,
            method: self.method,
            start: span.start,
            end: span.end,
            replacement,
            site,
        });
    }

    fn stmt(&mut self, s: &Stmt) {
        // SDL: a statement that does something; not declarations, blocks or empty statements.
        match &s.kind {
            StmtKind::Locals(_)
            | StmtKind::Block(_)
            | StmtKind::Empty
            | StmtKind::Labeled { .. } => {}
            _ => self.push(Operator::SDL, s.span, ";".to_string(), s.id),
        }
        // COI on conditions of statements.
        match &s.kind {
            StmtKind::If { cond, .. }
            | StmtKind::While { cond, .. }
            | StmtKind::Do { cond, .. } => {
                self.negate(cond);
            }
            StmtKind::For {
                cond: Some(cond), ..
            } => self.negate(cond),
            _ => {}
        }
        for e in s.expressions() {
            self.expr(e, false);
        }
        for sub in s.substatements() {
            self.stmt(sub);
        }
    }

    /// COI: `!(...)` around a boolean expression.
    fn negate(&mut self, e: &Expr) {
        let e = e.unconverted();
        if e.ty != Type::Boolean {
            return;
        }
        let text = format!("!{}", self.operand(e));
        let r = self.whole(e.span, text, false);
        self.push(Operator::COI, e.span, r, e.id);
    }

    /// Mutants of an expression and its subexpressions. `lvalue`: the expression is the
    /// target of an assignment (its variable is not read as a value).
    fn expr(&mut self, e: &Expr, lvalue: bool) {
        match &e.kind {
            ExprKind::Convert(inner) => {
                self.expr(inner, lvalue);
                return;
            }
            ExprKind::Local(_) | ExprKind::Field(_) if !lvalue => self.variable(e),
            ExprKind::Index(..) | ExprKind::FieldOf { .. } if !lvalue => self.variable(e),
            ExprKind::Binary {
                op,
                op_type,
                left,
                right,
            } => self.binary(e, *op, op_type, left, right),
            ExprKind::Unary(op, inner) => {
                let (operator, ok) = match op {
                    UnaryOp::Neg | UnaryOp::Plus => (Operator::AODU, true),
                    UnaryOp::Not => (Operator::COD, true),
                    UnaryOp::BitNot => (Operator::LOD, true),
                };
                if ok {
                    let text = self.operand(inner);
                    let r = self.whole(e.span, text, is_primary(inner));
                    self.push(operator, e.span, r.clone(), e.id);
                    self.push(Operator::ODL, e.span, r, e.id);
                }
                if e.ty == Type::Boolean {
                    self.negate_operand(e);
                }
            }
            ExprKind::IncDec {
                target,
                increment,
                prefix,
            } => {
                let t = self.text(target.span).to_string();
                let flipped = match (prefix, increment) {
                    (true, true) => format!("--{t}"),
                    (true, false) => format!("++{t}"),
                    (false, true) => format!("{t}--"),
                    (false, false) => format!("{t}++"),
                };
                self.push(Operator::AORS, e.span, flipped, e.id);
                let bare = self.whole(e.span, t.clone(), is_primary(target));
                self.push(Operator::AODS, e.span, bare.clone(), e.id);
                self.push(Operator::ODL, e.span, bare, e.id);
            }
            ExprKind::Assign {
                target,
                op: Some(op),
                value,
                ..
            } => {
                let group: &[BinaryOp] = if op.is_arithmetic() {
                    &[
                        BinaryOp::Add,
                        BinaryOp::Sub,
                        BinaryOp::Mul,
                        BinaryOp::Div,
                        BinaryOp::Rem,
                    ]
                } else if op.is_bitwise() {
                    &[BinaryOp::And, BinaryOp::Or, BinaryOp::Xor]
                } else {
                    &[BinaryOp::Shl, BinaryOp::Shr, BinaryOp::UShr]
                };
                let (t, v) = (
                    self.text(target.span).to_string(),
                    self.text(value.span).to_string(),
                );
                for other in group {
                    if other != op {
                        let r = format!("{t} {}= {v}", other.symbol());
                        let r = self.whole(e.span, r, false);
                        self.push(Operator::ASRS, e.span, r, e.id);
                    }
                }
                let r = self.whole(e.span, format!("{t} = {v}"), false);
                self.push(Operator::ODL, e.span, r, e.id);
            }
            ExprKind::Conditional(c, ..) => self.negate(c),
            ExprKind::Concat(left, right) => self.deletions(e, left, right),
            _ => {
                if e.ty == Type::Boolean
                    && matches!(e.kind, ExprKind::Call { .. } | ExprKind::Builtin(..))
                {
                    self.negate_operand(e);
                }
            }
        }
        match &e.kind {
            ExprKind::Assign { target, value, .. } => {
                // The target's own parts (an array and index, an object) are read.
                if let ExprKind::Index(a, i) = &target.kind {
                    self.expr(a, false);
                    self.expr(i, false);
                }
                if let ExprKind::FieldOf { object, .. } = &target.kind {
                    self.expr(object, false);
                }
                self.expr(value, false);
            }
            ExprKind::IncDec { target, .. } => {
                if let ExprKind::Index(a, i) = &target.kind {
                    self.expr(a, false);
                    self.expr(i, false);
                }
                if let ExprKind::FieldOf { object, .. } = &target.kind {
                    self.expr(object, false);
                }
            }
            _ => {
                for c in e.children() {
                    self.expr(c, false);
                }
            }
        }
    }

    /// COI on a boolean operand inside an expression (not at the top of a condition, which
    /// `stmt` handles).
    fn negate_operand(&mut self, e: &Expr) {
        let text = format!("!{}", self.operand(e));
        let r = self.whole(e.span, text, false);
        self.push(Operator::COI, e.span, r, e.id);
    }

    /// A prefix-operator insertion: bare unless a `+` or `-` is glued to the variable's left
    /// (`a-y` must become `a-(-y)`, not `a--y`).
    fn prefixed(&self, span: Span, text: String) -> String {
        if self.source[..span.start as usize].ends_with(['+', '-']) {
            format!("({text})")
        } else {
            text
        }
    }

    /// Insertions around a variable that is read (AOIU, AOIS, LOI, and COI for booleans).
    fn variable(&mut self, e: &Expr) {
        let t = self.text(e.span).to_string();
        let ty = &e.ty;
        // Unary operators bind tighter than any binary one, so only the lexical glue matters.
        if ty.is_numeric() {
            let r = self.prefixed(e.span, format!("-{t}"));
            self.push(Operator::AOIU, e.span, r, e.id);
            // ++/-- need a variable that can be assigned (the front end refuses finals).
            for prefix in ["++", "--"] {
                let r = self.prefixed(e.span, format!("{prefix}{t}"));
                self.push(Operator::AOIS, e.span, r, e.id);
            }
            // `(int) x++` and `-x++` apply the cast or the sign to `x++`; parentheses make that
            // plain to a reader.
            let after_paren = self.source[..e.span.start as usize]
                .trim_end()
                .ends_with([')', '-', '+', '~', '!']);
            for postfix in ["++", "--"] {
                let r = if after_paren {
                    format!("({t}{postfix})")
                } else {
                    format!("{t}{postfix}")
                };
                self.push(Operator::AOIS, e.span, r, e.id);
            }
        }
        if ty.is_integral() {
            let r = self.prefixed(e.span, format!("~{t}"));
            self.push(Operator::LOI, e.span, r, e.id);
        }
        if *ty == Type::Boolean {
            let r = self.prefixed(e.span, format!("!{t}"));
            self.push(Operator::COI, e.span, r, e.id);
        }
    }

    fn binary(&mut self, e: &Expr, op: BinaryOp, op_type: &Type, left: &Expr, right: &Expr) {
        let (l, r) = (self.operand(left), self.operand(right));
        let replace = |g: &mut Self, operator: Operator, others: &[BinaryOp]| {
            for other in others {
                if *other != op {
                    let text = format!("{l} {} {r}", other.symbol());
                    let w = g.whole(e.span, text, false);
                    g.push(operator, e.span, w, e.id);
                }
            }
        };
        use BinaryOp::*;
        if op.is_arithmetic() {
            replace(self, Operator::AORB, &[Add, Sub, Mul, Div, Rem]);
        } else if op.is_shift() {
            replace(self, Operator::SOR, &[Shl, Shr, UShr]);
        } else if op.is_bitwise() && *op_type != Type::Boolean {
            replace(self, Operator::LOR, &[And, Or, Xor]);
        } else if matches!(op, CondAnd | CondOr) || (op.is_bitwise() && *op_type == Type::Boolean) {
            replace(self, Operator::COR, &[CondAnd, CondOr, And, Or, Xor]);
        } else if op.is_comparison() {
            if op_type.is_numeric() {
                replace(self, Operator::ROR, &[Lt, Le, Gt, Ge, Eq, Ne]);
            } else {
                replace(self, Operator::ROR, &[Eq, Ne]);
            }
            for constant in ["true", "false"] {
                let w = self.whole(e.span, constant.to_string(), true);
                self.push(Operator::ROR, e.span, w, e.id);
            }
        }
        if e.ty == Type::Boolean && !matches!(op, CondAnd | CondOr) {
            self.negate_operand(e);
        }
        self.deletions(e, left, right);
    }

    /// Deletions of a binary operator with one operand (ODL); VDL and CDL when the deleted
    /// operand is a variable or a constant.
    fn deletions(&mut self, e: &Expr, left: &Expr, right: &Expr) {
        for (kept, deleted) in [(left, right), (right, left)] {
            let text = self.text(kept.span).to_string();
            let w = self.whole(
                e.span,
                if is_primary(kept) {
                    text
                } else {
                    format!("({text})")
                },
                is_primary(kept),
            );
            self.push(Operator::ODL, e.span, w.clone(), e.id);
            match &deleted.unconverted().kind {
                ExprKind::Local(_) | ExprKind::Field(_) | ExprKind::Index(..) => {
                    self.push(Operator::VDL, e.span, w, e.id)
                }
                ExprKind::Literal(_) | ExprKind::Null => self.push(Operator::CDL, e.span, w, e.id),
                _ => {}
            }
        }
    }
}

/// Counts of mutants per operator.
pub fn per_operator(mutants: &[Mutant]) -> Vec<(Operator, usize)> {
    Operator::ALL
        .iter()
        .map(|o| (*o, mutants.iter().filter(|m| m.operator == *o).count()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::execution::analysis::random_tests;
    use crate::program::execution::interp::{Compiled, Limits};

    /// A mutant's program is the original's with one function compiled again: it runs every
    /// test as the whole mutant unit compiled from its text does (a unit with strings,
    /// collections of the model of the JDK, objects and a constructor).
    #[test]
    fn a_patched_program_runs_as_the_mutant_compiled_whole() {
        let source = r#"
import java.util.*;
class Shelf {
    private final List<String> items = new ArrayList<>();
    private int limit;
    Shelf(int limit) { this.limit = limit > 0 ? limit : 1; }
    boolean add(String item) {
        if (items.size() >= limit || item.isEmpty()) return false;
        items.add(item.trim());
        return true;
    }
    static int score(int a, int b) {
        Map<Integer, Integer> seen = new HashMap<>();
        int s = 0;
        for (int i = 0; i < Math.abs(a % 7); i++) { s += seen.merge(i % 3, b, Integer::sum); }
        return s > 100 ? s - b : s + "x".length();
    }
}
"#;
        let unit = crate::program::load("Shelf.java", source).expect("loads");
        let mutants = generate(&unit);
        let tests = random_tests(&unit, 10, &mut crate::rng::Rng::new(5));
        assert!(mutants.mutants.len() > 50 && !tests.is_empty());
        let mut compared = 0;
        // Every fifth mutant: compiling the whole unit is what the patch saves, and slow.
        for m in mutants
            .mutants
            .iter()
            .filter(|m| m.mutated.is_some())
            .step_by(5)
        {
            let patched = mutant_program(&unit, m).expect("compiles");
            let whole = Compiled::new(&mutant_unit(&unit, m).expect("parses"), None);
            for t in &tests {
                let run = |p: &Compiled| t.run(p, Limits::default());
                let (a, b) = (run(&patched), run(&whole));
                assert_eq!(
                    format!("{a:?}"),
                    format!("{b:?}"),
                    "mutant {} on {}",
                    m.id,
                    t.name
                );
                compared += 1;
            }
        }
        assert!(compared > 200, "{compared}");
    }
}
