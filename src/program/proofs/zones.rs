//! Facts that hold at a region's entry: "conditions implied by the code before it" (issue 13,
//! thesis `004_*` §2.3's region inputs constrained by their context; Offutt and Pan's
//! path constraints, `000_*`).
//!
//! An abstract interpretation of the method over *zones* (difference-bound matrices: bounds
//! on `x`, `-x` and `x - y` for integer locals and array lengths), with widening at loop
//! heads and two narrowing passes. It finds what equivalences usually hang on: an index
//! between 0 and an array's length (`i < a.length` and `i != a.length` agree), a variable
//! known positive after a guard, a statement no input reaches.
//!
//! Sound by construction: transfer functions are exact only where Java's arithmetic cannot
//! wrap (checked with the bounds at hand) and forget otherwise; a condition with side effects
//! constrains nothing. The facts describe the original program; they hold at the entry of the
//! first execution of the mutated region that differs, since up to then the mutant ran as the
//! original (see [`crate::program::proofs::equivalence`]).

use hashbrown::HashMap;

use crate::program::proofs::regions::Point;
use crate::program::proofs::symbolic::{Executor, Input};
use crate::program::reader::fold_in;
use crate::program::reader::ir::{
    BinaryOp, Body, Builtin, Const, Expr, ExprKind, FieldRef, LocalId, NodeId, Stmt, StmtKind,
    Type, UnaryOp, Unit,
};
use crate::solver::{BinOp, JType};

const INF: i128 = i128::MAX / 4;

/// A tracked quantity: the constant zero, an integer or `boolean` local (`true` is 1), the
/// length of an array local, or whether a reference local is null (1 when null). Booleans
/// and null flags as 0/1 numbers let a zone keep the relations a guard leaves behind: after
/// `flag = true` before a loop and a dereference of `a` in its body, `null(a) <= flag` holds
/// at every evaluation of the head (`a` was dereferenced, or the loop is at its start).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tracked {
    Zero,
    Local(u32),
    Length(u32),
    Null(u32),
    /// A ghost of a [`Watch`]: the least or the greatest index a mutant's write reached.
    Ghost,
    /// An integral or `boolean` field of `this` or a static field: only the method's own
    /// assignments change it, until a call (which may assign any field) makes it unknown.
    Field(FieldRef),
    /// The value of a loop's bound (an index into [`Facts::loop_bounds`]).
    Bound(usize),
}

/// A loop condition's compound side, `j < a.length - 1 - pass`, that the loop never changes:
/// a variable set to its value where the loop starts stands for it in the condition, so the
/// zone keeps `j <= bound` where `j - (a.length - 1 - pass)` is no difference of two
/// variables. It holds anywhere inside the loop (nothing in it assigns the operands).
struct LoopBound {
    expr: Expr,
    /// The loop statement's span.
    span: (u32, u32),
}

/// A closed difference-bound matrix: `m[i * n + j]` bounds `x_i - x_j`.
#[derive(Clone, Debug, PartialEq)]
struct Zone {
    m: Vec<i128>,
}

/// The facts of one method.
pub struct Facts {
    vars: Vec<Tracked>,
    bounds: Vec<(i128, i128)>,
    local_index: HashMap<u32, usize>,
    field_index: HashMap<FieldRef, usize>,
    loop_bounds: Vec<LoopBound>,
    length_index: HashMap<u32, usize>,
    null_index: HashMap<u32, usize>,
    entry: HashMap<NodeId, Option<Zone>>,
    head: HashMap<NodeId, Option<Zone>>,
    update: HashMap<NodeId, Option<Zone>>,
    /// Statement spans, to find the statement of a site.
    spans: Vec<((u32, u32), NodeId)>,
}

fn type_range(ty: &Type) -> Option<(i128, i128)> {
    Some(match ty {
        Type::Byte => (i8::MIN as i128, i8::MAX as i128),
        Type::Short => (i16::MIN as i128, i16::MAX as i128),
        Type::Char => (0, u16::MAX as i128),
        Type::Int => (i32::MIN as i128, i32::MAX as i128),
        Type::Long => (i64::MIN as i128, i64::MAX as i128),
        Type::Boolean => (0, 1),
        _ => return None,
    })
}

#[derive(Default)]
struct Jumps {
    breaks: HashMap<NodeId, Option<Zone>>,
    continues: HashMap<NodeId, Option<Zone>>,
}

struct Analysis<'a> {
    unit: &'a Unit,
    body: &'a Body,
    facts: Facts,
    /// The loop bounds by their loop, and by the expression's address in `body`.
    bounds_of_loop: HashMap<NodeId, Vec<(usize, &'a Expr)>>,
    bound_of_expr: HashMap<usize, usize>,
    /// The cells of one array a mutant makes differ, when asked (see [`cell_never_read`]).
    watch: Option<Watch>,
}

/// The cells of local array `array` that a mutant's extra write (`a[e]++` where the
/// original reads `a[e]`) makes differ from the original's: every cell it wrote lies
/// between ghost variables `low` and `high` (the least and the greatest index written;
/// before the first write `low` is above and `high` below every index, so the range is
/// empty). Each other read of the array records whether it provably misses the range; an
/// assignment to a cell is no read (and leaves the range as it is: it may not hit it).
struct Watch {
    array: u32,
    /// The span of the mutated read.
    site: (u32, u32),
    low: usize,
    high: usize,
    /// Per read of the array (by span), whether the last pass over it proved it misses the
    /// range (the last pass is the one from the loops' post-fixpoints).
    reads: std::cell::RefCell<HashMap<(u32, u32), bool>>,
    /// The array is the caller's (a parameter): its cells are outputs. A plain assignment
    /// then clears the cell it writes from the range where the zone can tell (the range's
    /// edge), and every place the method may leave, by `return`, the end of its body or an
    /// exception, must have the range empty.
    overwritten: bool,
    /// Whether some place the method may leave was found with the range possibly not empty
    /// (in any pass: a loop's earlier passes see less than its last, so this is the last
    /// pass's answer).
    leaked: std::cell::Cell<bool>,
}

/// Below and above every `int` index: the ghosts' values before the first write.
const GHOST_BELOW: i128 = i32::MIN as i128 - 2;
const GHOST_ABOVE: i128 = i32::MAX as i128 + 2;

impl Facts {
    /// Analyses `body` of `unit`.
    pub fn of(unit: &Unit, body: &Body) -> Facts {
        let mut a = Analysis::new(unit, body, None);
        let start = Some(a.top());
        let mut jumps = Jumps::default();
        a.stmts(start, &body.stmts, &mut jumps);
        fn spans(s: &Stmt, out: &mut Vec<((u32, u32), NodeId)>) {
            out.push(((s.span.start, s.span.end), s.id));
            for c in s.substatements() {
                spans(c, out);
            }
        }
        for s in &body.stmts {
            spans(s, &mut a.facts.spans);
        }
        a.facts
    }

    /// Whether no input reaches the innermost statement containing `site`.
    pub fn unreachable(&self, site: (u32, u32)) -> bool {
        let innermost = self
            .spans
            .iter()
            .filter(|((s, e), _)| *s <= site.0 && site.1 <= *e)
            .min_by_key(|((s, e), _)| e - s);
        match innermost {
            Some((_, id)) => matches!(self.entry.get(id), Some(None)),
            None => false,
        }
    }

    fn n(&self) -> usize {
        self.vars.len()
    }

    /// Adds the facts at `point` of statement `stmt` as constraints on the inputs the
    /// executor made (facts on values the region does not read are left out).
    pub fn constrain(&self, ex: &mut Executor<'_>, stmt: &Stmt, point: Point) {
        let zone = match point {
            Point::Entry => self.entry.get(&stmt.id),
            Point::Head => self.head.get(&stmt.id),
            Point::Update => self.update.get(&stmt.id),
        };
        let Some(Some(z)) = zone else {
            // Unreachable points are caught before; no facts, nothing assumed.
            return;
        };
        let n = self.n();
        let mut term = Vec::with_capacity(n);
        // The values as the program has them (not widened to long), for comparisons.
        let mut raw: Vec<Option<crate::solver::ExprId>> = Vec::with_capacity(n);
        for v in &self.vars {
            let var = match *v {
                Tracked::Zero | Tracked::Ghost => None,
                Tracked::Local(l) => ex.existing_input(&Input::Local(l)),
                // The field as the region found it (before any write of its own).
                Tracked::Field(f) => ex.existing_input(&Input::Field(f, 0)),
                Tracked::Bound(k) => {
                    let b = &self.loop_bounds[k];
                    let inside = match point {
                        Point::Head | Point::Update => (stmt.span.start, stmt.span.end) == b.span,
                        Point::Entry => b.span.0 < stmt.span.start && stmt.span.end <= b.span.1,
                    };
                    let value = if inside {
                        bound_term(ex, &b.expr)
                    } else {
                        None
                    };
                    term.push(value.and_then(|t| ex.problem.cast(JType::Long, t).ok()));
                    raw.push(value);
                    continue;
                }
                Tracked::Length(l) => {
                    let r = ex.local_reference(l);
                    ex.existing_input(&Input::Length(r))
                }
                Tracked::Null(l) => {
                    let r = ex.local_reference(l);
                    ex.existing_input(&Input::Null(r))
                }
            };
            raw.push(var.map(|v| ex.problem.read(v)));
            term.push(var.map(|v| {
                let read = ex.problem.read(v);
                if ex.problem.ty(read) == JType::Boolean {
                    // Booleans and null flags are tracked as 0 and 1.
                    let (one, zero) = (ex.problem.long(1), ex.problem.long(0));
                    ex.problem.cond(read, one, zero).expect("longs")
                } else {
                    ex.problem.cast(JType::Long, read).expect("integral")
                }
            }));
        }
        for i in 0..n {
            for j in 0..n {
                let c = z.m[i * n + j];
                if i == j || c >= INF {
                    continue;
                }
                // Type bounds say nothing new.
                if j == 0 && c >= self.bounds[i].1 || i == 0 && -c <= self.bounds[j].0 {
                    continue;
                }
                let Ok(k) = i64::try_from(c) else { continue };
                // `x - y` must not wrap in long: differences of values the zone keeps within
                // half the long range only (ints always; their bounds are required too, so
                // every model keeps them there).
                if i != 0 && j != 0 && (!self.fits_half(z, i) || !self.fits_half(z, j)) {
                    continue;
                }
                let le = match (i, j, term[i], term[j]) {
                    (_, 0, Some(x), _) => {
                        let kc = ex.problem.long(k);
                        ex.problem.binary(BinOp::Le, x, kc).expect("long")
                    }
                    // `-y <= c` as `y >= -c`: a negation would wrap at the long minimum.
                    (0, _, _, Some(y)) => {
                        let Some(minus) = k.checked_neg() else {
                            continue;
                        };
                        let kc = ex.problem.long(minus);
                        ex.problem.binary(BinOp::Ge, y, kc).expect("long")
                    }
                    (_, _, Some(x), Some(y)) if i != 0 && j != 0 => {
                        let kc = ex.problem.long(k);
                        let d = ex.problem.binary(BinOp::Sub, x, y).expect("long");
                        ex.problem.binary(BinOp::Le, d, kc).expect("long")
                    }
                    _ => continue,
                };
                ex.problem.require(le).expect("boolean");
                // A variable and a loop bound: `x <= y` and `x < y` also as the comparisons
                // themselves, the terms the loop's condition compares, so the solver need not
                // relate a long difference to an int comparison (which cannot wrap).
                if let (Some(x), Some(y), 0 | -1) = (raw[i], raw[j], k)
                    && i != 0
                    && j != 0
                    && matches!(self.vars[i], Tracked::Bound(_))
                        != matches!(self.vars[j], Tracked::Bound(_))
                    && ex.problem.ty(x) == ex.problem.ty(y)
                    && ex.problem.ty(x).is_integral()
                {
                    let op = if k == 0 { BinOp::Le } else { BinOp::Lt };
                    if let Ok(c) = ex.problem.binary(op, x, y) {
                        ex.problem.require(c).expect("boolean");
                    }
                }
            }
        }
    }

    /// Whether variable `i` lies within half the `long` range in zone `z` (so differences of
    /// two such cannot wrap).
    fn fits_half(&self, z: &Zone, i: usize) -> bool {
        const HALF: i128 = 1 << 62;
        let n = self.n();
        let (lo, hi) = (-z.m[i], z.m[i * n]);
        lo >= -HALF && hi <= HALF
    }
}

/// Whether a mutant that turns the read `a[e]` at `site` (of local array `array`) into
/// `a[e]++` or `a[e]--` leaves every later read of the array on the original's values: each
/// read after the write provably indexes outside the cells written so far (over the zones of
/// the original, which the mutant follows up to its first read of a changed cell). With
/// `overwritten` (the array is the caller's, its cells outputs) the changed cells must also
/// be assigned again before the method may leave: at every `return`, at the end of the body
/// and at every operation that may throw, the zones prove no changed cell is left (an insertion
/// sort's `key = a[i]++` is overwritten by the shift or the insertion that follows). The
/// caller checks that the array is never assigned, escapes nowhere and has no alias.
pub fn cell_never_read(
    unit: &Unit,
    body: &Body,
    array: LocalId,
    site: (u32, u32),
    overwritten: bool,
) -> bool {
    let mut a = Analysis::new(unit, body, Some((array.0, site, overwritten)));
    let start = a.ghosts_beyond(Some(a.top()), a.watch.as_ref().expect("asked for"));
    let mut jumps = Jumps::default();
    let end = a.stmts(start, &body.stmts, &mut jumps);
    // Falling off the end of the body is leaving too.
    a.may_leave(&end, false);
    let watch = a.watch.expect("asked for");
    let reads = watch.reads.into_inner();
    reads.get(&site) == Some(&true) && reads.values().all(|&missed| missed) && !watch.leaked.get()
}

impl<'a> Analysis<'a> {
    fn new(unit: &'a Unit, body: &'a Body, watch: Option<(u32, (u32, u32), bool)>) -> Analysis<'a> {
        let mut vars = vec![Tracked::Zero];
        let mut bounds = vec![(0, 0)];
        let mut local_index = HashMap::new();
        let mut length_index = HashMap::new();
        let mut null_index = HashMap::new();
        for (i, l) in body.locals.iter().enumerate() {
            if let Some(r) = type_range(&l.ty) {
                local_index.insert(i as u32, vars.len());
                vars.push(Tracked::Local(i as u32));
                bounds.push(r);
            } else if matches!(l.ty, Type::Array(_) | Type::String) {
                length_index.insert(i as u32, vars.len());
                vars.push(Tracked::Length(i as u32));
                bounds.push((
                    0,
                    crate::program::reader::semantics::MAX_ARRAY_LENGTH as i128,
                ));
            }
            if matches!(l.ty, Type::Array(_) | Type::String) {
                null_index.insert(i as u32, vars.len());
                vars.push(Tracked::Null(i as u32));
                bounds.push((0, 1));
            }
        }
        let mut field_index = HashMap::new();
        crate::program::reader::visit_stmts(&body.stmts, &mut |e: &Expr| {
            if let ExprKind::Field(f) = e.kind
                && !field_index.contains_key(&f)
                && let Some(r) =
                    type_range(&unit.classes[f.class as usize].fields[f.field as usize].ty)
            {
                field_index.insert(f, vars.len());
                vars.push(Tracked::Field(f));
                bounds.push(r);
            }
        });
        let mut loop_bounds = Vec::new();
        let mut bounds_of_loop: HashMap<NodeId, Vec<(usize, &'a Expr)>> = HashMap::new();
        let mut bound_of_expr = HashMap::new();
        for (stmt, e) in loop_bound_candidates(body, &local_index, &length_index, &field_index) {
            let Some(r) = type_range(&e.ty) else { continue };
            let var = vars.len();
            vars.push(Tracked::Bound(loop_bounds.len()));
            bounds.push(r);
            loop_bounds.push(LoopBound {
                expr: e.clone(),
                span: (stmt.span.start, stmt.span.end),
            });
            bounds_of_loop.entry(stmt.id).or_default().push((var, e));
            bound_of_expr.insert(e as *const Expr as usize, var);
        }
        let watch = watch.map(|(array, site, overwritten)| {
            let low = vars.len();
            for _ in 0..2 {
                vars.push(Tracked::Ghost);
                bounds.push((GHOST_BELOW, GHOST_ABOVE));
            }
            Watch {
                array,
                site,
                low,
                high: low + 1,
                reads: Default::default(),
                overwritten,
                leaked: Default::default(),
            }
        });
        Analysis {
            unit,
            body,
            watch,
            bounds_of_loop,
            bound_of_expr,
            facts: Facts {
                vars,
                bounds,
                local_index,
                field_index,
                loop_bounds,
                length_index,
                null_index,
                entry: HashMap::new(),
                head: HashMap::new(),
                update: HashMap::new(),
                spans: Vec::new(),
            },
        }
    }
}

impl Analysis<'_> {
    fn n(&self) -> usize {
        self.facts.n()
    }

    fn top(&self) -> Zone {
        let n = self.n();
        let mut m = vec![INF; n * n];
        for i in 0..n {
            m[i * n + i] = 0;
        }
        let mut z = Zone { m };
        for i in 1..n {
            self.bound(&mut z, i);
        }
        z
    }

    /// Re-adds the type bounds of variable `i`.
    fn bound(&self, z: &mut Zone, i: usize) {
        let n = self.n();
        let (lo, hi) = self.facts.bounds[i];
        z.m[i * n] = z.m[i * n].min(hi);
        z.m[i] = z.m[i].min(-lo);
    }

    /// Floyd–Warshall closure; `None` when the constraints are inconsistent.
    fn close(&self, mut z: Zone) -> Option<Zone> {
        let n = self.n();
        for k in 0..n {
            for i in 0..n {
                let ik = z.m[i * n + k];
                if ik >= INF {
                    continue;
                }
                for j in 0..n {
                    let kj = z.m[k * n + j];
                    if kj >= INF {
                        continue;
                    }
                    let s = ik + kj;
                    if s < z.m[i * n + j] {
                        z.m[i * n + j] = s;
                    }
                }
            }
        }
        (0..n).all(|i| z.m[i * n + i] >= 0).then_some(z)
    }

    fn join(&self, a: Option<Zone>, b: Option<Zone>) -> Option<Zone> {
        match (a, b) {
            (None, x) | (x, None) => x,
            (Some(a), Some(b)) => Some(Zone {
                m: a.m.iter().zip(&b.m).map(|(x, y)| *x.max(y)).collect(),
            }),
        }
    }

    fn widen(&self, old: &Option<Zone>, new: Option<Zone>) -> Option<Zone> {
        match (old, new) {
            (Some(o), Some(n)) => {
                let mut w = Zone {
                    m: o.m
                        .iter()
                        .zip(&n.m)
                        .map(|(a, b)| if b <= a { *a } else { INF })
                        .collect(),
                };
                for i in 1..self.n() {
                    self.bound(&mut w, i);
                }
                // Closing after widening can undo it; the bounds keep the chain finite.
                self.close(w)
            }
            (_, n) => n,
        }
    }

    fn leq(&self, a: &Option<Zone>, b: &Option<Zone>) -> bool {
        match (a, b) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => a.m.iter().zip(&b.m).all(|(x, y)| x <= y),
        }
    }

    /// Adds `x_i - x_j <= c`.
    fn add(&self, z: Option<Zone>, i: usize, j: usize, c: i128) -> Option<Zone> {
        let mut z = z?;
        let n = self.n();
        if c < z.m[i * n + j] {
            z.m[i * n + j] = c;
            return self.close(z);
        }
        Some(z)
    }

    fn forget(&self, z: &mut Zone, x: usize) {
        let n = self.n();
        for j in 0..n {
            if j != x {
                z.m[x * n + j] = INF;
                z.m[j * n + x] = INF;
            }
        }
        self.bound(z, x);
    }

    fn interval_of(&self, z: &Zone, i: usize) -> (i128, i128) {
        let n = self.n();
        (-z.m[i], z.m[i * n])
    }

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
    fn linear(&self, z: &Zone, e: &Expr) -> Option<(usize, i128)> {
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
        let (lo, hi) = self.interval_of(z, x);
        let (tlo, thi) = type_range(&e.ty)?;
        (lo + c >= tlo && hi + c <= thi).then_some((x, c))
    }

    /// Bounds on an integral expression's value.
    fn interval(&self, z: &Zone, e: &Expr) -> (i128, i128) {
        if let Some((x, c)) = self.linear(z, e) {
            let (lo, hi) = self.interval_of(z, x);
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
    fn assign(&self, z: Option<Zone>, id: LocalId, e: Option<&Expr>) -> Option<Zone> {
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
            self.forget(&mut z, x);
            return match source {
                Some((y, c)) => {
                    let z = self.add(Some(z), x, y, c);
                    self.add(z, y, x, -c)
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
            self.forget(&mut z, x);
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
                self.close(z)
            }
            Some((y, c)) => {
                self.forget(&mut z, x);
                let z = self.add(Some(z), x, y, c);
                self.add(z, y, x, -c)
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
                self.forget(&mut z, x);
                let mut z = self.add(Some(z), x, 0, hi);
                z = self.add(z, 0, x, -lo);
                if let Some((y, w, c, l, h)) = ends {
                    // x = (y + w + c) / 2 rounded either way is y + (w - y + c) / 2 and
                    // w + (y - w + c) / 2 rounded the same way.
                    let floor = |k: i128| k.div_euclid(2);
                    let ceil = |k: i128| -(-k).div_euclid(2);
                    if l > -INF {
                        z = self.add(z, y, x, -floor(l + c));
                        z = self.add(z, x, w, ceil(-l + c));
                    }
                    if h < INF {
                        z = self.add(z, x, y, ceil(h + c));
                        z = self.add(z, w, x, -floor(-h + c));
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
        let ((ylo, yhi), (wlo, whi)) = (self.interval_of(z, y), self.interval_of(z, w));
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
            self.add(z, 0, x, -1)
        } else {
            self.add(z, x, 0, 0)
        }
    }

    /// The null flag of `e` when it is a reference local.
    fn null_flag(&self, e: &Expr) -> Option<usize> {
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
        self.forget(&mut z, x);
        let Some(e) = e else { return Some(z) };
        if let Some(y) = self.null_flag(e) {
            let z = self.add(Some(z), x, y, 0);
            return self.add(z, y, x, 0);
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
    fn dereferenced(&self, z: Option<Zone>, e: &Expr) -> Option<Zone> {
        match self.null_flag(e) {
            Some(x) => self.set_flag(z, x, false),
            None => z,
        }
    }

    /// The effects of evaluating `e` (assignments, increments), in Java's order.
    fn effects(&self, z: Option<Zone>, e: &Expr) -> Option<Zone> {
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
                    let (lo, hi) = self.interval_of(&z, x);
                    let (tlo, thi) = self.facts.bounds[x];
                    if lo + delta >= tlo && hi + delta <= thi {
                        let n = self.n();
                        let mut z = z;
                        for j in 0..n {
                            if j != x {
                                z.m[x * n + j] = (z.m[x * n + j] + delta).min(INF);
                                z.m[j * n + x] = (z.m[j * n + x] - delta).min(INF);
                            }
                        }
                        self.close(z)
                    } else {
                        let mut z = z;
                        self.forget(&mut z, x);
                        Some(z)
                    }
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
                self.join(z, r)
            }
            ExprKind::Conditional(c, a, b) => {
                let z = self.effects(z, c);
                let x = self.effects(self.assume_pure(z.clone(), c, true), a);
                let y = self.effects(self.assume_pure(z, c, false), b);
                self.join(x, y)
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
                    ExprKind::Call { .. } => z.map(|mut z| {
                        for &x in self.facts.field_index.values() {
                            self.forget(&mut z, x);
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

    /// `0 <= i < a.length` (or `a.length()` for a string) added to `z`, when the zones follow
    /// `i` and `a` is a local: what holds past an access that did not throw.
    fn in_bounds(&self, z: Option<Zone>, a: &Expr, i: &Expr) -> Option<Zone> {
        let zz = z?;
        let ExprKind::Local(arr) = a.kind else {
            return Some(zz);
        };
        match (self.facts.length_index.get(&arr.0), self.linear(&zz, i)) {
            (Some(&len), Some((x, c))) => {
                let z = self.add(Some(zz), 0, x, c);
                self.add(z, x, len, -c - 1)
            }
            _ => Some(zz),
        }
    }

    /// The effects of evaluating `a[i]` (`e`), a read of the cell when `read`: past it the
    /// index was in bounds (or the run left by an exception). With a [`Watch`] on `a`, the
    /// mutated read widens the range of changed cells to its index, and any other read
    /// records whether it provably misses that range.
    fn index(&self, z: Option<Zone>, e: &Expr, a: &Expr, i: &Expr, read: bool) -> Option<Zone> {
        let z = self.effects(z, a);
        let z = self.effects(z, i);
        if read {
            // (A store's checks come after its value: see `effects`.)
            let safe = z.as_ref().is_some_and(|zz| self.access_safe(zz, a, i));
            self.may_leave(&z, safe);
        }
        let z = self.dereferenced(z, a);
        let ExprKind::Local(arr) = a.kind else {
            return z;
        };
        let zz = z?;
        let mut z = self.in_bounds(Some(zz.clone()), a, i);
        if let Some(w) = self.watch.as_ref().filter(|w| w.array == arr.0)
            && let Some(zz) = z.as_ref()
        {
            let span = (e.span.start, e.span.end);
            let n = self.n();
            // The index as `x + c`, taken again in the refined zone.
            let lin = self.linear(zz, i);
            if span == w.site {
                let Some((x, c)) = lin else {
                    // An index the zones cannot follow: nothing is known of the range.
                    w.reads.borrow_mut().insert(span, false);
                    return z;
                };
                w.reads.borrow_mut().insert(span, true);
                if self.range_empty(zz, w) {
                    // The first changed cell (again): the range is exactly it.
                    let z2 = self.set_to(Some(zz.clone()), w.low, x, c);
                    z = self.set_to(z2, w.high, x, c);
                } else {
                    z = self.widen_range(z, w.low, x, c, true);
                    z = self.widen_range(z, w.high, x, c, false);
                }
            } else if read {
                let missed = self.range_empty(zz, w)
                    || lin.is_some_and(|(x, c)| {
                        // x + c < low, or x + c > high.
                        zz.m[x * n + w.low] < -c || zz.m[w.high * n + x] < c
                    });
                w.reads.borrow_mut().insert(span, missed);
            }
        }
        z
    }

    /// Whether `a` is the caller's array a [`Watch`] is on.
    fn watches_callers_array(&self, a: &Expr) -> bool {
        matches!(a.kind, ExprKind::Local(l)
            if self.watch.as_ref().is_some_and(|w| w.overwritten && w.array == l.0))
    }

    /// Whether operation `e` (its operands evaluated, in state `z`) cannot throw: no
    /// division by a possible zero, no dereference of a possible null, no allocation (which
    /// may run out of memory), no call, no string operation but `String.valueOf`.
    fn cannot_throw(&self, z: &Zone, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Binary {
                op: BinaryOp::Div | BinaryOp::Rem,
                op_type,
                right,
                ..
            } if op_type.is_integral() => {
                let (lo, hi) = self.interval(z, right);
                lo > 0 || hi < 0
            }
            ExprKind::Length(a) => self.null_flag(a).is_some_and(|f| z.m[f * self.n()] <= 0),
            ExprKind::Builtin(b, _) => matches!(
                b,
                Builtin::MathAbs
                    | Builtin::MathMin
                    | Builtin::MathMax
                    | Builtin::MathSqrt
                    | Builtin::MathPow
                    | Builtin::StringValueOf
            ),
            ExprKind::Call { .. }
            | ExprKind::NewArray { .. }
            | ExprKind::ArrayLiteral(_)
            | ExprKind::Concat(..)
            | ExprKind::Print(..) => false,
            _ => true,
        }
    }

    /// Whether the watched range is provably empty in `z` (its greatest index below its least).
    fn range_empty(&self, z: &Zone, w: &Watch) -> bool {
        z.m[w.high * self.n() + w.low] < 0
    }

    /// Whether `a[i]` cannot throw in `z`: `a` a local known not null, `i` within its bounds.
    fn access_safe(&self, z: &Zone, a: &Expr, i: &Expr) -> bool {
        let ExprKind::Local(arr) = a.kind else {
            return false;
        };
        let n = self.n();
        let not_null = self
            .facts
            .null_index
            .get(&arr.0)
            .is_some_and(|&f| z.m[f * n] <= 0);
        let Some(&len) = self.facts.length_index.get(&arr.0) else {
            return false;
        };
        not_null
            && self.linear(z, i).is_some_and(|(x, c)| {
                // 0 <= x + c, and x + c < len.
                z.m[x] <= c && z.m[x * n + len] < -c
            })
    }

    /// Records, for a [`Watch`] on a caller's array, whether the method may leave here (a
    /// `return`, the end of the body, an operation that may throw unless `safe`) with
    /// changed cells left in state `z`.
    fn may_leave(&self, z: &Option<Zone>, safe: bool) {
        let Some(w) = self.watch.as_ref().filter(|w| w.overwritten) else {
            return;
        };
        if !safe && z.as_ref().is_some_and(|zz| !self.range_empty(zz, w)) {
            w.leaked.set(true);
        }
    }

    /// A plain store `a[i] = …` to the watched caller's array, its value evaluated (and the
    /// index known to have the value it had before): the cell it writes holds the
    /// original's value again, so the range loses it when the zone puts it at the range's
    /// edge (the range is an interval: a cell inside cannot be taken out).
    fn store(&self, z: Option<Zone>, (a, i): (&Expr, &Expr)) -> Option<Zone> {
        let ExprKind::Local(arr) = a.kind else {
            return z;
        };
        let Some(w) = self
            .watch
            .as_ref()
            .filter(|w| w.array == arr.0 && w.overwritten)
        else {
            return z;
        };
        let Some((x, c)) = z.as_ref().and_then(|zz| self.linear(zz, i)) else {
            return z;
        };
        let n = self.n();
        let mut z = z;
        // high <= x + c: the range's top moves to min(high, x + c - 1).
        if z.as_ref().is_some_and(|zz| zz.m[w.high * n + x] <= c) {
            let below = self.add(z.clone(), w.high, x, c - 1);
            let at = self.add(z, x, w.high, -c);
            let at = self.set_to(at, w.high, x, c - 1);
            z = self.join(below, at);
        }
        // low >= x + c: the range's bottom moves to max(low, x + c + 1).
        if z.as_ref().is_some_and(|zz| zz.m[x * n + w.low] <= -c) {
            let above = self.add(z.clone(), x, w.low, -c - 1);
            let at = self.add(z, w.low, x, c);
            let at = self.set_to(at, w.low, x, c + 1);
            z = self.join(above, at);
        }
        match z {
            // An empty range goes back beyond every index, where it started: there it joins
            // with a range that is not empty without losing where that one lies
            // (`low >= j + 1` holds of the ghost above every `int`).
            Some(zz) if self.range_empty(&zz, w) => self.ghosts_beyond(Some(zz), w),
            z => z,
        }
    }

    /// `z` with the range of `w` empty beyond every index.
    fn ghosts_beyond(&self, z: Option<Zone>, w: &Watch) -> Option<Zone> {
        let z = self.set_to(z, w.low, 0, GHOST_ABOVE);
        self.set_to(z, w.high, 0, GHOST_BELOW)
    }

    /// `g := x + c` on the zone (`x` the zero for a constant): what `g` was is forgotten.
    fn set_to(&self, z: Option<Zone>, g: usize, x: usize, c: i128) -> Option<Zone> {
        let mut zz = z?;
        self.forget(&mut zz, g);
        let z = self.add(Some(zz), g, x, c);
        self.add(z, x, g, -c)
    }

    /// `g := min(g, x + c)` (`least`) or `g := max(g, x + c)` on the zone: the join of the
    /// two cases, `g` kept and `g` set to `x + c` (exact when the zone orders the two).
    fn widen_range(
        &self,
        z: Option<Zone>,
        g: usize,
        x: usize,
        c: i128,
        least: bool,
    ) -> Option<Zone> {
        let zz = z?;
        // For `least`, the case "g kept" is g <= x + c, the case "set" is x + c <= g.
        let (kept, set) = if least {
            (
                self.add(Some(zz.clone()), g, x, c),
                self.add(Some(zz), x, g, -c),
            )
        } else {
            (
                self.add(Some(zz.clone()), x, g, -c),
                self.add(Some(zz), g, x, c),
            )
        };
        let set = self.set_to(set, g, x, c);
        self.join(kept, set)
    }

    /// The zones where condition `c` is true and where it is false.
    fn branch(&self, z: Option<Zone>, c: &Expr) -> (Option<Zone>, Option<Zone>) {
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
                    self.join(a, b)
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
                    BinaryOp::Lt => self.add(z, x, y, b - a - 1),
                    BinaryOp::Le => self.add(z, x, y, b - a),
                    BinaryOp::Gt => self.add(z, y, x, a - b - 1),
                    BinaryOp::Ge => self.add(z, y, x, a - b),
                    BinaryOp::Eq => {
                        let z = self.add(z, x, y, b - a);
                        self.add(z, y, x, a - b)
                    }
                    BinaryOp::Ne => {
                        // Only the ends of a range can be cut.
                        let n = self.n();
                        let (up, down) = (zz.m[x * n + y], zz.m[y * n + x]);
                        if up == b - a && down == a - b {
                            None
                        } else if up == b - a {
                            self.add(z, x, y, b - a - 1)
                        } else if -down == b - a {
                            self.add(z, y, x, a - b - 1)
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

    fn stmts(&mut self, mut z: Option<Zone>, stmts: &[Stmt], jumps: &mut Jumps) -> Option<Zone> {
        for s in stmts {
            z = self.stmt(z, s, jumps);
        }
        z
    }

    fn stmt(&mut self, z: Option<Zone>, s: &Stmt, jumps: &mut Jumps) -> Option<Zone> {
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
                self.join(a, b)
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
                self.join(out, b)
            }
            StmtKind::Break { target } => {
                let old = jumps.breaks.remove(target).flatten();
                let j = self.join(old, z);
                jumps.breaks.insert(*target, j);
                None
            }
            StmtKind::Continue { target } => {
                let old = jumps.continues.remove(target).flatten();
                let j = self.join(old, z);
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
            StmtKind::Switch { scrutinee, groups } => {
                let z = self.effects(z, scrutinee);
                // A `String` scrutinee may be null.
                let safe = scrutinee.ty != Type::String;
                self.may_leave(&z, safe);
                let mut falling: Option<Zone> = None;
                for g in groups {
                    let entry = self.join(z.clone(), falling);
                    falling = self.stmts(entry, &g.stmts, jumps);
                }
                let has_default = groups.iter().any(|g| g.labels.iter().any(|l| l.is_none()));
                let mut out = falling;
                if !has_default {
                    out = self.join(out, z);
                }
                let b = jumps.breaks.remove(&s.id).flatten();
                self.join(out, b)
            }
            StmtKind::Empty => z,
        }
    }

    /// A loop's head state to a post-fixpoint (join with the entry state `z`, widening after
    /// two rounds, two narrowing rounds after), then a last pass from it that records the
    /// facts inside and gives the exit state. `pass` runs the loop once from a head state and
    /// returns the state back at the head and the state leaving the loop.
    fn iterate(
        &mut self,
        z: Option<Zone>,
        jumps: &mut Jumps,
        pass: impl Fn(&mut Self, Option<Zone>, &mut Jumps) -> (Option<Zone>, Option<Zone>),
    ) -> Option<Zone> {
        let mut head = z.clone();
        let mut k = 0;
        loop {
            let (back, _) = pass(self, head.clone(), jumps);
            let next = self.join(z.clone(), back);
            if self.leq(&next, &head) {
                break;
            }
            head = if k >= 2 {
                self.widen(&head, next)
            } else {
                next
            };
            k += 1;
            if k > 50 {
                head = Some(self.top());
                break;
            }
        }
        for _ in 0..2 {
            let (back, _) = pass(self, head.clone(), jumps);
            head = self.join(z.clone(), back);
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
    fn start_bounds(&self, z: Option<Zone>, id: NodeId) -> Option<Zone> {
        let Some(bounds) = self.bounds_of_loop.get(&id) else {
            return z;
        };
        let mut z = z?;
        for &(g, e) in bounds {
            self.forget(&mut z, g);
            // Only a value that cannot wrap is the mathematical one the zone relates.
            let Some((lo, hi)) = self.sum_interval(&z, e) else {
                continue;
            };
            let mut zz = self.add(Some(z.clone()), g, 0, hi);
            zz = self.add(zz, 0, g, -lo);
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
                    zz = self.add(zz, g, x, dhi);
                }
                if dlo > -INF {
                    zz = self.add(zz, x, g, -dlo);
                }
            }
            z = zz?;
        }
        Some(z)
    }

    #[allow(clippy::too_many_arguments)]
    fn run_loop(
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
            let mut back = this.join(out, cont);
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
            (back, this.join(leave, brk))
        };
        self.iterate(z, jumps, pass)
    }

    #[allow(clippy::too_many_arguments)]
    fn for_each(
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
                (Some(i), Some(l)) => (this.add(h.clone(), i, l, -1), this.add(h, l, i, 0)),
                _ => (h.clone(), h),
            };
            let enter = this.assign(enter, var, None);
            let out = this.stmt(enter, body, jumps);
            let cont = jumps.continues.remove(&id).flatten();
            let mut back = this.join(out, cont);
            if let (Some(i), Some(b)) = (idx, back.as_mut()) {
                let n = this.n();
                let (_, hi) = this.interval_of(b, i);
                if hi < i32::MAX as i128 {
                    for j in 0..n {
                        if j != i {
                            b.m[i * n + j] = (b.m[i * n + j] + 1).min(INF);
                            b.m[j * n + i] = (b.m[j * n + i] - 1).min(INF);
                        }
                    }
                    back = this.close(back.unwrap());
                } else {
                    this.forget(b, i);
                }
            }
            let brk = jumps.breaks.remove(&id).flatten();
            (back, this.join(leave, brk))
        };
        self.iterate(z, jumps, pass)
    }
}

/// The compound sides of loop conditions that can stand as a [`LoopBound`]: a sum or
/// difference of tracked locals, lengths of local arrays or strings, fields and constants,
/// with at least two variables (one is a difference the zone keeps anyway), none of them
/// assigned in the loop (nor, for a field, any call made there).
fn loop_bound_candidates<'a>(
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
                    ExprKind::Field(f) => {
                        assigned_fields.insert(f);
                    }
                    _ => {}
                }
            }
            ExprKind::Call { .. } => calls = true,
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
fn bound_term(ex: &mut Executor<'_>, e: &Expr) -> Option<crate::solver::ExprId> {
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
