//! The gate-level model of the D-algorithm: one stuck-at fault at a time, values in the good and
//! the faulty circuit, implication, and the three kinds of subtask.
//!
//! Values. Every net carries a pair (good value, faulty value), each 0, 1 or X. Roth's five
//! values are the pairs 0/0, 1/1, X/X, 1/0 (D) and 0/1 (D-bar); the pairs with one X side
//! (Muth's nine-valued algebra) keep what is known of one circuit while the other is still
//! open, which makes implication strictly stronger and costs nothing. Only the nets in the
//! fault's fanout cone can differ between the two circuits; outside it both sides are always
//! assigned together.
//!
//! Implication is event driven: a changed net schedules its driving gate (backward) and the
//! gates it feeds (forward); every scheduled gate applies the three-valued rules of its function
//! in the good circuit and, inside the cone, in the faulty circuit, where the faulty line is cut:
//! a stuck stem ignores its driver, a stuck branch reads the stuck value on its pin.
//!
//! Subtasks:
//! - excitation: the faulty net gets the opposite of the stuck value in the good circuit; the
//!   gates dominating the fault site get their error-free inputs non-controlling (unique
//!   sensitization);
//! - propagation: the D-frontier (gates with an error on an input and none yet on the output),
//!   pruned by the X-path check and ordered by SCOAP observability; an alternative gives one
//!   gate an error of one polarity at its output, and implication does the rest;
//! - justification: the J-frontier (gates whose output value, in one of the two circuits, is not
//!   implied by their inputs), the gate nearest the outputs first; its alternatives are disjoint
//!   and complete (the first input at the controlling value in SCOAP order, the ones before it
//!   at the non-controlling value; both values of one input of a parity gate).
//!
//! Every alternative list is complete, so an exhausted search proves the fault untestable.

use bitvec::prelude::*;
use bumpalo::Bump;

use super::Analysis;
use crate::circuit::fault::{Fault, FaultSite};
use crate::circuit::netlist::{GateKind, NodeId, Pin};
use crate::circuit::patterns::Bit;
use crate::engine::{
    self, Conflict, Counters, Limits, Model as _, Next, NoTrace, Outcome, SubtaskKind, Trail,
};

pub(crate) const ZERO: u8 = 0;
pub(crate) const ONE: u8 = 1;
pub(crate) const X: u8 = 2;
const CONSTANT: u8 = 1;
const FORBIDDEN: u8 = 2;
const GOOD: usize = 0;
const FAULTY: usize = 1;

/// A test: a value (or don't care) for every scan-view input.
pub type TestCube = Vec<Bit>;

/// A subtask of the gate-level D-algorithm.
#[derive(Debug)]
pub enum Subtask<'a> {
    /// Put the opposite of the stuck value on the faulty net.
    Excite,
    /// Drive the error through one D-frontier gate: (gate, output polarity as the good value).
    Propagate(&'a [(NodeId, bool)]),
    /// Justify a controlled gate output in one circuit: one of `nets` must take `value`.
    Justify {
        gate: NodeId,
        circuit: usize,
        value: u8,
        nets: &'a [NodeId],
    },
    /// Justify a parity gate output: choose the value of one of its open inputs.
    Decide {
        gate: NodeId,
        circuit: usize,
        net: NodeId,
        first: u8,
    },
}

/// One alternative of a [`Subtask`].
#[derive(Clone, Copy, Debug)]
pub enum Alternative<'a> {
    Excite,
    /// Output of `gate` becomes `polarity` in the good circuit and its opposite in the faulty
    /// one; the gates of `before` (the alternatives already tried) must not carry the error,
    /// which makes the alternatives disjoint.
    Propagate {
        gate: NodeId,
        polarity: bool,
        before: &'a [(NodeId, bool)],
    },
    /// `nets[k]` takes `value` and the nets before it the opposite, in `circuit`.
    Justify {
        circuit: usize,
        value: u8,
        nets: &'a [NodeId],
        k: usize,
    },
    /// `net` takes `value` in `circuit`.
    Assign {
        circuit: usize,
        net: NodeId,
        value: u8,
    },
}

/// How J-frontier elements are justified.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum Justification {
    /// Roth's way: choose a cube of the unjustified gate (values on its own inputs).
    Cubes,
    /// FAN's way: backtrace from the unjustified gate to an unassigned input and choose its
    /// value; falls back to cubes when no input is reachable.
    #[default]
    Backtrace,
}

/// Why a net has its value, for explaining conflicts (conflict-directed backjumping).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
enum Reason {
    /// Part of the starting state: a constant, a cube input, the stuck value.
    #[default]
    Fixed,
    /// Set by the alternative applied at its level.
    Decision,
    /// Implied by the function of this gate in this circuit. (A net outside the cone holds
    /// one value for both circuits, but the rule that set it ran in one of them.)
    Gate(NodeId, u8),
    /// Implied by a learned implication from this good-circuit value.
    Learned(NodeId, u8),
    /// Inferred from where the error can still go (unique sensitization); the entry of
    /// `region_reasons` says which values that depended on.
    Region(u32),
    /// Inferred by recursive learning: depends on everything assigned before it.
    Global,
    /// Forced by a learned clause (all its other literals hold).
    Clause(u32),
}

/// A clause literal: `(net, circuit, value)` as `4 * net + 2 * circuit + value`, the circuit
/// being the good one for nets outside the cone; from `4 * nets` on, "this net is forbidden to
/// carry the error".
type Lit = u32;

fn lit(node: NodeId, circuit: usize, value: u8) -> Lit {
    4 * node.index() as u32 + 2 * circuit as u32 + u32::from(value)
}

/// Longest clause kept, and most clauses per target.
const MAX_CLAUSE: usize = 64;
const MAX_CLAUSES: usize = 20_000;

/// A step of explaining a failure.
#[derive(Clone, Copy, Debug)]
enum Item {
    /// The value of `(net, circuit)`.
    Lit(NodeId, usize),
    /// A value the current decision tried to set.
    Attempted(Lit),
    /// The net is forbidden to carry the error.
    Forbid(NodeId),
    /// The cone and its side inputs, as they were before this trail position (the coarse
    /// reason, when a precise one is not available).
    Region(u32),
    /// The reason recorded for an inference from where the error can go.
    Recorded(u32),
    /// Everything assigned so far.
    Everything,
}

/// A trail entry: a net's whole state before a change.
#[derive(Clone, Copy, Debug)]
struct Entry {
    node: u32,
    values: [u8; 2],
    flags: u8,
    level: [u32; 2],
    position: [u32; 2],
    why: [Reason; 2],
}

/// What the last conflict was, for [`engine::Model::explain`].
#[derive(Clone, Debug)]
enum Failure {
    /// `why` required `(node, circuit)` to take the value opposite to the one it has.
    Clash {
        node: NodeId,
        circuit: usize,
        why: Reason,
    },
    /// `why` required a value of `(node, circuit)` that the fault makes impossible (a stuck
    /// branch pin).
    Impossible {
        node: NodeId,
        circuit: usize,
        why: Reason,
    },
    /// A net forbidden to carry the error carries it.
    Forbidden(NodeId),
    /// The current decision tried to forbid a net that already carries the error.
    ForbidAttempt(NodeId),
    /// These values together leave no way forward.
    Values(Vec<(NodeId, usize)>),
    /// The error is blocked by these values (see [`GateModel::frontier_reason`]).
    Blocked(Vec<Item>),
    /// Depends on everything.
    Global,
    /// Every literal of this learned clause holds.
    Clause(u32),
}

/// What the model needs to know about the current target fault.
#[derive(Clone, Copy, Debug)]
struct Target {
    stuck: u8,
    /// The net whose good value excites the fault.
    excite_net: NodeId,
    /// The node where the faulty circuit first differs (stem or the gate of the branch);
    /// `None` for a flip-flop input, whose error is observed directly.
    root: Option<NodeId>,
    branch: Option<Pin>,
    stem: Option<NodeId>,
}

/// The D-algorithm state for one circuit, reused from fault to fault (one per thread).
pub struct GateModel<'a> {
    analysis: &'a Analysis<'a>,
    values: Vec<[u8; 2]>,
    /// Per net: [`CONSTANT`] when its good value is one of the circuit's constants, true
    /// whatever the inputs, so it needs no justification (a value from a learned implication
    /// still does: its premise may hold only because of it); [`FORBIDDEN`] when the error must
    /// not pass through it (an earlier propagation alternative covered that case).
    flags: Vec<u8>,
    /// Per net and circuit: the decision level, the trail position and the reason of its
    /// value (meaningful while the value is not X).
    level: Vec<[u32; 2]>,
    position: Vec<[u32; 2]>,
    why: Vec<[Reason; 2]>,
    /// Decision level and trail position of a [`FORBIDDEN`] flag.
    forbid_level: Vec<u32>,
    forbid_position: Vec<u32>,
    /// Trail positions where each decision level begins.
    marks: Vec<usize>,
    failure: Option<Failure>,
    /// Side inputs of the cone (fanins of cone gates outside it), by epoch.
    boundary: Vec<u32>,
    /// Explanation scratch: visited literals, by epoch.
    explained: Vec<[u32; 2]>,
    explain_epoch: u32,
    /// Reasons of unique-sensitization inferences, and for undoing them: (trail level, table
    /// length) when each was recorded.
    region_reasons: Vec<Vec<Item>>,
    region_marks: Vec<(usize, usize)>,
    /// Scratch marks for [`GateModel::frontier_reason`].
    reason_seen: Vec<u32>,
    reason_epoch: u32,
    /// Nogoods learned for the current target, their watch lists (indexed by literal), the
    /// literals that have watchers, and literals that became true since the last propagation.
    clauses: Vec<Vec<Lit>>,
    watches: Vec<Vec<u32>>,
    watched: Vec<Lit>,
    newly_true: Vec<Lit>,
    trail: Trail<Entry>,
    cone: Vec<u32>,
    cone_epoch: u32,
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// Assignments (net, value) whose learned implications are still to apply.
    pending: Vec<(u32, u8)>,
    target: Option<Target>,
    /// The cube whose fault-free implication ends at trail level `base`.
    prepared: Option<Vec<Bit>>,
    base: usize,
    base_conflict: bool,
    cone_nodes: Vec<NodeId>,
    strategy: Justification,
    justify_first: bool,
    learning_depth: u32,
    root_learning_depth: u32,
    /// Recursive learning stops once `implications` reaches this (never in searches).
    learning_stop: u64,
    /// Propagation stops, leaving its queue, once `implications` reaches this (static learning
    /// only: what it implied so far is still implied, and a conflict it found is real).
    propagation_stop: u64,
    start_conflict: bool,
    implications: u64,
    /// Scratch marks for scans, by epoch.
    seen: Vec<u32>,
    seen_epoch: u32,
    /// X-path memo: `reach_epoch*4 + state` per node.
    reach: Vec<u32>,
    reach_epoch: u32,
}

impl<'a> GateModel<'a> {
    pub fn new(analysis: &'a Analysis<'a>) -> GateModel<'a> {
        let n = analysis.netlist.len();
        GateModel {
            analysis,
            values: vec![[X, X]; n],
            flags: vec![0; n],
            level: vec![[0; 2]; n],
            position: vec![[0; 2]; n],
            why: vec![[Reason::Fixed; 2]; n],
            forbid_level: vec![0; n],
            forbid_position: vec![0; n],
            marks: Vec::new(),
            failure: None,
            boundary: vec![0; n],
            explained: vec![[0; 2]; n],
            explain_epoch: 0,
            region_reasons: Vec::new(),
            region_marks: Vec::new(),
            reason_seen: vec![0; n],
            reason_epoch: 0,
            clauses: Vec::new(),
            watches: Vec::new(),
            watched: Vec::new(),
            newly_true: Vec::new(),
            trail: Trail::new(),
            cone: vec![0; n],
            cone_epoch: 0,
            queue: Vec::new(),
            queued: vec![false; n],
            pending: Vec::new(),
            target: None,
            prepared: None,
            base: 0,
            base_conflict: false,
            cone_nodes: Vec::new(),
            strategy: Justification::default(),
            justify_first: true,
            learning_depth: 0,
            root_learning_depth: 0,
            learning_stop: u64::MAX,
            propagation_stop: u64::MAX,
            start_conflict: false,
            implications: 0,
            seen: vec![0; n],
            seen_epoch: 0,
            reach: vec![0; n],
            reach_epoch: 0,
        }
    }

    /// Chooses how unjustified gates are justified, and whether the J-frontier is emptied
    /// before each propagation step (otherwise only once the error is observed).
    pub fn set_strategy(&mut self, strategy: Justification, justify_first: bool) {
        self.strategy = strategy;
        self.justify_first = justify_first;
    }

    /// Runs recursive learning to `depth` at every step of the search, and with iterative
    /// deepening up to `root_depth` once, right after excitation (0: never).
    pub fn set_recursive_learning(&mut self, depth: u32, root_depth: u32) {
        self.learning_depth = depth;
        self.root_learning_depth = root_depth;
    }

    /// Runs the D-algorithm for `fault`. With `cube`, the inputs it specifies are fixed first
    /// (dynamic compaction); then `Untestable` only means "not with this cube".
    pub fn generate(
        &mut self,
        fault: Fault,
        cube: Option<&[Bit]>,
        limits: &Limits,
        arena: &Bump,
    ) -> (Outcome<TestCube>, Counters) {
        self.set_target(fault, cube);
        engine::search(self, arena, limits, &mut NoTrace)
    }

    /// Sets up `fault` (with the inputs of `cube` fixed, if given): the cone, the stuck value,
    /// implication. The good-circuit implication of a cube is kept between calls with the same
    /// cube, so offering one test's cube to many faults (dynamic compaction) implies it once;
    /// each fault then only reopens the faulty values of its own cone.
    pub fn set_target(&mut self, fault: Fault, cube: Option<&[Bit]>) {
        let cube = cube.unwrap_or(&[]);
        if self.prepared.as_deref() != Some(cube) {
            self.prepare(cube);
        }
        self.switch_target(fault);
    }

    /// Implies the circuit's constants with no input fixed, unless that is already the state
    /// faults start from. [`necessary_values`](Self::necessary_values) does it on its first
    /// call; a caller that counts the implications each fault costs calls this first, so that
    /// the count is the fault's alone.
    pub fn prepare_without_cube(&mut self) {
        if self.prepared.as_deref() != Some(&[]) {
            self.prepare(&[]);
        }
    }

    /// Fault-free values every test of `fault` sets, as (net, value) sorted by net: the
    /// excitation, unique sensitization through the fault's dominators and everything they
    /// imply (learned implications included). `None` when they conflict: no test exists.
    ///
    /// Recursive learning (see [`set_recursive_learning`](Self::set_recursive_learning)) may
    /// spend up to `learning_work` implications: a stem with thousands of branches offers
    /// thousands of ways to propagate, each implying values along a long path, so its cost can
    /// grow with the square of the circuit. Ways left untried when it stops teach nothing, so
    /// what it returns is still necessary.
    pub fn necessary_values(&mut self, fault: Fault, learning_work: u64) -> Option<Vec<(u32, u8)>> {
        self.learning_stop = self.implications.saturating_add(learning_work);
        let values = self.necessary_values_inner(fault);
        self.learning_stop = u64::MAX;
        values
    }

    fn necessary_values_inner(&mut self, fault: Fault) -> Option<Vec<(u32, u8)>> {
        self.set_target(fault, None);
        if self.start_conflict {
            return None;
        }
        let level = self.level();
        let values = self.apply(Alternative::Excite).ok().map(|()| {
            let mut values: Vec<(u32, u8)> = self
                .trail
                .since(0)
                .iter()
                .map(|e| (e.node, self.values[e.node as usize][GOOD]))
                .filter(|&(_, v)| v != X)
                .collect();
            values.sort_unstable();
            values.dedup();
            values
        });
        self.backtrack_to(level);
        values
    }

    fn new_cone_epoch(&mut self) {
        self.cone_epoch = self.cone_epoch.wrapping_add(1);
        if self.cone_epoch == 0 {
            self.cone.fill(0);
            self.cone_epoch = 1;
        }
    }

    /// The fault-free state with the circuit's constants and the cube's inputs, implied.
    fn prepare(&mut self, cube: &[Bit]) {
        let netlist = self.analysis.netlist;
        self.backtrack_to(0);
        self.clear_queue();
        self.clear_clauses();
        self.target = None;
        self.new_cone_epoch();
        let mut result = Ok(());
        for &(n, v) in self.analysis.constants() {
            result = result.and_then(|()| self.assign_constant(NodeId::from_index(n as usize), v));
        }
        for (&input, &bit) in netlist.inputs().iter().zip(cube) {
            result = result.and_then(|()| match bit {
                Bit::Zero => self.assign(input, GOOD, ZERO, Reason::Fixed),
                Bit::One => self.assign(input, GOOD, ONE, Reason::Fixed),
                Bit::X => Ok(()),
            });
        }
        let result = result.and_then(|()| self.propagate());
        self.base_conflict = result.is_err();
        self.base = self.trail.level();
        self.prepared = Some(cube.to_vec());
    }

    /// From the prepared fault-free state to the state of `fault`.
    fn switch_target(&mut self, fault: Fault) {
        let netlist = self.analysis.netlist;
        self.backtrack_to(self.base);
        self.clear_queue();
        self.clear_clauses();
        let stuck = u8::from(fault.stuck_at);
        let target = match fault.site {
            FaultSite::Stem(node) => Target {
                stuck,
                excite_net: node,
                root: Some(node),
                branch: None,
                stem: Some(node),
            },
            FaultSite::Branch(pin) => Target {
                stuck,
                excite_net: netlist.fanins(pin.gate)[pin.pin as usize],
                root: Some(pin.gate),
                branch: Some(pin),
                stem: None,
            },
            FaultSite::DffInput(k) => Target {
                stuck,
                excite_net: netlist.dffs()[k as usize].d,
                root: None,
                branch: None,
                stem: None,
            },
        };
        self.target = Some(target);
        if self.base_conflict {
            self.start_conflict = true;
            return;
        }
        self.new_cone_epoch();
        let mut cone = std::mem::take(&mut self.cone_nodes);
        cone.clear();
        if let Some(root) = target.root {
            self.cone[root.index()] = self.cone_epoch;
            cone.push(root);
            let mut k = 0;
            while k < cone.len() {
                for pin in netlist.fanouts(cone[k]) {
                    let g = pin.gate.index();
                    if self.cone[g] != self.cone_epoch {
                        self.cone[g] = self.cone_epoch;
                        cone.push(pin.gate);
                    }
                }
                k += 1;
            }
        }
        // Inside the cone the faulty circuit has its own values: reopen them and let
        // implication derive them again.
        for &n in &cone {
            let i = n.index();
            if self.values[i][FAULTY] != X {
                self.save(i);
                self.values[i][FAULTY] = X;
                self.schedule(n);
            }
            for &f in netlist.fanins(n) {
                if self.cone[f.index()] != self.cone_epoch {
                    self.boundary[f.index()] = self.cone_epoch;
                }
            }
        }
        self.cone_nodes = cone;
        let mut result = Ok(());
        if let Some(stem) = target.stem {
            result = self.assign(stem, FAULTY, stuck, Reason::Fixed);
        }
        let result = result.and_then(|()| self.propagate());
        self.start_conflict = result.is_err();
    }

    /// Good-circuit values implied by `node = value` with no fault (static learning), or `None`
    /// if that value leads to a conflict. Implication stops after `work` gate evaluations: on a
    /// chain of gates sharing one side input every value of a gate implies the whole chain, and
    /// learning from all of them is quadratic in its length. The values implied before the stop
    /// are still implied, and a conflict found before it is real; a conflict past it is missed,
    /// which only costs a constant not learned.
    pub(crate) fn implied_by(
        &mut self,
        node: NodeId,
        value: u8,
        work: u64,
    ) -> Option<Vec<(NodeId, u8)>> {
        self.backtrack_to(0);
        self.clear_queue();
        self.clear_clauses();
        self.prepared = None;
        self.target = None;
        self.new_cone_epoch();
        self.assign(node, GOOD, value, Reason::Decision).ok()?;
        self.propagation_stop = self.implications.saturating_add(work);
        let result = self.propagate();
        self.propagation_stop = u64::MAX;
        // A stopped propagation leaves gates queued.
        self.clear_queue();
        if result.is_err() {
            self.backtrack_to(0);
            return None;
        }
        let implied = self
            .trail
            .since(0)
            .iter()
            .map(|e| {
                let n = e.node;
                (
                    NodeId::from_index(n as usize),
                    self.values[n as usize][GOOD],
                )
            })
            .collect();
        self.backtrack_to(0);
        Some(implied)
    }

    fn target(&self) -> Target {
        self.target.expect("a target is set before the search")
    }

    #[inline]
    fn in_cone(&self, node: NodeId) -> bool {
        self.cone[node.index()] == self.cone_epoch
    }

    /// The value gate `g` sees on pin `p` in `circuit` (the stuck value on a faulty branch).
    #[inline]
    fn pin(&self, g: NodeId, p: usize, circuit: usize) -> u8 {
        if circuit == FAULTY
            && let Some(b) = self.target.and_then(|t| t.branch)
            && b.gate == g
            && b.pin as usize == p
        {
            return self.target().stuck;
        }
        let f = self.analysis.netlist.fanins(g)[p];
        self.values[f.index()][circuit]
    }

    fn clear_queue(&mut self) {
        for &g in &self.queue {
            self.queued[g as usize] = false;
        }
        self.queue.clear();
        self.pending.clear();
        self.newly_true.clear();
    }

    fn schedule(&mut self, node: NodeId) {
        let netlist = self.analysis.netlist;
        if netlist.gate_kind(node).is_some() && !self.queued[node.index()] {
            self.queued[node.index()] = true;
            self.queue.push(node.index() as u32);
        }
        for pin in netlist.fanouts(node) {
            let g = pin.gate.index();
            if !self.queued[g] {
                self.queued[g] = true;
                self.queue.push(g as u32);
            }
        }
    }

    /// Records a net's whole state on the trail before it changes.
    fn save(&mut self, i: usize) {
        self.trail.push(Entry {
            node: i as u32,
            values: self.values[i],
            flags: self.flags[i],
            level: self.level[i],
            position: self.position[i],
            why: self.why[i],
        });
    }

    /// Sets `node` to `value` in `circuit` (in both circuits outside the cone), for the reason
    /// `why`.
    fn assign(
        &mut self,
        node: NodeId,
        circuit: usize,
        value: u8,
        why: Reason,
    ) -> Result<(), Conflict> {
        let i = node.index();
        let in_cone = self.in_cone(node);
        let circuit = if in_cone { circuit } else { GOOD };
        let current = self.values[i][circuit];
        if current == value {
            return Ok(());
        }
        if current != X {
            self.failure = Some(Failure::Clash { node, circuit, why });
            return Err(Conflict);
        }
        let position = self.trail.level() as u32;
        let level = self.marks.len() as u32;
        self.save(i);
        let components: &[usize] = if in_cone { &[circuit] } else { &[GOOD, FAULTY] };
        for &c in components {
            self.values[i][c] = value;
            self.level[i][c] = level;
            self.position[i][c] = position;
            self.why[i][c] = why;
        }
        if self.flags[i] & FORBIDDEN != 0 && self.definite_error(node) {
            self.failure = Some(Failure::Forbidden(node));
            return Err(Conflict);
        }
        self.schedule(node);
        if !self.clauses.is_empty() {
            self.newly_true.push(lit(node, circuit, value));
        }
        if circuit == GOOD && !self.analysis.learned(node, value).is_empty() {
            self.pending.push((i as u32, value));
        }
        Ok(())
    }

    /// Sets a net to the only value it can take in the good circuit.
    fn assign_constant(&mut self, node: NodeId, value: u8) -> Result<(), Conflict> {
        let i = node.index();
        let was_open = self.values[i][GOOD] == X;
        self.assign(node, GOOD, value, Reason::Fixed)?;
        if was_open {
            self.flags[i] |= CONSTANT;
        }
        Ok(())
    }

    /// Forbids the error to pass through `node`.
    fn forbid(&mut self, node: NodeId) -> Result<(), Conflict> {
        let i = node.index();
        if self.flags[i] & FORBIDDEN != 0 {
            return Ok(());
        }
        if self.definite_error(node) {
            // Not `Forbidden`: the net is not forbidden (yet), so its forbid level is stale.
            self.failure = Some(Failure::ForbidAttempt(node));
            return Err(Conflict);
        }
        let position = self.trail.level() as u32;
        self.save(i);
        self.flags[i] |= FORBIDDEN;
        self.forbid_level[i] = self.marks.len() as u32;
        self.forbid_position[i] = position;
        if !self.clauses.is_empty() {
            let l = self.forbid_lit(node);
            self.newly_true.push(l);
            return self.propagate_clauses_now();
        }
        Ok(())
    }

    /// Propagates the clauses of the literals that became true, outside a full implication.
    fn propagate_clauses_now(&mut self) -> Result<(), Conflict> {
        while let Some(l) = self.newly_true.pop() {
            self.propagate_clauses(l)?;
        }
        Ok(())
    }

    fn assign_pin(
        &mut self,
        g: NodeId,
        p: usize,
        circuit: usize,
        value: u8,
    ) -> Result<(), Conflict> {
        let f = self.analysis.netlist.fanins(g)[p];
        if circuit == FAULTY
            && let Some(t) = self.target
            && let Some(b) = t.branch
            && b.gate == g
            && b.pin as usize == p
        {
            if t.stuck == value {
                return Ok(());
            }
            self.failure = Some(Failure::Impossible {
                node: f,
                circuit,
                why: Reason::Gate(g, circuit as u8),
            });
            return Err(Conflict);
        }
        self.assign(f, circuit, value, Reason::Gate(g, circuit as u8))
    }

    /// Runs implication to a fixed point.
    fn propagate(&mut self) -> Result<(), Conflict> {
        let result = self.propagate_inner();
        if result.is_err() {
            self.clear_queue();
        }
        result
    }

    fn propagate_inner(&mut self) -> Result<(), Conflict> {
        let stem = self.target.and_then(|t| t.stem);
        loop {
            if let Some(l) = self.newly_true.pop() {
                self.propagate_clauses(l)?;
                continue;
            }
            if let Some((premise, v)) = self.pending.pop() {
                // The premise's learned implications, all at once: a premise's list is long
                // (up to LEARNED_PER_LITERAL) and most of it is usually set already.
                let analysis = self.analysis;
                let why = Reason::Learned(NodeId::from_index(premise as usize), v);
                let learned = analysis.learned(NodeId::from_index(premise as usize), v);
                // Each one examined counts as an implication: on circuits where they are long
                // and mostly set, examining them is most of implication's work.
                self.implications += learned.len() as u64;
                for &(m, w) in learned {
                    if self.values[m as usize][GOOD] != w {
                        self.assign(NodeId::from_index(m as usize), GOOD, w, why)?;
                    }
                }
                continue;
            }
            if self.implications >= self.propagation_stop {
                return Ok(());
            }
            let Some(g) = self.queue.pop() else {
                return Ok(());
            };
            self.queued[g as usize] = false;
            let gate = NodeId::from_index(g as usize);
            self.implications += 1;
            self.imply_gate(gate, GOOD)?;
            if self.in_cone(gate) && stem != Some(gate) {
                self.imply_gate(gate, FAULTY)?;
            }
        }
    }

    /// The three-valued forward and backward rules of one gate in one circuit.
    fn imply_gate(&mut self, g: NodeId, c: usize) -> Result<(), Conflict> {
        let netlist = self.analysis.netlist;
        let Some(kind) = netlist.gate_kind(g) else {
            return Ok(());
        };
        let pins = netlist.fanins(g).len();
        let inv = u8::from(kind.is_inverting());
        match kind {
            GateKind::Not | GateKind::Buf => {
                let i = self.pin(g, 0, c);
                if i != X {
                    self.assign(g, c, i ^ inv, Reason::Gate(g, c as u8))?;
                } else {
                    let out = self.values[g.index()][c];
                    if out != X {
                        self.assign_pin(g, 0, c, out ^ inv)?;
                    }
                }
            }
            GateKind::And | GateKind::Nand | GateKind::Or | GateKind::Nor => {
                let ctrl = u8::from(kind.controlling_value() == Some(true));
                let mut open = 0;
                let mut last_open = 0;
                for p in 0..pins {
                    let v = self.pin(g, p, c);
                    if v == ctrl {
                        return self.assign(g, c, ctrl ^ inv, Reason::Gate(g, c as u8));
                    }
                    if v == X {
                        open += 1;
                        last_open = p;
                    }
                }
                if open == 0 {
                    return self.assign(g, c, (1 - ctrl) ^ inv, Reason::Gate(g, c as u8));
                }
                let out = self.values[g.index()][c];
                if out == X {
                    return Ok(());
                }
                if out ^ inv != ctrl {
                    for p in 0..pins {
                        if self.pin(g, p, c) == X {
                            self.assign_pin(g, p, c, 1 - ctrl)?;
                        }
                    }
                } else if open == 1 {
                    self.assign_pin(g, last_open, c, ctrl)?;
                }
            }
            GateKind::Xor | GateKind::Xnor => {
                let mut parity = 0;
                let mut open = 0;
                let mut last_open = 0;
                for p in 0..pins {
                    match self.pin(g, p, c) {
                        X => {
                            open += 1;
                            last_open = p;
                        }
                        v => parity ^= v,
                    }
                }
                if open == 0 {
                    return self.assign(g, c, parity ^ inv, Reason::Gate(g, c as u8));
                }
                let out = self.values[g.index()][c];
                if out != X && open == 1 {
                    self.assign_pin(g, last_open, c, out ^ inv ^ parity)?;
                }
            }
        }
        Ok(())
    }

    fn next_seen_epoch(&mut self) -> u32 {
        self.seen_epoch = self.seen_epoch.wrapping_add(1);
        if self.seen_epoch == 0 {
            self.seen.fill(0);
            self.seen_epoch = 1;
        }
        self.seen_epoch
    }

    #[inline]
    fn definite_error(&self, node: NodeId) -> bool {
        let [g, f] = self.values[node.index()];
        g != X && f != X && g != f
    }

    /// Whether `node` can no longer carry an error.
    #[inline]
    fn blocked(&self, node: NodeId) -> bool {
        let [g, f] = self.values[node.index()];
        (g != X && g == f) || self.flags[node.index()] & FORBIDDEN != 0
    }

    /// Whether an error has reached a (pseudo-)primary output.
    fn observed(&self) -> bool {
        let t = self.target();
        if t.root.is_none() {
            // A flip-flop input branch is observed at its own pseudo-primary output as soon as
            // it is excited.
            return self.values[t.excite_net.index()][GOOD] == 1 - t.stuck;
        }
        let netlist = self.analysis.netlist;
        // Every faulty value is set after the base (the target's cone is reopened there).
        self.trail.since(self.base).iter().any(|e| {
            let n = e.node;
            let node = NodeId::from_index(n as usize);
            netlist.is_observed(node) && self.in_cone(node) && self.definite_error(node)
        })
    }

    /// Whether `g`'s output value in circuit `c` is not implied by its inputs.
    fn unjustified(&self, g: NodeId, c: usize) -> bool {
        let netlist = self.analysis.netlist;
        let Some(kind) = netlist.gate_kind(g) else {
            return false;
        };
        let out = self.values[g.index()][c];
        if out == X {
            return false;
        }
        let pins = netlist.fanins(g).len();
        match kind.controlling_value() {
            Some(ctrl) => {
                let ctrl = u8::from(ctrl);
                if out ^ u8::from(kind.is_inverting()) != ctrl {
                    return false;
                }
                let mut open = 0;
                for p in 0..pins {
                    match self.pin(g, p, c) {
                        v if v == ctrl => return false,
                        X => open += 1,
                        _ => {}
                    }
                }
                open > 0
            }
            None => (0..pins).any(|p| self.pin(g, p, c) == X),
        }
    }

    /// Every unjustified (gate, circuit) of the current state: the J-frontier.
    fn j_frontier(&mut self) -> Vec<(NodeId, usize)> {
        let epoch = self.next_seen_epoch();
        let mut seen = std::mem::take(&mut self.seen);
        let frontier = self.j_frontier_in(&mut seen, epoch);
        self.seen = seen;
        frontier
    }

    /// The J-frontier, with `seen` as scratch marks (`epoch` marks a net seen).
    fn j_frontier_in(&self, seen: &mut [u32], epoch: u32) -> Vec<(NodeId, usize)> {
        let stem = self.target().stem;
        let mut frontier = Vec::new();
        // Values set before the base follow from the circuit's constants and the prepared
        // cube alone, so they hold under every completion of it and need no justification:
        // scanning from the base keeps a search on a large cube from paying for the cube's
        // whole implication at every step.
        for k in self.base..self.trail.level() {
            let n = self.trail.since(0)[k].node;
            if seen[n as usize] == epoch {
                continue;
            }
            seen[n as usize] = epoch;
            let node = NodeId::from_index(n as usize);
            for c in [GOOD, FAULTY] {
                if c == FAULTY && (!self.in_cone(node) || stem == Some(node)) {
                    continue;
                }
                if c == GOOD && self.flags[n as usize] & CONSTANT != 0 {
                    continue;
                }
                if self.unjustified(node, c) {
                    frontier.push((node, c));
                }
            }
        }
        frontier
    }

    /// The J-frontier element to justify next (the gate nearest the outputs), as a subtask.
    fn justification<'b>(&mut self, arena: &'b Bump) -> Option<Subtask<'b>> {
        let netlist = self.analysis.netlist;
        let best = self
            .j_frontier()
            .into_iter()
            .max_by_key(|&(g, c)| (netlist.level(g), g, std::cmp::Reverse(c)))
            .map(|(g, c)| (netlist.level(g), g, c));
        let (_, gate, circuit) = best?;
        let netlist = self.analysis.netlist;
        let kind = netlist
            .gate_kind(gate)
            .expect("unjustified nodes are gates");
        if self.strategy == Justification::Backtrace {
            let out = self.values[gate.index()][circuit];
            if let Some((input, value)) = self.backtrace(gate, out, circuit) {
                return Some(Subtask::Decide {
                    gate,
                    circuit: GOOD,
                    net: input,
                    first: value,
                });
            }
        }
        let cc = &self.analysis.scoap.cc;
        let mut open: Vec<NodeId> = Vec::new();
        for (p, &f) in netlist.fanins(gate).iter().enumerate() {
            if self.pin(gate, p, circuit) == X && !open.contains(&f) {
                open.push(f);
            }
        }
        Some(match kind.controlling_value() {
            Some(ctrl) => {
                let value = u8::from(ctrl);
                open.sort_by_key(|f| (cc[f.index()][usize::from(value)], f.index()));
                Subtask::Justify {
                    gate,
                    circuit,
                    value,
                    nets: arena.alloc_slice_copy(&open),
                }
            }
            None => {
                let net = *open
                    .iter()
                    .min_by_key(|f| (cc[f.index()][0].min(cc[f.index()][1]), f.index()))
                    .expect("an unjustified parity gate has an open input");
                let first = u8::from(cc[net.index()][1] < cc[net.index()][0]);
                Subtask::Decide {
                    gate,
                    circuit,
                    net,
                    first,
                }
            }
        })
    }

    /// Follows the objective "`node` takes `value` in `circuit`" back through open nets to an
    /// unassigned input and the value to try there first (FAN's backtrace): an easiest input
    /// when one input suffices, a hardest one when all must comply. `None` when no open input
    /// can influence the objective.
    fn backtrace(
        &self,
        mut node: NodeId,
        mut value: u8,
        mut circuit: usize,
    ) -> Option<(NodeId, u8)> {
        let netlist = self.analysis.netlist;
        let cc = &self.analysis.scoap.cc;
        let stem = self.target.and_then(|t| t.stem);
        loop {
            if !self.in_cone(node) {
                circuit = GOOD;
            }
            let Some(kind) = netlist.gate_kind(node) else {
                return (self.values[node.index()][GOOD] == X).then_some((node, value));
            };
            if circuit == FAULTY && stem == Some(node) {
                return None;
            }
            let fanins = netlist.fanins(node);
            let open = (0..fanins.len()).filter(|&p| self.pin(node, p, circuit) == X);
            let inv = u8::from(kind.is_inverting());
            let (pin, next) = match kind.controlling_value() {
                Some(ctrl) => {
                    let ctrl = u8::from(ctrl);
                    let cost = |p: &usize, v: u8| cc[fanins[*p].index()][usize::from(v)];
                    if value ^ inv == ctrl {
                        let p = open.min_by_key(|p| (cost(p, ctrl), *p))?;
                        (p, ctrl)
                    } else {
                        let p = open.max_by_key(|p| (cost(p, 1 - ctrl), *p))?;
                        (p, 1 - ctrl)
                    }
                }
                None => {
                    let parity = (0..fanins.len())
                        .map(|p| self.pin(node, p, circuit))
                        .filter(|&v| v != X)
                        .fold(0, |acc, v| acc ^ v);
                    let p = open.min_by_key(|p| {
                        let c = cc[fanins[*p].index()];
                        (c[0].min(c[1]), *p)
                    })?;
                    (p, value ^ inv ^ parity)
                }
            };
            node = fanins[pin];
            value = next;
        }
    }

    /// The polarities (good value) an error can have at `g`'s output, given its input errors.
    fn polarities(&self, g: NodeId) -> [Option<bool>; 2] {
        let netlist = self.analysis.netlist;
        let kind = netlist.gate_kind(g).expect("D-frontier nodes are gates");
        let [good_out, faulty_out] = self.values[g.index()];
        let allowed = |p: bool| {
            (good_out == X || good_out == u8::from(p))
                && (faulty_out == X || faulty_out == u8::from(!p))
        };
        let keep = |p: bool| allowed(p).then_some(p);
        if kind.controlling_value().is_none() && !kind.is_unary() {
            return [keep(true), keep(false)];
        }
        // AND-like gates, NOT and BUF: the output error's polarity follows the input errors',
        // and errors of both polarities on the inputs cancel.
        let mut polarity = None;
        for p in 0..netlist.fanins(g).len() {
            let good = self.pin(g, p, GOOD);
            let faulty = self.pin(g, p, FAULTY);
            if good != X && faulty != X && good != faulty {
                let this = good == ONE;
                match polarity {
                    None => polarity = Some(this),
                    Some(q) if q != this => return [None, None],
                    _ => {}
                }
            }
        }
        let inv = kind.is_inverting();
        [polarity.and_then(|p| keep(p ^ inv)), None]
    }

    /// Whether an error at `node` can still reach an output along nets that may carry one
    /// (the X-path check). Results are memoized in `reach`, whose states from `base` on are
    /// this state's.
    fn x_path_in(&self, node: NodeId, reach: &mut [u32], base: u32) -> bool {
        const YES: u32 = 1;
        const NO: u32 = 2;
        const VISITING: u32 = 3;
        let netlist = self.analysis.netlist;
        let state =
            |reach: &[u32], n: NodeId| reach[n.index()].checked_sub(base).filter(|&s| s < 4);
        if self.blocked(node) {
            return false;
        }
        if let Some(s) = state(reach, node) {
            return s == YES;
        }
        // Depth-first over the fanout (the circuit is acyclic, so a node being visited is never
        // met again below itself).
        let mut stack: Vec<(NodeId, usize)> = vec![(node, 0)];
        reach[node.index()] = base + VISITING;
        while let Some(&(n, next)) = stack.last() {
            if state(reach, n) == Some(YES) || netlist.is_observed(n) {
                reach[n.index()] = base + YES;
                stack.pop();
                if let Some(&(parent, _)) = stack.last() {
                    reach[parent.index()] = base + YES;
                }
                continue;
            }
            let fanouts = netlist.fanouts(n);
            if next == fanouts.len() {
                reach[n.index()] = base + NO;
                stack.pop();
                continue;
            }
            stack.last_mut().expect("non-empty").1 += 1;
            let g = fanouts[next].gate;
            if self.blocked(g) {
                continue;
            }
            match state(reach, g) {
                Some(YES) => reach[n.index()] = base + YES,
                Some(_) => {}
                None => {
                    reach[g.index()] = base + VISITING;
                    stack.push((g, 0));
                }
            }
        }
        state(reach, node) == Some(YES)
    }

    /// The D-frontier: gates that can take the error one step further, with polarities.
    fn d_frontier(&mut self) -> Vec<(NodeId, bool)> {
        self.reach_epoch += 1;
        if self.reach_epoch >= u32::MAX / 4 {
            self.reach.fill(0);
            self.reach_epoch = 1;
        }
        let epoch = self.next_seen_epoch();
        let mut seen = std::mem::take(&mut self.seen);
        let mut reach = std::mem::take(&mut self.reach);
        let frontier = self.d_frontier_in(&mut seen, epoch, &mut reach, self.reach_epoch * 4);
        self.seen = seen;
        self.reach = reach;
        frontier
    }

    /// The D-frontier with scratch marks `seen` (at `epoch`) and X-path memo `reach` (from
    /// `base`), sorted by SCOAP observability.
    fn d_frontier_in(
        &self,
        seen: &mut [u32],
        epoch: u32,
        reach: &mut [u32],
        base: u32,
    ) -> Vec<(NodeId, bool)> {
        let netlist = self.analysis.netlist;
        let t = self.target();
        let mut gates: Vec<NodeId> = Vec::new();
        let mut consider = |g: NodeId| {
            if seen[g.index()] != epoch {
                seen[g.index()] = epoch;
                gates.push(g);
            }
        };
        if let Some(b) = t.branch
            && self.values[t.excite_net.index()][GOOD] == 1 - t.stuck
        {
            consider(b.gate);
        }
        for e in self.trail.since(0) {
            let n = NodeId::from_index(e.node as usize);
            if self.in_cone(n) && self.definite_error(n) {
                for pin in netlist.fanouts(n) {
                    consider(pin.gate);
                }
            }
        }
        let mut frontier = Vec::new();
        for g in gates {
            if self.definite_error(g) || self.blocked(g) {
                continue;
            }
            let polarities = self.polarities(g);
            if polarities.iter().all(Option::is_none) || !self.x_path_in(g, reach, base) {
                continue;
            }
            frontier.extend(polarities.into_iter().flatten().map(|p| (g, p)));
        }
        let co = &self.analysis.scoap.co;
        frontier.sort_by_key(|&(g, _)| (co[g.index()], g.index()));
        frontier
    }

    /// Why the error can reach no output except through `frontier`: the values of the nets
    /// carrying it, of the nets that stop it on every other way out, and the forbidden nets on
    /// the way. In any extension of the current values, errors stay where these values let
    /// them. `None` when an output is still reachable outside `frontier` (no precise reason).
    fn frontier_reason(&mut self, frontier: &[NodeId]) -> Option<Vec<Item>> {
        let netlist = self.analysis.netlist;
        let t = self.target();
        self.reason_epoch = self.reason_epoch.wrapping_add(1);
        if self.reason_epoch == 0 {
            self.reason_seen.fill(0);
            self.reason_epoch = 1;
        }
        let epoch = self.reason_epoch;
        let mut items = Vec::new();
        let mut stack: Vec<NodeId> = Vec::new();
        if let Some(b) = t.branch
            && self.values[t.excite_net.index()][GOOD] == 1 - t.stuck
        {
            items.push(Item::Lit(t.excite_net, GOOD));
            stack.push(b.gate);
        }
        for e in self.trail.since(self.base) {
            let n = NodeId::from_index(e.node as usize);
            if self.in_cone(n) && self.definite_error(n) && self.reason_seen[n.index()] != epoch {
                self.reason_seen[n.index()] = epoch;
                items.push(Item::Lit(n, GOOD));
                items.push(Item::Lit(n, FAULTY));
                stack.extend(netlist.fanouts(n).iter().map(|p| p.gate));
            }
        }
        while let Some(g) = stack.pop() {
            let i = g.index();
            if self.reason_seen[i] == epoch {
                continue;
            }
            self.reason_seen[i] = epoch;
            if frontier.contains(&g) {
                continue;
            }
            if self.flags[i] & FORBIDDEN != 0 {
                items.push(Item::Forbid(g));
                continue;
            }
            let [good, faulty] = self.values[i];
            if good != X && good == faulty {
                items.push(Item::Lit(g, GOOD));
                items.push(Item::Lit(g, FAULTY));
                continue;
            }
            let error_pin = (0..netlist.fanins(g).len()).any(|p| {
                let (gv, fv) = (self.pin(g, p, GOOD), self.pin(g, p, FAULTY));
                gv != X && fv != X && gv != fv
            });
            if error_pin && self.polarities(g).iter().all(Option::is_none) {
                // Errors of both polarities meet, or the output values exclude the error.
                items.push(Item::Lit(g, GOOD));
                items.push(Item::Lit(g, FAULTY));
                for &f in netlist.fanins(g) {
                    items.push(Item::Lit(f, GOOD));
                    items.push(Item::Lit(f, FAULTY));
                }
                continue;
            }
            if netlist.is_observed(g) {
                return None;
            }
            stack.extend(netlist.fanouts(g).iter().map(|p| p.gate));
        }
        Some(items)
    }

    /// Unique sensitization: the inputs that no error can reach of `gate` and of every gate
    /// dominating it must be non-controlling. Returns whether anything was assigned.
    fn sensitize(&mut self, gate: NodeId, reason: Vec<Item>) -> Result<bool, Conflict> {
        let netlist = self.analysis.netlist;
        let before = self.trail.level();
        self.region_marks.push((before, self.region_reasons.len()));
        let id = self.region_reasons.len() as u32;
        self.region_reasons.push(reason);
        // Walked lazily: the first conflict ends the walk, which on a long chain of
        // dominators is most of the work saved.
        let analysis = self.analysis;
        let branch = self.target().branch;
        for d in std::iter::once(gate).chain(analysis.dominators.chain(gate)) {
            let Some(ctrl) = netlist.gate_kind(d).and_then(GateKind::controlling_value) else {
                continue;
            };
            for (p, &f) in netlist.fanins(d).iter().enumerate() {
                // The faulty branch's own pin carries the error; every other pin outside the
                // cone (even one fed by the same net) is a side input.
                let faulty_pin = branch.is_some_and(|b| b.gate == d && b.pin as usize == p);
                if !faulty_pin && !self.in_cone(f) {
                    self.assign(f, GOOD, u8::from(!ctrl), Reason::Region(id))?;
                }
            }
        }
        self.propagate()?;
        Ok(self.trail.level() > before)
    }

    /// Recursive learning (Kunz & Pradhan 1992): for every unjustified gate, and for the
    /// D-frontier while the error is not yet observed, try each of the (complete) ways forward
    /// with implication and, up to `depth` levels, recursive learning; the values all of them
    /// agree on are necessary and assigned; if none works the state is contradictory. Returns
    /// whether anything was assigned.
    fn recursive_learning(&mut self, depth: u32) -> Result<bool, Conflict> {
        if depth == 0 {
            return Ok(false);
        }
        let before = self.trail.level();
        let netlist = self.analysis.netlist;
        for (g, c) in self.j_frontier() {
            if self.implications >= self.learning_stop {
                return Ok(self.trail.level() > before);
            }
            if !self.unjustified(g, c) {
                continue;
            }
            let kind = netlist.gate_kind(g).expect("J-frontier nodes are gates");
            let open: Vec<NodeId> = (0..netlist.fanins(g).len())
                .filter(|&p| self.pin(g, p, c) == X)
                .map(|p| netlist.fanins(g)[p])
                .collect();
            let ways: Vec<Vec<(NodeId, usize, u8)>> = match kind.controlling_value() {
                Some(ctrl) => open.iter().map(|&f| vec![(f, c, u8::from(ctrl))]).collect(),
                None => vec![vec![(open[0], c, ZERO)], vec![(open[0], c, ONE)]],
            };
            self.learn_common(&ways, depth)?;
        }
        let t = self.target();
        if self.values[t.excite_net.index()][GOOD] == 1 - t.stuck && !self.observed() {
            let ways: Vec<Vec<(NodeId, usize, u8)>> = self
                .d_frontier()
                .into_iter()
                .map(|(g, p)| vec![(g, GOOD, u8::from(p)), (g, FAULTY, u8::from(!p))])
                .collect();
            self.learn_common(&ways, depth)?;
        }
        Ok(self.trail.level() > before)
    }

    /// Tries each way (a set of assignments), keeps what every consistent one implies.
    fn learn_common(
        &mut self,
        ways: &[Vec<(NodeId, usize, u8)>],
        depth: u32,
    ) -> Result<(), Conflict> {
        let level = self.trail.level();
        let mut common: Option<Vec<(u32, [u8; 2])>> = None;
        for way in ways {
            if self.implications >= self.learning_stop {
                // Out of work: what some ways share proves nothing, so nothing is learned.
                self.backtrack_to(level);
                return Ok(());
            }
            let result = way
                .iter()
                .try_for_each(|&(n, c, v)| self.assign(n, c, v, Reason::Decision))
                .and_then(|()| self.propagate())
                .and_then(|()| self.recursive_learning(depth - 1).map(|_| ()));
            match result {
                Err(Conflict) => self.clear_queue(),
                Ok(()) => {
                    let mut implied: Vec<(u32, [u8; 2])> = self
                        .trail
                        .since(level)
                        .iter()
                        .map(|e| (e.node, self.values[e.node as usize]))
                        .collect();
                    implied.sort_unstable_by_key(|e| e.0);
                    implied.dedup_by_key(|e| e.0);
                    common = Some(match common {
                        None => implied,
                        Some(previous) => intersect(&previous, &implied),
                    });
                }
            }
            self.backtrack_to(level);
            if common.as_ref().is_some_and(Vec::is_empty) {
                // Some way works and nothing is common: nothing to learn here.
                return Ok(());
            }
        }
        let Some(common) = common else {
            self.failure = Some(Failure::Global);
            return Err(Conflict);
        };
        for (n, pair) in common {
            let node = NodeId::from_index(n as usize);
            for (c, &v) in pair.iter().enumerate() {
                if v != X {
                    self.assign(node, c, v, Reason::Global)?;
                }
            }
        }
        self.propagate()
    }

    /// The decision levels a failure depends on, and a nogood learned from it.
    ///
    /// First the failure is traced back through the reasons of the values set at the current
    /// decision level; it stops at values from earlier levels, at the current level's own
    /// decisions and at forbidden nets. Those form a nogood: they cannot all hold in a test of
    /// this fault. It is recorded as a clause. Then every value of the nogood is traced back
    /// to the decisions it came from: the levels the failure depends on.
    fn explain_failure(&mut self, failure: Failure, learn: bool) -> BitVec {
        let current = self.marks.len();
        let now = self.trail.level() as u32;
        let mut levels: BitVec = bitvec![0; current + 1];
        let mut work: Vec<Item> = Vec::new();
        match failure {
            Failure::Clash { node, circuit, why } => {
                work.push(Item::Lit(node, circuit));
                let value = self.values[node.index()][circuit];
                self.antecedents(why, node, circuit, 1 - value, now, &mut work);
            }
            Failure::Impossible { node, circuit, why } => {
                let wanted = 1 - self.target().stuck;
                self.antecedents(why, node, circuit, wanted, now, &mut work);
            }
            Failure::Forbidden(node) => {
                work.push(Item::Lit(node, GOOD));
                work.push(Item::Lit(node, FAULTY));
                work.push(Item::Forbid(node));
            }
            Failure::ForbidAttempt(node) => {
                work.push(Item::Lit(node, GOOD));
                work.push(Item::Lit(node, FAULTY));
                work.push(Item::Attempted(self.forbid_lit(node)));
            }
            Failure::Values(literals) => {
                work.extend(literals.into_iter().map(|(n, c)| Item::Lit(n, c)));
            }
            Failure::Clause(k) => {
                let literals = self.clauses[k as usize].clone();
                work.extend(literals.into_iter().map(|l| self.item_of(l)));
            }
            Failure::Blocked(items) => work.extend(items),
            Failure::Global => work.push(Item::Everything),
        }

        // The nogood, cut at the first unique implication point of the current level: values of
        // the current level are resolved into their reasons, newest first, until one is left.
        self.next_explain_epoch();
        let mut nogood: Vec<Lit> = Vec::new();
        let mut lower: Vec<Item> = Vec::new();
        let mut learnable = true;
        let mut scanned_region = 0u32;
        let mut open: std::collections::BinaryHeap<(u32, u32, u8)> =
            std::collections::BinaryHeap::new();
        // Current-level values that cannot be resolved (the decision's own) in the nogood.
        let mut finals = 0usize;
        loop {
            while let Some(item) = work.pop() {
                match item {
                    Item::Lit(n, c) => {
                        let Some((i, c, level)) = self.visit_decided(n, c) else {
                            continue;
                        };
                        let code = lit(n, c, self.values[i][c]);
                        if level < current {
                            nogood.push(code);
                            lower.push(Item::Lit(n, c));
                            continue;
                        }
                        match self.why[i][c] {
                            Reason::Fixed => {}
                            Reason::Decision => {
                                nogood.push(code);
                                levels.set(level, true);
                                finals += 1;
                            }
                            _ => open.push((self.position[i][c], i as u32, c as u8)),
                        }
                    }
                    Item::Attempted(code) => {
                        // The current level's decision tried to set this value.
                        nogood.push(code);
                        levels.set(current, true);
                        finals += 1;
                    }
                    Item::Forbid(n) => {
                        nogood.push(self.forbid_lit(n));
                        let level = self.forbid_level[n.index()] as usize;
                        levels.set(level, true);
                        if level == current {
                            finals += 1;
                        }
                    }
                    Item::Region(bound) => {
                        if bound > scanned_region {
                            self.region_items(scanned_region, bound, &mut work);
                            scanned_region = bound;
                        }
                    }
                    Item::Recorded(id) => {
                        work.extend(self.region_reasons[id as usize].iter().copied())
                    }
                    Item::Everything => {
                        learnable = false;
                        levels.fill(true);
                    }
                }
            }
            let Some((_, i, c)) = open.pop() else { break };
            let (i, c) = (i as usize, c as usize);
            let n = NodeId::from_index(i);
            if open.is_empty() && finals == 0 {
                // The unique implication point.
                nogood.push(lit(n, c, self.values[i][c]));
                lower.push(Item::Lit(n, c));
                break;
            }
            match self.why[i][c] {
                Reason::Global => {
                    learnable = false;
                    levels.fill(true);
                }
                why => {
                    let (value, before) = (self.values[i][c], self.position[i][c]);
                    self.antecedents(why, n, c, value, before, &mut work);
                }
            }
        }
        if learn && learnable {
            self.learn(nogood);
        }

        // The levels: every value of the nogood traced back to its decisions.
        self.next_explain_epoch();
        let mut scanned_region = 0u32;
        work = lower;
        while let Some(item) = work.pop() {
            match item {
                Item::Lit(n, c) => {
                    let Some((i, c, level)) = self.visit_decided(n, c) else {
                        continue;
                    };
                    match self.why[i][c] {
                        Reason::Fixed => {}
                        Reason::Decision => levels.set(level, true),
                        Reason::Global => levels[1..=level].fill(true),
                        why => {
                            let (value, before) = (self.values[i][c], self.position[i][c]);
                            self.antecedents(why, n, c, value, before, &mut work);
                        }
                    }
                }
                Item::Attempted(_) => levels.set(current, true),
                Item::Forbid(n) => levels.set(self.forbid_level[n.index()] as usize, true),
                Item::Region(bound) => {
                    if bound > scanned_region {
                        self.region_items(scanned_region, bound, &mut work);
                        scanned_region = bound;
                    }
                }
                Item::Recorded(id) => work.extend(self.region_reasons[id as usize].iter().copied()),
                Item::Everything => levels.fill(true),
            }
        }
        levels.set(0, false);
        levels
    }

    fn next_explain_epoch(&mut self) {
        self.explain_epoch = self.explain_epoch.wrapping_add(1);
        if self.explain_epoch == 0 {
            self.explained.fill([0; 2]);
            self.explain_epoch = 1;
        }
    }

    /// Marks the (normalized) literal of `(n, c)` visited; `None` if it was, or is open.
    fn visit(&mut self, n: NodeId, c: usize) -> Option<(usize, usize)> {
        let i = n.index();
        let c = if self.in_cone(n) { c } else { GOOD };
        if self.values[i][c] == X || self.explained[i][c] == self.explain_epoch {
            return None;
        }
        self.explained[i][c] = self.explain_epoch;
        Some((i, c))
    }

    /// Like [`GateModel::visit`], but also skips values of level zero (they depend on no
    /// decision); returns the value's decision level too.
    fn visit_decided(&mut self, n: NodeId, c: usize) -> Option<(usize, usize, usize)> {
        let (i, c) = self.visit(n, c)?;
        let level = self.level[i][c] as usize;
        (level > 0).then_some((i, c, level))
    }

    /// The values in the cone and on its side inputs set between trail positions `from` and
    /// `bound`, and the forbidden nets among them.
    fn region_items(&self, from: u32, bound: u32, work: &mut Vec<Item>) {
        for e in &self.trail.since(0)[from as usize..bound as usize] {
            let i = e.node as usize;
            let node = NodeId::from_index(i);
            if !self.in_cone(node) && self.boundary[i] != self.cone_epoch {
                continue;
            }
            for c in [GOOD, FAULTY] {
                if self.values[i][c] != X && self.position[i][c] < bound {
                    work.push(Item::Lit(node, c));
                }
            }
            if self.flags[i] & FORBIDDEN != 0 && self.forbid_position[i] < bound {
                work.push(Item::Forbid(node));
            }
        }
    }

    /// Pushes what made `why` imply `(node, circuit) = value`, among the values set before trail
    /// position `before`.
    fn antecedents(
        &self,
        why: Reason,
        node: NodeId,
        circuit: usize,
        value: u8,
        before: u32,
        work: &mut Vec<Item>,
    ) {
        match why {
            Reason::Fixed => {}
            Reason::Decision => work.push(Item::Attempted(lit(node, circuit, value))),
            Reason::Global => work.push(Item::Everything),
            Reason::Region(id) => work.push(Item::Recorded(id)),
            Reason::Learned(premise, _) => work.push(Item::Lit(premise, GOOD)),
            Reason::Clause(k) => {
                let own = lit(
                    node,
                    if self.in_cone(node) { circuit } else { GOOD },
                    1 - value,
                );
                for &l in &self.clauses[k as usize] {
                    if l != own {
                        work.push(self.item_of(l));
                    }
                }
            }
            Reason::Gate(g, rule_circuit) => {
                // The rule's own circuit, not the (normalized) circuit of the literal.
                let circuit = usize::from(rule_circuit);
                let netlist = self.analysis.netlist;
                let kind = netlist.gate_kind(g).expect("gate reasons name gates");
                let fanins = netlist.fanins(g);
                let branch = self.target.and_then(|t| t.branch);
                // The value of pin p, if it is a value some earlier step set.
                let pin = |p: usize| -> Option<(NodeId, usize, u8)> {
                    if circuit == FAULTY
                        && branch.is_some_and(|b| b.gate == g && b.pin as usize == p)
                    {
                        return None;
                    }
                    let f = fanins[p];
                    let c = if self.in_cone(f) { circuit } else { GOOD };
                    let v = self.values[f.index()][c];
                    (v != X && self.position[f.index()][c] < before).then_some((f, c, v))
                };
                if node == g {
                    // Forward: a controlled output needs one controlling input, any other
                    // output all the inputs.
                    if let Some(ctrl) = kind.controlling_value().map(u8::from)
                        && value ^ u8::from(kind.is_inverting()) == ctrl
                        && let Some((f, c, _)) = (0..fanins.len())
                            .filter_map(pin)
                            .filter(|&(_, _, v)| v == ctrl)
                            .min_by_key(|&(f, c, _)| self.position[f.index()][c])
                    {
                        work.push(Item::Lit(f, c));
                        return;
                    }
                    work.extend(
                        (0..fanins.len())
                            .filter_map(pin)
                            .map(|(f, c, _)| Item::Lit(f, c)),
                    );
                } else {
                    // Backward: the output, and unless it is the non-controlled value (which
                    // alone forces every input) the other inputs.
                    let c = if self.in_cone(g) { circuit } else { GOOD };
                    let out = self.values[g.index()][c];
                    work.push(Item::Lit(g, c));
                    let alone = kind.is_unary()
                        || kind.controlling_value().is_some_and(|ctrl| {
                            out != X && out ^ u8::from(kind.is_inverting()) != u8::from(ctrl)
                        });
                    if !alone {
                        work.extend(
                            (0..fanins.len())
                                .filter(|&p| fanins[p] != node)
                                .filter_map(pin)
                                .map(|(f, c, _)| Item::Lit(f, c)),
                        );
                    }
                }
            }
        }
    }

    /// The literal code of "`node` is forbidden to carry the error".
    fn forbid_lit(&self, node: NodeId) -> Lit {
        4 * self.analysis.netlist.len() as u32 + node.index() as u32
    }

    fn item_of(&self, l: Lit) -> Item {
        let base = 4 * self.analysis.netlist.len() as u32;
        if l >= base {
            Item::Forbid(NodeId::from_index((l - base) as usize))
        } else {
            Item::Lit(NodeId::from_index((l / 4) as usize), ((l / 2) % 2) as usize)
        }
    }

    /// Whether a clause literal holds now (`Some(true)`), is contradicted (`Some(false)`), or
    /// is open.
    fn lit_truth(&self, l: Lit) -> Option<bool> {
        let base = 4 * self.analysis.netlist.len() as u32;
        if l >= base {
            let i = (l - base) as usize;
            return (self.flags[i] & FORBIDDEN != 0).then_some(true);
        }
        let (i, c, v) = ((l / 4) as usize, ((l / 2) % 2) as usize, (l % 2) as u8);
        let c = if self.in_cone(NodeId::from_index(i)) {
            c
        } else {
            GOOD
        };
        match self.values[i][c] {
            X => None,
            cur => Some(cur == v),
        }
    }

    /// Records a nogood as a clause watched on its two most recent literals.
    fn learn(&mut self, mut nogood: Vec<Lit>) {
        nogood.sort_unstable();
        nogood.dedup();
        if nogood.len() < 2 || nogood.len() > MAX_CLAUSE || self.clauses.len() >= MAX_CLAUSES {
            return;
        }
        // The literals undone first go to the watched positions.
        let recency = |m: &Self, l: Lit| -> u32 {
            let base = 4 * m.analysis.netlist.len() as u32;
            if l >= base {
                m.forbid_position[(l - base) as usize]
            } else {
                let (i, c) = ((l / 4) as usize, ((l / 2) % 2) as usize);
                let c = if m.in_cone(NodeId::from_index(i)) {
                    c
                } else {
                    GOOD
                };
                m.position[i][c]
            }
        };
        nogood.sort_by_key(|&l| std::cmp::Reverse(recency(self, l)));
        let k = self.clauses.len() as u32;
        if self.watches.is_empty() {
            self.watches = vec![Vec::new(); 5 * self.analysis.netlist.len()];
        }
        for &l in &nogood[..2] {
            if self.watches[l as usize].is_empty() {
                self.watched.push(l);
            }
            self.watches[l as usize].push(k);
        }
        self.clauses.push(nogood);
    }

    /// Forgets the clauses of the previous target.
    fn clear_clauses(&mut self) {
        self.region_reasons.clear();
        self.region_marks.clear();
        for &l in &self.watched {
            self.watches[l as usize].clear();
        }
        self.watched.clear();
        self.clauses.clear();
        self.newly_true.clear();
    }

    /// Unit propagation of the clauses watching a literal that just became true.
    fn propagate_clauses(&mut self, l: Lit) -> Result<(), Conflict> {
        let mut watchers = std::mem::take(&mut self.watches[l as usize]);
        let mut k = 0;
        let mut result = Ok(());
        while k < watchers.len() {
            let c = watchers[k] as usize;
            let mut clause = std::mem::take(&mut self.clauses[c]);
            if clause[0] == l {
                clause.swap(0, 1);
            }
            // Another literal that does not hold can take over the watch.
            if let Some(j) = (2..clause.len()).find(|&j| self.lit_truth(clause[j]) != Some(true)) {
                clause.swap(1, j);
                let moved = clause[1];
                if self.watches[moved as usize].is_empty() {
                    self.watched.push(moved);
                }
                self.watches[moved as usize].push(c as u32);
                self.clauses[c] = clause;
                watchers.swap_remove(k);
                continue;
            }
            let other = clause[0];
            self.clauses[c] = clause;
            k += 1;
            match self.lit_truth(other) {
                Some(false) => {}
                Some(true) => {
                    self.failure = Some(Failure::Clause(c as u32));
                    result = Err(Conflict);
                    break;
                }
                None => {
                    // All the others hold: this one must not.
                    if let Item::Lit(n, circuit) = self.item_of(other) {
                        let value = (other % 2) as u8;
                        if let Err(conflict) =
                            self.assign(n, circuit, 1 - value, Reason::Clause(c as u32))
                        {
                            result = Err(conflict);
                            break;
                        }
                    }
                }
            }
        }
        let rest = std::mem::take(&mut self.watches[l as usize]);
        watchers.extend(rest);
        self.watches[l as usize] = watchers;
        result
    }

    /// The test: the good values of the scan-view inputs.
    fn test_cube(&self) -> TestCube {
        self.analysis
            .netlist
            .inputs()
            .iter()
            .map(|&i| match self.values[i.index()][GOOD] {
                ZERO => Bit::Zero,
                ONE => Bit::One,
                _ => Bit::X,
            })
            .collect()
    }
}

/// What a trace reads between steps (`roth explain`): read-only views of the search state,
/// computed with scratch of their own so that looking never changes the search.
impl GateModel<'_> {
    /// The circuit searched.
    pub fn netlist(&self) -> &crate::circuit::netlist::Netlist {
        self.analysis.netlist
    }

    /// A net's (good, faulty) values, each 0, 1 or 2 for X: 1/0 is D, 0/1 is D-bar. Outside
    /// the fault's cone both sides are equal.
    pub fn value_pair(&self, node: NodeId) -> [u8; 2] {
        self.values[node.index()]
    }

    /// Whether the faulty circuit can differ from the good one at `node` (the fault's cone).
    pub fn in_fault_cone(&self, node: NodeId) -> bool {
        self.target.is_some() && self.in_cone(node)
    }

    /// Whether an earlier propagation alternative forbade the error to pass through `node`.
    pub fn is_forbidden(&self, node: NodeId) -> bool {
        self.flags[node.index()] & FORBIDDEN != 0
    }

    /// The D-frontier the search would propagate through now: gates with an error on an
    /// input, none yet on the output, and an X-path to an output, with the polarity (good
    /// value) of the output error, in the order tried.
    pub fn d_frontier_view(&self) -> Vec<(NodeId, bool)> {
        if self.target.is_none() {
            return Vec::new();
        }
        let n = self.analysis.netlist.len();
        let (mut seen, mut reach) = (vec![0; n], vec![0; n]);
        // Base 4: the fresh memo's zeros read as "not visited".
        self.d_frontier_in(&mut seen, 1, &mut reach, 4)
    }

    /// The J-frontier: gates whose output value, in the good (0) or faulty (1) circuit, is not
    /// yet implied by their inputs.
    pub fn j_frontier_view(&self) -> Vec<(NodeId, usize)> {
        if self.target.is_none() {
            return Vec::new();
        }
        let mut seen = vec![0; self.analysis.netlist.len()];
        self.j_frontier_in(&mut seen, 1)
    }

    /// After a conflict: the net implication found a clash on and in which circuit, or
    /// (circuit `None`) the net an error reached that an earlier alternative kept it out of;
    /// `None` when the conflict is not on one net.
    pub fn conflict_net(&self) -> Option<(NodeId, Option<usize>)> {
        match self.failure.as_ref()? {
            Failure::Clash { node, circuit, .. } | Failure::Impossible { node, circuit, .. } => {
                Some((*node, Some(*circuit)))
            }
            Failure::Forbidden(node) | Failure::ForbidAttempt(node) => Some((*node, None)),
            _ => None,
        }
    }
}

impl engine::Model for GateModel<'_> {
    type Subtask<'b> = Subtask<'b>;
    type Alternative<'b> = Alternative<'b>;
    type Test = TestCube;

    fn kind(subtask: &Subtask<'_>) -> SubtaskKind {
        match subtask {
            Subtask::Excite => SubtaskKind::Excitation,
            Subtask::Propagate(_) => SubtaskKind::Propagation,
            Subtask::Justify { .. } | Subtask::Decide { .. } => SubtaskKind::Justification,
        }
    }

    fn level(&self) -> usize {
        self.trail.level()
    }

    fn backtrack_to(&mut self, level: usize) {
        // Work queued by assignments being undone is stale: an alternative whose assignments
        // clash before implication runs leaves the gates and learned implications they queued,
        // and the next alternative's implication would apply them with premises no longer true
        // (a learned implication of an undone value made a testable fault look untestable).
        self.clear_queue();
        let (values, flags) = (&mut self.values, &mut self.flags);
        let (levels, positions, whys) = (&mut self.level, &mut self.position, &mut self.why);
        self.trail.undo_to(level, |e| {
            let i = e.node as usize;
            values[i] = e.values;
            flags[i] = e.flags;
            levels[i] = e.level;
            positions[i] = e.position;
            whys[i] = e.why;
        });
        while self.marks.last().is_some_and(|&m| m >= level) {
            self.marks.pop();
        }
        while let Some(&(at, len)) = self.region_marks.last() {
            if at < level {
                break;
            }
            self.region_reasons.truncate(len);
            self.region_marks.pop();
        }
    }

    fn next<'b>(&mut self, arena: &'b Bump) -> Next<Subtask<'b>, TestCube> {
        self.failure = None;
        if self.start_conflict {
            self.failure = Some(Failure::Values(Vec::new()));
            return Next::DeadEnd;
        }
        let t = self.target();
        loop {
            match self.values[t.excite_net.index()][GOOD] {
                X => return Next::Subtask(Subtask::Excite),
                v if v == t.stuck => {
                    self.failure = Some(Failure::Values(vec![(t.excite_net, GOOD)]));
                    return Next::DeadEnd;
                }
                _ => {}
            }
            if self.learning_depth > 0 {
                match self.recursive_learning(self.learning_depth) {
                    Err(Conflict) => return Next::DeadEnd,
                    Ok(true) => continue,
                    Ok(false) => {}
                }
            }
            if self.justify_first
                && let Some(subtask) = self.justification(arena)
            {
                return Next::Subtask(subtask);
            }
            if self.observed() {
                return match self.justification(arena) {
                    Some(subtask) => Next::Subtask(subtask),
                    None => Next::Found(self.test_cube()),
                };
            }
            let frontier = self.d_frontier();
            if frontier.is_empty() {
                let now = self.trail.level() as u32;
                let items = self
                    .frontier_reason(&[])
                    .unwrap_or_else(|| vec![Item::Region(now)]);
                self.failure = Some(Failure::Blocked(items));
                return Next::DeadEnd;
            }
            // Every error path goes through a D-frontier gate, hence through the gates that
            // dominate them all: their inputs no error can reach are mandatory (unique
            // sensitization, extended from one frontier gate to the whole frontier).
            if let Some(common) = self
                .analysis
                .dominators
                .common(frontier.iter().map(|&(g, _)| g))
            {
                let gates: Vec<NodeId> = frontier.iter().map(|&(g, _)| g).collect();
                let now = self.trail.level() as u32;
                let reason = self
                    .frontier_reason(&gates)
                    .unwrap_or_else(|| vec![Item::Region(now)]);
                match self.sensitize(common, reason) {
                    Err(Conflict) => return Next::DeadEnd,
                    Ok(true) => continue,
                    Ok(false) => {}
                }
            }
            return Next::Subtask(Subtask::Propagate(arena.alloc_slice_copy(&frontier)));
        }
    }

    fn alternative<'b>(
        &mut self,
        subtask: &mut Self::Subtask<'b>,
        index: usize,
    ) -> Option<Self::Alternative<'b>> {
        match *subtask {
            Subtask::Excite => (index == 0).then_some(Alternative::Excite),
            Subtask::Propagate(list) => {
                list.get(index)
                    .map(|&(gate, polarity)| Alternative::Propagate {
                        gate,
                        polarity,
                        before: &list[..index],
                    })
            }
            Subtask::Justify {
                circuit,
                value,
                nets,
                ..
            } => (index < nets.len()).then_some(Alternative::Justify {
                circuit,
                value,
                nets,
                k: index,
            }),
            Subtask::Decide {
                circuit,
                net,
                first,
                ..
            } => (index < 2).then_some(Alternative::Assign {
                circuit,
                net,
                value: if index == 0 { first } else { 1 - first },
            }),
        }
    }

    fn exhausted_completely(&self, _subtask: &Subtask<'_>) -> bool {
        // Gate cubes are finite and every list above covers all of them.
        true
    }

    fn apply(&mut self, alternative: Alternative<'_>) -> Result<(), Conflict> {
        self.failure = None;
        self.marks.push(self.trail.level());
        let result = match alternative {
            Alternative::Excite => {
                let t = self.target();
                // The dominators' side inputs are assigned before the excitation value is
                // propagated: where they contradict it (a chain of gates sharing one side
                // input, whose every branch but the last is redundant), the conflict is found
                // at once instead of after implying the whole circuit. Implication reaches the
                // same fixpoint in either order.
                self.assign(t.excite_net, GOOD, 1 - t.stuck, Reason::Decision)
                    .and_then(|()| match t.root {
                        // The gate of a branch fault must pass the error on; so must every
                        // dominator of the fault site.
                        Some(root) if t.branch.is_some() => {
                            let reason = vec![Item::Lit(t.excite_net, GOOD)];
                            self.sensitize(root, reason).map(|_| ())
                        }
                        Some(root) => match self.analysis.dominators.chain(root).next() {
                            Some(d) => {
                                let reason = vec![Item::Lit(t.excite_net, GOOD)];
                                self.sensitize(d, reason).map(|_| ())
                            }
                            None => Ok(()),
                        },
                        None => Ok(()),
                    })
                    .and_then(|()| self.propagate())
                    .and_then(|()| {
                        // Necessary assignments for detecting the fault, deeper and deeper:
                        // a conflict here proves it untestable without any search.
                        for depth in 1..=self.root_learning_depth {
                            while self.recursive_learning(depth)? {}
                        }
                        Ok(())
                    })
            }
            Alternative::Propagate {
                gate,
                polarity,
                before,
            } => before
                .iter()
                .filter(|&&(g, _)| g != gate)
                .try_for_each(|&(g, _)| self.forbid(g))
                .and_then(|()| self.assign(gate, GOOD, u8::from(polarity), Reason::Decision))
                .and_then(|()| self.assign(gate, FAULTY, u8::from(!polarity), Reason::Decision)),
            Alternative::Justify {
                circuit,
                value,
                nets,
                k,
            } => {
                let mut r = Ok(());
                for &n in &nets[..k] {
                    r = r.and_then(|()| self.assign(n, circuit, 1 - value, Reason::Decision));
                }
                r.and_then(|()| self.assign(nets[k], circuit, value, Reason::Decision))
            }
            Alternative::Assign {
                circuit,
                net,
                value,
            } => self.assign(net, circuit, value, Reason::Decision),
        };
        match result {
            Ok(()) => self.propagate(),
            Err(conflict) => {
                self.clear_queue();
                Err(conflict)
            }
        }
    }

    fn implications(&self) -> u64 {
        self.implications
    }

    fn explain_subtask(&mut self, subtask: &Subtask<'_>) -> Option<BitVec> {
        let failure = match *subtask {
            // Exciting the fault and choosing both values of one net need no premise.
            Subtask::Excite | Subtask::Decide { .. } => return Some(BitVec::new()),
            // The D-frontier is what the values around the error make it.
            Subtask::Propagate(list) => {
                let gates: Vec<NodeId> = list.iter().map(|&(g, _)| g).collect();
                let now = self.trail.level() as u32;
                Failure::Blocked(
                    self.frontier_reason(&gates)
                        .unwrap_or_else(|| vec![Item::Region(now)]),
                )
            }
            // One open input must take the controlling value because the output is controlled
            // and the inputs already set are not.
            Subtask::Justify { gate, circuit, .. } => {
                let netlist = self.analysis.netlist;
                let mut literals = vec![(gate, circuit)];
                let branch = self.target.and_then(|t| t.branch);
                for (p, &f) in netlist.fanins(gate).iter().enumerate() {
                    let stuck_pin = circuit == FAULTY
                        && branch.is_some_and(|b| b.gate == gate && b.pin as usize == p);
                    if !stuck_pin {
                        literals.push((f, circuit));
                    }
                }
                Failure::Values(literals)
            }
        };
        // A premise is not a nogood: only it together with the failures of every
        // alternative is contradictory. Nothing to learn here.
        Some(self.explain_failure(failure, false))
    }

    fn explain(&mut self) -> Option<BitVec> {
        let failure = self.failure.take()?;
        Some(self.explain_failure(failure, true))
    }
}

/// Values two sorted lists of (net, value pair) agree on, per circuit.
fn intersect(a: &[(u32, [u8; 2])], b: &[(u32, [u8; 2])]) -> Vec<(u32, [u8; 2])> {
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                let keep = |x: u8, y: u8| if x == y { x } else { X };
                let pair = [keep(a[i].1[0], b[j].1[0]), keep(a[i].1[1], b[j].1[1])];
                if pair != [X, X] {
                    out.push((a[i].0, pair));
                }
                i += 1;
                j += 1;
            }
        }
    }
    out
}
