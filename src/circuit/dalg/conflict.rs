//! Conflict analysis in the gate model, for conflict-directed backjumping: a failure is traced
//! back through the reasons of the values involved to the decision levels it depends on (the
//! engine backjumps over the others) and to a nogood, cut at the first unique implication point
//! of the current level as in GRASP ([Marques-Silva & Sakallah 1999]), which `clauses.rs` keeps
//! for the rest of the target's search.

use bitvec::prelude::*;

use super::model::{FAULTY, FORBIDDEN, Failure, GOOD, GateModel, Item, Lit, Reason, X, lit};
use crate::circuit::netlist::NodeId;

impl GateModel<'_> {
    /// The decision levels a failure depends on, and a nogood learned from it.
    ///
    /// First the failure is traced back through the reasons of the values set at the current
    /// decision level; it stops at values from earlier levels, at the current level's own
    /// decisions and at forbidden nets. Those form a nogood: they cannot all hold in a test of
    /// this fault. It is recorded as a clause. Then every value of the nogood is traced back
    /// to the decisions it came from: the levels the failure depends on.
    pub(super) fn explain_failure(&mut self, failure: Failure, learn: bool) -> BitVec {
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
}
