//! The generic D-algorithm: a subtask stack over a model, with backtracking.
//!
//! Roth's D-algorithm [Roth 1966] and its software form ([Zhang 2021] ch. 3, Fig. 3.8) share one
//! loop: implication runs to a fixed point; the model says where the search stands (a test is
//! found, the target still needs excitation, propagation or justification, or the current state is
//! a dead end); the engine takes a subtask, tries its alternatives one at a time, and on a conflict
//! restores the exact earlier state and tries the next one. A subtask whose alternatives are all
//! spent is popped, and the search backtracks to the previous decision.
//!
//! The engine owns the search; a [`Model`] owns the values, the implication and the meaning of
//! subtasks. Two models plug in: the gate-level circuit (faults) and the program (mutants).
//!
//! Soundness of "untestable": the search space is exhausted only if every subtask popped on the
//! way had a *complete* list of alternatives. A gate's cubes are complete; a solver's enumeration
//! of solutions up to a limit is not. The model says which, per subtask
//! ([`Model::exhausted_completely`]); if any was incomplete the outcome is
//! [`Outcome::Aborted`] with [`AbortReason::Incomplete`], never `Untestable`.
//!
//! Per-target scratch (the frames and the alternative lists the model builds) lives in a
//! [`bumpalo::Bump`] arena that the caller resets between targets; the model's own state is
//! restored through its [`Trail`].

pub(crate) mod trail;

use std::fmt;
use std::time::Instant;

use bitvec::vec::BitVec;
use bumpalo::Bump;

pub use trail::Trail;

/// The three kinds of subtask of the D-algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubtaskKind {
    /// Fault activation / mutation-effect excitation (MEE).
    Excitation,
    /// D-drive / mutation-effect propagation (MEP).
    Propagation,
    /// Justification of an unjustified element (J-frontier / UEL).
    Justification,
}

impl fmt::Display for SubtaskKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SubtaskKind::Excitation => "excitation",
            SubtaskKind::Propagation => "propagation",
            SubtaskKind::Justification => "justification",
        })
    }
}

/// Implication found a contradiction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conflict;

/// Where the search stands after implication.
#[derive(Debug)]
pub enum Next<S, T> {
    /// The target is tested: the error is observed and nothing is left unjustified.
    Found(T),
    /// This subtask must be done next.
    Subtask(S),
    /// The current state cannot lead to a test (e.g. every propagation path is blocked).
    DeadEnd,
}

/// A model the D-algorithm runs on.
pub trait Model {
    /// A subtask with whatever it needs to produce its alternatives; it may borrow from the
    /// per-target arena.
    type Subtask<'a>;
    /// One way of doing a subtask: a set of assignments. It may borrow from the arena too.
    type Alternative<'a>: Copy;
    /// What a successful search returns.
    type Test;

    /// The kind of a subtask (for counters and traces).
    fn kind(subtask: &Self::Subtask<'_>) -> SubtaskKind;

    /// The model's current trail level.
    fn level(&self) -> usize;

    /// Restores the state the model had at trail level `level`.
    fn backtrack_to(&mut self, level: usize);

    /// Decides what must happen next in the current (fully implied) state.
    fn next<'a>(&mut self, arena: &'a Bump) -> Next<Self::Subtask<'a>, Self::Test>;

    /// The `index`-th alternative of `subtask`, or `None` when there is no further one.
    /// Alternatives are pulled one at a time, in order, so a model may produce them lazily.
    fn alternative<'a>(
        &mut self,
        subtask: &mut Self::Subtask<'a>,
        index: usize,
    ) -> Option<Self::Alternative<'a>>;

    /// Whether the alternatives `subtask` produced, now that none is left, covered every way
    /// of doing it (so that their exhaustion is a proof).
    fn exhausted_completely(&self, subtask: &Self::Subtask<'_>) -> bool;

    /// Applies an alternative and runs implication to a fixed point.
    fn apply(&mut self, alternative: Self::Alternative<'_>) -> Result<(), Conflict>;

    /// Implications performed so far (for the counters).
    fn implications(&self) -> u64;

    /// After `apply` failed or `next` returned a dead end: the decision levels the failure
    /// depends on (level `k` is the alternative applied by the `k`-th frame of the stack, from
    /// 1). `None` means "unknown": every level. A correct superset is always sound; it lets the
    /// search jump back over decisions that played no part (conflict-directed backjumping).
    fn explain(&mut self) -> Option<BitVec> {
        None
    }

    /// The decision levels that `subtask`'s list of alternatives was complete *relative to*:
    /// when all of them fail, the conclusion is only that the subtask cannot be done given
    /// those levels (for example the value a justification must produce). Asked with the
    /// model in the state the subtask was created in. `None` means every level.
    fn explain_subtask(&mut self, _subtask: &Self::Subtask<'_>) -> Option<BitVec> {
        None
    }
}

/// When the search gives up.
#[derive(Clone, Copy, Debug, Default)]
pub struct Limits {
    /// Backtracks allowed before aborting (`None`: no limit).
    pub backtracks: Option<u64>,
    /// Wall-clock deadline (`None`: no limit).
    pub deadline: Option<Instant>,
    /// Implications the model may perform (`None`: no limit). Backtracks cost very different
    /// amounts in different search strategies (with recursive learning, thirty times more):
    /// a cap on implications gives strategies taken in turn comparable shares of work.
    pub implications: Option<u64>,
}

/// Why a search ended without a verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AbortReason {
    BacktrackLimit,
    TimeLimit,
    /// The implications allowed were spent.
    WorkLimit,
    /// The space was exhausted, but some subtask's alternatives were not complete.
    Incomplete,
}

/// The result of a search for one target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<T> {
    Test(T),
    /// The search space was exhausted with no limit hit and every subtask complete: a proof.
    Untestable,
    Aborted(AbortReason),
}

/// Work done by a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Alternatives tried.
    pub decisions: u64,
    /// Times the search had to undo a choice (a conflict or a dead end).
    pub backtracks: u64,
    /// Implications performed by the model.
    pub implications: u64,
}

impl std::ops::AddAssign for Counters {
    fn add_assign(&mut self, other: Counters) {
        self.decisions += other.decisions;
        self.backtracks += other.backtracks;
        self.implications += other.implications;
    }
}

/// One step of the search, for the trace hook (`'a` is the arena's lifetime).
pub enum Event<'e, 'a, M: Model + ?Sized> {
    /// A subtask was pushed at this depth of the stack.
    Push {
        depth: usize,
        subtask: &'e M::Subtask<'a>,
    },
    /// Alternative `index` of the subtask at `depth` is being applied.
    Try {
        depth: usize,
        index: usize,
        alternative: M::Alternative<'a>,
    },
    /// Applying it and implying its consequences succeeded: the model now holds the state
    /// after the implication.
    Implied { depth: usize },
    /// Applying it led to a conflict in implication.
    Conflict { depth: usize },
    /// The state reached has no way forward.
    DeadEnd { depth: usize },
    /// The subtask at `depth` has no alternative left and is popped.
    Pop { depth: usize, complete: bool },
    /// Conflict analysis showed that the subtasks between depth `to` (exclusive) and `from`
    /// (inclusive) played no part in the failure: they are popped without trying their other
    /// alternatives, and the search resumes at depth `to` (conflict-directed backjumping).
    Backjump { from: usize, to: usize },
    /// A test was found.
    Found,
}

/// Receives every step of a search, with the model in the state the step left (a teaching
/// trace shows the values implied, the frontiers and what backtracking undid). The default
/// method does nothing, and a search with [`NoTrace`] compiles to the same code as one without
/// a hook.
pub trait Tracer<M: Model + ?Sized> {
    fn event(&mut self, _event: Event<'_, '_, M>, _model: &M) {}
}

/// The tracer that records nothing.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct NoTrace;

impl<M: Model + ?Sized> Tracer<M> for NoTrace {}

struct Frame<S> {
    subtask: S,
    next: usize,
    level: usize,
    /// Levels below this frame's that the failures of its alternatives depend on.
    conflict: BitVec,
}

/// Adds the explained levels below `depth` to `conflict` (every level when unknown).
fn merge(conflict: &mut BitVec, depth: usize, explanation: Option<BitVec>) {
    if conflict.len() < depth {
        conflict.resize(depth, false);
    }
    match explanation {
        Some(levels) => {
            for l in levels.iter_ones().filter(|&l| l >= 1 && l < depth) {
                conflict.set(l, true);
            }
        }
        None => {
            for l in 1..depth {
                conflict.set(l, true);
            }
        }
    }
}

/// Runs the D-algorithm on `model` from its current state (the model has been set up for one
/// target and its initial implications done). `arena` holds this target's scratch; the caller
/// resets it afterwards.
pub fn search<M: Model, T: Tracer<M>>(
    model: &mut M,
    arena: &Bump,
    limits: &Limits,
    tracer: &mut T,
) -> (Outcome<M::Test>, Counters) {
    let implications_before = model.implications();
    let mut counters = Counters::default();
    let mut frames: bumpalo::collections::Vec<'_, Frame<M::Subtask<'_>>> =
        bumpalo::collections::Vec::new_in(arena);
    let mut complete = true;
    let finish = |model: &M, mut counters: Counters, outcome| {
        counters.implications = model.implications() - implications_before;
        (outcome, counters)
    };

    // `true` when the current state must be inspected by `next`, `false` when the top frame's
    // last alternative failed and the next one must be tried.
    let mut advance = true;
    loop {
        if advance {
            match model.next(arena) {
                Next::Found(test) => {
                    tracer.event(Event::Found, model);
                    return finish(model, counters, Outcome::Test(test));
                }
                Next::Subtask(subtask) => {
                    let level = model.level();
                    frames.push(Frame {
                        subtask,
                        next: 0,
                        level,
                        conflict: BitVec::new(),
                    });
                }
                Next::DeadEnd => {
                    let depth = frames.len();
                    tracer.event(Event::DeadEnd { depth }, model);
                    let Some(top) = frames.last_mut() else {
                        // The initial state (after the target's own implications) is already
                        // contradictory: a proof when implication is sound.
                        return finish(model, counters, Outcome::Untestable);
                    };
                    merge(&mut top.conflict, depth, model.explain());
                    counters.backtracks += 1;
                }
            }
        }
        if let Some(limit) = limits.backtracks
            && counters.backtracks > limit
        {
            return finish(
                model,
                counters,
                Outcome::Aborted(AbortReason::BacktrackLimit),
            );
        }
        if let Some(deadline) = limits.deadline
            && counters.decisions % 64 == 0
            && Instant::now() >= deadline
        {
            return finish(model, counters, Outcome::Aborted(AbortReason::TimeLimit));
        }
        if let Some(limit) = limits.implications
            && model.implications() - implications_before > limit
        {
            return finish(model, counters, Outcome::Aborted(AbortReason::WorkLimit));
        }

        // Try the next alternative of the top frame, popping frames that have none left.
        advance = loop {
            let depth = frames.len();
            let Some(frame) = frames.last_mut() else {
                let outcome = if complete {
                    Outcome::Untestable
                } else {
                    Outcome::Aborted(AbortReason::Incomplete)
                };
                return finish(model, counters, outcome);
            };
            model.backtrack_to(frame.level);
            if frame.next == 0 {
                tracer.event(
                    Event::Push {
                        depth,
                        subtask: &frame.subtask,
                    },
                    model,
                );
            }
            match model.alternative(&mut frame.subtask, frame.next) {
                Some(alternative) => {
                    tracer.event(
                        Event::Try {
                            depth,
                            index: frame.next,
                            alternative,
                        },
                        model,
                    );
                    frame.next += 1;
                    counters.decisions += 1;
                    match model.apply(alternative) {
                        Ok(()) => {
                            tracer.event(Event::Implied { depth }, model);
                            break true;
                        }
                        Err(Conflict) => {
                            tracer.event(Event::Conflict { depth }, model);
                            merge(&mut frame.conflict, depth, model.explain());
                            counters.backtracks += 1;
                            if let Some(limit) = limits.backtracks
                                && counters.backtracks > limit
                            {
                                model.backtrack_to(frame.level);
                                return finish(
                                    model,
                                    counters,
                                    Outcome::Aborted(AbortReason::BacktrackLimit),
                                );
                            }
                        }
                    }
                }
                None => {
                    let frame_complete = model.exhausted_completely(&frame.subtask);
                    complete &= frame_complete;
                    tracer.event(
                        Event::Pop {
                            depth,
                            complete: frame_complete,
                        },
                        model,
                    );
                    // The levels this failure depends on; an incomplete subtask's failure
                    // depends on everything.
                    let mut conflict = std::mem::take(&mut frame.conflict);
                    if frame_complete {
                        model.backtrack_to(frame.level);
                        merge(&mut conflict, depth, model.explain_subtask(&frame.subtask));
                    } else {
                        merge(&mut conflict, depth, None);
                    }
                    let level = frame.level;
                    frames.pop();
                    model.backtrack_to(level);
                    // Jump back to the deepest level involved; the frames in between played no
                    // part, so their other alternatives would fail the same way.
                    let target = conflict.last_one().unwrap_or(0);
                    if target == 0 {
                        let outcome = if complete {
                            Outcome::Untestable
                        } else {
                            Outcome::Aborted(AbortReason::Incomplete)
                        };
                        return finish(model, counters, outcome);
                    }
                    let from = frames.len();
                    while frames.len() > target {
                        let skipped = frames.pop().expect("deeper frames exist");
                        model.backtrack_to(skipped.level);
                    }
                    if from > target {
                        tracer.event(Event::Backjump { from, to: target }, model);
                    }
                    conflict.set(target, false);
                    let top = frames.last_mut().expect("the target frame exists");
                    merge(&mut top.conflict, target, Some(conflict));
                }
            }
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A toy model with known answers: pick one value per variable from small domains so that
    /// a predicate over the whole assignment holds. Forbidden pairs act as implication
    /// conflicts. One variable's domain can be declared incomplete.
    struct Toy {
        domains: Vec<Vec<u8>>,
        forbidden: Vec<((usize, u8), (usize, u8))>,
        goal: fn(&[u8]) -> bool,
        values: Vec<Option<u8>>,
        trail: Trail<usize>,
        incomplete: Option<usize>,
        implications: u64,
        /// Explain conflicts by the levels of the forbidden pair (otherwise: unknown).
        explains: bool,
        clash: Option<(usize, usize)>,
    }

    impl Toy {
        fn new(domains: Vec<Vec<u8>>, goal: fn(&[u8]) -> bool) -> Toy {
            let n = domains.len();
            Toy {
                domains,
                forbidden: Vec::new(),
                goal,
                values: vec![None; n],
                trail: Trail::new(),
                incomplete: None,
                implications: 0,
                explains: false,
                clash: None,
            }
        }
    }

    impl Model for Toy {
        type Subtask<'a> = usize;
        type Alternative<'a> = (usize, u8);
        type Test = Vec<u8>;

        fn kind(_: &usize) -> SubtaskKind {
            SubtaskKind::Justification
        }
        fn level(&self) -> usize {
            self.trail.level()
        }
        fn backtrack_to(&mut self, level: usize) {
            let values = &mut self.values;
            self.trail.undo_to(level, |var| values[var] = None);
        }
        fn next(&mut self, _: &Bump) -> Next<usize, Vec<u8>> {
            match self.values.iter().position(Option::is_none) {
                Some(var) => Next::Subtask(var),
                None => {
                    let values: Vec<u8> = self.values.iter().map(|v| v.unwrap()).collect();
                    if (self.goal)(&values) {
                        Next::Found(values)
                    } else {
                        Next::DeadEnd
                    }
                }
            }
        }
        fn alternative<'a>(
            &mut self,
            var: &mut Self::Subtask<'a>,
            index: usize,
        ) -> Option<Self::Alternative<'a>> {
            self.domains[*var].get(index).map(|&v| (*var, v))
        }
        fn exhausted_completely(&self, var: &usize) -> bool {
            self.incomplete != Some(*var)
        }
        fn apply(&mut self, (var, value): (usize, u8)) -> Result<(), Conflict> {
            self.implications += 1;
            self.trail.push(var);
            self.values[var] = Some(value);
            for &((a, va), (b, vb)) in &self.forbidden {
                if self.values[a] == Some(va) && self.values[b] == Some(vb) {
                    self.clash = Some((a, b));
                    return Err(Conflict);
                }
            }
            Ok(())
        }
        fn implications(&self) -> u64 {
            self.implications
        }
        fn explain(&mut self) -> Option<BitVec> {
            let (a, b) = self.clash.take()?;
            if !self.explains {
                return None;
            }
            // Each frame assigns one variable: its level is its place on the trail, from 1.
            let assigned = self.trail.since(0);
            let mut levels = BitVec::repeat(false, assigned.len() + 1);
            for (k, &var) in assigned.iter().enumerate() {
                if var == a || var == b {
                    levels.set(k + 1, true);
                }
            }
            Some(levels)
        }
        fn explain_subtask(&mut self, _: &usize) -> Option<BitVec> {
            // A variable's domain needs no premise.
            self.explains.then(BitVec::new)
        }
    }

    fn run(toy: &mut Toy, limits: Limits) -> (Outcome<Vec<u8>>, Counters) {
        search(toy, &Bump::new(), &limits, &mut NoTrace)
    }

    #[test]
    fn finds_the_first_test_in_order() {
        let mut toy = Toy::new(vec![vec![0, 1, 2]; 3], |v| v.iter().sum::<u8>() == 5);
        let (outcome, counters) = run(&mut toy, Limits::default());
        assert_eq!(outcome, Outcome::Test(vec![1, 2, 2]));
        assert!(counters.backtracks > 0);
        assert!(counters.decisions >= 3);
    }

    #[test]
    fn exhausting_complete_alternatives_proves_untestable() {
        let mut toy = Toy::new(vec![vec![0, 1]; 4], |v| v.iter().sum::<u8>() == 9);
        let (outcome, counters) = run(&mut toy, Limits::default());
        assert_eq!(outcome, Outcome::Untestable);
        // Every leaf of the 2^4 tree is a dead end.
        assert_eq!(counters.backtracks, 16);
        // And the state is restored.
        assert!(toy.values.iter().all(Option::is_none));
    }

    #[test]
    fn exhausting_an_incomplete_subtask_is_not_a_proof() {
        let mut toy = Toy::new(vec![vec![0, 1]; 3], |v| v.iter().sum::<u8>() == 9);
        toy.incomplete = Some(1);
        let (outcome, _) = run(&mut toy, Limits::default());
        assert_eq!(outcome, Outcome::Aborted(AbortReason::Incomplete));
    }

    #[test]
    fn conflicts_prune_and_backtrack_limit_aborts() {
        let mut toy = Toy::new(vec![vec![0, 1]; 3], |v| v == [1, 1, 1]);
        toy.forbidden.push(((0, 1), (1, 1)));
        let (outcome, _) = run(&mut toy, Limits::default());
        assert_eq!(outcome, Outcome::Untestable);
        let mut toy = Toy::new(vec![vec![0, 1]; 12], |v| v.iter().all(|&x| x == 1));
        let (outcome, counters) = run(
            &mut toy,
            Limits {
                backtracks: Some(10),
                deadline: None,
                implications: None,
            },
        );
        assert_eq!(outcome, Outcome::Aborted(AbortReason::BacktrackLimit));
        assert_eq!(counters.backtracks, 11);
    }

    /// The search stops once the model has performed more implications than allowed, counted
    /// from the search's start; a search that needs fewer is not cut.
    #[test]
    fn the_implication_limit_aborts_a_search_that_spends_more() {
        let goal = |v: &[u8]| v.iter().all(|&x| x == 1);
        let mut toy = Toy::new(vec![vec![0, 1]; 12], goal);
        let (found, free) = run(&mut toy, Limits::default());
        assert!(matches!(found, Outcome::Test(_)));
        assert!(free.implications > 100, "{free:?}");
        for limit in [0, 10, 100] {
            let mut toy = Toy::new(vec![vec![0, 1]; 12], goal);
            // Implications done before the search do not count.
            toy.implications = 1_000_000;
            let limits = Limits {
                implications: Some(limit),
                ..Limits::default()
            };
            let (outcome, counters) = run(&mut toy, limits);
            assert_eq!(outcome, Outcome::Aborted(AbortReason::WorkLimit));
            assert!(counters.implications > limit && counters.implications <= limit + 2);
        }
        let mut toy = Toy::new(vec![vec![0, 1]; 12], goal);
        let limits = Limits {
            implications: Some(free.implications),
            ..Limits::default()
        };
        assert_eq!(run(&mut toy, limits).0, found);
    }

    /// The tracer sees every step, and with it the model's state: the values an alternative
    /// implied, those a conflict left before backtracking undid them, and the test found.
    #[test]
    fn trace_sees_every_step_and_the_state_it_left() {
        #[derive(Default)]
        struct Log(Vec<String>);
        impl Tracer<Toy> for Log {
            fn event(&mut self, event: Event<'_, '_, Toy>, model: &Toy) {
                let values: String = model
                    .values
                    .iter()
                    .map(|v| v.map_or('-', |v| char::from(b'0' + v)))
                    .collect();
                self.0.push(match event {
                    Event::Push { depth, subtask } => format!("push {depth} x{subtask} {values}"),
                    Event::Try {
                        depth, alternative, ..
                    } => format!("try {depth} x{}={} {values}", alternative.0, alternative.1),
                    Event::Implied { depth } => format!("implied {depth} {values}"),
                    Event::Conflict { depth } => format!("conflict {depth} {values}"),
                    Event::DeadEnd { depth } => format!("dead end {depth} {values}"),
                    Event::Pop { depth, .. } => format!("pop {depth} {values}"),
                    Event::Backjump { from, to } => format!("backjump {from} to {to} {values}"),
                    Event::Found => format!("found {values}"),
                });
            }
        }
        let mut toy = Toy::new(vec![vec![0, 1]; 2], |v| v == [0, 1]);
        let mut log = Log::default();
        let (outcome, _) = search(&mut toy, &Bump::new(), &Limits::default(), &mut log);
        assert_eq!(outcome, Outcome::Test(vec![0, 1]));
        assert_eq!(
            log.0,
            [
                "push 1 x0 --",
                "try 1 x0=0 --",
                "implied 1 0-",
                "push 2 x1 0-",
                "try 2 x1=0 0-",
                "implied 2 00",
                "dead end 2 00",
                "try 2 x1=1 0-",
                "implied 2 01",
                "found 01"
            ]
        );
        // A conflict is seen with the values that clash, before they are undone.
        let mut toy = Toy::new(vec![vec![0, 1]; 2], |v| v == [1, 1]);
        toy.forbidden.push(((0, 0), (1, 1)));
        let mut log = Log::default();
        let (outcome, _) = search(&mut toy, &Bump::new(), &Limits::default(), &mut log);
        assert_eq!(outcome, Outcome::Test(vec![1, 1]));
        assert!(
            log.0.iter().any(|l| l.starts_with("conflict 2 0")),
            "{:?}",
            log.0
        );
        assert!(log.0.iter().any(|l| l == "pop 2 0-"), "{:?}", log.0);
    }

    /// Conflict-directed backjumping is traced: when the failure of the third variable depends
    /// on the first alone, the second's other value is never tried and the trace says so.
    #[test]
    fn trace_shows_a_backjump_over_a_decision_that_played_no_part() {
        #[derive(Default)]
        struct Log(Vec<String>);
        impl Tracer<Toy> for Log {
            fn event(&mut self, event: Event<'_, '_, Toy>, _: &Toy) {
                match event {
                    Event::Try {
                        alternative: (var, value),
                        ..
                    } => self.0.push(format!("x{var}={value}")),
                    Event::Backjump { from, to } => self.0.push(format!("backjump {from}>{to}")),
                    _ => {}
                }
            }
        }
        let mut toy = Toy::new(vec![vec![0, 1]; 3], |_| true);
        toy.forbidden = vec![((0, 0), (2, 0)), ((0, 0), (2, 1))];
        toy.explains = true;
        let mut log = Log::default();
        let (outcome, _) = search(&mut toy, &Bump::new(), &Limits::default(), &mut log);
        assert_eq!(outcome, Outcome::Test(vec![1, 0, 0]));
        assert_eq!(
            log.0,
            [
                "x0=0",
                "x1=0",
                "x2=0",
                "x2=1",
                "backjump 2>1",
                "x0=1",
                "x1=0",
                "x2=0"
            ]
        );
        // Without explanations every level is suspect: x1's other value is tried.
        toy.explains = false;
        toy.backtrack_to(0);
        let mut log = Log::default();
        search(&mut toy, &Bump::new(), &Limits::default(), &mut log);
        assert!(!log.0.iter().any(|l| l.starts_with("backjump")));
        assert!(log.0.iter().any(|l| l == "x1=1"));
    }
}
