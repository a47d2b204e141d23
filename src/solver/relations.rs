//! Relations between variables: required comparisons of the form `a + c op b + d` (atoms `a`,
//! `b` — variables or any subterm — and constants `c`, `d`, over `int` or `long`) kept as
//! difference constraints `a - b <= k`, decided together by Bellman-Ford on the constraint
//! graph whatever the domains' sizes (`x < y && y < x` is a negative cycle, found at once
//! instead of shaving one value per propagation round).
//!
//! Java's `+` wraps, so a side `a + c` is plain arithmetic only while `a`'s domain keeps it in
//! the type's range: a relation is used only when the current domains rule out wrap-around on
//! both sides (otherwise it says nothing, which is sound; the search splits such domains at the
//! wrap point, see [`Relations::wrap_split`]). With the atoms' domain bounds as edges from and
//! to a zero node, a negative cycle proves the current box has no solution, and shortest paths
//! from and to the zero node are the tightest bounds the relations imply.

use super::expr::{ExprId, Node, Problem};
use super::java::{BinOp, JType, UnOp, Value};
use super::propagate::{Conflict, Store};

/// A side of a relation as Java computes it: constants, atoms, `+`, `-` and multiplication by
/// a small constant; kept as a tree so that every intermediate result can be checked for
/// wrap-around.
#[derive(Clone, Debug)]
enum Lin {
    Const(i128),
    Atom(usize),
    Add(Box<Lin>, Box<Lin>),
    Sub(Box<Lin>, Box<Lin>),
    Scale(i128, Box<Lin>),
}

/// Coefficients larger than this are left to the other propagators.
const SMALL: i128 = 1 << 16;

#[derive(Clone, Debug)]
struct Relation {
    ty: JType,
    left: Lin,
    op: BinOp,
    right: Lin,
}

/// The required relations of a problem.
#[derive(Clone, Debug, Default)]
pub struct Relations {
    atoms: Vec<ExprId>,
    relations: Vec<Relation>,
}

/// Which wrap-around case a side is in: its mathematical value inside the type's range, above
/// it (Java's value is 2^n lower) or below it (2^n higher). A side of two terms whose values are
/// in range is in exactly one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wrap {
    None,
    Up,
    Down,
}

/// A side decided to be in a wrap case: (relation index, right side?, case).
pub type Case = (usize, bool, Wrap);

fn lin(problem: &Problem, e: ExprId, atoms: &mut Vec<ExprId>, depth: u32) -> Lin {
    let constant = |x: ExprId| match problem.node(x) {
        Node::Const(Value::Int(_, v)) => Some(i128::from(v)),
        _ => None,
    };
    if let Some(c) = constant(e) {
        return Lin::Const(c);
    }
    let mut atom = |x: ExprId| {
        Lin::Atom(match atoms.iter().position(|a| *a == x) {
            Some(i) => i,
            None => {
                atoms.push(x);
                atoms.len() - 1
            }
        })
    };
    if depth > 6 {
        return atom(e);
    }
    match problem.node(e) {
        Node::Binary(BinOp::Add, a, b) => Lin::Add(
            Box::new(lin(problem, a, atoms, depth + 1)),
            Box::new(lin(problem, b, atoms, depth + 1)),
        ),
        Node::Binary(BinOp::Sub, a, b) => Lin::Sub(
            Box::new(lin(problem, a, atoms, depth + 1)),
            Box::new(lin(problem, b, atoms, depth + 1)),
        ),
        Node::Unary(UnOp::Neg, a) => Lin::Scale(-1, Box::new(lin(problem, a, atoms, depth + 1))),
        Node::Binary(BinOp::Mul, a, b) if constant(a).is_some_and(|c| c.abs() <= SMALL) => {
            Lin::Scale(
                constant(a).expect("checked"),
                Box::new(lin(problem, b, atoms, depth + 1)),
            )
        }
        Node::Binary(BinOp::Mul, a, b) if constant(b).is_some_and(|c| c.abs() <= SMALL) => {
            Lin::Scale(
                constant(b).expect("checked"),
                Box::new(lin(problem, a, atoms, depth + 1)),
            )
        }
        _ => atom(e),
    }
}

impl Lin {
    /// The value range under the atoms' bounds, or `None` when some intermediate result may
    /// leave the type's range (wrap) or a domain is empty.
    fn range(&self, bounds: &[(i128, i128)], ty: JType) -> Option<(i128, i128)> {
        let (min, max) = ty.range();
        let (lo, hi) = match self {
            Lin::Const(c) => (*c, *c),
            Lin::Atom(a) => bounds[*a],
            Lin::Add(x, y) => {
                let ((a, b), (c, d)) = (x.range(bounds, ty)?, y.range(bounds, ty)?);
                (a + c, b + d)
            }
            Lin::Sub(x, y) => {
                let ((a, b), (c, d)) = (x.range(bounds, ty)?, y.range(bounds, ty)?);
                (a - d, b - c)
            }
            Lin::Scale(k, x) => {
                let (a, b) = x.range(bounds, ty)?;
                let (p, q) = (k * a, k * b);
                (p.min(q), p.max(q))
            }
        };
        (lo >= i128::from(min) && hi <= i128::from(max) && lo <= hi).then_some((lo, hi))
    }

    /// Whether the side is one `+` or `-` of two leaves (atoms or constants), so that its
    /// only intermediate result is the side itself and it wraps at most once.
    fn two_terms(&self) -> bool {
        let leaf = |x: &Lin| match x {
            Lin::Atom(_) | Lin::Const(_) => true,
            Lin::Scale(-1, c) => matches!(**c, Lin::Const(_)),
            _ => false,
        };
        matches!(self, Lin::Add(a, b) | Lin::Sub(a, b) if leaf(a) && leaf(b))
    }

    /// The side as `constant + sum of coefficient * atom`, scaled by `sign`.
    fn collect(&self, sign: i128, terms: &mut Vec<(usize, i128)>, constant: &mut i128) {
        match self {
            Lin::Const(c) => *constant += sign * c,
            Lin::Atom(a) => match terms.iter_mut().find(|(x, _)| x == a) {
                Some(t) => t.1 += sign,
                None => terms.push((*a, sign)),
            },
            Lin::Add(x, y) => {
                x.collect(sign, terms, constant);
                y.collect(sign, terms, constant);
            }
            Lin::Sub(x, y) => {
                x.collect(sign, terms, constant);
                y.collect(-sign, terms, constant);
            }
            Lin::Scale(k, x) => x.collect(sign * k, terms, constant),
        }
    }

    /// An atom whose domain, split at the returned value, makes this side (or one of its
    /// intermediate results) stop wrapping in one piece: the atom is the side's only atom
    /// (`a + c`, `a - c`, `k * a`).
    fn wrap_split(&self, bounds: &[(i128, i128)], ty: JType) -> Option<(usize, i128)> {
        if self.range(bounds, ty).is_some() {
            return None;
        }
        let mut terms = Vec::new();
        let mut constant = 0;
        self.collect(1, &mut terms, &mut constant);
        terms.retain(|t| t.1 != 0);
        let [(a, k)] = terms[..] else { return None };
        if k.abs() != 1 {
            return None;
        }
        let (min, max) = ty.range();
        let (lo, hi) = bounds[a];
        // k * a + constant stays in range for a in [first, last].
        let (first, last) = if k == 1 {
            (i128::from(min) - constant, i128::from(max) - constant)
        } else {
            (constant - i128::from(max), constant - i128::from(min))
        };
        if first > lo && first - 1 < hi {
            Some((a, first - 1))
        } else if last >= lo && last < hi {
            Some((a, last))
        } else {
            None
        }
    }
}

impl Relations {
    /// The comparisons `roots` require (through `&&` and boolean `&`).
    pub fn extract(problem: &Problem, roots: &[ExprId]) -> Relations {
        let mut out = Relations::default();
        for e in super::linear::required_conjuncts(problem, roots) {
            let Node::Binary(
                op @ (BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge | BinOp::Eq),
                a,
                b,
            ) = problem.node(e)
            else {
                continue;
            };
            let ty = problem.ty(a);
            if !matches!(ty, JType::Int | JType::Long) || problem.ty(b) != ty {
                continue;
            }
            let left = lin(problem, a, &mut out.atoms, 0);
            let right = lin(problem, b, &mut out.atoms, 0);
            if !(matches!(left, Lin::Const(_)) && matches!(right, Lin::Const(_))) {
                out.relations.push(Relation {
                    ty,
                    left,
                    op,
                    right,
                });
            }
        }
        out
    }

    pub fn is_empty(&self) -> bool {
        self.relations.is_empty()
    }

    /// The atoms whose domains the relations read.
    pub fn atoms(&self) -> &[ExprId] {
        &self.atoms
    }

    fn bounds(&self, store: &Store) -> Result<Vec<(i128, i128)>, Conflict> {
        self.atoms
            .iter()
            .map(|&e| {
                let d = store.int(e);
                if d.is_empty() {
                    Err(Conflict)
                } else {
                    Ok((i128::from(d.min()), i128::from(d.max())))
                }
            })
            .collect()
    }

    /// Narrows the atoms' domains to what the relations imply, or finds them contradictory;
    /// `cases` are the wrap cases decided so far.
    pub fn propagate(&self, store: &mut Store, cases: &[Case]) -> Result<(), Conflict> {
        // Narrowed bounds can make more sides exact: a few rounds until nothing changes.
        for _ in 0..4 {
            let before = self.bounds(store)?;
            self.propagate_once(store, cases)?;
            if self.bounds(store)? == before {
                break;
            }
        }
        Ok(())
    }

    fn propagate_once(&self, store: &mut Store, cases: &[Case]) -> Result<(), Conflict> {
        let n = self.atoms.len();
        let zero = n;
        let mut bounds = self.bounds(store)?;
        // Each exact relation as `sum of c * atom <= k` (an equality as two).
        let mut forms: Vec<(Vec<(usize, i128)>, i128)> = Vec::new();
        for (index, r) in self.relations.iter().enumerate() {
            // Each side exact, or in a decided wrap case (its value is then the mathematical
            // one shifted by 2^n, under a side condition on the mathematical value).
            let mut shift = [0i128; 2];
            let mut usable = true;
            for (k, side) in [&r.left, &r.right].into_iter().enumerate() {
                if side.range(&bounds, r.ty).is_some() {
                    continue;
                }
                let case = cases
                    .iter()
                    .find(|(i, right, _)| *i == index && *right == (k == 1))
                    .map(|c| c.2);
                let Some(case) = case.filter(|_| side.two_terms()) else {
                    usable = false;
                    break;
                };
                let (min, max) = r.ty.range();
                let modulus = i128::from(max) - i128::from(min) + 1;
                let mut terms = Vec::new();
                let mut constant = 0;
                side.collect(1, &mut terms, &mut constant);
                terms.retain(|t| t.1 != 0);
                let negated: Vec<(usize, i128)> = terms.iter().map(|&(a, c)| (a, -c)).collect();
                // Side conditions on the mathematical value m = terms + constant.
                match case {
                    Wrap::None => {
                        forms.push((terms.clone(), i128::from(max) - constant));
                        forms.push((negated, constant - i128::from(min)));
                    }
                    Wrap::Up => {
                        forms.push((negated, constant - i128::from(max) - 1));
                        shift[k] = -modulus;
                    }
                    Wrap::Down => {
                        forms.push((terms.clone(), i128::from(min) - 1 - constant));
                        shift[k] = modulus;
                    }
                }
            }
            if !usable {
                continue;
            }
            let mut terms = Vec::new();
            let mut constant = 0;
            r.left.collect(1, &mut terms, &mut constant);
            r.right.collect(-1, &mut terms, &mut constant);
            constant += shift[0] - shift[1];
            terms.retain(|t| t.1 != 0);
            // left - right op 0, i.e. terms + constant op 0.
            let negate = |t: &[(usize, i128)]| t.iter().map(|&(a, c)| (a, -c)).collect::<Vec<_>>();
            match r.op {
                BinOp::Lt => forms.push((terms, -constant - 1)),
                BinOp::Le => forms.push((terms, -constant)),
                BinOp::Gt => forms.push((negate(&terms), constant - 1)),
                BinOp::Ge => forms.push((negate(&terms), constant)),
                BinOp::Eq => {
                    forms.push((negate(&terms), constant));
                    forms.push((terms, -constant));
                }
                _ => unreachable!("extracted comparisons only"),
            }
        }
        // Difference constraints go to the graph; longer forms narrow bounds on sums.
        let mut edges: Vec<(usize, usize, i128)> = Vec::new();
        let mut related = vec![false; n];
        let mut sums = Vec::new();
        for (terms, k) in forms {
            match terms[..] {
                [] if k < 0 => return Err(Conflict),
                [] => {}
                [(a, 1)] => edges.push((zero, a, k)),
                [(a, -1)] => edges.push((a, zero, k)),
                [(a, 1), (b, -1)] | [(b, -1), (a, 1)] => edges.push((b, a, k)),
                _ => {
                    sums.push((terms, k));
                    continue;
                }
            }
            for &(a, _) in &terms {
                related[a] = true;
            }
        }
        if !sums.is_empty() {
            narrow_sums(&sums, &mut bounds)?;
            for (i, &(lo, hi)) in bounds.iter().enumerate() {
                store.narrow_range(self.atoms[i], lo, hi)?;
            }
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
        // Shortest paths from the zero node: upper bounds; to it: lower bounds. A negative
        // cycle shows up as a relaxation in round n + 1.
        let upper = shortest(n + 1, zero, edges.iter().copied())?;
        let lower = shortest(n + 1, zero, edges.iter().map(|&(u, v, w)| (v, u, w)))?;
        for i in 0..n {
            if !related[i] {
                continue;
            }
            if let (Some(hi), Some(to_zero)) = (upper[i], lower[i]) {
                store.narrow_range(self.atoms[i], -to_zero, hi)?;
            }
        }
        Ok(())
    }

    /// A side of two terms that may wrap and has no case yet: the search decides its case.
    pub fn undecided_case(&self, store: &Store, cases: &[Case]) -> Option<(usize, bool)> {
        let bounds = self.bounds(store).ok()?;
        for (index, r) in self.relations.iter().enumerate() {
            for (right, side) in [(false, &r.left), (true, &r.right)] {
                if side.two_terms()
                    && side.range(&bounds, r.ty).is_none()
                    && !cases.iter().any(|c| c.0 == index && c.1 == right)
                {
                    return Some((index, right));
                }
            }
        }
        None
    }

    /// A decision that makes some relation exact: an atom whose side may wrap, and the value
    /// where its domain splits into a piece that does not wrap and one that does (the pieces
    /// partition the domain).
    pub fn wrap_split(&self, store: &Store) -> Option<(ExprId, i64)> {
        let bounds = self.bounds(store).ok()?;
        for r in &self.relations {
            for side in [&r.left, &r.right] {
                if let Some((a, split)) = side.wrap_split(&bounds, r.ty) {
                    return Some((self.atoms[a], split as i64));
                }
            }
        }
        None
    }
}

/// Bounds propagation on `sum of c * atom <= k`: each term is at most `k` minus the smallest
/// the others can be. A few rounds; what is left is the search's.
fn narrow_sums(
    sums: &[(Vec<(usize, i128)>, i128)],
    bounds: &mut [(i128, i128)],
) -> Result<(), Conflict> {
    let floor_div = |a: i128, b: i128| {
        let q = a / b;
        if (a % b != 0) && ((a < 0) != (b < 0)) {
            q - 1
        } else {
            q
        }
    };
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
                    (lo, hi.min(floor_div(room, c)))
                } else {
                    (lo.max(-floor_div(room, -c)), hi)
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
