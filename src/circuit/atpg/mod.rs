//! Automatic test pattern generation for a netlist: the [`flow`](crate::flow::run) campaign over the
//! collapsed stuck-at faults, with the D-algorithm of [`dalg`](super::dalg) as the searcher and
//! the fault simulator for dropping and compaction. The final pattern set is re-checked by fault
//! simulation over the whole fault universe.
//!
//! [`part`] holds the part file of a sharded run and the merge's checks of a set of parts,
//! [`report`] the JSON report of a run.

pub mod part;
pub mod report;

use std::time::Instant;

use bumpalo::Bump;

use super::dalg::{Analysis, GateModel, Justification, LearningStats, TestCube, miter};
use super::fault::{Fault, FaultId, FaultUniverse};
use super::fsim::{FaultSimulator, RegionSimulator};
use super::netlist::Netlist;
use super::patterns::{Bit, Fill};
use super::sim::{PackedPatterns, simulate_block};
use super::xsim::CubeSimulator;
use crate::engine::{Counters, Limits, Outcome};
use crate::flow::{self, Phase, Progress, Status, Workbench, Worker};
use crate::rng::Rng;

/// ATPG settings.
#[derive(Clone, Debug)]
pub struct AtpgOptions {
    pub flow: flow::Options,
    pub fill: Fill,
    /// Static learning before test generation.
    pub learning: bool,
    /// Work on one part of the collapsed faults only (a sharded run; see [`shards`]).
    pub shard: Option<Shard>,
}

impl Default for AtpgOptions {
    fn default() -> AtpgOptions {
        AtpgOptions {
            flow: flow::Options::default(),
            fill: Fill::Random,
            learning: true,
            shard: None,
        }
    }
}

pub use crate::flow::Shard;

/// Deterministic parts of the collapsed faults for a sharded run: the part (from 0) of each
/// collapsed fault. Faults are ordered so that those of one output's input cone come together
/// (a depth-first walk back from each output, in order; dynamic compaction finds its partners
/// within a part), and cut into `count` runs of about equal estimated work: each fault weighs
/// 8, plus up to 8 more for its SCOAP difficulty (controllability of the excitation value plus
/// observability, capped at 1,000). Measured with four parts, one thread each, the slowest
/// part's seconds: c7552 1.05 (0.94 by fault count alone, 1.22 by SCOAP alone), s38417 3.95
/// (5.17, 5.47), c6288 0.84 (1.29, 1.45): most of a part's time goes to the simulation and
/// compaction every fault costs, not to the searches SCOAP predicts.
pub fn shards(netlist: &Netlist, universe: &FaultUniverse, count: usize) -> Vec<usize> {
    let collapsed = universe.collapsed_faults();
    let count = count.max(1);
    // Post-order of a depth-first walk over fanins from each output in turn.
    let mut place = vec![u32::MAX; netlist.len()];
    let mut next = 0u32;
    let mut stack: Vec<(super::netlist::NodeId, usize)> = Vec::new();
    let roots = netlist.outputs().iter().copied().chain(netlist.nodes());
    for root in roots {
        if place[root.index()] != u32::MAX {
            continue;
        }
        stack.push((root, 0));
        place[root.index()] = u32::MAX - 1;
        while let Some(&mut (n, ref mut k)) = stack.last_mut() {
            let fanins = netlist.fanins(n);
            if *k < fanins.len() {
                let f = fanins[*k];
                *k += 1;
                if place[f.index()] == u32::MAX {
                    place[f.index()] = u32::MAX - 1;
                    stack.push((f, 0));
                }
            } else {
                place[n.index()] = next;
                next += 1;
                stack.pop();
            }
        }
    }
    let scoap = super::dalg::Scoap::new(netlist);
    let weight = |f: &Fault| -> u64 {
        let net = f.net(netlist).index();
        let excite = scoap.cc[net][usize::from(!f.stuck_at)];
        8 + u64::from(excite.saturating_add(scoap.co[net]).min(1_000)) / 125
    };
    let mut order: Vec<usize> = (0..collapsed.len()).collect();
    order.sort_by_key(|&t| (place[collapsed[t].net(netlist).index()], t));
    let weights: Vec<u64> = order.iter().map(|&t| weight(&collapsed[t])).collect();
    let mut part = vec![0; collapsed.len()];
    for (&t, p) in order.iter().zip(flow::shard::cut(&weights, count)) {
        part[t] = p;
    }
    part
}

/// Nodes the support walks of one relaxation trial may visit, per node of the circuit (see
/// `CircuitWorker::cube_supports`).
const SUPPORT_WORK_PER_NODE: u64 = 64;

/// The outcome of test generation for a netlist.
#[derive(Clone, Debug)]
pub struct AtpgResult {
    /// The final patterns, fully specified, in scan-view input order.
    pub patterns: Vec<Vec<bool>>,
    /// The collapsed faults (class representatives) and what became of each.
    pub targets: Vec<(FaultId, Status)>,
    /// Faults of the whole universe detected by the final patterns (by fault simulation).
    pub detected: usize,
    /// Faults of the universe in classes proved untestable.
    pub untestable: usize,
    /// Collapsed faults detected by the final patterns.
    pub collapsed_detected: usize,
    pub phases: Vec<Phase>,
    pub counters: Counters,
    pub learning: LearningStats,
    pub learning_seconds: f64,
    /// Detected collapsed faults proved pairwise independent: no complete test set has fewer
    /// patterns (see [`bound`](super::bound)). 0 for a part of a sharded run: the merge proves
    /// the whole circuit's.
    pub lower_bound: usize,
    pub lower_bound_seconds: f64,
}

impl AtpgResult {
    /// The names of the collapsed faults that ended with `status`, in target order: the
    /// detected, untestable and aborted lists of the report and of a part file.
    pub(crate) fn target_names(
        &self,
        netlist: &Netlist,
        universe: &FaultUniverse,
        status: Status,
    ) -> Vec<String> {
        self.targets
            .iter()
            .filter(|(_, s)| *s == status)
            .map(|&(id, _)| universe.name(netlist, id))
            .collect()
    }
}

/// Why ATPG failed.
#[derive(Debug, thiserror::Error)]
pub enum AtpgError {
    /// The final simulation disagrees with the campaign: a bug, never the user's fault.
    #[error("internal check failed: {0}")]
    Verification(String),
}

/// A search variant.
#[derive(Clone, Copy, Debug)]
enum Variant {
    /// The D-algorithm: justification, justify first, recursive learning depth.
    Dalg(Justification, bool, u32),
    /// SAT on the fault's miter: the backtrack limit counts conflicts, and under a work cap
    /// only the cap counts (see [`miter::generate`]).
    Sat,
}

/// The first pass uses the first variant, the second pass the second, the complete pass
/// rotates through all under growing limits: the backtrace searches find most tests fastest,
/// the cube search with recursive learning proves most redundancies, and SAT the few whose
/// proof needs many learned clauses (b14_C, b15_C, b17_C have such). Recursive learning of
/// depth 2 also proves those on ISCAS-85, but its work is not bounded by the backtrack limit:
/// on b14_C one call ran for minutes, so it is not in the rotation.
const VARIANTS: [Variant; 4] = [
    Variant::Dalg(Justification::Backtrace, false, 0),
    Variant::Dalg(Justification::Cubes, true, 1),
    Variant::Dalg(Justification::Backtrace, true, 0),
    Variant::Sat,
];

/// The gate-level side of the campaign.
pub struct CircuitBench<'a> {
    netlist: &'a Netlist,
    analysis: &'a Analysis<'a>,
    targets: Vec<Fault>,
    fill: Fill,
    threads: usize,
}

impl<'a> CircuitBench<'a> {
    pub fn new(
        analysis: &'a Analysis<'a>,
        targets: Vec<Fault>,
        fill: Fill,
        threads: usize,
    ) -> CircuitBench<'a> {
        CircuitBench {
            netlist: analysis.netlist,
            analysis,
            targets,
            fill,
            threads,
        }
    }

    fn pack(&self, tests: &[Vec<bool>]) -> PackedPatterns {
        PackedPatterns::from_tests(self.netlist.inputs().len(), tests)
    }
}

/// A per-thread searcher: the model and its arena.
pub struct CircuitWorker<'a> {
    netlist: &'a Netlist,
    model: GateModel<'a>,
    arena: Bump,
    targets: &'a [Fault],
    xsim: CubeSimulator,
}

impl Worker for CircuitWorker<'_> {
    type Cube = TestCube;

    fn generate(
        &mut self,
        target: usize,
        base: Option<&TestCube>,
        limits: &Limits,
        variant: usize,
    ) -> (Outcome<TestCube>, Counters) {
        let fault = self.targets[target];
        let base = base.map(Vec::as_slice);
        match VARIANTS[variant % VARIANTS.len()] {
            Variant::Dalg(strategy, justify_first, depth) => {
                self.model.set_strategy(strategy, justify_first);
                self.model.set_recursive_learning(depth, 0);
                let result = self.model.generate(fault, base, limits, &self.arena);
                self.arena.reset();
                result
            }
            Variant::Sat => miter::generate(self.netlist, fault, base, limits),
        }
    }

    fn cube_detections(&mut self, cubes: &[&TestCube], targets: &[usize]) -> Vec<u64> {
        self.cube_masks(cubes, targets, CubeSimulator::detect)
    }

    fn cube_candidates(&mut self, cubes: &[&TestCube], targets: &[usize]) -> Vec<u64> {
        self.cube_masks(cubes, targets, CubeSimulator::may_detect)
    }

    fn cube_supports(
        &mut self,
        cube: &TestCube,
        targets: &[usize],
    ) -> Option<Vec<Option<Vec<usize>>>> {
        self.xsim.load(self.netlist, &[cube.as_slice()]);
        // Each support is a walk back through the target's cone. Many targets with long cones
        // (one test of a chain of NANDs detects all of its faults) would cost the square of the
        // circuit, so the walks stop at a budget linear in its size; the targets after it get
        // no support and are asked about in every trial instead.
        let budget = SUPPORT_WORK_PER_NODE.saturating_mul(self.netlist.len() as u64);
        self.xsim.take_support_work();
        let mut spent = 0;
        Some(
            targets
                .iter()
                .map(|&t| {
                    if spent >= budget {
                        return None;
                    }
                    let support = self.xsim.support(self.netlist, self.targets[t]);
                    spent += self.xsim.take_support_work();
                    Some(support?.into_iter().map(|p| p as usize).collect())
                })
                .collect(),
        )
    }
}

impl CircuitWorker<'_> {
    /// Loads `cubes` into the three-valued simulator and asks `question` for each target.
    fn cube_masks(
        &mut self,
        cubes: &[&TestCube],
        targets: &[usize],
        question: fn(&mut CubeSimulator, &Netlist, Fault) -> u64,
    ) -> Vec<u64> {
        let cubes: Vec<&[Bit]> = cubes.iter().map(|c| c.as_slice()).collect();
        self.xsim.load(self.netlist, &cubes);
        targets
            .iter()
            .map(|&t| question(&mut self.xsim, self.netlist, self.targets[t]))
            .collect()
    }
}

impl Workbench for CircuitBench<'_> {
    type Test = Vec<bool>;
    type Cube = TestCube;
    type Worker<'w>
        = CircuitWorker<'w>
    where
        Self: 'w;

    fn targets(&self) -> usize {
        self.targets.len()
    }

    fn random_tests(&self, rng: &mut Rng, count: usize) -> Vec<Vec<bool>> {
        let width = self.netlist.inputs().len();
        (0..count)
            .map(|_| {
                let mut bits = Vec::with_capacity(width);
                while bits.len() < width {
                    let word = rng.next_u64();
                    bits.extend((0..64.min(width - bits.len())).map(|k| (word >> k) & 1 == 1));
                }
                bits
            })
            .collect()
    }

    fn first_detections(&self, tests: &[Vec<bool>], targets: &[usize]) -> Vec<Option<usize>> {
        if tests.is_empty() {
            return vec![None; targets.len()];
        }
        let faults: Vec<Fault> = targets.iter().map(|&t| self.targets[t]).collect();
        FaultSimulator::new(self.netlist, self.threads)
            .first_detections(&faults, &self.pack(tests), |_, _| {})
            .into_iter()
            .map(|d| d.map(|p| p as usize))
            .collect()
    }

    fn detection_masks(&self, tests: &[Vec<bool>], targets: &[usize]) -> Vec<u64> {
        assert!(tests.len() <= 64, "one block of tests at a time");
        if tests.is_empty() {
            return vec![0; targets.len()];
        }
        let packed = self.pack(tests);
        let mut good = vec![0u64; self.netlist.len()];
        simulate_block(self.netlist, packed.block(0), &mut good);
        let mut region = RegionSimulator::new(self.netlist);
        let valid = packed.valid_mask(0);
        targets
            .iter()
            .map(|&t| region.detect(self.netlist, &good, self.targets[t]) & valid)
            .collect()
    }

    fn fill(&self, cube: &TestCube, rng: &mut Rng) -> Vec<bool> {
        cube.iter()
            .map(|&b| match b {
                Bit::Zero => false,
                Bit::One => true,
                Bit::X => match self.fill {
                    Fill::Zero => false,
                    Fill::One => true,
                    Fill::Random => rng.next_u64() & 1 == 1,
                },
            })
            .collect()
    }

    fn refill(&self, cube: &TestCube, previous: &Vec<bool>) -> Vec<bool> {
        cube.iter()
            .zip(previous)
            .map(|(&b, &old)| match b {
                Bit::Zero => false,
                Bit::One => true,
                Bit::X => old,
            })
            .collect()
    }

    fn cube_of(&self, test: &Vec<bool>) -> TestCube {
        test.iter()
            .map(|&b| if b { Bit::One } else { Bit::Zero })
            .collect()
    }

    fn specified(&self, cube: &TestCube) -> Vec<usize> {
        (0..cube.len()).filter(|&i| cube[i] != Bit::X).collect()
    }

    fn open(&self, cube: &TestCube, positions: &[usize]) -> TestCube {
        let mut opened = cube.clone();
        for &i in positions {
            opened[i] = Bit::X;
        }
        opened
    }

    fn open_bits(&self, cube: &TestCube) -> usize {
        cube.iter().filter(|&&b| b == Bit::X).count()
    }

    fn worker(&self) -> CircuitWorker<'_> {
        CircuitWorker {
            netlist: self.netlist,
            model: GateModel::new(self.analysis),
            arena: Bump::new(),
            targets: &self.targets,
            xsim: CubeSimulator::new(self.netlist),
        }
    }

    fn variants(&self) -> usize {
        VARIANTS.len()
    }

    /// The plain D-algorithm spends 1,000 to 3,000 implications per backtrack on b14_C and
    /// b15_C, recursive learning 30,000 to 90,000. Capped at 16,384 (which leaves the plain
    /// variants alone), the learning variant no longer takes most of the 1,024-backtrack pass
    /// (b15_C: 25.7 s to 5.9 s) nor of a hard fault's rotation before the SAT variant settles
    /// it (b14_C: 5.2 s on one redundant fault, now 1.8 s).
    fn work_per_backtrack(&self) -> Option<u64> {
        Some(16384)
    }

    /// Without the recursive-learning variant: it is what proves hard redundancies, but on
    /// testable faults it costs many times the others per backtrack (c6288: 2 s of 2.4).
    fn test_variants(&self) -> Vec<usize> {
        (0..VARIANTS.len())
            .filter(|&v| !matches!(VARIANTS[v], Variant::Dalg(_, _, depth) if depth > 0))
            .collect()
    }
}

/// The per-circuit analysis, with static learning when asked, what it learned and its seconds.
fn analyse(netlist: &Netlist, learning: bool) -> (Analysis<'_>, LearningStats, f64) {
    let start = Instant::now();
    let (analysis, stats) = if learning {
        Analysis::with_learning(netlist)
    } else {
        (Analysis::new(netlist), LearningStats::default())
    };
    (analysis, stats, start.elapsed().as_secs_f64())
}

/// Generates tests for every collapsed stuck-at fault of `netlist`.
pub fn run(
    netlist: &Netlist,
    universe: &FaultUniverse,
    options: &AtpgOptions,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<AtpgResult, AtpgError> {
    let (analysis, learning, learning_seconds) = analyse(netlist, options.learning);
    let (mut collapsed, mut faults) = (universe.collapsed().to_vec(), universe.collapsed_faults());
    if let Some(shard) = options.shard {
        let part = shards(netlist, universe, shard.count);
        let mine: Vec<usize> = (0..part.len())
            .filter(|&t| part[t] + 1 == shard.index)
            .collect();
        collapsed = mine.iter().map(|&t| collapsed[t]).collect();
        faults = mine.iter().map(|&t| faults[t]).collect();
    }
    let bench = CircuitBench::new(&analysis, faults, options.fill, options.flow.threads);
    // The lower bound needs only the verdicts: it is proved beside compaction.
    let deadline = options.flow.deadline;
    // The strongest bound costs about as much as the rest of the run where recursive learning
    // has much to do (b14_C: 261 in 39 s, against 108 in 1.3 s within the budget), so only
    // the maximum effort lifts the work budget; fast compaction skips recursive learning.
    let budgeted = options.flow.effort != flow::Effort::Max;
    let recursive_learning = options.flow.effort != flow::Effort::Fast;
    let (campaign, (lower_bound, lower_bound_seconds)) =
        flow::run_beside(&bench, &options.flow, progress, |status, threads| {
            // A part's bound says nothing about the whole: the merge proves the bound.
            if options.shard.is_some() {
                return (0, 0.0);
            }
            let bound_start = Instant::now();
            let detectable: Vec<Fault> = bench
                .targets
                .iter()
                .zip(status)
                .filter(|&(_, &s)| s == Status::Detected)
                .map(|(&fault, _)| fault)
                .collect();
            let bound = super::bound::lower_bound(
                &analysis,
                &detectable,
                recursive_learning,
                budgeted,
                deadline,
                threads,
            )
            .len();
            (bound, bound_start.elapsed().as_secs_f64())
        });

    conclude(
        netlist,
        universe,
        &collapsed,
        campaign,
        options.flow.threads,
        (learning, learning_seconds),
        (lower_bound, lower_bound_seconds),
    )
}

/// Re-checks a campaign by fault simulation of its final patterns over the whole universe,
/// and makes the result.
fn conclude(
    netlist: &Netlist,
    universe: &FaultUniverse,
    collapsed: &[FaultId],
    campaign: flow::Campaign<Vec<bool>>,
    threads: usize,
    (learning, learning_seconds): (LearningStats, f64),
    (lower_bound, lower_bound_seconds): (usize, f64),
) -> Result<AtpgResult, AtpgError> {
    let patterns = campaign.tests;
    let packed = PackedPatterns::from_tests(netlist.inputs().len(), &patterns);
    let first = FaultSimulator::new(netlist, threads).first_detections(
        universe.faults(),
        &packed,
        |_, _| {},
    );
    let mut untestable_class = vec![false; universe.len()];
    let mut collapsed_detected = 0;
    for (k, &id) in collapsed.iter().enumerate() {
        let simulated = first[id.index()].is_some();
        match campaign.status[k] {
            Status::Detected if !simulated => {
                return Err(AtpgError::Verification(format!(
                    "fault {} was counted detected, but the final patterns miss it",
                    universe.name(netlist, id)
                )));
            }
            Status::Untestable if simulated => {
                return Err(AtpgError::Verification(format!(
                    "fault {} was proved untestable, but the final patterns detect it",
                    universe.name(netlist, id)
                )));
            }
            Status::Untestable => untestable_class[id.index()] = true,
            _ => {}
        }
        collapsed_detected += usize::from(simulated);
    }
    universe.expand(&mut untestable_class);
    Ok(AtpgResult {
        detected: first.iter().filter(|d| d.is_some()).count(),
        untestable: untestable_class.iter().filter(|&&u| u).count(),
        collapsed_detected,
        targets: collapsed.iter().copied().zip(campaign.status).collect(),
        patterns,
        phases: campaign.phases,
        counters: campaign.counters,
        learning,
        learning_seconds,
        lower_bound,
        lower_bound_seconds,
    })
}

/// Combines the parts of a sharded run into the result of a whole one: `tests` are every
/// part's patterns, `untestable` the collapsed faults the parts proved untestable. The
/// patterns are fault-simulated over every collapsed fault (a fault one part gave up on may be
/// detected by another's patterns), then compacted as a single run compacts its own, and the
/// result is re-checked like one. A fault is aborted only when no part detected or proved it.
pub fn merge(
    netlist: &Netlist,
    universe: &FaultUniverse,
    tests: Vec<Vec<bool>>,
    untestable: &[FaultId],
    options: &AtpgOptions,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Result<AtpgResult, AtpgError> {
    let (analysis, learning, learning_seconds) = analyse(netlist, options.learning);
    let collapsed = universe.collapsed();
    let bench = CircuitBench::new(
        &analysis,
        universe.collapsed_faults(),
        options.fill,
        options.flow.threads,
    );
    let merge_start = Instant::now();
    // The same pattern from two parts once.
    let mut seen = hashbrown::HashSet::new();
    let tests: Vec<Vec<bool>> = tests
        .into_iter()
        .filter(|t| seen.insert(t.clone()))
        .collect();
    let all: Vec<usize> = (0..collapsed.len()).collect();
    let first = bench.first_detections(&tests, &all);
    let proved: hashbrown::HashSet<FaultId> = untestable.iter().copied().collect();
    let mut status = Vec::with_capacity(collapsed.len());
    for (k, &id) in collapsed.iter().enumerate() {
        status.push(match (first[k].is_some(), proved.contains(&id)) {
            (true, true) => {
                return Err(AtpgError::Verification(format!(
                    "fault {} was proved untestable by one part, but another part's patterns detect it",
                    universe.name(netlist, id)
                )));
            }
            (true, false) => Status::Detected,
            (false, true) => Status::Untestable,
            (false, false) => Status::Aborted,
        });
    }
    let merge_seconds = merge_start.elapsed().as_secs_f64();
    let mut run = flow::CampaignRun::seeded(&bench, &options.flow, tests, status);
    if options.flow.compact {
        run.compaction(progress);
    }
    let mut campaign = run.finish();
    let detected = campaign
        .status
        .iter()
        .filter(|&&s| s == Status::Detected)
        .count();
    campaign.phases.insert(
        0,
        Phase {
            name: "parts merged".into(),
            detected,
            patterns: seen.len(),
            seconds: merge_seconds,
        },
    );
    let bound_start = Instant::now();
    let detectable: Vec<Fault> = bench
        .targets
        .iter()
        .zip(&campaign.status)
        .filter(|&(_, &s)| s == Status::Detected)
        .map(|(&fault, _)| fault)
        .collect();
    let lower_bound = super::bound::lower_bound(
        &analysis,
        &detectable,
        options.flow.effort != flow::Effort::Fast,
        options.flow.effort != flow::Effort::Max,
        options.flow.deadline,
        flow::Spare::fixed(options.flow.threads),
    )
    .len();
    let bound = (lower_bound, bound_start.elapsed().as_secs_f64());
    conclude(
        netlist,
        universe,
        collapsed,
        campaign,
        options.flow.threads,
        (learning, learning_seconds),
        bound,
    )
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::circuit::generate::{Family, RandomOptions, generate};

    fn divider() -> Netlist {
        generate(Family::Divider, 5, RandomOptions { seed: 1, dffs: 0 }).unwrap()
    }

    fn options(deadline: Option<Instant>) -> AtpgOptions {
        AtpgOptions {
            flow: flow::Options {
                deadline,
                threads: 2,
                ..flow::Options::default()
            },
            ..AtpgOptions::default()
        }
    }

    /// On a chain of NANDs one test detects most faults, and each fault's support is a walk
    /// through the rest of the chain: the supports asked for at once stop at a work budget
    /// linear in the circuit, so the targets past it get none (relaxation then asks about them
    /// in every trial, as without supports); every support given still detects its target
    /// alone.
    #[test]
    fn supports_stop_at_a_budget_linear_in_the_circuit() {
        use crate::flow::{Workbench as _, Worker as _};
        let netlist = generate(Family::Chain, 3000, RandomOptions { seed: 0, dffs: 0 }).unwrap();
        let universe = FaultUniverse::new(&netlist);
        let result = run(&netlist, &universe, &options(None), &mut |_| {}).unwrap();
        let analysis = Analysis::new(&netlist);
        let bench = CircuitBench::new(&analysis, universe.collapsed_faults(), Fill::Random, 1);
        let mut worker = bench.worker();
        let all: Vec<usize> = (0..bench.targets()).collect();
        let (mut given, mut detected) = (0, 0);
        for test in &result.patterns {
            let cube = bench.cube_of(test);
            let supports = worker
                .cube_supports(&cube, &all)
                .expect("circuits give supports");
            let detections = worker.cube_detections(&[&cube], &all);
            for (&t, support) in all.iter().zip(&supports) {
                detected += usize::from(detections[t] == 1);
                let Some(support) = support else { continue };
                given += 1;
                let outside: Vec<usize> = bench
                    .specified(&cube)
                    .into_iter()
                    .filter(|p| !support.contains(p))
                    .collect();
                let part = bench.open(&cube, &outside);
                assert_eq!(worker.cube_detections(&[&part], &[t])[0], 1, "target {t}");
            }
        }
        assert!(detected > 2000, "{detected}");
        assert!(
            given > 0 && given < detected / 4,
            "{given} supports of {detected}"
        );
    }

    /// A search pass reports each finished search, not only each window of 64.
    #[test]
    fn search_passes_report_progress_per_target() {
        let n = divider();
        let universe = FaultUniverse::new(&n);
        let mut options = options(None);
        options.flow.random_blocks = 0;
        // One thread: the searching caller reports after each of its searches, so with one
        // thread every count is seen.
        options.flow.threads = 1;
        let mut seen = Vec::new();
        let result = run(&n, &universe, &options, &mut |p| {
            if p.phase.ends_with("16 backtracks") {
                seen.push((p.done, p.total));
            }
        })
        .unwrap();
        let total = seen[0].1;
        assert!(total > 64, "{total} faults searched");
        assert!(seen.iter().all(|&(d, t)| t == total && d <= total));
        assert!(seen.windows(2).all(|w| w[0].0 <= w[1].0));
        // Every count from 1 to the end of the first window is reported.
        for done in 1..=64 {
            assert!(seen.iter().any(|&(d, _)| d == done), "no report at {done}");
        }
        assert_eq!(seen.last().unwrap().0, total);
        assert!(result.targets.iter().all(|(_, s)| *s != Status::Aborted));
    }

    /// A deadline already past stops every phase: all targets aborted, no test. One far away
    /// changes nothing.
    #[test]
    fn the_deadline_stops_every_phase() {
        let n = divider();
        let universe = FaultUniverse::new(&n);
        let past = run(&n, &universe, &options(Some(Instant::now())), &mut |_| {}).unwrap();
        assert!(past.patterns.is_empty());
        assert!(past.targets.iter().all(|(_, s)| *s == Status::Aborted));
        let free = run(&n, &universe, &options(None), &mut |_| {}).unwrap();
        let far = Instant::now() + Duration::from_secs(3600);
        let bounded = run(&n, &universe, &options(Some(far)), &mut |_| {}).unwrap();
        assert_eq!(free.patterns, bounded.patterns);
        assert_eq!(free.targets, bounded.targets);
        assert!(free.targets.iter().all(|(_, s)| *s != Status::Aborted));
    }

    /// Every compaction effort gives a set the final fault simulation confirms, with the same
    /// verdicts.
    #[test]
    fn every_compaction_effort_is_verified() {
        let n = generate(Family::Alu, 6, RandomOptions { seed: 1, dffs: 0 }).unwrap();
        let universe = FaultUniverse::new(&n);
        let mut verdicts = Vec::new();
        for effort in [flow::Effort::Fast, flow::Effort::Default, flow::Effort::Max] {
            let mut options = options(None);
            options.flow.effort = effort;
            let result = run(&n, &universe, &options, &mut |_| {}).unwrap();
            assert!(!result.patterns.is_empty());
            verdicts.push(result.targets);
        }
        assert!(verdicts.windows(2).all(|w| w[0] == w[1]));
    }
}
