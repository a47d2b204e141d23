//! Unique sensitization ([Fujiwara & Shimono 1983]): every path of the error to an output goes
//! through the gates that dominate its D-frontier (see [`Dominators`](super::Dominators)), so
//! their inputs no error can reach must hold non-controlling values, assigned without search.
//!
//! Such an inference depends on where the error can still go, so it records why: the values
//! that keep the error inside the frontier ([`GateModel::frontier_reason`]), which conflict
//! analysis reads back. The same reason explains a frontier that is empty (the error is
//! blocked) and the premise of a propagation subtask.

use super::model::{FAULTY, FORBIDDEN, GOOD, GateModel, Item, Reason, X};
use crate::circuit::netlist::{GateKind, NodeId};
use crate::engine::Conflict;

impl GateModel<'_> {
    /// Why the error can reach no output except through `frontier`: the values of the nets
    /// carrying it, of the nets that stop it on every other way out, and the forbidden nets on
    /// the way. In any extension of the current values, errors stay where these values let
    /// them. `None` when an output is still reachable outside `frontier` (no precise reason).
    pub(super) fn frontier_reason(&mut self, frontier: &[NodeId]) -> Option<Vec<Item>> {
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
    pub(super) fn sensitize(&mut self, gate: NodeId, reason: Vec<Item>) -> Result<bool, Conflict> {
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
}
