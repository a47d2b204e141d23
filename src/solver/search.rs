//! The search: propagation to a fixed point, then decisions on the problem's variables (the
//! smallest domain first, as Godzilla's domain reduction does) and on open disjunctions, with
//! chronological backtracking on the store's trail. Each fixpoint of the local propagators
//! ends with the global one of [`linear`]: required equalities solved modulo `2^32` / `2^64`.
//!
//! A decision on a variable tries one value first (near zero, a bound, or random under the
//! seed; thesis §4.3.5.4), then the rest of the domain split in halves, so a value far from
//! the first guess is reached by bisection, not by counting. Doubles are halved by their
//! position among the doubles, not by real midpoints, so an interval shrinks to one double in
//! at most 64 splits. Every leaf (all variables fixed) is checked by evaluating the
//! constraints with Java semantics, with both signs of a zero double; only a checked model
//! is reported. The alternatives of a decision partition its domain, so exhausting the
//! search proves `Unsat`; limits end it `Unknown`. A run that hits its limits is followed by
//! a few short restarts with ties and wrap cases ordered at random ([`solve`]).

use std::collections::VecDeque;
use std::time::Instant;

use super::domain::{IntDomain, RealDomain, from_order_key, order_key};
use super::expr::{Constraint, ExprId, Model, Node, Problem, VarId};
use super::java::{BinOp, JType, Value};
use super::linear::{self, LinearSystem};
use super::propagate::{self, Conflict, Dom, Store};
use super::relations::{Case, Relations};
use crate::rng::Rng;

/// Double variables zero at one leaf beyond which not every sign combination is tried.
const MAX_ZERO_SIGNS: usize = 10;

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
    /// Backtracks before giving up with `Unknown`.
    pub backtrack_limit: u64,
    /// Propagation work before giving up with `Unknown`: one per propagator run, the
    /// relations by the inequalities each run examines and derives. A bound on work that,
    /// unlike a deadline, gives the same answer on every machine.
    pub propagation_limit: u64,
    pub deadline: Option<Instant>,
    /// Breaks ties between variables and orders wrap cases at random (seeded), so that a
    /// restart explores another part of the tree first.
    pub diversify: bool,
    /// Diversified runs after a first run that hit a limit (see [`solve`]).
    pub restarts: u32,
}

/// Restarts [`solve`] makes by default after a first run that ran out of work.
pub(crate) const RESTARTS: u32 = 2;

/// The share of a solve's limits each restart gets, as a fraction `RESTART_SHARE / 8`.
const RESTART_SHARE: u64 = 1;

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            seed: 1,
            value_choice: ValueChoice::default(),
            node_limit: 1_000_000,
            backtrack_limit: u64::MAX,
            propagation_limit: u64::MAX,
            deadline: None,
            diversify: false,
            restarts: RESTARTS,
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

impl std::ops::AddAssign for SolveStats {
    fn add_assign(&mut self, other: SolveStats) {
        self.decisions += other.decisions;
        self.backtracks += other.backtracks;
        self.propagations += other.propagations;
        self.leaves += other.leaves;
    }
}

/// What a decision restricts.
#[derive(Clone, Debug)]
enum Choice {
    Int(ExprId, IntDomain),
    Real(ExprId, RealDomain),
    /// A term of a relation is in this wrap-around case.
    Wrap(Case),
}

#[derive(Clone, Debug)]
struct Frame {
    level: usize,
    alternatives: Vec<Choice>,
    next: usize,
}

/// A solver over one problem: solve it, then ask for further distinct models.
///
/// ```
/// use roth::solver::{SolveOptions, Solver, Verdict, parse};
///
/// let p = parse("int x, y; x >= 0 && x < 3; y == 2 * x;").unwrap();
/// let mut solver = Solver::new(&p, SolveOptions::default());
/// let mut models = Vec::new();
/// // Sat while models are left, then Unsat: the enumeration was complete.
/// while let Verdict::Sat(m) = solver.next_model() {
///     assert!(p.satisfies(&m));
///     models.push(m);
/// }
/// assert_eq!(models.len(), 3);
/// ```
///
/// Limits end a search `Unknown`, never `Unsat`:
///
/// ```
/// use roth::solver::{SolveOptions, Verdict, parse, solve};
///
/// // Factoring a semiprime by bisection takes more than 50 decisions.
/// let p = parse("long x, y; x * y == 1000003L * 999983L; x > 1L; y > 1L; x < 100000000L; y < 100000000L;").unwrap();
/// let options = SolveOptions { node_limit: 50, ..SolveOptions::default() };
/// assert!(matches!(solve(&p, options).0, Verdict::Unknown(_)));
/// ```
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
    /// The comparison nodes the relations read: one that becomes fixed adds a relation, which
    /// runs at once rather than after local propagation has crawled on it.
    comparison: Vec<bool>,
    /// Comparisons between two terms of one shape (an original's output and a mutant's):
    /// asked again at the end of each fixpoint whether the search made them one term
    /// (deciding a `?:` deep inside need not change the domain of the operands' roots, so
    /// nothing else would schedule them).
    twins: Vec<ExprId>,
    /// The required constraints and the variables of nogoods: where [`Solver::active`] starts.
    roots: Vec<ExprId>,
    /// Whether variables nothing reads any more are left undecided (one model stands for all
    /// their values): right for one answer, wrong for an enumeration of every model.
    skip_unread: bool,
    /// An atom changed since the linear systems last ran.
    linear_dirty: bool,
    /// The comparisons between linear terms (their terms are marked in `linear_atom` too: one
    /// dirty flag for both global propagators).
    relations: Relations,
    /// Wrap cases decided, with the store level each was decided at.
    cases: Vec<(Case, usize)>,
    stack: Vec<Frame>,
    /// Further models found at the last leaf (the two signs of a zero double).
    pending: VecDeque<Model>,
    started: bool,
    /// Some leaf had too many zero-sign combinations to try them all: exhausting the search
    /// proves nothing.
    incomplete: bool,
    /// Each variable's rank among variables with domains of one size (empty: their order).
    rank: Vec<u32>,
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
        let relations = Relations::extract(problem);
        for a in relations.watched() {
            linear_atom[a.index()] = true;
        }
        let mut comparison = vec![false; n];
        for c in relations.comparisons() {
            comparison[c.index()] = true;
        }
        let twins = (0..n)
            .map(|i| ExprId(i as u32))
            .filter(|&e| match problem.node(e) {
                Node::Binary(op, a, b) if op.is_comparison() && a != b => {
                    match (problem.node(a), problem.node(b)) {
                        (Node::Cond(..), _) | (_, Node::Cond(..)) => true,
                        (Node::Binary(o, ..), Node::Binary(p, ..)) => o == p,
                        (Node::Unary(o, _), Node::Unary(p, _)) => o == p,
                        (Node::Cast(t, _), Node::Cast(u, _)) => t == u,
                        _ => false,
                    }
                }
                _ => false,
            })
            .collect();
        let var_nodes: Vec<ExprId> = problem.vars().map(|v| problem.read(v)).collect();
        let mut nogoods = vec![Vec::new(); n];
        for (k, c) in problem.constraints().iter().enumerate() {
            if let Constraint::Exclude(pairs) = c {
                for &(v, _) in pairs {
                    nogoods[var_nodes[v.index()].index()].push(k);
                }
            }
        }
        let mut rng = Rng::new(options.seed);
        let mut rank: Vec<u32> = Vec::new();
        if options.diversify {
            rank = (0..var_nodes.len() as u32).collect();
            shuffle(&mut rank, &mut rng);
        }
        Solver {
            problem,
            rng,
            rank,
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
            comparison,
            twins,
            roots: roots
                .iter()
                .copied()
                .chain(problem.constraints().iter().flat_map(|c| {
                    match c {
                        Constraint::Exclude(pairs) => pairs
                            .iter()
                            .map(|(v, _)| problem.read(*v))
                            .collect::<Vec<_>>(),
                        Constraint::Holds(_) => Vec::new(),
                    }
                }))
                .collect(),
            skip_unread: false,
            linear_dirty: true,
            relations,
            cases: Vec::new(),
            stack: Vec::new(),
            pending: VecDeque::new(),
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
        if let Some(model) = self.pending.pop_front() {
            return Verdict::Sat(model);
        }
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
                    Verdict::Unknown(format!(
                        "more than {MAX_ZERO_SIGNS} double variables were zero at once; \
                         not every combination of signed zeros was tried"
                    ))
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
        if self.stats.backtracks >= self.options.backtrack_limit {
            return Some(format!(
                "backtrack limit of {} reached",
                self.options.backtrack_limit
            ));
        }
        if self.stats.propagations >= self.options.propagation_limit {
            return Some(format!(
                "propagation limit of {} reached",
                self.options.propagation_limit
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
        // The global propagators first: relations decide cycles of comparisons at once, before
        // bounds propagation starts shaving them one value per round.
        for &n in &self.store.changed {
            self.linear_dirty |= self.linear_atom[n as usize];
        }
        self.run_linear()?;
        // Bounds propagation can creep (`x < y && y < x` over `long` narrows by one per
        // round); stopping early only narrows less, which is sound.
        let mut budget = PROPAGATION_BUDGET_PER_NODE * (self.problem.node_count() as u64 + 16);
        loop {
            // Past the solve's propagation limit the search gives up anyway (with `Unknown`):
            // one long fixpoint must not run far beyond it.
            if budget == 0 || self.stats.propagations >= self.options.propagation_limit {
                for &n in &self.queue {
                    self.queued[n as usize] = false;
                }
                self.queue.clear();
                self.store.changed.clear();
                // Creeping is often two congruences moving a bound in turn (`x & 3 == 1`
                // and `x & 0xFF == 0x7F`), which elimination settles at once.
                self.run_linear()?;
                self.store.changed.clear();
                return Ok(());
            }
            budget -= 1;
            let mut fixed_comparison = false;
            for n in std::mem::take(&mut self.store.changed) {
                self.linear_dirty |= self.linear_atom[n as usize];
                fixed_comparison |= self.comparison[n as usize];
                self.schedule(n);
                for k in 0..self.parents[n as usize].len() {
                    let p = self.parents[n as usize][k];
                    self.schedule(p);
                }
                if !self.nogoods[n as usize].is_empty() {
                    self.check_nogoods(n)?;
                }
            }
            if fixed_comparison {
                self.run_linear()?;
                continue;
            }
            let Some(n) = self.queue.pop_front() else {
                // The local propagators are done; the global one runs on what they left.
                self.run_linear()?;
                if self.store.changed.is_empty() {
                    for k in 0..self.twins.len() {
                        let e = self.twins[k];
                        self.stats.propagations += 1;
                        propagate::propagate(
                            self.problem,
                            &mut self.store,
                            e,
                            self.strict[e.index()],
                        )?;
                    }
                    if self.store.changed.is_empty() {
                        return Ok(());
                    }
                }
                continue;
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

    /// Runs the global propagators (linear systems, relations) when one of their atoms
    /// changed since they last ran.
    fn run_linear(&mut self) -> Result<(), Conflict> {
        if self.linear_dirty {
            self.linear_dirty = false;
            for system in &self.linear {
                self.stats.propagations += 1;
                system.propagate(&mut self.store)?;
            }
            if !self.relations.is_empty() {
                let cases: Vec<Case> = self.cases.iter().map(|c| c.0).collect();
                let r = self.relations.propagate(&mut self.store, &cases);
                // Charged by its work (inequalities examined and derived): one round over
                // many costs as much as as many single propagations.
                self.stats.propagations += *r.as_ref().unwrap_or(&1);
                r?;
            }
        }
        Ok(())
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
                    let mut models = self.leaf_models().into_iter();
                    let first = models.next();
                    self.pending.extend(models);
                    return first;
                }
            }
        }
    }

    /// Applies the next alternative of the top frame; false on conflict.
    fn apply_next(&mut self) -> bool {
        let frame = self.stack.last_mut().expect("a frame");
        let choice = frame.alternatives[frame.next].clone();
        frame.next += 1;
        let level = frame.level;
        self.undo_to(level);
        self.store.push_level();
        let result = match choice {
            Choice::Int(e, d) => self.store.narrow_int(e, &d),
            Choice::Real(e, d) => self.store.narrow_real(e, &d),
            Choice::Wrap(case) => {
                self.cases.push((case, self.store.level()));
                // The relations read the new case on their next run.
                self.linear_dirty = true;
                Ok(())
            }
        };
        result.and_then(|()| self.fixpoint()).is_ok()
    }

    /// Restores the store to `level`, and forgets the wrap cases decided above it.
    fn undo_to(&mut self, level: usize) {
        self.store.backtrack_to(level);
        self.cases.retain(|&(_, l)| l <= level);
        self.linear_dirty = true;
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
            self.undo_to(frame.level);
        }
    }

    /// The models at a leaf that satisfy every constraint: each variable's single value,
    /// and for a double whose interval is zero, both `0.0` and `-0.0` (the domains do not
    /// tell them apart, Java does: `1.0 / d`).
    fn leaf_models(&mut self) -> Vec<Model> {
        let mut values = Vec::with_capacity(self.var_nodes.len());
        let mut zeros = Vec::new();
        let active = self.active();
        for v in self.problem.vars() {
            let node = self.var_nodes[v.index()];
            let ty = self.problem.var_type(v);
            values.push(match self.store.dom(node) {
                // A variable nothing reads any more: any value of its domain.
                Dom::Int(d) if !active[node.index()] => Value::Int(ty, d.nearest(0)),
                Dom::Real(d) if !active[node.index()] => Value::Double(if d.has_numbers() {
                    0.0f64.clamp(d.lo, d.hi)
                } else {
                    f64::NAN
                }),
                Dom::Int(d) => match d.value() {
                    Some(i) => Value::Int(ty, i),
                    None => return Vec::new(),
                },
                Dom::Real(d) => {
                    if d.nan && !d.has_numbers() {
                        Value::Double(f64::NAN)
                    } else if d.nan || d.lo != d.hi {
                        return Vec::new();
                    } else {
                        if d.lo == 0.0 {
                            zeros.push(v.index());
                        }
                        Value::Double(d.lo)
                    }
                }
            });
        }
        if zeros.len() > MAX_ZERO_SIGNS {
            self.incomplete = true;
            zeros.clear();
        }
        let mut models = Vec::new();
        for signs in 0u32..1 << zeros.len() {
            let mut values = values.clone();
            for (k, &i) in zeros.iter().enumerate() {
                let zero = if signs >> k & 1 == 1 { -0.0 } else { 0.0 };
                values[i] = Value::Double(zero);
            }
            let model = Model { values };
            if self.problem.satisfies(&model) {
                models.push(model);
            }
        }
        models
    }

    /// The nodes the constraints still read under the store: below a `?:` whose condition is
    /// decided only the branch it takes, below a `&&` or `||` whose left operand decides it
    /// not the right one. A variable outside is never read (Java evaluates neither untaken
    /// branches nor short-circuited operands), so deciding it would only multiply leaves
    /// that fail or succeed alike (a region's outputs read a local only on some paths).
    fn active(&self) -> Vec<bool> {
        if !self.skip_unread {
            return vec![true; self.problem.node_count()];
        }
        let mut seen = vec![false; self.problem.node_count()];
        let mut stack = self.roots.clone();
        while let Some(e) = stack.pop() {
            if std::mem::replace(&mut seen[e.index()], true) {
                continue;
            }
            let decided = |x: ExprId| self.store.int(x).value();
            match self.problem.node(e) {
                Node::Cond(c, a, b) => {
                    stack.push(c);
                    match decided(c) {
                        Some(1) => stack.push(a),
                        Some(_) => stack.push(b),
                        None => stack.extend([a, b]),
                    }
                }
                Node::Binary(op @ (BinOp::LogicalAnd | BinOp::LogicalOr), a, b) => {
                    stack.push(a);
                    let short = i64::from(op == BinOp::LogicalOr);
                    if decided(a) != Some(short) {
                        stack.push(b);
                    }
                }
                node => stack.extend(propagate::operands(node)),
            }
        }
        seen
    }

    /// The next decision: the open variable (or open disjunction) with the smallest domain.
    fn pick(&mut self) -> Option<Frame> {
        // A sum in a relation that may wrap gets its wrap case first: in each case the
        // relation is plain linear arithmetic.
        let cases: Vec<Case> = self.cases.iter().map(|c| c.0).collect();
        if let Some((node, mut feasible)) = self.relations.undecided_case(&self.store, &cases) {
            if self.options.diversify {
                // The case in range is not always the one with models (a sum that must
                // wrap for the mutant to end its loop).
                shuffle(&mut feasible, &mut self.rng);
            }
            let level = self.store.level();
            return Some(Frame {
                level,
                alternatives: feasible
                    .into_iter()
                    .map(|w| Choice::Wrap((node, w)))
                    .collect(),
                next: 0,
            });
        }
        let active = self.active();
        let mut best: Option<(u128, usize, ExprId)> = None;
        let mut consider = |size: u128, rank: usize, e: ExprId| {
            if best.is_none_or(|(s, r, _)| (size, rank) < (s, r)) {
                best = Some((size, rank, e));
            }
        };
        // Open disjunctions first among equals: their operands are the clauses to choose.
        for (i, _) in active.iter().enumerate().filter(|&(_, &a)| a) {
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
            // An open `c ? a : b`: choosing `c` makes the node its branch, for the relations
            // too (a region's merged paths, one path per choice).
            if let Node::Cond(c, _, _) = self.problem.node(e)
                && self.store.int(c).value().is_none()
            {
                consider(2, 1, c);
            }
            // A fixed `p != q` or `p == q` between two open booleans (a condition and its
            // mutant): choosing `p` makes `q` follow, and each comparison a relation.
            if let Node::Binary(BinOp::Eq | BinOp::Ne, a, b) = self.problem.node(e)
                && self.problem.ty(a) == JType::Boolean
                && self.store.int(e).value().is_some()
                && self.store.int(a).value().is_none()
                && self.store.int(b).value().is_none()
            {
                consider(2, 0, a);
            }
        }
        for (k, &node) in self.var_nodes.iter().enumerate() {
            if !active[node.index()] {
                continue;
            }
            let size = match self.store.dom(node) {
                Dom::Int(d) => d.size(),
                // A zero interval is one value here; the leaf tries both signs.
                Dom::Real(d) => d.count(),
            };
            if size > 1 {
                // Ties between variables go by their order, or at random (seeded) when the
                // value choice is.
                let rank = self.rank.get(k).map_or(k, |&r| r as usize);
                consider(size, rank + 2, node);
            }
        }
        let (_, _, e) = best?;
        let level = self.store.level();
        Some(match self.store.dom(e).clone() {
            Dom::Int(d) => Frame {
                level,
                alternatives: self.int_alternatives(e, &d),
                next: 0,
            },
            Dom::Real(d) => Frame {
                level,
                alternatives: self.real_alternatives(e, &d),
                next: 0,
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

    /// Like an integer decision: one value first, then the other doubles of the interval in
    /// pieces, split at the middle position (doubles, not reals, are halved, so a piece
    /// shrinks to a single double within 64 splits), then NaN. The pieces partition the
    /// domain, so exhausting them proves there is no model.
    fn real_alternatives(&mut self, e: ExprId, d: &RealDomain) -> Vec<Choice> {
        let mut alternatives = Vec::new();
        if d.has_numbers() {
            let first = self.first_real(d);
            alternatives.push(Choice::Real(e, RealDomain::singleton(first)));
            let middle = from_order_key(order_key(d.lo) + (order_key(d.hi) - order_key(d.lo)) / 2);
            let mut pieces: Vec<(f64, f64)> = Vec::new();
            for (lo, hi) in [(first.next_up(), d.hi), (d.lo, first.next_down())] {
                if lo > hi {
                    continue;
                }
                if lo <= middle && middle < hi {
                    let (near, far) = ((lo, middle), (middle.next_up(), hi));
                    // The piece next to the first value first.
                    if lo > first {
                        pieces.extend([near, far]);
                    } else {
                        pieces.extend([far, near]);
                    }
                } else {
                    pieces.push((lo, hi));
                }
            }
            if self.options.value_choice == ValueChoice::Random {
                shuffle(&mut pieces, &mut self.rng);
            }
            alternatives.extend(
                pieces
                    .into_iter()
                    .map(|(lo, hi)| Choice::Real(e, RealDomain::interval(lo, hi))),
            );
        }
        if d.nan {
            alternatives.push(Choice::Real(e, RealDomain::singleton(f64::NAN)));
        }
        alternatives
    }

    /// The first double to try: the simplest one near zero (an integer if the interval holds
    /// one, else the fraction with the fewest binary digits), the lower bound, or a random
    /// double, as the options say.
    fn first_real(&mut self, d: &RealDomain) -> f64 {
        let (lo, hi) = (d.lo, d.hi);
        let x = match self.options.value_choice {
            ValueChoice::Min => lo,
            ValueChoice::Random => {
                let (a, b) = (order_key(lo), order_key(hi));
                let span = (b - a) as u128 + 1;
                from_order_key(a + ((self.rng.next_u64() as u128) % span) as u64)
            }
            ValueChoice::NearZero => {
                if lo <= 0.0 && 0.0 <= hi {
                    0.0
                } else {
                    // Scaling by a power of two is exact, so these stay in the interval.
                    let mut found = if lo > 0.0 { lo } else { hi };
                    for k in 0..=2097 {
                        let step = 2f64.powi(1023 - k).max(f64::from_bits(1));
                        let x = if lo > 0.0 {
                            (lo / step).ceil() * step
                        } else {
                            (hi / step).floor() * step
                        };
                        if x.is_finite() && lo <= x && x <= hi {
                            found = x;
                            break;
                        }
                    }
                    found
                }
            }
        };
        if x == 0.0 { 0.0 } else { x }
    }
}

/// Puts `items` in a random order (Fisher–Yates, from `rng`).
fn shuffle<T>(items: &mut [T], rng: &mut Rng) {
    for k in (1..items.len()).rev() {
        let j = (rng.next_u64() % (k as u64 + 1)) as usize;
        items.swap(j, k);
    }
}

/// Solves `problem`: a first run in the usual order, and when it runs out of work (decisions,
/// backtracks or propagations, not time), `options.restarts` more runs with ties between
/// variables and the order of wrap cases drawn at random from seeds derived from
/// `options.seed`. A depth-first search can sink into a part of the tree with no model that
/// propagation cannot refute (a loop that ends only if a sum wraps: every value of the case
/// "no wrap" must be tried and fails); a restart that takes another branch first gets out.
/// The first run has the whole limits, so whatever it decides is decided as without restarts
/// (measured: taking the restarts' share from it left two killable mutants of the shipped
/// programs without a test);
/// each restart gets an eighth of them more. Every run's search is complete over the whole
/// domain, so `Unsat` from any of them is a proof; a model from any is checked.
pub fn solve(problem: &Problem, options: SolveOptions) -> (Verdict, SolveStats) {
    if options.restarts == 0 {
        return solve_once(problem, options);
    }
    let share = |limit: u64, part: u64| {
        if limit == u64::MAX {
            limit
        } else {
            (limit / 8 * part).max(1)
        }
    };
    let mut total = SolveStats::default();
    let mut first_reason = None;
    for run in 0..=options.restarts {
        let part = if run == 0 { 8 } else { RESTART_SHARE };
        let run_options = SolveOptions {
            seed: options.seed ^ u64::from(run).wrapping_mul(0x9e37_79b9_7f4a_7c15),
            node_limit: share(options.node_limit, part),
            backtrack_limit: share(options.backtrack_limit, part),
            propagation_limit: share(options.propagation_limit, part),
            diversify: options.diversify || run > 0,
            restarts: 0,
            ..options.clone()
        };
        let (verdict, stats) = solve_once(problem, run_options);
        total += stats;
        match verdict {
            Verdict::Unknown(reason) => {
                let timed_out = options.deadline.is_some_and(|d| Instant::now() >= d);
                let reason = first_reason.get_or_insert(reason).clone();
                if timed_out || run == options.restarts {
                    return (Verdict::Unknown(reason), total);
                }
            }
            decided => return (decided, total),
        }
    }
    unreachable!("the last run returns")
}

/// Solves `problem` with one run of the search.
fn solve_once(problem: &Problem, options: SolveOptions) -> (Verdict, SolveStats) {
    // Terms no constraint reaches cost setup and search time for nothing: a problem that
    // holds many questions' terms is solved on the current question's cone. Variables
    // outside it are free; they get their type's zero.
    let reached = problem.cone().iter().filter(|&&r| r).count();
    if reached * 4 < problem.node_count() * 3 {
        let (small, var_map) = problem.restricted();
        let (verdict, stats) = solve_parts(&small, options);
        return (lift(problem, verdict, &var_map), stats);
    }
    solve_parts(problem, options)
}

/// A model of the restriction of `problem` (its variables mapped by `var_map`) as a model of
/// `problem`: variables outside the restriction get their type's zero.
fn lift(problem: &Problem, verdict: Verdict, var_map: &[Option<VarId>]) -> Verdict {
    match verdict {
        Verdict::Sat(model) => Verdict::Sat(Model {
            values: problem
                .vars()
                .zip(var_map)
                .map(|(v, m)| match m {
                    Some(nv) => model.get(*nv),
                    None => zero(problem.var_type(v)),
                })
                .collect(),
        }),
        other => other,
    }
}

/// The value a variable no constraint reads is given: its type's zero.
fn zero(ty: JType) -> Value {
    match ty {
        JType::Double => Value::Double(0.0),
        t => Value::Int(t, 0),
    }
}

/// One search over all of `problem` (variables nothing reads left undecided).
fn search(problem: &Problem, options: SolveOptions) -> (Verdict, SolveStats) {
    let mut solver = Solver::new(problem, options);
    solver.skip_unread = true;
    let verdict = solver.solve();
    (verdict, solver.stats)
}

/// Solves `problem` one [component](Problem::components) at a time, when its constraints
/// fall into groups that share no variable: a depth-first search over all of them at once
/// backtracks through the decisions of a satisfiable group to refute an unsatisfiable one
/// (a double that must not be zero beside a question with no model: every split of the
/// double's domain refutes the question again). Components are solved smallest first; one
/// without a model ends the solve `Unsat`, whatever the others; the limits are shared.
fn solve_parts(problem: &Problem, options: SolveOptions) -> (Verdict, SolveStats) {
    let Some(parts) = problem.components() else {
        return search(problem, options);
    };
    let mut total = SolveStats::default();
    let mut values: Vec<Option<Value>> = vec![None; problem.var_count()];
    let mut unknown = None;
    for roots in &parts {
        let left = |limit: u64, used: u64| {
            if limit == u64::MAX {
                limit
            } else {
                limit.saturating_sub(used).max(1)
            }
        };
        let part_options = SolveOptions {
            node_limit: left(options.node_limit, total.decisions),
            backtrack_limit: left(options.backtrack_limit, total.backtracks),
            propagation_limit: left(options.propagation_limit, total.propagations),
            ..options.clone()
        };
        let (small, var_map) = problem.restricted_to(roots);
        let (verdict, stats) = search(&small, part_options);
        total += stats;
        match verdict {
            Verdict::Unsat => return (Verdict::Unsat, total),
            Verdict::Unknown(why) => {
                unknown.get_or_insert(why);
            }
            Verdict::Sat(model) => {
                for (v, m) in var_map.iter().enumerate() {
                    if let Some(nv) = m {
                        values[v] = Some(model.get(*nv));
                    }
                }
            }
        }
    }
    if let Some(why) = unknown {
        return (Verdict::Unknown(why), total);
    }
    let model = Model {
        values: problem
            .vars()
            .map(|v| values[v.index()].unwrap_or(zero(problem.var_type(v))))
            .collect(),
    };
    // Each part's model was checked on its part; the whole is checked too (a part's zero
    // doubles were tried with both signs on their own).
    if problem.satisfies(&model) {
        (Verdict::Sat(model), total)
    } else {
        let (verdict, stats) = search(problem, options);
        total += stats;
        (verdict, total)
    }
}

/// A model other than `model` (differing in some variable): the thesis's way to get a new
/// solution for a backtracking caller (§4.3.5.4). First a random variable is required to
/// change, so successive solutions do not creep one variable by one; if that finds nothing,
/// the plain nogood decides. `problem` keeps the nogood.
///
/// ```
/// use roth::solver::{SolveOptions, Verdict, parse, solve, solve_excluding};
///
/// let mut p = parse("int x, y; x + y == 10; x >= 0 && y >= 0;").unwrap();
/// let Verdict::Sat(first) = solve(&p, SolveOptions::default()).0 else { panic!() };
/// let Verdict::Sat(second) = solve_excluding(&mut p, &first, SolveOptions::default()).0
/// else {
///     panic!()
/// };
/// assert_ne!(first, second);
/// assert!(p.satisfies(&second));
/// ```
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
