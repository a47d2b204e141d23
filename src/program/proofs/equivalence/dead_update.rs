//! The dead-update rule ([`super::Rule::DeadUpdate`]): a mutant that turns a read of a
//! local `x` into `x++` or `x--` (the same value) is equivalent when nothing reads `x`
//! afterwards, proved by liveness over the method's CFG, for the statements the regions
//! cannot model.

use crate::program::mutants::mutant::Mutant;
use crate::program::reader::ir::{Body, Expr, ExprKind, Stmt, StmtKind};

use super::MethodProver;

impl<'u> MethodProver<'u> {
    /// Whether mutant `m` turns a read of a local `x` into `x++` or `x--` (the same value)
    /// where nothing reads `x` afterwards: no other mention of `x` in the statement (whose
    /// evaluation order would matter) and `x` dead after it over the method's CFG. The
    /// statement must be a simple one (an expression, a declaration, `return`, `throw`), so
    /// that "after it" is one place; the subset has no `try`, so no handler reads `x` either.
    pub(super) fn dead_update(&self, m: &Mutant, mutant_body: &Body) -> bool {
        fn simple(s: &Stmt) -> bool {
            matches!(
                s.kind,
                StmtKind::Expr(_)
                    | StmtKind::Locals(_)
                    | StmtKind::Return(_)
                    | StmtKind::Throw { .. }
            )
        }
        /// Every expression of a simple statement, nested ones included.
        fn all_expressions(s: &Stmt) -> Vec<&Expr> {
            let mut out = Vec::new();
            let mut stack = s.expressions();
            while let Some(e) = stack.pop() {
                out.push(e);
                stack.extend(e.children());
            }
            out
        }
        fn innermost(body: &Body, site: (u32, u32)) -> Option<&Stmt> {
            crate::program::proofs::regions::chain(body, site)
                .last()
                .map(|&(list, i)| &list[i])
                .filter(|s| simple(s))
        }
        let site = (m.start, m.end);
        let Some(statement) = innermost(self.body, site) else {
            return false;
        };
        let original = all_expressions(statement);
        let Some(local) = original.iter().find_map(|e| match e.kind {
            ExprKind::Local(l) if (e.span.start, e.span.end) == site => Some(l),
            _ => None,
        }) else {
            return false;
        };
        let mentions = |exprs: &[&Expr]| {
            exprs
                .iter()
                .filter(|e| matches!(e.kind, ExprKind::Local(l) if l == local))
                .count()
        };
        if mentions(&original) != 1 {
            return false;
        }
        let edit = (m.start, m.start + m.replacement.len() as u32);
        let Some(changed) = innermost(mutant_body, edit) else {
            return false;
        };
        let mutated = all_expressions(changed);
        let update = mutated.iter().any(|e| {
            matches!(&e.kind, ExprKind::IncDec { target, prefix: false, .. }
                if matches!(target.kind, ExprKind::Local(l) if l == local))
                && edit.0 <= e.span.start
                && e.span.end <= edit.1
        });
        update
            && mentions(&mutated) == 1
            && !self
                .liveness
                .after((statement.span.start, statement.span.end))
                .contains(&local)
    }
}
