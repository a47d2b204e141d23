//! Difference-bound matrices ([Miné 2006]; the zone domain): a conjunction of constraints
//! `x_i - x_j <= c` over numbered variables, variable 0 standing for the constant zero so
//! that `x_i <= c` and `-x_j <= c` are differences too. Closure (Floyd-Warshall, which also
//! finds an unsatisfiable zone), join (the least upper bound of two closed zones), widening
//! (a growing bound jumps to infinity, each variable's type bounds keeping the chain
//! finite), the order, one constraint added (a meet), a variable forgotten. Nothing here
//! knows Java: the transfer functions of [`super::transfer`] and the loop analysis of
//! [`super::loops`] are written with these operations.

pub(super) const INF: i128 = i128::MAX / 4;

/// A closed difference-bound matrix: `m[i * n + j]` bounds `x_i - x_j`.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Zone {
    pub(super) m: Vec<i128>,
}

/// The variables of a family of zones, each with the bounds its type allows (variable 0,
/// the constant zero, is bounded by 0 both ways): where a zone starts ([`Dbm::top`]) and
/// what a widened or forgotten variable falls back to.
pub(super) struct Dbm {
    pub(super) bounds: Vec<(i128, i128)>,
}

impl Dbm {
    pub(super) fn new(bounds: Vec<(i128, i128)>) -> Dbm {
        Dbm { bounds }
    }

    /// How many variables, the zero included.
    pub(super) fn n(&self) -> usize {
        self.bounds.len()
    }

    /// The zone of every value the types allow (only the bounds of each variable).
    pub(super) fn top(&self) -> Zone {
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
    pub(super) fn bound(&self, z: &mut Zone, i: usize) {
        let n = self.n();
        let (lo, hi) = self.bounds[i];
        z.m[i * n] = z.m[i * n].min(hi);
        z.m[i] = z.m[i].min(-lo);
    }

    /// Floyd–Warshall closure; `None` when the constraints are inconsistent.
    pub(super) fn close(&self, mut z: Zone) -> Option<Zone> {
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

    /// The least upper bound of two closed zones, each bound the greater of the two; the empty
    /// zone (`None`) is its unit.
    pub(super) fn join(&self, a: Option<Zone>, b: Option<Zone>) -> Option<Zone> {
        match (a, b) {
            (None, x) | (x, None) => x,
            (Some(a), Some(b)) => Some(Zone {
                m: a.m.iter().zip(&b.m).map(|(x, y)| *x.max(y)).collect(),
            }),
        }
    }

    /// `old` widened by `new`: a bound that grew is dropped (to the variable's type bounds), one
    /// that held is kept, so that a loop head's zones stop growing after finitely many steps.
    pub(super) fn widen(&self, old: &Option<Zone>, new: Option<Zone>) -> Option<Zone> {
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

    /// Whether `a` is included in `b` (every bound of `a` at most `b`'s; `None` is empty).
    pub(super) fn leq(&self, a: &Option<Zone>, b: &Option<Zone>) -> bool {
        match (a, b) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some(a), Some(b)) => a.m.iter().zip(&b.m).all(|(x, y)| x <= y),
        }
    }

    /// Adds `x_i - x_j <= c`.
    pub(super) fn add(&self, z: Option<Zone>, i: usize, j: usize, c: i128) -> Option<Zone> {
        let mut z = z?;
        let n = self.n();
        if c < z.m[i * n + j] {
            z.m[i * n + j] = c;
            return self.close(z);
        }
        Some(z)
    }

    /// Drops every constraint on `x` but its type bounds (`x` assigned a value nothing is
    /// known of).
    pub(super) fn forget(&self, z: &mut Zone, x: usize) {
        let n = self.n();
        for j in 0..n {
            if j != x {
                z.m[x * n + j] = INF;
                z.m[j * n + x] = INF;
            }
        }
        self.bound(z, x);
    }

    /// The bounds of `x_i` alone.
    pub(super) fn interval_of(&self, z: &Zone, i: usize) -> (i128, i128) {
        let n = self.n();
        (-z.m[i], z.m[i * n])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    /// Three variables `x1..x3` in `[lo, hi]` each, beside the zero.
    fn three(lo: i128, hi: i128) -> Dbm {
        Dbm::new(vec![(0, 0), (lo, hi), (lo, hi), (lo, hi)])
    }

    /// `x_i - x_j <= c` set without closing.
    fn set(z: &mut Zone, n: usize, i: usize, j: usize, c: i128) {
        z.m[i * n + j] = z.m[i * n + j].min(c);
    }

    /// Every integer point of the box `[lo, hi]^3` (with `x0 = 0`).
    fn points(lo: i128, hi: i128) -> Vec<[i128; 4]> {
        let mut out = Vec::new();
        for a in lo..=hi {
            for b in lo..=hi {
                for c in lo..=hi {
                    out.push([0, a, b, c]);
                }
            }
        }
        out
    }

    /// Whether point `p` satisfies every constraint of `z`.
    fn holds(z: &Zone, p: &[i128; 4]) -> bool {
        (0..4).all(|i| (0..4).all(|j| p[i] - p[j] <= z.m[i * 4 + j]))
    }

    /// The tightest matrix over a set of points: each bound the greatest difference seen.
    fn hull(ps: &[[i128; 4]]) -> Vec<i128> {
        let mut m = vec![i128::MIN; 16];
        for p in ps {
            for i in 0..4 {
                for j in 0..4 {
                    m[i * 4 + j] = m[i * 4 + j].max(p[i] - p[j]);
                }
            }
        }
        m
    }

    /// A zone over `three(-3, 3)` with a few random constraints, not closed.
    fn random_raw(dbm: &Dbm, rng: &mut Rng) -> Zone {
        let mut z = dbm.top();
        for i in 0..4 {
            for j in 0..4 {
                if i != j && rng.chance(1, 3) {
                    set(&mut z, 4, i, j, rng.below(9) as i128 - 4);
                }
            }
        }
        z
    }

    #[test]
    fn closure_tightens_a_hand_worked_example() {
        let dbm = three(-100, 100);
        let n = dbm.n();
        let mut z = dbm.top();
        // x1 - x2 <= 2, x2 - x3 <= 3, x3 <= 1, x1 >= 0.
        set(&mut z, n, 1, 2, 2);
        set(&mut z, n, 2, 3, 3);
        set(&mut z, n, 3, 0, 1);
        set(&mut z, n, 0, 1, 0);
        let z = dbm.close(z).expect("satisfiable");
        // x1 <= x2 + 2 <= x3 + 5 <= 6; x2 >= x1 - 2 >= -2; x3 >= x2 - 3 >= -5.
        assert_eq!(dbm.interval_of(&z, 1), (0, 6));
        assert_eq!(dbm.interval_of(&z, 2), (-2, 4));
        assert_eq!(dbm.interval_of(&z, 3), (-5, 1));
        assert_eq!(z.m[n + 3], 5, "x1 - x3 <= 2 + 3");
        assert_eq!(z.m[3 * n + 1], 1, "x3 - x1 <= x3 - 0 + 0 - x1 = 1");
        assert_eq!(z.m[2 * n + 1], 4, "x2 - x1 <= 4 + 0");
        assert_eq!(z.m[3 * n + 2], 3, "x3 - x2 <= 1 + 2");
        for i in 0..n {
            assert_eq!(z.m[i * n + i], 0);
        }
        // Closing a closed zone changes nothing.
        assert_eq!(dbm.close(z.clone()), Some(z));
    }

    #[test]
    fn closure_finds_negative_cycles_empty() {
        let dbm = three(-100, 100);
        let n = dbm.n();
        // x1 - x2 <= -1 and x2 - x1 <= 0: x1 < x2 <= x1.
        let mut z = dbm.top();
        set(&mut z, n, 1, 2, -1);
        set(&mut z, n, 2, 1, 0);
        assert_eq!(dbm.close(z), None);
        // A longer cycle: x1 - x2 <= 1, x2 - x3 <= 1, x3 - x1 <= -3.
        let mut z = dbm.top();
        set(&mut z, n, 1, 2, 1);
        set(&mut z, n, 2, 3, 1);
        set(&mut z, n, 3, 1, -3);
        assert_eq!(dbm.close(z), None);
        // The same cycle with weight 0 is satisfiable (x1 = x2 + 1 = x3 + 2).
        let mut z = dbm.top();
        set(&mut z, n, 1, 2, 1);
        set(&mut z, n, 2, 3, 1);
        set(&mut z, n, 3, 1, -2);
        assert!(dbm.close(z).is_some());
        // Through the type bounds: x1 >= 101 is beyond x1 <= 100.
        assert_eq!(dbm.add(Some(dbm.top()), 0, 1, -101), None);
    }

    /// Over integers a closed zone is tight: every bound is the greatest difference of its
    /// points, and a zone without points closes to `None`.
    #[test]
    fn closure_matches_brute_force_on_small_boxes() {
        let dbm = three(-3, 3);
        let all = points(-3, 3);
        let mut rng = Rng::new(45);
        let (mut empty, mut nonempty) = (0, 0);
        for _ in 0..300 {
            let raw = random_raw(&dbm, &mut rng);
            let inside: Vec<_> = all.iter().copied().filter(|p| holds(&raw, p)).collect();
            match dbm.close(raw) {
                None => {
                    assert!(inside.is_empty());
                    empty += 1;
                }
                Some(z) => {
                    assert_eq!(z.m, hull(&inside));
                    nonempty += 1;
                }
            }
        }
        // Both outcomes were exercised.
        assert!(empty > 10 && nonempty > 10, "{empty} empty, {nonempty} not");
    }

    /// `add` keeps a closed zone closed (the top zone is not: closing it bounds differences
    /// by the variables' bounds).
    #[test]
    fn adding_constraints_one_by_one_is_closing_them_together() {
        let dbm = three(-3, 3);
        let all = points(-3, 3);
        let mut rng = Rng::new(7);
        for _ in 0..200 {
            let mut z = dbm.close(dbm.top());
            let mut raw = dbm.top();
            for _ in 0..4 {
                let (i, j) = (rng.index(4), rng.index(4));
                let c = rng.below(9) as i128 - 4;
                if i != j {
                    z = dbm.add(z, i, j, c);
                    set(&mut raw, 4, i, j, c);
                }
            }
            let inside: Vec<_> = all.iter().copied().filter(|p| holds(&raw, p)).collect();
            assert_eq!(z.map(|z| z.m), (!inside.is_empty()).then(|| hull(&inside)));
        }
    }

    #[test]
    fn join_covers_both_by_hand() {
        let dbm = three(-100, 100);
        // a: x1 in [0, 2], x2 = x1 + 1. b: x1 in [5, 7], x2 = x1 + 3.
        let a = dbm.add(Some(dbm.top()), 0, 1, 0);
        let a = dbm.add(a, 1, 0, 2);
        let a = dbm.add(a, 2, 1, 1);
        let a = dbm.add(a, 1, 2, -1);
        let b = dbm.add(Some(dbm.top()), 0, 1, -5);
        let b = dbm.add(b, 1, 0, 7);
        let b = dbm.add(b, 2, 1, 3);
        let b = dbm.add(b, 1, 2, -3);
        let j = dbm.join(a.clone(), b.clone()).expect("not empty");
        let n = dbm.n();
        assert_eq!(dbm.interval_of(&j, 1), (0, 7));
        assert_eq!(dbm.interval_of(&j, 2), (1, 10));
        // x2 - x1 in [1, 3].
        assert_eq!((-j.m[n + 2], j.m[2 * n + 1]), (1, 3));
        // x3 untouched by either: its type bounds.
        assert_eq!(dbm.interval_of(&j, 3), (-100, 100));
        // Both are below the join; the empty zone is the join's unit.
        assert!(dbm.leq(&a, &Some(j.clone())) && dbm.leq(&b, &Some(j.clone())));
        assert_eq!(dbm.join(a.clone(), None), a);
        assert_eq!(dbm.join(None, b.clone()), b);
    }

    /// The join of two closed zones holds every point of either, and is the least zone that
    /// does: each bound is the greatest difference over the points of both.
    #[test]
    fn join_is_the_least_upper_bound_on_small_boxes() {
        let dbm = three(-3, 3);
        let all = points(-3, 3);
        let mut rng = Rng::new(2006);
        let mut tried = 0;
        while tried < 200 {
            let (Some(a), Some(b)) = (
                dbm.close(random_raw(&dbm, &mut rng)),
                dbm.close(random_raw(&dbm, &mut rng)),
            ) else {
                continue;
            };
            tried += 1;
            let j = dbm
                .join(Some(a.clone()), Some(b.clone()))
                .expect("not empty");
            let either: Vec<_> = all
                .iter()
                .copied()
                .filter(|p| holds(&a, p) || holds(&b, p))
                .collect();
            assert!(either.iter().all(|p| holds(&j, p)));
            assert_eq!(j.m, hull(&either));
        }
    }

    #[test]
    fn widening_sends_growing_bounds_to_the_type_bound_and_keeps_stable_ones() {
        let dbm = three(-100, 100);
        let n = dbm.n();
        // old: x1 in [0, 1], x2 = 5; new: x1 in [0, 2], x2 = 5.
        let base = dbm.add(Some(dbm.top()), 2, 0, 5);
        let base = dbm.add(base, 0, 2, -5);
        let base = dbm.add(base, 0, 1, 0);
        let old = dbm.add(base.clone(), 1, 0, 1);
        let new = dbm.add(base, 1, 0, 2);
        let w = dbm.widen(&old, new.clone()).expect("not empty");
        // The upper bound of x1 grew: gone (back to its type's); the lower one stayed.
        assert_eq!(dbm.interval_of(&w, 1), (0, 100));
        assert_eq!(dbm.interval_of(&w, 2), (5, 5));
        // x1 - x2 grew (from -4 to -3): dropped, and closure bounds it again by x1 <= 100
        // and x2 >= 5; x2 - x1 <= 5 held in both and stays.
        assert_eq!(w.m[n + 2], 95);
        assert_eq!(w.m[2 * n + 1], 5);
        assert!(dbm.leq(&old, &Some(w.clone())) && dbm.leq(&new, &Some(w.clone())));
        // Nothing grew: the old zone stays.
        assert_eq!(dbm.widen(&old, old.clone()), old);
        assert_eq!(dbm.widen(&old, dbm.add(old.clone(), 1, 0, 0)), old);
        // No old zone (nothing reached the head yet): the new one.
        assert_eq!(dbm.widen(&None, new.clone()), new);
    }

    /// A loop `x1 = 0; while (..) x1++;`: without widening the head's zone grows 101 times;
    /// with it, the sequence is stable after the first jump.
    #[test]
    fn widening_sequence_terminates() {
        let dbm = three(-100, 100);
        let entry = dbm.add(dbm.add(Some(dbm.top()), 1, 0, 0), 0, 1, 0);
        let step = |z: &Option<Zone>| {
            // x1 := x1 + 1 (within the bounds here: x1 <= 99 first).
            let z = dbm.add(z.clone(), 1, 0, 99)?;
            let mut m = z.m.clone();
            let n = dbm.n();
            for j in 0..n {
                if j != 1 {
                    m[n + j] = (m[n + j] + 1).min(INF);
                    m[j * n + 1] = (m[j * n + 1] - 1).min(INF);
                }
            }
            dbm.close(Zone { m })
        };
        let mut head = entry.clone();
        let mut rounds = 0;
        loop {
            let next = dbm.join(entry.clone(), step(&head));
            if dbm.leq(&next, &head) {
                break;
            }
            head = dbm.widen(&head, next);
            rounds += 1;
            assert!(rounds < 5, "widening did not stabilise");
        }
        assert_eq!(rounds, 1);
        assert_eq!(
            dbm.interval_of(head.as_ref().expect("reached"), 1),
            (0, 100)
        );
    }

    #[test]
    fn order_and_forgetting() {
        let dbm = three(-3, 3);
        let top = Some(dbm.top());
        let z = dbm.add(top.clone(), 1, 2, -1);
        assert!(dbm.leq(&z, &top) && !dbm.leq(&top, &z));
        assert!(dbm.leq(&None, &z) && !dbm.leq(&z, &None));
        // Forgetting x1 of x1 < x2 <= 0 leaves x2 <= 0 and x1 anywhere in its bounds.
        let z = dbm.add(z, 2, 0, 0).expect("not empty");
        let mut f = z.clone();
        dbm.forget(&mut f, 1);
        let all = points(-3, 3);
        for p in &all {
            let projected = (-3..=3).any(|x1| holds(&z, &[0, x1, p[2], p[3]]));
            assert_eq!(holds(&f, p), projected, "{p:?}");
        }
        assert_eq!(dbm.interval_of(&f, 1), (-3, 3));
    }
}
