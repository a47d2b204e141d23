//! Recursive learning ([Kunz & Pradhan 1992]): the values every way of justifying a gate (or of
//! propagating the error) implies are necessary, and when no way works the state is
//! contradictory. Run to a small depth at every step of the search, or with iterative deepening
//! once after excitation, where a conflict proves the fault untestable without search.

use super::model::{FAULTY, Failure, GOOD, GateModel, ONE, Reason, X, ZERO};
use crate::circuit::netlist::NodeId;
use crate::engine::{Conflict, Model as _};

impl GateModel<'_> {
    /// Recursive learning ([Kunz & Pradhan 1992]): for every unjustified gate, and for the
    /// D-frontier while the error is not yet observed, try each of the (complete) ways forward
    /// with implication and, up to `depth` levels, recursive learning; the values all of them
    /// agree on are necessary and assigned; if none works the state is contradictory. Returns
    /// whether anything was assigned.
    pub(super) fn recursive_learning(&mut self, depth: u32) -> Result<bool, Conflict> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Per net and circuit, a value survives only where both lists hold it; nets in one list
    /// alone, and nets left with no value in either circuit, drop out.
    #[test]
    fn intersect_keeps_the_values_both_ways_agree_on() {
        let a = [(1, [0, 1]), (2, [1, X]), (4, [0, 0]), (5, [0, 1])];
        let b = [(1, [0, 0]), (3, [1, 1]), (4, [1, 0]), (5, [1, 0])];
        assert_eq!(intersect(&a, &b), [(1, [0, X]), (4, [X, 0])]);
        assert_eq!(intersect(&a, &a), a);
        assert!(intersect(&a, &[]).is_empty());
    }
}
