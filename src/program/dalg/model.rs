//! The software D-algorithm's search state and its model of the shared engine
//! ([`crate::engine::Model`]): the two walkers in one solver problem, what backtracking
//! restores, the order in which the next subtask is chosen ([Zhang 2021] ch. 3.4: JUST of the
//! EXS up to the mutated statement, MEE where the versions first differ, MEP after, JUST of the
//! inputs at the exits), applying a choice, and [`search`], the entry point for one mutant.

use std::sync::Arc;

use hashbrown::HashMap;

use crate::engine::{self, Conflict, Counters, Limits, Model, Next, Outcome, SubtaskKind, Trail};
use crate::solver::{ExprId, SolveOptions, Verdict};

use crate::program::mutants::mutant::Mutant;
use crate::program::proofs::symbolic::{Checkpoint, Executor, TIE_ROUNDS, Unsupported, Witness};
use crate::program::reader::ir::{Stmt, StmtKind, Type, Unit};

use super::options::Options;
use super::subtask::{Choice, Excitation, Subtask, Version};
use super::templates::Templates;
use super::walker::{To, Walker, Work, same_edges, step};

/// Propagations a contradiction check gets per node of the problem, beside its own limit.
const CHECK_PROPAGATIONS_PER_NODE: u64 = 4;

/// What backtracking restores.
struct Saved<'m> {
    walkers: [Walker<'m>; 2],
    excited: bool,
    checkpoint: Checkpoint,
    path: usize,
}

/// The software D-algorithm on one mutant.
pub struct SwDalgorithm<'m> {
    pub(super) ex: Executor<'m>,
    pub(super) walkers: [Walker<'m>; 2],
    pub(super) excited: bool,
    trail: Trail<Saved<'m>>,
    pub(super) site: (u32, u32),
    /// The edit's change in length (the mutant's text after it is shifted by this much).
    pub(super) delta: i64,
    /// The mutated code may run more than once per call (it lies in a loop).
    pub(super) repeats: bool,
    pub(super) params: &'m [Type],
    pub(super) options: Options,
    implications: u64,
    pub(super) candidates: Vec<Witness>,
    found: Option<Witness>,
    confirm: Box<dyn FnMut(&Witness) -> bool + 'm>,
    /// The edges the joint decisions took before the effect exists (the path to the site).
    pub(super) path: Vec<usize>,
    /// A path that reached the mutated statement before (§4.3.5.1), tried first.
    pub(super) template: Option<Arc<[usize]>>,
    /// Only reach the mutated statement: the search ends with the path there (a template).
    pub(super) reach: bool,
    pub(super) reached: Option<Vec<usize>>,
    /// The method's locals: name, and whether the source has it (for traces).
    pub(super) locals: Vec<(String, bool)>,
    /// The original's and the mutant's statements, and (once a trace asks) the original's id
    /// of each mutant statement and update: the mutant's method is checked on its own, so
    /// an edit that adds or removes expressions renumbers what follows it.
    pub(super) bodies: (&'m [Stmt], &'m [Stmt]),
    pub(super) to_original: Option<HashMap<(u8, u32), u32>>,
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
        if unit.touches_objects(m.class, m.method) {
            return Err("the method works with objects, which the search does not model".into());
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
        // The original cannot handle exceptions here (that works with objects), but a mutant
        // can throw an exception object: `new E("text" + n)` whose argument becomes `n` calls
        // the constructor `E(int)`, a value thrown rather than a message.
        if mutated.handles_exceptions() {
            return Err(
                "the mutant throws an exception object, which the search does not model".into(),
            );
        }
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

    /// Whether the problem with `extra` required is proved contradictory.
    pub(super) fn contradicts(&mut self, extra: Option<ExprId>, nodes: u64) -> bool {
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
    pub(super) fn take(&mut self, w: usize, index: usize) -> Result<(), Conflict> {
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
            } => self.justify(differ, models, complete, gave_up),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A mutant may throw an exception object where the original throws with a message:
    /// `new E("text" + (n - 1))` cut down to `new E(n - 1)` calls `E(int)`. The search
    /// refuses such a mutant with a reason instead of walking into a statement it has no
    /// model of.
    #[test]
    fn a_mutant_throwing_an_exception_object_is_refused_not_walked() {
        let source = r#"
class Bounds {
    private int size = 4;
    void check(int v) {
        if (v < 0 || v >= size) {
            throw new IndexOutOfBoundsException("vertex " + v + " outside 0.." + (size - 1));
        }
    }
}
"#;
        let unit = crate::program::load("Bounds.java", source).expect("loads");
        let mutants = crate::program::mutants::mutant::generate(&unit);
        let throwing: Vec<&Mutant> = mutants
            .mutants
            .iter()
            .filter(|m| {
                m.mutated
                    .as_ref()
                    .and_then(|f| f.body.as_ref().ok())
                    .is_some_and(|b| b.handles_exceptions())
            })
            .collect();
        assert!(!throwing.is_empty(), "the cut-down message makes one");
        for m in throwing {
            let outcome = search(
                &unit,
                m,
                Options::default(),
                &Limits::default(),
                Box::new(|_| true),
                None,
            );
            let why = outcome.expect_err("refused");
            assert!(why.contains("exception object"), "{why}");
        }
    }
}
