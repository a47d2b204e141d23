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
    /// Output of `gate` becomes `polarity` in the good circuit and its opposite in the faulty one.
    Propagate {
        gate: NodeId,
        polarity: bool,
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Justification {
    /// Roth's way: choose a cube of the unjustified gate (values on its own inputs).
    Cubes,
    /// FAN's way: backtrace from the unjustified gate to an unassigned input and choose its
    /// value; falls back to cubes when no input is reachable.
    #[default]
    Backtrace,
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
    /// Whether a net's good value is one of the circuit's constants, true whatever the inputs,
    /// so it needs no justification. (A value from a learned implication still does: its
    /// premise may itself hold only because of it.)
    constant: Vec<bool>,
    trail: Trail<(u32, [u8; 2], bool)>,
    cone: Vec<u32>,
    cone_epoch: u32,
    queue: Vec<u32>,
    queued: Vec<bool>,
    pending: Vec<(u32, u8)>,
    target: Option<Target>,
    strategy: Justification,
    justify_first: bool,
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
            constant: vec![false; n],
            trail: Trail::new(),
            cone: vec![0; n],
            cone_epoch: 0,
            queue: Vec::new(),
            queued: vec![false; n],
            pending: Vec::new(),
            target: None,
            strategy: Justification::default(),
            justify_first: true,
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

    /// Resets the state and sets up `fault`: the cone, the stuck value, the cube, implication.
    pub fn set_target(&mut self, fault: Fault, cube: Option<&[Bit]>) {
        let netlist = self.analysis.netlist;
        self.backtrack_to(0);
        self.clear_queue();
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
        self.cone_epoch = self.cone_epoch.wrapping_add(1);
        if self.cone_epoch == 0 {
            self.cone.fill(0);
            self.cone_epoch = 1;
        }
        if let Some(root) = target.root {
            let mut stack = vec![root];
            self.cone[root.index()] = self.cone_epoch;
            while let Some(n) = stack.pop() {
                for pin in netlist.fanouts(n) {
                    let g = pin.gate.index();
                    if self.cone[g] != self.cone_epoch {
                        self.cone[g] = self.cone_epoch;
                        stack.push(pin.gate);
                    }
                }
            }
        }
        let mut result = Ok(());
        for &(n, v) in self.analysis.constants() {
            result = result.and_then(|()| self.assign_constant(NodeId::from_index(n as usize), v));
        }
        if let Some(stem) = target.stem {
            result = result.and_then(|()| self.assign(stem, FAULTY, stuck));
        }
        if let Some(cube) = cube {
            for (&input, &bit) in netlist.inputs().iter().zip(cube) {
                if result.is_err() {
                    break;
                }
                result = match bit {
                    Bit::Zero => self.assign(input, GOOD, ZERO),
                    Bit::One => self.assign(input, GOOD, ONE),
                    Bit::X => Ok(()),
                };
            }
        }
        let result = result.and_then(|()| self.propagate());
        self.start_conflict = result.is_err();
    }

    /// The good-circuit values implied by `node = value` with no fault (static learning), or
    /// `None` if that value leads to a conflict. At most `limit` values are returned.
    pub(crate) fn implied_by(
        &mut self,
        node: NodeId,
        value: u8,
        limit: usize,
    ) -> Option<Vec<(NodeId, u8)>> {
        self.backtrack_to(0);
        self.clear_queue();
        self.target = None;
        self.cone_epoch = self.cone_epoch.wrapping_add(1);
        if self.cone_epoch == 0 {
            self.cone.fill(0);
            self.cone_epoch = 1;
        }
        self.assign(node, GOOD, value).ok()?;
        if self.propagate().is_err() {
            self.backtrack_to(0);
            return None;
        }
        let implied = self
            .trail
            .since(0)
            .iter()
            .take(limit)
            .map(|&(n, ..)| {
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

    /// Sets `node` to `value` in `circuit` (in both circuits outside the cone).
    fn assign(&mut self, node: NodeId, circuit: usize, value: u8) -> Result<(), Conflict> {
        let i = node.index();
        let in_cone = self.in_cone(node);
        let current = self.values[i][if in_cone { circuit } else { GOOD }];
        if current == value {
            return Ok(());
        }
        if current != X {
            return Err(Conflict);
        }
        self.trail
            .push((i as u32, self.values[i], self.constant[i]));
        if in_cone {
            self.values[i][circuit] = value;
        } else {
            self.values[i] = [value, value];
        }
        self.schedule(node);
        if circuit == GOOD || !in_cone {
            for &(m, w) in self.analysis.learned(node, value) {
                self.pending.push((m, w));
            }
        }
        Ok(())
    }

    /// Sets a net to the only value it can take in the good circuit.
    fn assign_constant(&mut self, node: NodeId, value: u8) -> Result<(), Conflict> {
        let i = node.index();
        let was_open = self.values[i][GOOD] == X;
        self.assign(node, GOOD, value)?;
        if was_open {
            self.constant[i] = true;
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
        if circuit == FAULTY
            && let Some(t) = self.target
            && let Some(b) = t.branch
            && b.gate == g
            && b.pin as usize == p
        {
            return if t.stuck == value {
                Ok(())
            } else {
                Err(Conflict)
            };
        }
        let f = self.analysis.netlist.fanins(g)[p];
        self.assign(f, circuit, value)
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
            if let Some((m, w)) = self.pending.pop() {
                self.assign(NodeId::from_index(m as usize), GOOD, w)?;
                continue;
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
                    self.assign(g, c, i ^ inv)?;
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
                        return self.assign(g, c, ctrl ^ inv);
                    }
                    if v == X {
                        open += 1;
                        last_open = p;
                    }
                }
                if open == 0 {
                    return self.assign(g, c, (1 - ctrl) ^ inv);
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
                    return self.assign(g, c, parity ^ inv);
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

    #[inline]
    fn blocked(&self, node: NodeId) -> bool {
        let [g, f] = self.values[node.index()];
        g != X && g == f
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
        self.trail.since(0).iter().any(|&(n, ..)| {
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

    /// The J-frontier element to justify next (the gate nearest the outputs), as a subtask.
    fn justification<'b>(&mut self, arena: &'b Bump) -> Option<Subtask<'b>> {
        let epoch = self.next_seen_epoch();
        let stem = self.target().stem;
        let mut best: Option<(u32, NodeId, usize)> = None;
        for k in 0..self.trail.level() {
            let n = self.trail.since(0)[k].0;
            let node = NodeId::from_index(n as usize);
            if self.seen[n as usize] == epoch {
                continue;
            }
            self.seen[n as usize] = epoch;
            let level = self.analysis.netlist.level(node);
            for c in [GOOD, FAULTY] {
                if c == FAULTY && (!self.in_cone(node) || stem == Some(node)) {
                    continue;
                }
                if c == GOOD && self.constant[n as usize] {
                    continue;
                }
                if self.unjustified(node, c) {
                    let key = (level, node, c);
                    if best.is_none_or(|b| (b.0, b.1) < (key.0, key.1)) {
                        best = Some(key);
                    }
                }
            }
        }
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
    /// (the X-path check). Results are memoized for the current state.
    fn x_path(&mut self, node: NodeId) -> bool {
        const YES: u32 = 1;
        const NO: u32 = 2;
        const VISITING: u32 = 3;
        let base = self.reach_epoch * 4;
        let netlist = self.analysis.netlist;
        let state =
            |reach: &[u32], n: NodeId| reach[n.index()].checked_sub(base).filter(|&s| s < 4);
        if self.blocked(node) {
            return false;
        }
        if let Some(s) = state(&self.reach, node) {
            return s == YES;
        }
        // Depth-first over the fanout (the circuit is acyclic, so a node being visited is never
        // met again below itself).
        let mut stack: Vec<(NodeId, usize)> = vec![(node, 0)];
        self.reach[node.index()] = base + VISITING;
        while let Some(&(n, next)) = stack.last() {
            if state(&self.reach, n) == Some(YES) || netlist.is_observed(n) {
                self.reach[n.index()] = base + YES;
                stack.pop();
                if let Some(&(parent, _)) = stack.last() {
                    self.reach[parent.index()] = base + YES;
                }
                continue;
            }
            let fanouts = netlist.fanouts(n);
            if next == fanouts.len() {
                self.reach[n.index()] = base + NO;
                stack.pop();
                continue;
            }
            stack.last_mut().expect("non-empty").1 += 1;
            let g = fanouts[next].gate;
            if self.blocked(g) {
                continue;
            }
            match state(&self.reach, g) {
                Some(YES) => self.reach[n.index()] = base + YES,
                Some(_) => {}
                None => {
                    self.reach[g.index()] = base + VISITING;
                    stack.push((g, 0));
                }
            }
        }
        state(&self.reach, node) == Some(YES)
    }

    /// The D-frontier: gates that can take the error one step further, with polarities.
    fn d_frontier(&mut self) -> Vec<(NodeId, bool)> {
        let netlist = self.analysis.netlist;
        let t = self.target();
        self.reach_epoch += 1;
        if self.reach_epoch >= u32::MAX / 4 {
            self.reach.fill(0);
            self.reach_epoch = 1;
        }
        let epoch = self.next_seen_epoch();
        let mut gates: Vec<NodeId> = Vec::new();
        let mut consider = |this: &mut Self, g: NodeId| {
            if this.seen[g.index()] != epoch {
                this.seen[g.index()] = epoch;
                gates.push(g);
            }
        };
        if let Some(b) = t.branch
            && self.values[t.excite_net.index()][GOOD] == 1 - t.stuck
        {
            consider(self, b.gate);
        }
        // Nets on the trail are marked too, so use a separate pass for sources.
        let sources: Vec<NodeId> = self
            .trail
            .since(0)
            .iter()
            .map(|&(n, ..)| NodeId::from_index(n as usize))
            .filter(|&n| self.in_cone(n) && self.definite_error(n))
            .collect();
        for n in sources {
            for pin in netlist.fanouts(n) {
                consider(self, pin.gate);
            }
        }
        let mut frontier = Vec::new();
        for g in gates {
            if self.definite_error(g) || self.blocked(g) {
                continue;
            }
            let polarities = self.polarities(g);
            if polarities.iter().all(Option::is_none) || !self.x_path(g) {
                continue;
            }
            frontier.extend(polarities.into_iter().flatten().map(|p| (g, p)));
        }
        let co = &self.analysis.scoap.co;
        frontier.sort_by_key(|&(g, _)| (co[g.index()], g.index()));
        frontier
    }

    /// Unique sensitization: the inputs that no error can reach of `gate` and of every gate
    /// dominating it must be non-controlling. Returns whether anything was assigned.
    fn sensitize(&mut self, gate: NodeId) -> Result<bool, Conflict> {
        let netlist = self.analysis.netlist;
        let before = self.trail.level();
        let dominators: Vec<NodeId> = std::iter::once(gate)
            .chain(self.analysis.dominators.chain(gate))
            .collect();
        let branch = self.target().branch;
        for d in dominators {
            let Some(ctrl) = netlist.gate_kind(d).and_then(GateKind::controlling_value) else {
                continue;
            };
            for (p, &f) in netlist.fanins(d).iter().enumerate() {
                // The faulty branch's own pin carries the error; every other pin outside the
                // cone (even one fed by the same net) is a side input.
                let faulty_pin = branch.is_some_and(|b| b.gate == d && b.pin as usize == p);
                if !faulty_pin && !self.in_cone(f) {
                    self.assign(f, GOOD, u8::from(!ctrl))?;
                }
            }
        }
        self.propagate()?;
        Ok(self.trail.level() > before)
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
        let values = &mut self.values;
        let constant = &mut self.constant;
        self.trail.undo_to(level, |(n, old, was_constant)| {
            values[n as usize] = old;
            constant[n as usize] = was_constant;
        });
    }

    fn next<'b>(&mut self, arena: &'b Bump) -> Next<Subtask<'b>, TestCube> {
        if self.start_conflict {
            return Next::DeadEnd;
        }
        let t = self.target();
        loop {
            match self.values[t.excite_net.index()][GOOD] {
                X => return Next::Subtask(Subtask::Excite),
                v if v == t.stuck => return Next::DeadEnd,
                _ => {}
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
            let Some(&(first, _)) = frontier.first() else {
                return Next::DeadEnd;
            };
            if frontier.iter().all(|&(g, _)| g == first) {
                // One gate left to carry the error: its unreachable inputs and those of its
                // dominators are mandatory.
                match self.sensitize(first) {
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
            Subtask::Propagate(list) => list
                .get(index)
                .map(|&(gate, polarity)| Alternative::Propagate { gate, polarity }),
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
        let result = match alternative {
            Alternative::Excite => {
                let t = self.target();
                self.assign(t.excite_net, GOOD, 1 - t.stuck)
                    .and_then(|()| self.propagate())
                    .and_then(|()| match t.root {
                        // The gate of a branch fault must pass the error on; so must every
                        // dominator of the fault site.
                        Some(root) if t.branch.is_some() => self.sensitize(root).map(|_| ()),
                        Some(root) => match self.analysis.dominators.chain(root).next() {
                            Some(d) => self.sensitize(d).map(|_| ()),
                            None => Ok(()),
                        },
                        None => Ok(()),
                    })
            }
            Alternative::Propagate { gate, polarity } => self
                .assign(gate, GOOD, u8::from(polarity))
                .and_then(|()| self.assign(gate, FAULTY, u8::from(!polarity))),
            Alternative::Justify {
                circuit,
                value,
                nets,
                k,
            } => {
                let mut r = Ok(());
                for &n in &nets[..k] {
                    r = r.and_then(|()| self.assign(n, circuit, 1 - value));
                }
                r.and_then(|()| self.assign(nets[k], circuit, value))
            }
            Alternative::Assign {
                circuit,
                net,
                value,
            } => self.assign(net, circuit, value),
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
}
