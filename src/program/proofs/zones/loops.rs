//! Loops in the zone analysis: a loop's head state taken to a post-fixpoint (joined with the
//! entry state, widened after two rounds), two narrowing passes (joins of the entry with
//! the state back at the head, from the post-fixpoint), and a last pass that records the
//! facts inside the loop; and the loop bounds, compound sides of a loop condition the loop
//! never changes (`j < a.length - 1 - pass`), tracked as variables set where the loop starts.

use hashbrown::HashMap;

use crate::program::proofs::symbolic::{Executor, Input};
use crate::program::reader::ir::{
    BinaryOp, Body, Builtin, Const, Expr, ExprKind, FieldRef, LocalId, NodeId, Stmt, StmtKind,
    Type, UnaryOp,
};
use crate::solver::{BinOp, JType};

use super::dbm::{INF, Zone};
use super::{Analysis, Jumps, Tracked, type_range};

/// A loop condition's compound side, `j < a.length - 1 - pass`, that the loop never changes:
/// a variable set to its value where the loop starts stands for it in the condition, so the
/// zone keeps `j <= bound` where `j - (a.length - 1 - pass)` is no difference of two
/// variables. It holds anywhere inside the loop (nothing in it assigns the operands).
pub(super) struct LoopBound {
    pub(super) expr: Expr,
    /// The loop statement's span.
    pub(super) span: (u32, u32),
}

impl Analysis<'_> {
    /// A loop's head state to a post-fixpoint (join with the entry state `z`, widening after
    /// two rounds, two narrowing rounds after), then a last pass from it that records the
    /// facts inside and gives the exit state. `pass` runs the loop once from a head state and
    /// returns the state back at the head and the state leaving the loop.
    pub(super) fn iterate(
        &mut self,
        z: Option<Zone>,
        jumps: &mut Jumps,
        pass: impl Fn(&mut Self, Option<Zone>, &mut Jumps) -> (Option<Zone>, Option<Zone>),
    ) -> Option<Zone> {
        let mut head = z.clone();
        let mut k = 0;
        loop {
            let (back, _) = pass(self, head.clone(), jumps);
            let next = self.dbm().join(z.clone(), back);
            if self.dbm().leq(&next, &head) {
                break;
            }
            head = if k >= 2 {
                self.dbm().widen(&head, next)
            } else {
                next
            };
            k += 1;
            if k > 50 {
                head = Some(self.dbm().top());
                break;
            }
        }
        for _ in 0..2 {
            let (back, _) = pass(self, head.clone(), jumps);
            head = self.dbm().join(z.clone(), back);
        }
        let (_, exit) = pass(self, head, jumps);
        exit
    }

    /// Bounds on a sum or difference (of sums, tracked values and constants) for a loop
    /// bound, `None` when Java's value may wrap (then it is not the mathematical one): a
    /// difference of two tracked values is bounded by the zone directly. (Only there:
    /// everywhere else the plainer [`Analysis::interval`] keeps the facts, and the solver's
    /// questions, smaller.)
    fn sum_interval(&self, z: &Zone, e: &Expr) -> Option<(i128, i128)> {
        match &e.kind {
            ExprKind::Binary {
                op: op @ (BinaryOp::Add | BinaryOp::Sub),
                op_type,
                left,
                right,
            } if op_type.is_integral() => {
                let (llo, lhi) = self.sum_interval(z, left)?;
                let (rlo, rhi) = self.sum_interval(z, right)?;
                let (lo, hi) = match (op, self.linear(z, left), self.linear(z, right)) {
                    // A difference of two tracked values: the zone bounds it directly.
                    (BinaryOp::Sub, Some((x, a)), Some((y, b))) if x != 0 && y != 0 => {
                        let n = self.n();
                        let (dlo, dhi) = (-z.m[y * n + x], z.m[x * n + y]);
                        (dlo.max(llo - rhi) + a - b, dhi.min(lhi - rlo) + a - b)
                    }
                    (BinaryOp::Sub, ..) => (llo - rhi, lhi - rlo),
                    _ => (llo + rlo, lhi + rhi),
                };
                let (tlo, thi) = type_range(&e.ty)?;
                (lo >= tlo && hi <= thi).then_some((lo, hi))
            }
            ExprKind::Convert(x) | ExprKind::Unary(UnaryOp::Plus, x) => self.sum_interval(z, x),
            // A leaf's value is in its type's range, so its interval is finite.
            _ => Some(self.interval(z, e)),
        }
    }

    /// Sets the bounds of loop `id` to their expressions' values as the loop starts.
    pub(super) fn start_bounds(&self, z: Option<Zone>, id: NodeId) -> Option<Zone> {
        let Some(bounds) = self.bounds_of_loop.get(&id) else {
            return z;
        };
        let mut z = z?;
        for &(g, e) in bounds {
            self.dbm().forget(&mut z, g);
            // Only a value that cannot wrap is the mathematical one the zone relates.
            let Some((lo, hi)) = self.sum_interval(&z, e) else {
                continue;
            };
            let mut zz = self.dbm().add(Some(z.clone()), g, 0, hi);
            zz = self.dbm().add(zz, 0, g, -lo);
            // `x + a - r` and `x + a + r`, r within [rlo, rhi]: bounds on g - x.
            if let ExprKind::Binary {
                op: op @ (BinaryOp::Add | BinaryOp::Sub),
                left,
                right,
                ..
            } = &e.kind
                && let Some((x, a)) = self.linear(&z, left)
                && x != 0
            {
                let (rlo, rhi) = self.interval(&z, right);
                let (dlo, dhi) = match op {
                    BinaryOp::Sub => (a - rhi, a - rlo),
                    _ => (a + rlo, a + rhi),
                };
                if dhi < INF {
                    zz = self.dbm().add(zz, g, x, dhi);
                }
                if dlo > -INF {
                    zz = self.dbm().add(zz, x, g, -dlo);
                }
            }
            z = zz?;
        }
        Some(z)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn run_loop(
        &mut self,
        z: Option<Zone>,
        id: NodeId,
        cond: Option<&Expr>,
        body: &Stmt,
        update: &[Expr],
        body_first: bool,
        jumps: &mut Jumps,
    ) -> Option<Zone> {
        // One pass from head state `h`: the state back at the head and the exit state.
        let pass = |this: &mut Self, h: Option<Zone>, jumps: &mut Jumps| {
            jumps.breaks.remove(&id);
            jumps.continues.remove(&id);
            if !body_first {
                this.facts.head.insert(id, h.clone());
            }
            let (enter, leave) = if body_first {
                (h, None)
            } else {
                match cond {
                    Some(c) => this.branch(h, c),
                    None => (h, None),
                }
            };
            let out = this.stmt(enter, body, jumps);
            let cont = jumps.continues.remove(&id).flatten();
            let mut back = this.dbm().join(out, cont);
            this.facts.update.insert(id, back.clone());
            for u in update {
                back = this.effects(back, u);
            }
            let (back, leave) = if body_first {
                this.facts.head.insert(id, back.clone());
                match cond {
                    Some(c) => this.branch(back, c),
                    None => (back, None),
                }
            } else {
                (back, leave)
            };
            let brk = jumps.breaks.remove(&id).flatten();
            (back, this.dbm().join(leave, brk))
        };
        self.iterate(z, jumps, pass)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn for_each(
        &mut self,
        z: Option<Zone>,
        id: NodeId,
        var: LocalId,
        array_local: LocalId,
        index_local: LocalId,
        body: &Stmt,
        jumps: &mut Jumps,
    ) -> Option<Zone> {
        let (idx, len) = (
            self.facts.local_index.get(&index_local.0).copied(),
            self.facts.length_index.get(&array_local.0).copied(),
        );
        let pass = |this: &mut Self, h: Option<Zone>, jumps: &mut Jumps| {
            jumps.breaks.remove(&id);
            jumps.continues.remove(&id);
            this.facts.head.insert(id, h.clone());
            let (enter, leave) = match (idx, len) {
                (Some(i), Some(l)) => (
                    this.dbm().add(h.clone(), i, l, -1),
                    this.dbm().add(h, l, i, 0),
                ),
                _ => (h.clone(), h),
            };
            let enter = this.assign(enter, var, None);
            let out = this.stmt(enter, body, jumps);
            let cont = jumps.continues.remove(&id).flatten();
            let mut back = this.dbm().join(out, cont);
            if let (Some(i), Some(b)) = (idx, back.as_mut()) {
                let n = this.n();
                let (_, hi) = this.dbm().interval_of(b, i);
                if hi < i32::MAX as i128 {
                    for j in 0..n {
                        if j != i {
                            b.m[i * n + j] = (b.m[i * n + j] + 1).min(INF);
                            b.m[j * n + i] = (b.m[j * n + i] - 1).min(INF);
                        }
                    }
                    back = this.dbm().close(back.unwrap());
                } else {
                    this.dbm().forget(b, i);
                }
            }
            let brk = jumps.breaks.remove(&id).flatten();
            (back, this.dbm().join(leave, brk))
        };
        self.iterate(z, jumps, pass)
    }
}

/// The compound sides of loop conditions that can stand as a [`LoopBound`]: a sum or
/// difference of tracked locals, lengths of local arrays or strings, fields and constants,
/// with at least two variables (one is a difference the zone keeps anyway), none of them
/// assigned in the loop (nor, for a field, any call made there).
pub(super) fn loop_bound_candidates<'a>(
    body: &'a Body,
    locals: &HashMap<u32, usize>,
    lengths: &HashMap<u32, usize>,
    fields: &HashMap<FieldRef, usize>,
) -> Vec<(&'a Stmt, &'a Expr)> {
    // The variables of `e`, or None when it is not such a sum.
    fn operands(
        e: &Expr,
        locals: &HashMap<u32, usize>,
        lengths: &HashMap<u32, usize>,
        fields: &HashMap<FieldRef, usize>,
        out: &mut Vec<Tracked>,
    ) -> bool {
        match &e.kind {
            ExprKind::Literal(Const::Int(..)) => true,
            ExprKind::Local(id) if locals.contains_key(&id.0) => {
                out.push(Tracked::Local(id.0));
                true
            }
            ExprKind::Field(f) if fields.contains_key(f) => {
                out.push(Tracked::Field(*f));
                true
            }
            ExprKind::Length(_) | ExprKind::Builtin(Builtin::StringLength, _) => {
                match length_base(e).map(|a| &a.kind) {
                    Some(ExprKind::Local(id)) if lengths.contains_key(&id.0) => {
                        out.push(Tracked::Length(id.0));
                        true
                    }
                    _ => false,
                }
            }
            ExprKind::Convert(x) | ExprKind::Unary(UnaryOp::Plus, x) => {
                operands(x, locals, lengths, fields, out)
            }
            ExprKind::Binary {
                op: BinaryOp::Add | BinaryOp::Sub,
                op_type,
                left,
                right,
            } if op_type.is_integral() => {
                operands(left, locals, lengths, fields, out)
                    && operands(right, locals, lengths, fields, out)
            }
            _ => false,
        }
    }
    let mut found = Vec::new();
    let mut stmts: Vec<&Stmt> = body.stmts.iter().collect();
    while let Some(s) = stmts.pop() {
        stmts.extend(s.substatements());
        let (cond, inner, update): (&Expr, &Stmt, &[Expr]) = match &s.kind {
            StmtKind::While { cond, body } | StmtKind::Do { body, cond } => (cond, body, &[]),
            StmtKind::For {
                cond: Some(cond),
                update,
                body,
                ..
            } => (cond, body, update),
            _ => continue,
        };
        let ExprKind::Binary {
            op:
                BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne,
            left,
            right,
            ..
        } = &cond.kind
        else {
            continue;
        };
        // Assignments and calls in the loop.
        let mut assigned_locals = hashbrown::HashSet::new();
        let mut assigned_fields = hashbrown::HashSet::new();
        let mut calls = false;
        let mut note = |e: &Expr| match &e.kind {
            ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. } => {
                match target.kind {
                    ExprKind::Local(id) => {
                        assigned_locals.insert(id.0);
                    }
                    // `o.f` may be `this.f`, or the static field written through an object.
                    ExprKind::Field(f) | ExprKind::FieldOf { field: f, .. } => {
                        assigned_fields.insert(f);
                    }
                    _ => {}
                }
            }
            _ if e.runs_code() => calls = true,
            _ => {}
        };
        crate::program::reader::visit_stmts(std::slice::from_ref(inner), &mut note);
        for u in update {
            crate::program::reader::visit_expr(u, &mut note);
        }
        // Declarations in the loop assign their locals too.
        let mut inner_stmts = vec![inner];
        while let Some(t) = inner_stmts.pop() {
            if let StmtKind::Locals(decls) = &t.kind {
                assigned_locals.extend(decls.iter().map(|(l, _)| l.0));
            }
            inner_stmts.extend(t.substatements());
        }
        for side in [left, right] {
            let e = side.unconverted();
            let mut vars = Vec::new();
            if !matches!(e.kind, ExprKind::Binary { .. })
                || !operands(e, locals, lengths, fields, &mut vars)
            {
                continue;
            }
            vars.sort_by_key(|v| format!("{v:?}"));
            vars.dedup();
            let unchanged = vars.iter().all(|v| match v {
                Tracked::Local(l) | Tracked::Length(l) => !assigned_locals.contains(l),
                Tracked::Field(f) => !assigned_fields.contains(f) && !calls,
                _ => false,
            });
            if vars.len() >= 2 && unchanged {
                found.push((s, e));
            }
        }
    }
    found
}

/// The array of `a.length`, the string of `s.length()`.
fn length_base(e: &Expr) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Length(a) => Some(a),
        ExprKind::Builtin(Builtin::StringLength, args) => args.first(),
        _ => None,
    }
}

/// The term of a loop bound's expression over the region's inputs; `None` when the region
/// reads one of its operands nowhere.
pub(super) fn bound_term(ex: &mut Executor<'_>, e: &Expr) -> Option<crate::solver::ExprId> {
    match &e.kind {
        ExprKind::Literal(Const::Int(t, v)) => Some(match t {
            Type::Long => ex.problem.long(*v),
            _ => ex.problem.int(*v as i32),
        }),
        ExprKind::Local(id) => ex
            .existing_input(&Input::Local(id.0))
            .map(|v| ex.problem.read(v)),
        ExprKind::Field(f) => ex
            .existing_input(&Input::Field(*f, 0))
            .map(|v| ex.problem.read(v)),
        ExprKind::Length(_) | ExprKind::Builtin(Builtin::StringLength, _) => {
            let ExprKind::Local(id) = length_base(e)?.kind else {
                return None;
            };
            let r = ex.local_reference(id.0);
            ex.existing_input(&Input::Length(r))
                .map(|v| ex.problem.read(v))
        }
        ExprKind::Convert(x) => {
            let t = bound_term(ex, x)?;
            let ty = match e.ty {
                Type::Long => JType::Long,
                _ => JType::Int,
            };
            ex.problem.cast(ty, t).ok()
        }
        ExprKind::Unary(UnaryOp::Plus, x) => bound_term(ex, x),
        ExprKind::Binary {
            op, left, right, ..
        } => {
            let (l, r) = (bound_term(ex, left)?, bound_term(ex, right)?);
            let op = match op {
                BinaryOp::Add => BinOp::Add,
                _ => BinOp::Sub,
            };
            ex.problem.binary(op, l, r).ok()
        }
        _ => None,
    }
}
