//! A lower bound on the size of any complete test set: faults proved pairwise independent.
//!
//! Two faults are independent when no input detects both; a set of detectable faults that are
//! pairwise independent needs one test each, so its size bounds every test set from below
//! (Akers et al.'s independent fault sets; MinTest reports bounds of this kind). Independence
//! is proved from necessary assignments: every test of a fault sets the fault-free values the
//! gate model implies from its excitation and its unique sensitization (see
//! [`GateModel::necessary_values`]); two faults one of which needs a net at 0 and the other
//! at 1 share no test. The set is grown greedily, the faults with the most necessary values
//! first, so the bound is sound but not always the largest.

use std::time::Instant;

use super::dalg::{Analysis, GateModel};
use super::fault::Fault;

/// The indices (in `detectable`, increasing) of faults proved pairwise independent: their
/// number is a lower bound on any test set detecting them all. Every fault given must be
/// detectable (a fault no test detects needs no test, so it cannot count). Necessary values
/// are found with recursive learning to `learning_depth` (0: implication alone), which finds
/// more of them at a cost (c5315: a bound of 23 instead of 10; s38417 32 instead of 23).
/// Past `deadline`, the faults not examined yet are left out (any subset of independent
/// faults is still a bound).
pub fn independent_faults(
    analysis: &Analysis<'_>,
    detectable: &[Fault],
    learning_depth: u32,
    deadline: Option<Instant>,
) -> Vec<usize> {
    let mut model = GateModel::new(analysis);
    model.set_recursive_learning(0, learning_depth);
    let mut necessary: Vec<(usize, Vec<(u32, u8)>)> = Vec::new();
    for (k, &fault) in detectable.iter().enumerate() {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        if let Some(values) = model.necessary_values(fault) {
            necessary.push((k, values));
        }
    }
    // Most constrained first: a fault needing many values conflicts with many others.
    necessary.sort_by_key(|(k, v)| (std::cmp::Reverse(v.len()), *k));
    let literals = 2 * analysis.netlist.len();
    // For each (net, value), the chosen faults (as bits of 64-bit words) that need it.
    let mut needed_by: Vec<Vec<u64>> = vec![Vec::new(); literals];
    let mut chosen: Vec<usize> = Vec::new();
    let mut cover: Vec<u64> = Vec::new();
    for (k, values) in &necessary {
        // The chosen faults that need the opposite of one of this fault's values.
        let words = chosen.len().div_ceil(64);
        cover.clear();
        cover.resize(words, 0);
        for &(net, value) in values {
            let opposite = &needed_by[2 * net as usize + usize::from(1 - value)];
            for (c, &w) in cover.iter_mut().zip(opposite) {
                *c |= w;
            }
        }
        let all = (0..chosen.len()).all(|i| cover[i / 64] >> (i % 64) & 1 == 1);
        if !all {
            continue;
        }
        let i = chosen.len();
        for &(net, value) in values {
            let list = &mut needed_by[2 * net as usize + usize::from(value)];
            if list.len() <= i / 64 {
                list.resize(i / 64 + 1, 0);
            }
            list[i / 64] |= 1 << (i % 64);
        }
        chosen.push(*k);
    }
    chosen.sort_unstable();
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::generate::{Family, RandomOptions, generate};
    use crate::circuit::sim::{PackedPatterns, simulate_block};
    use crate::circuit::{ConeSimulator, FaultUniverse, Netlist};

    /// For every input of `netlist` (exhaustively), the faults among `faults` it detects.
    fn detections(netlist: &Netlist, faults: &[Fault]) -> Vec<Vec<bool>> {
        let k = netlist.inputs().len();
        let mut patterns = PackedPatterns::new(k);
        for i in 0..1u64 << k {
            patterns.push((0..k).map(|b| (i >> b) & 1 == 1));
        }
        let mut cone = ConeSimulator::new(netlist);
        let mut good = vec![0u64; netlist.len()];
        let mut rows = vec![vec![false; faults.len()]; patterns.len()];
        for b in 0..patterns.blocks() {
            simulate_block(netlist, patterns.block(b), &mut good);
            for (f, &fault) in faults.iter().enumerate() {
                let mask = cone.detect(netlist, &good, fault) & patterns.valid_mask(b);
                for i in 0..64 {
                    if mask >> i & 1 == 1 {
                        rows[64 * b + i][f] = true;
                    }
                }
            }
        }
        rows
    }

    /// On small circuits checked exhaustively, no input detects two of the faults chosen (so
    /// the bound is sound), with and without static and recursive learning; and every circuit
    /// gets a bound of at least 2.
    #[test]
    fn chosen_faults_share_no_test() {
        let mut sizes = Vec::new();
        for (family, n, seed) in [
            (Family::Random, 60, 1),
            (Family::Random, 80, 2),
            (Family::Random, 100, 3),
            (Family::Adder, 4, 0),
            (Family::Alu, 2, 0),
            (Family::Comparator, 5, 0),
            (Family::Divider, 4, 0),
        ] {
            let netlist = generate(family, n, RandomOptions { seed, dffs: 1 }).unwrap();
            if netlist.inputs().len() > 14 {
                continue;
            }
            let universe = FaultUniverse::new(&netlist);
            let faults: Vec<Fault> = universe
                .collapsed()
                .iter()
                .map(|&id| universe.fault(id))
                .collect();
            let rows = detections(&netlist, &faults);
            let detectable: Vec<Fault> = (0..faults.len())
                .filter(|&f| rows.iter().any(|r| r[f]))
                .map(|f| faults[f])
                .collect();
            let rows = detections(&netlist, &detectable);
            for learning in [false, true] {
                let analysis = if learning {
                    Analysis::with_learning(&netlist).0
                } else {
                    Analysis::new(&netlist)
                };
                for depth in [0, 1] {
                    let chosen = independent_faults(&analysis, &detectable, depth, None);
                    for row in &rows {
                        let both = chosen.iter().filter(|&&f| row[f]).count();
                        assert!(
                            both <= 1,
                            "{family} {n}, depth {depth}: one input detects {both} chosen faults"
                        );
                    }
                    sizes.push(chosen.len());
                }
            }
        }
        assert!(sizes.iter().all(|&s| s >= 2), "{sizes:?}");
    }
}
