//! Propagation: every expression node has a domain, and each node's propagator narrows the
//! domains of the node and its operands to values that can still be part of a solution.
//!
//! Soundness is the one rule (a wrong narrowing would make the solver call a satisfiable
//! problem unsat, a killable mutant equivalent). The propagators keep it this way:
//! - integer arithmetic is computed on `i128` bounds and wrapped to the type exactly as Java
//!   does (an image that crosses the type's bounds becomes the wrapped pieces); narrowing an
//!   operand from a result is only done when the operation cannot have overflowed;
//! - a node's value is its operator applied to its operands' values; where Java would not
//!   evaluate a node (the right side of `&&`/`||`, a branch of `?:`), a division by zero is
//!   allowed any result instead of being ruled out, so only divisions Java always evaluates
//!   force their divisor to be non-zero;
//! - small operand domains are propagated exactly by enumerating every combination (domain
//!   consistency), large ones by bounds (Godzilla's domain reduction, with holes kept);
//! - doubles use interval bounds rounded outward, and are narrowed only by comparisons.

use super::domain::{IntDomain, RealDomain};
use super::expr::{ExprId, Node, Problem};
use super::java::{self, BinOp, JType, UnOp, Value};
use super::linear::{inverse_odd, mask_of, width_of};

/// Operand combinations enumerated for exact propagation.
const ENUMERATION_LIMIT: u128 = 256;

/// A domain became empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Conflict;

/// A node's domain.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Dom {
    Int(IntDomain),
    Real(RealDomain),
}

impl Dom {
    pub(crate) fn full(ty: JType) -> Dom {
        if ty == JType::Double {
            Dom::Real(RealDomain::full())
        } else {
            let (lo, hi) = ty.range();
            Dom::Int(IntDomain::range(lo, hi))
        }
    }

    pub(crate) fn of_value(v: Value) -> Dom {
        match v {
            Value::Int(_, i) => Dom::Int(IntDomain::singleton(i)),
            Value::Double(d) => Dom::Real(RealDomain::singleton(d)),
        }
    }
}

/// The domains of all nodes, with an undo trail for backtracking.
#[derive(Clone, Debug)]
pub(crate) struct Store {
    doms: Vec<Dom>,
    trail: Vec<(u32, Dom)>,
    levels: Vec<usize>,
    /// Nodes whose domain changed since the propagation loop last looked.
    pub(crate) changed: Vec<u32>,
}

impl Store {
    pub(crate) fn new(problem: &Problem) -> Store {
        let doms = (0..problem.node_count())
            .map(|i| {
                let e = ExprId(i as u32);
                match problem.node(e) {
                    Node::Const(v) => Dom::of_value(v),
                    _ => Dom::full(problem.ty(e)),
                }
            })
            .collect();
        Store {
            doms,
            trail: Vec::new(),
            levels: Vec::new(),
            changed: Vec::new(),
        }
    }

    pub(crate) fn dom(&self, e: ExprId) -> &Dom {
        &self.doms[e.index()]
    }

    pub(crate) fn int(&self, e: ExprId) -> &IntDomain {
        match &self.doms[e.index()] {
            Dom::Int(d) => d,
            Dom::Real(_) => panic!("node {e:?} is a double"),
        }
    }

    pub(crate) fn real(&self, e: ExprId) -> RealDomain {
        match &self.doms[e.index()] {
            Dom::Real(d) => *d,
            Dom::Int(_) => panic!("node {e:?} is not a double"),
        }
    }

    pub(crate) fn level(&self) -> usize {
        self.levels.len()
    }

    pub(crate) fn push_level(&mut self) {
        self.levels.push(self.trail.len());
    }

    /// Undoes everything since level `level` was entered.
    pub(crate) fn backtrack_to(&mut self, level: usize) {
        if level >= self.levels.len() {
            return;
        }
        let mark = self.levels[level];
        self.levels.truncate(level);
        while self.trail.len() > mark {
            let (n, old) = self.trail.pop().expect("trail entry");
            self.doms[n as usize] = old;
        }
        self.changed.clear();
    }

    /// Intersects the domain of `e` with `d`.
    pub(crate) fn narrow_int(&mut self, e: ExprId, d: &IntDomain) -> Result<(), Conflict> {
        let current = self.int(e);
        let next = current.intersect(d);
        if next.is_empty() {
            return Err(Conflict);
        }
        if &next != current {
            self.replace(e, Dom::Int(next));
        }
        Ok(())
    }

    pub(crate) fn narrow_range(&mut self, e: ExprId, lo: i128, hi: i128) -> Result<(), Conflict> {
        let current = self.int(e);
        if current.min() as i128 >= lo && current.max() as i128 <= hi {
            return Ok(());
        }
        self.narrow_int(e, &IntDomain::range_wide(lo, hi))
    }

    pub(crate) fn remove_value(&mut self, e: ExprId, v: i64) -> Result<(), Conflict> {
        let current = self.int(e);
        if !current.contains(v) {
            return Ok(());
        }
        let next = current.remove(v);
        if next.is_empty() {
            return Err(Conflict);
        }
        self.replace(e, Dom::Int(next));
        Ok(())
    }

    pub(crate) fn narrow_real(&mut self, e: ExprId, d: &RealDomain) -> Result<(), Conflict> {
        let current = self.real(e);
        let next = current.intersect(d);
        if next.is_empty() {
            return Err(Conflict);
        }
        if next != current {
            self.replace(e, Dom::Real(next));
        }
        Ok(())
    }

    fn replace(&mut self, e: ExprId, next: Dom) {
        let old = std::mem::replace(&mut self.doms[e.index()], next);
        if !self.levels.is_empty() {
            self.trail.push((e.0, old));
        }
        self.changed.push(e.0);
    }
}

/// The domain of values `v` wraps to in `ty` for `v` in `[lo, hi]`: exact for one interval
/// (the image of a contiguous range is at most two contiguous pieces).
pub(crate) fn wrap_range(ty: JType, lo: i128, hi: i128) -> IntDomain {
    let (tmin, tmax) = ty.range();
    if lo >= tmin as i128 && hi <= tmax as i128 {
        return IntDomain::range(lo as i64, hi as i64);
    }
    let span = tmax as i128 - tmin as i128 + 1;
    if hi - lo + 1 >= span {
        return IntDomain::range(tmin, tmax);
    }
    let (a, b) = (java::wrap(ty, lo), java::wrap(ty, hi));
    if a <= b {
        IntDomain::range(a, b)
    } else {
        IntDomain::from_ranges(vec![(a, tmax), (tmin, b)])
    }
}

fn bounds(d: &IntDomain) -> (i128, i128) {
    (d.min() as i128, d.max() as i128)
}

fn fits(ty: JType, lo: i128, hi: i128) -> bool {
    let (tmin, tmax) = ty.range();
    lo >= tmin as i128 && hi <= tmax as i128
}

/// Which nodes Java evaluates whenever it evaluates the constraints (the roots given): not
/// the right operands of `&&` and `||` nor the branches of `?:`, nor anything only below them.
pub(crate) fn strict_nodes(problem: &Problem, roots: &[ExprId]) -> Vec<bool> {
    let mut strict = vec![false; problem.node_count()];
    let mut stack: Vec<ExprId> = roots.to_vec();
    while let Some(e) = stack.pop() {
        if strict[e.index()] {
            continue;
        }
        strict[e.index()] = true;
        match problem.node(e) {
            Node::Const(_) | Node::Var(_) => {}
            Node::Unary(_, a) | Node::Cast(_, a) => stack.push(a),
            Node::Binary(BinOp::LogicalAnd | BinOp::LogicalOr, a, _) => stack.push(a),
            Node::Binary(_, a, b) => {
                stack.push(a);
                stack.push(b);
            }
            Node::Cond(c, _, _) => stack.push(c),
        }
    }
    strict
}

/// The operands of a node.
pub(crate) fn operands(node: Node) -> Vec<ExprId> {
    match node {
        Node::Const(_) | Node::Var(_) => vec![],
        Node::Unary(_, a) | Node::Cast(_, a) => vec![a],
        Node::Binary(_, a, b) => vec![a, b],
        Node::Cond(c, a, b) => vec![c, a, b],
    }
}

/// Runs the propagator of node `e` once.
pub(crate) fn propagate(
    problem: &Problem,
    store: &mut Store,
    e: ExprId,
    strict: bool,
) -> Result<(), Conflict> {
    let ty = problem.ty(e);
    match problem.node(e) {
        Node::Const(_) | Node::Var(_) => Ok(()),
        Node::Cond(c, a, b) => propagate_cond(problem, store, e, c, a, b),
        Node::Cast(to, a) => propagate_cast(problem, store, e, to, a),
        Node::Unary(op, a) => {
            if ty == JType::Double {
                return forward_real(problem, store, e);
            }
            if let Some(()) = enumerate(problem, store, e, strict)? {
                return Ok(());
            }
            propagate_unary(store, e, op, ty, a)
        }
        Node::Binary(op, a, b) => {
            let operand_ty = problem.ty(a);
            if op.is_comparison() && a == b {
                return propagate_self_comparison(store, e, op, a, operand_ty);
            }
            if op.is_comparison() && same_value(problem, store, a, b, &mut { SAME_VALUE_BUDGET }) {
                // One value under two names: each name gets what the other is known to be.
                match store.dom(a).clone() {
                    Dom::Int(d) => {
                        store.narrow_int(b, &d)?;
                        let d = store.int(b).clone();
                        store.narrow_int(a, &d)?;
                    }
                    Dom::Real(d) => {
                        store.narrow_real(b, &d)?;
                        let d = store.real(b);
                        store.narrow_real(a, &d)?;
                    }
                }
                return propagate_self_comparison(store, e, op, a, operand_ty);
            }
            if op.is_comparison() && operand_ty == JType::Double {
                return propagate_real_comparison(store, e, op, a, b);
            }
            if ty == JType::Double {
                forward_real(problem, store, e)?;
                return backward_real(store, e, op, a, b);
            }
            if let Some(()) = enumerate(problem, store, e, strict)? {
                return Ok(());
            }
            propagate_binary(store, e, op, ty, a, b, strict)
        }
    }
}

/// Nodes [`same_value`] may visit for one comparison.
const SAME_VALUE_BUDGET: u32 = 256;

/// The branch a `?:` takes once its condition is decided (through nested ones), else `e`.
fn taken(problem: &Problem, store: &Store, mut e: ExprId) -> ExprId {
    while let Node::Cond(c, x, y) = problem.node(e) {
        match store.int(c).value() {
            Some(v) => e = if v == 1 { x } else { y },
            None => break,
        }
    }
    e
}

/// Whether `a` and `b` take the same value in every solution below the current store: they
/// are the same term once every `?:` whose condition is decided is replaced by the branch it
/// takes. The original and a mutant are built from shared nodes and differ only where the
/// mutation is; once the search has decided the conditions that tell them apart (the
/// mutation not infecting), their outputs are one term, which bounds reasoning alone would
/// see only with every input fixed. Gives up (false: nothing inferred) after `budget` nodes.
fn same_value(problem: &Problem, store: &Store, a: ExprId, b: ExprId, budget: &mut u32) -> bool {
    if a == b {
        return true;
    }
    if *budget == 0 || problem.ty(a) != problem.ty(b) {
        return false;
    }
    *budget -= 1;
    let (ta, tb) = (taken(problem, store, a), taken(problem, store, b));
    if (ta, tb) != (a, b) {
        return same_value(problem, store, ta, tb, budget);
    }
    match (problem.node(a), problem.node(b)) {
        (Node::Unary(o, x), Node::Unary(p, y)) if o == p => {
            same_value(problem, store, x, y, budget)
        }
        (Node::Cast(t, x), Node::Cast(u, y)) if t == u => same_value(problem, store, x, y, budget),
        (Node::Binary(o, x1, y1), Node::Binary(p, x2, y2)) if o == p => {
            same_value(problem, store, x1, x2, budget) && same_value(problem, store, y1, y2, budget)
        }
        (Node::Cond(c1, x1, y1), Node::Cond(c2, x2, y2)) => {
            same_value(problem, store, c1, c2, budget)
                && same_value(problem, store, x1, x2, budget)
                && same_value(problem, store, y1, y2, budget)
        }
        _ => false,
    }
}

/// `x op x`: decided outright for integers (bounds reasoning would creep toward an empty
/// domain one value per round); for doubles only NaN can make `x == x` false.
fn propagate_self_comparison(
    store: &mut Store,
    e: ExprId,
    op: BinOp,
    a: ExprId,
    ty: JType,
) -> Result<(), Conflict> {
    let reflexive = matches!(op, BinOp::Le | BinOp::Ge | BinOp::Eq);
    let strict = matches!(op, BinOp::Lt | BinOp::Gt);
    if ty != JType::Double || strict {
        return store.narrow_int(e, &IntDomain::singleton(i64::from(reflexive)));
    }
    // Reflexive comparisons and `!=` on a double: they tell whether it is NaN.
    let x = store.real(a);
    let holds_for_numbers = reflexive;
    if !x.nan {
        store.narrow_int(e, &IntDomain::singleton(i64::from(holds_for_numbers)))?;
    } else if !x.has_numbers() {
        store.narrow_int(e, &IntDomain::singleton(i64::from(!holds_for_numbers)))?;
    }
    if let Some(r) = store.int(e).value() {
        let number = (r == 1) == holds_for_numbers;
        let d = if number {
            RealDomain { nan: false, ..x }
        } else {
            RealDomain::singleton(f64::NAN)
        };
        store.narrow_real(a, &d)?;
    }
    Ok(())
}

/// Exact propagation by enumeration when the operands' domains are small: every combination
/// is evaluated with Java semantics; the node keeps the values some combination produces, the
/// operands the values some combination supports. `None` when the domains are too large.
fn enumerate(
    problem: &Problem,
    store: &mut Store,
    e: ExprId,
    strict: bool,
) -> Result<Option<()>, Conflict> {
    let node = problem.node(e);
    // Only unary and binary nodes are evaluated here (at most two operands).
    if !matches!(node, Node::Unary(..) | Node::Binary(..)) {
        return Ok(None);
    }
    let all = operands(node);
    // The same node twice (`x * x`) is one operand: its values go together.
    let mut ops: Vec<ExprId> = Vec::with_capacity(all.len());
    for &o in &all {
        if !ops.contains(&o) {
            ops.push(o);
        }
    }
    let slot: Vec<usize> = all
        .iter()
        .map(|o| ops.iter().position(|p| p == o).expect("listed"))
        .collect();
    let mut total: u128 = 1;
    for &o in &ops {
        let Dom::Int(d) = store.dom(o) else {
            return Ok(None);
        };
        total = total.saturating_mul(d.size());
        if total > ENUMERATION_LIMIT {
            return Ok(None);
        }
    }
    let ty = problem.ty(e);
    let out = store.int(e).clone();
    let doms: Vec<Vec<i64>> = ops
        .iter()
        .map(|&o| store.int(o).values().collect())
        .collect();
    let mut supported: Vec<Vec<i64>> = vec![Vec::new(); ops.len()];
    let mut results: Vec<i64> = Vec::new();
    // A division by zero Java may not evaluate leaves the node free.
    let mut free = false;
    let mut index = vec![0usize; ops.len()];
    // One combination's values, by distinct operand and by operand position (on the stack:
    // this loop runs up to ENUMERATION_LIMIT times per call, and the solver calls it at every
    // fixpoint).
    let (mut distinct, mut vals) = ([0i64; 2], [0i64; 2]);
    'combos: loop {
        for (k, &i) in index.iter().enumerate() {
            distinct[k] = doms[k][i];
        }
        for (p, &k) in slot.iter().enumerate() {
            vals[p] = distinct[k];
        }
        let distinct = &distinct[..ops.len()];
        let result = match node {
            Node::Unary(op, _) => {
                let r = match op {
                    UnOp::Not => i64::from(vals[0] == 0),
                    UnOp::Neg => java::wrap(ty, -(vals[0] as i128)),
                    UnOp::Abs => java::wrap(ty, (vals[0] as i128).abs()),
                    UnOp::BitNot => !vals[0],
                };
                Some(r)
            }
            Node::Binary(op, a, _) => {
                let aty = problem.ty(a);
                if op.is_comparison() {
                    Some(i64::from(java::compare(
                        op,
                        Value::Int(aty, vals[0]),
                        Value::Int(aty, vals[1]),
                    )))
                } else if ty == JType::Boolean {
                    let (p, q) = (vals[0] != 0, vals[1] != 0);
                    Some(i64::from(match op {
                        BinOp::And | BinOp::LogicalAnd => p && q,
                        BinOp::Or | BinOp::LogicalOr => p || q,
                        _ => p ^ q,
                    }))
                } else {
                    match java::integer_op(op, ty, vals[0], vals[1]) {
                        Ok(r) => Some(r),
                        Err(_) if strict => None,
                        Err(_) => {
                            free = true;
                            for (k, &v) in distinct.iter().enumerate() {
                                supported[k].push(v);
                            }
                            None
                        }
                    }
                }
            }
            _ => return Ok(None),
        };
        if let Some(r) = result
            && out.contains(r)
        {
            results.push(r);
            for (k, &v) in distinct.iter().enumerate() {
                supported[k].push(v);
            }
        }
        // Next combination.
        for k in (0..index.len()).rev() {
            index[k] += 1;
            if index[k] < doms[k].len() {
                continue 'combos;
            }
            index[k] = 0;
        }
        break;
    }
    if !free {
        store.narrow_int(e, &IntDomain::from_values(results))?;
    }
    for (k, &o) in ops.iter().enumerate() {
        store.narrow_int(
            o,
            &IntDomain::from_values(std::mem::take(&mut supported[k])),
        )?;
    }
    Ok(Some(()))
}

fn propagate_unary(
    store: &mut Store,
    e: ExprId,
    op: UnOp,
    ty: JType,
    a: ExprId,
) -> Result<(), Conflict> {
    let (lo, hi) = bounds(store.int(a));
    match op {
        UnOp::Not => {
            let d = store.int(a).clone();
            let flipped = IntDomain::from_values(d.values().map(|v| 1 - v));
            store.narrow_int(e, &flipped)?;
            let n = store.int(e).clone();
            store.narrow_int(a, &IntDomain::from_values(n.values().map(|v| 1 - v)))
        }
        UnOp::BitNot => {
            // ~v = -v - 1, a bijection that never overflows: exact both ways.
            let flip = |d: &IntDomain| {
                IntDomain::from_ranges(d.ranges().iter().map(|&(l, h)| (!h, !l)).collect())
            };
            let image = flip(store.int(a));
            store.narrow_int(e, &image)?;
            let back = flip(store.int(e));
            store.narrow_int(a, &back)
        }
        UnOp::Neg => {
            store.narrow_int(e, &wrap_range(ty, -hi, -lo))?;
            if fits(ty, -hi, -lo) {
                let (nlo, nhi) = bounds(store.int(e));
                store.narrow_range(a, -nhi, -nlo)?;
            }
            Ok(())
        }
        UnOp::Abs => {
            let (rlo, rhi) = if lo >= 0 {
                (lo, hi)
            } else if hi <= 0 {
                (-hi, -lo)
            } else {
                (0, hi.max(-lo))
            };
            store.narrow_int(e, &wrap_range(ty, rlo, rhi))?;
            if fits(ty, rlo, rhi) {
                let m = store.int(e).max() as i128;
                store.narrow_range(a, -m, m)?;
            }
            Ok(())
        }
    }
}

/// The interval of truncating `a / b` for `a` in `[alo, ahi]` and `b` in `[blo, bhi]`, zero
/// excluded from the divisor (extremes are at the corners for a divisor of constant sign).
fn quotient_bounds(alo: i128, ahi: i128, blo: i128, bhi: i128) -> Option<(i128, i128)> {
    let mut parts = Vec::new();
    if blo <= -1 {
        parts.push((blo, bhi.min(-1)));
    }
    if bhi >= 1 {
        parts.push((blo.max(1), bhi));
    }
    let mut result: Option<(i128, i128)> = None;
    for (c, d) in parts {
        for q in [alo / c, alo / d, ahi / c, ahi / d] {
            result = Some(match result {
                None => (q, q),
                Some((l, h)) => (l.min(q), h.max(q)),
            });
        }
    }
    result
}

/// The values `a` with `a / c` (truncating) in `[qlo, qhi]`, for a constant `c > 0`.
fn dividends(qlo: i128, qhi: i128, c: i128) -> (i128, i128) {
    let low = if qlo > 0 { qlo * c } else { qlo * c - (c - 1) };
    let high = if qhi < 0 { qhi * c } else { qhi * c + (c - 1) };
    (low, high)
}

/// Backward through `&`, `|`, `^` with one operand fixed and few results left.
///
/// `x ^ c` is a bijection: `x` is one of `n ^ c`. With `x & c == n` the bits set in `c` are
/// known in `x` (those of `n`; `n` may have no other bit set), with `x | c == n` the bits
/// clear in `c` are. Known top bits (the sign bit first) bound `x` to a range, known low bits
/// fix its residue modulo a power of two; the bits in between are left to search.
fn bitwise_backward(
    store: &mut Store,
    e: ExprId,
    op: BinOp,
    ty: JType,
    a: ExprId,
    b: ExprId,
) -> Result<(), Conflict> {
    const FEW: u128 = 16;
    let bits = width_of(ty).expect("bitwise operations on int or long");
    let all = mask_of(bits);
    if store.int(e).size() > FEW {
        return Ok(());
    }
    let results = store.int(e).clone();
    for (x, y) in [(a, b), (b, a)] {
        let Some(c) = store.int(y).value() else {
            continue;
        };
        let c = c as u64 & all;
        let current = store.int(x).clone();
        let mut allowed = IntDomain::empty();
        for n in results.values() {
            let n = n as u64 & all;
            let (known, values) = match op {
                BinOp::Xor => {
                    let v = java::wrap(ty, (n ^ c) as i128);
                    if current.contains(v) {
                        allowed = allowed.union(&IntDomain::singleton(v));
                    }
                    continue;
                }
                BinOp::And if n & !c == 0 => (c, n),
                BinOp::Or if c & !n == 0 => (!c & all, n & !c),
                _ => continue,
            };
            let mut part = current.clone();
            // Known top bits: the unsigned range [top, top + 2^(bits − j) − 1], which stays
            // one range in two's complement because the sign bit is among them.
            let j = (known << (64 - bits)).leading_ones();
            if j > 0 {
                let top_mask = all & !all.checked_shr(j).unwrap_or(0);
                let low = java::wrap(ty, (values & top_mask) as i128);
                let span = if j >= bits {
                    0
                } else {
                    (1u64 << (bits - j)) - 1
                };
                part = part.clip(low, low.saturating_add(span as i64));
            }
            let t = known.trailing_ones().min(bits);
            if t > 0 && j < bits {
                part = part.congruent(values, t);
            }
            allowed = allowed.union(&part);
        }
        store.narrow_int(x, &allowed)?;
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn propagate_binary(
    store: &mut Store,
    e: ExprId,
    op: BinOp,
    ty: JType,
    a: ExprId,
    b: ExprId,
    strict: bool,
) -> Result<(), Conflict> {
    if ty == JType::Boolean && !op.is_comparison() {
        return propagate_logic(store, e, op, a, b);
    }
    if op.is_comparison() {
        return propagate_comparison(store, e, op, a, b);
    }
    let (alo, ahi) = bounds(store.int(a));
    let (blo, bhi) = bounds(store.int(b));
    match op {
        BinOp::Add | BinOp::Sub => {
            let (lo, hi) = if op == BinOp::Add {
                (alo + blo, ahi + bhi)
            } else {
                (alo - bhi, ahi - blo)
            };
            store.narrow_int(e, &wrap_range(ty, lo, hi))?;
            // With one side fixed, adding is a bijection modulo 2^bits, overflow or not: the
            // other side follows exactly (`x - y == 5` fixes y once x is fixed).
            let shifted = |d: &IntDomain, by: i128, negate: bool| {
                let mut parts = Vec::new();
                for &(l, h) in d.ranges().iter().take(16) {
                    let (l, h) = if negate {
                        (-(h as i128), -(l as i128))
                    } else {
                        (l as i128, h as i128)
                    };
                    parts.extend_from_slice(wrap_range(ty, l + by, h + by).ranges());
                }
                (d.ranges().len() <= 16).then(|| IntDomain::from_ranges(parts))
            };
            let (fa, fb) = (store.int(a).value(), store.int(b).value());
            let n = store.int(e).clone();
            let (target, image) = match (op, fa, fb) {
                // n = c + b: b = n - c.   n = a + c: a = n - c.
                (BinOp::Add, Some(c), _) => (b, shifted(&n, -(c as i128), false)),
                (BinOp::Add, _, Some(c)) => (a, shifted(&n, -(c as i128), false)),
                // n = c - b: b = c - n.   n = a - c: a = n + c.
                (BinOp::Sub, Some(c), _) => (b, shifted(&n, c as i128, true)),
                (BinOp::Sub, _, Some(c)) => (a, shifted(&n, c as i128, false)),
                _ => (a, None),
            };
            if let Some(image) = image {
                store.narrow_int(target, &image)?;
            }
            if fits(ty, lo, hi) {
                // No overflow possible: bounds consistency both ways.
                let (nlo, nhi) = bounds(store.int(e));
                if op == BinOp::Add {
                    store.narrow_range(a, nlo - bhi, nhi - blo)?;
                    let (alo, ahi) = bounds(store.int(a));
                    store.narrow_range(b, nlo - ahi, nhi - alo)?;
                } else {
                    store.narrow_range(a, nlo + blo, nhi + bhi)?;
                    let (alo, ahi) = bounds(store.int(a));
                    store.narrow_range(b, alo - nhi, ahi - nlo)?;
                }
            }
            Ok(())
        }
        BinOp::Mul => {
            let corners = [alo * blo, alo * bhi, ahi * blo, ahi * bhi];
            let (lo, hi) = (
                *corners.iter().min().expect("four corners"),
                *corners.iter().max().expect("four corners"),
            );
            store.narrow_int(e, &wrap_range(ty, lo, hi))?;
            // With one factor fixed, c = 2^v·u (u odd) and a few products left, the other
            // factor is known modulo 2^(bits − v), overflow or not: x·c ≡ n  ⇔
            // x ≡ (n / 2^v)·u⁻¹ (n must be a multiple of 2^v).
            let bits = width_of(ty).expect("products of int or long");
            if store.int(e).size() <= 16 {
                let products = store.int(e).clone();
                for (x, y) in [(a, b), (b, a)] {
                    let Some(c) = store.int(y).value().filter(|&c| c != 0) else {
                        continue;
                    };
                    let v = c.trailing_zeros().min(bits);
                    let inverse = inverse_odd((c as u64) >> v);
                    let low_bits = (1u64 << v) - 1;
                    let current = store.int(x).clone();
                    let mut allowed = IntDomain::empty();
                    for n in products.values() {
                        if (n as u64) & low_bits == 0 {
                            let class = ((n as u64) >> v).wrapping_mul(inverse);
                            allowed = allowed.union(&current.congruent(class, bits - v));
                        }
                    }
                    store.narrow_int(x, &allowed)?;
                }
            }
            if fits(ty, lo, hi) {
                // A constant factor c != 0 divides the product exactly.
                let (nlo, nhi) = bounds(store.int(e));
                for (x, y) in [(a, b), (b, a)] {
                    if let Some(c) = store.int(y).value().filter(|&c| c != 0) {
                        let c = c as i128;
                        let (lo, hi) = if c > 0 { (nlo, nhi) } else { (-nhi, -nlo) };
                        let c = c.abs();
                        store.narrow_range(x, div_ceil(lo, c), div_floor(hi, c))?;
                    }
                }
            }
            Ok(())
        }
        BinOp::Div | BinOp::Rem => {
            if strict {
                store.remove_value(b, 0)?;
            } else if store.int(b).contains(0) {
                // Java may not evaluate this division: with a zero divisor the node is free.
                return Ok(());
            }
            let (blo, bhi) = bounds(store.int(b));
            if op == BinOp::Div {
                let Some((lo, hi)) = quotient_bounds(alo, ahi, blo, bhi) else {
                    return Err(Conflict);
                };
                store.narrow_int(e, &wrap_range(ty, lo, hi))?;
                if let Some(c) = store.int(b).value()
                    && c != -1
                {
                    let c = c as i128;
                    let (nlo, nhi) = bounds(store.int(e));
                    let (qlo, qhi) = if c > 0 { (nlo, nhi) } else { (-nhi, -nlo) };
                    let (lo, hi) = dividends(qlo, qhi, c.abs());
                    store.narrow_range(a, lo, hi)?;
                }
            } else {
                let m = blo.abs().max(bhi.abs()) - 1;
                let (lo, hi) = if alo >= 0 {
                    (0, ahi.min(m))
                } else if ahi <= 0 {
                    (alo.max(-m), 0)
                } else {
                    (alo.max(-m), ahi.min(m))
                };
                store.narrow_range(e, lo, hi)?;
                // The remainder has the dividend's sign.
                let (nlo, nhi) = bounds(store.int(e));
                if nlo > 0 {
                    store.narrow_range(a, nlo, i128::MAX)?;
                } else if nhi < 0 {
                    store.narrow_range(a, i128::MIN, nhi)?;
                }
            }
            Ok(())
        }
        BinOp::Min | BinOp::Max => {
            let (lo, hi) = if op == BinOp::Min {
                (alo.min(blo), ahi.min(bhi))
            } else {
                (alo.max(blo), ahi.max(bhi))
            };
            store.narrow_range(e, lo, hi)?;
            let (nlo, nhi) = bounds(store.int(e));
            if op == BinOp::Min {
                store.narrow_range(a, nlo, i128::MAX)?;
                store.narrow_range(b, nlo, i128::MAX)?;
                // If one side is surely above the result, the other is the result.
                if blo > nhi {
                    store.narrow_range(a, nlo, nhi)?;
                } else if alo > nhi {
                    store.narrow_range(b, nlo, nhi)?;
                }
            } else {
                store.narrow_range(a, i128::MIN, nhi)?;
                store.narrow_range(b, i128::MIN, nhi)?;
                if bhi < nlo {
                    store.narrow_range(a, nlo, nhi)?;
                } else if ahi < nlo {
                    store.narrow_range(b, nlo, nhi)?;
                }
            }
            Ok(())
        }
        BinOp::And | BinOp::Or | BinOp::Xor => {
            if alo >= 0 && blo >= 0 {
                let top = ahi.max(bhi);
                let ones = if top == 0 {
                    0
                } else {
                    (1i128 << (128 - top.leading_zeros())) - 1
                };
                let (lo, hi) = match op {
                    BinOp::And => (0, ahi.min(bhi)),
                    BinOp::Or => (alo.max(blo), ones),
                    _ => (0, ones),
                };
                store.narrow_range(e, lo, hi)?;
            } else if op == BinOp::And && (alo >= 0 || blo >= 0) {
                let hi = if alo >= 0 && blo >= 0 {
                    ahi.min(bhi)
                } else if alo >= 0 {
                    ahi
                } else {
                    bhi
                };
                store.narrow_range(e, 0, hi)?;
            }
            bitwise_backward(store, e, op, ty, a, b)
        }
        BinOp::Shl | BinOp::Shr | BinOp::UShr => {
            let Some(s) = store.int(b).value() else {
                return Ok(());
            };
            let s = super::java::shift_distance(ty, s);
            let (lo, hi) = match op {
                BinOp::Shl => (alo << s, ahi << s),
                // Arithmetic shift is floor division by 2^s: monotone.
                BinOp::Shr => (alo >> s, ahi >> s),
                _ if alo >= 0 || s == 0 => (alo >> s, ahi >> s),
                _ => return Ok(()),
            };
            store.narrow_int(e, &wrap_range(ty, lo, hi))?;
            if op == BinOp::Shl && fits(ty, lo, hi) && s < 63 {
                let (nlo, nhi) = bounds(store.int(e));
                let c = 1i128 << s;
                store.narrow_range(a, div_ceil(nlo, c), div_floor(nhi, c))?;
            }
            Ok(())
        }
        _ => unreachable!("{op:?} handled above"),
    }
}

pub(crate) fn div_floor(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn div_ceil(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    }
}

/// Boolean connectives (`&&`, `||`, `&`, `|`, `^` on booleans) on 0/1 domains.
fn propagate_logic(
    store: &mut Store,
    e: ExprId,
    op: BinOp,
    a: ExprId,
    b: ExprId,
) -> Result<(), Conflict> {
    let known = |store: &Store, x: ExprId| store.int(x).value();
    let set = |store: &mut Store, x: ExprId, v: i64| store.narrow_int(x, &IntDomain::singleton(v));
    let (and, or) = (
        matches!(op, BinOp::And | BinOp::LogicalAnd),
        matches!(op, BinOp::Or | BinOp::LogicalOr),
    );
    // Forward.
    match (known(store, a), known(store, b)) {
        (Some(x), Some(y)) => {
            let r = if and {
                x & y
            } else if or {
                x | y
            } else {
                x ^ y
            };
            set(store, e, r)?;
        }
        (Some(0), _) | (_, Some(0)) if and => set(store, e, 0)?,
        (Some(1), _) | (_, Some(1)) if or => set(store, e, 1)?,
        _ => {}
    }
    // Backward.
    let Some(r) = known(store, e) else {
        return Ok(());
    };
    if and && r == 1 || or && r == 0 {
        set(store, a, r)?;
        set(store, b, r)?;
    } else if and || or {
        // and = 0: one side is 0; or = 1: one side is 1.
        let neutral = if and { 1 } else { 0 };
        if known(store, a) == Some(neutral) {
            set(store, b, 1 - neutral)?;
        } else if known(store, b) == Some(neutral) {
            set(store, a, 1 - neutral)?;
        }
    } else if let Some(x) = known(store, a) {
        set(store, b, x ^ r)?;
    } else if let Some(y) = known(store, b) {
        set(store, a, y ^ r)?;
    }
    Ok(())
}

/// Whether `x op y` holds for all, or for no, values of two integer domains.
fn comparison_status(op: BinOp, x: &IntDomain, y: &IntDomain) -> Option<bool> {
    let (xlo, xhi, ylo, yhi) = (x.min(), x.max(), y.min(), y.max());
    let eq_status = || {
        if x.value().is_some() && x.value() == y.value() {
            Some(true)
        } else if x.intersect(y).is_empty() {
            Some(false)
        } else {
            None
        }
    };
    match op {
        BinOp::Lt if xhi < ylo => Some(true),
        BinOp::Lt if xlo >= yhi => Some(false),
        BinOp::Le if xhi <= ylo => Some(true),
        BinOp::Le if xlo > yhi => Some(false),
        BinOp::Gt if xlo > yhi => Some(true),
        BinOp::Gt if xhi <= ylo => Some(false),
        BinOp::Ge if xlo >= yhi => Some(true),
        BinOp::Ge if xhi < ylo => Some(false),
        BinOp::Eq => eq_status(),
        BinOp::Ne => eq_status().map(|s| !s),
        _ => None,
    }
}

fn negate(op: BinOp) -> BinOp {
    match op {
        BinOp::Lt => BinOp::Ge,
        BinOp::Le => BinOp::Gt,
        BinOp::Gt => BinOp::Le,
        BinOp::Ge => BinOp::Lt,
        BinOp::Eq => BinOp::Ne,
        BinOp::Ne => BinOp::Eq,
        other => other,
    }
}

/// A reified comparison of integers: `e` is 1 exactly when `a op b`.
fn propagate_comparison(
    store: &mut Store,
    e: ExprId,
    op: BinOp,
    a: ExprId,
    b: ExprId,
) -> Result<(), Conflict> {
    if let Some(s) = comparison_status(op, store.int(a), store.int(b)) {
        store.narrow_int(e, &IntDomain::singleton(i64::from(s)))?;
    }
    let Some(r) = store.int(e).value() else {
        return Ok(());
    };
    let op = if r == 1 { op } else { negate(op) };
    let (alo, ahi) = bounds(store.int(a));
    let (blo, bhi) = bounds(store.int(b));
    match op {
        BinOp::Lt => {
            store.narrow_range(a, i128::MIN, bhi - 1)?;
            store.narrow_range(b, alo + 1, i128::MAX)?;
        }
        BinOp::Le => {
            store.narrow_range(a, i128::MIN, bhi)?;
            store.narrow_range(b, alo, i128::MAX)?;
        }
        BinOp::Gt => {
            store.narrow_range(a, blo + 1, i128::MAX)?;
            store.narrow_range(b, i128::MIN, ahi - 1)?;
        }
        BinOp::Ge => {
            store.narrow_range(a, blo, i128::MAX)?;
            store.narrow_range(b, i128::MIN, ahi)?;
        }
        BinOp::Eq => {
            let both = store.int(a).intersect(store.int(b));
            store.narrow_int(a, &both)?;
            store.narrow_int(b, &both)?;
        }
        BinOp::Ne => {
            if let Some(v) = store.int(a).value() {
                store.remove_value(b, v)?;
            }
            if let Some(v) = store.int(b).value() {
                store.remove_value(a, v)?;
            }
        }
        _ => unreachable!("comparisons only"),
    }
    Ok(())
}

/// `c ? a : b`.
fn propagate_cond(
    problem: &Problem,
    store: &mut Store,
    e: ExprId,
    c: ExprId,
    a: ExprId,
    b: ExprId,
) -> Result<(), Conflict> {
    let condition = store.int(c).value();
    if problem.ty(e) == JType::Double {
        let image = match condition {
            Some(1) => store.real(a),
            Some(_) => store.real(b),
            None => store.real(a).hull(&store.real(b)),
        };
        store.narrow_real(e, &image)?;
        let n = store.real(e);
        match condition {
            Some(1) => store.narrow_real(a, &n)?,
            Some(_) => store.narrow_real(b, &n)?,
            None => {}
        }
        return Ok(());
    }
    let image = match condition {
        Some(1) => store.int(a).clone(),
        Some(_) => store.int(b).clone(),
        None => store.int(a).union(store.int(b)),
    };
    store.narrow_int(e, &image)?;
    let n = store.int(e).clone();
    match condition {
        Some(1) => store.narrow_int(a, &n)?,
        Some(_) => store.narrow_int(b, &n)?,
        None => {
            // A branch that cannot give the result is not taken.
            if n.intersect(store.int(a)).is_empty() {
                store.narrow_int(c, &IntDomain::singleton(0))?;
                store.narrow_int(b, &n)?;
            } else if n.intersect(store.int(b)).is_empty() {
                store.narrow_int(c, &IntDomain::singleton(1))?;
                store.narrow_int(a, &n)?;
            }
        }
    }
    Ok(())
}

/// Casts between integral types, to and from double.
fn propagate_cast(
    problem: &Problem,
    store: &mut Store,
    e: ExprId,
    to: JType,
    a: ExprId,
) -> Result<(), Conflict> {
    let from = problem.ty(a);
    match (from, to) {
        (JType::Double, JType::Double) => {
            let d = store.real(a);
            store.narrow_real(e, &d)?;
            let n = store.real(e);
            store.narrow_real(a, &n)
        }
        (JType::Double, _) => {
            // Monotone with saturation; NaN gives 0.
            let d = store.real(a);
            let mut parts = Vec::new();
            if d.has_numbers() {
                let lo = java::double_to_integral(to, d.lo);
                let hi = java::double_to_integral(to, d.hi);
                if to == JType::Int || to == JType::Long {
                    parts.push((lo, hi));
                } else {
                    let (tlo, thi) = to.range();
                    parts.push((tlo, thi));
                }
            }
            if d.nan {
                parts.push((0, 0));
            }
            store.narrow_int(e, &IntDomain::from_ranges(parts))
        }
        (_, JType::Double) => {
            let (lo, hi) = bounds(store.int(a));
            store.narrow_real(e, &RealDomain::interval(lo as f64, hi as f64))?;
            // Back to the integers: exact for values doubles represent exactly.
            let n = store.real(e);
            if !n.has_numbers() {
                return Err(Conflict);
            }
            const EXACT: f64 = 9007199254740992.0; // 2^53
            let low = if n.lo > -EXACT && n.lo < EXACT {
                n.lo.ceil() as i128
            } else {
                i128::MIN
            };
            let high = if n.hi > -EXACT && n.hi < EXACT {
                n.hi.floor() as i128
            } else {
                i128::MAX
            };
            store.narrow_range(a, low, high)
        }
        _ => {
            // Integral to integral (or boolean to boolean): wrap each piece.
            let d = store.int(a).clone();
            let mut image = IntDomain::empty();
            for &(lo, hi) in d.ranges().iter().take(64) {
                image = image.union(&wrap_range(to, lo as i128, hi as i128));
            }
            if d.ranges().len() > 64 {
                image = image.union(&wrap_range(to, d.min() as i128, d.max() as i128));
            }
            store.narrow_int(e, &image)?;
            let (lo, hi) = bounds(&d);
            if fits(to, lo, hi) {
                let n = store.int(e).clone();
                store.narrow_int(a, &n)?;
            }
            Ok(())
        }
    }
}

/// Double arithmetic: forward interval bounds rounded outward; infinite or NaN operands
/// give the full domain unless the operands are single values (then computed exactly).
fn forward_real(problem: &Problem, store: &mut Store, e: ExprId) -> Result<(), Conflict> {
    let node = problem.node(e);
    let ops = operands(node);
    let doms: Vec<RealDomain> = ops.iter().map(|&o| store.real(o)).collect();
    if doms.iter().any(|d| d.is_empty()) {
        return Err(Conflict);
    }
    // Single values: compute exactly (a zero interval is not single: its sign is unknown).
    if let Some(values) = doms.iter().map(|d| d.value()).collect::<Option<Vec<f64>>>() {
        let r = match node {
            Node::Unary(UnOp::Neg, _) => -values[0],
            Node::Unary(UnOp::Abs, _) => values[0].abs(),
            Node::Binary(op, _, _) => java::double_op(op, values[0], values[1]),
            _ => return Ok(()),
        };
        return store.narrow_real(e, &RealDomain::singleton(r));
    }
    let finite = doms
        .iter()
        .all(|d| !d.nan && d.lo.is_finite() && d.hi.is_finite());
    if !finite {
        return Ok(());
    }
    let down = |x: f64| x.next_down();
    let up = |x: f64| x.next_up();
    let (lo, hi, nan) = match node {
        Node::Unary(UnOp::Neg, _) => (-doms[0].hi, -doms[0].lo, false),
        Node::Unary(UnOp::Abs, _) => {
            let d = doms[0];
            if d.lo >= 0.0 {
                (d.lo, d.hi, false)
            } else if d.hi <= 0.0 {
                (-d.hi, -d.lo, false)
            } else {
                (0.0, d.hi.max(-d.lo), false)
            }
        }
        Node::Binary(op, _, _) => {
            let (x, y) = (doms[0], doms[1]);
            match op {
                BinOp::Add => (down(x.lo + y.lo), up(x.hi + y.hi), false),
                BinOp::Sub => (down(x.lo - y.hi), up(x.hi - y.lo), false),
                BinOp::Mul => {
                    let c = [x.lo * y.lo, x.lo * y.hi, x.hi * y.lo, x.hi * y.hi];
                    let lo = c.iter().copied().fold(f64::INFINITY, f64::min);
                    let hi = c.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    (down(lo), up(hi), false)
                }
                BinOp::Div if y.lo > 0.0 || y.hi < 0.0 => {
                    let c = [x.lo / y.lo, x.lo / y.hi, x.hi / y.lo, x.hi / y.hi];
                    let lo = c.iter().copied().fold(f64::INFINITY, f64::min);
                    let hi = c.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                    (down(lo), up(hi), false)
                }
                // A divisor that may be zero and a dividend that may not: a number (an
                // infinity at zero), never NaN.
                BinOp::Div if x.lo > 0.0 || x.hi < 0.0 => (f64::NEG_INFINITY, f64::INFINITY, false),
                BinOp::Min => (x.lo.min(y.lo), x.hi.min(y.hi), false),
                BinOp::Max => (x.lo.max(y.lo), x.hi.max(y.hi), false),
                _ => return Ok(()),
            }
        }
        _ => return Ok(()),
    };
    store.narrow_real(e, &RealDomain { lo, hi, nan })
}

/// Double arithmetic backward: the exact result `s` of `a op b` rounds into the node's
/// interval, so `s` lies within one ulp outside it; each operand is then bounded by the
/// inverse operation, rounded outward. Only with finite, NaN-free domains (a NaN-free result
/// also rules NaN out of the operands, as NaN propagates).
fn backward_real(
    store: &mut Store,
    e: ExprId,
    op: BinOp,
    a: ExprId,
    b: ExprId,
) -> Result<(), Conflict> {
    let n = store.real(e);
    if !n.nan && matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div) {
        for o in [a, b] {
            let d = store.real(o);
            store.narrow_real(o, &RealDomain { nan: false, ..d })?;
        }
    }
    let (n, x, y) = (store.real(e), store.real(a), store.real(b));
    let finite = |d: RealDomain| !d.nan && d.has_numbers() && d.lo.is_finite() && d.hi.is_finite();
    if !finite(n) {
        return Ok(());
    }
    let (slo, shi) = (n.lo.next_down(), n.hi.next_up());
    let add = |p: (f64, f64), q: (f64, f64)| ((p.0 + q.0).next_down(), (p.1 + q.1).next_up());
    let neg = |p: (f64, f64)| (-p.1, -p.0);
    let corners = |c: [f64; 4]| {
        let lo = c.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = c.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (lo.next_down(), hi.next_up())
    };
    let mul = |p: (f64, f64), q: (f64, f64)| corners([p.0 * q.0, p.0 * q.1, p.1 * q.0, p.1 * q.1]);
    let div = |p: (f64, f64), q: (f64, f64)| {
        (q.0 > 0.0 || q.1 < 0.0).then(|| corners([p.0 / q.0, p.0 / q.1, p.1 / q.0, p.1 / q.1]))
    };
    let s = (slo, shi);
    let (xr, yr) = ((x.lo, x.hi), (y.lo, y.hi));
    let (for_a, for_b) = match op {
        // s = a + b: a = s - b, b = s - a.
        BinOp::Add => (Some(add(s, neg(yr))), Some(add(s, neg(xr)))),
        // s = a - b: a = s + b, b = a - s.
        BinOp::Sub => (Some(add(s, yr)), Some(add(xr, neg(s)))),
        // s = a * b: a = s / b, b = s / a.
        BinOp::Mul => (div(s, yr), div(s, xr)),
        // s = a / b: a = s * b, b = a / s.
        BinOp::Div => (Some(mul(s, yr)), div(xr, s)),
        _ => (None, None),
    };
    // Each bound uses the other operand (and, for a divisor, the dividend): only finite ones.
    let usable = |r: (f64, f64)| !r.0.is_nan() && !r.1.is_nan();
    let (a_ok, b_ok) = (finite(y), finite(x));
    if let Some(r) = for_a.filter(|&r| a_ok && usable(r)) {
        store.narrow_real(a, &RealDomain::interval(r.0, r.1))?;
    }
    if let Some(r) = for_b.filter(|&r| b_ok && usable(r)) {
        store.narrow_real(b, &RealDomain::interval(r.0, r.1))?;
    }
    Ok(())
}

/// A reified comparison of doubles. True needs both sides to be numbers; bounds narrow.
fn propagate_real_comparison(
    store: &mut Store,
    e: ExprId,
    op: BinOp,
    a: ExprId,
    b: ExprId,
) -> Result<(), Conflict> {
    let (x, y) = (store.real(a), store.real(b));
    let any_nan = x.nan || y.nan;
    let numbers = x.has_numbers() && y.has_numbers();
    // Status when both are numbers; NaN makes every comparison false except `!=`.
    let status = if !numbers {
        Some(false)
    } else {
        match op {
            BinOp::Lt if x.hi < y.lo => Some(true),
            BinOp::Lt if x.lo >= y.hi => Some(false),
            BinOp::Le if x.hi <= y.lo => Some(true),
            BinOp::Le if x.lo > y.hi => Some(false),
            BinOp::Gt if x.lo > y.hi => Some(true),
            BinOp::Gt if x.hi <= y.lo => Some(false),
            BinOp::Ge if x.lo >= y.hi => Some(true),
            BinOp::Ge if x.hi < y.lo => Some(false),
            BinOp::Eq | BinOp::Ne if x.hi < y.lo || y.hi < x.lo => Some(op == BinOp::Ne),
            _ => None,
        }
    };
    let result = match status {
        // A NaN-free certain answer, or no numbers at all (then only NaN: false but for `!=`).
        Some(s) if !any_nan => Some(s),
        Some(false) if !numbers => Some(op == BinOp::Ne),
        Some(false) if op != BinOp::Ne => Some(false),
        Some(true) if op == BinOp::Ne => Some(true),
        _ => None,
    };
    if let Some(r) = result {
        store.narrow_int(e, &IntDomain::singleton(i64::from(r)))?;
    }
    let Some(r) = store.int(e).value() else {
        return Ok(());
    };
    // A true comparison other than `!=`, or a false `!=` (then a == b): both sides are
    // numbers, ordered by `op`. A false `<`, `<=`, `>`, `>=`: one side is NaN or the reverse
    // order holds, so a side is narrowed (keeping its own NaN) only when the other cannot be
    // NaN.
    let (op, narrow_a, narrow_b) = match (op, r) {
        (BinOp::Ne, 0) => (BinOp::Eq, true, true),
        (BinOp::Ne, _) => return Ok(()),
        (_, 1) => (op, true, true),
        (BinOp::Eq, _) => return Ok(()),
        (BinOp::Lt, _) => (BinOp::Ge, !y.nan, !x.nan),
        (BinOp::Le, _) => (BinOp::Gt, !y.nan, !x.nan),
        (BinOp::Gt, _) => (BinOp::Le, !y.nan, !x.nan),
        (BinOp::Ge, _) => (BinOp::Lt, !y.nan, !x.nan),
        _ => return Ok(()),
    };
    let holds = r == 1 || op == BinOp::Eq;
    let (nan_a, nan_b) = if holds {
        (false, false)
    } else {
        (x.nan, y.nan)
    };
    if holds {
        let numbers_only = |d: RealDomain| RealDomain { nan: false, ..d };
        store.narrow_real(a, &numbers_only(x))?;
        store.narrow_real(b, &numbers_only(y))?;
    }
    let (x, y) = (store.real(a), store.real(b));
    if !x.has_numbers() || !y.has_numbers() {
        // Only NaN on a side: nothing to order.
        return Ok(());
    }
    let below = |v: f64| {
        if v == 0.0 {
            -f64::from_bits(1)
        } else {
            v.next_down()
        }
    };
    let above = |v: f64| {
        if v == 0.0 {
            f64::from_bits(1)
        } else {
            v.next_up()
        }
    };
    let (xa, yb) = match op {
        BinOp::Lt => (
            (f64::NEG_INFINITY, below(y.hi)),
            (above(x.lo), f64::INFINITY),
        ),
        BinOp::Le => ((f64::NEG_INFINITY, y.hi), (x.lo, f64::INFINITY)),
        BinOp::Gt => (
            (above(y.lo), f64::INFINITY),
            (f64::NEG_INFINITY, below(x.hi)),
        ),
        BinOp::Ge => ((y.lo, f64::INFINITY), (f64::NEG_INFINITY, x.hi)),
        _ => ((y.lo, y.hi), (x.lo, x.hi)),
    };
    let with_nan = |d: RealDomain, nan: bool| RealDomain {
        nan: d.nan || nan,
        ..d
    };
    if narrow_a {
        store.narrow_real(a, &with_nan(RealDomain::interval(xa.0, xa.1), nan_a))?;
    }
    if narrow_b {
        store.narrow_real(b, &with_nan(RealDomain::interval(yb.0, yb.1), nan_b))?;
    }
    Ok(())
}
