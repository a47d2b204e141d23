//! Linear equalities modulo `2^32` and `2^64`: a global propagator for what interval
//! reasoning cannot see through wrap-around.
//!
//! Java's `+`, `-`, unary `-`, `*` by a constant and `<<` by a constant on `int` and `long`
//! are exactly the ring operations of `Z/2^32` and `Z/2^64`, overflow included. So a required
//! equality between such terms is a linear congruence over the *atoms* of the terms
//! (variables and any subterm that is not linear, such as `x * y` or `a / 3`, whose values
//! the store tracks like a variable's). Bounds propagation must give up on these when a sum
//! may overflow (`x + y + z == 100` over three `int`s); elimination over the 2-adic ring
//! does not: it decides whether the congruences have a solution at all and fixes, modulo a
//! power of two, every atom the others determine. Low-bit masks and remainders by a
//! constant enter too, through exact identities with a fresh unknown quotient `q`:
//! `x & (2^k − 1) == x − 2^k·q` and `x % c == x − c·q`.
//!
//! The elimination is Gaussian with full pivoting on the 2-adic valuation (the number of
//! trailing zero bits): the pivot divides every entry left, so each pivot row
//! `2^v x + Σ a_j x_j ≡ b` with all `a_j` multiples of `2^v` is solvable exactly when `b` is
//! a multiple of `2^v`. That makes the test exact for the congruences alone (it ignores the
//! atoms' domains), hence sound: a conflict means no integers at all satisfy the equalities.

use super::expr::{ExprId, Node, Problem};
use super::java::{BinOp, JType, UnOp};
use super::propagate::{Conflict, Store};

/// An unknown of the system: a node's value, or a fresh unknown introduced by an identity
/// (`x % c == x − c·q` for the quotient `q`), which no domain bounds and nothing fixes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Column {
    Atom(ExprId),
    Free(u32),
}

/// A linear form `Σ coefficient · column + constant`, modulo `2^width`.
#[derive(Clone, Debug, Default)]
struct Form {
    terms: Vec<(Column, u64)>,
    constant: u64,
}

impl Form {
    fn atom(e: ExprId) -> Form {
        Form {
            terms: vec![(Column::Atom(e), 1)],
            constant: 0,
        }
    }

    fn constant(c: u64) -> Form {
        Form {
            terms: Vec::new(),
            constant: c,
        }
    }

    /// `self − k·q` for a fresh unknown `q`.
    fn minus_multiple(mut self, k: u64, fresh: &mut u32) -> Form {
        self.terms.push((Column::Free(*fresh), k.wrapping_neg()));
        *fresh += 1;
        self
    }

    fn scale(mut self, k: u64) -> Form {
        for t in &mut self.terms {
            t.1 = t.1.wrapping_mul(k);
        }
        self.constant = self.constant.wrapping_mul(k);
        self
    }

    fn add(mut self, other: Form) -> Form {
        self.terms.extend(other.terms);
        self.constant = self.constant.wrapping_add(other.constant);
        self
    }

    fn constant_value(&self, mask: u64) -> Option<u64> {
        self.terms
            .iter()
            .all(|&(_, c)| c & mask == 0)
            .then_some(self.constant)
    }
}

/// The required linear equalities of one width.
#[derive(Clone, Debug)]
pub(crate) struct LinearSystem {
    width: u32,
    /// The columns that are nodes; the columns after them are free unknowns.
    atoms: Vec<ExprId>,
    /// Each row `Σ coefficients[j] · column[j] ≡ rhs`.
    rows: Vec<(Vec<u64>, u64)>,
}

/// The width of the ring an operation of this type computes in: `int` 32, `long` 64.
pub(crate) fn width_of(ty: JType) -> Option<u32> {
    match ty {
        JType::Int => Some(super::java::int_width()),
        JType::Long => Some(64),
        _ => None,
    }
}

/// The low `width` bits set.
pub(crate) fn mask_of(width: u32) -> u64 {
    if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// `e` (of an `int` or `long` type of `width` bits, or a wider one under a narrowing cast)
/// as a linear form modulo `2^width`; non-linear subterms become atoms. With `low`, a
/// `long` expression is read modulo `2^32` (the `int` width), which reduction makes exact
/// too, and a widened `int` operand is then read through.
fn linearize(problem: &Problem, e: ExprId, fresh: &mut u32, low: bool) -> Form {
    let mut lin = |x: ExprId| linearize(problem, x, fresh, low);
    match problem.node(e) {
        Node::Const(v) => Form::constant(v.as_int().expect("an integral constant") as u64),
        Node::Unary(UnOp::Neg, a) => lin(a).scale(u64::MAX),
        Node::Binary(BinOp::Add, a, b) => {
            let fa = lin(a);
            fa.add(lin(b))
        }
        Node::Binary(BinOp::Sub, a, b) => {
            let fa = lin(a);
            fa.add(lin(b).scale(u64::MAX))
        }
        Node::Binary(BinOp::Mul, a, b) => {
            let (fa, fb) = (lin(a), lin(b));
            // Any bits above the width vanish in the reduction, so the full mask is right.
            if let Some(k) = fb.constant_value(u64::MAX) {
                fa.scale(k)
            } else if let Some(k) = fa.constant_value(u64::MAX) {
                fb.scale(k)
            } else {
                Form::atom(e)
            }
        }
        Node::Binary(BinOp::Shl, a, b) => match problem.node(b) {
            Node::Const(v) => {
                // Java masks the shift distance by the left operand's width.
                let shift = super::java::shift_distance(
                    problem.ty(e),
                    v.as_int().expect("an integral distance"),
                );
                lin(a).scale(1u64 << shift)
            }
            _ => Form::atom(e),
        },
        // `x & (2^k − 1)` keeps the low k bits: x − 2^k·(x >> k), exactly.
        Node::Binary(BinOp::And, a, b) => {
            let mask = mask_of(width_of(problem.ty(e)).expect("int or long"));
            let (fa, fb) = (lin(a), lin(b));
            let (x, m) = match (fa.constant_value(u64::MAX), fb.constant_value(u64::MAX)) {
                (_, Some(m)) => (fa, m & mask),
                (Some(m), _) => (fb, m & mask),
                _ => return Form::atom(e),
            };
            if m == mask {
                x
            } else if m == 0 {
                Form::constant(0)
            } else if (m + 1).is_power_of_two() {
                x.minus_multiple(m + 1, fresh)
            } else {
                Form::atom(e)
            }
        }
        // x == c·(x / c) + x % c holds for every x and c != 0 (MIN / −1 included, modulo
        // 2^bits), so x % c is x − c·q for an unknown q.
        Node::Binary(BinOp::Rem, a, b) => match problem.node(b) {
            Node::Const(v) if v.as_int() != Some(0) => {
                let c = v.as_int().expect("an integral divisor") as u64;
                lin(a).minus_multiple(c, fresh)
            }
            _ => Form::atom(e),
        },
        // Narrowing `long` to `int` is reduction modulo 2^32, a ring map: the form carries
        // over. Widening keeps the value, so the operand is an atom of the wider form.
        Node::Cast(to, a) => {
            let from = problem.ty(a);
            if let Node::Const(v) = problem.node(a)
                && from.is_integral()
                && width_of(to).is_some()
            {
                // The bits that matter are the low ones either way.
                Form::constant(v.as_int().expect("an integral constant") as u64)
            } else if (to == JType::Int && from == JType::Long)
                || (low && to == JType::Long && from == JType::Int)
            {
                lin(a)
            } else if from.is_integral() && width_of(to).is_some() {
                Form::atom(a)
            } else {
                Form::atom(e)
            }
        }
        _ => Form::atom(e),
    }
}

/// The conjuncts every model must satisfy: `roots` split through `&&` and boolean `&`.
pub(crate) fn required_conjuncts(problem: &Problem, roots: &[ExprId]) -> Vec<ExprId> {
    let mut out = Vec::new();
    let mut stack: Vec<ExprId> = roots.to_vec();
    while let Some(e) = stack.pop() {
        match problem.node(e) {
            Node::Binary(BinOp::LogicalAnd, a, b) => {
                stack.push(a);
                stack.push(b);
            }
            Node::Binary(BinOp::And, a, b) if problem.ty(a) == JType::Boolean => {
                stack.push(a);
                stack.push(b);
            }
            _ => out.push(e),
        }
    }
    out
}

/// The equalities `roots` require (through `&&` and boolean `&`), as one system per width.
pub(crate) fn extract(problem: &Problem, roots: &[ExprId]) -> Vec<LinearSystem> {
    let mut equalities: [Vec<Form>; 2] = [Vec::new(), Vec::new()];
    let mut fresh = 0u32;
    for e in required_conjuncts(problem, roots) {
        if let Node::Binary(BinOp::Eq, a, b) = problem.node(e)
            && let Some(width) = width_of(problem.ty(a))
        {
            let fa = linearize(problem, a, &mut fresh, false);
            let form = fa.add(linearize(problem, b, &mut fresh, false).scale(u64::MAX));
            equalities[usize::from(width == 64)].push(form);
            // A `long` equality holds modulo 2^32 too, where widened `int`s are linear:
            // `(long) (int) (4 * y) == x` says `4·y ≡ x (mod 2^32)`.
            if width == 64 {
                let fa = linearize(problem, a, &mut fresh, true);
                let form = fa.add(linearize(problem, b, &mut fresh, true).scale(u64::MAX));
                equalities[0].push(form);
            }
        }
    }
    // A remainder by a constant is tied to its operand whatever the constraints say of it:
    // `r == y − 4·q` for an unknown q. Once `y % 100 == 0` is required or decided,
    // elimination gives `y % 4 ≡ 0 (mod 4)`, which with its range -3..3 makes it 0.
    for e in remainders_by_constants(problem, roots) {
        if let Some(width) = width_of(problem.ty(e)) {
            let form = Form::atom(e).add(linearize(problem, e, &mut fresh, false).scale(u64::MAX));
            equalities[usize::from(width == 64)].push(form);
        }
    }
    let mut systems = Vec::new();
    for (k, forms) in equalities.into_iter().enumerate() {
        let width = if k == 0 { super::java::int_width() } else { 64 };
        let mask = mask_of(width);
        // Atoms sort before free unknowns.
        let mut columns: Vec<Column> = forms
            .iter()
            .flat_map(|f| f.terms.iter().map(|t| t.0))
            .collect();
        columns.sort_unstable();
        columns.dedup();
        let mut rows = Vec::new();
        for form in forms {
            let mut coefficients = vec![0u64; columns.len()];
            for (column, c) in form.terms {
                let j = columns.binary_search(&column).expect("collected above");
                coefficients[j] = coefficients[j].wrapping_add(c) & mask;
            }
            // Everything cancelled: `x + y == y + x + 1` is the row `0 ≡ -1`, a conflict that
            // propagation would only find by enumerating both variables.
            let rhs = form.constant.wrapping_neg() & mask;
            if coefficients.iter().any(|&c| c != 0) || rhs != 0 {
                rows.push((coefficients, rhs));
            }
        }
        if !rows.is_empty() {
            let atoms = columns
                .iter()
                .filter_map(|c| match c {
                    Column::Atom(e) => Some(*e),
                    Column::Free(_) => None,
                })
                .collect();
            systems.push(LinearSystem { width, atoms, rows });
        }
    }
    systems
}

/// The nodes `x % c` (`c` a non-zero constant) the roots reach, each once.
fn remainders_by_constants(problem: &Problem, roots: &[ExprId]) -> Vec<ExprId> {
    let mut seen = hashbrown::HashSet::new();
    let mut stack = roots.to_vec();
    let mut out = Vec::new();
    while let Some(e) = stack.pop() {
        if !seen.insert(e) {
            continue;
        }
        let node = problem.node(e);
        if let Node::Binary(BinOp::Rem, _, b) = node
            && let Node::Const(v) = problem.node(b)
            && v.as_int().is_some_and(|c| c != 0)
        {
            out.push(e);
        }
        stack.extend(super::propagate::operands(node));
    }
    out
}

/// The inverse of odd `u` modulo `2^64` (Newton's iteration doubles the correct bits).
pub(crate) fn inverse_odd(u: u64) -> u64 {
    debug_assert!(u & 1 == 1);
    let mut x = u; // correct to 3 bits: u·u ≡ 1 mod 8 for odd u
    for _ in 0..5 {
        x = x.wrapping_mul(2u64.wrapping_sub(u.wrapping_mul(x)));
    }
    x
}

impl LinearSystem {
    /// The atoms: nodes whose changes call for a new run.
    pub(crate) fn atoms(&self) -> &[ExprId] {
        &self.atoms
    }

    /// Substitutes the fixed atoms, eliminates, fails when the congruences have no solution,
    /// and narrows each pivot atom to the residue class its row allows whatever the other
    /// unknowns are (exactly one value when the row has no other unknown and an odd pivot).
    pub(crate) fn propagate(&self, store: &mut Store) -> Result<(), Conflict> {
        let mask = mask_of(self.width);
        let columns = self.rows[0].0.len();
        let fixed = |j: usize| self.atoms.get(j).and_then(|&atom| store.int(atom).value());
        let open: Vec<usize> = (0..columns).filter(|&j| fixed(j).is_none()).collect();
        let mut rows: Vec<(Vec<u64>, u64)> = self
            .rows
            .iter()
            .map(|(coefficients, rhs)| {
                let mut b = *rhs;
                for (j, &c) in coefficients.iter().enumerate() {
                    if c != 0
                        && let Some(v) = fixed(j)
                    {
                        b = b.wrapping_sub(c.wrapping_mul(v as u64));
                    }
                }
                (open.iter().map(|&j| coefficients[j]).collect(), b & mask)
            })
            .collect();
        let n = open.len();
        let mut row_used = vec![false; rows.len()];
        let mut column_used = vec![false; n];
        // (row, column, valuation) in the order chosen.
        let mut pivots: Vec<(usize, usize, u32)> = Vec::new();
        loop {
            let mut best: Option<(u32, usize, usize)> = None;
            for (r, (coefficients, _)) in rows.iter().enumerate() {
                if row_used[r] {
                    continue;
                }
                for (c, &a) in coefficients.iter().enumerate() {
                    if a != 0 && !column_used[c] {
                        let v = a.trailing_zeros();
                        if best.is_none_or(|(bv, _, _)| v < bv) {
                            best = Some((v, r, c));
                        }
                    }
                }
            }
            let Some((v, r, c)) = best else { break };
            // Scale the pivot row so the pivot is exactly 2^v.
            let inverse = inverse_odd(rows[r].0[c] >> v);
            for a in &mut rows[r].0 {
                *a = a.wrapping_mul(inverse) & mask;
            }
            rows[r].1 = rows[r].1.wrapping_mul(inverse) & mask;
            let pivot_row = rows[r].clone();
            for (r2, row) in rows.iter_mut().enumerate() {
                if row_used[r2] || r2 == r || row.0[c] == 0 {
                    continue;
                }
                let t = row.0[c] >> v;
                subtract(row, &pivot_row, t, mask);
            }
            row_used[r] = true;
            column_used[c] = true;
            pivots.push((r, c, v));
        }
        // Rows left are all zero on the left: their right sides must be too.
        for (r, row) in rows.iter().enumerate() {
            if !row_used[r] && row.1 != 0 {
                return Err(Conflict);
            }
        }
        for &(r, _, v) in &pivots {
            if rows[r].1 & ((1u64 << v) - 1) != 0 {
                return Err(Conflict);
            }
        }
        // Back-substitution where the later pivot divides the entry, so rows whose other
        // atoms are determined by later pivots come down to one atom.
        for i in (0..pivots.len()).rev() {
            let (ri, ci, vi) = pivots[i];
            let pivot_row = rows[ri].clone();
            for &(rk, _, _) in &pivots[..i] {
                let a = rows[rk].0[ci];
                if a != 0 && a.trailing_zeros() >= vi {
                    subtract(&mut rows[rk], &pivot_row, a >> vi, mask);
                }
            }
        }
        // 2^v·x + Σ a_j·y_j ≡ b with every a_j a multiple of 2^u (u > v) gives
        // 2^v·x ≡ b (mod 2^u), that is x ≡ b / 2^v (mod 2^(u − v)), whatever the y_j are.
        let mut narrowed = Vec::new();
        for &(r, c, v) in &pivots {
            if open[c] >= self.atoms.len() {
                continue;
            }
            let (coefficients, b) = &rows[r];
            let u = coefficients
                .iter()
                .enumerate()
                .filter(|&(k, &a)| k != c && a != 0)
                .map(|(_, &a)| a.trailing_zeros())
                .min()
                .unwrap_or(self.width)
                .min(self.width);
            if u > v {
                narrowed.push((self.atoms[open[c]], b >> v, u - v));
            }
        }
        for (atom, residue, bits) in narrowed {
            let class = store.int(atom).congruent(residue, bits);
            store.narrow_int(atom, &class)?;
        }
        Ok(())
    }
}

fn subtract(row: &mut (Vec<u64>, u64), pivot: &(Vec<u64>, u64), t: u64, mask: u64) {
    for (a, &p) in row.0.iter_mut().zip(&pivot.0) {
        *a = a.wrapping_sub(t.wrapping_mul(p)) & mask;
    }
    row.1 = row.1.wrapping_sub(t.wrapping_mul(pivot.1)) & mask;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::domain::IntDomain;
    use crate::solver::parse;

    #[test]
    fn inverses_of_odd_numbers() {
        for u in [1u64, 3, 5, 0xFFFF_FFFF, u64::MAX, 0x1234_5678_9ABC_DEF1] {
            assert_eq!(u.wrapping_mul(inverse_odd(u)), 1);
        }
    }

    fn run(text: &str) -> (Problem, Store, Result<(), Conflict>) {
        let problem = parse(text).unwrap();
        let roots: Vec<ExprId> = problem
            .constraints()
            .iter()
            .filter_map(|c| match c {
                crate::solver::Constraint::Holds(e) => Some(*e),
                _ => None,
            })
            .collect();
        let mut store = Store::new(&problem);
        let systems = extract(&problem, &roots);
        let result = systems.iter().try_for_each(|s| s.propagate(&mut store));
        (problem, store, result)
    }

    fn var_domain(problem: &Problem, store: &Store, name: &str) -> IntDomain {
        store
            .int(problem.read(problem.find_var(name).unwrap()))
            .clone()
    }

    #[test]
    fn a_wrapping_system_is_solved_by_elimination() {
        // 3y ≡ 104 (mod 2^32): one solution, reached only through overflow.
        let (p, s, r) = run("int x, y, z; x + y + z == 100; x - y == 3; y - z == 7;");
        assert_eq!(r, Ok(()));
        let y = var_domain(&p, &s, "y").value().unwrap();
        assert_eq!((3 * y as i128 - 104).rem_euclid(1 << 32), 0);
    }

    #[test]
    fn an_even_pivot_leaves_a_residue_class() {
        // x + y == 10 && x - y == 4: 2y ≡ 6, so y is 3 or 3 + 2^31 (wrapped).
        let (p, s, r) = run("int x, y; x + y == 10; x - y == 4;");
        assert_eq!(r, Ok(()));
        let y = var_domain(&p, &s, "y");
        assert_eq!(y.values().collect::<Vec<_>>(), vec![3 - (1 << 31), 3]);
    }

    #[test]
    fn parity_contradictions_are_conflicts() {
        let (_, _, r) = run("int x, y; 2*x + 4*y == 7;");
        assert_eq!(r, Err(Conflict));
        let (_, _, r) = run("long a, b; a + b == 1L; a + b == 2L;");
        assert_eq!(r, Err(Conflict));
        // Odd, so solvable modulo 2^32 although 1 is not a multiple of 3 over the integers.
        let (_, _, r) = run("int x; 3*x == 1;");
        assert_eq!(r, Ok(()));
    }

    #[test]
    fn masks_and_remainders_bring_residues() {
        // x & 0xFF == 0x7F: x − 256·q ≡ 0x7F, so x ≡ 0x7F (mod 256).
        let (p, s, r) = run("int x; (x & 0xFF) == 0x7F;");
        assert_eq!(r, Ok(()));
        let x = var_domain(&p, &s, "x");
        let int_min = i32::MIN as i64;
        assert_eq!((x.min(), x.max()), (int_min + 0x7F, -int_min - 256 + 0x7F));
        // Odd by the mask, even by the remainder.
        let (_, _, r) = run("int x; (x & 1) == 1; x % 2 == 0;");
        assert_eq!(r, Err(Conflict));
        // x % 3 says nothing modulo a power of two.
        let (p, s, r) = run("int x; x % 3 == 1;");
        assert_eq!(r, Ok(()));
        assert_eq!(var_domain(&p, &s, "x").size(), 1 << 32);
    }

    #[test]
    fn narrowing_casts_and_shifts_are_linear_atoms_are_not() {
        // (int) of a long sum: reduction modulo 2^32 keeps the form.
        let (p, s, r) = run("long a; int x; (int) (a + 1L) == x; x == 5; a < 0L;");
        assert_eq!(r, Ok(()));
        assert_eq!(var_domain(&p, &s, "x").value(), Some(5));
        let a = var_domain(&p, &s, "a");
        assert_eq!((a.min() as i128 - 4).rem_euclid(1 << 32), 0);
        assert_eq!((a.max() as i128 - 4).rem_euclid(1 << 32), 0);
        // x << 1 is 2x: even, so it can never equal an odd constant.
        let (_, _, r) = run("int x; (x << 1) == 7;");
        assert_eq!(r, Err(Conflict));
        // x * y is an atom: nothing is concluded about x or y.
        let (p, s, r) = run("int x, y; x * y + x == 6;");
        assert_eq!(r, Ok(()));
        assert_eq!(var_domain(&p, &s, "x").size(), 1 << 32);
    }
}
