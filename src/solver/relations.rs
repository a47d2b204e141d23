//! Relations between variables: comparisons `left op right` between linear terms over `int`
//! and `long` (sums, differences, negations, multiplication by small constants, widening
//! casts), decided together whatever the domains' sizes, instead of by bounds propagation
//! that shaves one value per round off each side (`x < y && y < x` over `long` would take
//! 2^64 rounds).
//!
//! Every comparison node whose truth the store has fixed is a relation: the required ones
//! from the start, the others once a decision or propagation fixes them (`(x < y || b) &&
//! !b`), a false one as its negation. Each side is read as an exact linear form over
//! *atoms* (variables, and any subterm that is not linear or may wrap, whose Java value the
//! store tracks like a variable's).
//!
//! Java's `+` wraps, so a sum is a linear form only while its operands' ranges keep it in
//! the type's range. Otherwise it is in one of three *wrap cases* (its mathematical value in
//! range, above it, below it: operands in range wrap at most once), each an exact linear
//! form shifted by `2^n` under a side condition; the search decides the case like any other
//! choice (`x + 1 < x` holds only in the case "wraps up", whose condition `x + 1 > MAX`
//! forces `x == Integer.MAX_VALUE`). A sum with no case decided yet is an atom, which is
//! sound and still says something (`x + y > x + y + 0`).
//!
//! The linear inequalities then go two ways. Difference constraints `a - b <= k` (and
//! bounds, as edges from and to a zero node) form a graph: Bellman-Ford finds a negative
//! cycle (no solution in the current box) and the shortest paths are the tightest bounds.
//! Longer inequalities (`a + b < c`), when the system is small, go to Fourier–Motzkin
//! elimination over the rationals with integer rounding of each derived inequality (divide
//! by the coefficients' gcd, round the constant down): infeasible rationals prove the
//! integers infeasible, and projecting onto one atom gives its bounds. Larger systems get
//! bounds propagation on sums. Everything derived is implied by the relations, so conflicts
//! and narrowings are sound; what is left is the search's.

use hashbrown::HashMap;

use super::expr::{ExprId, Node, Problem};
use super::java::{BinOp, JType, UnOp, Value};
use super::propagate::{Conflict, Store, div_floor};

/// Coefficients larger than this are left to the other propagators.
const SMALL: i128 = 1 << 16;
/// A linear form with a coefficient beyond this is an atom instead (no overflow in `i128`).
const LARGE: i128 = 1 << 40;
/// Subterms deeper than this are atoms.
const DEPTH: u32 = 8;
/// Fourier–Motzkin runs on systems of at most this many atoms ...
const FM_ATOMS: usize = 10;
/// ... and gives up (no conclusion) when an elimination step has more inequalities than this.
const FM_ROWS: usize = 400;
/// Fourier–Motzkin runs only when some atom's domain is wider than this.
const WIDE: i128 = 1 << 20;
/// Atoms in longer inequalities get their bounds by projection when there are at most this
/// many of them.
const FM_PROJECT: usize = 6;

/// How a term computes its value from its operands (indices into [`Relations::terms`]).
#[derive(Clone, Copy, Debug)]
enum Shape {
    Const(i128),
    /// A variable or a subterm the relations do not look into.
    Leaf,
    Add(usize, usize),
    Sub(usize, usize),
    Neg(usize),
    Scale(i128, usize),
    /// A cast between integral types: exact where the operand's range fits the target's.
    Cast(usize),
    /// `c ? a : b`: the chosen branch once the store fixes `c` (an atom before), so that a
    /// region's merged value `b ? x + 1 : x` compared with `x` cancels when `b` is known.
    Choice(ExprId, usize, usize),
}

#[derive(Clone, Debug)]
struct Term {
    node: ExprId,
    ty: JType,
    shape: Shape,
}

/// A comparison node between two terms.
#[derive(Clone, Debug)]
struct Relation {
    node: ExprId,
    op: BinOp,
    left: usize,
    right: usize,
}

/// The comparisons of a problem between `int` or `long` terms.
#[derive(Clone, Debug, Default)]
pub(crate) struct Relations {
    terms: Vec<Term>,
    index: HashMap<ExprId, usize>,
    relations: Vec<Relation>,
}

/// A term decided to be in a wrap case `(node, j)`: its Java value is its mathematical value
/// minus `j` moduli (`2^32` for `int`), which puts the mathematical value in the type's range
/// shifted by `j` moduli. A sum, difference or negation of values in range is in one of the
/// cases -1, 0, 1; `k * x` in one of about `|k|` cases.
pub(crate) type Case = (ExprId, i128);

/// Terms with more wrap cases than this are atoms instead.
const MAX_CASES: i128 = 5;

/// `Σ coefficient · atom <= bound`.
type Row = (Vec<(usize, i128)>, i128);

/// A term's value as a linear form over atoms, with an interval of its values.
#[derive(Clone, Debug)]
struct Linear {
    terms: Vec<(usize, i128)>,
    constant: i128,
    lo: i128,
    hi: i128,
}

impl Linear {
    fn combine(&self, k: i128, other: &Linear, j: i128) -> Option<Linear> {
        let mut terms: Vec<(usize, i128)> = Vec::new();
        for (&(a, c), s) in self
            .terms
            .iter()
            .map(|t| (t, k))
            .chain(other.terms.iter().map(|t| (t, j)))
        {
            match terms.iter_mut().find(|t| t.0 == a) {
                Some(t) => t.1 += s * c,
                None => terms.push((a, s * c)),
            }
        }
        terms.retain(|t| t.1 != 0);
        if terms.iter().any(|t| t.1.abs() > LARGE) {
            return None;
        }
        let scaled = |l: &Linear, k: i128| {
            let (p, q) = (k * l.lo, k * l.hi);
            (p.min(q), p.max(q))
        };
        let ((a, b), (c, d)) = (scaled(self, k), scaled(other, j));
        Some(Linear {
            terms,
            constant: k * self.constant + j * other.constant,
            lo: a + c,
            hi: b + d,
        })
    }

    fn shifted(mut self, by: i128) -> Linear {
        self.constant += by;
        self.lo += by;
        self.hi += by;
        self
    }
}

fn negated(terms: &[(usize, i128)]) -> Vec<(usize, i128)> {
    terms.iter().map(|&(a, c)| (a, -c)).collect()
}

/// One evaluation of the terms under the current bounds and cases.
struct Reading<'a> {
    relations: &'a Relations,
    bounds: Vec<(i128, i128)>,
    cases: &'a [Case],
    /// The value the store gives each `Choice` term's condition.
    chosen: Vec<Option<bool>>,
    memo: Vec<Option<Linear>>,
    /// The side conditions of the decided wrap cases met.
    conditions: Vec<Row>,
    /// Terms that may wrap and have no case: (term, feasible cases), innermost first.
    undecided: Vec<(usize, Vec<i128>)>,
}

impl Reading<'_> {
    fn leaf(&self, t: usize) -> Linear {
        let (lo, hi) = self.bounds[t];
        Linear {
            terms: vec![(t, 1)],
            constant: 0,
            lo,
            hi,
        }
    }

    /// Term `t`'s Java value as a linear form, or a conflict when its interval is empty.
    fn read(&mut self, t: usize) -> Result<Linear, Conflict> {
        if let Some(l) = &self.memo[t] {
            return Ok(l.clone());
        }
        let term = &self.relations.terms[t];
        let (ty, node) = (term.ty, term.node);
        let math = match term.shape {
            Shape::Const(c) => Some(Linear {
                terms: Vec::new(),
                constant: c,
                lo: c,
                hi: c,
            }),
            Shape::Leaf => None,
            Shape::Add(a, b) => {
                let (x, y) = (self.read(a)?, self.read(b)?);
                x.combine(1, &y, 1)
            }
            Shape::Sub(a, b) => {
                let (x, y) = (self.read(a)?, self.read(b)?);
                x.combine(1, &y, -1)
            }
            Shape::Neg(a) => {
                let x = self.read(a)?;
                x.combine(-1, &x, 0)
            }
            Shape::Scale(k, a) => {
                let x = self.read(a)?;
                x.combine(k, &x, 0)
            }
            Shape::Cast(a) => Some(self.read(a)?),
            Shape::Choice(_, a, b) => match self.chosen[t] {
                Some(true) => Some(self.read(a)?),
                Some(false) => Some(self.read(b)?),
                None => None,
            },
        };
        let value = match math {
            None => self.leaf(t),
            Some(m) => self.fit(t, node, ty, m)?,
        };
        if value.lo > value.hi {
            return Err(Conflict);
        }
        self.memo[t] = Some(value.clone());
        Ok(value)
    }

    /// The Java value of term `t` whose mathematical value is `m`: `m` less the moduli it
    /// wraps by when that number is known or decided, the term as an atom otherwise.
    fn fit(&mut self, t: usize, node: ExprId, ty: JType, m: Linear) -> Result<Linear, Conflict> {
        let (min, max) = ty.range();
        let (min, max) = (i128::from(min), i128::from(max));
        let modulus = max - min + 1;
        // The cases m's interval allows: m - j·modulus in [min, max].
        let first = -div_floor(max - m.lo, modulus);
        let last = div_floor(m.hi - min, modulus);
        let j = if first == last {
            first
        } else if let Some(&(_, j)) = self.cases.iter().find(|c| c.0 == node) {
            // Side conditions: min + j·modulus <= m <= max + j·modulus.
            let shift = j * modulus;
            self.conditions
                .push((m.terms.clone(), max + shift - m.constant));
            self.conditions
                .push((negated(&m.terms), m.constant - min - shift));
            j
        } else {
            if last - first < MAX_CASES {
                let mut feasible: Vec<i128> = (first..=last).collect();
                feasible.sort_by_key(|j| j.abs());
                self.undecided.push((t, feasible));
            }
            return Ok(self.leaf(t));
        };
        let shift = j * modulus;
        let (blo, bhi) = self.bounds[t];
        let lo = (m.lo - shift).max(min).max(blo);
        let hi = (m.hi - shift).min(max).min(bhi);
        Ok(Linear {
            lo,
            hi,
            ..m.shifted(-shift)
        })
    }
}

/// The relation a comparison node of truth `truth` states, if it is an inequality or equality.
fn stated(op: BinOp, truth: bool) -> BinOp {
    match (op, truth) {
        (op, true) => op,
        (BinOp::Ne, false) => BinOp::Eq,
        (BinOp::Eq, false) => BinOp::Ne,
        (BinOp::Lt, false) => BinOp::Ge,
        (BinOp::Le, false) => BinOp::Gt,
        (BinOp::Gt, false) => BinOp::Le,
        (BinOp::Ge, false) => BinOp::Lt,
        _ => unreachable!("comparisons only"),
    }
}

impl Relations {
    /// The comparisons between `int` or `long` terms anywhere in `problem`.
    pub(crate) fn extract(problem: &Problem) -> Relations {
        let mut out = Relations::default();
        for i in 0..problem.node_count() {
            let node = ExprId::from_index(i);
            let Node::Binary(
                op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq | BinOp::Ne),
                a,
                b,
            ) = problem.node(node)
            else {
                continue;
            };
            if !matches!(problem.ty(a), JType::Int | JType::Long) || a == b {
                continue;
            }
            let left = out.term(problem, a, 0);
            let right = out.term(problem, b, 0);
            let constant = |t: usize| matches!(out.terms[t].shape, Shape::Const(_));
            if !(constant(left) && constant(right)) {
                out.relations.push(Relation {
                    node,
                    op,
                    left,
                    right,
                });
            }
        }
        out
    }

    fn term(&mut self, problem: &Problem, e: ExprId, depth: u32) -> usize {
        if let Some(&t) = self.index.get(&e) {
            return t;
        }
        let ty = problem.ty(e);
        let constant = |x: ExprId| match problem.node(x) {
            Node::Const(Value::Int(_, v)) => Some(i128::from(v)),
            _ => None,
        };
        let small = |x: ExprId| constant(x).filter(|c| c.abs() <= SMALL);
        let arithmetic = matches!(ty, JType::Int | JType::Long);
        let shape = match problem.node(e) {
            Node::Const(Value::Int(_, v)) => Shape::Const(i128::from(v)),
            _ if depth > DEPTH || !ty.is_integral() => Shape::Leaf,
            Node::Binary(BinOp::Add, a, b) if arithmetic => Shape::Add(
                self.term(problem, a, depth + 1),
                self.term(problem, b, depth + 1),
            ),
            Node::Binary(BinOp::Sub, a, b) if arithmetic => Shape::Sub(
                self.term(problem, a, depth + 1),
                self.term(problem, b, depth + 1),
            ),
            Node::Unary(UnOp::Neg, a) if arithmetic => Shape::Neg(self.term(problem, a, depth + 1)),
            Node::Binary(BinOp::Mul, a, b) if arithmetic && small(a).is_some() => {
                Shape::Scale(small(a).expect("checked"), self.term(problem, b, depth + 1))
            }
            Node::Binary(BinOp::Mul, a, b) if arithmetic && small(b).is_some() => {
                Shape::Scale(small(b).expect("checked"), self.term(problem, a, depth + 1))
            }
            // `x << s` is `x * 2^s` (the distance taken modulo the width, as Java does).
            Node::Binary(BinOp::Shl, a, b)
                if arithmetic
                    && constant(b)
                        .is_some_and(|s| super::java::shift_distance(ty, s as i64) < 16) =>
            {
                let s = super::java::shift_distance(ty, constant(b).expect("checked") as i64);
                Shape::Scale(1 << s, self.term(problem, a, depth + 1))
            }
            Node::Cast(_, a) if problem.ty(a).is_integral() => {
                Shape::Cast(self.term(problem, a, depth + 1))
            }
            Node::Cond(c, a, b) => Shape::Choice(
                c,
                self.term(problem, a, depth + 1),
                self.term(problem, b, depth + 1),
            ),
            _ => Shape::Leaf,
        };
        self.terms.push(Term { node: e, ty, shape });
        let t = self.terms.len() - 1;
        self.index.insert(e, t);
        t
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.relations.is_empty()
    }

    /// The nodes whose domains the relations read: their terms, the conditions of their
    /// choices, and comparisons.
    pub(crate) fn watched(&self) -> impl Iterator<Item = ExprId> + '_ {
        self.terms
            .iter()
            .map(|t| t.node)
            .chain(self.terms.iter().filter_map(|t| match t.shape {
                Shape::Choice(c, _, _) => Some(c),
                _ => None,
            }))
            .chain(self.relations.iter().map(|r| r.node))
    }

    /// The comparison nodes.
    pub(crate) fn comparisons(&self) -> impl Iterator<Item = ExprId> + '_ {
        self.relations.iter().map(|r| r.node)
    }

    fn reading<'a>(&'a self, store: &Store, cases: &'a [Case]) -> Result<Reading<'a>, Conflict> {
        let bounds = self
            .terms
            .iter()
            .map(|t| {
                let d = store.int(t.node);
                if d.is_empty() {
                    Err(Conflict)
                } else {
                    Ok((i128::from(d.min()), i128::from(d.max())))
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let chosen = self
            .terms
            .iter()
            .map(|t| match t.shape {
                Shape::Choice(c, _, _) => store.int(c).value().map(|v| v == 1),
                _ => None,
            })
            .collect();
        Ok(Reading {
            relations: self,
            bounds,
            cases,
            chosen,
            memo: vec![None; self.terms.len()],
            conditions: Vec::new(),
            undecided: Vec::new(),
        })
    }

    /// The relations in force (comparison nodes the store has fixed), as `(op, left, right)`.
    fn in_force<'a>(&'a self, store: &'a Store) -> impl Iterator<Item = &'a Relation> + 'a {
        self.relations
            .iter()
            .filter(move |r| store.int(r.node).value().is_some())
    }

    /// Narrows the atoms' domains to what the relations in force imply, or finds them
    /// contradictory; `cases` are the wrap cases decided so far.
    /// Returns the work done, in inequalities examined and derived by elimination (at least
    /// one per round), so that a propagation budget charges this propagator by its cost.
    pub(crate) fn propagate(&self, store: &mut Store, cases: &[Case]) -> Result<u64, Conflict> {
        let mut work = 0;
        // Narrowed bounds can make more sums exact: a few rounds until nothing changes.
        for _ in 0..4 {
            let (changed, rows) = self.propagate_once(store, cases)?;
            work += rows.max(1) as u64;
            if !changed {
                break;
            }
        }
        Ok(work)
    }

    /// One round; whether some domain changed, and how many inequalities it examined.
    fn propagate_once(&self, store: &mut Store, cases: &[Case]) -> Result<(bool, usize), Conflict> {
        let mut reading = self.reading(store, cases)?;
        let mut rows: Vec<Row> = Vec::new();
        let mut excluded: Vec<(usize, i128)> = Vec::new();
        // `a - b != k`.
        let mut apart: Vec<(usize, usize, i128)> = Vec::new();
        // Longer disequalities `terms + constant != 0`.
        let mut unequal: Vec<Row> = Vec::new();
        for r in self.in_force(store) {
            let truth = store.int(r.node).value() == Some(1);
            let op = stated(r.op, truth);
            let (left, right) = (reading.read(r.left)?, reading.read(r.right)?);
            let Some(d) = left.combine(1, &right, -1) else {
                continue;
            };
            // left - right op 0, that is terms + constant op 0.
            let (terms, constant) = (d.terms, d.constant);
            match op {
                // Not a convex set: only what cancels down to one atom (`x + 1 != x + 1`
                // is false, `x + 3 != y + 3` with `y` fixed excludes one value).
                BinOp::Ne => match terms[..] {
                    [] if constant == 0 => return Err(Conflict),
                    [(a, c)] if constant % c == 0 => excluded.push((a, -constant / c)),
                    [(a, 1), (b, -1)] => apart.push((a, b, -constant)),
                    [(a, -1), (b, 1)] => apart.push((b, a, constant)),
                    _ => unequal.push((terms, constant)),
                },
                BinOp::Lt => rows.push((terms, -constant - 1)),
                BinOp::Le => rows.push((terms, -constant)),
                BinOp::Gt => rows.push((negated(&terms), constant - 1)),
                BinOp::Ge => rows.push((negated(&terms), constant)),
                BinOp::Eq => {
                    rows.push((negated(&terms), constant));
                    rows.push((terms, -constant));
                }
                _ => unreachable!("stated relations only"),
            }
        }
        rows.append(&mut reading.conditions);
        let mut work = rows.len() + apart.len() + excluded.len();
        let mut bounds = reading.bounds;
        let before = bounds.clone();
        decide(&rows, &apart, &mut bounds, &mut work)?;
        // A longer disequality `sum != k` beside a row that holds the same sum on one side,
        // `sum <= k`, makes that side strict, and with both sides held there is no solution
        // (`j <= n - 1 - p`, `j >= n - 1 - p` and `j != n - 1 - p`): the disequalities of two
        // atoms get this from the graph; longer ones are matched against the rows as written
        // (cheap, and what a condition and the facts about its own terms give).
        let sorted = |t: &[(usize, i128)]| {
            let mut t = t.to_vec();
            t.sort_unstable();
            t
        };
        let mut strict = Vec::new();
        for (terms, constant) in &unequal {
            let (up, down) = (sorted(terms), sorted(&negated(terms)));
            // terms <= -constant held, terms >= -constant held.
            let at_most = rows.iter().any(|r| r.1 == -constant && sorted(&r.0) == up);
            let at_least = rows
                .iter()
                .any(|r| r.1 == *constant && sorted(&r.0) == down);
            match (at_most, at_least) {
                (true, true) => return Err(Conflict),
                (true, false) => strict.push((terms.clone(), -constant - 1)),
                (false, true) => strict.push((negated(terms), constant - 1)),
                (false, false) => {}
            }
        }
        if !strict.is_empty() {
            rows.extend(strict);
            decide(&rows, &apart, &mut bounds, &mut work)?;
        }
        let mut changed = false;
        for (t, value) in excluded {
            let Ok(v) = i64::try_from(value) else {
                continue;
            };
            if store.int(self.terms[t].node).contains(v) {
                store.remove_value(self.terms[t].node, v)?;
                changed = true;
            }
        }
        for (t, (&(lo, hi), &old)) in bounds.iter().zip(&before).enumerate() {
            if (lo, hi) != old {
                store.narrow_range(self.terms[t].node, lo, hi)?;
                changed = true;
            }
        }
        Ok((changed, work))
    }

    /// A sum in force that may wrap and has no case yet, with the cases it can be in: the
    /// search decides it.
    pub(crate) fn undecided_case(
        &self,
        store: &Store,
        cases: &[Case],
    ) -> Option<(ExprId, Vec<i128>)> {
        let mut reading = self.reading(store, cases).ok()?;
        for r in self.in_force(store) {
            reading.read(r.left).ok()?;
            reading.read(r.right).ok()?;
            if let Some((t, feasible)) = reading.undecided.first() {
                return Some((self.terms[*t].node, feasible.clone()));
            }
        }
        None
    }
}

/// Narrows `bounds` (one interval per atom) by the rows and the disequalities `a - b != k`
/// (`apart`), or proves them contradictory.
fn decide(
    rows: &[Row],
    apart: &[(usize, usize, i128)],
    bounds: &mut [(i128, i128)],
    work: &mut usize,
) -> Result<(), Conflict> {
    let zero = bounds.len();
    let mut edges: Vec<(usize, usize, i128)> = Vec::new();
    let mut related = vec![false; zero];
    let mut sums: Vec<Row> = Vec::new();
    for (terms, k) in rows {
        let k = *k;
        match terms[..] {
            [] if k < 0 => return Err(Conflict),
            [] => continue,
            [(a, c)] => {
                // c·a <= k
                let (lo, hi) = bounds[a];
                bounds[a] = if c > 0 {
                    (lo, hi.min(div_floor(k, c)))
                } else {
                    (lo.max(-div_floor(k, -c)), hi)
                };
                if bounds[a].0 > bounds[a].1 {
                    return Err(Conflict);
                }
                continue;
            }
            [(a, 1), (b, -1)] | [(b, -1), (a, 1)] => edges.push((b, a, k)),
            _ => sums.push((terms.clone(), k)),
        }
        for &(a, _) in terms {
            related[a] = true;
        }
    }
    if !sums.is_empty() {
        // The rows connected to the longer ones through shared atoms (the rest is the
        // graph's), when they are few.
        let mut atoms: Vec<usize> = sums.iter().flat_map(|r| r.0.iter().map(|t| t.0)).collect();
        let mut connected: Vec<&Row> = Vec::new();
        let mut taken = vec![false; rows.len()];
        loop {
            let before = connected.len();
            for (i, row) in rows.iter().enumerate() {
                if !taken[i] && row.0.iter().any(|t| atoms.contains(&t.0)) {
                    taken[i] = true;
                    connected.push(row);
                    atoms.extend(row.0.iter().map(|t| t.0));
                }
            }
            atoms.sort_unstable();
            atoms.dedup();
            if connected.len() == before || atoms.len() > FM_ATOMS {
                break;
            }
        }
        // Over narrow domains bounds propagation and search finish quickly; elimination is
        // for the wide ones, where they would crawl.
        let wide = atoms.iter().any(|&a| bounds[a].1 - bounds[a].0 > WIDE);
        if wide && atoms.len() <= FM_ATOMS {
            fourier_motzkin(&connected, &sums, &atoms, bounds, work)?;
        }
        narrow_sums(&sums, bounds)?;
    }
    if edges.is_empty() {
        return Ok(());
    }
    for (i, &(lo, hi)) in bounds.iter().enumerate() {
        if related[i] {
            edges.push((zero, i, hi));
            edges.push((i, zero, -lo));
        }
    }
    // A disequality at an end of its difference's range moves that end: `a - b != k` with
    // `a - b <= k` implied gives `a - b <= k - 1`; with `a - b == k` implied, no solution.
    for &(a, b, k) in apart {
        if !(related[a] && related[b]) {
            continue;
        }
        let most = shortest(zero + 1, b, edges.iter().copied())?[a];
        let least = shortest(zero + 1, a, edges.iter().copied())?[b].map(|d| -d);
        match (least == Some(k), most == Some(k)) {
            (true, true) => return Err(Conflict),
            (true, false) => edges.push((a, b, -k - 1)),
            (false, true) => edges.push((b, a, k - 1)),
            (false, false) => {}
        }
    }
    // Shortest paths from the zero node: upper bounds; to it: lower bounds. A negative
    // cycle shows up as a relaxation in round n + 1.
    let upper = shortest(zero + 1, zero, edges.iter().copied())?;
    let lower = shortest(zero + 1, zero, edges.iter().map(|&(u, v, w)| (v, u, w)))?;
    for i in 0..zero {
        if let (true, Some(hi), Some(to_zero)) = (related[i], upper[i], lower[i]) {
            let (lo, old_hi) = bounds[i];
            bounds[i] = (lo.max(-to_zero), old_hi.min(hi));
            if bounds[i].0 > bounds[i].1 {
                return Err(Conflict);
            }
        }
    }
    Ok(())
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 { a.abs() } else { gcd(b, a % b) }
}

/// A derived inequality divided by its coefficients' gcd, the bound rounded down (sound over
/// the integers: `2a + 4b <= 5` gives `a + 2b <= 2`). `Err` for `0 <= k < 0`, `None` for a
/// row with no atom left that holds.
fn normalized(mut row: Row) -> Result<Option<Row>, Conflict> {
    row.0.retain(|t| t.1 != 0);
    if row.0.is_empty() {
        return if row.1 < 0 { Err(Conflict) } else { Ok(None) };
    }
    row.0.sort_unstable();
    let g = row.0.iter().fold(0, |g, t| gcd(g, t.1));
    if g > 1 {
        for t in &mut row.0 {
            t.1 /= g;
        }
        row.1 = div_floor(row.1, g);
    }
    Ok(Some(row))
}

/// Removes atom `x` from the rows by combining each row where it is positive with each where
/// it is negative; `None` when the result grows too large or the numbers too wide.
fn eliminate(rows: Vec<Row>, x: usize, work: &mut usize) -> Result<Option<Vec<Row>>, Conflict> {
    let coefficient = |r: &Row| r.0.iter().find(|t| t.0 == x).map_or(0, |t| t.1);
    let (mut positive, mut negative, mut rest) = (Vec::new(), Vec::new(), Vec::new());
    for r in rows {
        match coefficient(&r) {
            0 => rest.push(r),
            c if c > 0 => positive.push(r),
            _ => negative.push(r),
        }
    }
    if rest.len() + positive.len() * negative.len() > FM_ROWS {
        return Ok(None);
    }
    *work += rest.len() + positive.len() * negative.len();
    let mut best: HashMap<Vec<(usize, i128)>, i128> = HashMap::new();
    let keep = |r: Row, best: &mut HashMap<_, i128>| {
        let entry = best.entry(r.0).or_insert(r.1);
        *entry = (*entry).min(r.1);
    };
    for r in rest {
        keep(r, &mut best);
    }
    for p in &positive {
        let cp = coefficient(p);
        for n in &negative {
            let cn = -coefficient(n);
            // cn·p + cp·n: x cancels.
            let mut terms: Vec<(usize, i128)> = Vec::new();
            for (&(a, c), s) in
                p.0.iter()
                    .map(|t| (t, cn))
                    .chain(n.0.iter().map(|t| (t, cp)))
            {
                let Some(v) = c.checked_mul(s) else {
                    return Ok(None);
                };
                match terms.iter_mut().find(|t| t.0 == a) {
                    Some(t) => t.1 += v,
                    None => terms.push((a, v)),
                }
            }
            let (Some(a), Some(b)) = (p.1.checked_mul(cn), n.1.checked_mul(cp)) else {
                return Ok(None);
            };
            let Some(k) = a.checked_add(b) else {
                return Ok(None);
            };
            if terms.iter().any(|t| t.1.abs() > LARGE) {
                return Ok(None);
            }
            if let Some(r) = normalized((terms, k))? {
                keep(r, &mut best);
            }
        }
    }
    Ok(Some(best.into_iter().collect()))
}

/// Eliminates `atoms` from `rows` in the order that keeps the system smallest; the rows left
/// mention none of them. `None` when the system grew too large.
fn eliminate_all(
    mut rows: Vec<Row>,
    atoms: &[usize],
    work: &mut usize,
) -> Result<Option<Vec<Row>>, Conflict> {
    let mut left: Vec<usize> = atoms.to_vec();
    while !left.is_empty() {
        let cost = |x: usize| {
            let (mut p, mut n) = (0usize, 0usize);
            for r in &rows {
                match r.0.iter().find(|t| t.0 == x) {
                    Some(t) if t.1 > 0 => p += 1,
                    Some(_) => n += 1,
                    None => {}
                }
            }
            p * n
        };
        let (i, _) = left
            .iter()
            .enumerate()
            .min_by_key(|&(_, &x)| cost(x))
            .expect("not empty");
        let x = left.swap_remove(i);
        match eliminate(rows, x, work)? {
            Some(r) => rows = r,
            None => return Ok(None),
        }
    }
    Ok(Some(rows))
}

/// Fourier–Motzkin on all rows plus the atoms' bounds: a conflict when the rational
/// relaxation is infeasible; each atom of a longer row (`sums`) narrowed to its projection.
fn fourier_motzkin(
    rows: &[&Row],
    sums: &[Row],
    atoms: &[usize],
    bounds: &mut [(i128, i128)],
    work: &mut usize,
) -> Result<(), Conflict> {
    let mut system = Vec::new();
    for row in rows {
        if let Some(r) = normalized((*row).clone())? {
            system.push(r);
        }
    }
    for &a in atoms {
        let (lo, hi) = bounds[a];
        system.push((vec![(a, 1)], hi));
        system.push((vec![(a, -1)], -lo));
    }
    if eliminate_all(system.clone(), atoms, work)?.is_none() {
        return Ok(());
    }
    let mut projected: Vec<usize> = sums.iter().flat_map(|r| r.0.iter().map(|t| t.0)).collect();
    projected.sort_unstable();
    projected.dedup();
    if projected.len() > FM_PROJECT {
        return Ok(());
    }
    for &x in &projected {
        let others: Vec<usize> = atoms.iter().copied().filter(|&a| a != x).collect();
        let Some(left) = eliminate_all(system.clone(), &others, work)? else {
            continue;
        };
        let (mut lo, mut hi) = bounds[x];
        for (terms, k) in left {
            if let [(_, c)] = terms[..] {
                if c > 0 {
                    hi = hi.min(div_floor(k, c));
                } else {
                    lo = lo.max(-div_floor(k, -c));
                }
            }
        }
        if lo > hi {
            return Err(Conflict);
        }
        bounds[x] = (lo, hi);
    }
    Ok(())
}

/// Bounds propagation on `Σ c·atom <= k`: each term is at most `k` minus the smallest the
/// others can be. A few rounds; what is left is the search's.
fn narrow_sums(sums: &[Row], bounds: &mut [(i128, i128)]) -> Result<(), Conflict> {
    for _ in 0..8 {
        let mut changed = false;
        for (terms, k) in sums {
            let least = |&(a, c): &(usize, i128), bounds: &[(i128, i128)]| {
                let (lo, hi) = bounds[a];
                (c * lo).min(c * hi)
            };
            let total: i128 = terms.iter().map(|t| least(t, bounds)).sum();
            if total > *k {
                return Err(Conflict);
            }
            for t in terms {
                let (a, c) = *t;
                let room = k - (total - least(t, bounds));
                // c * x <= room
                let (lo, hi) = bounds[a];
                let (nlo, nhi) = if c > 0 {
                    (lo, hi.min(div_floor(room, c)))
                } else {
                    (lo.max(-div_floor(room, -c)), hi)
                };
                if nlo > nhi {
                    return Err(Conflict);
                }
                if (nlo, nhi) != (lo, hi) {
                    bounds[a] = (nlo, nhi);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    Ok(())
}

/// Bellman-Ford from `source` over `nodes` nodes; `None` where unreachable.
fn shortest(
    nodes: usize,
    source: usize,
    edges: impl Iterator<Item = (usize, usize, i128)> + Clone,
) -> Result<Vec<Option<i128>>, Conflict> {
    let mut dist: Vec<Option<i128>> = vec![None; nodes];
    dist[source] = Some(0);
    for round in 0..=nodes {
        let mut changed = false;
        for (u, v, w) in edges.clone() {
            if let Some(du) = dist[u] {
                let candidate = du + w;
                if dist[v].is_none_or(|dv| candidate < dv) {
                    dist[v] = Some(candidate);
                    changed = true;
                }
            }
        }
        if !changed {
            return Ok(dist);
        }
        if round == nodes {
            return Err(Conflict);
        }
    }
    Ok(dist)
}
