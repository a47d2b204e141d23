//! Blank `final` fields (JLS §8.3.1.2, §16.9): a constructor that does not start with
//! `this(...)` must assign each `final` instance field without an initializer (unless an
//! instance initializer block does) on every path that ends it normally or by `return`.
//! `javac` refuses the rest with "variable f might not have been initialized"; so must roth,
//! or a mutant deleting such an assignment would be emitted that does not compile.
//!
//! The check runs on a constructor's checked body. Where the flow is beyond it (a `break`
//! out of a labelled statement or a `switch`, a `while (true)` loop) it takes the fields as
//! assigned: it reads code `javac` accepted, and must never refuse any of it.

use tree_sitter::Node;

use crate::program::reader::declarations::FileChecker;
use crate::program::reader::ir::*;
use crate::program::reader::syntax::{named_children, span_of};

/// Fields known assigned on the paths reaching a point, one flag per required field.
type Assigned = Vec<bool>;

/// How a statement ends.
enum Flow {
    /// It may complete normally, with these fields assigned.
    Normal(Assigned),
    /// It never completes normally (`return`, `throw`, a jump).
    Abrupt,
}

/// What the walk looks for and what it found.
struct Walk<'a> {
    class: u32,
    /// The required fields' indices in the class.
    fields: &'a [u32],
    /// The first `return` reached with a field unassigned: its place and the field.
    missing: Option<(Span, u32)>,
}

impl FileChecker<'_, '_> {
    /// A constructor's body assigns every blank `final` field, unless it starts with
    /// `this(...)` (see [`super::final_fields`]).
    pub(super) fn final_fields_assigned(
        &self,
        class: u32,
        body: &Body,
        node: Node,
    ) -> Result<(), Diagnostic> {
        let info = &self.classes[class as usize];
        let delegates = body.stmts.first().is_some_and(|s| {
            matches!(&s.kind, StmtKind::Expr(e) if e.callee().is_some_and(|m| {
                m.class == class
                    && matches!(info.sigs.get(m.method as usize), Some(Ok(s)) if s.is_constructor)
            }))
        });
        if delegates {
            return Ok(());
        }
        // Initializer blocks are read later: the fields they assign are found in their text.
        let mut in_blocks: Vec<&str> = Vec::new();
        for (block, _, _) in info.block_nodes.iter().filter(|(_, s, _)| !s) {
            let mut stack = vec![*block];
            while let Some(n) = stack.pop() {
                if n.kind() == "assignment_expression"
                    && let Some(left) = n.child_by_field_name("left")
                {
                    in_blocks.push(self.text(left).trim().trim_start_matches("this.").trim());
                }
                stack.extend(named_children(n));
            }
        }
        let mut required = blank_finals(class, &info.fields, &[]);
        required.retain(|&f| !in_blocks.contains(&info.fields[f as usize].name.as_str()));
        let end = node
            .child(node.child_count().saturating_sub(1))
            .unwrap_or(node);
        match unassigned(class, &required, &body.stmts, span_of(end)) {
            None => Ok(()),
            // At the `return` or the closing brace, in the file's own lines.
            Some((span, field)) => Err(Diagnostic {
                line: span.line - self.segments[self.segment_at(node.start_byte())].lines_before,
                column: span.column,
                ..self.diag_at(
                    node,
                    format!(
                        "variable {} might not have been initialized",
                        info.fields[field as usize].name
                    ),
                )
            }),
        }
    }
}

/// The `final` instance fields of `class` without an initializer that no initializer block
/// assigns: those each constructor must assign.
pub(super) fn blank_finals(class: u32, fields: &[Field], blocks: &[&[Stmt]]) -> Vec<u32> {
    let mut required: Vec<u32> = fields
        .iter()
        .enumerate()
        .filter(|(_, f)| {
            f.is_final
                && !f.is_synthetic
                && !f.is_static
                && f.init.is_none()
                && f.constant.is_none()
        })
        .map(|(i, _)| i as u32)
        .collect();
    let mut in_blocks = Vec::new();
    for stmts in blocks {
        visit_stmts(stmts, &mut |e: &Expr| {
            if let Some(f) = assigned_field(e, class) {
                in_blocks.push(f);
            }
        });
    }
    required.retain(|f| !in_blocks.contains(f));
    required
}

/// The first of `fields` (of `class`) the constructor body `stmts` may leave unassigned,
/// with the place `javac` reports it: a `return`, or the body's end (`end`).
pub(super) fn unassigned(
    class: u32,
    fields: &[u32],
    stmts: &[Stmt],
    end: Span,
) -> Option<(Span, u32)> {
    if fields.is_empty() {
        return None;
    }
    let mut walk = Walk {
        class,
        fields,
        missing: None,
    };
    let flow = walk.block(stmts, vec![false; fields.len()]);
    if walk.missing.is_some() {
        return walk.missing;
    }
    match flow {
        Flow::Normal(set) => set.iter().position(|a| !a).map(|k| (end, fields[k])),
        Flow::Abrupt => None,
    }
}

/// The field of `class` an assignment expression assigns, if it is one of `this`'s.
fn assigned_field(e: &Expr, class: u32) -> Option<u32> {
    match &e.kind {
        ExprKind::Assign { target, .. } => match &target.kind {
            ExprKind::Field(f) if f.class == class => Some(f.field),
            ExprKind::FieldOf { object, field }
                if field.class == class && matches!(object.kind, ExprKind::This) =>
            {
                Some(field.field)
            }
            _ => None,
        },
        _ => None,
    }
}

fn meet(a: Flow, b: Flow) -> Flow {
    match (a, b) {
        (Flow::Normal(x), Flow::Normal(y)) => {
            Flow::Normal(x.iter().zip(&y).map(|(p, q)| *p && *q).collect())
        }
        (Flow::Abrupt, other) | (other, Flow::Abrupt) => other,
    }
}

impl Walk<'_> {
    /// `set` with the fields `e` assigns anywhere in it (both sides of `&&` and `?:` too:
    /// taking more as assigned never refuses what `javac` accepts).
    fn expr(&self, e: &Expr, mut set: Assigned) -> Assigned {
        visit_expr(e, &mut |x: &Expr| {
            if let Some(f) = assigned_field(x, self.class)
                && let Some(k) = self.fields.iter().position(|&r| r == f)
            {
                set[k] = true;
            }
        });
        set
    }

    fn all(&self) -> Assigned {
        vec![true; self.fields.len()]
    }

    fn block(&mut self, stmts: &[Stmt], set: Assigned) -> Flow {
        let mut flow = Flow::Normal(set);
        for s in stmts {
            flow = match flow {
                Flow::Normal(set) => self.stmt(s, set),
                // Unreachable code: javac refused it already.
                Flow::Abrupt => return Flow::Abrupt,
            };
        }
        flow
    }

    fn stmt(&mut self, s: &Stmt, set: Assigned) -> Flow {
        match &s.kind {
            StmtKind::Expr(e) => Flow::Normal(self.expr(e, set)),
            StmtKind::Locals(locals) => Flow::Normal(
                locals
                    .iter()
                    .filter_map(|(_, e)| e.as_ref())
                    .fold(set, |set, e| self.expr(e, set)),
            ),
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let set = self.expr(cond, set);
                let a = self.stmt(then, set.clone());
                let b = match otherwise {
                    Some(o) => self.stmt(o, set),
                    None => Flow::Normal(set),
                };
                meet(a, b)
            }
            StmtKind::While { cond, body } => {
                let set = self.expr(cond, set);
                self.stmt(body, set.clone());
                match cond.kind {
                    ExprKind::Literal(Const::Int(Type::Boolean, 1)) => Flow::Normal(self.all()),
                    _ => Flow::Normal(set),
                }
            }
            StmtKind::Do { body, cond } => match self.stmt(body, set) {
                Flow::Normal(set) => Flow::Normal(self.expr(cond, set)),
                Flow::Abrupt => Flow::Normal(self.all()),
            },
            StmtKind::For {
                init, cond, body, ..
            } => {
                let mut set = match self.block(init, set) {
                    Flow::Normal(set) => set,
                    Flow::Abrupt => return Flow::Abrupt,
                };
                if let Some(c) = cond {
                    set = self.expr(c, set);
                }
                self.stmt(body, set.clone());
                match cond {
                    None => Flow::Normal(self.all()),
                    Some(_) => Flow::Normal(set),
                }
            }
            StmtKind::ForEach { array, body, .. } => {
                let set = self.expr(array, set);
                self.stmt(body, set.clone());
                Flow::Normal(set)
            }
            StmtKind::Block(stmts) => self.block(stmts, set),
            // A `break` may leave it with whatever was assigned then.
            StmtKind::Labeled { body, .. } => {
                self.stmt(body, set);
                Flow::Normal(self.all())
            }
            StmtKind::Break { .. } | StmtKind::Continue { .. } => Flow::Abrupt,
            StmtKind::Return(value) => {
                let set = match value {
                    Some(v) => self.expr(v, set),
                    None => set,
                };
                if let Some(k) = set.iter().position(|a| !a)
                    && self.missing.is_none()
                {
                    self.missing = Some((s.span, self.fields[k]));
                }
                Flow::Abrupt
            }
            StmtKind::Throw { .. } | StmtKind::ThrowValue(_) => Flow::Abrupt,
            StmtKind::Try {
                body,
                catches,
                finally,
            } => {
                let mut flow = self.stmt(body, set.clone());
                for c in catches {
                    flow = meet(flow, self.stmt(&c.body, set.clone()));
                }
                match finally {
                    Some(f) => match (flow, self.stmt(f, set)) {
                        (Flow::Normal(a), Flow::Normal(b)) => {
                            Flow::Normal(a.iter().zip(&b).map(|(p, q)| *p || *q).collect())
                        }
                        _ => Flow::Abrupt,
                    },
                    None => flow,
                }
            }
            StmtKind::Switch { scrutinee, groups } => {
                let set = self.expr(scrutinee, set);
                for g in groups {
                    self.block(&g.stmts, set.clone());
                }
                Flow::Normal(self.all())
            }
            StmtKind::Empty => Flow::Normal(set),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::program::load;

    fn constructor_error(body: &str) -> Option<String> {
        let source = format!(
            "class P {{ final int a; final int b; int c; P(int x) {{ {body} }} int get() {{ return a + b; }} }}"
        );
        let unit = load("P.java", &source).expect("loads");
        let c = unit.classes[0]
            .methods
            .iter()
            .find(|m| m.is_constructor)
            .expect("a constructor");
        c.body.clone().err().map(|d| d.message)
    }

    #[test]
    fn a_constructor_must_assign_each_blank_final_field_on_every_path() {
        assert_eq!(constructor_error("a = x; b = 1;"), None);
        assert_eq!(
            constructor_error("a = x;").as_deref(),
            Some("variable b might not have been initialized")
        );
        assert_eq!(
            constructor_error("this.a = x; if (x > 0) { b = 1; } else { this.b = 2; }"),
            None
        );
        assert!(constructor_error("a = x; if (x > 0) { b = 1; }").is_some());
        // A return before the assignment, a throw on the other path.
        assert!(constructor_error("if (x > 0) { return; } a = x; b = x;").is_some());
        assert_eq!(
            constructor_error("if (x < 0) { throw new IllegalArgumentException(); } a = x; b = x;"),
            None
        );
        // Assigned in a loop's body only: not on the path that skips it.
        assert!(constructor_error("a = x; for (int i = 0; i < x; i++) { b = i; }").is_some());
        // A constructor calling another leaves the fields to it.
        let source = "class Q { final int a; Q(int x) { a = x; } Q() { this(1); } }";
        let unit = load("Q.java", source).expect("loads");
        assert!(unit.classes[0].methods.iter().all(|m| m.body.is_ok()));
        // An initializer block may assign them instead.
        let source = "class R { final int a; { a = 3; } R() { } }";
        let unit = load("R.java", source).expect("loads");
        assert!(unit.classes[0].methods.iter().all(|m| m.body.is_ok()));
    }
}
