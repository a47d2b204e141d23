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

/// Implications (gate evaluations) the search for necessary values may spend per net of the
/// circuit, beyond [`BASE_IMPLICATIONS`].
pub const IMPLICATIONS_PER_NET: u64 = 8192;
/// Implications every circuit may spend, whatever its size.
pub const BASE_IMPLICATIONS: u64 = 1 << 25;
/// Implications recursive learning may spend on one fault, per net of the circuit, beyond
/// [`BASE_LEARNING`].
pub const LEARNING_PER_NET: u64 = 16;
/// Implications recursive learning may spend on one fault, whatever the circuit's size.
pub const BASE_LEARNING: u64 = 1 << 16;
/// Necessary values kept per net of the circuit (4 bytes each), beyond [`BASE_VALUES`].
pub const VALUES_PER_NET: usize = 512;
/// Necessary values every circuit may keep, whatever its size.
pub const BASE_VALUES: usize = 1 << 20;

/// What one pass of [`independent_faults`] found.
#[derive(Debug, Clone)]
pub struct IndependentFaults {
    /// Indices in `detectable`, increasing, of faults proved pairwise independent: their
    /// number is a lower bound on any test set detecting them all.
    pub chosen: Vec<usize>,
    /// Every index of `detectable`: the faults the pass examined, those with the most
    /// necessary values first, then the others in the order the pass was given. A deeper pass
    /// under the same work budget examines them in this order, so the faults most likely to be
    /// independent are the ones it gets to.
    pub by_constraint: Vec<usize>,
}

/// Faults of `detectable` proved pairwise independent (see [`IndependentFaults`]). Every
/// fault given must be detectable (a fault no test detects needs no test, so it cannot
/// count). Necessary values are found with recursive learning to `learning_depth` (0:
/// implication alone), which finds more of them at a cost (c5315: a bound of 23 instead of
/// 10; s38417 32 instead of 23). Faults are examined in `order` (indices in `detectable`;
/// all in their order when `None`) until, when `budgeted`, a work budget is spent:
/// recursive learning on one fault stops after [`LEARNING_PER_NET`] implications per net, and
/// the pass after [`IMPLICATIONS_PER_NET`]
/// implications and [`VALUES_PER_NET`] kept values per net of the circuit (each plus a base
/// every circuit gets), so that circuits where every fault implies a value on most nets (a
/// long chain) cost time and memory linear in their size, not quadratic; or until `deadline`.
/// The faults not examined are left out: any subset of independent faults is still a bound.
pub fn independent_faults(
    analysis: &Analysis<'_>,
    detectable: &[Fault],
    learning_depth: u32,
    order: Option<&[usize]>,
    budgeted: bool,
    deadline: Option<Instant>,
) -> IndependentFaults {
    use crate::engine::Model as _;
    let mut model = GateModel::new(analysis);
    model.set_recursive_learning(0, learning_depth);
    let nets = analysis.netlist.len();
    let (implication_budget, learning_work, value_budget) = if budgeted {
        (
            IMPLICATIONS_PER_NET
                .saturating_mul(nets as u64)
                .saturating_add(BASE_IMPLICATIONS),
            LEARNING_PER_NET.saturating_mul(nets as u64) + BASE_LEARNING,
            VALUES_PER_NET
                .saturating_mul(nets)
                .saturating_add(BASE_VALUES),
        )
    } else {
        (u64::MAX, u64::MAX, usize::MAX)
    };
    // All faults' necessary values in one list, each as a literal 2 * net + value; per fault,
    // its index in `detectable` and its range in the list.
    let mut literals: Vec<u32> = Vec::new();
    let mut necessary: Vec<(usize, std::ops::Range<usize>)> = Vec::new();
    let natural: Vec<usize>;
    let order = match order {
        Some(order) => order,
        None => {
            natural = (0..detectable.len()).collect();
            &natural
        }
    };
    let mut examined = 0;
    for &k in order {
        if model.implications() >= implication_budget
            || literals.len() >= value_budget
            || deadline.is_some_and(|d| Instant::now() >= d)
        {
            break;
        }
        examined += 1;
        if let Some(values) = model.necessary_values(detectable[k], learning_work) {
            let first = literals.len();
            literals.extend(
                values
                    .iter()
                    .map(|&(net, value)| 2 * net + u32::from(value)),
            );
            necessary.push((k, first..literals.len()));
        }
    }
    // Most constrained first: a fault needing many values conflicts with many others.
    necessary.sort_by_key(|(k, range)| (std::cmp::Reverse(range.len()), *k));
    let mut by_constraint: Vec<usize> = necessary.iter().map(|(k, _)| *k).collect();
    // Faults whose values conflicted are detectable all the same (a search may still find
    // their test); they go after the examined ones, like those not reached.
    let listed: std::collections::HashSet<usize> = by_constraint.iter().copied().collect();
    by_constraint.extend(order[..examined].iter().filter(|k| !listed.contains(k)));
    by_constraint.extend(&order[examined..]);
    // For each literal, the chosen faults (as bits of 64-bit words) that need it.
    let mut needed_by: Vec<Vec<u64>> = vec![Vec::new(); 2 * nets];
    let mut chosen: Vec<usize> = Vec::new();
    let mut cover: Vec<u64> = Vec::new();
    for (k, range) in &necessary {
        let values = &literals[range.clone()];
        // The chosen faults that need the opposite of one of this fault's values.
        let words = chosen.len().div_ceil(64);
        cover.clear();
        cover.resize(words, 0);
        for &literal in values {
            let opposite = &needed_by[(literal ^ 1) as usize];
            for (c, &w) in cover.iter_mut().zip(opposite) {
                *c |= w;
            }
        }
        let all = (0..chosen.len()).all(|i| cover[i / 64] >> (i % 64) & 1 == 1);
        if !all {
            continue;
        }
        let i = chosen.len();
        for &literal in values {
            let list = &mut needed_by[literal as usize];
            if list.len() <= i / 64 {
                list.resize(i / 64 + 1, 0);
            }
            list[i / 64] |= 1 << (i % 64);
        }
        chosen.push(*k);
    }
    chosen.sort_unstable();
    IndependentFaults {
        chosen,
        by_constraint,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::generate::{Family, RandomOptions, generate};
    use crate::circuit::sim::{PackedPatterns, simulate_block};
    use crate::circuit::{ConeSimulator, FaultUniverse, Netlist};

    /// The collapsed faults of `netlist`.
    fn collapsed_faults(netlist: &Netlist) -> Vec<Fault> {
        FaultUniverse::new(netlist).collapsed_faults()
    }

    /// For every input of `netlist` (exhaustively), the faults among `faults` it detects.
    fn detections(netlist: &Netlist, faults: &[Fault]) -> Vec<Vec<bool>> {
        let patterns = PackedPatterns::exhaustive(netlist.inputs().len());
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
            let faults = collapsed_faults(&netlist);
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
                for (depth, budgeted) in [(0, false), (1, false), (0, true), (1, true)] {
                    let found =
                        independent_faults(&analysis, &detectable, depth, None, budgeted, None);
                    let mut all = found.by_constraint.clone();
                    all.sort_unstable();
                    assert_eq!(all, (0..detectable.len()).collect::<Vec<_>>());
                    let chosen = found.chosen;
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

    /// Necessary values hold on every input that detects the fault, also when recursive
    /// learning runs out of work partway (it must then learn less, never something false).
    #[test]
    fn necessary_values_hold_on_every_detecting_input_however_little_learning_may_do() {
        let mut checked = 0;
        for (family, n, seed) in [
            (Family::Random, 60, 4),
            (Family::Random, 90, 5),
            (Family::Chain, 12, 0),
            (Family::Divider, 3, 0),
            (Family::Comparator, 4, 0),
        ] {
            let netlist = generate(family, n, RandomOptions { seed, dffs: 0 }).unwrap();
            if netlist.inputs().len() > 12 {
                continue;
            }
            let faults = collapsed_faults(&netlist);
            let rows = detections(&netlist, &faults);
            // Fault-free value of every net under every input.
            let patterns = PackedPatterns::exhaustive(netlist.inputs().len());
            let mut words = vec![vec![0u64; netlist.len()]; patterns.blocks()];
            for (b, w) in words.iter_mut().enumerate() {
                simulate_block(&netlist, patterns.block(b), w);
            }
            let good = |p: usize, net: u32| words[p / 64][net as usize] >> (p % 64) & 1 == 1;
            let analysis = Analysis::with_learning(&netlist).0;
            for depth in [1, 2] {
                let mut model = GateModel::new(&analysis);
                model.set_recursive_learning(0, depth);
                for work in [0, 7, 60, 500, u64::MAX] {
                    for (f, &fault) in faults.iter().enumerate() {
                        let detecting: Vec<usize> =
                            (0..rows.len()).filter(|&r| rows[r][f]).collect();
                        let Some(necessary) = model.necessary_values(fault, work) else {
                            assert!(detecting.is_empty(), "{family} {n}: {fault:?} has tests");
                            continue;
                        };
                        for &r in &detecting {
                            for &(net, value) in &necessary {
                                assert_eq!(
                                    good(r, net),
                                    value == 1,
                                    "{family} {n}, depth {depth}, work {work}: {fault:?}"
                                );
                            }
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }
}
