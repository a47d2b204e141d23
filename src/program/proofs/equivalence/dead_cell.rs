//! The dead-cell rule ([`super::Rule::DeadCell`]): a mutant that turns a read `a[e]` into
//! `a[e]++` or `a[e]--` (the same value) is equivalent when no later read of `a` sees the
//! changed cell and the caller does not either. The zones prove the reads miss the changed
//! cells, and for the caller's array that each is assigned again before the method may
//! leave ([`crate::program::proofs::zones::cell_never_read`]); this file checks the array
//! is reached no other way: the method's own array, or the parameter that is the lone way
//! to the caller's.

use crate::program::mutants::mutant::Mutant;
use crate::program::reader::ir::{Body, Expr, ExprKind, Stmt, StmtKind};

use super::MethodProver;

impl<'u> MethodProver<'u> {
    /// Whether mutant `m` turns a read `a[e]` of array `a` into `a[e]++` or `a[e]--` (the
    /// same value) where no later read of `a` can see the cell changed, and the caller does
    /// not either: the zones prove every other read indexes outside the cells changed so far
    /// ([`crate::program::proofs::zones::cell_never_read`]). Either `a` is a local made by the
    /// method (`new` or an array literal, its one assignment) that is only ever indexed or
    /// asked its length, so nothing outside the method sees its cells; or it is a parameter that is
    /// the only way to the caller's array ([`lone_parameter_array`]), and the zones also
    /// prove each changed cell is assigned again before the method may leave (an insertion
    /// sort's `key = a[i]++`, overwritten by the first shift or by the insertion).
    pub(super) fn dead_cell(&self, m: &Mutant, mutant_body: &Body) -> bool {
        use crate::program::reader::visit_stmts;
        let site = (m.start, m.end);
        let mut array = None;
        visit_stmts(&self.body.stmts, &mut |e| {
            if let ExprKind::Index(a, _) = &e.kind
                && let ExprKind::Local(l) = a.kind
                && (e.span.start, e.span.end) == site
            {
                array = Some(l);
            }
        });
        let Some(array) = array else {
            return false;
        };
        let local = &self.body.locals[array.0 as usize];
        let callers = local.is_param && lone_parameter_array(self.body, array);
        if local.is_hidden || !(callers || (!local.is_param && own_array(self.body, array))) {
            return false;
        }
        let edit = (m.start, m.start + m.replacement.len() as u32);
        let mut updated = false;
        visit_stmts(&mutant_body.stmts, &mut |e| {
            updated |= matches!(&e.kind, ExprKind::IncDec { target, prefix: false, .. }
                if matches!(&target.kind, ExprKind::Index(a, _)
                    if matches!(a.kind, ExprKind::Local(l) if l == array)))
                && edit.0 <= e.span.start
                && e.span.end <= edit.1;
        });
        updated
            && crate::program::proofs::zones::cell_never_read(
                self.unit, self.body, array, site, callers,
            )
    }
}

/// Whether array local `array` is the method's own: declared with a new array or an array
/// literal and never assigned again, and otherwise only indexed (`array[i]`) or asked its
/// length, so that no other variable, call, field or caller ever holds it.
fn own_array(body: &Body, array: crate::program::reader::ir::LocalId) -> bool {
    let mut declared = 0;
    let mut stmts: Vec<&Stmt> = body.stmts.iter().collect();
    while let Some(s) = stmts.pop() {
        if let StmtKind::Locals(decls) = &s.kind {
            for (l, init) in decls {
                if *l == array {
                    declared += 1;
                    let fresh = init.as_ref().is_some_and(|e| {
                        matches!(
                            e.unconverted().kind,
                            ExprKind::NewArray { .. } | ExprKind::ArrayLiteral(_)
                        )
                    });
                    if !fresh {
                        return false;
                    }
                }
            }
        }
        stmts.extend(s.substatements());
    }
    declared == 1 && only_indexed(body, array)
}

/// Whether every mention of array local `array` is the array operand of an index or a
/// length (so it is never assigned, passed, stored or printed).
fn only_indexed(body: &Body, array: crate::program::reader::ir::LocalId) -> bool {
    let is_array = |x: &Expr| matches!(x.kind, ExprKind::Local(l) if l == array);
    let (mut mentions, mut indexed) = (0, 0);
    crate::program::reader::visit_stmts(&body.stmts, &mut |e| match &e.kind {
        ExprKind::Index(a, _) | ExprKind::Length(a) if is_array(a) => indexed += 1,
        _ if is_array(e) => mentions += 1,
        _ => {}
    });
    mentions == indexed
}

/// Whether parameter `array` is the only way the method reaches the caller's array: every
/// mention indexes it or asks its length (so it is never assigned, passed or stored), no
/// other array of its type appears but the method's own (a second parameter, a field or a
/// row of a matrix could be the same array), and nothing is called (a callee could reach it
/// through a field or an object). Its cells are then read and written only where the method
/// indexes it.
fn lone_parameter_array(body: &Body, array: crate::program::reader::ir::LocalId) -> bool {
    let ty = &body.locals[array.0 as usize].ty;
    let mut alone = true;
    crate::program::reader::visit_stmts(&body.stmts, &mut |e| match &e.kind {
        // Code that runs (a call, an override, a constructor) may reach it through an object.
        _ if e.runs_code() => alone = false,
        ExprKind::Local(l) if *l == array => {}
        ExprKind::Local(l) if e.ty == *ty && !own_array(body, *l) => alone = false,
        ExprKind::Local(_) | ExprKind::NewArray { .. } | ExprKind::ArrayLiteral(_) => {}
        _ if e.ty == *ty => alone = false,
        _ => {}
    });
    alone && only_indexed(body, array)
}
