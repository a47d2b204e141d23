//! Implication in the gate model: assigning a value to a net in one circuit (recorded on the
//! trail with its reason), and running the three-valued rules of every scheduled gate, the
//! learned implications of static learning ([Schulz et al. 1988]) and the learned clauses to a
//! fixed point.
//!
//! Event driven: a changed net schedules its driving gate (backward) and the gates it feeds
//! (forward). Inside the fault's cone a gate's rules run in the faulty circuit too, where the
//! faulty line is cut: a stuck stem ignores its driver, a stuck branch reads the stuck value on
//! its pin. A conflict records what failed for conflict analysis (`conflict.rs`).

use super::model::{CONSTANT, Entry, FAULTY, FORBIDDEN, Failure, GOOD, GateModel, Reason, X, lit};
use crate::circuit::netlist::{GateKind, NodeId};
use crate::engine::Conflict;

impl GateModel<'_> {
    /// The value gate `g` sees on pin `p` in `circuit` (the stuck value on a faulty branch).
    #[inline]
    pub(super) fn pin(&self, g: NodeId, p: usize, circuit: usize) -> u8 {
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

    pub(super) fn clear_queue(&mut self) {
        for &g in &self.queue {
            self.queued[g as usize] = false;
        }
        self.queue.clear();
        self.pending.clear();
        self.newly_true.clear();
    }

    pub(super) fn schedule(&mut self, node: NodeId) {
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
    pub(super) fn save(&mut self, i: usize) {
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
    pub(super) fn assign(
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
    pub(super) fn assign_constant(&mut self, node: NodeId, value: u8) -> Result<(), Conflict> {
        let i = node.index();
        let was_open = self.values[i][GOOD] == X;
        self.assign(node, GOOD, value, Reason::Fixed)?;
        if was_open {
            self.flags[i] |= CONSTANT;
        }
        Ok(())
    }

    /// Forbids the error to pass through `node`.
    pub(super) fn forbid(&mut self, node: NodeId) -> Result<(), Conflict> {
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
    pub(super) fn propagate(&mut self) -> Result<(), Conflict> {
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

    #[inline]
    pub(super) fn definite_error(&self, node: NodeId) -> bool {
        let [g, f] = self.values[node.index()];
        g != X && f != X && g != f
    }

    /// Whether `node` can no longer carry an error.
    #[inline]
    pub(super) fn blocked(&self, node: NodeId) -> bool {
        let [g, f] = self.values[node.index()];
        (g != X && g == f) || self.flags[node.index()] & FORBIDDEN != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::dalg::Analysis;
    use crate::circuit::parse_bench;

    /// One value on one net of a single gate: implication (forward and backward rules) finds
    /// exactly the values that every row of the gate's truth table agreeing with it shares.
    #[test]
    fn implication_on_one_gate_matches_its_truth_table() {
        let gates = [
            ("AND", 2),
            ("AND", 3),
            ("NAND", 2),
            ("NAND", 3),
            ("OR", 2),
            ("OR", 3),
            ("NOR", 2),
            ("NOR", 3),
            ("XOR", 2),
            ("XOR", 3),
            ("XNOR", 2),
            ("XNOR", 3),
            ("NOT", 1),
            ("BUF", 1),
        ];
        for (kind, arity) in gates {
            let names: Vec<String> = (0..arity).map(|k| format!("i{k}")).collect();
            let mut text: String = names.iter().map(|i| format!("INPUT({i})\n")).collect();
            text += &format!("OUTPUT(y)\ny = {kind}({})\n", names.join(", "));
            let n = parse_bench(&text, "t", "t").unwrap().netlist;
            let y = n.find("y").unwrap();
            let function = n.gate_kind(y).unwrap();
            // The truth table: every net's value under each input assignment.
            let rows: Vec<Vec<u8>> = (0..1u32 << arity)
                .map(|bits| {
                    let inputs: Vec<bool> = (0..arity).map(|k| bits >> k & 1 == 1).collect();
                    let mut row = vec![0u8; n.len()];
                    for (name, &bit) in names.iter().zip(&inputs) {
                        row[n.find(name).unwrap().index()] = u8::from(bit);
                    }
                    row[y.index()] = u8::from(function.eval_bools(inputs.into_iter()));
                    row
                })
                .collect();
            let analysis = Analysis::new(&n);
            let mut model = GateModel::new(&analysis);
            for node in n.nodes() {
                for value in [0u8, 1] {
                    let agreeing: Vec<&Vec<u8>> =
                        rows.iter().filter(|r| r[node.index()] == value).collect();
                    let shared = |m: &NodeId| {
                        agreeing
                            .iter()
                            .all(|r| r[m.index()] == agreeing[0][m.index()])
                    };
                    let expected: Option<Vec<(NodeId, u8)>> = (!agreeing.is_empty()).then(|| {
                        n.nodes()
                            .filter(shared)
                            .map(|m| (m, agreeing[0][m.index()]))
                            .collect()
                    });
                    let implied = model.implied_by(node, value, u64::MAX).map(|mut v| {
                        v.sort_by_key(|&(m, _)| m.index());
                        v
                    });
                    assert_eq!(
                        implied,
                        expected,
                        "{kind} of {arity}: {} = {value}",
                        n.net_name(node)
                    );
                }
            }
        }
    }
}
