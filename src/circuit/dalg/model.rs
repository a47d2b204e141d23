//! The gate-level model of the D-algorithm: one stuck-at fault at a time, values in the good and
//! the faulty circuit, implication, and the three kinds of subtask.
//!
//! Values. Every net carries a pair (good value, faulty value), each 0, 1 or X. Roth's five
//! values ([Roth 1966]) are the pairs 0/0, 1/1, X/X, 1/0 (D) and 0/1 (D-bar); the pairs with one
//! X side (Muth's nine-valued algebra, [Muth 1976]) keep what is known of one circuit while the
//! other is still open, which makes implication strictly stronger and costs nothing. Only the
//! nets in the fault's fanout cone can differ between the two circuits; outside it both sides
//! are always assigned together.
//!
//! Implication is event driven: a changed net schedules its driving gate (backward) and the
//! gates it feeds (forward); every scheduled gate applies the three-valued rules of its function
//! in the good circuit and, inside the cone, in the faulty circuit, where the faulty line is cut:
//! a stuck stem ignores its driver, a stuck branch reads the stuck value on its pin.
//!
//! Subtasks:
//! - excitation: the faulty net gets the opposite of the stuck value in the good circuit; the
//!   gates dominating the fault site get their error-free inputs non-controlling (unique
//!   sensitization, [Fujiwara & Shimono 1983]);
//! - propagation: the D-frontier (gates with an error on an input and none yet on the output),
//!   pruned by the X-path check and ordered by SCOAP observability; an alternative gives one
//!   gate an error of one polarity at its output, and implication does the rest;
//! - justification: the J-frontier (gates whose output value, in one of the two circuits, is not
//!   implied by their inputs), the gate nearest the outputs first; its alternatives are disjoint
//!   and complete (the first input at the controlling value in SCOAP order, the ones before it
//!   at the non-controlling value; both values of one input of a parity gate).
//!
//! Every alternative list is complete, so an exhausted search proves the fault untestable.
//!
//! This file holds the vocabulary (values, subtasks, reasons, trail entries), the per-thread
//! state, setting up a target and the read-only views a trace uses. The model's work is spread
//! over files of one idea each, all `impl GateModel` blocks beside this one: `implication.rs`,
//! `frontiers.rs` (the D- and J-frontiers and the choice of the next subtask),
//! `sensitization.rs` (unique sensitization), `recursive_learning.rs`, `conflict.rs` (conflict
//! analysis) with the nogoods it learns in `clauses.rs`, and `search.rs` (the engine's
//! interface).

use bumpalo::Bump;

use super::Analysis;
use crate::circuit::fault::{Fault, FaultSite};
use crate::circuit::netlist::{NodeId, Pin};
use crate::circuit::patterns::Bit;
use crate::engine::{self, Counters, Limits, Model as _, NoTrace, Outcome, Trail};

pub(crate) const ZERO: u8 = 0;
pub(crate) const ONE: u8 = 1;
pub(crate) const X: u8 = 2;
pub(super) const CONSTANT: u8 = 1;
pub(super) const FORBIDDEN: u8 = 2;
pub(super) const GOOD: usize = 0;
pub(super) const FAULTY: usize = 1;

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
pub(super) enum Reason {
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
pub(super) type Lit = u32;

pub(super) fn lit(node: NodeId, circuit: usize, value: u8) -> Lit {
    4 * node.index() as u32 + 2 * circuit as u32 + u32::from(value)
}

/// A step of explaining a failure.
#[derive(Clone, Copy, Debug)]
pub(super) enum Item {
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
pub(super) struct Entry {
    pub(super) node: u32,
    pub(super) values: [u8; 2],
    pub(super) flags: u8,
    pub(super) level: [u32; 2],
    pub(super) position: [u32; 2],
    pub(super) why: [Reason; 2],
}

/// What the last conflict was, for [`engine::Model::explain`].
#[derive(Clone, Debug)]
pub(super) enum Failure {
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
pub(super) struct Target {
    pub(super) stuck: u8,
    /// The net whose good value excites the fault.
    pub(super) excite_net: NodeId,
    /// The node where the faulty circuit first differs (stem or the gate of the branch);
    /// `None` for a flip-flop input, whose error is observed directly.
    pub(super) root: Option<NodeId>,
    pub(super) branch: Option<Pin>,
    pub(super) stem: Option<NodeId>,
}

/// The D-algorithm state for one circuit, reused from fault to fault (one per thread).
pub struct GateModel<'a> {
    pub(super) analysis: &'a Analysis<'a>,
    pub(super) values: Vec<[u8; 2]>,
    /// Per net: [`CONSTANT`] when its good value is one of the circuit's constants, true
    /// whatever the inputs, so it needs no justification (a value from a learned implication
    /// still does: its premise may hold only because of it); [`FORBIDDEN`] when the error must
    /// not pass through it (an earlier propagation alternative covered that case).
    pub(super) flags: Vec<u8>,
    /// Per net and circuit: the decision level, the trail position and the reason of its
    /// value (meaningful while the value is not X).
    pub(super) level: Vec<[u32; 2]>,
    pub(super) position: Vec<[u32; 2]>,
    pub(super) why: Vec<[Reason; 2]>,
    /// Decision level and trail position of a [`FORBIDDEN`] flag.
    pub(super) forbid_level: Vec<u32>,
    pub(super) forbid_position: Vec<u32>,
    /// Trail positions where each decision level begins.
    pub(super) marks: Vec<usize>,
    pub(super) failure: Option<Failure>,
    /// Side inputs of the cone (fanins of cone gates outside it), by epoch.
    pub(super) boundary: Vec<u32>,
    /// Explanation scratch: visited literals, by epoch.
    pub(super) explained: Vec<[u32; 2]>,
    pub(super) explain_epoch: u32,
    /// Reasons of unique-sensitization inferences, and for undoing them: (trail level, table
    /// length) when each was recorded.
    pub(super) region_reasons: Vec<Vec<Item>>,
    pub(super) region_marks: Vec<(usize, usize)>,
    /// Scratch marks for [`GateModel::frontier_reason`].
    pub(super) reason_seen: Vec<u32>,
    pub(super) reason_epoch: u32,
    /// Nogoods learned for the current target, their watch lists (indexed by literal), the
    /// literals that have watchers, and literals that became true since the last propagation.
    pub(super) clauses: Vec<Vec<Lit>>,
    pub(super) watches: Vec<Vec<u32>>,
    pub(super) watched: Vec<Lit>,
    pub(super) newly_true: Vec<Lit>,
    pub(super) trail: Trail<Entry>,
    pub(super) cone: Vec<u32>,
    pub(super) cone_epoch: u32,
    pub(super) queue: Vec<u32>,
    pub(super) queued: Vec<bool>,
    /// Assignments (net, value) whose learned implications are still to apply.
    pub(super) pending: Vec<(u32, u8)>,
    pub(super) target: Option<Target>,
    /// The cube whose fault-free implication ends at trail level `base`.
    pub(super) prepared: Option<Vec<Bit>>,
    pub(super) base: usize,
    pub(super) base_conflict: bool,
    pub(super) cone_nodes: Vec<NodeId>,
    pub(super) strategy: Justification,
    pub(super) justify_first: bool,
    pub(super) learning_depth: u32,
    pub(super) root_learning_depth: u32,
    /// Recursive learning stops once `implications` reaches this (never in searches).
    pub(super) learning_stop: u64,
    /// Propagation stops, leaving its queue, once `implications` reaches this (static learning
    /// only: what it implied so far is still implied, and a conflict it found is real).
    pub(super) propagation_stop: u64,
    pub(super) start_conflict: bool,
    pub(super) implications: u64,
    /// Scratch marks for scans, by epoch.
    pub(super) seen: Vec<u32>,
    pub(super) seen_epoch: u32,
    /// X-path memo: `reach_epoch*4 + state` per node.
    pub(super) reach: Vec<u32>,
    pub(super) reach_epoch: u32,
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
    pub(crate) fn set_target(&mut self, fault: Fault, cube: Option<&[Bit]>) {
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
    pub(crate) fn prepare_without_cube(&mut self) {
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
    pub(crate) fn necessary_values(
        &mut self,
        fault: Fault,
        learning_work: u64,
    ) -> Option<Vec<(u32, u8)>> {
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

    pub(super) fn target(&self) -> Target {
        self.target.expect("a target is set before the search")
    }

    #[inline]
    pub(super) fn in_cone(&self, node: NodeId) -> bool {
        self.cone[node.index()] == self.cone_epoch
    }

    /// The test: the good values of the scan-view inputs.
    pub(super) fn test_cube(&self) -> TestCube {
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
    pub(crate) fn netlist(&self) -> &crate::circuit::netlist::Netlist {
        self.analysis.netlist
    }

    /// A net's (good, faulty) values, each 0, 1 or 2 for X: 1/0 is D, 0/1 is D-bar. Outside
    /// the fault's cone both sides are equal.
    pub(crate) fn value_pair(&self, node: NodeId) -> [u8; 2] {
        self.values[node.index()]
    }

    /// Whether the faulty circuit can differ from the good one at `node` (the fault's cone).
    pub(crate) fn in_fault_cone(&self, node: NodeId) -> bool {
        self.target.is_some() && self.in_cone(node)
    }

    /// The D-frontier the search would propagate through now: gates with an error on an
    /// input, none yet on the output, and an X-path to an output, with the polarity (good
    /// value) of the output error, in the order tried.
    pub(crate) fn d_frontier_view(&self) -> Vec<(NodeId, bool)> {
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
    pub(crate) fn j_frontier_view(&self) -> Vec<(NodeId, usize)> {
        if self.target.is_none() {
            return Vec::new();
        }
        let mut seen = vec![0; self.analysis.netlist.len()];
        self.j_frontier_in(&mut seen, 1)
    }

    /// After a conflict: the net implication found a clash on and in which circuit, or
    /// (circuit `None`) the net an error reached that an earlier alternative kept it out of;
    /// `None` when the conflict is not on one net.
    pub(crate) fn conflict_net(&self) -> Option<(NodeId, Option<usize>)> {
        match self.failure.as_ref()? {
            Failure::Clash { node, circuit, .. } | Failure::Impossible { node, circuit, .. } => {
                Some((*node, Some(*circuit)))
            }
            Failure::Forbidden(node) | Failure::ForbidAttempt(node) => Some((*node, None)),
            _ => None,
        }
    }
}
