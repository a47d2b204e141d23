//! A small conflict-driven clause-learning (CDCL) SAT solver: two watched literals, first-UIP
//! learning with local clause minimization, VSIDS decisions with phase saving, Luby restarts
//! and clause-database reduction by literal block distance.
//!
//! The gate model uses it for the last resort of the complete pass (see
//! [`circuit::dalg::miter`](crate::circuit::dalg::miter)): the D-algorithm's decisions are
//! subtask alternatives, not variables, so what it learns prunes little on the few redundancies
//! whose proof needs thousands of nogoods over internal nets; a CDCL search over the fault's
//! miter learns exactly those. Its verdicts are independent of the D-algorithm and cross-checked
//! against exhaustive simulation in the tests; *unsat* is only ever answered after a conflict at
//! level zero.

use std::time::Instant;

/// A variable, numbered from zero.
pub(crate) type Var = u32;

/// A literal: `2 * var + negated`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lit(u32);

impl Lit {
    /// The positive literal of `var`.
    pub(crate) fn pos(var: Var) -> Lit {
        Lit(2 * var)
    }

    /// The negative literal of `var`.
    pub(crate) fn neg(var: Var) -> Lit {
        Lit(2 * var + 1)
    }

    /// The literal of `var` that is true when `var` has `value`.
    pub fn with(var: Var, value: bool) -> Lit {
        if value { Lit::pos(var) } else { Lit::neg(var) }
    }

    pub(crate) fn var(self) -> Var {
        self.0 >> 1
    }

    pub(crate) fn is_negated(self) -> bool {
        self.0 & 1 == 1
    }

    fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::ops::Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// The answer of [`Solver::solve`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SatResult {
    /// A model was found: read it with [`Solver::value`].
    Sat,
    /// No assignment satisfies the clauses.
    Unsat,
    /// A limit was reached first.
    Unknown,
}

/// When [`Solver::solve`] gives up.
#[derive(Clone, Copy, Debug, Default)]
pub struct SatLimits {
    pub conflicts: Option<u64>,
    /// Unit propagations (the solver's implications), checked at each conflict.
    pub propagations: Option<u64>,
    pub deadline: Option<Instant>,
}

/// Search statistics.
#[derive(Clone, Copy, Debug, Default)]
pub struct SatStats {
    pub decisions: u64,
    pub conflicts: u64,
    pub propagations: u64,
}

const UNDEF: u8 = 2;
const NO_REASON: u32 = u32::MAX;

struct Clause {
    lits: Vec<Lit>,
    learnt: bool,
    deleted: bool,
    lbd: u32,
}

#[derive(Clone, Copy)]
struct Watcher {
    clause: u32,
    /// A literal of the clause: when it is true the clause need not be visited.
    blocker: Lit,
}

/// A CDCL solver. Add variables and clauses, then [`solve`](Solver::solve) once.
pub struct Solver {
    clauses: Vec<Clause>,
    /// Clauses to visit when the literal becomes false.
    watches: Vec<Vec<Watcher>>,
    /// Per variable: 0, 1, or [`UNDEF`].
    assigns: Vec<u8>,
    level: Vec<u32>,
    reason: Vec<u32>,
    saved_phase: Vec<bool>,
    activity: Vec<f64>,
    increment: f64,
    heap: VarHeap,
    trail: Vec<Lit>,
    trail_lims: Vec<usize>,
    queue_head: usize,
    seen: Vec<bool>,
    /// A clause was empty or units contradicted each other.
    inconsistent: bool,
    learnts: usize,
    pub stats: SatStats,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            clauses: Vec::new(),
            watches: Vec::new(),
            assigns: Vec::new(),
            level: Vec::new(),
            reason: Vec::new(),
            saved_phase: Vec::new(),
            activity: Vec::new(),
            increment: 1.0,
            heap: VarHeap::default(),
            trail: Vec::new(),
            trail_lims: Vec::new(),
            queue_head: 0,
            seen: Vec::new(),
            inconsistent: false,
            learnts: 0,
            stats: SatStats::default(),
        }
    }

    /// A fresh variable.
    pub fn new_var(&mut self) -> Var {
        let v = self.assigns.len() as Var;
        self.assigns.push(UNDEF);
        self.level.push(0);
        self.reason.push(NO_REASON);
        self.saved_phase.push(false);
        self.activity.push(0.0);
        self.seen.push(false);
        self.watches.push(Vec::new());
        self.watches.push(Vec::new());
        self.heap.insert(v, &self.activity);
        v
    }

    /// The value of `var` in the model after [`SatResult::Sat`].
    pub fn value(&self, var: Var) -> Option<bool> {
        match self.assigns[var as usize] {
            UNDEF => None,
            v => Some(v == 1),
        }
    }

    fn lit_value(&self, l: Lit) -> u8 {
        match self.assigns[l.var() as usize] {
            UNDEF => UNDEF,
            v => v ^ (l.is_negated() as u8),
        }
    }

    /// Adds a clause (before solving). Tautologies are dropped, duplicates merged.
    pub fn add_clause(&mut self, lits: &[Lit]) {
        debug_assert!(
            self.trail_lims.is_empty(),
            "clauses are added before solving"
        );
        if self.inconsistent {
            return;
        }
        let mut c: Vec<Lit> = lits.to_vec();
        c.sort_unstable();
        c.dedup();
        if c.windows(2).any(|w| w[0] == !w[1]) {
            return;
        }
        // Literals fixed at level zero.
        if c.iter().any(|&l| self.lit_value(l) == 1) {
            return;
        }
        c.retain(|&l| self.lit_value(l) == UNDEF);
        match c.len() {
            0 => self.inconsistent = true,
            1 => {
                self.enqueue(c[0], NO_REASON);
                if self.propagate().is_some() {
                    self.inconsistent = true;
                }
            }
            _ => {
                self.attach(c, false, 0);
            }
        }
    }

    fn attach(&mut self, lits: Vec<Lit>, learnt: bool, lbd: u32) -> u32 {
        let k = self.clauses.len() as u32;
        self.watches[(!lits[0]).index()].push(Watcher {
            clause: k,
            blocker: lits[1],
        });
        self.watches[(!lits[1]).index()].push(Watcher {
            clause: k,
            blocker: lits[0],
        });
        self.clauses.push(Clause {
            lits,
            learnt,
            deleted: false,
            lbd,
        });
        if learnt {
            self.learnts += 1;
        }
        k
    }

    fn decision_level(&self) -> u32 {
        self.trail_lims.len() as u32
    }

    fn enqueue(&mut self, l: Lit, reason: u32) {
        let v = l.var() as usize;
        self.assigns[v] = u8::from(!l.is_negated());
        self.level[v] = self.decision_level();
        self.reason[v] = reason;
        self.trail.push(l);
    }

    /// Unit propagation; returns a conflicting clause.
    fn propagate(&mut self) -> Option<u32> {
        while self.queue_head < self.trail.len() {
            let p = self.trail[self.queue_head];
            self.queue_head += 1;
            self.stats.propagations += 1;
            let false_lit = !p;
            let mut watchers = std::mem::take(&mut self.watches[p.index()]);
            let mut i = 0;
            let mut j = 0;
            let mut conflict = None;
            while i < watchers.len() {
                let w = watchers[i];
                i += 1;
                if self.lit_value(w.blocker) == 1 {
                    watchers[j] = w;
                    j += 1;
                    continue;
                }
                let ci = w.clause as usize;
                if self.clauses[ci].deleted {
                    continue;
                }
                let lits = &mut self.clauses[ci].lits;
                if lits[0] == false_lit {
                    lits.swap(0, 1);
                }
                let first = lits[0];
                if first != w.blocker && self.lit_value(first) == 1 {
                    watchers[j] = Watcher {
                        clause: w.clause,
                        blocker: first,
                    };
                    j += 1;
                    continue;
                }
                // Look for a new literal to watch.
                let mut moved = false;
                for k in 2..self.clauses[ci].lits.len() {
                    let l = self.clauses[ci].lits[k];
                    if self.lit_value(l) != 0 {
                        self.clauses[ci].lits.swap(1, k);
                        self.watches[(!l).index()].push(Watcher {
                            clause: w.clause,
                            blocker: first,
                        });
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                watchers[j] = Watcher {
                    clause: w.clause,
                    blocker: first,
                };
                j += 1;
                if self.lit_value(first) == 0 {
                    conflict = Some(w.clause);
                    while i < watchers.len() {
                        watchers[j] = watchers[i];
                        i += 1;
                        j += 1;
                    }
                } else {
                    self.enqueue(first, w.clause);
                }
            }
            watchers.truncate(j);
            // Watchers added for `p` while it was taken (none: a clause never re-watches the
            // literal it just left) are kept.
            let added = std::mem::take(&mut self.watches[p.index()]);
            watchers.extend(added);
            self.watches[p.index()] = watchers;
            if conflict.is_some() {
                return conflict;
            }
        }
        None
    }

    fn bump(&mut self, v: Var) {
        self.activity[v as usize] += self.increment;
        if self.activity[v as usize] > 1e100 {
            // Rescaling keeps the order, so the heap stays valid.
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.increment *= 1e-100;
        }
        self.heap.increased(v, &self.activity);
    }

    /// First-UIP conflict analysis: the learnt clause (asserting literal first) and the level
    /// to jump back to.
    fn analyze(&mut self, mut conflict: u32) -> (Vec<Lit>, u32) {
        let mut learnt = vec![Lit(0)];
        let mut pending = 0;
        let mut index = self.trail.len();
        let mut p: Option<Lit> = None;
        let current = self.decision_level();
        loop {
            let lits = self.clauses[conflict as usize].lits.clone();
            let start = usize::from(p.is_some());
            for &q in &lits[start..] {
                let v = q.var() as usize;
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump(q.var());
                    if self.level[v] >= current {
                        pending += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            loop {
                index -= 1;
                if self.seen[self.trail[index].var() as usize] {
                    break;
                }
            }
            let q = self.trail[index];
            p = Some(q);
            self.seen[q.var() as usize] = false;
            pending -= 1;
            if pending == 0 {
                break;
            }
            conflict = self.reason[q.var() as usize];
        }
        learnt[0] = !p.expect("a conflict has a literal at the current level");
        // Local minimization: drop a literal implied by the others.
        let mut kept = vec![learnt[0]];
        for &l in &learnt[1..] {
            let r = self.reason[l.var() as usize];
            let redundant = r != NO_REASON
                && self.clauses[r as usize].lits[1..].iter().all(|&x| {
                    let v = x.var() as usize;
                    self.seen[v] || self.level[v] == 0
                });
            if !redundant {
                kept.push(l);
            }
        }
        for &l in &learnt[1..] {
            self.seen[l.var() as usize] = false;
        }
        // The second watch goes on the literal of the highest level below.
        let mut back = 0;
        if kept.len() > 1 {
            let mut best = 1;
            for k in 2..kept.len() {
                if self.level[kept[k].var() as usize] > self.level[kept[best].var() as usize] {
                    best = k;
                }
            }
            kept.swap(1, best);
            back = self.level[kept[1].var() as usize];
        }
        (kept, back)
    }

    fn cancel_until(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let lim = self.trail_lims[level as usize];
        for k in (lim..self.trail.len()).rev() {
            let l = self.trail[k];
            let v = l.var() as usize;
            self.saved_phase[v] = !l.is_negated();
            self.assigns[v] = UNDEF;
            self.reason[v] = NO_REASON;
            self.heap.insert(l.var(), &self.activity);
        }
        self.trail.truncate(lim);
        self.trail_lims.truncate(level as usize);
        self.queue_head = lim;
    }

    fn pick(&mut self) -> Option<Var> {
        while let Some(v) = self.heap.pop(&self.activity) {
            if self.assigns[v as usize] == UNDEF {
                return Some(v);
            }
        }
        None
    }

    fn lbd(&mut self, lits: &[Lit]) -> u32 {
        let mut levels: Vec<u32> = lits.iter().map(|l| self.level[l.var() as usize]).collect();
        levels.sort_unstable();
        levels.dedup();
        levels.len() as u32
    }

    /// Deletes the less useful half of the learnt clauses that are not reasons.
    fn reduce(&mut self) {
        let mut candidates: Vec<(u32, usize)> = self
            .clauses
            .iter()
            .enumerate()
            .filter(|(_, c)| c.learnt && !c.deleted && c.lbd > 2)
            .map(|(k, c)| (c.lbd, k))
            .collect();
        candidates.sort_unstable_by(|a, b| b.cmp(a));
        let mut removed = 0;
        for &(_, k) in candidates.iter().take(candidates.len() / 2) {
            let first = self.clauses[k].lits[0].var() as usize;
            let locked =
                self.reason[first] == k as u32 && self.lit_value(self.clauses[k].lits[0]) == 1;
            if !locked {
                self.clauses[k].deleted = true;
                self.clauses[k].lits = Vec::new();
                removed += 1;
            }
        }
        self.learnts -= removed;
        // Watchers of deleted clauses are dropped lazily, in `propagate`.
    }

    /// Searches for a model; `Unsat` is a proof.
    pub fn solve(&mut self, limits: SatLimits) -> SatResult {
        if self.inconsistent {
            return SatResult::Unsat;
        }
        let mut restart = 0u32;
        let mut next_reduce = 4000u64;
        loop {
            let budget = 64 * luby(restart);
            restart += 1;
            let mut conflicts_here = 0u64;
            loop {
                if let Some(conflict) = self.propagate() {
                    self.stats.conflicts += 1;
                    conflicts_here += 1;
                    if self.decision_level() == 0 {
                        self.inconsistent = true;
                        return SatResult::Unsat;
                    }
                    let (learnt, back) = self.analyze(conflict);
                    self.cancel_until(back);
                    if learnt.len() == 1 {
                        self.enqueue(learnt[0], NO_REASON);
                    } else {
                        let lbd = self.lbd(&learnt);
                        let first = learnt[0];
                        let k = self.attach(learnt, true, lbd);
                        self.enqueue(first, k);
                    }
                    self.increment *= 1.0 / 0.95;
                    if limits.conflicts.is_some_and(|l| self.stats.conflicts >= l)
                        || limits
                            .propagations
                            .is_some_and(|l| self.stats.propagations >= l)
                    {
                        self.cancel_until(0);
                        return SatResult::Unknown;
                    }
                    if self.stats.conflicts.is_multiple_of(256)
                        && limits.deadline.is_some_and(|d| Instant::now() >= d)
                    {
                        self.cancel_until(0);
                        return SatResult::Unknown;
                    }
                } else {
                    if conflicts_here >= budget {
                        self.cancel_until(0);
                        break;
                    }
                    if self.stats.conflicts >= next_reduce {
                        next_reduce += 4000 + self.stats.conflicts / 4;
                        self.reduce();
                    }
                    let Some(v) = self.pick() else {
                        return SatResult::Sat;
                    };
                    self.stats.decisions += 1;
                    self.trail_lims.push(self.trail.len());
                    let phase = self.saved_phase[v as usize];
                    self.enqueue(Lit::with(v, phase), NO_REASON);
                }
            }
        }
    }
}

/// A binary max-heap of variables by activity, with each variable's position so that a bumped
/// variable moves up in place.
#[derive(Default)]
struct VarHeap {
    heap: Vec<Var>,
    /// Position in `heap`, or `u32::MAX` when absent.
    position: Vec<u32>,
}

impl VarHeap {
    fn insert(&mut self, v: Var, activity: &[f64]) {
        let i = v as usize;
        if self.position.len() <= i {
            self.position.resize(i + 1, u32::MAX);
        }
        if self.position[i] != u32::MAX {
            return;
        }
        self.position[i] = self.heap.len() as u32;
        self.heap.push(v);
        self.up(self.heap.len() - 1, activity);
    }

    fn increased(&mut self, v: Var, activity: &[f64]) {
        if let Some(&p) = self.position.get(v as usize)
            && p != u32::MAX
        {
            self.up(p as usize, activity);
        }
    }

    fn pop(&mut self, activity: &[f64]) -> Option<Var> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("not empty");
        self.position[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.position[last as usize] = 0;
            self.down(0, activity);
        }
        Some(top)
    }

    fn up(&mut self, mut i: usize, activity: &[f64]) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.heap[parent];
            if activity[p as usize] >= activity[v as usize] {
                break;
            }
            self.heap[i] = p;
            self.position[p as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.position[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize, activity: &[f64]) {
        let v = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len()
                && activity[self.heap[right] as usize] > activity[self.heap[left] as usize]
            {
                right
            } else {
                left
            };
            let c = self.heap[child];
            if activity[c as usize] <= activity[v as usize] {
                break;
            }
            self.heap[i] = c;
            self.position[c as usize] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.position[v as usize] = i as u32;
    }
}

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 …, at index `i`.
fn luby(mut i: u32) -> u64 {
    let mut size = 1u64;
    let mut exponent = 0u32;
    while size < u64::from(i) + 1 {
        exponent += 1;
        size = 2 * size + 1;
    }
    while size - 1 != u64::from(i) {
        size = (size - 1) >> 1;
        exponent -= 1;
        i %= size as u32;
    }
    1u64 << exponent
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let seq: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(seq, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    /// Pigeonhole: n+1 pigeons in n holes is unsatisfiable, n in n is not.
    fn pigeons(pigeons: u32, holes: u32) -> Solver {
        let mut s = Solver::new();
        let var = |p: u32, h: u32| p * holes + h;
        for _ in 0..pigeons * holes {
            s.new_var();
        }
        for p in 0..pigeons {
            let c: Vec<Lit> = (0..holes).map(|h| Lit::pos(var(p, h))).collect();
            s.add_clause(&c);
        }
        for h in 0..holes {
            for p in 0..pigeons {
                for q in p + 1..pigeons {
                    s.add_clause(&[Lit::neg(var(p, h)), Lit::neg(var(q, h))]);
                }
            }
        }
        s
    }

    #[test]
    fn pigeonhole() {
        assert_eq!(pigeons(6, 5).solve(SatLimits::default()), SatResult::Unsat);
        let mut s = pigeons(5, 5);
        assert_eq!(s.solve(SatLimits::default()), SatResult::Sat);
        for h in 0..5 {
            let used = (0..5).filter(|&p| s.value(p * 5 + h) == Some(true)).count();
            assert!(used <= 1);
        }
    }

    #[test]
    fn the_propagation_limit_stops_the_search() {
        let mut free = pigeons(7, 6);
        assert_eq!(free.solve(SatLimits::default()), SatResult::Unsat);
        let needed = free.stats.propagations;
        for limit in [1, 100, needed / 2] {
            let mut s = pigeons(7, 6);
            let limits = SatLimits {
                propagations: Some(limit),
                ..SatLimits::default()
            };
            assert_eq!(s.solve(limits), SatResult::Unknown);
            assert!(s.stats.propagations >= limit && s.stats.propagations < needed);
        }
        let mut s = pigeons(7, 6);
        let limits = SatLimits {
            propagations: Some(needed),
            ..SatLimits::default()
        };
        assert_eq!(s.solve(limits), SatResult::Unsat);
    }

    #[test]
    fn empty_and_unit_clauses() {
        let mut s = Solver::new();
        let a = s.new_var();
        s.add_clause(&[Lit::pos(a)]);
        s.add_clause(&[Lit::neg(a)]);
        assert_eq!(s.solve(SatLimits::default()), SatResult::Unsat);
        let mut s = Solver::new();
        s.add_clause(&[]);
        assert_eq!(s.solve(SatLimits::default()), SatResult::Unsat);
    }
}
