//! Facts that hold at a region's entry: "conditions implied by the code before it" (issue 13;
//! [Zhang 2021] §2.3's region inputs constrained by their context; the path constraints of
//! [Offutt & Pan 1997]).
//!
//! An abstract interpretation of the method over *zones* (difference-bound matrices: bounds
//! on `x`, `-x` and `x - y` for integer locals and array lengths, [Miné 2006]), with widening
//! at loop heads and two narrowing passes. It finds what equivalences usually hang on: an
//! index between 0 and an array's length (`i < a.length` and `i != a.length` agree), a
//! variable known positive after a guard, a statement no input reaches.
//!
//! Sound by construction: transfer functions are exact only where Java's arithmetic cannot
//! wrap (checked with the bounds at hand) and forget otherwise; a condition with side effects
//! constrains nothing. The facts describe the original program; they hold at the entry of the
//! first execution of the mutated region that differs, since up to then the mutant ran as the
//! original (see [`crate::program::proofs::equivalence`]).
//!
//! This file holds the analysis over the method: what it tracks, the facts it records at
//! each statement's entry, loop head and update, and how those facts become constraints on
//! a region's inputs. The rest of the folder:
//!
//! - `dbm.rs`: the difference-bound matrix itself (closure, join, widening, order, a
//!   constraint added, a variable forgotten), knowing nothing of Java;
//! - `transfer.rs`: Java's expressions, conditions and statements as transfer functions;
//! - `loops.rs`: a loop's head to a post-fixpoint by widening, two narrowing passes, and
//!   the loop bounds;
//! - `watch.rs`: the cells a mutant's extra write changes, watched over the zones
//!   ([`cell_never_read`]).

mod dbm;
mod loops;
mod transfer;
mod watch;

pub(crate) use watch::cell_never_read;

use hashbrown::HashMap;

use crate::program::proofs::regions::Point;
use crate::program::proofs::symbolic::{Executor, Input};
use crate::program::reader::ir::{Body, Expr, ExprKind, FieldRef, NodeId, Stmt, Type, Unit};
use crate::solver::{BinOp, JType};

use dbm::{Dbm, INF, Zone};
use loops::{LoopBound, bound_term, loop_bound_candidates};
use watch::{GHOST_ABOVE, GHOST_BELOW, Watch};

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

/// The facts of one method.
pub(crate) struct Facts {
    vars: Vec<Tracked>,
    /// The tracked quantities' bounds (their types' ranges), over which every zone is.
    dbm: Dbm,
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

impl Facts {
    /// Analyses `body` of `unit`.
    pub(crate) fn of(unit: &Unit, body: &Body) -> Facts {
        let mut a = Analysis::new(unit, body, None);
        let start = Some(a.dbm().top());
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
    pub(crate) fn unreachable(&self, site: (u32, u32)) -> bool {
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
    pub(crate) fn constrain(&self, ex: &mut Executor<'_>, stmt: &Stmt, point: Point) {
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
                if j == 0 && c >= self.dbm.bounds[i].1 || i == 0 && -c <= self.dbm.bounds[j].0 {
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
                dbm: Dbm::new(bounds),
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

    /// The difference-bound matrices the analysis works on.
    fn dbm(&self) -> &Dbm {
        &self.facts.dbm
    }
}
