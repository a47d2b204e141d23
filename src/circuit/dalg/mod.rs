//! The D-algorithm on gate netlists ([Roth 1966]): the gate-level model of the generic
//! [`engine`](crate::engine), and the SAT miter that backs it up in the complete pass.
//!
//! [`Analysis`] holds what is computed once per circuit and shared by every thread: SCOAP
//! measures (to order alternatives), post-dominators (unique sensitization) and learned
//! implications (static learning, below). [`GateModel`] is the per-thread search state; see
//! [`model`] for the values, the implication and the subtasks, and for the files the model's
//! work is spread over (implication, frontiers, sensitization, recursive learning, conflict
//! analysis, clauses, search).

mod clauses;
mod conflict;
pub(crate) mod dominators;
mod frontiers;
mod implication;
pub mod miter;
pub(crate) mod model;
mod recursive_learning;
pub(crate) mod scoap;
mod search;
mod sensitization;

use crate::circuit::netlist::{Netlist, NodeId};

pub use dominators::Dominators;
pub use model::{GateModel, Justification, TestCube};
pub use scoap::Scoap;

/// Per-circuit data shared by all searches.
pub struct Analysis<'n> {
    pub netlist: &'n Netlist,
    pub scoap: Scoap,
    pub dominators: Dominators,
    learned: Learned,
}

/// Implications learned on the good circuit, indexed by literal (node, value).
#[derive(Clone, Debug, Default)]
struct Learned {
    /// `offsets[2 * node + value]..offsets[2 * node + value + 1]` indexes `implied`.
    offsets: Vec<u32>,
    implied: Vec<(u32, u8)>,
    /// Nets whose other value leads to a conflict: (node, the only value it can take).
    constants: Vec<(u32, u8)>,
}

/// What static learning found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LearningStats {
    /// Learned implications kept.
    pub implications: usize,
    /// Nets found to be constant in the good circuit (a value of theirs implies a conflict).
    pub constants: usize,
}

impl<'n> Analysis<'n> {
    /// The analysis without learned implications.
    pub fn new(netlist: &'n Netlist) -> Analysis<'n> {
        Analysis {
            netlist,
            scoap: Scoap::new(netlist),
            dominators: Dominators::new(netlist),
            learned: Learned::default(),
        }
    }

    /// The analysis with static learning (SOCRATES, [Schulz et al. 1988]): for every net and
    /// value, implication in the good circuit; each implied value `m = w` gives the contrapositive
    /// `m = !w => net = !value`. Kept are those local implication cannot find by itself: `m` an
    /// AND/NAND/OR/NOR output at its non-controlled value, whose opposite (the controlled value)
    /// says nothing about the inputs locally. A value that leads to a conflict makes the net a
    /// constant, which every search then assumes.
    pub fn with_learning(netlist: &'n Netlist) -> (Analysis<'n>, LearningStats) {
        let plain = Analysis::new(netlist);
        let (learned, stats) = learn(&plain);
        (Analysis { learned, ..plain }, stats)
    }

    /// Nets that can take only one value in the good circuit.
    pub(crate) fn constants(&self) -> &[(u32, u8)] {
        &self.learned.constants
    }

    /// Good-circuit values implied by `node = value`.
    #[inline]
    pub(crate) fn learned(&self, node: NodeId, value: u8) -> &[(u32, u8)] {
        let l = &self.learned;
        if l.offsets.is_empty() {
            return &[];
        }
        let k = 2 * node.index() + usize::from(value);
        &l.implied[l.offsets[k] as usize..l.offsets[k + 1] as usize]
    }
}

/// Learned implications kept per literal, the nearest in the netlist's order: each assignment
/// queues its literal's whole list, so an unbounded list makes every search step pay for the
/// circuit's size (a chain of NANDs on one side input learns, for each gate, every other gate
/// of the chain: the D-algorithm phase grew as the cube of its length, 16.8 s at 2,000 gates,
/// 0.7 s with this cap at 32 and 1.4 to 1.8 s at 128). Dropping learned implications is always sound;
/// 128 keeps the ISCAS and ITC'99 results as they were (32 moved b14's pattern count by 1 %).
const LEARNED_PER_LITERAL: usize = 128;

/// Gate evaluations of implication per literal in static learning, so learning costs at most
/// this times the circuit (a chain of 20,000 NANDs on one side input, where every gate value
/// implies the whole chain, spent 17 s learning with a cap on the values kept instead).
const LEARN_WORK_PER_LITERAL: u64 = 16384;

/// Keeps the [`LEARNED_PER_LITERAL`] implications of `list` nearest to net `at` in netlist
/// order (a learned implication reaches past them through theirs), sorted; returns how many
/// were dropped.
fn nearest(list: &mut Vec<(u32, u8)>, at: usize) -> usize {
    if list.len() <= LEARNED_PER_LITERAL {
        list.sort_unstable();
        return 0;
    }
    let at = at as i64;
    list.sort_by_key(|&(m, v)| ((i64::from(m) - at).abs(), m, std::cmp::Reverse(v)));
    let dropped = list.len() - LEARNED_PER_LITERAL;
    list.truncate(LEARNED_PER_LITERAL);
    list.sort_unstable();
    dropped
}

fn learn(analysis: &Analysis<'_>) -> (Learned, LearningStats) {
    let netlist = analysis.netlist;
    let mut per_literal: Vec<Vec<(u32, u8)>> = vec![Vec::new(); 2 * netlist.len()];
    let mut stats = LearningStats::default();
    let mut constants = Vec::new();
    let mut model = GateModel::new(analysis);
    for node in netlist.nodes() {
        for value in [0u8, 1] {
            let Some(implied) = model.implied_by(node, value, LEARN_WORK_PER_LITERAL) else {
                // node = value is impossible: node is the constant !value.
                constants.push((node.index() as u32, 1 - value));
                continue;
            };
            for (m, w) in implied {
                if m == node {
                    continue;
                }
                let Some(kind) = netlist.gate_kind(m) else {
                    continue;
                };
                let Some(ctrl) = kind.controlling_value() else {
                    continue;
                };
                if netlist.fanins(m).len() < 2 {
                    continue;
                }
                let non_controlled = u8::from(!ctrl) ^ u8::from(kind.is_inverting());
                if w != non_controlled {
                    continue;
                }
                // m = !w  =>  node = !value.
                let k = 2 * m.index() + usize::from(1 - w);
                let list = &mut per_literal[k];
                list.push((node.index() as u32, 1 - value));
                stats.implications += 1;
                // Trimmed as it grows, so memory stays linear in the circuit (a chain of
                // NANDs learns, for each gate, every other gate of the chain).
                if list.len() >= 2 * LEARNED_PER_LITERAL {
                    stats.implications -= nearest(list, k / 2);
                }
            }
        }
    }
    stats.constants = constants.len();
    let mut learned = Learned {
        offsets: Vec::with_capacity(per_literal.len() + 1),
        implied: Vec::with_capacity(stats.implications),
        constants,
    };
    learned.offsets.push(0);
    for (k, mut list) in per_literal.into_iter().enumerate() {
        stats.implications -= nearest(&mut list, k / 2);
        learned.implied.extend(list);
        learned.offsets.push(learned.implied.len() as u32);
    }
    (learned, stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::generate::{Family, RandomOptions, generate};
    use crate::circuit::sim::{PackedPatterns, simulate_block};

    /// Every learned implication and constant holds on every input of small random circuits
    /// (exhaustive simulation of the scan view).
    #[test]
    fn learned_implications_hold_under_exhaustive_simulation() {
        let cases = [(7203815065990960662u64, 45usize, 2usize)]
            .into_iter()
            .chain((0..60).map(|s| (s, 20 + (s as usize * 7) % 70, (s as usize) % 3)));
        for (seed, gates, dffs) in cases {
            let n = generate(Family::Random, gates, RandomOptions { seed, dffs }).unwrap();
            let k = n.inputs().len();
            if k > 12 {
                continue;
            }
            let (analysis, _) = Analysis::with_learning(&n);
            let patterns = PackedPatterns::exhaustive(k);
            let mut values = vec![vec![0u64; n.len()]; patterns.blocks()];
            for (b, v) in values.iter_mut().enumerate() {
                simulate_block(&n, patterns.block(b), v);
            }
            let value = |p: usize, node: usize| values[p / 64][node] >> (p % 64) & 1;
            for &(c, v) in analysis.constants() {
                for p in 0..patterns.len() {
                    assert_eq!(value(p, c as usize), u64::from(v), "seed {seed}: constant");
                }
            }
            for node in n.nodes() {
                for v in [0u8, 1] {
                    for &(m, w) in analysis.learned(node, v) {
                        for p in 0..patterns.len() {
                            if value(p, node.index()) == u64::from(v) {
                                assert_eq!(
                                    value(p, m as usize),
                                    u64::from(w),
                                    "seed {seed}: {} = {v} => {} = {w}",
                                    n.net_name(node),
                                    n.net_name(NodeId::from_index(m as usize))
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
