//! The local proofs over regions ([Zhang 2021] ch. 2; [Offutt & Pan 1997]): a
//! [`MethodProver`] keeps one method's original region terms, its liveness and the facts at
//! each statement (zones and guards), and asks of each mutant, in order: whether any input
//! reaches the mutated code ([`Rule::Reachability`]); the dead-cell rule; then, up the ladder
//! of regions from the minimal one to the whole method, whether any input of the region,
//! constrained by the facts at its entry, tells the original's outputs from the mutant's
//! ([`Rule::Region`], [`Rule::WholeMethod`]; a region that starts at the method's entry
//! and tells them apart gives a witness the caller runs, [`Local::Killable`]); last the
//! dead-update and stutter rules. Each way of telling the two apart is asked of the solver
//! alone, and only an `Unsat` for every one is a proof.

use hashbrown::HashMap;

use crate::program::mutants::mutant::Mutant;
use crate::program::reader::ir::{Body, Expr, ExprKind, Stmt, Type, Unit};

use super::Rule;

/// What the local analysis says about one mutant.
#[derive(Clone, Debug)]
pub enum Local {
    Equivalent(Rule),
    /// A region's witness, extended to the method's inputs, that the caller's run confirmed
    /// tells the mutant apart.
    Killable(crate::program::proofs::symbolic::Witness),
    /// No region proves it; the reason for the widest region tried.
    Open(String),
}

/// Limits of the local analysis.
#[derive(Clone, Debug)]
pub struct ProveOptions {
    /// Solver decisions per region question.
    pub node_limit: u64,
    /// Iterations of each loop unwound inside a region.
    pub unroll: usize,
    /// Solver nodes a region's question may have (larger regions are not tried).
    pub max_terms: usize,
    /// Propagation work per region question (see `SolveOptions::propagation_limit`).
    pub propagation_limit: u64,
}

impl Default for ProveOptions {
    fn default() -> ProveOptions {
        ProveOptions {
            node_limit: 1_000,
            unroll: 4,
            max_terms: 4_000,
            propagation_limit: 80_000,
        }
    }
}

/// Solver decisions to decide whether a loop region may enter an iteration.
const PRUNE_DECISIONS: u64 = 50;
/// Propagations for all the pruning questions of one loop region's build.
const PRUNE_BUDGET: u64 = 20_000;

/// The longest array a witness may ask for (a test with a longer one is not worth writing).
const MAX_WITNESS_LENGTH: i64 = 64;

/// A region's answer.
pub(super) enum Check {
    Proved,
    /// Told apart; the model's method inputs when the region starts at the method's entry.
    Told(Option<crate::program::proofs::symbolic::Witness>),
}

/// Why a region gave no answer.
pub(super) enum Refused {
    /// Its terms exceed the size limit.
    TooLarge(usize),
    Other(String),
}

impl From<String> for Refused {
    fn from(why: String) -> Refused {
        Refused::Other(why)
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::TooLarge(limit) => write!(f, "the region's terms exceed {limit} nodes"),
            Refused::Other(why) => f.write_str(why),
        }
    }
}

/// Proves mutants of one method equivalent, region by region ([Zhang 2021] ch. 2): the original's
/// region terms are built once and kept for every mutant of the method; each mutant's region
/// is built in a solver scope and taken back.
pub struct MethodProver<'u> {
    pub(super) body: &'u Body,
    pub(super) params: &'u [Type],
    pub(super) executor: crate::program::proofs::symbolic::Executor<'u>,
    pub(super) liveness: crate::program::proofs::regions::Liveness,
    pub(super) facts: crate::program::proofs::zones::Facts,
    pub(super) originals:
        HashMap<(u32, u32, u8), Result<crate::program::proofs::symbolic::State, String>>,
    pub(super) options: ProveOptions,
    /// Whether the class calls this method (its regions may then run several times per test).
    pub(super) called: bool,
    /// Whether the method is a constructor.
    pub(super) constructor: bool,
    pub(super) unit: &'u Unit,
    /// Regions a subsumption question found over the size limit (the next question about the
    /// same region would be as large: not asked again).
    pub(super) too_large: hashbrown::HashSet<(u32, u32)>,
}

impl<'u> MethodProver<'u> {
    /// `None` when the method has no supported body, or is one the local analysis leaves
    /// alone ([`Unit::proofs_decline`]).
    pub fn new(
        unit: &'u Unit,
        class: u32,
        method: u32,
        options: ProveOptions,
    ) -> Option<MethodProver<'u>> {
        let m = &unit.classes[class as usize].methods[method as usize];
        let body = m.body.as_ref().ok()?;
        if unit.proofs_decline(class, method).is_some() {
            return None;
        }
        let types = body.locals.iter().map(|l| l.ty.clone()).collect();
        let mut executor =
            crate::program::proofs::symbolic::Executor::new(unit, types, m.ret.clone());
        executor.unroll = options.unroll;
        Some(MethodProver {
            body,
            params: &m.params,
            executor,
            liveness: crate::program::proofs::regions::Liveness::new(
                &crate::program::model::cfg::Cfg::new(unit, class, method)?,
                body,
            ),
            facts: crate::program::proofs::zones::Facts::of(unit, body),
            originals: HashMap::new(),
            options,
            called: is_called(unit, class, method),
            constructor: m.is_constructor,
            unit,
            too_large: hashbrown::HashSet::new(),
        })
    }

    /// The local analysis of mutant `m` (of this method). When a region that starts at the
    /// method's entry tells the two apart, its witness is offered to `confirm` (which runs it);
    /// a confirmed witness makes the mutant killable, an unconfirmed one widens the region.
    pub fn prove(
        &mut self,
        m: &Mutant,
        confirm: &mut dyn FnMut(&crate::program::proofs::symbolic::Witness) -> bool,
    ) -> Local {
        self.prove_up_to(m, confirm, usize::MAX)
    }

    /// The local analysis of mutant `m` in its regions up to depth `deepest` only, never the
    /// whole method: the ROA-level check [Zhang 2021] runs at the start of the D-algorithm's
    /// excitation subtask (§5.2.2), cheap beside a search. `Some` rule when proved equivalent.
    pub(crate) fn prove_in_regions(&mut self, m: &Mutant, deepest: usize) -> Option<Rule> {
        match self.prove_up_to(m, &mut |_| false, deepest) {
            Local::Equivalent(rule) => Some(rule),
            Local::Killable(_) | Local::Open(_) => None,
        }
    }

    fn prove_up_to(
        &mut self,
        m: &Mutant,
        confirm: &mut dyn FnMut(&crate::program::proofs::symbolic::Witness) -> bool,
        deepest: usize,
    ) -> Local {
        use crate::program::proofs::regions::{Part, find_again, ladder};
        let Some(mutated) = m.mutated.as_ref() else {
            return Local::Open("the mutant has no checked method".into());
        };
        let Ok(mutant_body) = &mutated.body else {
            return Local::Open("the mutant's method is not supported".into());
        };
        let site = (m.start, m.end);
        if self.facts.unreachable(site) {
            return Local::Equivalent(Rule::Reachability);
        }
        if self.dead_cell(m, mutant_body) {
            return Local::Equivalent(Rule::DeadCell);
        }
        let body = self.body;
        let parts = ladder(body, site);
        let delta = m.replacement.len() as i64 - (m.end as i64 - m.start as i64);
        let mut reason = String::from("no region around the mutated code");
        for (depth, part) in parts.iter().enumerate() {
            let whole = matches!(part, Part::Stmts(s) if s.len() == body.stmts.len()
                && std::ptr::eq(s.as_ptr(), body.stmts.as_ptr()));
            if depth > deepest || (whole && deepest != usize::MAX) {
                break;
            }
            let Some(again) = find_again(mutant_body, part, (m.start, m.end), delta) else {
                reason = format!("region {depth} not found in the mutant");
                continue;
            };
            let span = part.span();
            let live = match part {
                Part::Expr { .. } => None,
                Part::Stmts(_) | Part::Loop(_) => Some(self.liveness.after(span)),
            };
            match self.check(part, &[again], live, 1) {
                Ok(Check::Proved) => {
                    return Local::Equivalent(if whole && depth > 0 {
                        Rule::WholeMethod
                    } else {
                        Rule::Region(depth)
                    });
                }
                Ok(Check::Told(witness)) => {
                    if let Some(w) = witness
                        && confirm(&w)
                    {
                        return Local::Killable(w);
                    }
                    reason = format!("told apart in every region up to depth {depth}")
                }
                Err(why) => reason = why.to_string(),
            }
        }
        if self.dead_update(m, mutant_body) {
            return Local::Equivalent(Rule::DeadUpdate);
        }
        if deepest == usize::MAX && self.stutter(m, mutant_body) {
            return Local::Equivalent(Rule::Stutter);
        }
        Local::Open(reason)
    }

    /// Asks the region `part` about its versions in the mutants: with one version, whether
    /// any input tells the original and that mutant apart (equivalence); with two, `k` and
    /// `j`, whether any input tells `k` from the original and `j` from `k` (subsumption).
    /// The solver searches for `1 / share` of the options' limits.
    pub(super) fn check(
        &mut self,
        part: &crate::program::proofs::regions::Part<'_>,
        versions: &[crate::program::proofs::regions::Part<'_>],
        live: Option<Vec<crate::program::reader::ir::LocalId>>,
        share: u64,
    ) -> Result<Check, Refused> {
        use crate::program::proofs::regions::Part;
        use crate::program::proofs::symbolic::TIE_ROUNDS;
        use crate::solver::{SolveOptions, Verdict};
        let (start, end) = part.span();
        let key = (
            start,
            end,
            match part {
                Part::Stmts(_) => 0u8,
                Part::Expr { .. } => 1,
                Part::Loop(_) => 2,
            },
        );
        // A constructor's fields are known where it starts (the object is new).
        let at_start = match part {
            Part::Stmts(s) => std::ptr::eq(s.as_ptr(), self.body.stmts.as_ptr()),
            Part::Expr {
                stmt,
                point: crate::program::proofs::regions::Point::Entry,
                ..
            } => self
                .body
                .stmts
                .first()
                .is_some_and(|f| std::ptr::eq(*stmt, f)),
            _ => false,
        };
        self.executor.constructing = self.constructor && at_start;
        // A loop region is built under its entry constraints (pruned), so per mutant.
        let is_loop = matches!(part, Part::Loop(_));
        if !is_loop && !self.originals.contains_key(&key) {
            let built = Self::run_with(&mut self.executor, part).map_err(|e| e.0);
            self.originals.insert(key, built);
        }
        let ex = &mut self.executor;
        let checkpoint = ex.checkpoint();
        let point = match part {
            Part::Expr { point, .. } => *point,
            Part::Stmts(_) => crate::program::proofs::regions::Point::Entry,
            Part::Loop(_) => crate::program::proofs::regions::Point::Head,
        };
        let cached = (!is_loop).then(|| self.originals[&key].clone());
        // A model of a region that starts where the method does is a model of the method's
        // inputs (only an equivalence question's model is a test).
        let at_entry = versions.len() == 1 && matches!(part, Part::Stmts(_)) && at_start;
        let params = self.params;
        let max_terms = self.options.max_terms;
        let refusal = |ex: &crate::program::proofs::symbolic::Executor<'_>,
                       e: crate::program::proofs::symbolic::Unsupported| {
            if ex.too_large {
                Refused::TooLarge(max_terms)
            } else {
                Refused::Other(e.0)
            }
        };
        let answer = (|| -> Result<Check, Refused> {
            ex.too_large = false;
            let mut a = match (part, versions, cached) {
                (_, _, Some(original)) => original?,
                (Part::Loop(o), [Part::Loop(m)], None) => {
                    // The region starts at the first evaluation of the condition that
                    // differs; each version's loop is built knowing it, iterations it rules
                    // out left away.
                    self.facts.constrain(ex, part.first(), point);
                    crate::program::proofs::guards::constrain(ex, self.body, part.first(), point);
                    let infected = Self::conditions_differ(ex, o, m).map_err(|e| e.0)?;
                    ex.problem.require(infected).map_err(|e| e.to_string())?;
                    ex.prune = Some(crate::program::proofs::symbolic::Prune {
                        decisions: PRUNE_DECISIONS,
                        max_terms,
                        budget: PRUNE_BUDGET,
                    });
                    Self::run_with(ex, part).map_err(|e| refusal(ex, e))?
                }
                _ => {
                    return Err("a loop region is asked about one mutant at a time"
                        .to_string()
                        .into());
                }
            };
            let mut states = Vec::with_capacity(versions.len());
            for v in versions {
                states.push(Self::run_with(ex, v).map_err(|e| refusal(ex, e))?);
            }
            ex.prune = None;
            let live = match live {
                Some(l) => l,
                // An expression's region: every local any version assigned is an output.
                None => {
                    let mut l: Vec<_> = a.assigned().collect();
                    for b in &states {
                        l.extend(b.assigned());
                    }
                    l.sort_by_key(|x| x.0);
                    l.dedup();
                    l
                }
            };
            let mut differ = outputs_differ(ex, &mut a, &mut states[0], &live)?;
            if let [k, j] = &mut states[..] {
                let d = outputs_differ(ex, k, j, &live)?;
                differ = ex.and(differ, d);
            }
            // (A loop region was constrained before its build, to prune it; again now for
            // the inputs the build read.)
            self.facts.constrain(ex, part.first(), point);
            crate::program::proofs::guards::constrain(ex, self.body, part.first(), point);
            // The question's own terms (the problem also keeps other regions' originals).
            ex.problem.push();
            ex.problem.require(differ).map_err(|e| e.to_string())?;
            let size = ex.problem.cone().iter().filter(|&&r| r).count();
            ex.problem.pop();
            if size > self.options.max_terms {
                return Err(Refused::TooLarge(self.options.max_terms));
            }
            let options = SolveOptions {
                node_limit: (self.options.node_limit / share).max(1),
                backtrack_limit: 2 * (self.options.node_limit / share).max(1),
                propagation_limit: (self.options.propagation_limit / share).max(1),
                ..SolveOptions::default()
            };
            // Each way of telling the two apart (each top-level disjunct: the exit, the
            // returned value, one output, one cell) is asked alone: a depth-first search that
            // is stuck in one disjunct never reaches the next, and most are refuted by
            // propagation alone. Proved only when every one is unsat.
            let mut ways = Vec::new();
            disjuncts(&ex.problem, differ, &mut ways);
            let mut gave_up = None;
            let mut told_without_test = false;
            // A test must tell them apart with every loop finished within the unwinding
            // bound; at the method's entry, such a model is asked for first.
            let finished = if at_entry {
                let b = &states[0];
                let (x, y) = (ex.not(a.incomplete), ex.not(b.incomplete));
                Some(ex.and(x, y))
            } else {
                None
            };
            for way in ways {
                if let Some(finished) = finished {
                    ex.problem.push();
                    ex.problem.require(way).map_err(|e| e.to_string())?;
                    ex.problem.require(finished).map_err(|e| e.to_string())?;
                    let verdict = ex.solve_tied(options.clone(), TIE_ROUNDS).0;
                    let witness = match verdict {
                        Verdict::Sat(m) => ex.witness(&m, params, MAX_WITNESS_LENGTH),
                        _ => None,
                    };
                    ex.problem.pop();
                    if let Some(w) = witness {
                        return Ok(Check::Told(Some(w)));
                    }
                }
                ex.problem.push();
                ex.problem.require(way).map_err(|e| e.to_string())?;
                let verdict = ex.solve_tied(options.clone(), TIE_ROUNDS).0;
                ex.problem.pop();
                match verdict {
                    Verdict::Unsat => {}
                    Verdict::Unknown(why) => {
                        gave_up.get_or_insert(why);
                    }
                    // No test from this way of telling them apart (at the entry): another
                    // way may give one.
                    Verdict::Sat(_) if at_entry => told_without_test = true,
                    Verdict::Sat(_) => return Ok(Check::Told(None)),
                }
            }
            match gave_up {
                _ if told_without_test => Ok(Check::Told(None)),
                None => Ok(Check::Proved),
                Some(why) => Err(format!("the solver gave up: {why}").into()),
            }
        })();
        ex.prune = None;
        ex.rollback(checkpoint);
        answer
    }

    fn run_with(
        ex: &mut crate::program::proofs::symbolic::Executor<'_>,
        part: &crate::program::proofs::regions::Part<'_>,
    ) -> Result<
        crate::program::proofs::symbolic::State,
        crate::program::proofs::symbolic::Unsupported,
    > {
        use crate::program::proofs::regions::Part;
        let mut st = ex.entry()?;
        match part {
            Part::Expr { expr, .. } => {
                let v = ex.eval(&mut st, expr, None)?;
                st.value = Some(v);
            }
            Part::Stmts(stmts) => ex.exec_all(&mut st, stmts)?,
            Part::Loop(s) => ex.loop_from_head(&mut st, s)?,
        }
        Ok(st)
    }

    /// A term true when loop conditions `o` (original) and `m` (mutant), evaluated from one
    /// state at the head, differ in value or in how their evaluation ends.
    fn conditions_differ(
        ex: &mut crate::program::proofs::symbolic::Executor<'_>,
        o: &Stmt,
        m: &Stmt,
    ) -> Result<crate::solver::ExprId, crate::program::proofs::symbolic::Unsupported> {
        use crate::program::proofs::regions::loop_condition;
        let (Some(co), Some(cm)) = (loop_condition(o), loop_condition(m)) else {
            return Err(crate::program::proofs::symbolic::Unsupported(
                "a loop without a condition".into(),
            ));
        };
        if co.has_effects() || cm.has_effects() {
            // An evaluation of equal value could still leave different states: the first
            // evaluation that differs in value need not be the first that differs.
            return Err(crate::program::proofs::symbolic::Unsupported(
                "a loop condition with side effects".into(),
            ));
        }
        let mut a = ex.entry()?;
        let x = ex.eval(&mut a, co, None)?;
        let mut b = ex.entry()?;
        let y = ex.eval(&mut b, cm, None)?;
        let values = ex.differs(x, y)?;
        let exits = ex
            .problem
            .binary(crate::solver::BinOp::Ne, a.exit, b.exit)
            .map_err(crate::program::proofs::symbolic::Unsupported::from)?;
        Ok(ex.or(values, exits))
    }
}

/// The top-level disjuncts of `e` (`e` itself when it is no `||`).
pub(crate) fn disjuncts(
    problem: &crate::solver::Problem,
    e: crate::solver::ExprId,
    out: &mut Vec<crate::solver::ExprId>,
) {
    match problem.node(e) {
        crate::solver::Node::Binary(crate::solver::BinOp::LogicalOr, a, b) => {
            disjuncts(problem, a, out);
            disjuncts(problem, b, out);
        }
        _ => out.push(e),
    }
}

/// Everything by which two versions of a region can be told apart after it: its outputs
/// (see [`crate::program::proofs::symbolic::Executor::distinguish`]) and, for an expression's
/// region, its value.
fn outputs_differ(
    ex: &mut crate::program::proofs::symbolic::Executor<'_>,
    a: &mut crate::program::proofs::symbolic::State,
    b: &mut crate::program::proofs::symbolic::State,
    live: &[crate::program::reader::ir::LocalId],
) -> Result<crate::solver::ExprId, String> {
    let mut differ = ex.distinguish(a, b, live).map_err(|e| e.0)?;
    match (a.value, b.value) {
        (None, None) => {}
        (Some(x), Some(y)) => {
            // The value is read only when the region completes normally (the exits are
            // compared above: when `a` goes on and `b` not, they differ anyway).
            let d = ex.differs(x, y).map_err(|e| e.0)?;
            let on = ex.goes_on(a).map_err(|e| e.0)?;
            let d = ex.and(on, d);
            differ = ex.or(differ, d);
        }
        _ => return Err("one version of the region has a value, the other not".into()),
    }
    Ok(differ)
}

/// Whether any method of the unit, or a field's initializer, calls method `method` of class
/// `class`.
fn is_called(unit: &Unit, class: u32, method: u32) -> bool {
    let me = unit.method(class, method);
    // A call of the method itself, a method reference to it, or (for an instance method) a
    // virtual call of a method of its name, which may dispatch to it: the library's code
    // (a sort calling `compareTo`) counts, it is part of the unit.
    let target = |e: &Expr| match &e.kind {
        ExprKind::Call { method: r, .. } | ExprKind::Closure { method: r, .. } => {
            (r.class, r.method) == (class, method)
        }
        ExprKind::InstanceCall { method: r, .. } | ExprKind::SuperCall { method: r, .. } => {
            (r.class, r.method) == (class, method)
                || (!me.is_static && unit.method(r.class, r.method).name == me.name)
        }
        _ => false,
    };
    // Some methods are called where no call is written: `Object`'s by builtins (string
    // conversion, hashing), an iterable's by a for-each loop, a resource's `close()`.
    if !me.is_static
        && matches!(
            &*me.name,
            "equals" | "hashCode" | "toString" | "iterator" | "hasNext" | "next" | "close"
        )
    {
        return true;
    }
    let mut found = false;
    for c in &unit.classes {
        for m in &c.methods {
            if let Ok(b) = &m.body {
                crate::program::reader::visit_stmts(&b.stmts, &mut |e| found |= target(e));
            }
        }
        for f in &c.fields {
            if let Some(init) = &f.init {
                let mut stack = vec![init];
                while let Some(e) = stack.pop() {
                    found |= target(e);
                    stack.extend(e.children());
                }
            }
        }
    }
    found
}
