//! The D- and J-frontiers of the gate model and the choice of the next step from them
//! ([Roth 1966]).
//!
//! The J-frontier holds the gates whose output value, in one of the two circuits, is not yet
//! implied by their inputs; the one nearest the outputs is justified next, by a cube of the gate
//! (Roth's way) or by FAN's backtrace to an unassigned input ([Fujiwara & Shimono 1983]). The
//! D-frontier holds the gates that can take the error one step further, with the polarities the
//! error can have at their outputs; gates with no X-path to an output are pruned, and the rest
//! are ordered by SCOAP observability.

use bumpalo::Bump;

use super::model::{CONSTANT, FAULTY, GOOD, GateModel, Justification, ONE, Subtask, X};
use crate::circuit::netlist::NodeId;

impl GateModel<'_> {
    fn next_seen_epoch(&mut self) -> u32 {
        self.seen_epoch = self.seen_epoch.wrapping_add(1);
        if self.seen_epoch == 0 {
            self.seen.fill(0);
            self.seen_epoch = 1;
        }
        self.seen_epoch
    }

    /// Whether an error has reached a (pseudo-)primary output.
    pub(super) fn observed(&self) -> bool {
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
    pub(super) fn unjustified(&self, g: NodeId, c: usize) -> bool {
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
    pub(super) fn j_frontier(&mut self) -> Vec<(NodeId, usize)> {
        let epoch = self.next_seen_epoch();
        let mut seen = std::mem::take(&mut self.seen);
        let frontier = self.j_frontier_in(&mut seen, epoch);
        self.seen = seen;
        frontier
    }

    /// The J-frontier, with `seen` as scratch marks (`epoch` marks a net seen).
    pub(super) fn j_frontier_in(&self, seen: &mut [u32], epoch: u32) -> Vec<(NodeId, usize)> {
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
    pub(super) fn justification<'b>(&mut self, arena: &'b Bump) -> Option<Subtask<'b>> {
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
    pub(super) fn polarities(&self, g: NodeId) -> [Option<bool>; 2] {
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
    pub(super) fn d_frontier(&mut self) -> Vec<(NodeId, bool)> {
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
    pub(super) fn d_frontier_in(
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
}
