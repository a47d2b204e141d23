//! Nogoods learned from conflicts (`conflict.rs`), kept as clauses for the current target and
//! propagated with two watched literals ([Moskewicz et al. 2001]): when all but one literal of a
//! clause hold, the last must not.
//!
//! A literal is a value of a net in one circuit or "this net is forbidden to carry the error"
//! (see [`Lit`]).

use super::model::{FORBIDDEN, Failure, GOOD, GateModel, Item, Lit, Reason, X};
use crate::circuit::netlist::NodeId;
use crate::engine::Conflict;

/// Longest clause kept, and most clauses per target.
const MAX_CLAUSE: usize = 64;
const MAX_CLAUSES: usize = 20_000;

impl GateModel<'_> {
    /// The literal code of "`node` is forbidden to carry the error".
    pub(super) fn forbid_lit(&self, node: NodeId) -> Lit {
        4 * self.analysis.netlist.len() as u32 + node.index() as u32
    }

    pub(super) fn item_of(&self, l: Lit) -> Item {
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
    pub(super) fn learn(&mut self, mut nogood: Vec<Lit>) {
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
    pub(super) fn clear_clauses(&mut self) {
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
    pub(super) fn propagate_clauses(&mut self, l: Lit) -> Result<(), Conflict> {
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
}
