//! Guards: conditions the code before a region decided, taken as facts at the region's entry
//! ([Zhang 2021] §2.3, a region's inputs constrained by their context; the path constraints
//! of [Offutt & Pan 1997]).
//!
//! [`crate::program::proofs::zones`] keeps bounds and differences of integer locals; what it
//! cannot hold, a `double` compared with zero, a product, a remainder, a disjunction, reaches
//! the solver here as the condition itself. A condition holds at a point when every path to
//! the point passed it with that value and nothing assigned its variables since:
//!
//! - the condition of an enclosing `if` (true in the `then` branch, false in the `else`), of an
//!   enclosing `while` or `for` (true in the body);
//! - the condition of an earlier `if` of an enclosing block whose branch cannot complete
//!   normally (`if (d < 0) return ...;` leaves `d >= 0 || d is NaN` behind it).
//!
//! Only conditions over primitive locals that cannot throw and change nothing are kept, and
//! none of their locals may be assigned in the text between the condition and the point, nor
//! anywhere in a loop around the point that begins after the condition (its next iteration
//! would reach the point again without passing the condition). Structured Java has no other
//! way from one to the other. Like the zones, the guards describe the original, which the
//! mutant follows up to the first execution of the region that differs.

use crate::program::proofs::regions::Point;
use crate::program::proofs::symbolic::{Executor, Input};
use crate::program::reader::ir::{
    BinaryOp, Body, Builtin, Expr, ExprKind, LocalId, Stmt, StmtKind,
};

/// A condition and the value it is known to have.
#[derive(Clone, Debug)]
pub(crate) struct Guard<'a> {
    pub cond: &'a Expr,
    pub holds: bool,
    /// The locals the condition reads.
    pub locals: Vec<LocalId>,
}

/// A guard before it is checked: where it was decided, and the text between it and the point
/// that no path from one to the other runs (a `for` loop's update, which runs after the body;
/// the branch not taken).
struct Candidate<'a> {
    guard: Guard<'a>,
    decided: u32,
    skip: Vec<(u32, u32)>,
}

/// The guards that hold at `point` of statement `target` of `body`.
pub(crate) fn at<'a>(body: &'a Body, target: &Stmt, point: Point) -> Vec<Guard<'a>> {
    let mut candidates = Vec::new();
    let mut loops = Vec::new();
    if !collect(&body.stmts, target, &mut candidates, &mut loops) {
        return Vec::new();
    }
    // The point itself lies in the loop it belongs to: its head and update run on every
    // iteration.
    if matches!(point, Point::Head | Point::Update) {
        loops.push((target.span.start, target.span.end));
    }
    let assignments = assignments(&body.stmts);
    let at = target.span.start;
    candidates
        .into_iter()
        .filter_map(|mut c| {
            if !pure(c.guard.cond, &mut c.guard.locals) || c.guard.locals.is_empty() {
                return None;
            }
            let kept = assignments.iter().all(|&(local, (s, e))| {
                if !c.guard.locals.contains(&local) {
                    return true;
                }
                let between =
                    c.decided <= s && e <= at && !c.skip.iter().any(|&(a, b)| a <= s && e <= b);
                let in_loop_after = loops
                    .iter()
                    .any(|&(ls, le)| ls > c.decided && ls <= s && e <= le);
                !between && !in_loop_after
            });
            kept.then_some(c.guard)
        })
        .collect()
}

/// Requires the guards at `point` of `target` on the inputs of the executor's region (a
/// guard over a local the region does not read is left out).
pub(crate) fn constrain(ex: &mut Executor<'_>, body: &Body, target: &Stmt, point: Point) {
    for g in at(body, target, point) {
        if !g
            .locals
            .iter()
            .all(|&l| ex.existing_input(&Input::Local(l.0)).is_some())
        {
            continue;
        }
        let Ok(mut st) = ex.entry() else { continue };
        let Ok(value) = ex.eval(&mut st, g.cond, None) else {
            continue;
        };
        let Ok(mut term) = ex.primitive(value) else {
            continue;
        };
        if !g.holds {
            term = ex.not(term);
        }
        // A pure condition's term is boolean; a type error would only lose the fact.
        let _ = ex.problem.require(term);
    }
}

/// Walks `stmts` to `target`, gathering the candidates on the way and the spans of the loops
/// around it; false when `target` is not among them.
fn collect<'a>(
    stmts: &'a [Stmt],
    target: &Stmt,
    out: &mut Vec<Candidate<'a>>,
    loops: &mut Vec<(u32, u32)>,
) -> bool {
    let inside = |s: &Stmt| s.span.start <= target.span.start && target.span.end <= s.span.end;
    let Some(k) = stmts.iter().position(&inside) else {
        return false;
    };
    for earlier in &stmts[..k] {
        if let StmtKind::If {
            cond,
            then,
            otherwise,
        } = &earlier.kind
        {
            // Decided at the condition; the branch that goes on is checked for assignments
            // like any code after it, the one that leaves is never on the way.
            let span = |s: &Stmt| (s.span.start, s.span.end);
            let then_leaves = !completes(then);
            let else_leaves = otherwise.as_deref().is_some_and(|o| !completes(o));
            if then_leaves && !else_leaves {
                let mut c = candidate(cond, false, cond.span.end);
                c.skip.push(span(then));
                out.push(c);
            } else if let Some(o) = otherwise
                && else_leaves
                && !then_leaves
            {
                let mut c = candidate(cond, true, cond.span.end);
                c.skip.push(span(o));
                out.push(c);
            }
        }
    }
    let s = &stmts[k];
    if s.id == target.id {
        return true;
    }
    let one = std::slice::from_ref;
    match &s.kind {
        StmtKind::If {
            cond,
            then,
            otherwise,
        } => {
            if inside(then) {
                out.push(candidate(cond, true, cond.span.end));
                collect(one(then), target, out, loops)
            } else if let Some(o) = otherwise {
                let mut c = candidate(cond, false, cond.span.end);
                c.skip.push((then.span.start, then.span.end));
                out.push(c);
                collect(one(o), target, out, loops)
            } else {
                false
            }
        }
        StmtKind::While { cond, body } => {
            loops.push((s.span.start, s.span.end));
            out.push(candidate(cond, true, cond.span.end));
            collect(one(body), target, out, loops)
        }
        StmtKind::For {
            init,
            cond,
            update,
            body,
        } => {
            if !inside(body) {
                return collect(init, target, out, loops);
            }
            loops.push((s.span.start, s.span.end));
            if let Some(cond) = cond {
                let mut c = candidate(cond, true, cond.span.end);
                c.skip = update.iter().map(|u| (u.span.start, u.span.end)).collect();
                out.push(c);
            }
            collect(one(body), target, out, loops)
        }
        StmtKind::Do { body, .. } | StmtKind::ForEach { body, .. } => {
            loops.push((s.span.start, s.span.end));
            collect(one(body), target, out, loops)
        }
        StmtKind::Labeled { body, .. } => collect(one(body), target, out, loops),
        StmtKind::Block(inner) => collect(inner, target, out, loops),
        // Each group is entered at its start only (its labels), so earlier statements of
        // the group dominate later ones.
        StmtKind::Switch { groups, .. } => groups
            .iter()
            .find(|g| g.stmts.iter().any(&inside))
            .is_some_and(|g| collect(&g.stmts, target, out, loops)),
        _ => false,
    }
}

fn candidate(cond: &Expr, holds: bool, decided: u32) -> Candidate<'_> {
    Candidate {
        guard: Guard {
            cond,
            holds,
            locals: Vec::new(),
        },
        decided,
        skip: Vec::new(),
    }
}

/// Whether `s` may complete normally (`false` only when sure it cannot: a `return`, a `throw`,
/// a `break` or a `continue`, a block holding one, an `if` with two such branches).
fn completes(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Return(_)
        | StmtKind::Throw { .. }
        | StmtKind::Break { .. }
        | StmtKind::Continue { .. } => false,
        // A statement that cannot complete ends the block (the ones after it are unreachable;
        // a `break` nested in a block can only leave it for a target around it).
        StmtKind::Block(stmts) => stmts.iter().all(completes),
        StmtKind::If {
            then,
            otherwise: Some(o),
            ..
        } => completes(then) || completes(o),
        _ => true,
    }
}

/// Whether `e` can neither throw nor change state and reads only primitive locals (gathered
/// in `locals`) and constants.
fn pure(e: &Expr, locals: &mut Vec<LocalId>) -> bool {
    let ok = match &e.kind {
        ExprKind::Literal(_) => true,
        ExprKind::Local(l) => {
            if !locals.contains(l) {
                locals.push(*l);
            }
            e.ty.is_primitive()
        }
        ExprKind::Unary(..)
        | ExprKind::Convert(_)
        | ExprKind::Conditional(..)
        | ExprKind::Builtin(Builtin::MathAbs | Builtin::MathMin | Builtin::MathMax, _) => true,
        ExprKind::Cast(_) => e.ty.is_primitive(),
        // An integer division or remainder throws on a zero divisor: by a constant other
        // than zero only.
        ExprKind::Binary {
            op: BinaryOp::Div | BinaryOp::Rem,
            op_type,
            right,
            ..
        } if op_type.is_integral() => matches!(
            &right.unconverted().kind,
            ExprKind::Literal(c) if c.bits().is_some_and(|v| v != 0)
        ),
        ExprKind::Binary { .. } => true,
        _ => false,
    };
    ok && e.children().into_iter().all(|c| pure(c, locals))
}

/// Every assignment of a local in `stmts`: the local and the span that assigns it (a
/// declaration counts, as it sets the local on each pass of a loop around it).
fn assignments(stmts: &[Stmt]) -> Vec<(LocalId, (u32, u32))> {
    fn expr(e: &Expr, out: &mut Vec<(LocalId, (u32, u32))>) {
        if let ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } = &e.kind
            && let ExprKind::Local(l) = target.kind
        {
            out.push((l, (e.span.start, e.span.end)));
        }
        for c in e.children() {
            expr(c, out);
        }
    }
    fn stmt(s: &Stmt, out: &mut Vec<(LocalId, (u32, u32))>) {
        let whole = (s.span.start, s.span.end);
        match &s.kind {
            StmtKind::Locals(decls) => out.extend(decls.iter().map(|(l, _)| (*l, whole))),
            StmtKind::ForEach {
                var,
                array_local,
                index_local,
                ..
            } => out.extend([*var, *array_local, *index_local].map(|l| (l, whole))),
            _ => {}
        }
        for e in s.expressions() {
            expr(e, out);
        }
        for sub in s.substatements() {
            stmt(sub, out);
        }
    }
    let mut out = Vec::new();
    for s in stmts {
        stmt(s, &mut out);
    }
    out
}
