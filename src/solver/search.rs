//! The search: propagation to a fixed point, then decisions on the problem's variables (the
//! smallest domain first, as Godzilla's domain reduction does) and on open disjunctions, with
//! chronological backtracking on the store's trail. Each fixpoint of the local propagators
//! ends with the global one of [`linear`]: required equalities solved modulo `2^32` / `2^64`.
//!
//! A decision on an integer variable tries one value first (near zero, a bound, or random
//! under the seed; thesis §4.3.5.4), then the rest of the domain split in halves, so a value
//! far from the first guess is reached by bisection, not by counting. Every leaf (all
//! variables fixed) is checked by evaluating the constraints with Java semantics; only a
//! checked model is reported. The search is complete over integer variables, so exhausting
//! it proves `Unsat`; a double variable is tried on a few candidate values only, so a search
//! that skipped any double values ends `Unknown` rather than `Unsat`.

use std::collections::VecDeque;
use std::time::Instant;

use super::domain::{IntDomain, RealDomain};
use super::expr::{Constraint, ExprId, Model, Node, Problem, VarId};
use super::java::{BinOp, JType, Value};
use super::linear::{self, LinearSystem};
use super::propagate::{self, Conflict, Dom, Store};
use crate::rng::Rng;

/// Propagator runs per node allowed in one fixpoint before propagation stops early.
const PROPAGATION_BUDGET_PER_NODE: u64 = 64;

/// How the first value of an integer decision is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ValueChoice {
    /// The value nearest zero (small, readable tests), then bisection.
    #[default]
    NearZero,
    /// The lower bound first.
    Min,
    /// A random value, and a random half first (thesis §4.3.5.4: no creeping by one).
    Random,
}

/// Limits and choices of one solve.
#[derive(Clone, Debug)]
pub struct SolveOptions {
    pub seed: u64,
    pub value_choice: ValueChoice,
    /// Decisions before giving up with `Unknown`.
    pub node_limit: u64,
    pub deadline: Option<Instant>,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            seed: 1,
            value_choice: ValueChoice::default(),
            node_limit: 1_000_000,
            deadline: None,
        }
    }
}

/// The answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// A model satisfying every constraint under Java semantics.
    Sat(Model),
    /// No model exists (proved: propagation is sound and the search was complete).
    Unsat,
    /// Neither could be established.
    Unknown(String),
}

/// Search effort.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveStats {
    pub decisions: u64,
    pub backtracks: u64,
    pub propagations: u64,
    pub leaves: u64,
}

/// What a decision restricts.
#[derive(Clone, Debug)]
enum Choice {
    Int(ExprId, IntDomain),
    Real(ExprId, RealDomain),
}

#[derive(Clone, Debug)]
struct Frame {
    level: usize,
    alternatives: Vec<Choice>,
    next: usize,
    /// The alternatives leave values out (double candidates): exhausting them proves nothing.
    incomplete: bool,
}

/// A solver over one problem: solve it, then ask for further distinct models.
pub struct Solver<'p> {
    problem: &'p Problem,
    options: SolveOptions,
    rng: Rng,
    store: Store,
    parents: Vec<Vec<u32>>,
    strict: Vec<bool>,
    /// Nodes reading each variable.
    var_nodes: Vec<ExprId>,
    /// For each variable node, the nogoods mentioning it.
    nogoods: Vec<Vec<usize>>,
    /// First in, first out: every scheduled propagator gets its turn before one that keeps
    /// narrowing (bounds creeping between two nodes) runs again.
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    /// Required linear equalities modulo 2^32 and 2^64, solved by elimination.
    linear: Vec<LinearSystem>,
    /// Nodes that are atoms of a linear system.
    linear_atom: Vec<bool>,
    /// An atom changed since the linear systems last ran.
    linear_dirty: bool,
    stack: Vec<Frame>,
    started: bool,
    incomplete: bool,
    pub stats: SolveStats,
}

impl<'p> Solver<'p> {
    pub fn new(problem: &'p Problem, options: SolveOptions) -> Solver<'p> {
        let n = problem.node_count();
        let mut parents = vec![Vec::new(); n];
        for i in 0..n {
            for o in propagate::operands(problem.node(ExprId(i as u32))) {
                parents[o.index()].push(i as u32);
            }
        }
        let roots: Vec<ExprId> = problem
            .constraints()
            .iter()
            .filter_map(|c| match c {
                Constraint::Holds(e) => Some(*e),
                Constraint::Exclude(_) => None,
            })
            .collect();
        let strict = propagate::strict_nodes(problem, &roots);
        let linear = linear::extract(problem, &roots);
        let mut linear_atom = vec![false; n];
        for system in &linear {
            for a in system.atoms() {
                linear_atom[a.index()] = true;
            }
        }
        let var_nodes: Vec<ExprId> = problem.vars().map(|v| problem.read(v)).collect();
        let mut nogoods = vec![Vec::new(); n];
        for (k, c) in problem.constraints().iter().enumerate() {
            if let Constraint::Exclude(pairs) = c {
                for &(v, _) in pairs {
                    nogoods[var_nodes[v.index()].index()].push(k);
                }
            }
        }
        Solver {
            problem,
            rng: Rng::new(options.seed),
            options,
            store: Store::new(problem),
            parents,
            strict,
            var_nodes,
            nogoods,
            queue: VecDeque::new(),
            queued: vec![false; n],
            linear,
            linear_atom,
            linear_dirty: true,
            stack: Vec::new(),
            started: false,
            incomplete: false,
            stats: SolveStats::default(),
        }
    }

    /// The first model, or the verdict.
    pub fn solve(&mut self) -> Verdict {
        self.next_model()
    }

    /// The next model distinct from all returned before; `Unsat` when none is left (all
    /// models were enumerated), `Unknown` when a limit was hit or double values were skipped.
    pub fn next_model(&mut self) -> Verdict {
        if !self.started {
            self.started = true;
            if self.initial_propagation().is_err() {
                return Verdict::Unsat;
            }
            if let Some(model) = self.descend() {
                return Verdict::Sat(model);
            }
        }
        loop {
            if let Some(reason) = self.limit_hit() {
                return Verdict::Unknown(reason);
            }
            if !self.backtrack() {
                return if self.incomplete {
                    Verdict::Unknown(
                        "double variables were tried on candidate values only".to_string(),
                    )
                } else {
                    Verdict::Unsat
                };
            }
            if let Some(model) = self.descend() {
                return Verdict::Sat(model);
            }
        }
    }

    fn limit_hit(&self) -> Option<String> {
        if self.stats.decisions >= self.options.node_limit {
            return Some(format!(
                "node limit of {} decisions reached",
                self.options.node_limit
            ));
        }
        if let Some(deadline) = self.options.deadline
            && Instant::now() >= deadline
        {
            return Some("time limit reached".to_string());
        }
        None
    }

    fn initial_propagation(&mut self) -> Result<(), Conflict> {
        for c in self.problem.constraints() {
            if let Constraint::Holds(e) = c {
                self.store.narrow_int(*e, &IntDomain::singleton(1))?;
            }
        }
        for i in 0..self.problem.node_count() {
            self.schedule(i as u32);
        }
        self.store.changed.clear();
        self.fixpoint()
    }

    fn schedule(&mut self, n: u32) {
        if !self.queued[n as usize] {
            self.queued[n as usize] = true;
            self.queue.push_back(n);
        }
    }

    /// Runs propagators until nothing changes.
    fn fixpoint(&mut self) -> Result<(), Conflict> {
        let result = self.fixpoint_inner();
        if result.is_err() {
            for &n in &self.queue {
                self.queued[n as usize] = false;
            }
            self.queue.clear();
            self.store.changed.clear();
        }
        result
    }

    fn fixpoint_inner(&mut self) -> Result<(), Conflict> {
        // Bounds propagation can creep (`x < y && y < x` over `long` narrows by one per
        // round); stopping early only narrows less, which is sound.
        let mut budget = PROPAGATION_BUDGET_PER_NODE * (self.problem.node_count() as u64 + 16);
        loop {
            if budget == 0 {
                for &n in &self.queue {
                    self.queued[n as usize] = false;
                }
                self.queue.clear();
                self.store.changed.clear();
                return Ok(());
            }
            budget -= 1;
            for n in std::mem::take(&mut self.store.changed) {
                self.linear_dirty |= self.linear_atom[n as usize];
                self.schedule(n);
                for k in 0..self.parents[n as usize].len() {
                    let p = self.parents[n as usize][k];
                    self.schedule(p);
                }
                if !self.nogoods[n as usize].is_empty() {
                    self.check_nogoods(n)?;
                }
            }
            let Some(n) = self.queue.pop_front() else {
                // The local propagators are done; the global one runs on what they left.
                if self.linear_dirty {
                    self.linear_dirty = false;
                    for system in &self.linear {
                        self.stats.propagations += 1;
                        system.propagate(&mut self.store)?;
                    }
                    if !self.store.changed.is_empty() {
                        continue;
                    }
                }
                return Ok(());
            };
            self.queued[n as usize] = false;
            self.stats.propagations += 1;
            propagate::propagate(
                self.problem,
                &mut self.store,
                ExprId(n),
                self.strict[n as usize],
            )?;
        }
    }

    /// A nogood with all but one variable at its excluded value removes that value from the
    /// last one (integers); with all of them at their values, it is violated.
    fn check_nogoods(&mut self, n: u32) -> Result<(), Conflict> {
        for k in 0..self.nogoods[n as usize].len() {
            let c = self.nogoods[n as usize][k];
            let Constraint::Exclude(pairs) = &self.problem.constraints()[c] else {
                continue;
            };
            let mut open = None;
            let mut violated = true;
            for &(v, x) in pairs {
                let node = self.var_nodes[v.index()];
                match (self.store.dom(node), x) {
                    (Dom::Int(d), Value::Int(_, i)) => {
                        if !d.contains(i) {
                            violated = false;
                            break;
                        }
                        if d.value() != Some(i) {
                            if open.is_some() {
                                violated = false;
                                break;
                            }
                            open = Some((node, i));
                        }
                    }
                    // Double values are only excluded at leaves (by the model check).
                    _ => {
                        violated = false;
                        break;
                    }
                }
            }
            if violated {
                match open {
                    None => return Err(Conflict),
                    Some((node, i)) => self.store.remove_value(node, i)?,
                }
            }
        }
        Ok(())
    }

    /// Decides until a leaf; returns a checked model, or `None` after a conflict (the caller
    /// backtracks).
    fn descend(&mut self) -> Option<Model> {
        loop {
            match self.pick() {
                Some(frame) => {
                    self.stats.decisions += 1;
                    self.stack.push(frame);
                    if !self.apply_next() {
                        return None;
                    }
                }
                None => {
                    self.stats.leaves += 1;
                    let model = self.leaf_model();
                    return model.filter(|m| self.problem.satisfies(m));
                }
            }
        }
    }

    /// Applies the next alternative of the top frame; false on conflict.
    fn apply_next(&mut self) -> bool {
        let frame = self.stack.last_mut().expect("a frame");
        let choice = frame.alternatives[frame.next].clone();
        frame.next += 1;
        self.store.backtrack_to(frame.level);
        self.store.push_level();
        let result = match choice {
            Choice::Int(e, d) => self.store.narrow_int(e, &d),
            Choice::Real(e, d) => self.store.narrow_real(e, &d),
        };
        result.and_then(|()| self.fixpoint()).is_ok()
    }

    /// Moves to the next untried alternative, popping exhausted frames; false when none is
    /// left anywhere.
    fn backtrack(&mut self) -> bool {
        loop {
            let Some(frame) = self.stack.last() else {
                return false;
            };
            if frame.next < frame.alternatives.len() {
                self.stats.backtracks += 1;
                if self.apply_next() {
                    return true;
                }
                continue;
            }
            let frame = self.stack.pop().expect("a frame");
            if frame.incomplete {
                self.incomplete = true;
            }
            self.store.backtrack_to(frame.level);
        }
    }

    /// The model at a leaf: every variable's single value (doubles: the interval's single
    /// point, or zero's positive sign when the interval is zero).
    fn leaf_model(&self) -> Option<Model> {
        let mut values = Vec::with_capacity(self.var_nodes.len());
        for v in self.problem.vars() {
            let node = self.var_nodes[v.index()];
            let ty = self.problem.var_type(v);
            values.push(match self.store.dom(node) {
                Dom::Int(d) => Value::Int(ty, d.value()?),
                Dom::Real(d) => {
                    if d.nan && !d.has_numbers() {
                        Value::Double(f64::NAN)
                    } else if d.lo == d.hi {
                        Value::Double(d.lo)
                    } else {
                        return None;
                    }
                }
            });
        }
        Some(Model { values })
    }

    /// The next decision: the open variable (or open disjunction) with the smallest domain.
    fn pick(&mut self) -> Option<Frame> {
        let mut best: Option<(u128, usize, ExprId)> = None;
        let mut consider = |size: u128, rank: usize, e: ExprId| {
            if best.is_none_or(|(s, r, _)| (size, rank) < (s, r)) {
                best = Some((size, rank, e));
            }
        };
        // Open disjunctions first among equals: their operands are the clauses to choose.
        for i in 0..self.problem.node_count() {
            let e = ExprId(i as u32);
            if let Node::Binary(op @ (BinOp::LogicalOr | BinOp::LogicalAnd), a, b) =
                self.problem.node(e)
            {
                let wanted = if op == BinOp::LogicalOr { 1 } else { 0 };
                if self.store.int(e).value() == Some(wanted)
                    && self.store.int(a).value().is_none()
                    && self.store.int(b).value().is_none()
                {
                    consider(2, 0, a);
                }
            }
        }
        for (k, &node) in self.var_nodes.iter().enumerate() {
            let size = match self.store.dom(node) {
                Dom::Int(d) => d.size(),
                Dom::Real(d) => {
                    if d.value().is_some() || (d.nan && !d.has_numbers()) || d.lo == d.hi {
                        1
                    } else {
                        u128::MAX
                    }
                }
            };
            if size > 1 {
                consider(size, k + 1, node);
            }
        }
        let (_, _, e) = best?;
        let level = self.store.level();
        Some(match self.store.dom(e).clone() {
            Dom::Int(d) => Frame {
                level,
                alternatives: self.int_alternatives(e, &d),
                next: 0,
                incomplete: false,
            },
            Dom::Real(d) => Frame {
                level,
                alternatives: self
                    .real_candidates(&d)
                    .into_iter()
                    .map(|x| Choice::Real(e, RealDomain::singleton(x)))
                    .collect(),
                next: 0,
                incomplete: true,
            },
        })
    }

    /// One value first, then the rest of the domain in two halves.
    fn int_alternatives(&mut self, e: ExprId, d: &IntDomain) -> Vec<Choice> {
        let first = match self.options.value_choice {
            ValueChoice::NearZero => {
                // Alternate the side of zero on ties (thesis §4.3.5.4), seeded.
                let v = d.nearest(0);
                let mirror = v.checked_neg().filter(|&m| m != v && d.contains(m));
                match mirror {
                    Some(m) if self.rng.next_u64() & 1 == 1 => m,
                    _ => v,
                }
            }
            ValueChoice::Min => d.min(),
            ValueChoice::Random => d.nth((self.rng.next_u64() as u128) % d.size()),
        };
        // Disjunction operands: true first.
        let first = if self.problem.ty(e) == JType::Boolean && d.contains(1) {
            1
        } else {
            first
        };
        let rest = d.remove(first);
        let mut alternatives = vec![Choice::Int(e, IntDomain::singleton(first))];
        if rest.is_empty() {
            return alternatives;
        }
        if rest.size() == 1 {
            alternatives.push(Choice::Int(e, rest));
            return alternatives;
        }
        let middle = rest.nth(rest.size() / 2 - 1);
        let low = rest.clip(i64::MIN, middle);
        let high = rest.clip(middle.saturating_add(1), i64::MAX);
        let low_first = match self.options.value_choice {
            ValueChoice::Random => self.rng.next_u64() & 1 == 0,
            // The half nearer the first value first.
            _ => first <= middle,
        };
        if low_first {
            alternatives.push(Choice::Int(e, low));
            alternatives.push(Choice::Int(e, high));
        } else {
            alternatives.push(Choice::Int(e, high));
            alternatives.push(Choice::Int(e, low));
        }
        alternatives
    }

    /// Candidate values of a double domain: zero, small integers, the bounds, the middle
    /// and a few random points, NaN when allowed.
    fn real_candidates(&mut self, d: &RealDomain) -> Vec<f64> {
        let mut out: Vec<f64> = Vec::new();
        let add = |x: f64, out: &mut Vec<f64>| {
            if d.contains(x) && !out.iter().any(|y: &f64| y.to_bits() == x.to_bits()) {
                out.push(x);
            }
        };
        if d.has_numbers() {
            for x in [0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0] {
                add(x, &mut out);
            }
            let (lo, hi) = (d.lo.max(-f64::MAX), d.hi.min(f64::MAX));
            add(lo, &mut out);
            add(hi, &mut out);
            add(lo.next_up(), &mut out);
            add(hi.next_down(), &mut out);
            let middle = lo / 2.0 + hi / 2.0;
            add(middle, &mut out);
            add(middle.round(), &mut out);
            add(lo.ceil(), &mut out);
            add(hi.floor(), &mut out);
            for _ in 0..4 {
                let t = (self.rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                add(lo + (hi - lo) * t, &mut out);
            }
            add(d.lo, &mut out);
            add(d.hi, &mut out);
        }
        if d.nan {
            out.push(f64::NAN);
        }
        out
    }
}

/// Solves `problem` once.
pub fn solve(problem: &Problem, options: SolveOptions) -> (Verdict, SolveStats) {
    let mut solver = Solver::new(problem, options);
    let verdict = solver.solve();
    (verdict, solver.stats)
}

/// A model other than `model` (differing in some variable): the thesis's way to get a new
/// solution for a backtracking caller (§4.3.5.4). First a random variable is required to
/// change, so successive solutions do not creep one variable by one; if that finds nothing,
/// the plain nogood decides. `problem` keeps the nogood.
pub fn solve_excluding(
    problem: &mut Problem,
    model: &Model,
    options: SolveOptions,
) -> (Verdict, SolveStats) {
    let vars: Vec<VarId> = problem.vars().collect();
    problem.exclude(&vars, model);
    if vars.len() > 1 {
        let mut rng = Rng::new(options.seed ^ 0x9e37_79b9_7f4a_7c15);
        let v = vars[(rng.next_u64() % vars.len() as u64) as usize];
        problem.push();
        let read = problem.read(v);
        let old = problem.constant(model.get(v));
        let differs = problem
            .binary(BinOp::Ne, read, old)
            .expect("a variable compares with its own type");
        problem.require(differs).expect("a comparison is boolean");
        let (verdict, stats) = solve(problem, options.clone());
        problem.pop();
        // Only a model counts: unsat here says nothing about the other variables.
        if let Verdict::Sat(_) = verdict {
            return (verdict, stats);
        }
    }
    solve(problem, options)
}
