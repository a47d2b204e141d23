//! A lower bound on the size of any complete test set: faults proved pairwise independent.
//!
//! Two faults are independent when no input detects both; a set of detectable faults that are
//! pairwise independent needs one test each, so its size bounds every test set from below
//! (Akers et al.'s independent fault sets; MinTest reports bounds of this kind). Independence
//! is proved from necessary assignments: every test of a fault sets the fault-free values the
//! gate model implies from its excitation and its unique sensitization (see
//! [`GateModel::necessary_values`]); two faults one of which needs a net at 0 and the other
//! at 1 share no test. The set is picked greedily, the faults with the most necessary values
//! first, then grown by local search ([`swaps`]); every set either holds is independent, so
//! the bound is sound, though not always the largest.

use std::time::Instant;

use super::dalg::{Analysis, GateModel};
use super::fault::Fault;
use crate::flow::Spare;

mod swaps;

/// Implications (gate evaluations) the search for necessary values may spend per net of the
/// circuit, beyond [`BASE_IMPLICATIONS`].
pub(crate) const IMPLICATIONS_PER_NET: u64 = 8192;
/// Implications every circuit may spend, whatever its size.
pub(crate) const BASE_IMPLICATIONS: u64 = 1 << 25;
/// Implications recursive learning may spend on one fault, per net of the circuit, beyond
/// [`BASE_LEARNING`].
pub(crate) const LEARNING_PER_NET: u64 = 16;
/// Implications recursive learning may spend on one fault, whatever the circuit's size.
pub(crate) const BASE_LEARNING: u64 = 1 << 16;
/// Necessary values kept per net of the circuit (4 bytes each), beyond [`BASE_VALUES`].
pub(crate) const VALUES_PER_NET: usize = 512;
/// Necessary values every circuit may keep, whatever its size.
pub(crate) const BASE_VALUES: usize = 1 << 20;

/// Work local search may spend ([`swaps::grow`]), per necessary value of the faults it
/// chooses among: it grows the bound most in its first part (c7552: 26 to 37 at 64 per value,
/// 44 at 256, in 0.1 s; c1908 67 to 80 and 97).
pub(crate) const SWAP_WORK_PER_LITERAL: u64 = 256;
/// The same without a work budget (`--compact max`): local search still ends.
pub(crate) const SWAP_WORK_PER_LITERAL_UNBUDGETED: u64 = 4096;

/// What one pass of [`independent_faults`] found.
#[derive(Debug, Clone)]
pub(crate) struct IndependentFaults {
    /// Indices in `detectable`, increasing, of faults proved pairwise independent: their
    /// number is a lower bound on any test set detecting them all.
    pub chosen: Vec<usize>,
    /// Every index of `detectable`: the faults the pass examined, those with the most
    /// necessary values first, then the others in the order the pass was given. A deeper pass
    /// under the same work budget examines them in this order, so the faults most likely to be
    /// independent are the ones it gets to.
    pub by_constraint: Vec<usize>,
    /// The examined faults whose necessary values did not conflict, with those values as
    /// literals 2 * net + value (sorted), most constrained first: what `chosen` was picked
    /// from.
    pub necessary: Vec<(usize, Vec<u32>)>,
}

/// The work one pass of [`independent_faults`] may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    /// Implications for the whole pass: no fault is examined once the faults before it in the
    /// pass's order have spent them.
    pub implications: u64,
    /// Implications recursive learning may spend on one fault.
    pub learning: u64,
    /// Necessary values the pass may keep: no fault is examined once those before it keep
    /// this many.
    pub values: usize,
}

impl Budget {
    /// The budget for a circuit of `nets` nets: recursive learning on one fault stops after
    /// [`LEARNING_PER_NET`] implications per net, and the pass after [`IMPLICATIONS_PER_NET`]
    /// implications and [`VALUES_PER_NET`] kept values per net (each plus a base every circuit
    /// gets), so that circuits where every fault implies a value on most nets (a long chain)
    /// cost time and memory linear in their size, not quadratic.
    pub(crate) fn for_nets(nets: usize) -> Budget {
        Budget {
            implications: IMPLICATIONS_PER_NET
                .saturating_mul(nets as u64)
                .saturating_add(BASE_IMPLICATIONS),
            learning: LEARNING_PER_NET
                .saturating_mul(nets as u64)
                .saturating_add(BASE_LEARNING),
            values: VALUES_PER_NET
                .saturating_mul(nets)
                .saturating_add(BASE_VALUES),
        }
    }

    /// No limit: the strongest bound, however long it takes.
    pub(crate) fn unlimited() -> Budget {
        Budget {
            implications: u64::MAX,
            learning: u64::MAX,
            values: usize::MAX,
        }
    }
}

/// How one pass of [`independent_faults`] works.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BoundPass<'a> {
    /// Recursive learning's depth when necessary values are found (0: implication alone). It
    /// finds more of them at a cost (c5315: a bound of 23 instead of 10; s38417 32 instead of
    /// 23).
    pub learning_depth: u32,
    pub budget: Budget,
    /// The pass examines no fault after this.
    pub deadline: Option<Instant>,
    /// Threads that find necessary values (each fault's are found alone, so the result does
    /// not depend on their number, deadline aside).
    pub threads: Spare<'a>,
}

/// Faults one thread examines at a time.
const CHUNK: usize = 16;

/// What examining one fault found.
enum Examined {
    /// Not examined: the deadline came first.
    NotReached,
    /// Its necessary values as literals 2 * net + value (`None`: they conflict, no test
    /// exists under them), and the implications they cost.
    Done {
        literals: Option<Vec<u32>>,
        implications: u64,
    },
}

/// The examined chunks the threads share.
struct Examination {
    chunks: Vec<Option<Vec<Examined>>>,
    /// Chunks complete from the first on, and their implications and literals.
    prefix: usize,
    spent: u64,
    kept: usize,
    /// Set once the complete prefix spends a budget or meets a fault not reached: chunks
    /// after it are never used.
    stop: bool,
}

/// Faults of `detectable` proved pairwise independent (see [`IndependentFaults`]). Every
/// fault given must be detectable (a fault no test detects needs no test, so it cannot
/// count). Faults are examined in `order` (indices in `detectable`; all in their order when
/// `None`) until a budget of `pass` is spent or its deadline passes. The faults not examined
/// are left out: any subset of independent faults is still a bound.
///
/// The threads examine chunks of faults in any order, but the faults used are exactly those
/// a single thread would have examined: the budget is checked on the work of the faults
/// before each one in `order`, and each fault's work does not depend on the others.
pub(crate) fn independent_faults(
    analysis: &Analysis<'_>,
    detectable: &[Fault],
    order: Option<&[usize]>,
    pass: &BoundPass<'_>,
) -> IndependentFaults {
    use crate::engine::Model as _;
    let Budget {
        implications: implication_budget,
        learning: learning_work,
        values: value_budget,
    } = pass.budget;
    let natural: Vec<usize>;
    let order = match order {
        Some(order) => order,
        None => {
            natural = (0..detectable.len()).collect();
            &natural
        }
    };
    let chunks = order.len().div_ceil(CHUNK);
    let shared = std::sync::Mutex::new(Examination {
        chunks: (0..chunks).map(|_| None).collect(),
        prefix: 0,
        spent: 0,
        kept: 0,
        stop: false,
    });
    let next = std::sync::atomic::AtomicUsize::new(0);
    let examine = || {
        let mut model = GateModel::new(analysis);
        model.set_recursive_learning(0, pass.learning_depth);
        model.prepare_without_cube();
        loop {
            if shared.lock().expect("no examiner panics").stop {
                break;
            }
            let c = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            if c >= chunks {
                break;
            }
            let positions = &order[c * CHUNK..((c + 1) * CHUNK).min(order.len())];
            let mut found = Vec::with_capacity(positions.len());
            for &k in positions {
                if pass.deadline.is_some_and(|d| Instant::now() >= d) {
                    found.push(Examined::NotReached);
                    continue;
                }
                let before = model.implications();
                let values = model.necessary_values(detectable[k], learning_work);
                found.push(Examined::Done {
                    literals: values.map(|values| {
                        let mut literals: Vec<u32> = values
                            .iter()
                            .map(|&(net, value)| 2 * net + u32::from(value))
                            .collect();
                        literals.sort_unstable();
                        literals
                    }),
                    implications: model.implications() - before,
                });
            }
            let mut shared = shared.lock().expect("no examiner panics");
            shared.chunks[c] = Some(found);
            while shared.prefix < chunks && !shared.stop {
                let Some(done) = &shared.chunks[shared.prefix] else {
                    break;
                };
                let (mut spent, mut kept, mut cut) = (0, 0, false);
                for examined in done {
                    match examined {
                        Examined::NotReached => cut = true,
                        Examined::Done {
                            literals,
                            implications,
                        } => {
                            spent += implications;
                            kept += literals.as_ref().map_or(0, Vec::len);
                        }
                    }
                }
                shared.spent += spent;
                shared.kept += kept;
                shared.prefix += 1;
                shared.stop =
                    cut || shared.spent >= implication_budget || shared.kept >= value_budget;
            }
        }
    };
    // Threads that may only start later wait while there is work left for them.
    let later = || {
        while !pass.threads.released() {
            if next.load(std::sync::atomic::Ordering::Relaxed) >= chunks
                || shared.lock().expect("no examiner panics").stop
            {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        examine();
    };
    std::thread::scope(|scope| {
        for _ in 1..pass.threads.now.max(1).min(chunks) {
            scope.spawn(examine);
        }
        for _ in 0..pass.threads.later.min(chunks) {
            scope.spawn(later);
        }
        examine();
    });
    let examination = shared.into_inner().expect("no examiner panics");
    // The faults a single thread would have examined, in order, with their necessary values.
    let mut necessary: Vec<(usize, Vec<u32>)> = Vec::new();
    let (mut spent, mut kept, mut examined) = (0, 0, 0);
    'faults: for (chunk, positions) in examination.chunks.into_iter().zip(order.chunks(CHUNK)) {
        let Some(chunk) = chunk else {
            break;
        };
        for (result, &k) in chunk.into_iter().zip(positions) {
            if spent >= implication_budget || kept >= value_budget {
                break 'faults;
            }
            let Examined::Done {
                literals,
                implications,
            } = result
            else {
                break 'faults;
            };
            examined += 1;
            spent += implications;
            if let Some(literals) = literals {
                kept += literals.len();
                necessary.push((k, literals));
            }
        }
    }
    // Most constrained first: a fault needing many values conflicts with many others.
    necessary.sort_by_key(|(k, literals)| (std::cmp::Reverse(literals.len()), *k));
    let mut by_constraint: Vec<usize> = necessary.iter().map(|(k, _)| *k).collect();
    // Faults whose values conflicted are detectable all the same (a search may still find
    // their test); they go after the examined ones, like those not reached.
    let listed: std::collections::HashSet<usize> = by_constraint.iter().copied().collect();
    by_constraint.extend(order[..examined].iter().filter(|k| !listed.contains(k)));
    by_constraint.extend(&order[examined..]);
    let chosen = choose_independent(
        analysis.netlist.len(),
        necessary
            .iter()
            .map(|(k, literals)| (*k, literals.as_slice())),
    );
    IndependentFaults {
        chosen,
        by_constraint,
        necessary,
    }
}

/// Greedily picks, in the order given, each candidate fault whose necessary values (literals
/// 2 * net + value over `nets` nets) conflict with those of every fault picked before it:
/// the picked faults are pairwise independent. Returns them sorted.
fn choose_independent<'a>(
    nets: usize,
    candidates: impl IntoIterator<Item = (usize, &'a [u32])>,
) -> Vec<usize> {
    // For each literal, the chosen faults (as bits of 64-bit words) that need it.
    let mut needed_by: Vec<Vec<u64>> = vec![Vec::new(); 2 * nets];
    let mut chosen: Vec<usize> = Vec::new();
    let mut cover: Vec<u64> = Vec::new();
    for (k, values) in candidates {
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
        chosen.push(k);
    }
    chosen.sort_unstable();
    chosen
}

/// The bound roth reports, as the faults it proves pairwise independent (indices in
/// `detectable`, sorted). One pass finds the necessary values implication alone finds, and
/// with `learning` a second pass those recursive learning finds too, examining first the
/// faults the first pass found most constrained (under the work budget those are the ones it
/// gets to); each fault keeps the values of both passes (all are necessary). Two greedy sets
/// are grown over them, one most constrained first, one from the first pass's set (still
/// independent: its faults keep the values that separated them), and local search
/// ([`swaps`]) grows the larger further. So learning never lowers the bound, even when its
/// budget runs out early.
pub fn lower_bound(
    analysis: &Analysis<'_>,
    detectable: &[Fault],
    learning: bool,
    budgeted: bool,
    deadline: Option<Instant>,
    threads: Spare<'_>,
) -> Vec<usize> {
    let mut pass = BoundPass {
        learning_depth: 0,
        budget: if budgeted {
            Budget::for_nets(analysis.netlist.len())
        } else {
            Budget::unlimited()
        },
        deadline,
        threads,
    };
    let nets = analysis.netlist.len();
    let plain = independent_faults(analysis, detectable, None, &pass);
    let candidates = if learning {
        pass.learning_depth = 1;
        let learned = independent_faults(analysis, detectable, Some(&plain.by_constraint), &pass);
        // Taken, not copied: on a long chain the values are most of the bound's memory.
        merge_necessary(plain.necessary, learned.necessary)
    } else {
        plain.necessary
    };
    // Positions in `candidates`: the greedy sets and local search work on them.
    let position: std::collections::HashMap<usize, usize> = candidates
        .iter()
        .enumerate()
        .map(|(c, (k, _))| (*k, c))
        .collect();
    let literals: Vec<&[u32]> = candidates.iter().map(|(_, l)| l.as_slice()).collect();
    let first: Vec<usize> = plain.chosen.iter().map(|k| position[k]).collect();
    let start = if learning {
        let constrained = choose_independent(nets, (0..literals.len()).map(|c| (c, literals[c])));
        let extended = choose_independent(
            nets,
            first
                .iter()
                .copied()
                .chain(0..literals.len())
                .map(|c| (c, literals[c])),
        );
        if constrained.len() >= extended.len() {
            constrained
        } else {
            extended
        }
    } else {
        first
    };
    let total: u64 = literals.iter().map(|l| l.len() as u64).sum();
    let per_literal = if budgeted {
        SWAP_WORK_PER_LITERAL
    } else {
        SWAP_WORK_PER_LITERAL_UNBUDGETED
    };
    let grown = swaps::grow(
        nets,
        &literals,
        &start,
        total.saturating_mul(per_literal),
        deadline,
    );
    let mut chosen: Vec<usize> = grown.iter().map(|&c| candidates[c].0).collect();
    chosen.sort_unstable();
    chosen
}

/// The necessary values of each fault in `first` or `second` (lists of fault index and
/// sorted literals): the union of the two lists' values, most constrained first.
fn merge_necessary(
    first: Vec<(usize, Vec<u32>)>,
    second: Vec<(usize, Vec<u32>)>,
) -> Vec<(usize, Vec<u32>)> {
    let mut by_fault: std::collections::BTreeMap<usize, Vec<u32>> = first.into_iter().collect();
    for (k, literals) in second {
        match by_fault.entry(k) {
            std::collections::btree_map::Entry::Vacant(entry) => {
                entry.insert(literals);
            }
            std::collections::btree_map::Entry::Occupied(mut entry) => {
                let values = entry.get_mut();
                values.extend(literals);
                values.sort_unstable();
                values.dedup();
                values.shrink_to_fit();
            }
        }
    }
    let mut merged: Vec<(usize, Vec<u32>)> = by_fault.into_iter().collect();
    merged.sort_by_key(|(k, literals)| (std::cmp::Reverse(literals.len()), *k));
    merged
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
    /// the bound is sound), with and without static and recursive learning, by one pass and
    /// by the whole bound (merged passes and local search); every circuit gets a bound of at
    /// least 2, and local search grows some.
    #[test]
    fn chosen_faults_share_no_test() {
        let mut sizes = Vec::new();
        let mut grown = 0;
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
                for (learning_depth, budgeted, threads) in
                    [(0, false, 1), (1, false, 2), (0, true, 3), (1, true, 1)]
                {
                    let pass = BoundPass {
                        learning_depth,
                        budget: if budgeted {
                            Budget::for_nets(netlist.len())
                        } else {
                            Budget::unlimited()
                        },
                        deadline: None,
                        threads: Spare::fixed(threads),
                    };
                    let found = independent_faults(&analysis, &detectable, None, &pass);
                    let mut all = found.by_constraint.clone();
                    all.sort_unstable();
                    assert_eq!(all, (0..detectable.len()).collect::<Vec<_>>());
                    let chosen = found.chosen;
                    for row in &rows {
                        let both = chosen.iter().filter(|&&f| row[f]).count();
                        assert!(
                            both <= 1,
                            "{family} {n}, depth {learning_depth}: one input detects {both} chosen faults"
                        );
                    }
                    sizes.push(chosen.len());
                }
                // What roth reports: the passes merged and grown by local search, never
                // smaller than one pass alone.
                for (recursive, budgeted, threads) in
                    [(false, true, 1), (true, true, 2), (true, false, 1)]
                {
                    let plain = independent_faults(
                        &analysis,
                        &detectable,
                        None,
                        &BoundPass {
                            learning_depth: 0,
                            budget: Budget::unlimited(),
                            deadline: None,
                            threads: Spare::fixed(1),
                        },
                    );
                    let chosen = lower_bound(
                        &analysis,
                        &detectable,
                        recursive,
                        budgeted,
                        None,
                        Spare::fixed(threads),
                    );
                    assert!(chosen.len() >= plain.chosen.len(), "{family} {n}");
                    for row in &rows {
                        let both = chosen.iter().filter(|&&f| row[f]).count();
                        assert!(
                            both <= 1,
                            "{family} {n}: one input detects {both} bound faults"
                        );
                    }
                    grown += chosen.len() - plain.chosen.len();
                }
            }
        }
        assert!(sizes.iter().all(|&s| s >= 2), "{sizes:?}");
        assert!(grown > 0, "local search never grew a bound");
    }

    /// The faults examined, and so the bound, do not depend on the number of threads, also
    /// when a budget cuts the pass partway (the threads then examine chunks past the cut).
    #[test]
    fn threads_examine_what_one_thread_would() {
        for (family, n, seed) in [(Family::Random, 400, 7), (Family::Multiplier, 6, 0)] {
            let netlist = generate(family, n, RandomOptions { seed, dffs: 2 }).unwrap();
            let analysis = Analysis::with_learning(&netlist).0;
            // Every fault counts (detectability does not matter for which faults a pass
            // examines).
            let faults = collapsed_faults(&netlist);
            let unlimited = Budget::unlimited();
            for learning_depth in [0, 1] {
                for (budget, most) in [
                    (unlimited, None),
                    (
                        Budget {
                            implications: 1,
                            ..unlimited
                        },
                        Some(1),
                    ),
                    (
                        Budget {
                            implications: 20_000,
                            ..unlimited
                        },
                        None,
                    ),
                    (
                        Budget {
                            values: 300,
                            learning: 50,
                            ..unlimited
                        },
                        None,
                    ),
                ] {
                    let found: Vec<IndependentFaults> = [1, 2, 3]
                        .into_iter()
                        .map(|threads| {
                            let pass = BoundPass {
                                learning_depth,
                                budget,
                                deadline: None,
                                threads: Spare::fixed(threads),
                            };
                            independent_faults(&analysis, &faults, None, &pass)
                        })
                        .collect();
                    for other in &found[1..] {
                        assert_eq!(other.chosen, found[0].chosen, "{family} {budget:?}");
                        assert_eq!(other.by_constraint, found[0].by_constraint);
                    }
                    if let Some(most) = most {
                        assert!(found[0].chosen.len() <= most, "{budget:?}");
                    } else {
                        assert!(!found[0].chosen.is_empty(), "{budget:?}");
                    }
                }
            }
        }
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
