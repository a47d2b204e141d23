//! The software D-algorithm (Zhang 2021, `004_*` ch. 3) as a model of the shared engine
//! ([`crate::engine`]): the mutant is the fault, the method's control flow the circuit.
//!
//! Two walkers run the method, one on the original and one on the mutant, in one solver
//! problem whose terms are hash-consed, so everything the two versions compute alike is the
//! same term. A walker executes simple statements symbolically (values are terms over the
//! method's inputs: the value of every definition and use, for both versions, is a pair of
//! terms) and stops where control may go more than one way: a decision node (`if`, a loop
//! head, `switch`) or a statement that may throw. Those are the engine's decisions, and the
//! execution status (EXS) of nodes and edges is the path the walkers take.
//!
//! The subtasks of ch. 3.4, over that state:
//! - **JUST of a node's EXS** (before the effect exists): the mutated statement must execute
//!   (ch. 3.3.4, property 2), so at a decision the walkers take together, the edges from which
//!   the mutated statement can no longer be reached are implied not executed and are no
//!   alternatives; an edge whose condition contradicts the path is a conflict. Edges with a
//!   single way left are taken by implication, with no decision.
//! - **MEE**: when the two versions first differ (a value, a condition, a write, an exit), the
//!   alternatives are the mROA's outputs the effect can appear on (each `orig != mut` in turn)
//!   and, for a site inside a loop, "no effect at this execution" (the versions stay equal and
//!   run on together).
//! - **MEP**: from then on each version's decisions are its own; an edge is an alternative when
//!   its condition fits the path, and the effect travels on values and on control.
//! - **JUST of the values**: at the exits, the effect must be observed (return value,
//!   exception, fields, arrays, printed text); the alternatives are the solver's solutions of
//!   the path conditions with the observation, each run in the interpreter before it counts.
//! - The iteration-time limit (ITL) bounds the iterations a path takes through a loop.
//!
//! Soundness of "untestable" (an equivalence proof): a subtask's list is complete when it
//! holds every way the subtask can be done: edges are dropped only when their condition is
//! constant false, when they cannot reach the mutated statement before the effect exists, or
//! when the solver proved them contradictory; a loop's further iteration dropped at the ITL
//! makes the subtask incomplete unless the solver proved it cannot run; a justification is
//! complete only when the solver proved no further solution exists; code the executor does not
//! model is a subtask with no alternative that is incomplete.
//!
//! Where this differs from the thesis: values are terms, not concrete values with a solver
//! asked per mROA, so forward value implication is exact and the justification of uses,
//! definitions and edge conditions (ch. 3.4.4.2 to 3.4.4.4) is one solve over the path at the
//! end rather than one subtask each; the path is built from the entry forward, so a node's EXS
//! is justified when it is reached.

use std::sync::{Arc, Mutex};

use hashbrown::HashMap;

use crate::engine::{self, Conflict, Counters, Limits, Model, Next, Outcome, SubtaskKind, Trail};
use crate::solver::{ExprId, SolveOptions, ValueChoice, Verdict};

use crate::program::mutants::mutant::Mutant;
use crate::program::proofs::equivalence::disjuncts;
use crate::program::proofs::symbolic::{
    Checkpoint, Executor, State, Sym, TIE_ROUNDS, Unsupported, Witness,
};
use crate::program::reader::ir::{NodeId, Stmt, StmtKind, Type, Unit};

/// Propagations a contradiction check gets per node of the problem, beside its own limit.
const CHECK_PROPAGATIONS_PER_NODE: u64 = 4;

/// Limits of one search.
#[derive(Clone, Debug)]
pub struct Options {
    /// Iterations a path may take through one loop (the thesis's iteration-time limit).
    pub iterations: u32,
    /// Solver decisions to check that a new edge condition or effect fits the path (only a
    /// proof of contradiction counts).
    pub check_nodes: u64,
    /// Solver decisions to find a solution of the path (the test's inputs).
    pub justify_nodes: u64,
    /// Solutions of one path tried before its justification counts as cut.
    pub solutions: usize,
    /// Seed of the solver's random value choices after the first solution (§4.3.5.4).
    pub seed: u64,
    /// The advanced methods of ch. 4 this model has, each on unless switched off.
    pub methods: Methods,
}

/// Switches for the advanced methods (thesis ch. 4), for ablation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Methods {
    /// Edge-condition assist for executability (§4.3.1.3): before the effect exists, an edge
    /// from which the mutated statement cannot be reached (or that leaves by an exception)
    /// is no alternative. Off: every edge is tried.
    pub edge_condition_assist: bool,
    /// Indirect EXS implication (§4.3.5.2): a decision with one edge left is taken by
    /// implication. Off: it is a subtask like any other.
    pub indirect_exs_implication: bool,
    /// Multi-pass justification (§4.3.5.3): a path whose first solution does not kill the
    /// mutant is justified again with the solutions found excluded. Off: one solution.
    pub multi_pass_justification: bool,
    /// Solver randomness (§4.3.5.4): the further solutions pick random values. Off: values
    /// nearest zero each time.
    pub solver_randomness: bool,
    /// Test templates (§4.3.5.1): the path that reached a statement for one mutant (the
    /// necessary condition to execute it) is tried first for every other mutant of that
    /// statement. Off: each search finds its own way there.
    pub test_templates: bool,
}

impl Methods {
    pub const ALL: Methods = Methods {
        edge_condition_assist: true,
        indirect_exs_implication: true,
        multi_pass_justification: true,
        solver_randomness: true,
        test_templates: true,
    };

    /// Each switchable method: its name and the switches with it off.
    pub fn ablations() -> Vec<(&'static str, Methods)> {
        let all = Methods::ALL;
        vec![
            (
                "edge-condition assist (4.3.1)",
                Methods {
                    edge_condition_assist: false,
                    ..all
                },
            ),
            (
                "indirect EXS implication (4.3.5.2)",
                Methods {
                    indirect_exs_implication: false,
                    ..all
                },
            ),
            (
                "multi-pass justification (4.3.5.3)",
                Methods {
                    multi_pass_justification: false,
                    ..all
                },
            ),
            (
                "solver randomness (4.3.5.4)",
                Methods {
                    solver_randomness: false,
                    ..all
                },
            ),
            (
                "test templates (4.3.5.1)",
                Methods {
                    test_templates: false,
                    ..all
                },
            ),
        ]
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            iterations: 6,
            check_nodes: 50,
            justify_nodes: 500,
            solutions: 4,
            seed: 1,
            methods: Methods::ALL,
        }
    }
}

/// The longest array a test may ask for.
const MAX_WITNESS_LENGTH: i64 = 64;

/// What a walker still has to run, innermost last.
#[derive(Clone, Copy, Debug)]
enum Work<'m> {
    Stmt(&'m Stmt),
    /// A loop's head: its condition, before iteration `iteration` (from 0).
    Head {
        stmt: &'m Stmt,
        iteration: u32,
    },
    /// After a loop's body (normally or by `continue`): the update, then the head.
    Next {
        stmt: &'m Stmt,
        iteration: u32,
    },
    /// A for-each loop's variable bound to the current element.
    Bind(&'m Stmt),
    /// The end of a `switch` or labeled statement (where its `break` lands).
    Scope(NodeId),
}

impl Work<'_> {
    /// Whether the code this item stands for contains `site`.
    fn contains(&self, site: (u32, u32)) -> bool {
        let s = match self {
            Work::Stmt(s) | Work::Head { stmt: s, .. } | Work::Next { stmt: s, .. } => s,
            Work::Bind(_) | Work::Scope(_) => return false,
        };
        s.span.start <= site.0 && site.1 <= s.span.end
    }
}

/// Where an edge leads.
#[derive(Clone, Debug)]
enum To<'m> {
    /// The method is left by an exception.
    Stop,
    /// The loop goes on past the iteration-time limit: the walk ends as possibly hanging.
    Hang,
    /// Control goes on with this code first (in execution order).
    Go(Vec<Work<'m>>),
}

#[derive(Clone, Debug)]
struct Edge<'m> {
    /// Which way out of the node it is (0 for leaving by an exception, then one per arm):
    /// two versions' decisions correspond only edge by edge with equal arms.
    arm: usize,
    /// The edge condition (EC), a term over the inputs.
    when: ExprId,
    to: To<'m>,
}

/// A decision a walker has reached.
#[derive(Clone, Debug)]
struct Pending<'m> {
    edges: Vec<Edge<'m>>,
    /// The condition of a loop iteration left out at the iteration-time limit.
    cut: Option<ExprId>,
    line: u32,
    what: &'static str,
}

#[derive(Clone, Debug)]
struct Walker<'m> {
    state: State,
    work: Vec<Work<'m>>,
    pending: Option<Pending<'m>>,
    finished: bool,
    /// The walk stopped in a loop still running at the iteration-time limit: the version may
    /// never return (a candidate test, the interpreter's step limit decides).
    hangs: bool,
    /// The statements, conditions and loop updates run, in order, when a trace asks for them
    /// (`None` otherwise, so searches pay nothing).
    ran: Option<Vec<Ran>>,
}

/// The version(s) a decision is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    /// Both, before the effect exists: they take the same edge.
    Both,
    Original,
    Mutant,
}

/// A subtask of the software D-algorithm.
#[derive(Debug)]
pub enum Subtask {
    /// Which edge out of a decision node the path takes: the node's EXS justification before
    /// the effect exists, a propagation step after.
    Edge {
        version: Version,
        edges: Vec<usize>,
        /// A loop iteration was left out at the iteration-time limit.
        cut: bool,
        line: u32,
        what: &'static str,
        kind: SubtaskKind,
    },
    /// MEE: the output of the mutated region the effect appears on.
    Excite {
        ways: Vec<ExprId>,
        /// "No effect at this execution", for a site that may run again.
        not_here: Option<ExprId>,
        line: u32,
    },
    /// The observed effect's justification: solutions of the path, each run.
    Justify {
        differ: ExprId,
        models: Vec<crate::solver::Model>,
        complete: bool,
        /// The solver gave up on the last try: no further one is made.
        gave_up: bool,
    },
    /// The path reached code the executor does not model.
    Refused(String),
}

impl std::fmt::Display for Subtask {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Subtask::Edge {
                version,
                edges,
                line,
                what,
                kind,
                ..
            } => write!(
                f,
                "{kind}: {what} at line {line} ({version:?}), {} edge(s)",
                edges.len()
            ),
            Subtask::Excite {
                ways,
                not_here,
                line,
            } => write!(
                f,
                "excitation before line {line}: {} output(s){}",
                ways.len(),
                if not_here.is_some() {
                    " or none this time"
                } else {
                    ""
                }
            ),
            Subtask::Justify { .. } => f.write_str("justification: inputs for the path"),
            Subtask::Refused(why) => write!(f, "not modelled: {why}"),
        }
    }
}

/// One alternative of a subtask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Edge {
        version: Version,
        index: usize,
    },
    /// Require `term`; `excites` when it is an effect (not "no effect here").
    Effect {
        term: ExprId,
        excites: bool,
    },
    /// The `k`-th candidate test.
    Solution(usize),
    /// No way was found (the solver gave up, or the code is not modelled): a try that fails,
    /// so that it counts against the backtrack limit.
    GiveUp,
}

/// Where the versions stand when they first differ.
enum Excitation {
    /// Values or conditions differ: the MEE subtask.
    Subtask(Subtask),
    /// They are at different places (control already differs): the effect exists.
    Control,
    /// They differ only in locals nothing reads again: no effect, ever.
    None,
}

/// What backtracking restores.
struct Saved<'m> {
    walkers: [Walker<'m>; 2],
    excited: bool,
    checkpoint: Checkpoint,
    path: usize,
}

/// The software D-algorithm on one mutant.
pub struct SwDalgorithm<'m> {
    ex: Executor<'m>,
    walkers: [Walker<'m>; 2],
    excited: bool,
    trail: Trail<Saved<'m>>,
    site: (u32, u32),
    /// The edit's change in length (the mutant's text after it is shifted by this much).
    delta: i64,
    /// The mutated code may run more than once per call (it lies in a loop).
    repeats: bool,
    params: &'m [Type],
    options: Options,
    implications: u64,
    candidates: Vec<Witness>,
    found: Option<Witness>,
    confirm: Box<dyn FnMut(&Witness) -> bool + 'm>,
    /// The edges the joint decisions took before the effect exists (the path to the site).
    path: Vec<usize>,
    /// A path that reached the mutated statement before (§4.3.5.1), tried first.
    template: Option<Arc<[usize]>>,
    /// Only reach the mutated statement: the search ends with the path there (a template).
    reach: bool,
    reached: Option<Vec<usize>>,
    /// The method's locals: name, and whether the source has it (for traces).
    locals: Vec<(String, bool)>,
    /// The original's and the mutant's statements, and (once a trace asks) the original's id
    /// of each mutant statement and update: the mutant's method is checked on its own, so
    /// an edit that adds or removes expressions renumbers what follows it.
    bodies: (&'m [Stmt], &'m [Stmt]),
    to_original: Option<HashMap<(u8, u32), u32>>,
}

impl<'m> SwDalgorithm<'m> {
    /// The search's initial state for mutant `m`; `confirm` runs a candidate test and says
    /// whether it kills the mutant. An error says why the mutant is not searched this way.
    pub fn new(
        unit: &'m Unit,
        m: &'m Mutant,
        options: Options,
        confirm: Box<dyn FnMut(&Witness) -> bool + 'm>,
    ) -> Result<SwDalgorithm<'m>, String> {
        let method = &unit.classes[m.class as usize].methods[m.method as usize];
        if method.is_constructor {
            return Err("a constructor is tested through the class's other methods".into());
        }
        let body = method
            .body
            .as_ref()
            .map_err(|_| "the method is not supported".to_string())?;
        let mutated = m
            .mutated
            .as_ref()
            .and_then(|f| f.body.as_ref().ok())
            .ok_or_else(|| "the mutant's method is not supported".to_string())?;
        let types = body.locals.iter().map(|l| l.ty.clone()).collect();
        let mut ex = Executor::new(unit, types, method.ret.clone());
        let walker = |ex: &mut Executor<'m>, stmts: &'m [Stmt]| -> Result<Walker<'m>, String> {
            Ok(Walker {
                state: ex.entry().map_err(|e| e.0)?,
                work: stmts.iter().rev().map(Work::Stmt).collect(),
                pending: None,
                finished: false,
                hangs: false,
                ran: None,
            })
        };
        let walkers = [
            walker(&mut ex, &body.stmts)?,
            walker(&mut ex, &mutated.stmts)?,
        ];
        let site = (m.start, m.end);
        let repeats = crate::program::proofs::regions::chain(body, site)
            .iter()
            .any(|&(list, i)| {
                matches!(
                    list[i].kind,
                    StmtKind::While { .. }
                        | StmtKind::Do { .. }
                        | StmtKind::For { .. }
                        | StmtKind::ForEach { .. }
                )
            });
        Ok(SwDalgorithm {
            ex,
            walkers,
            excited: false,
            trail: Trail::new(),
            site,
            delta: m.replacement.len() as i64 - (i64::from(m.end) - i64::from(m.start)),
            repeats,
            params: &method.params,
            options,
            implications: 0,
            candidates: Vec::new(),
            found: None,
            confirm,
            path: Vec::new(),
            template: None,
            reach: false,
            reached: None,
            locals: body
                .locals
                .iter()
                .map(|l| (l.name.clone(), !l.is_hidden))
                .collect(),
            bodies: (&body.stmts, &mutated.stmts),
            to_original: None,
        })
    }

    /// The search tries the edges of `template` first on its way to the mutated statement.
    pub fn with_template(mut self, template: Option<Arc<[usize]>>) -> SwDalgorithm<'m> {
        self.template = template.filter(|_| self.options.methods.test_templates);
        self
    }

    /// The template's edge for the next joint decision, while the path still follows it.
    fn template_edge(&self) -> Option<usize> {
        let template = self.template.as_ref()?;
        let here = self.path.len();
        (template.get(..here) == Some(&self.path[..]))
            .then(|| template.get(here).copied())
            .flatten()
    }

    /// Whether the problem with `extra` required is proved contradictory.
    fn contradicts(&mut self, extra: Option<ExprId>, nodes: u64) -> bool {
        self.ex.problem.push();
        let unsat = match extra.map(|e| self.ex.problem.require(e)) {
            Some(Err(_)) => false,
            _ => {
                // The first propagation alone visits every node of the problem a few times:
                // a limit below that never proves anything, however short the search.
                let size = self.ex.problem.node_count() as u64;
                let options = SolveOptions {
                    node_limit: nodes,
                    backtrack_limit: 2 * nodes,
                    propagation_limit: 20 * nodes + CHECK_PROPAGATIONS_PER_NODE * size,
                    ..SolveOptions::default()
                };
                self.ex.solve_tied(options, TIE_ROUNDS).0 == Verdict::Unsat
            }
        };
        self.ex.problem.pop();
        unsat
    }

    /// Requires `term` on the path.
    fn require(&mut self, term: ExprId) -> Result<(), Conflict> {
        if self.ex.is_constant(term, 1) {
            return Ok(());
        }
        if self.ex.is_constant(term, 0) {
            return Err(Conflict);
        }
        self.ex.problem.require(term).map_err(|_| Conflict)
    }

    /// Takes edge `index` of walker `w`'s decision.
    fn take(&mut self, w: usize, index: usize) -> Result<(), Conflict> {
        let pending = self.walkers[w].pending.take().expect("a pending decision");
        let edge = pending.edges[index].clone();
        self.require(edge.when)?;
        let walker = &mut self.walkers[w];
        match edge.to {
            To::Stop => walker.finished = true,
            To::Hang => {
                walker.finished = true;
                walker.hangs = true;
            }
            To::Go(works) => {
                self.ex.settle(&mut walker.state);
                walker.work.extend(works.into_iter().rev());
            }
        }
        self.implications += 1;
        Ok(())
    }

    /// Runs both walkers up to their next decision (or their end).
    fn advance(&mut self) -> Result<(), Unsupported> {
        let iterations = self.options.iterations;
        for walker in &mut self.walkers {
            while !walker.finished && walker.pending.is_none() {
                step(&mut self.ex, walker, iterations)?;
                self.implications += 1;
            }
        }
        Ok(())
    }

    /// The decision of `version`'s walker as a subtask, or `None` when implication took it
    /// (one edge left) or found the state dead (`Err`).
    fn decide(&mut self, version: Version) -> Result<Option<Subtask>, ()> {
        let w = usize::from(version == Version::Mutant);
        let pending = self.walkers[w]
            .pending
            .as_ref()
            .expect("a pending decision");
        let (line, what) = (pending.line, pending.what);
        // Before the effect exists, the mutated statement must still run.
        let rest = self.walkers[0].work.iter().any(|x| x.contains(self.site));
        let assist = self.options.methods.edge_condition_assist;
        let edges: Vec<usize> = (0..pending.edges.len())
            .filter(|&k| {
                version != Version::Both
                    || self.excited
                    || !assist
                    || match &pending.edges[k].to {
                        To::Stop | To::Hang => false,
                        To::Go(works) => rest || works.iter().any(|x| x.contains(self.site)),
                    }
            })
            .collect();
        // An exception edge is tried last, and not at all when the solver proves it cannot
        // be taken (most divisions are by constants, most indexes checked by the loop).
        let (stops, mut edges): (Vec<usize>, Vec<usize>) = edges
            .into_iter()
            .partition(|&k| matches!(pending.edges[k].to, To::Stop));
        let stop_whens: Vec<(usize, ExprId)> =
            stops.iter().map(|&k| (k, pending.edges[k].when)).collect();
        let cut = pending.cut;
        let hang_edge = pending.edges.len();
        for (k, when) in stop_whens {
            if !self.contradicts(Some(when), self.options.check_nodes) {
                edges.push(k);
            }
        }
        let cut = cut.filter(|&c| !self.contradicts(Some(c), self.options.check_nodes));
        if let Some(c) = cut
            && self.excited
        {
            // After the effect exists, a version that would loop on is itself a candidate
            // (non-termination is observed as a timeout).
            let versions: &[usize] = if version == Version::Both {
                &[0, 1]
            } else {
                &[w]
            };
            for &v in versions {
                let p = self.walkers[v].pending.as_mut().expect("pending");
                p.edges.push(Edge {
                    arm: usize::MAX,
                    when: c,
                    to: To::Hang,
                });
            }
            edges.push(hang_edge);
        }
        let cut = cut.is_some();
        if version == Version::Both
            && !self.excited
            && let Some(k) = self.template_edge()
            && let Some(at) = edges.iter().position(|&e| e == k)
        {
            let first = edges.remove(at);
            edges.insert(0, first);
        }
        if edges.len() == 1 && !cut && self.options.methods.indirect_exs_implication {
            let index = edges.pop().expect("one edge");
            let versions: &[usize] = if version == Version::Both {
                &[0, 1]
            } else {
                &[w]
            };
            // Implied (no decision): the next decision's check sees its condition.
            for &v in versions {
                self.take(v, index).map_err(|_| ())?;
            }
            return Ok(None);
        }
        if edges.is_empty() && !cut {
            return Err(());
        }
        let kind = if self.excited {
            SubtaskKind::Propagation
        } else {
            SubtaskKind::Justification
        };
        Ok(Some(Subtask::Edge {
            version,
            edges,
            cut,
            line,
            what,
            kind,
        }))
    }

    /// The ways the two versions differ now (before the effect exists), as the MEE subtask.
    fn excitation(&mut self) -> Result<Excitation, Unsupported> {
        let [a, b] = &self.walkers;
        let line = a.pending.as_ref().map_or(0, |p| p.line);
        let shape = |w: &Walker<'_>| (w.finished, w.work.len(), w.pending.as_ref().map(|p| p.line));
        if shape(a) != shape(b) {
            return Ok(Excitation::Control);
        }
        let (mut sa, mut sb) = (a.state.clone(), b.state.clone());
        // Each arm's condition in both versions (false where a version has no such edge).
        let mut whens: Vec<(ExprId, ExprId)> = Vec::new();
        if let (Some(p), Some(q)) = (&a.pending, &b.pending) {
            let never = self.ex.problem.boolean(false);
            let arms = p
                .edges
                .iter()
                .chain(&q.edges)
                .map(|e| e.arm)
                .max()
                .unwrap_or(0);
            for arm in 0..=arms {
                let of = |x: &Pending<'_>| x.edges.iter().find(|e| e.arm == arm).map(|e| e.when);
                match (of(p), of(q)) {
                    (None, None) => {}
                    (x, y) => whens.push((x.unwrap_or(never), y.unwrap_or(never))),
                }
            }
        }
        // A local no code left reads carries no effect (a dead definition).
        let live = self.live();
        let locals: Vec<_> = Executor::assigned_in_either(&sa, &sb)
            .into_iter()
            .filter(|l| live.contains(&l.0))
            .collect();
        let differ = self.ex.distinguish(&mut sa, &mut sb, &locals)?;
        let mut ways = Vec::new();
        disjuncts(&self.ex.problem, differ, &mut ways);
        for (x, y) in whens {
            if x != y {
                ways.push(self.ex.differs(Sym::Prim(x), Sym::Prim(y))?);
            }
        }
        ways.retain(|&w| !self.ex.is_constant(w, 0));
        ways.dedup();
        let not_here = if self.repeats {
            let mut any = self.ex.problem.boolean(false);
            for &w in &ways {
                any = self.ex.or(any, w);
            }
            Some(self.ex.not(any))
        } else {
            None
        };
        if ways.is_empty() && not_here.is_none() {
            // The versions differ only in what nothing reads any more: no effect.
            return Ok(Excitation::None);
        }
        Ok(Excitation::Subtask(Subtask::Excite {
            ways,
            not_here,
            line,
        }))
    }

    /// Whether the original's remaining walk may run the mutated statement again.
    fn site_ahead(&self) -> bool {
        let a = &self.walkers[0];
        a.work.iter().any(|w| w.contains(self.site))
            || a.pending.as_ref().is_some_and(|p| {
                p.edges.iter().any(|e| match &e.to {
                    To::Go(works) => works.iter().any(|w| w.contains(self.site)),
                    To::Stop | To::Hang => false,
                })
            })
    }

    /// The locals either walker's remaining code may read (the pending decisions' edges
    /// included).
    fn live(&self) -> hashbrown::HashSet<u32> {
        let mut live = hashbrown::HashSet::new();
        for w in &self.walkers {
            may_read(&w.work, &mut live);
            if let Some(p) = &w.pending {
                for e in &p.edges {
                    if let To::Go(works) = &e.to {
                        may_read(works, &mut live);
                    }
                }
            }
        }
        live
    }

    /// Whether the two walkers stand at the same place of the method: the same code left to
    /// run, at the same iterations (the mutant's positions after the edit moved back by the
    /// edit's change in length).
    fn same_place(&self) -> bool {
        let [a, b] = &self.walkers;
        if a.finished != b.finished || a.work.len() != b.work.len() {
            return false;
        }
        let (site, delta) = (self.site, self.delta);
        let place = |w: &Work<'_>, mutant: bool| -> (u8, i64, u32) {
            let at = |s: &Stmt| {
                let start = i64::from(s.span.start);
                if mutant && start >= i64::from(site.1) + delta {
                    start - delta
                } else {
                    start
                }
            };
            match *w {
                Work::Stmt(s) => (0, at(s), 0),
                Work::Head { stmt, iteration } => (1, at(stmt), iteration),
                Work::Next { stmt, iteration } => (2, at(stmt), iteration),
                Work::Bind(s) => (3, at(s), 0),
                Work::Scope(_) => (4, 0, 0),
            }
        };
        // Decisions on conditions that differ are still to be taken: not the same place.
        let pending = |w: &Walker<'_>| {
            w.pending.as_ref().map(|p| {
                let edges: Vec<_> = p.edges.iter().map(|e| (e.arm, e.when)).collect();
                (p.line, edges)
            })
        };
        pending(a) == pending(b)
            && a.work
                .iter()
                .zip(&b.work)
                .all(|(x, y)| place(x, false) == place(y, true))
    }

    /// After "no effect at this execution": the mutant's walker continues from the
    /// original's values (they are equal on the path), so the two run on together.
    fn unify(&mut self) {
        let [a, b] = &mut self.walkers;
        b.state = a.state.clone();
        if let (Some(p), Some(q)) = (&a.pending, &mut b.pending) {
            // Each arm's conditions are equal on the path: the original's stand for both, and
            // an arm only one version has cannot be taken.
            q.edges
                .retain_mut(|y| match p.edges.iter().find(|x| x.arm == y.arm) {
                    Some(x) => {
                        y.when = x.when;
                        true
                    }
                    None => false,
                });
        }
    }
}

/// The locals code may read (or write: a superset is safe), hidden for-each locals included.
fn locals_in(s: &Stmt, out: &mut hashbrown::HashSet<u32>) {
    if let StmtKind::ForEach {
        var,
        array_local,
        index_local,
        ..
    } = &s.kind
    {
        out.extend([var.0, array_local.0, index_local.0]);
    }
    for e in s.expressions() {
        let mut stack = vec![e];
        while let Some(e) = stack.pop() {
            if let crate::program::reader::ir::ExprKind::Local(l) = &e.kind {
                out.insert(l.0);
            }
            stack.extend(e.children());
        }
    }
    for sub in s.substatements() {
        locals_in(sub, out);
    }
}

/// The locals the rest of a walk may read.
fn may_read(work: &[Work<'_>], out: &mut hashbrown::HashSet<u32>) {
    for w in work {
        match *w {
            Work::Stmt(s)
            | Work::Head { stmt: s, .. }
            | Work::Next { stmt: s, .. }
            | Work::Bind(s) => locals_in(s, out),
            Work::Scope(_) => {}
        }
    }
}

/// Whether two decisions have the same edges (the same arms, under the same conditions):
/// then both versions take the same one.
fn same_edges(p: &Pending<'_>, q: &Pending<'_>) -> bool {
    p.edges.len() == q.edges.len()
        && p.edges
            .iter()
            .zip(&q.edges)
            .all(|(x, y)| x.arm == y.arm && x.when == y.when)
}

/// Evaluates a condition's value.
fn condition(
    ex: &mut Executor<'_>,
    st: &mut State,
    e: &crate::program::reader::ir::Expr,
) -> Result<ExprId, Unsupported> {
    let v = ex.eval(st, e, None)?;
    ex.primitive(v)
}

/// Sets the walker's decision after code that may have thrown: the exception's edge, then one
/// edge per arm (condition, code to run), each under "no exception".
fn branch<'m>(
    ex: &mut Executor<'m>,
    walker: &mut Walker<'m>,
    stmt: &'m Stmt,
    what: &'static str,
    arms: Vec<(ExprId, Vec<Work<'m>>)>,
    cut: Option<ExprId>,
) -> Result<(), Unsupported> {
    let ok = ex.goes_on(&walker.state)?;
    if ex.is_constant(ok, 0) {
        walker.finished = true;
        return Ok(());
    }
    let mut edges = Vec::new();
    if !ex.is_constant(ok, 1) {
        let thrown = ex.not(ok);
        edges.push(Edge {
            arm: 0,
            when: thrown,
            to: To::Stop,
        });
    }
    for (k, (c, works)) in arms.into_iter().enumerate() {
        let when = ex.and(ok, c);
        if !ex.is_constant(when, 0) {
            edges.push(Edge {
                arm: k + 1,
                when,
                to: To::Go(works),
            });
        }
    }
    let cut = cut.map(|c| ex.and(ok, c));
    walker.pending = Some(Pending {
        edges,
        cut,
        line: stmt.span.line,
        what,
    });
    Ok(())
}

/// Runs the walker's next piece of work.
fn step<'m>(
    ex: &mut Executor<'m>,
    walker: &mut Walker<'m>,
    iterations: u32,
) -> Result<(), Unsupported> {
    let Some(item) = walker.work.pop() else {
        walker.finished = true;
        return Ok(());
    };
    if let Some(ran) = &mut walker.ran {
        match item {
            Work::Stmt(s) => match &s.kind {
                StmtKind::Block(_) | StmtKind::Labeled { .. } | StmtKind::Empty => {}
                // Loops are recorded at their heads.
                StmtKind::While { .. }
                | StmtKind::Do { .. }
                | StmtKind::For { .. }
                | StmtKind::ForEach { .. } => {}
                StmtKind::If { .. } | StmtKind::Switch { .. } => ran.push(Ran::Predicate(s.id.0)),
                _ => ran.push(Ran::Statement(s.id.0)),
            },
            Work::Head { stmt, .. } => ran.push(Ran::Predicate(stmt.id.0)),
            Work::Next { stmt, .. } => match &stmt.kind {
                StmtKind::For { update, .. } => {
                    ran.extend(update.iter().map(|u| Ran::Update(u.id.0)))
                }
                StmtKind::Do { .. } => ran.push(Ran::Predicate(stmt.id.0)),
                _ => {}
            },
            Work::Bind(_) | Work::Scope(_) => {}
        }
    }
    let st = &mut walker.state;
    match item {
        Work::Scope(_) => {}
        Work::Bind(s) => {
            if let StmtKind::ForEach {
                var,
                array_local,
                index_local,
                ..
            } = &s.kind
            {
                ex.for_each_element(st, *var, *array_local, *index_local)?;
            }
        }
        Work::Stmt(s) => match &s.kind {
            StmtKind::Empty => {}
            StmtKind::Expr(_) | StmtKind::Locals(_) => {
                ex.exec(st, s)?;
                let t = ex_true(ex);
                branch(ex, walker, s, "statement", vec![(t, Vec::new())], None)?;
                settle_if_single(ex, walker);
            }
            StmtKind::Block(stmts) => walker.work.extend(stmts.iter().rev().map(Work::Stmt)),
            StmtKind::Labeled { body, .. } => {
                walker.work.push(Work::Scope(s.id));
                walker.work.push(Work::Stmt(body));
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let c = condition(ex, st, cond)?;
                let not_c = ex.not(c);
                let arms = vec![
                    (c, vec![Work::Stmt(then)]),
                    (not_c, otherwise.iter().map(|o| Work::Stmt(o)).collect()),
                ];
                branch(ex, walker, s, "if", arms, None)?;
            }
            StmtKind::While { .. } => walker.work.push(Work::Head {
                stmt: s,
                iteration: 0,
            }),
            StmtKind::Do { body, .. } => {
                walker.work.push(Work::Next {
                    stmt: s,
                    iteration: 1,
                });
                walker.work.push(Work::Stmt(body));
            }
            StmtKind::For { init, .. } => {
                walker.work.push(Work::Head {
                    stmt: s,
                    iteration: 0,
                });
                walker.work.extend(init.iter().rev().map(Work::Stmt));
            }
            StmtKind::ForEach {
                array,
                array_local,
                index_local,
                ..
            } => {
                ex.for_each_start(st, array, *array_local, *index_local)?;
                walker.work.push(Work::Head {
                    stmt: s,
                    iteration: 0,
                });
                let t = ex_true(ex);
                branch(ex, walker, s, "for-each", vec![(t, Vec::new())], None)?;
                settle_if_single(ex, walker);
            }
            StmtKind::Switch { scrutinee, groups } => {
                let v = ex.eval(st, scrutinee, None)?;
                let v = ex.primitive(v)?;
                let mut matched = Vec::with_capacity(groups.len());
                let mut any = ex.problem.boolean(false);
                for g in groups {
                    let mut m = ex.problem.boolean(false);
                    for l in g.labels.iter().flatten() {
                        let eq = ex.matches_label(v, l)?;
                        m = ex.or(m, eq);
                    }
                    any = ex.or(any, m);
                    matched.push(m);
                }
                let none = ex.not(any);
                let rest = |k: usize| -> Vec<Work<'m>> {
                    groups[k..]
                        .iter()
                        .flat_map(|g| g.stmts.iter().map(Work::Stmt))
                        .chain(std::iter::once(Work::Scope(s.id)))
                        .collect()
                };
                let mut arms = Vec::new();
                let mut default = false;
                for (k, g) in groups.iter().enumerate() {
                    let mut enter = matched[k];
                    if g.labels.iter().any(Option::is_none) {
                        enter = ex.or(enter, none);
                        default = true;
                    }
                    arms.push((enter, rest(k)));
                }
                if !default {
                    arms.push((none, Vec::new()));
                }
                branch(ex, walker, s, "switch", arms, None)?;
            }
            StmtKind::Break { target } => loop {
                match walker.work.pop() {
                    Some(Work::Scope(id)) if id == *target => break,
                    Some(Work::Next { stmt, .. }) if stmt.id == *target => break,
                    Some(_) => {}
                    None => return Err(Unsupported("a break out of the method".into())),
                }
            },
            StmtKind::Continue { target } => loop {
                match walker.work.last() {
                    Some(Work::Next { stmt, .. }) if stmt.id == *target => break,
                    Some(_) => {
                        walker.work.pop();
                    }
                    None => return Err(Unsupported("a continue out of the method".into())),
                }
            },
            StmtKind::Return(_) | StmtKind::Throw { .. } => {
                ex.exec(st, s)?;
                walker.finished = true;
            }
        },
        Work::Head { stmt, iteration } => {
            let (c, body) = match &stmt.kind {
                StmtKind::While { cond, body } | StmtKind::Do { cond, body } => {
                    (condition(ex, st, cond)?, body)
                }
                StmtKind::For { cond, body, .. } => match cond {
                    Some(c) => (condition(ex, st, c)?, body),
                    None => (ex_true(ex), body),
                },
                StmtKind::ForEach {
                    array_local,
                    index_local,
                    body,
                    ..
                } => (ex.for_each_condition(st, *array_local, *index_local)?, body),
                _ => unreachable!("a loop head is a loop's"),
            };
            let mut enter = Vec::with_capacity(3);
            if matches!(stmt.kind, StmtKind::ForEach { .. }) {
                enter.push(Work::Bind(stmt));
            }
            enter.push(Work::Stmt(body));
            enter.push(Work::Next {
                stmt,
                iteration: iteration + 1,
            });
            let leave = ex.not(c);
            if iteration >= iterations {
                branch(ex, walker, stmt, "loop", vec![(leave, Vec::new())], Some(c))?;
            } else {
                // Leaving first: shorter paths are tried before longer ones.
                branch(
                    ex,
                    walker,
                    stmt,
                    "loop",
                    vec![(leave, Vec::new()), (c, enter)],
                    None,
                )?;
            }
        }
        Work::Next { stmt, iteration } => {
            match &stmt.kind {
                StmtKind::For { update, .. } => {
                    for e in update {
                        ex.eval(st, e, None)?;
                    }
                }
                StmtKind::ForEach { index_local, .. } => ex.for_each_advance(st, *index_local)?,
                _ => {}
            }
            walker.work.push(Work::Head { stmt, iteration });
            let t = ex_true(ex);
            branch(ex, walker, stmt, "loop update", vec![(t, Vec::new())], None)?;
            settle_if_single(ex, walker);
        }
    }
    Ok(())
}

fn ex_true(ex: &mut Executor<'_>) -> ExprId {
    ex.problem.boolean(true)
}

/// A statement that cannot throw leaves no decision: it just goes on.
fn settle_if_single(ex: &mut Executor<'_>, walker: &mut Walker<'_>) {
    if let Some(p) = &walker.pending
        && p.cut.is_none()
        && p.edges.len() == 1
        && ex.is_constant(p.edges[0].when, 1)
    {
        walker.pending = None;
        ex.settle(&mut walker.state);
    }
}

/// A CFG node a walker ran, by the id the CFG names it with ([`crate::program::model::cfg::NodeKind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ran {
    /// A simple statement (its id).
    Statement(u32),
    /// A branching condition (its statement's id).
    Predicate(u32),
    /// A `for` loop's update expression (its id).
    Update(u32),
}

/// Statement ids and update ids (a kind of id each) as keys.
fn ran_tag(r: Ran) -> u8 {
    match r {
        Ran::Statement(_) | Ran::Predicate(_) => 0,
        Ran::Update(_) => 1,
    }
}

fn ran_id(r: Ran) -> u32 {
    match r {
        Ran::Statement(id) | Ran::Predicate(id) | Ran::Update(id) => id,
    }
}

/// Every statement of `stmts` and below, and every `for` update, with where it starts, as the
/// walkers record them.
fn cfg_nodes(stmts: &[Stmt], out: &mut Vec<(u32, Ran)>) {
    for s in stmts {
        let ran = match &s.kind {
            StmtKind::If { .. } | StmtKind::Switch { .. } => Ran::Predicate(s.id.0),
            _ => Ran::Statement(s.id.0),
        };
        out.push((s.span.start, ran));
        match &s.kind {
            StmtKind::If {
                then, otherwise, ..
            } => {
                cfg_nodes(std::slice::from_ref(then), out);
                if let Some(o) = otherwise {
                    cfg_nodes(std::slice::from_ref(o), out);
                }
            }
            StmtKind::While { body, .. }
            | StmtKind::Do { body, .. }
            | StmtKind::ForEach { body, .. }
            | StmtKind::Labeled { body, .. } => cfg_nodes(std::slice::from_ref(body), out),
            StmtKind::For {
                init, update, body, ..
            } => {
                cfg_nodes(init, out);
                out.extend(update.iter().map(|u| (u.span.start, Ran::Update(u.id.0))));
                cfg_nodes(std::slice::from_ref(body), out);
            }
            StmtKind::Block(inner) => cfg_nodes(inner, out),
            StmtKind::Switch { groups, .. } => {
                for g in groups {
                    cfg_nodes(&g.stmts, out);
                }
            }
            _ => {}
        }
    }
}

/// One version's state as a trace shows it.
#[derive(Clone, Debug)]
pub struct VersionView {
    /// The CFG nodes run so far, in order (those whose EXS is "executed").
    pub ran: Vec<Ran>,
    /// The decision the version waits at: its line and what it is (`if`, `while`, ...).
    pub waiting: Option<(u32, &'static str)>,
    pub finished: bool,
    /// It may loop on past the iteration-time limit.
    pub hangs: bool,
    /// The source's locals with a value, as Java expressions over the inputs.
    pub locals: Vec<(String, String)>,
    /// The value returned, once it is known.
    pub returned: Option<String>,
}

/// Terms deeper than this print as `…` in traces.
const SHOW_DEPTH: usize = 6;

/// What a trace reads between steps (`roth explain`): read-only views of the search state.
impl SwDalgorithm<'_> {
    /// Records the CFG nodes each version runs from now on (for traces).
    pub fn record_path(&mut self) {
        for w in &mut self.walkers {
            w.ran.get_or_insert_with(Vec::new);
        }
        // The mutant's nodes are matched to the original's by where they start, the text
        // after the edit shifted back by the edit's change in length.
        let (mut original, mut mutant) = (Vec::new(), Vec::new());
        cfg_nodes(self.bodies.0, &mut original);
        cfg_nodes(self.bodies.1, &mut mutant);
        let by_place: HashMap<(u32, u8), Ran> = original
            .into_iter()
            .map(|(start, r)| ((start, ran_tag(r)), r))
            .collect();
        let edit_end = i64::from(self.site.1) + self.delta;
        let mut map = HashMap::new();
        for (start, r) in mutant {
            let at = i64::from(start);
            let place = if at >= edit_end { at - self.delta } else { at };
            if let Some(&o) = u32::try_from(place)
                .ok()
                .and_then(|p| by_place.get(&(p, ran_tag(r))))
            {
                map.insert((ran_tag(r), ran_id(r)), ran_id(o));
            }
        }
        self.to_original = Some(map);
    }

    /// Whether the effect exists (after excitation).
    pub fn excited(&self) -> bool {
        self.excited
    }

    fn show_sym(&self, s: Sym) -> String {
        match s {
            Sym::Prim(e) => self.show(e),
            Sym::Ref(r) => format!("ref#{r}"),
        }
    }

    /// A term as Java, the inputs named after the locals they are the entry values of.
    fn show(&self, e: ExprId) -> String {
        let mut text = self.ex.problem.show(e, SHOW_DEPTH);
        if text.contains("Local(") {
            for (id, (name, _)) in self.locals.iter().enumerate() {
                text = text.replace(&format!("Local({id})"), name);
            }
        }
        text
    }

    /// Version `w` (0 the original, 1 the mutant).
    pub fn version_view(&self, w: usize) -> VersionView {
        let walker = &self.walkers[w];
        let mut locals: Vec<(String, String)> = walker
            .state
            .local_values()
            .filter(|&(id, _)| self.locals.get(id as usize).is_some_and(|l| l.1))
            .map(|(id, v)| (self.locals[id as usize].0.clone(), self.show_sym(v)))
            .collect();
        locals.sort();
        VersionView {
            ran: match (&walker.ran, &self.to_original) {
                (Some(ran), Some(map)) if w == 1 => ran
                    .iter()
                    .filter_map(|&r| {
                        let id = *map.get(&(ran_tag(r), ran_id(r)))?;
                        Some(match r {
                            Ran::Statement(_) => Ran::Statement(id),
                            Ran::Predicate(_) => Ran::Predicate(id),
                            Ran::Update(_) => Ran::Update(id),
                        })
                    })
                    .collect(),
                (Some(ran), _) => ran.clone(),
                (None, _) => Vec::new(),
            },
            waiting: walker.pending.as_ref().map(|p| (p.line, p.what)),
            finished: walker.finished,
            hangs: walker.hangs,
            locals,
            returned: walker
                .state
                .ret
                .filter(|_| walker.finished)
                .map(|r| self.show_sym(r)),
        }
    }

    /// The path conditions required so far, as Java expressions.
    pub fn path_conditions(&self) -> Vec<String> {
        self.ex
            .problem
            .constraints()
            .iter()
            .filter_map(|c| match c {
                crate::solver::Constraint::Holds(e) => Some(self.show(*e)),
                crate::solver::Constraint::Exclude(_) => None,
            })
            .collect()
    }

    /// A choice in words, read before it is applied.
    pub fn describe(&self, choice: &Choice) -> String {
        match *choice {
            Choice::Edge { version, index } => {
                let w = usize::from(version == Version::Mutant);
                let Some(p) = &self.walkers[w].pending else {
                    return format!("edge {index}");
                };
                let who = match version {
                    Version::Both => "both versions",
                    Version::Original => "the original",
                    Version::Mutant => "the mutant",
                };
                match p.edges.get(index) {
                    Some(Edge {
                        to: To::Stop, when, ..
                    }) => format!(
                        "{who}: leave by an exception at line {} (when {})",
                        p.line,
                        self.show(*when)
                    ),
                    Some(Edge { to: To::Hang, .. }) => format!(
                        "{who}: loop on past the iteration-time limit at line {}",
                        p.line
                    ),
                    Some(Edge { when, arm, .. }) => format!(
                        "{who}: {} at line {}, arm {arm}, when {}",
                        p.what,
                        p.line,
                        self.show(*when)
                    ),
                    None => format!("edge {index}"),
                }
            }
            Choice::Effect {
                term,
                excites: true,
            } => format!("the effect appears: {}", self.show(term)),
            Choice::Effect { excites: false, .. } => {
                "no effect at this execution: the versions stay equal".into()
            }
            Choice::Solution(k) => match self.candidates.get(k) {
                Some(w) => {
                    let args: Vec<String> = w.args.iter().map(|a| a.to_string()).collect();
                    let mut s = format!(
                        "candidate test ({}), run in the interpreter",
                        args.join(", ")
                    );
                    for (f, v) in &w.fields {
                        s.push_str(&format!(", field {f} = {v}"));
                    }
                    s
                }
                None => format!("candidate test {}", k + 1),
            },
            Choice::GiveUp => {
                "give up: the solver could not decide, or the code is not modelled".into()
            }
        }
    }
}

impl<'m> Model for SwDalgorithm<'m> {
    type Subtask<'a> = Subtask;
    type Alternative<'a> = Choice;
    type Test = Witness;

    fn kind(subtask: &Subtask) -> SubtaskKind {
        match subtask {
            Subtask::Edge { kind, .. } => *kind,
            Subtask::Excite { .. } => SubtaskKind::Excitation,
            Subtask::Justify { .. } | Subtask::Refused(_) => SubtaskKind::Justification,
        }
    }

    fn level(&self) -> usize {
        self.trail.level()
    }

    fn backtrack_to(&mut self, level: usize) {
        let (walkers, excited, ex) = (&mut self.walkers, &mut self.excited, &mut self.ex);
        let path = &mut self.path;
        self.trail.undo_to(level, |saved| {
            *walkers = saved.walkers;
            *excited = saved.excited;
            ex.rollback(saved.checkpoint);
            path.truncate(saved.path);
        });
        self.found = None;
    }

    fn next(&mut self, _arena: &bumpalo::Bump) -> Next<Subtask, Witness> {
        if let Some(w) = self.found.take() {
            return Next::Found(w);
        }
        loop {
            if let Err(e) = self.advance() {
                return Next::Subtask(Subtask::Refused(e.0));
            }
            if !self.excited {
                let [a, b] = &self.walkers;
                let same = self.ex.same_state(&a.state, &b.state)
                    && a.finished == b.finished
                    && match (&a.pending, &b.pending) {
                        (None, None) => true,
                        (Some(p), Some(q)) => same_edges(p, q),
                        _ => false,
                    };
                if same {
                    if a.finished {
                        // The versions never differed on this path.
                        return Next::DeadEnd;
                    }
                    match self.decide(Version::Both) {
                        Ok(Some(subtask)) => return Next::Subtask(subtask),
                        Ok(None) => continue,
                        Err(()) => return Next::DeadEnd,
                    }
                }
                if self.reach {
                    // The versions first differ: the mutated statement runs on this path.
                    self.reached = Some(self.path.clone());
                    return Next::Found(Witness {
                        args: Vec::new(),
                        fields: Vec::new(),
                    });
                }
                match self.excitation() {
                    Ok(Excitation::Subtask(subtask)) => return Next::Subtask(subtask),
                    Ok(Excitation::Control) => self.excited = true,
                    Ok(Excitation::None) => return Next::DeadEnd,
                    Err(e) => return Next::Subtask(Subtask::Refused(e.0)),
                }
                continue;
            }
            // The effect may have died out: the two versions at the same place in the same
            // state run on alike (a dead end, ch. 3.3.5's dead DU paths); and where their
            // conditions are the same terms they take the same edge (one decision).
            let [a, b] = &self.walkers;
            if a.finished && b.finished && self.ex.same_state(&a.state, &b.state) {
                return Next::DeadEnd;
            }
            if !a.hangs && !b.hangs && self.same_place() {
                let live = self.live();
                let [a, b] = &self.walkers;
                if self
                    .ex
                    .same_state_on(&a.state, &b.state, |l| live.contains(&l))
                {
                    if !self.site_ahead() {
                        return Next::DeadEnd;
                    }
                    // The effect died, but the mutated statement may run again and excite
                    // it anew: the versions go on together until then.
                    self.unify();
                    self.excited = false;
                    continue;
                }
            }
            let [a, b] = &self.walkers;
            if let (Some(p), Some(q)) = (&a.pending, &b.pending)
                && same_edges(p, q)
            {
                match self.decide(Version::Both) {
                    Ok(Some(subtask)) => return Next::Subtask(subtask),
                    Ok(None) => continue,
                    Err(()) => return Next::DeadEnd,
                }
            }
            // The original's decisions first, then the mutant's.
            if let Some(w) = (0..2).find(|&w| self.walkers[w].pending.is_some()) {
                let version = [Version::Original, Version::Mutant][w];
                match self.decide(version) {
                    Ok(Some(subtask)) => return Next::Subtask(subtask),
                    Ok(None) => continue,
                    Err(()) => return Next::DeadEnd,
                }
            }
            if !(self.walkers[0].finished && self.walkers[1].finished) {
                continue;
            }
            let [a, b] = &self.walkers;
            let differ = match (a.hangs, b.hangs) {
                // One version may not return: the path itself is the candidate.
                (true, false) | (false, true) => self.ex.problem.boolean(true),
                // Neither returns on this path: nothing is observed.
                (true, true) => return Next::DeadEnd,
                (false, false) => {
                    let (mut sa, mut sb) = (a.state.clone(), b.state.clone());
                    let differ = match self.ex.distinguish(&mut sa, &mut sb, &[]) {
                        Ok(d) => d,
                        Err(e) => return Next::Subtask(Subtask::Refused(e.0)),
                    };
                    if self.ex.is_constant(differ, 0) {
                        return Next::DeadEnd;
                    }
                    // A test must finish every loop it runs (no state cut by an unwinding
                    // bound).
                    let (x, y) = (self.ex.not(sa.incomplete), self.ex.not(sb.incomplete));
                    let finished = self.ex.and(x, y);
                    self.ex.and(differ, finished)
                }
            };
            return Next::Subtask(Subtask::Justify {
                differ,
                models: Vec::new(),
                complete: false,
                gave_up: false,
            });
        }
    }

    fn alternative<'a>(
        &mut self,
        subtask: &mut Self::Subtask<'a>,
        index: usize,
    ) -> Option<Self::Alternative<'a>> {
        match subtask {
            Subtask::Edge {
                version,
                edges,
                cut,
                ..
            } => match edges.get(index) {
                Some(&k) => Some(Choice::Edge {
                    version: *version,
                    index: k,
                }),
                // The iteration left out at the limit: a failed try, so that walking into
                // the limit counts against the backtrack limit.
                None if *cut && index == edges.len() => Some(Choice::GiveUp),
                None => None,
            },
            Subtask::Excite { ways, not_here, .. } => match ways.get(index) {
                Some(&term) => Some(Choice::Effect {
                    term,
                    excites: true,
                }),
                None if index == ways.len() => not_here.map(|term| Choice::Effect {
                    term,
                    excites: false,
                }),
                None => None,
            },
            Subtask::Justify {
                differ,
                models,
                complete,
                gave_up,
            } => {
                if *gave_up {
                    return None;
                }
                let solutions = if self.options.methods.multi_pass_justification {
                    self.options.solutions
                } else {
                    1
                };
                while models.len() < solutions {
                    let k = models.len() as u64;
                    let inputs: Vec<crate::solver::VarId> =
                        self.ex.inputs().map(|(_, v)| v).collect();
                    self.ex.problem.push();
                    let verdict = match self.ex.problem.require(*differ) {
                        Err(_) => Verdict::Unsat,
                        Ok(()) => {
                            for m in models.iter() {
                                self.ex.problem.exclude(&inputs, m);
                            }
                            let options = SolveOptions {
                                node_limit: self.options.justify_nodes,
                                backtrack_limit: 2 * self.options.justify_nodes,
                                // Measured on the shipped programs: 99 % of the paths
                                // justified need under 15,000 propagations, and the
                                // paths that run out are mostly infeasible ones of
                                // equivalent mutants, where a larger limit only buys time.
                                propagation_limit: 40 * self.options.justify_nodes,
                                seed: self.options.seed ^ k,
                                value_choice: if k == 0 || !self.options.methods.solver_randomness {
                                    ValueChoice::NearZero
                                } else {
                                    ValueChoice::Random
                                },
                                ..SolveOptions::default()
                            };
                            self.ex.solve_tied(options, TIE_ROUNDS).0
                        }
                    };
                    self.ex.problem.pop();
                    match verdict {
                        Verdict::Sat(model) => {
                            let witness = self.ex.witness(&model, self.params, MAX_WITNESS_LENGTH);
                            models.push(model);
                            if let Some(w) = witness {
                                self.candidates.push(w);
                                return Some(Choice::Solution(self.candidates.len() - 1));
                            }
                        }
                        Verdict::Unsat => {
                            *complete = true;
                            return None;
                        }
                        // A failed try (it counts against the backtrack limit), not a
                        // proof.
                        Verdict::Unknown(_) => {
                            *gave_up = true;
                            return Some(Choice::GiveUp);
                        }
                    }
                }
                None
            }
            Subtask::Refused(_) => (index == 0).then_some(Choice::GiveUp),
        }
    }

    fn exhausted_completely(&self, subtask: &Subtask) -> bool {
        match subtask {
            Subtask::Edge { cut, .. } => !cut,
            Subtask::Excite { .. } => true,
            Subtask::Justify { complete, .. } => *complete,
            Subtask::Refused(_) => false,
        }
    }

    fn apply(&mut self, choice: Choice) -> Result<(), Conflict> {
        self.trail.push(Saved {
            walkers: self.walkers.clone(),
            excited: self.excited,
            checkpoint: self.ex.checkpoint(),
            path: self.path.len(),
        });
        self.implications += 1;
        match choice {
            Choice::Edge { version, index } => {
                if version == Version::Both && !self.excited {
                    self.path.push(index);
                }
                let versions: &[usize] = match version {
                    Version::Both => &[0, 1],
                    Version::Original => &[0],
                    Version::Mutant => &[1],
                };
                for &w in versions {
                    self.take(w, index)?;
                }
            }
            Choice::Effect { term, excites } => {
                self.require(term)?;
                if excites {
                    self.excited = true;
                } else {
                    self.unify();
                }
            }
            Choice::GiveUp => return Err(Conflict),
            Choice::Solution(k) => {
                let w = self.candidates[k].clone();
                if !(self.confirm)(&w) {
                    return Err(Conflict);
                }
                self.found = Some(w);
                return Ok(());
            }
        }
        if self.contradicts(None, self.options.check_nodes) {
            return Err(Conflict);
        }
        Ok(())
    }

    fn implications(&self) -> u64 {
        self.implications
    }
}

/// Searches a test for mutant `m` with the software D-algorithm: a confirmed test, a proof
/// that none exists (the mutant is equivalent), or an abort; `Err` when the mutant is not
/// searched this way (a constructor, an unsupported method). With `templates`, the way to
/// the mutated statement another mutant of it found is tried first (§4.3.5.1).
pub fn search<'m>(
    unit: &'m Unit,
    m: &'m Mutant,
    options: Options,
    limits: &Limits,
    confirm: Box<dyn FnMut(&Witness) -> bool + 'm>,
    templates: Option<&Templates<'_>>,
) -> Result<(Outcome<Witness>, Counters), String> {
    let template = match templates {
        Some(t) if options.methods.test_templates => t.template(m, &options),
        _ => None,
    };
    let mut model = SwDalgorithm::new(unit, m, options, confirm)?.with_template(template);
    let arena = bumpalo::Bump::new();
    Ok(engine::search(
        &mut model,
        &arena,
        limits,
        &mut engine::NoTrace,
    ))
}

/// Backtracks a template's own search may take.
const TEMPLATE_BACKTRACKS: u64 = 16;

/// Test templates (§4.3.5.1): per statement that mutants change, the path of joint decisions
/// that reaches it, found once and shared by every mutant of the statement. A template is a
/// search for the statement's first mutant (in the list's order) that stops where the
/// versions first differ, so it is the same whichever search asks first, and the same on
/// every run. It only orders edges: a search that cannot follow it tries the others as
/// before, so no proof depends on it.
pub struct Templates<'m> {
    unit: &'m Unit,
    mutants: &'m [Mutant],
    /// The first mutant of each statement.
    first: HashMap<Statement, usize>,
    paths: Mutex<HashMap<Statement, Option<Arc<[usize]>>>>,
}

/// A statement as (class, method, start, end).
type Statement = (u32, u32, u32, u32);

/// The statement `m` changes (its own span where the method is not supported).
fn statement_of(unit: &Unit, m: &Mutant) -> Statement {
    m.statement(unit)
        .unwrap_or((m.class, m.method, m.start, m.end))
}

impl<'m> Templates<'m> {
    /// Templates for `mutants` of `unit` (none is searched until asked for).
    pub fn new(unit: &'m Unit, mutants: &'m [Mutant]) -> Templates<'m> {
        let mut first = HashMap::new();
        for (i, m) in mutants.iter().enumerate() {
            first.entry(statement_of(unit, m)).or_insert(i);
        }
        Templates {
            unit,
            mutants,
            first,
            paths: Mutex::new(HashMap::new()),
        }
    }

    /// The template of `m`'s statement, searched now if no search asked for it before.
    fn template(&self, m: &Mutant, options: &Options) -> Option<Arc<[usize]>> {
        let key = statement_of(self.unit, m);
        if let Some(path) = self.paths.lock().expect("no thread panicked").get(&key) {
            return path.clone();
        }
        let path = self.reach(*self.first.get(&key)?, options);
        self.paths
            .lock()
            .expect("no thread panicked")
            .entry(key)
            .or_insert(path)
            .clone()
    }

    /// The joint decisions of a path on which mutant `first`'s versions come to differ.
    fn reach(&self, first: usize, options: &Options) -> Option<Arc<[usize]>> {
        let options = Options {
            seed: 0,
            ..options.clone()
        };
        let never = Box::new(|_: &Witness| false);
        let mut model = SwDalgorithm::new(self.unit, &self.mutants[first], options, never).ok()?;
        model.reach = true;
        let limits = Limits {
            backtracks: Some(TEMPLATE_BACKTRACKS),
            deadline: None,
            implications: None,
        };
        let arena = bumpalo::Bump::new();
        engine::search(&mut model, &arena, &limits, &mut engine::NoTrace);
        model.reached.map(Arc::from)
    }
}
