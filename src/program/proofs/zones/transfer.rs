//! Java's expressions, conditions and statements as transfer functions on zones: an
//! expression as `x + c` or as an interval when Java computes it exactly (no wrap in its
//! type), the midpoint of a binary search kept between its ends, assignments to locals,
//! fields, lengths and null flags, the effects of evaluating an expression in Java's order
//! (what a dereference or an access that did not throw tells), a condition assumed true or
//! false, and every statement but the loops' iteration (see [`super::loops`]).

use crate::program::reader::fold_in;
use crate::program::reader::ir::{
    BinaryOp, Builtin, Const, Expr, ExprKind, LocalId, Stmt, StmtKind, Type, UnaryOp,
};

use super::dbm::{INF, Zone};
use super::{Analysis, Jumps, type_range};

impl Analysis<'_> {
    fn constant(&self, e: &Expr) -> Option<Const> {
        fold_in(self.unit, self.body, e)
    }

    /// The tracked number a local or field names.
    fn variable(&self, e: &Expr) -> Option<usize> {
        match &e.kind {
            ExprKind::Local(id) => self.facts.local_index.get(&id.0).copied(),
            ExprKind::Field(f) => self.facts.field_index.get(f).copied(),
            _ => None,
        }
    }

    /// `e` as `x + c` (x tracked, or the zero for a constant), when Java computes exactly that.
    pub(super) fn linear(&self, z: &Zone, e: &Expr) -> Option<(usize, i128)> {
        if let Some(&g) = self.bound_of_expr.get(&(e as *const Expr as usize)) {
            return Some((g, 0));
        }
        if let Some(Const::Int(_, v)) = self.constant(e) {
            return Some((0, v as i128));
        }
        let (x, c) = match &e.kind {
            ExprKind::Local(_) | ExprKind::Field(_) => (self.variable(e)?, 0),
            ExprKind::Length(a) => match &a.kind {
                ExprKind::Local(id) => (*self.facts.length_index.get(&id.0)?, 0),
                _ => return None,
            },
            ExprKind::Builtin(Builtin::StringLength, args) => match &args[0].kind {
                ExprKind::Local(id) => (*self.facts.length_index.get(&id.0)?, 0),
                _ => return None,
            },
            ExprKind::Convert(x) | ExprKind::Cast(x) => self.linear(z, x)?,
            ExprKind::Unary(UnaryOp::Plus, x) => self.linear(z, x)?,
            ExprKind::Binary {
                op: op @ (BinaryOp::Add | BinaryOp::Sub),
                op_type,
                left,
                right,
            } if op_type.is_integral() => {
                let (l, r) = (self.linear(z, left)?, self.linear(z, right)?);
                match (op, l, r) {
                    (BinaryOp::Add, (x, a), (0, b)) | (BinaryOp::Add, (0, b), (x, a)) => (x, a + b),
                    (BinaryOp::Sub, (x, a), (0, b)) => (x, a - b),
                    _ => return None,
                }
            }
            _ => return None,
        };
        // Exact only when Java's value is the mathematical one (no wrap to the type).
        let (lo, hi) = self.dbm().interval_of(z, x);
        let (tlo, thi) = type_range(&e.ty)?;
        (lo + c >= tlo && hi + c <= thi).then_some((x, c))
    }

    /// Bounds on an integral expression's value.
    pub(super) fn interval(&self, z: &Zone, e: &Expr) -> (i128, i128) {
        if let Some((x, c)) = self.linear(z, e) {
            let (lo, hi) = self.dbm().interval_of(z, x);
            return (lo + c, hi + c);
        }
        let full = type_range(&e.ty).unwrap_or((-INF, INF));
        match &e.kind {
            ExprKind::Binary {
                op: BinaryOp::Rem,
                right,
                left,
                ..
            } => {
                let (rlo, rhi) = self.interval(z, right);
                let (llo, _) = self.interval(z, left);
                let k = rlo.abs().max(rhi.abs());
                if k == 0 || k >= INF {
                    return full;
                }
                let lo = if llo >= 0 { 0 } else { -(k - 1) };
                (lo, k - 1)
            }
            ExprKind::Binary {
                op: BinaryOp::Div,
                left,
                right,
                ..
            } => {
                // A divisor known positive: truncation toward zero keeps the quotient between
                // the corner quotients (Java's and i128's `/` round alike).
                let (llo, lhi) = self.interval(z, left);
                let (rlo, rhi) = self.interval(z, right);
                if rlo < 1 || rhi >= INF || llo <= -INF || lhi >= INF {
                    return full;
                }
                let q = [llo / rlo, llo / rhi, lhi / rlo, lhi / rhi];
                (
                    *q.iter().min().expect("four"),
                    *q.iter().max().expect("four"),
                )
            }
            ExprKind::Convert(x) | ExprKind::Cast(x) => {
                let (lo, hi) = self.interval(z, x);
                if lo >= full.0 && hi <= full.1 {
                    (lo, hi)
                } else {
                    full
                }
            }
            _ => full,
        }
    }

    /// `x := e` on the zone (after `e`'s own effects).
    pub(super) fn assign(&self, z: Option<Zone>, id: LocalId, e: Option<&Expr>) -> Option<Zone> {
        let z = self.assign_null(z, id, e);
        let mut z = z?;
        if let Some(&x) = self.facts.length_index.get(&id.0) {
            // An array local: its length is known when the new array's is.
            let source = e.and_then(|e| match &e.unconverted().kind {
                ExprKind::NewArray { lengths, .. } => {
                    lengths.first().and_then(|l| self.linear(&z, l))
                }
                ExprKind::Local(a) => self.facts.length_index.get(&a.0).map(|&y| (y, 0)),
                _ => None,
            });
            self.dbm().forget(&mut z, x);
            return match source {
                Some((y, c)) => {
                    let z = self.dbm().add(Some(z), x, y, c);
                    self.dbm().add(z, y, x, -c)
                }
                None => Some(z),
            };
        }
        let Some(&x) = self.facts.local_index.get(&id.0) else {
            return Some(z);
        };
        self.assign_number(z, x, e)
    }

    /// `x := e` for a tracked number `x` (a local or a field), `e` unknown when `None`.
    fn assign_number(&self, mut z: Zone, x: usize, e: Option<&Expr>) -> Option<Zone> {
        let n = self.n();
        let Some(e) = e else {
            self.dbm().forget(&mut z, x);
            return Some(z);
        };
        match self.linear(&z, e) {
            Some((y, c)) if y == x => {
                for j in 0..n {
                    if j != x {
                        z.m[x * n + j] = z.m[x * n + j].saturating_add(c).min(INF);
                        z.m[j * n + x] = z.m[j * n + x].saturating_sub(c).min(INF);
                    }
                }
                self.dbm().close(z)
            }
            Some((y, c)) => {
                self.dbm().forget(&mut z, x);
                let z = self.dbm().add(Some(z), x, y, c);
                self.dbm().add(z, y, x, -c)
            }
            None => {
                let (lo, hi) = self.interval(&z, e);
                let midpoint = self.midpoint(&z, e).filter(|&(y, w, _)| y != x && w != x);
                // The differences to the two ends, read before x changes.
                let ends = midpoint.map(|(y, w, c)| {
                    // w - y lies in [l, h].
                    let (l, h) = (-z.m[y * n + w], z.m[w * n + y]);
                    (y, w, c, l, h)
                });
                self.dbm().forget(&mut z, x);
                let mut z = self.dbm().add(Some(z), x, 0, hi);
                z = self.dbm().add(z, 0, x, -lo);
                if let Some((y, w, c, l, h)) = ends {
                    // x = (y + w + c) / 2 rounded either way is y + (w - y + c) / 2 and
                    // w + (y - w + c) / 2 rounded the same way.
                    let floor = |k: i128| k.div_euclid(2);
                    let ceil = |k: i128| -(-k).div_euclid(2);
                    if l > -INF {
                        z = self.dbm().add(z, y, x, -floor(l + c));
                        z = self.dbm().add(z, x, w, ceil(-l + c));
                    }
                    if h < INF {
                        z = self.dbm().add(z, x, y, ceil(h + c));
                        z = self.dbm().add(z, w, x, -floor(-h + c));
                    }
                }
                z
            }
        }
    }

    /// `e` as the midpoint `(y + w + c) / 2` of two tracked variables (or `>> 1`, or `>>> 1`
    /// of a sum known not negative), when the sum cannot wrap: the midpoint of a binary
    /// search, which the zones then keep between its ends.
    fn midpoint(&self, z: &Zone, e: &Expr) -> Option<(usize, usize, i128)> {
        let ExprKind::Binary {
            op,
            op_type,
            left,
            right,
        } = &e.unconverted().kind
        else {
            return None;
        };
        let by = match self.constant(right)? {
            Const::Int(_, v) => v,
            _ => return None,
        };
        let halves = match op {
            BinaryOp::Div => by == 2,
            BinaryOp::Shr | BinaryOp::UShr => by == 1,
            _ => false,
        };
        if !halves || !op_type.is_integral() {
            return None;
        }
        let (y, w, c) = self.sum_of_two(z, left)?;
        let ((ylo, yhi), (wlo, whi)) = (self.dbm().interval_of(z, y), self.dbm().interval_of(z, w));
        let (tlo, thi) = type_range(op_type)?;
        let (lo, hi) = (ylo + wlo + c, yhi + whi + c);
        let exact = lo >= tlo && hi <= thi;
        // `>>>` halves like `>>` only a sum that is not negative.
        (exact && (*op != BinaryOp::UShr || lo >= 0)).then_some((y, w, c))
    }

    /// `e` as `y + w + c` for two tracked variables (the sum computed as written; the caller
    /// checks it cannot wrap).
    fn sum_of_two(&self, z: &Zone, e: &Expr) -> Option<(usize, usize, i128)> {
        let ExprKind::Binary {
            op: BinaryOp::Add,
            op_type,
            left,
            right,
        } = &e.unconverted().kind
        else {
            return None;
        };
        if !op_type.is_integral() {
            return None;
        }
        match (self.linear(z, left), self.linear(z, right)) {
            (Some((y, a)), Some((w, b))) if y != 0 && w != 0 => Some((y, w, a + b)),
            (None, Some((0, b))) => self.sum_of_two(z, left).map(|(y, w, a)| (y, w, a + b)),
            (Some((0, a)), None) => self.sum_of_two(z, right).map(|(y, w, b)| (y, w, a + b)),
            _ => None,
        }
    }

    /// Sets a 0/1 variable (a boolean local or a null flag) to `value`.
    fn set_flag(&self, z: Option<Zone>, x: usize, value: bool) -> Option<Zone> {
        if value {
            self.dbm().add(z, 0, x, -1)
        } else {
            self.dbm().add(z, x, 0, 0)
        }
    }

    /// The null flag of `e` when it is a reference local.
    pub(super) fn null_flag(&self, e: &Expr) -> Option<usize> {
        match &e.unconverted().kind {
            ExprKind::Local(id) => self.facts.null_index.get(&id.0).copied(),
            _ => None,
        }
    }

    /// `x := e` on the null flag of a reference local `x`.
    fn assign_null(&self, z: Option<Zone>, id: LocalId, e: Option<&Expr>) -> Option<Zone> {
        let Some(&x) = self.facts.null_index.get(&id.0) else {
            return z;
        };
        let mut z = z?;
        self.dbm().forget(&mut z, x);
        let Some(e) = e else { return Some(z) };
        if let Some(y) = self.null_flag(e) {
            let z = self.dbm().add(Some(z), x, y, 0);
            return self.dbm().add(z, y, x, 0);
        }
        match &e.unconverted().kind {
            ExprKind::Null => self.set_flag(Some(z), x, true),
            ExprKind::NewArray { .. }
            | ExprKind::ArrayLiteral(_)
            | ExprKind::Concat(..)
            | ExprKind::Literal(Const::Str(_)) => self.set_flag(Some(z), x, false),
            _ => Some(z),
        }
    }

    /// After a dereference of `e` that completed, `e` is not null.
    pub(super) fn dereferenced(&self, z: Option<Zone>, e: &Expr) -> Option<Zone> {
        match self.null_flag(e) {
            Some(x) => self.set_flag(z, x, false),
            None => z,
        }
    }

    /// The effects of evaluating `e` (assignments, increments), in Java's order.
    pub(super) fn effects(&self, z: Option<Zone>, e: &Expr) -> Option<Zone> {
        z.as_ref()?;
        match &e.kind {
            ExprKind::Assign {
                target,
                op,
                value,
                op_type,
            } => {
                let leaving = self.watch.as_ref().is_some_and(|w| w.overwritten);
                if let (ExprKind::Index(a, i), None, true) = (&target.kind, op, leaving) {
                    // Java checks a store's array and index after its value (JLS §15.26.1),
                    // so with a caller's array watched a store is followed in that order.
                    let z = self.effects(z, a);
                    let z = self.effects(z, i);
                    let safe = z.as_ref().is_some_and(|zz| self.access_safe(zz, a, i));
                    let z = self.effects(z, value);
                    self.may_leave(&z, safe);
                    // The index still has the value it had before the value ran.
                    if i.has_effects() || assigns_variables(value) {
                        return z;
                    }
                    let z = self.dereferenced(z, a);
                    let z = self.in_bounds(z, a, i);
                    return if self.watches_callers_array(a) {
                        self.store(z, (a, i))
                    } else {
                        z
                    };
                }
                let z = match &target.kind {
                    ExprKind::Local(_) | ExprKind::Field(_) => z,
                    // A plain assignment to a cell does not read it.
                    ExprKind::Index(a, i) => self.index(z, target, a, i, op.is_some()),
                    _ => self.effects(z, target),
                };
                let z = self.effects(z, value);
                if leaving && let Some(op) = op {
                    // `x /= y` divides, `s += t` allocates.
                    let safe = match op {
                        _ if *op_type == Type::String => false,
                        BinaryOp::Div | BinaryOp::Rem if op_type.is_integral() => {
                            z.as_ref().is_some_and(|zz| {
                                let (lo, hi) = self.interval(zz, value);
                                lo > 0 || hi < 0
                            })
                        }
                        _ => true,
                    };
                    self.may_leave(&z, safe);
                }
                match (&target.kind, op) {
                    (ExprKind::Local(id), None) => self.assign(z, *id, Some(value)),
                    (ExprKind::Local(id), Some(_)) => self.assign(z, *id, Some(e)),
                    (ExprKind::FieldOf { field, .. }, _) => self.forget_field(z, *field),
                    (ExprKind::Field(f), _) => match (z, self.facts.field_index.get(f)) {
                        (Some(z), Some(&x)) => {
                            self.assign_number(z, x, Some(if op.is_some() { e } else { value }))
                        }
                        (z, _) => z,
                    },
                    _ => z,
                }
            }
            ExprKind::IncDec { target, .. } => match &target.kind {
                ExprKind::Local(_) | ExprKind::Field(_) => {
                    let z = z?;
                    let Some(x) = self.variable(target) else {
                        return Some(z);
                    };
                    let delta: i128 = match &e.kind {
                        ExprKind::IncDec {
                            increment: true, ..
                        } => 1,
                        _ => -1,
                    };
                    let (lo, hi) = self.dbm().interval_of(&z, x);
                    let (tlo, thi) = self.dbm().bounds[x];
                    if lo + delta >= tlo && hi + delta <= thi {
                        let n = self.n();
                        let mut z = z;
                        for j in 0..n {
                            if j != x {
                                z.m[x * n + j] = (z.m[x * n + j] + delta).min(INF);
                                z.m[j * n + x] = (z.m[j * n + x] - delta).min(INF);
                            }
                        }
                        self.dbm().close(z)
                    } else {
                        let mut z = z;
                        self.dbm().forget(&mut z, x);
                        Some(z)
                    }
                }
                ExprKind::FieldOf { field, .. } => {
                    let z = self.effects(z, target);
                    self.forget_field(z, *field)
                }
                _ => self.effects(z, target),
            },
            ExprKind::Binary {
                op: op @ (BinaryOp::CondAnd | BinaryOp::CondOr),
                left,
                right,
                ..
            } => {
                // The right operand may or may not run; it runs where the left one did not
                // decide (`j >= 0 && a[j] > key` reads `a[j]` with `j >= 0`).
                let z = self.effects(z, left);
                let runs = self.assume_pure(z.clone(), left, *op == BinaryOp::CondAnd);
                let r = self.effects(runs, right);
                self.dbm().join(z, r)
            }
            ExprKind::Conditional(c, a, b) => {
                let z = self.effects(z, c);
                let x = self.effects(self.assume_pure(z.clone(), c, true), a);
                let y = self.effects(self.assume_pure(z, c, false), b);
                self.dbm().join(x, y)
            }
            ExprKind::Index(a, i) => self.index(z, e, a, i, true),
            _ => {
                let mut z = z;
                for c in e.children() {
                    z = self.effects(z, c);
                }
                if self.watch.as_ref().is_some_and(|w| w.overwritten) {
                    let safe = z.as_ref().is_some_and(|zz| self.cannot_throw(zz, e));
                    self.may_leave(&z, safe);
                }
                // Past a dereference the reference was not null; past `s.charAt(i)` the
                // index was in bounds; past a call any field may have changed.
                match &e.kind {
                    _ if e.runs_code() => z.map(|mut z| {
                        for &x in self.facts.field_index.values() {
                            self.dbm().forget(&mut z, x);
                        }
                        z
                    }),
                    ExprKind::Length(a) => self.dereferenced(z, a),
                    ExprKind::Builtin(Builtin::StringCharAt, args) => {
                        let z = self.dereferenced(z, &args[0]);
                        self.in_bounds(z, &args[0], &args[1])
                    }
                    ExprKind::Builtin(b, args) if b.dereferences_receiver() => {
                        self.dereferenced(z, &args[0])
                    }
                    _ => z,
                }
            }
        }
    }

    /// `z` without what it knew of field `f`: a write through an object (`o.f = v`), where
    /// `o` may be `this` (or the field a static one).
    fn forget_field(
        &self,
        z: Option<Zone>,
        f: crate::program::reader::ir::FieldRef,
    ) -> Option<Zone> {
        let mut z = z?;
        if let Some(&x) = self.facts.field_index.get(&f) {
            self.dbm().forget(&mut z, x);
        }
        Some(z)
    }

    /// `0 <= i < a.length` (or `a.length()` for a string) added to `z`, when the zones follow
    /// `i` and `a` is a local: what holds past an access that did not throw.
    pub(super) fn in_bounds(&self, z: Option<Zone>, a: &Expr, i: &Expr) -> Option<Zone> {
        let zz = z?;
        let ExprKind::Local(arr) = a.kind else {
            return Some(zz);
        };
        match (self.facts.length_index.get(&arr.0), self.linear(&zz, i)) {
            (Some(&len), Some((x, c))) => {
                let z = self.dbm().add(Some(zz), 0, x, c);
                self.dbm().add(z, x, len, -c - 1)
            }
            _ => Some(zz),
        }
    }
    /// The zones where condition `c` is true and where it is false.
    pub(super) fn branch(&self, z: Option<Zone>, c: &Expr) -> (Option<Zone>, Option<Zone>) {
        if c.has_effects() {
            let z = self.effects(z, c);
            return (z.clone(), z);
        }
        let z = self.effects(z, c);
        (self.assume(z.clone(), c, true), self.assume(z, c, false))
    }

    /// `z` (the state after evaluating `c`) where `c` was `truth`, when `c` has no effects
    /// (else its value says nothing about the state before them): `z` as it is otherwise.
    fn assume_pure(&self, z: Option<Zone>, c: &Expr, truth: bool) -> Option<Zone> {
        if c.has_effects() {
            z
        } else {
            self.assume(z, c, truth)
        }
    }

    fn assume(&self, z: Option<Zone>, c: &Expr, truth: bool) -> Option<Zone> {
        let zz = z.as_ref()?;
        if let Some(Const::Int(Type::Boolean, v)) = self.constant(c) {
            return if (v != 0) == truth { z } else { None };
        }
        match &c.kind {
            ExprKind::Unary(UnaryOp::Not, x) => self.assume(z, x, !truth),
            ExprKind::Local(_) | ExprKind::Field(_) if c.ty == Type::Boolean => {
                match self.variable(c) {
                    Some(x) => self.set_flag(z, x, truth),
                    None => z,
                }
            }
            ExprKind::Binary {
                op: op @ (BinaryOp::Eq | BinaryOp::Ne),
                left,
                right,
                ..
            } if matches!(right.unconverted().kind, ExprKind::Null)
                || matches!(left.unconverted().kind, ExprKind::Null) =>
            {
                let other = if matches!(right.unconverted().kind, ExprKind::Null) {
                    left
                } else {
                    right
                };
                match self.null_flag(other) {
                    Some(x) => self.set_flag(z, x, (*op == BinaryOp::Eq) == truth),
                    None => z,
                }
            }
            ExprKind::Binary {
                op: op @ (BinaryOp::CondAnd | BinaryOp::CondOr),
                left,
                right,
                ..
            } => {
                let both = (*op == BinaryOp::CondAnd) == truth;
                if both {
                    let z = self.assume(z, left, truth);
                    self.assume(z, right, truth)
                } else {
                    let a = self.assume(z.clone(), left, truth);
                    let b = self.assume(z, left, !truth);
                    let b = self.assume(b, right, truth);
                    self.dbm().join(a, b)
                }
            }
            ExprKind::Binary {
                op,
                op_type,
                left,
                right,
            } if op.is_comparison() && op_type.is_integral() => {
                let (Some((x, a)), Some((y, b))) = (self.linear(zz, left), self.linear(zz, right))
                else {
                    return z;
                };
                let op = if truth { *op } else { negate(*op) };
                // x + a OP y + b, as x - y <= k.
                match op {
                    BinaryOp::Lt => self.dbm().add(z, x, y, b - a - 1),
                    BinaryOp::Le => self.dbm().add(z, x, y, b - a),
                    BinaryOp::Gt => self.dbm().add(z, y, x, a - b - 1),
                    BinaryOp::Ge => self.dbm().add(z, y, x, a - b),
                    BinaryOp::Eq => {
                        let z = self.dbm().add(z, x, y, b - a);
                        self.dbm().add(z, y, x, a - b)
                    }
                    BinaryOp::Ne => {
                        // Only the ends of a range can be cut.
                        let n = self.n();
                        let (up, down) = (zz.m[x * n + y], zz.m[y * n + x]);
                        if up == b - a && down == a - b {
                            None
                        } else if up == b - a {
                            self.dbm().add(z, x, y, b - a - 1)
                        } else if -down == b - a {
                            self.dbm().add(z, y, x, a - b - 1)
                        } else {
                            z
                        }
                    }
                    _ => z,
                }
            }
            _ => z,
        }
    }

    // ---- statements ----

    pub(super) fn stmts(
        &mut self,
        mut z: Option<Zone>,
        stmts: &[Stmt],
        jumps: &mut Jumps,
    ) -> Option<Zone> {
        for s in stmts {
            z = self.stmt(z, s, jumps);
        }
        z
    }

    pub(super) fn stmt(&mut self, z: Option<Zone>, s: &Stmt, jumps: &mut Jumps) -> Option<Zone> {
        self.facts.entry.insert(s.id, z.clone());
        match &s.kind {
            StmtKind::Expr(e) => self.effects(z, e),
            StmtKind::Locals(decls) => {
                let mut z = z;
                for (id, init) in decls {
                    if let Some(e) = init {
                        z = self.effects(z, e);
                        z = self.assign(z, *id, Some(e));
                    }
                }
                z
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let (t, f) = self.branch(z, cond);
                let a = self.stmt(t, then, jumps);
                let b = match otherwise {
                    Some(o) => self.stmt(f, o, jumps),
                    None => f,
                };
                self.dbm().join(a, b)
            }
            StmtKind::While { cond, body } => {
                let z = self.start_bounds(z, s.id);
                self.run_loop(z, s.id, Some(cond), body, &[], false, jumps)
            }
            StmtKind::Do { body, cond } => {
                let z = self.start_bounds(z, s.id);
                self.run_loop(z, s.id, Some(cond), body, &[], true, jumps)
            }
            StmtKind::For {
                init,
                cond,
                update,
                body,
            } => {
                let z = self.stmts(z, init, jumps);
                let z = self.start_bounds(z, s.id);
                self.run_loop(z, s.id, cond.as_ref(), body, update, false, jumps)
            }
            StmtKind::ForEach {
                var,
                array,
                array_local,
                index_local,
                body,
            } => {
                let z = self.effects(z, array);
                // Iterating over a null array throws.
                self.may_leave(&z, false);
                let z = self.assign(z, *array_local, Some(array));
                let zero = Expr {
                    id: s.id,
                    span: s.span,
                    ty: Type::Int,
                    kind: ExprKind::Literal(Const::Int(Type::Int, 0)),
                };
                let z = self.assign(z, *index_local, Some(&zero));
                self.for_each(z, s.id, *var, *array_local, *index_local, body, jumps)
            }
            StmtKind::Block(stmts) => self.stmts(z, stmts, jumps),
            StmtKind::Labeled { body, .. } => {
                let out = self.stmt(z, body, jumps);
                let b = jumps.breaks.remove(&s.id).flatten();
                self.dbm().join(out, b)
            }
            StmtKind::Break { target } => {
                let old = jumps.breaks.remove(target).flatten();
                let j = self.dbm().join(old, z);
                jumps.breaks.insert(*target, j);
                None
            }
            StmtKind::Continue { target } => {
                let old = jumps.continues.remove(target).flatten();
                let j = self.dbm().join(old, z);
                jumps.continues.insert(*target, j);
                None
            }
            StmtKind::Return(e) => {
                let z = match e {
                    Some(e) => self.effects(z, e),
                    None => z,
                };
                self.may_leave(&z, false);
                None
            }
            StmtKind::Throw { args, .. } => {
                let mut z = z;
                for a in args {
                    z = self.effects(z, a);
                }
                self.may_leave(&z, false);
                None
            }
            StmtKind::ThrowValue(_) | StmtKind::Try { .. } => {
                unreachable!("a body that handles exceptions works with objects: not analysed")
            }
            StmtKind::Switch { scrutinee, groups } => {
                let z = self.effects(z, scrutinee);
                // A `String` scrutinee may be null.
                let safe = scrutinee.ty != Type::String;
                self.may_leave(&z, safe);
                let mut falling: Option<Zone> = None;
                for g in groups {
                    let entry = self.dbm().join(z.clone(), falling);
                    falling = self.stmts(entry, &g.stmts, jumps);
                }
                let has_default = groups.iter().any(|g| g.labels.iter().any(|l| l.is_none()));
                let mut out = falling;
                if !has_default {
                    out = self.dbm().join(out, z);
                }
                let b = jumps.breaks.remove(&s.id).flatten();
                self.dbm().join(out, b)
            }
            StmtKind::Empty => z,
        }
    }
}

/// Whether evaluating `e` may assign a local or a field (or call, which may assign fields).
fn assigns_variables(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Assign { target, .. } | ExprKind::IncDec { target, .. }
            if matches!(target.kind, ExprKind::Local(_) | ExprKind::Field(_)) =>
        {
            true
        }
        ExprKind::Call { .. } => true,
        _ => e.children().into_iter().any(assigns_variables),
    }
}

fn negate(op: BinaryOp) -> BinaryOp {
    match op {
        BinaryOp::Lt => BinaryOp::Ge,
        BinaryOp::Le => BinaryOp::Gt,
        BinaryOp::Gt => BinaryOp::Le,
        BinaryOp::Ge => BinaryOp::Lt,
        BinaryOp::Eq => BinaryOp::Ne,
        BinaryOp::Ne => BinaryOp::Eq,
        other => other,
    }
}
