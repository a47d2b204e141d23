//! `throw` and `try`/`catch`/`finally` checked as `javac` checks them (JLS §14.18, §14.20,
//! ch. 11): what may be thrown (a throwable class), the catch parameters' types (the union's
//! nearest common superclass for a multi-catch), definite assignment through the clauses
//! (JLS §16.2.15), whether the statement completes normally (JLS §14.22), and the rule that a
//! catch clause of a checked exception class needs a `try` block that can throw one (JLS
//! §11.2.3), which a mutant deleting a statement could break.

use tree_sitter::Node;

use crate::program::reader::ir::*;
use crate::program::reader::statements::{CheckError, Checked, MethodChecker};
use crate::program::reader::syntax::{named_children, span_of};

impl<'t> MethodChecker<'_, '_, 't> {
    /// `throw e;` where `e` is not `new E(...)` of a library exception (that form is
    /// [`StmtKind::Throw`]).
    pub(super) fn throw_value(&mut self, value: Node<'t>) -> Checked<'t, StmtKind> {
        let e = self.expr(value)?;
        let throwable = match &e.ty {
            Type::Class(c) => self.file.is_throwable(c.id),
            Type::Null => true,
            _ => false,
        };
        if !throwable {
            return self.error(
                value,
                format!(
                    "incompatible types: {} cannot be converted to Throwable",
                    e.ty
                ),
            );
        }
        if let Type::Class(c) = &e.ty
            && !matches!(e.kind, ExprKind::New { .. })
            && (c.id == self.file.throwable_class() || self.file.throwable_class() + 1 == c.id)
        {
            // `javac` rethrows a caught `Exception` or `Throwable` precisely (JLS §11.2.2):
            // what it lets the method throw depends on the `try` block, which roth does not
            // follow.
            return self.unsupported(value, "rethrowing a caught Exception or Throwable");
        }
        Ok(StmtKind::ThrowValue(e))
    }

    /// `try { ... } catch (...) { ... } finally { ... }`.
    pub(super) fn try_statement(&mut self, node: Node<'t>) -> Checked<'t, (StmtKind, bool)> {
        let before = self.assigned.clone();
        let body = self.substatement(self.field(node, "body")?)?;
        self.try_clauses(node, before, body)
    }

    /// The catch and finally clauses of `node` around `body` (already checked, from the
    /// assignment state `before`).
    pub(super) fn try_clauses(
        &mut self,
        node: Node<'t>,
        before: bitvec::vec::BitVec,
        (body, body_completes): (Stmt, bool),
    ) -> Checked<'t, (StmtKind, bool)> {
        let thrown = self.checked_thrown(std::slice::from_ref(&body));
        let mut after = self.assigned.clone();
        let mut completes = body_completes;
        let mut catches = Vec::new();
        let mut finally = None;
        for clause in named_children(node) {
            match clause.kind() {
                "catch_clause" => {
                    self.set_assigned(before.clone());
                    let (catch, c) = self.catch_clause(clause, &thrown)?;
                    completes |= c;
                    after = Self::meet(&after, &self.assigned);
                    catches.push(catch);
                }
                "finally_clause" => {
                    let block = named_children(clause)
                        .into_iter()
                        .find(|b| b.kind() == "block")
                        .ok_or_else(|| CheckError {
                            node: clause,
                            message: "finally without a block".into(),
                        })?;
                    self.set_assigned(before.clone());
                    let (f, f_completes) = self.substatement(block)?;
                    // Definitely assigned after the statement: after the try block and every
                    // catch block, or after the finally block.
                    let mut merged = self.assigned.clone();
                    merged.resize(after.len().max(merged.len()), false);
                    for i in 0..after.len() {
                        if after[i] {
                            merged.set(i, true);
                        }
                    }
                    after = merged;
                    completes &= f_completes;
                    finally = Some(Box::new(f));
                }
                _ => {}
            }
        }
        self.set_assigned(after);
        if !completes {
            self.unreachable_from_here();
        }
        Ok((
            StmtKind::Try {
                body: Box::new(body),
                catches,
                finally,
            },
            completes,
        ))
    }

    fn catch_clause(
        &mut self,
        clause: Node<'t>,
        thrown: &[u32],
    ) -> Checked<'t, (CatchClause, bool)> {
        let param = named_children(clause)
            .into_iter()
            .find(|c| c.kind() == "catch_formal_parameter")
            .ok_or_else(|| CheckError {
                node: clause,
                message: "catch without a parameter".into(),
            })?;
        let name = self.field(param, "name")?;
        let types_node = named_children(param)
            .into_iter()
            .find(|c| c.kind() == "catch_type")
            .ok_or_else(|| CheckError {
                node: param,
                message: "catch without a type".into(),
            })?;
        let mut classes = Vec::new();
        for t in named_children(types_node) {
            let ty = self.ty(t)?;
            let class = match &ty {
                Type::Class(c) if self.file.is_throwable(c.id) => c.id,
                _ => {
                    return self.error(
                        t,
                        format!("incompatible types: {ty} cannot be converted to Throwable"),
                    );
                }
            };
            // JLS §11.2.3: a checked exception class other than `Exception` and `Throwable`
            // must be one the try block can throw (or a superclass or subclass of one).
            let root = self.file.throwable_class();
            let broad = class == root || class == root + 1;
            let related = |k: u32| {
                k == class
                    || self.file.ancestors(k).contains(&class)
                    || self.file.ancestors(class).contains(&k)
            };
            if self.file.is_checked(class) && !broad && !thrown.iter().any(|&k| related(k)) {
                return self.error(
                    t,
                    format!(
                        "exception {} is never thrown in body of corresponding try statement",
                        self.text(t)
                    ),
                );
            }
            classes.push(class);
        }
        // A multi-catch parameter has the nearest common superclass of the alternatives.
        let common = {
            let first = classes[0];
            std::iter::once(first)
                .chain(self.file.ancestors(first))
                .find(|&k| {
                    classes
                        .iter()
                        .all(|&c| c == k || self.file.ancestors(c).contains(&k))
                })
                .unwrap_or(first)
        };
        self.scopes.push(Vec::new());
        let is_final = classes.len() > 1
            || crate::program::reader::syntax::has_modifier(param, self.file.src, "final");
        let local = self.declare_local(name, self.file.class_type(common), is_final)?;
        self.assigned.set(local.0 as usize, true);
        let body_node = self.field(clause, "body")?;
        let result = self.substatement(body_node);
        self.scopes.pop();
        let (body, completes) = result?;
        Ok((
            CatchClause {
                classes,
                local,
                body: Box::new(body),
                span: span_of(clause),
            },
            completes,
        ))
    }

    /// The checked exception classes `stmts` can throw (JLS §11.2.2): thrown classes, the
    /// `throws` clauses of what they call, less what their own `try` statements catch.
    fn checked_thrown(&self, stmts: &[Stmt]) -> Vec<u32> {
        let mut out = Vec::new();
        for s in stmts {
            self.thrown_by(s, &mut out);
        }
        out.retain(|&c| self.file.is_checked(c));
        out.sort_unstable();
        out.dedup();
        out
    }

    fn thrown_by(&self, s: &Stmt, out: &mut Vec<u32>) {
        let by_expr = |e: &Expr, out: &mut Vec<u32>| {
            visit_expr(e, &mut |x: &Expr| {
                let callee = match &x.kind {
                    ExprKind::New {
                        class,
                        constructor: Some(m),
                        ..
                    }
                    | ExprKind::SuperConstructor {
                        class,
                        constructor: Some(m),
                        ..
                    } => Some((*class, *m)),
                    _ => x.callee().map(|c| (c.class, c.method)),
                };
                if let Some((c, m)) = callee
                    && let Some(Ok(sig)) = self.file.classes[c as usize].sigs.get(m as usize)
                {
                    out.extend(sig.throws.iter().copied());
                }
            });
        };
        match &s.kind {
            StmtKind::Try {
                body,
                catches,
                finally,
            } => {
                // A catch clause the reader made (empty span: a try-with-resources' catch-all
                // that rethrows) lets through exactly what it catches, as `javac`'s precise
                // rethrow does.
                let written: Vec<&CatchClause> = catches
                    .iter()
                    .filter(|c| c.span.start != c.span.end)
                    .collect();
                let mut inner = Vec::new();
                self.thrown_by(body, &mut inner);
                inner.retain(|&k| {
                    !written.iter().any(|c| {
                        c.classes
                            .iter()
                            .any(|&d| d == k || self.file.ancestors(k).contains(&d))
                    })
                });
                out.extend(inner);
                for c in written {
                    self.thrown_by(&c.body, out);
                }
                if let Some(f) = finally {
                    self.thrown_by(f, out);
                }
                return;
            }
            StmtKind::Throw { exception, .. } => {
                if let Some(c) = self.file.class_named(exception, self.class) {
                    out.push(c);
                }
            }
            StmtKind::ThrowValue(e) => {
                if let Type::Class(c) = &e.ty {
                    out.push(c.id);
                }
            }
            _ => {}
        }
        for e in s.expressions() {
            by_expr(e, out);
        }
        for sub in s.substatements() {
            self.thrown_by(sub, out);
        }
    }
}
