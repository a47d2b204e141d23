//! The multi-pass test generation campaign, shared by faults and mutants (Zhang 2021, ch. 5.1,
//! and the classic ATPG flow).
//!
//! 1. Random tests with dropping by simulation, until `random_blocks` consecutive blocks of 64
//!    find nothing new.
//! 2. The D-algorithm on every remaining target with a small backtrack limit, every new test
//!    simulated against all open targets (dropping); again with a larger limit; then a complete
//!    pass with no limit (a portfolio of search variants under growing limits, optionally under
//!    a time limit per target) so that every target ends tested or proved untestable.
//! 3. Dynamic compaction (each new test's don't-care bits are offered to further open targets)
//!    and, at the end, regeneration, set cover, essential-target pruning (tests removed by moving
//!    the targets only they detect into the relaxed cubes of other tests, after Hamzaoglu and
//!    Patel's MinTest) and reverse-order compaction by simulation.
//!
//! The campaign is generic over a [`Workbench`]: the gate-level circuit is one, the program with
//! its mutants the other.
//!
//! Bounded work: every search of every phase runs under a backtrack limit and, when given, the
//! per-target time limit; a deadline for the whole campaign ends each phase early (targets not
//! reached stay aborted, compaction keeps what it has), and every phase reports progress per
//! target, so no phase runs unbounded or silent.
//!
//! Determinism under parallelism: open targets are taken in fixed windows of [`WINDOW`]; the
//! searches of a window run in parallel and independently, and their results are committed in
//! target order, with one simulation deciding which results earlier tests made unnecessary. The
//! output therefore depends on the seed and the input, never on the number of threads.

mod cover;
pub mod shard;

pub use shard::Shard;

use std::sync::{Arc, Mutex};

use bitvec::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::engine::{AbortReason, Counters, Limits, Outcome};
use crate::rng::Rng;

/// Targets searched together, in parallel, then committed in order.
pub const WINDOW: usize = 64;
/// Further open targets offered each new test's don't-care bits (dynamic compaction).
const SECONDARY_TRIES: usize = 48;
/// Backtrack limit for a secondary target.
const SECONDARY_BACKTRACKS: u64 = 4;
/// Further targets offered each cube during compaction's regeneration.
const REGENERATION_TRIES: usize = 400;
/// Existing cubes (most open first) a regenerated target may be absorbed into.
const ABSORB_TRIES: usize = 64;
const _: () = assert!(
    ABSORB_TRIES <= 64,
    "absorbing cubes are one cube-simulation word"
);
/// Passes of essential-target pruning (a pass ends when every test was tried once).
const PRUNING_ROUNDS: usize = 3;
/// Backtrack limit for adding an essential target to another test's cube.
const PRUNING_BACKTRACKS: u64 = 16;
/// Tests (most open first) offered the essential targets of a test to remove: bounds the
/// work per test on circuits with hundreds of tests.
const PRUNING_RECEIVERS: usize = 64;
const _: () = assert!(
    PRUNING_RECEIVERS <= 64,
    "receivers are one cube-simulation word"
);
/// Targets regeneration takes before the tests it made since the last simulation are simulated
/// for dropping, whatever their number.
const SIMULATE_AFTER: usize = 256;
/// Search passes cap implications as if a search's backtrack limit were at least this (see
/// [`Workbench::work_per_backtrack`]).
const MIN_CAPPED_BACKTRACKS: u64 = 1024;
/// Regeneration rounds; measured: a second round gains under 2 % patterns for twice the time.
const REGENERATION_ROUNDS: usize = 1;

/// A model side of the campaign: targets, tests, simulation and search.
pub trait Workbench: Sync {
    /// A fully specified test.
    type Test: Clone + Send + Sync;
    /// A partial test, with don't cares.
    type Cube: Clone + Send + Sync;
    /// A per-thread searcher.
    type Worker<'w>: Worker<Cube = Self::Cube>
    where
        Self: 'w;

    /// Number of targets.
    fn targets(&self) -> usize;
    /// `count` random tests.
    fn random_tests(&self, rng: &mut Rng, count: usize) -> Vec<Self::Test>;
    /// For each of `targets`, the index in `tests` of the first test that detects it.
    fn first_detections(&self, tests: &[Self::Test], targets: &[usize]) -> Vec<Option<usize>>;
    /// For each of `targets`, a bit mask of the tests (at most 64) that detect it.
    fn detection_masks(&self, tests: &[Self::Test], targets: &[usize]) -> Vec<u64>;
    /// Gives the don't cares of `cube` values.
    fn fill(&self, cube: &Self::Cube, rng: &mut Rng) -> Self::Test;
    /// Gives the don't cares of `cube` the values they have in `previous` (an earlier fill of
    /// a cube that `cube` extends).
    fn refill(&self, cube: &Self::Cube, previous: &Self::Test) -> Self::Test;
    /// `test` as a cube with nothing open.
    fn cube_of(&self, test: &Self::Test) -> Self::Cube;
    /// The positions (inputs) `cube` specifies, in increasing order.
    fn specified(&self, cube: &Self::Cube) -> Vec<usize>;
    /// `cube` with the given specified positions made don't cares.
    fn open(&self, cube: &Self::Cube, positions: &[usize]) -> Self::Cube;
    /// Number of don't cares left in `cube`.
    fn open_bits(&self, cube: &Self::Cube) -> usize;
    /// A new searcher.
    fn worker(&self) -> Self::Worker<'_>;
    /// Number of search variants the workers offer (the complete pass rotates through them).
    fn variants(&self) -> usize;
    /// The variants to try, in this order, for a target known to be testable (compaction
    /// builds new tests for detected targets): the searches that find tests fast, without
    /// those only worth their cost for proofs.
    fn test_variants(&self) -> Vec<usize> {
        (0..self.variants()).collect()
    }
    /// Tests near `tests` (each input nudged by one, or given another input's value), for the
    /// pool compaction chooses its cover from: the searches' tests sit on the boundaries that
    /// hard targets need, and a neighbour may sit on two at once. None by default (a circuit's
    /// regenerated cubes already merge targets).
    fn neighbours(&self, _tests: &[Self::Test]) -> Vec<Self::Test> {
        Vec::new()
    }
    /// Implications a search pass allows per backtrack of its limit, so that search variants
    /// whose backtracks cost far more than others' (recursive learning) get comparable work
    /// in the complete pass's rotation instead of most of the time (`None`: backtracks alone
    /// limit the searches).
    fn work_per_backtrack(&self) -> Option<u64> {
        None
    }
    /// What the per-target search is called in phase names.
    fn search_name(&self) -> &'static str {
        "D-algorithm"
    }
}

/// Searches tests for single targets.
pub trait Worker: Send {
    type Cube;
    /// Searches a test for `target`, extending `base` when given (then `Untestable` only means
    /// "not from this cube").
    fn generate(
        &mut self,
        target: usize,
        base: Option<&Self::Cube>,
        limits: &Limits,
        variant: usize,
    ) -> (Outcome<Self::Cube>, Counters);

    /// For each of `targets`, a bit mask of the `cubes` (at most 64) that detect it whatever
    /// values their don't cares take.
    fn cube_detections(&mut self, cubes: &[&Self::Cube], targets: &[usize]) -> Vec<u64>;

    /// For each of `targets`, a bit mask of the `cubes` (at most 64) that may detect it under
    /// some values of their don't cares. Must over-approximate: a cube left out detects the
    /// target under no fill, so no extension of it can.
    fn cube_candidates(&mut self, cubes: &[&Self::Cube], targets: &[usize]) -> Vec<u64>;

    /// For each of `targets`, whether `cube` detects it whatever its don't cares become
    /// (as [`cube_detections`](Self::cube_detections)), and if so which of its positions are
    /// enough: any cube that agrees with `cube` there detects it too. Relaxation then asks
    /// again only about targets whose positions it opens. `None` when the model cannot tell
    /// which positions suffice (then every trial asks about every target).
    fn cube_supports(
        &mut self,
        _cube: &Self::Cube,
        _targets: &[usize],
    ) -> Option<Vec<Option<Vec<usize>>>> {
        None
    }
}

/// What became of a target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Open,
    Detected,
    Untestable,
    Aborted,
}

/// Campaign settings.
#[derive(Clone, Debug)]
pub struct Options {
    pub seed: u64,
    /// Stop the random phase after this many consecutive blocks of 64 tests find nothing new;
    /// 0 skips it.
    pub random_blocks: usize,
    /// Backtrack limit of the first deterministic pass; the second uses 64 times more.
    pub backtrack_limit: u64,
    /// Time allowed per search of a target, in every phase (`None`: the complete pass searches
    /// until a verdict).
    pub time_limit: Option<Duration>,
    /// The whole campaign ends by then: searches stop at it, targets not searched yet end
    /// aborted, and compaction keeps the tests it has (the output depends on timing then).
    pub deadline: Option<Instant>,
    /// Dynamic and reverse-order compaction.
    pub compact: bool,
    /// How hard compaction works for fewer tests.
    pub effort: Effort,
    /// Whether compaction regenerates a test for every detected target (worth it where tests
    /// have don't cares to merge; where they have none, only the cover and the reverse-order
    /// simulation pay).
    pub regenerate: bool,
    /// Random tests added to the pool compaction chooses its cover from (where regeneration
    /// is off, a wide pool is how the cover finds tests that kill many targets at once).
    pub cover_pool: usize,
    /// Nodes the exact set-cover search may visit after greedy (0: greedy alone). Where the
    /// pool's rows are few (programs), it finds the smallest cover the pool allows.
    pub exact_cover_nodes: usize,
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            seed: 1,
            random_blocks: 8,
            backtrack_limit: 16,
            time_limit: None,
            deadline: None,
            compact: true,
            effort: Effort::Default,
            regenerate: true,
            cover_pool: 0,
            exact_cover_nodes: 0,
            threads: 1,
        }
    }
}

/// How hard compaction works: time traded for tests. (The variants' docs are the `--compact`
/// help, so they speak to users.)
//
// Fast: a test's cube for essential-target pruning grows from its last one when the test gains
// essential targets, instead of being relaxed again from the whole test; the lower bound skips
// its recursive-learning pass. Max: a second regeneration round and twice the pruning rounds;
// the lower bound's work is not budgeted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Effort {
    /// Quickest: several times faster where each pattern detects thousands of faults
    /// (arithmetic circuits), sometimes a few percent more patterns (s38417: 95, not 88).
    Fast,
    /// The balance between time and patterns.
    #[default]
    Default,
    /// More rounds of regeneration and pruning, for the last few patterns, and the strongest
    /// lower bound roth can prove, however long it takes (b14_C: 261 in 39 s, not 113 in 1.5 s).
    Max,
}

/// One phase of the campaign, for reports.
#[derive(Clone, Debug, PartialEq)]
pub struct Phase {
    pub name: String,
    /// Targets newly detected in this phase.
    pub detected: usize,
    /// Tests after this phase.
    pub patterns: usize,
    pub seconds: f64,
}

/// What a campaign produced.
#[derive(Clone, Debug)]
pub struct Campaign<T> {
    pub tests: Vec<T>,
    pub status: Vec<Status>,
    pub phases: Vec<Phase>,
    pub counters: Counters,
}

/// Progress reports: the phase and how many of its targets are done.
#[derive(Clone, Copy, Debug)]
pub struct Progress<'p> {
    pub phase: &'p str,
    pub done: usize,
    pub total: usize,
}

struct WindowResult<C> {
    outcome: Outcome<C>,
    counters: Counters,
}

/// Runs the whole campaign.
pub fn run<W: Workbench>(
    bench: &W,
    options: &Options,
    progress: &mut dyn FnMut(Progress<'_>),
) -> Campaign<W::Test> {
    run_beside(bench, options, progress, |_, _| ()).0
}

/// Threads that work beside compaction may use: some at once, more once compaction has ended
/// (it uses one thread), so that no core idles whichever finishes first.
#[derive(Clone, Copy, Debug)]
pub struct Spare<'a> {
    /// Threads to use from the start.
    pub now: usize,
    /// Threads more to use once [`released`](Self::released).
    pub later: usize,
    released: &'a AtomicBool,
}

/// Always released: for [`Spare::fixed`].
static RELEASED: AtomicBool = AtomicBool::new(true);

impl Spare<'_> {
    /// `threads` from the start, none later.
    pub fn fixed(threads: usize) -> Spare<'static> {
        Spare {
            now: threads,
            later: 0,
            released: &RELEASED,
        }
    }

    /// Whether the `later` threads may start.
    pub fn released(&self) -> bool {
        self.released.load(Ordering::Acquire)
    }
}

/// Runs the whole campaign, and `beside` on the targets' statuses once the searches have
/// settled them (compaction changes none): on a thread of its own while compaction runs, when
/// there are two threads or more, otherwise after it. For work that needs the verdicts but not
/// the final tests, such as proving a lower bound on their number. `beside` is told which
/// threads it may use: those compaction leaves free, and the one it used once it ends.
pub fn run_beside<W: Workbench, R: Send>(
    bench: &W,
    options: &Options,
    progress: &mut dyn FnMut(Progress<'_>),
    beside: impl FnOnce(&[Status], Spare<'_>) -> R + Send,
) -> (Campaign<W::Test>, R) {
    let mut run = CampaignRun::new(bench, options);
    run.random_phase(progress);
    run.deterministic_passes(progress);
    let status = run.status.clone();
    let mut compaction = |run: &mut CampaignRun<'_, W>| {
        if options.compact {
            run.compaction(progress);
        }
    };
    let result = if options.threads > 1 && options.compact {
        let compacted = AtomicBool::new(false);
        let spare = Spare {
            now: options.threads - 1,
            later: 1,
            released: &compacted,
        };
        let running = Arc::clone(&run.beside);
        running.store(true, Ordering::Release);
        std::thread::scope(|scope| {
            let aside = scope.spawn(|| {
                let result = beside(&status, spare);
                running.store(false, Ordering::Release);
                result
            });
            compaction(&mut run);
            compacted.store(true, Ordering::Release);
            match aside.join() {
                Ok(result) => result,
                Err(panic) => std::panic::resume_unwind(panic),
            }
        })
    } else {
        compaction(&mut run);
        beside(&status, Spare::fixed(options.threads))
    };
    (run.finish(), result)
}

#[derive(Clone, Copy)]
enum Pass {
    /// One search per target with this backtrack limit and variant.
    Limited(u64, usize),
    /// Variants in rotation with limits growing from `start`, until a verdict. The first
    /// round skips variant `repeat`: the pass before searched every target left with it at
    /// `start`, and a search is deterministic, so it would abort again (b15_C: half of the
    /// complete pass's work was such repeats).
    Complete { start: u64, repeat: usize },
}

/// A campaign in progress, one phase at a time ([`run`] takes them all in order): benches
/// time each phase alone from a clone of the state before it.
pub struct CampaignRun<'b, W: Workbench> {
    bench: &'b W,
    options: &'b Options,
    rng: Rng,
    status: Vec<Status>,
    tests: Vec<W::Test>,
    phases: Vec<Phase>,
    counters: Counters,
    /// Set while work runs beside compaction on the other threads ([`run_beside`]): until it
    /// ends, compaction keeps to one thread.
    beside: Arc<AtomicBool>,
}

impl<W: Workbench> Clone for CampaignRun<'_, W> {
    fn clone(&self) -> Self {
        CampaignRun {
            bench: self.bench,
            options: self.options,
            rng: self.rng.clone(),
            status: self.status.clone(),
            tests: self.tests.clone(),
            phases: self.phases.clone(),
            counters: self.counters,
            beside: Arc::new(AtomicBool::new(self.beside.load(Ordering::Acquire))),
        }
    }
}

impl<'b, W: Workbench> CampaignRun<'b, W> {
    /// A campaign with every target open and no test yet.
    pub fn new(bench: &'b W, options: &'b Options) -> Self {
        CampaignRun {
            bench,
            options,
            rng: Rng::new(options.seed),
            status: vec![Status::Open; bench.targets()],
            tests: Vec::new(),
            phases: Vec::new(),
            counters: Counters::default(),
            beside: Arc::new(AtomicBool::new(false)),
        }
    }

    /// A campaign that starts from tests and verdicts found elsewhere (the parts of a sharded
    /// run): `status[t]` must be `Detected` exactly for the targets `tests` detect.
    pub fn seeded(
        bench: &'b W,
        options: &'b Options,
        tests: Vec<W::Test>,
        status: Vec<Status>,
    ) -> Self {
        assert_eq!(status.len(), bench.targets(), "one status per target");
        CampaignRun {
            tests,
            status,
            ..CampaignRun::new(bench, options)
        }
    }

    /// The deterministic passes: the first backtrack limit, 64 times it, then the complete
    /// pass on what is left.
    pub fn deterministic_passes(&mut self, progress: &mut dyn FnMut(Progress<'_>)) {
        let limit = self.options.backtrack_limit;
        let search = self.bench.search_name();
        self.deterministic_pass(
            &format!("{search}, {limit} backtracks"),
            Pass::Limited(limit, 0),
            progress,
        );
        let larger = limit.saturating_mul(64);
        let second = 1 % self.bench.variants();
        self.deterministic_pass(
            &format!("{search}, {larger} backtracks"),
            Pass::Limited(larger, second),
            progress,
        );
        self.deterministic_pass(
            &format!("{search}, complete"),
            Pass::Complete {
                start: larger,
                repeat: second,
            },
            progress,
        );
    }

    /// The campaign's outcome; targets the deadline kept from any search end aborted.
    pub fn finish(mut self) -> Campaign<W::Test> {
        for status in &mut self.status {
            if *status == Status::Open {
                *status = Status::Aborted;
            }
        }
        Campaign {
            tests: self.tests,
            status: self.status,
            phases: self.phases,
            counters: self.counters,
        }
    }
    /// Whether the campaign's deadline has passed.
    fn out_of_time(&self) -> bool {
        self.options.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Limits for one search started now: `backtracks`, and the per-target time limit capped
    /// by the campaign's deadline.
    fn limits(&self, backtracks: u64) -> Limits {
        let per_target = self.options.time_limit.map(|d| Instant::now() + d);
        Limits {
            backtracks: Some(backtracks),
            deadline: match (per_target, self.options.deadline) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            implications: None,
        }
    }

    fn open(&self) -> Vec<usize> {
        (0..self.status.len())
            .filter(|&t| matches!(self.status[t], Status::Open | Status::Aborted))
            .collect()
    }

    fn detected(&self) -> usize {
        self.status
            .iter()
            .filter(|&&s| s == Status::Detected)
            .count()
    }

    fn record(&mut self, name: &str, detected_before: usize, start: Instant) {
        self.phases.push(Phase {
            name: name.to_owned(),
            detected: self.detected() - detected_before,
            patterns: self.tests.len(),
            seconds: start.elapsed().as_secs_f64(),
        });
    }

    /// Random tests in blocks of 64, until blocks stop detecting new targets.
    pub fn random_phase(&mut self, progress: &mut dyn FnMut(Progress<'_>)) {
        if self.options.random_blocks == 0 {
            return;
        }
        let start = Instant::now();
        let before = self.detected();
        let mut open = self.open();
        let total = open.len();
        let mut quiet = 0;
        while quiet < self.options.random_blocks && !open.is_empty() && !self.out_of_time() {
            let block = self.bench.random_tests(&mut self.rng, 64);
            let first = self.bench.first_detections(&block, &open);
            let mut useful = [false; 64];
            for (&t, d) in open.iter().zip(&first) {
                if let Some(i) = *d {
                    useful[i] = true;
                    self.status[t] = Status::Detected;
                }
            }
            if useful.iter().any(|&u| u) {
                quiet = 0;
            } else {
                quiet += 1;
            }
            self.tests.extend(
                block
                    .into_iter()
                    .zip(useful)
                    .filter(|(_, u)| *u)
                    .map(|(t, _)| t),
            );
            open.retain(|&t| self.status[t] == Status::Open);
            progress(Progress {
                phase: "random patterns",
                done: total - open.len(),
                total,
            });
        }
        self.record("random patterns", before, start);
    }

    fn deterministic_pass(
        &mut self,
        name: &str,
        pass: Pass,
        progress: &mut dyn FnMut(Progress<'_>),
    ) {
        let start = Instant::now();
        let before = self.detected();
        let targets = self.open();
        let total = targets.len();
        let mut next = 0;
        while next < targets.len() && !self.out_of_time() {
            // The next window of targets still open.
            let mut window = Vec::with_capacity(WINDOW);
            while window.len() < WINDOW && next < targets.len() {
                let t = targets[next];
                next += 1;
                if matches!(self.status[t], Status::Open | Status::Aborted) {
                    window.push(t);
                }
            }
            if window.is_empty() {
                break;
            }
            let secondaries: Vec<usize> = if self.options.compact {
                self.open()
            } else {
                Vec::new()
            };
            let first = next - window.len();
            let results = self.search_window(&window, &secondaries, pass, &mut |finished| {
                progress(Progress {
                    phase: name,
                    done: first + finished,
                    total,
                })
            });
            self.commit(&window, results);
            progress(Progress {
                phase: name,
                done: next,
                total,
            });
        }
        if total > 0 {
            self.record(name, before, start);
        }
    }

    /// Runs the searches of one window on the worker threads. The calling thread searches
    /// too and tells `finished` how many searches of the window have ended after each of its
    /// own, so a window of slow targets still shows progress.
    fn search_window(
        &self,
        window: &[usize],
        secondaries: &[usize],
        pass: Pass,
        finished: &mut dyn FnMut(usize),
    ) -> Vec<WindowResult<W::Cube>> {
        let slots: Vec<Mutex<Option<WindowResult<W::Cube>>>> =
            window.iter().map(|_| Mutex::new(None)).collect();
        let next = AtomicUsize::new(0);
        let ended = AtomicUsize::new(0);
        let work = |worker: &mut W::Worker<'_>, report: &mut dyn FnMut(usize)| loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(&target) = window.get(k) else {
                break;
            };
            let result = self.search_target(worker, target, secondaries, pass);
            *slots[k].lock().expect("no thread panics holding a slot") = Some(result);
            report(ended.fetch_add(1, Ordering::Relaxed) + 1);
        };
        let threads = self.options.threads.clamp(1, window.len());
        if threads == 1 {
            work(&mut self.bench.worker(), finished);
        } else {
            crossbeam::thread::scope(|s| {
                for _ in 1..threads {
                    s.spawn(|_| work(&mut self.bench.worker(), &mut |_| {}));
                }
                work(&mut self.bench.worker(), finished);
            })
            .expect("a search thread panicked");
        }
        slots
            .into_iter()
            .map(|slot| {
                slot.into_inner()
                    .expect("no thread panics holding a slot")
                    .expect("every target of the window was searched")
            })
            .collect()
    }

    /// The search for one target, then dynamic compaction of its test.
    fn search_target(
        &self,
        worker: &mut W::Worker<'_>,
        target: usize,
        secondaries: &[usize],
        pass: Pass,
    ) -> WindowResult<W::Cube> {
        let deadline = self.limits(0).deadline;
        let mut counters = Counters::default();
        let mut outcome = match pass {
            Pass::Limited(limit, variant) => {
                let limits = Limits {
                    backtracks: Some(limit),
                    deadline,
                    implications: self.work_cap(limit),
                };
                let (o, c) =
                    worker.generate(target, None, &limits, variant % self.bench.variants());
                counters += c;
                o
            }
            Pass::Complete { start, repeat } => {
                let mut limit = start;
                'search: loop {
                    for variant in 0..self.bench.variants() {
                        if limit == start && variant == repeat {
                            continue;
                        }
                        let limits = Limits {
                            backtracks: Some(limit),
                            deadline,
                            implications: self.work_cap(limit),
                        };
                        let (o, c) = worker.generate(target, None, &limits, variant);
                        counters += c;
                        match o {
                            Outcome::Aborted(
                                AbortReason::BacktrackLimit | AbortReason::WorkLimit,
                            ) => {}
                            other => break 'search other,
                        }
                    }
                    limit = limit.saturating_mul(4);
                }
            }
        };
        if let Outcome::Test(cube) = &mut outcome
            && self.options.compact
        {
            let start = secondaries.partition_point(|&s| s <= target);
            let candidates = secondaries[start..]
                .iter()
                .chain(&secondaries[..start])
                .filter(|&&s| s != target)
                .take(SECONDARY_TRIES);
            let limits = Limits {
                backtracks: Some(SECONDARY_BACKTRACKS),
                deadline,
                implications: None,
            };
            for &s in candidates {
                if self.bench.open_bits(cube) == 0 || deadline.is_some_and(|d| Instant::now() >= d)
                {
                    break;
                }
                let (o, c) = worker.generate(s, Some(cube), &limits, 0);
                counters += c;
                if let Outcome::Test(extended) = o {
                    *cube = extended;
                }
            }
        }
        WindowResult { outcome, counters }
    }

    /// The implications a search pass allows one search with `backtracks` (see
    /// [`Workbench::work_per_backtrack`]), never fewer than for [`MIN_CAPPED_BACKTRACKS`], so
    /// that a search that needs few backtracks but much implication (a large cone) is not cut.
    fn work_cap(&self, backtracks: u64) -> Option<u64> {
        self.bench
            .work_per_backtrack()
            .map(|work| backtracks.max(MIN_CAPPED_BACKTRACKS).saturating_mul(work))
    }

    /// Commits a window's results in target order.
    fn commit(&mut self, window: &[usize], results: Vec<WindowResult<W::Cube>>) {
        let mut candidates = Vec::new();
        let mut test_of = vec![None; window.len()];
        for (k, r) in results.iter().enumerate() {
            self.counters += r.counters;
            if let Outcome::Test(cube) = &r.outcome {
                test_of[k] = Some(candidates.len());
                candidates.push(self.bench.fill(cube, &mut self.rng));
            }
        }
        let masks = self.bench.detection_masks(&candidates, window);
        let mut accepted = 0u64;
        for (k, &t) in window.iter().enumerate() {
            if masks[k] & accepted != 0 {
                // A test kept earlier in this window already detects it.
                self.status[t] = Status::Detected;
                continue;
            }
            self.status[t] = match (&results[k].outcome, test_of[k]) {
                (Outcome::Test(_), Some(i)) => {
                    accepted |= 1 << i;
                    Status::Detected
                }
                (Outcome::Untestable, _) => Status::Untestable,
                _ => Status::Aborted,
            };
        }
        let kept: Vec<W::Test> = candidates
            .into_iter()
            .enumerate()
            .filter(|(i, _)| accepted >> i & 1 == 1)
            .map(|(_, t)| t)
            .collect();
        let open = self.open();
        for (t, d) in open.iter().zip(self.bench.first_detections(&kept, &open)) {
            if d.is_some() {
                self.status[*t] = Status::Detected;
            }
        }
        self.tests.extend(kept);
    }

    /// For each test, the set of `targets` (by position) it detects, without dropping.
    fn detection_sets(&self, tests: &[W::Test], targets: &[usize]) -> Vec<BitVec> {
        let mut sets = vec![bitvec![0; targets.len()]; tests.len()];
        for (b, block) in tests.chunks(64).enumerate() {
            let masks = self.bench.detection_masks(block, targets);
            for (p, mut mask) in masks.into_iter().enumerate() {
                while mask != 0 {
                    let i = mask.trailing_zeros() as usize;
                    sets[64 * b + i].set(p, true);
                    mask &= mask - 1;
                }
            }
        }
        sets
    }

    /// Static and dynamic compaction once every target has its verdict:
    /// 1. regenerate tests for the detected targets, hardest first (fewest detecting tests so
    ///    far), offering each new cube to many further targets before filling it;
    /// 2. choose a small cover of the detected targets among the old and the new tests, the
    ///    found tests' neighbours and `cover_pool` random ones (greedy set cover, then the
    ///    exact search within `exact_cover_nodes`);
    /// 3. drop tests the others make unnecessary (reverse-order simulation);
    /// 4. remove tests whose essential targets fit into other tests' cubes (essential-target
    ///    pruning), and simulate in reverse order again.
    pub fn compaction(&mut self, progress: &mut dyn FnMut(Progress<'_>)) {
        let start = Instant::now();
        let detected: Vec<usize> = (0..self.status.len())
            .filter(|&t| self.status[t] == Status::Detected)
            .collect();
        if detected.is_empty() {
            return;
        }
        // The pool of candidates grows round after round; each round regenerates in the order
        // of the current pool's detection counts, and the cover is chosen from all of them.
        let mut pool = std::mem::take(&mut self.tests);
        if self.options.cover_pool > 0 {
            let near = self.bench.neighbours(&pool);
            pool.extend(near);
        }
        let mut extra = 0;
        while extra < self.options.cover_pool {
            let count = (self.options.cover_pool - extra).min(64);
            pool.extend(self.bench.random_tests(&mut self.rng, count));
            extra += count;
        }
        let mut sets = self.detection_sets(&pool, &detected);
        let rounds = match (self.options.regenerate, self.options.effort) {
            (false, _) => 0,
            (true, Effort::Max) => 2 * REGENERATION_ROUNDS,
            (true, _) => REGENERATION_ROUNDS,
        };
        for _ in 0..rounds {
            let count = detection_counts(&sets, detected.len());
            let mut order: Vec<usize> = (0..detected.len()).collect();
            order.sort_by_key(|&p| (count[p], p));
            let fresh = self.regenerate(&detected, &order, progress);
            sets.extend(self.detection_sets(&fresh, &detected));
            pool.extend(fresh);
        }
        let chosen = self.cover(&sets, detected.len());
        self.tests = chosen.into_iter().map(|i| pool[i].clone()).collect();
        self.reverse_order_compaction(&detected);
        self.essential_pruning(&detected, progress);
        self.reverse_order_compaction(&detected);
        let before = self.detected();
        self.record("compaction", before, start);
    }

    /// New tests for `detected` targets taken in `order`. Cubes stay open until the end: a
    /// target is first offered to the existing cubes (most open bits first) and only starts a
    /// new test if none takes it; a new test's cube is then offered further targets. Dropping
    /// uses tentative fills, refilled where a cube grows; targets a changed fill loses are
    /// covered by the pool the caller chooses from.
    fn regenerate(
        &mut self,
        detected: &[usize],
        order: &[usize],
        progress: &mut dyn FnMut(Progress<'_>),
    ) -> Vec<W::Test> {
        let mut worker = self.bench.worker();
        let mut open = bitvec![1; detected.len()];
        let mut cubes: Vec<W::Cube> = Vec::new();
        // Don't cares left in each cube.
        let mut open_bits: Vec<usize> = Vec::new();
        let mut fills: Vec<W::Test> = Vec::new();
        let mut simulated = 0;
        // Targets taken since the last simulation of the new tests.
        let mut since = 0;
        let primary = self.options.backtrack_limit.saturating_mul(16);
        let variants = self.bench.test_variants();
        let mut next = 0;
        // Out of time, the targets not regenerated are left to the earlier tests.
        while next < order.len() && !self.out_of_time() {
            let p = order[next];
            next += 1;
            if !open[p] {
                continue;
            }
            open.set(p, false);
            // Offer the target to the open cubes first.
            let mut by_open: Vec<usize> = (0..cubes.len()).filter(|&i| open_bits[i] > 0).collect();
            by_open.sort_by_key(|&i| (std::cmp::Reverse(open_bits[i]), i));
            by_open.truncate(ABSORB_TRIES);
            // Simulated in the cubes' own order: from one target to the next the cubes keep
            // their slots, so the simulation only redoes the cubes that changed.
            let mut slots = by_open.clone();
            slots.sort_unstable();
            let cube_refs: Vec<&W::Cube> = slots.iter().map(|&i| &cubes[i]).collect();
            let candidates = if cube_refs.is_empty() {
                0
            } else {
                worker.cube_candidates(&cube_refs, &[detected[p]])[0]
            };
            let mut absorbed = false;
            for &i in &by_open {
                let slot = slots
                    .binary_search(&i)
                    .expect("every tried cube has a slot");
                if candidates >> slot & 1 == 0 {
                    continue;
                }
                let secondary = self.limits(SECONDARY_BACKTRACKS);
                let (outcome, c) = worker.generate(detected[p], Some(&cubes[i]), &secondary, 0);
                self.counters += c;
                if let Outcome::Test(extended) = outcome {
                    fills[i] = self.bench.refill(&extended, &fills[i]);
                    open_bits[i] = self.bench.open_bits(&extended);
                    cubes[i] = extended;
                    absorbed = true;
                    break;
                }
            }
            if !absorbed {
                let mut found = None;
                for &variant in &variants {
                    let limits = self.limits(primary);
                    let (outcome, c) = worker.generate(detected[p], None, &limits, variant);
                    self.counters += c;
                    if let Outcome::Test(cube) = outcome {
                        found = Some(cube);
                        break;
                    }
                }
                // Not found: left to the earlier tests, which detect it.
                if let Some(mut cube) = found {
                    let mut tries = 0;
                    for &q in &order[next..] {
                        if tries >= REGENERATION_TRIES || self.bench.open_bits(&cube) == 0 {
                            break;
                        }
                        if !open[q] {
                            continue;
                        }
                        tries += 1;
                        if worker.cube_candidates(&[&cube], &[detected[q]])[0] == 0 {
                            continue;
                        }
                        let secondary = self.limits(SECONDARY_BACKTRACKS);
                        let (outcome, c) = worker.generate(detected[q], Some(&cube), &secondary, 0);
                        self.counters += c;
                        if let Outcome::Test(extended) = outcome {
                            cube = extended;
                            open.set(q, false);
                        }
                    }
                    fills.push(self.bench.fill(&cube, &mut self.rng));
                    open_bits.push(self.bench.open_bits(&cube));
                    cubes.push(cube);
                }
            }
            // The new tests drop the targets they detect: after 64 of them, and also after a
            // few hundred targets, so that when a few tests absorb most targets (a long adder
            // compacts to ten) the targets they already detect are not offered around.
            since += 1;
            let pending = fills.len() > simulated;
            if pending
                && (fills.len() - simulated == 64
                    || since >= SIMULATE_AFTER
                    || next == order.len()
                    || self.out_of_time())
            {
                since = 0;
                let still: Vec<usize> = open.iter_ones().collect();
                let targets: Vec<usize> = still.iter().map(|&p| detected[p]).collect();
                let window = &fills[simulated..];
                for (&p, mask) in still
                    .iter()
                    .zip(self.bench.detection_masks(window, &targets))
                {
                    if mask != 0 {
                        open.set(p, false);
                    }
                }
                simulated = fills.len();
                progress(Progress {
                    phase: "compaction",
                    done: detected.len() - open.count_ones(),
                    total: detected.len(),
                });
            }
        }
        fills
    }

    /// Essential-target pruning (the idea of Hamzaoglu and Patel's MinTest): a target that one
    /// test alone detects is essential to it. Every test keeps a cube for its own essential
    /// targets; a test is removed when each of its essential targets can be added to the cube of
    /// another test, and the change is kept only when simulation shows that no detected target
    /// is lost (targets the refilled tests no longer detect get one chance to be placed too).
    fn essential_pruning(&mut self, detected: &[usize], progress: &mut dyn FnMut(Progress<'_>)) {
        let mut worker = self.bench.worker();
        let mut helpers = Vec::new();
        let mut tests = std::mem::take(&mut self.tests);
        let sets = self.detection_sets(&tests, detected);
        let mut pruning = Pruning {
            alive: vec![true; tests.len()],
            count: detection_counts(&sets, detected.len()),
            sets,
            cubes: vec![None; tests.len()],
            fresh: vec![None; tests.len()],
        };
        let rounds = match self.options.effort {
            Effort::Max => 2 * PRUNING_ROUNDS,
            _ => PRUNING_ROUNDS,
        };
        for _ in 0..rounds {
            let mut order: Vec<(usize, usize)> = (0..tests.len())
                .filter(|&i| pruning.alive[i])
                .map(|i| (pruning.essential(i).len(), i))
                .collect();
            order.sort_unstable();
            let mut removed = false;
            for (done, &(_, t)) in order.iter().enumerate() {
                if self.out_of_time() {
                    break;
                }
                progress(Progress {
                    phase: "compaction",
                    done,
                    total: order.len(),
                });
                let essential = pruning.essential(t);
                let pending: Vec<usize> = (0..tests.len())
                    .filter(|&u| u != t && pruning.alive[u] && pruning.fresh[u].is_none())
                    .collect();
                if pending.len() > 1 {
                    self.refresh_cubes(
                        &mut worker,
                        &mut helpers,
                        &mut pruning,
                        &tests,
                        &pending,
                        detected,
                    );
                }
                let mut receivers = Vec::new();
                for u in 0..tests.len() {
                    if u != t
                        && pruning.alive[u]
                        && self.refresh_cube(&mut worker, &mut pruning, &tests, u, detected)
                    {
                        receivers.push(u);
                    }
                }
                let mut moved: Vec<(usize, W::Cube)> = Vec::new();
                if !self.place(
                    &mut worker,
                    &pruning,
                    &receivers,
                    &essential,
                    detected,
                    &mut moved,
                ) {
                    continue;
                }
                let mut refilled = self.refill_moved(&tests, &moved);
                let mut lost = self.lost_targets(&pruning, &refilled, t, &moved, detected);
                if !lost.is_empty() {
                    if !self.place(
                        &mut worker,
                        &pruning,
                        &receivers,
                        &lost,
                        detected,
                        &mut moved,
                    ) {
                        continue;
                    }
                    refilled = self.refill_moved(&tests, &moved);
                    lost = self.lost_targets(&pruning, &refilled, t, &moved, detected);
                    if !lost.is_empty() {
                        continue;
                    }
                }
                // Commit: `t` goes, the receivers get their extended cubes and refilled tests.
                // Targets whose count may change are those of `t` and of the receivers, before
                // and after; whether each was essential is noted first.
                let new_sets = self.detection_sets(&refilled, detected);
                let mut touched = pruning.sets[t].clone();
                for ((u, _), set) in moved.iter().zip(&new_sets) {
                    touched |= &pruning.sets[*u];
                    touched |= set;
                }
                let was_essential: Vec<(usize, bool)> = touched
                    .iter_ones()
                    .map(|p| (p, pruning.count[p] == 1))
                    .collect();
                pruning.alive[t] = false;
                for p in pruning.sets[t].iter_ones() {
                    pruning.count[p] -= 1;
                }
                for ((u, cube), (test, set)) in
                    moved.into_iter().zip(refilled.into_iter().zip(new_sets))
                {
                    pruning.fresh[u] = None;
                    for p in pruning.sets[u].iter_ones() {
                        pruning.count[p] -= 1;
                    }
                    for p in set.iter_ones() {
                        pruning.count[p] += 1;
                    }
                    pruning.sets[u] = set;
                    tests[u] = test;
                    let (_, mut covers) = pruning.cubes[u].take().expect("receivers have cubes");
                    for &p in essential.iter().chain(&lost) {
                        covers.set(p, true);
                    }
                    pruning.cubes[u] = Some((cube, covers));
                }
                debug_assert!(pruning.count.iter().all(|&c| c > 0));
                pruning.forget_changed(&was_essential);
                removed = true;
            }
            if !removed {
                break;
            }
        }
        self.tests = tests
            .into_iter()
            .zip(&pruning.alive)
            .filter(|(_, a)| **a)
            .map(|(t, _)| t)
            .collect();
    }

    /// Makes sure test `u` has a cube for its current essential targets: the part of the test
    /// that still detects them, found by relaxation. False when `u` has no such cube.
    fn refresh_cube(
        &mut self,
        worker: &mut W::Worker<'_>,
        pruning: &mut Pruning<W::Cube>,
        tests: &[W::Test],
        u: usize,
        detected: &[usize],
    ) -> bool {
        if let Some(known) = pruning.fresh[u] {
            return known;
        }
        let refreshed = self.fresh_cube(worker, pruning, tests, u, detected);
        pruning.update(u, refreshed)
    }

    /// Refreshes the cubes of the `pending` tests at once, on the threads work beside
    /// compaction leaves free (`helpers` grows to their number and is kept for the next
    /// batch): each test's cube depends on the pruning state alone, so the answers are those
    /// one thread would find. On s38417 most of compaction is such relaxation, and the tests
    /// whose cubes one removal makes stale come in batches of thirty on average.
    fn refresh_cubes<'w>(
        &self,
        worker: &mut W::Worker<'w>,
        helpers: &mut Vec<W::Worker<'w>>,
        pruning: &mut Pruning<W::Cube>,
        tests: &[W::Test],
        pending: &[usize],
        detected: &[usize],
    ) where
        'b: 'w,
    {
        let threads = if self.beside.load(Ordering::Acquire) {
            1
        } else {
            self.options.threads.clamp(1, pending.len().max(1))
        };
        if threads < 2 {
            // One thread refreshes each cube when it is asked for (`refresh_cube`).
            return;
        }
        while helpers.len() < threads - 1 {
            helpers.push(self.bench.worker());
        }
        let slots: Vec<Mutex<Option<Refreshed<W::Cube>>>> =
            pending.iter().map(|_| Mutex::new(None)).collect();
        let next = AtomicUsize::new(0);
        let state: &Pruning<W::Cube> = pruning;
        let work = |worker: &mut W::Worker<'w>| loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            let Some(&u) = pending.get(k) else {
                break;
            };
            let refreshed = self.fresh_cube(worker, state, tests, u, detected);
            *slots[k].lock().expect("no thread panics holding a slot") = Some(refreshed);
        };
        crossbeam::thread::scope(|s| {
            for helper in helpers.iter_mut().take(threads - 1) {
                s.spawn(|_| work(helper));
            }
            work(worker);
        })
        .expect("a relaxation thread panicked");
        for (&u, slot) in pending.iter().zip(slots) {
            let refreshed = slot
                .into_inner()
                .expect("no thread panics holding a slot")
                .expect("every pending test was refreshed");
            pruning.update(u, refreshed);
        }
    }

    /// The cube test `u` needs for its current essential targets, found without changing
    /// the pruning state.
    fn fresh_cube(
        &self,
        worker: &mut W::Worker<'_>,
        pruning: &Pruning<W::Cube>,
        tests: &[W::Test],
        u: usize,
        detected: &[usize],
    ) -> Refreshed<W::Cube> {
        let essential = pruning.essential(u);
        if let Some((cube, covers)) = &pruning.cubes[u] {
            let missing: Vec<usize> = essential.iter().copied().filter(|&p| !covers[p]).collect();
            if missing.is_empty() {
                return Refreshed::Kept;
            }
            // Fast effort only: a cube grown this way keeps positions the test's earlier
            // targets needed, so fewer other targets fit into it later.
            if self.options.effort == Effort::Fast {
                // The cube keeps the targets it detects whatever else gets specified: only the
                // new essential targets need positions back from the test.
                let targets: Vec<usize> = missing.iter().map(|&p| detected[p]).collect();
                if let Some(grown) = self.relax(worker, &tests[u], Some(cube), &targets) {
                    let mut covers = covers.clone();
                    for p in missing {
                        covers.set(p, true);
                    }
                    return Refreshed::New(Some((grown, covers)));
                }
            }
        }
        let targets: Vec<usize> = essential.iter().map(|&p| detected[p]).collect();
        Refreshed::New(self.relax(worker, &tests[u], None, &targets).map(|cube| {
            let mut covers = bitvec![0; pruning.count.len()];
            for &p in &essential {
                covers.set(p, true);
            }
            (cube, covers)
        }))
    }

    /// The smallest part of `test` found that still detects every one of `targets`: positions are
    /// opened block by block, a block that loses a target split in halves (X-identification;
    /// the model answers whether a cube detects a target whatever its don't cares become, so
    /// opening more positions never brings a lost target back and the halving is sound).
    /// With `keep` (a part of `test`), only positions `keep` leaves open are opened, so the
    /// result also detects whatever `keep` detects.
    fn relax(
        &self,
        worker: &mut W::Worker<'_>,
        test: &W::Test,
        keep: Option<&W::Cube>,
        targets: &[usize],
    ) -> Option<W::Cube> {
        let mut cube = self.bench.cube_of(test);
        let mut positions = self.bench.specified(&cube);
        if let Some(keep) = keep {
            let kept = self.bench.specified(keep);
            positions.retain(|p| kept.binary_search(p).is_err());
        }
        let mut trials = Trials::new(worker, &cube, targets)?;
        // Where the model names positions enough for every target, all the others open in
        // one trial, and the halving works on those positions alone: a test of a large scan
        // design specifies thousands of inputs, of which its essential targets need a few.
        if let Some(needed) = trials.needed_positions() {
            let (outside, inside): (Vec<usize>, Vec<usize>) =
                positions.iter().partition(|&p| !needed.contains(p));
            if !outside.is_empty() {
                let trial = self.bench.open(&cube, &outside);
                if trials.keeps_all(worker, &trial, &outside) {
                    cube = trial;
                    positions = inside;
                }
            }
        }
        let mut blocks = vec![&positions[..]];
        while let Some(block) = blocks.pop() {
            let trial = self.bench.open(&cube, block);
            if trials.keeps_all(worker, &trial, block) {
                cube = trial;
            } else if block.len() > 1 {
                let (left, right) = block.split_at(block.len() / 2);
                blocks.push(right);
                blocks.push(left);
            }
        }
        Some(cube)
    }

    /// Adds each of `targets` to the cube of one of `receivers`, the cubes already changed in
    /// `moved` taken in their changed form; false if one found no place. Receivers are taken
    /// most open first, and each is offered every target still without a place: offering
    /// one cube to many targets implies the cube once.
    fn place(
        &mut self,
        worker: &mut W::Worker<'_>,
        pruning: &Pruning<W::Cube>,
        receivers: &[usize],
        targets: &[usize],
        detected: &[usize],
        moved: &mut Vec<(usize, W::Cube)>,
    ) -> bool {
        let mut order: Vec<(usize, usize)> = receivers
            .iter()
            .map(|&u| (self.bench.open_bits(pruning.cube(u, moved)), u))
            .filter(|&(open, _)| open > 0)
            .collect();
        order.sort_by_key(|&(open, u)| (std::cmp::Reverse(open), u));
        order.truncate(PRUNING_RECEIVERS);
        // Receivers no fill of which detects a target are never offered it, and a target with
        // no such receiver at all fails the placement before any search.
        let cubes: Vec<&W::Cube> = order.iter().map(|&(_, u)| pruning.cube(u, moved)).collect();
        let searched: Vec<usize> = targets.iter().map(|&p| detected[p]).collect();
        let candidates = worker.cube_candidates(&cubes, &searched);
        if candidates.contains(&0) {
            return false;
        }
        let mut unplaced: Vec<(usize, u64)> = targets.iter().copied().zip(candidates).collect();
        for (slot, &(_, u)) in order.iter().enumerate() {
            if unplaced.is_empty() {
                break;
            }
            // Extending cubes only removes fills: once no receiver left may take a target,
            // none will.
            if unplaced.iter().any(|&(_, mask)| mask >> slot == 0) {
                return false;
            }
            let mut cube = pruning.cube(u, moved).clone();
            let mut changed = false;
            unplaced.retain(|&(p, mask)| {
                if mask >> slot & 1 == 0 {
                    return true;
                }
                let limits = self.limits(PRUNING_BACKTRACKS);
                let (o, c) = worker.generate(detected[p], Some(&cube), &limits, 0);
                self.counters += c;
                match o {
                    Outcome::Test(ext) => {
                        cube = ext;
                        changed = true;
                        false
                    }
                    _ => true,
                }
            });
            if changed {
                match moved.iter_mut().find(|(v, _)| *v == u) {
                    Some(slot) => slot.1 = cube,
                    None => moved.push((u, cube)),
                }
            }
        }
        unplaced.is_empty()
    }

    /// The tests of the `moved` cubes: their don't cares keep the values the tests had.
    fn refill_moved(&self, tests: &[W::Test], moved: &[(usize, W::Cube)]) -> Vec<W::Test> {
        moved
            .iter()
            .map(|(u, cube)| self.bench.refill(cube, &tests[*u]))
            .collect()
    }

    /// The targets that removing test `t` and replacing the `moved` tests by `refilled` would
    /// leave undetected: those only `t` and the changed tests detect, simulated on `refilled`.
    fn lost_targets(
        &self,
        pruning: &Pruning<W::Cube>,
        refilled: &[W::Test],
        t: usize,
        moved: &[(usize, W::Cube)],
        detected: &[usize],
    ) -> Vec<usize> {
        let mut changed = pruning.sets[t].clone();
        for (u, _) in moved {
            changed |= &pruning.sets[*u];
        }
        let at_risk: Vec<usize> = changed
            .iter_ones()
            .filter(|&p| {
                let gone = usize::from(pruning.sets[t][p])
                    + moved.iter().filter(|(u, _)| pruning.sets[*u][p]).count();
                pruning.count[p] as usize == gone
            })
            .collect();
        if at_risk.is_empty() {
            return at_risk;
        }
        let targets: Vec<usize> = at_risk.iter().map(|&p| detected[p]).collect();
        at_risk
            .into_iter()
            .zip(self.bench.first_detections(refilled, &targets))
            .filter(|(_, d)| d.is_none())
            .map(|(p, _)| p)
            .collect()
    }

    /// The rows of `sets` compaction keeps: greedy, or the bounded exact search.
    fn cover(&self, sets: &[BitVec], columns: usize) -> Vec<usize> {
        if self.options.exact_cover_nodes > 0 {
            cover::smallest_cover(sets, columns, self.options.exact_cover_nodes)
        } else {
            cover::greedy_cover(sets, columns)
        }
    }

    /// Drops tests that detect nothing the others do not: simulate in reverse order with
    /// dropping and keep the first detectors, then again in the other direction, until stable.
    fn reverse_order_compaction(&mut self, detected: &[usize]) {
        let mut reversed = false;
        loop {
            let before = self.tests.len();
            self.tests.reverse();
            reversed = !reversed;
            let first = self.bench.first_detections(&self.tests, detected);
            let mut needed = vec![false; self.tests.len()];
            for d in first.into_iter().flatten() {
                needed[d] = true;
            }
            let tests = std::mem::take(&mut self.tests);
            self.tests = tests
                .into_iter()
                .zip(needed)
                .filter(|(_, n)| *n)
                .map(|(t, _)| t)
                .collect();
            if self.tests.len() == before {
                break;
            }
        }
        // Back to the original order.
        if reversed {
            self.tests.reverse();
        }
    }
}

/// The bookkeeping of essential-target pruning, per test: alive, the targets it detects (by
/// position in the detected list) and its cube with the targets the cube is known to detect.
struct Pruning<C> {
    alive: Vec<bool>,
    sets: Vec<BitVec>,
    /// For each detected target, how many live tests detect it.
    count: Vec<u32>,
    cubes: Vec<Option<(C, BitVec)>>,
    /// What `refresh_cube` last answered for each test, while its essential targets and cube
    /// stay as they were. Most candidates for removal stay, so most answers are reused: on
    /// b14_C (1,440 tests, 22,692 targets) finding the essential targets of every test for
    /// every candidate was half of the whole run.
    fresh: Vec<Option<bool>>,
}

/// A test's cube after a refresh: as it was, or replaced (`None`: the test has no cube that
/// detects its essential targets).
enum Refreshed<C> {
    Kept,
    New(Option<(C, BitVec)>),
}

impl<C> Pruning<C> {
    /// Records the refresh of test `u`'s cube; whether `u` has a cube.
    fn update(&mut self, u: usize, refreshed: Refreshed<C>) -> bool {
        if let Refreshed::New(cube) = refreshed {
            self.cubes[u] = cube;
        }
        let fresh = self.cubes[u].is_some();
        self.fresh[u] = Some(fresh);
        fresh
    }

    /// The cube of receiver `u`, as changed in `moved` if it is there.
    fn cube<'a>(&'a self, u: usize, moved: &'a [(usize, C)]) -> &'a C {
        match moved.iter().find(|(v, _)| *v == u) {
            Some((_, cube)) => cube,
            None => &self.cubes[u].as_ref().expect("receivers have cubes").0,
        }
    }

    /// Forgets the answers of live tests holding a target that became or stopped being
    /// essential; `was_essential` lists the targets whose count may have changed and whether
    /// each was essential before.
    fn forget_changed(&mut self, was_essential: &[(usize, bool)]) {
        let mut flipped = bitvec![0; self.count.len()];
        for &(p, was) in was_essential {
            if (self.count[p] == 1) != was {
                flipped.set(p, true);
            }
        }
        if flipped.not_any() {
            return;
        }
        let flipped = flipped.as_raw_slice();
        for u in 0..self.sets.len() {
            if self.alive[u]
                && self.fresh[u].is_some()
                && self.sets[u]
                    .as_raw_slice()
                    .iter()
                    .zip(flipped)
                    .any(|(a, b)| a & b != 0)
            {
                self.fresh[u] = None;
            }
        }
    }

    /// The targets test `t` alone detects.
    fn essential(&self, t: usize) -> Vec<usize> {
        self.sets[t]
            .iter_ones()
            .filter(|&p| self.count[p] == 1)
            .collect()
    }
}

/// The question relaxation asks of each trial cube (does it still detect every target?),
/// answered as cheaply as the model allows. Where the model names, per target, positions of
/// the current cube that suffice, a trial that opens none of a target's positions keeps it
/// without simulation, and only the targets it touches are simulated, their positions then
/// renewed; the answers are the same as simulating every target each time.
struct Trials<'t> {
    targets: &'t [usize],
    /// Per target, whether `holders` lists positions of the current cube enough to detect
    /// it (if not, every trial asks about it).
    supported: Vec<bool>,
    /// Targets whose supports hold each position, as (target, generation) pairs: an entry
    /// whose generation is not the target's current one is stale.
    holders: hashbrown::HashMap<usize, Vec<(u32, u32)>>,
    generation: Vec<u32>,
    /// The target the last failed trial lost: a trial that loses one mostly loses the same,
    /// so it is asked alone first and most failing trials cost one target, not all.
    suspect: usize,
}

impl<'t> Trials<'t> {
    /// `None` when `cube` does not detect every target.
    fn new<W: Worker>(worker: &mut W, cube: &W::Cube, targets: &'t [usize]) -> Option<Self> {
        let mut trials = Trials {
            targets,
            supported: vec![false; targets.len()],
            holders: hashbrown::HashMap::new(),
            generation: vec![0; targets.len()],
            suspect: 0,
        };
        let all: Vec<usize> = (0..targets.len()).collect();
        if !trials.ask(worker, cube, &all, true) {
            return None;
        }
        Some(trials)
    }

    /// The positions the targets' supports hold, when every target has one: a cube that
    /// agrees with the current one there detects every target.
    fn needed_positions(&self) -> Option<hashbrown::HashSet<usize>> {
        if !self.supported.iter().all(|&s| s) {
            return None;
        }
        Some(
            self.holders
                .iter()
                .filter(|(_, holders)| {
                    holders
                        .iter()
                        .any(|&(k, g)| self.generation[k as usize] == g)
                })
                .map(|(&p, _)| p)
                .collect(),
        )
    }

    /// Whether `trial`, the current cube with `opened` made don't cares, detects every target.
    fn keeps_all<W: Worker>(&mut self, worker: &mut W, trial: &W::Cube, opened: &[usize]) -> bool {
        let mut touched: Vec<usize> = (0..self.targets.len())
            .filter(|&k| !self.supported[k])
            .collect();
        for p in opened {
            if let Some(holders) = self.holders.get(p) {
                touched.extend(
                    holders
                        .iter()
                        .filter(|&&(k, g)| self.generation[k as usize] == g)
                        .map(|&(k, _)| k as usize),
                );
            }
        }
        touched.sort_unstable();
        touched.dedup();
        if touched.is_empty() {
            return true;
        }
        if touched.len() > 1
            && touched.binary_search(&self.suspect).is_ok()
            && worker.cube_detections(&[trial], &self.targets[self.suspect..=self.suspect])[0] != 1
        {
            return false;
        }
        self.ask(worker, trial, &touched, true)
    }

    /// Asks whether `cube` detects each of `asked` (indices into the targets); when it detects
    /// them all and `renew`, their supports are renewed. Supports cost a walk back from an
    /// output per target, so they are asked for only once the plain question says yes: a
    /// trial that fails (most do) costs no more than without them.
    fn ask<W: Worker>(
        &mut self,
        worker: &mut W,
        cube: &W::Cube,
        asked: &[usize],
        renew: bool,
    ) -> bool {
        let targets: Vec<usize> = asked.iter().map(|&k| self.targets[k]).collect();
        if let Some(j) = worker
            .cube_detections(&[cube], &targets)
            .iter()
            .position(|&mask| mask != 1)
        {
            self.suspect = asked[j];
            return false;
        }
        if !renew {
            return true;
        }
        let Some(supports) = worker.cube_supports(cube, &targets) else {
            return true;
        };
        for (&k, support) in asked.iter().zip(supports) {
            let Some(support) = support else {
                // Detected a moment ago, so the model cannot tell: ask about it every time.
                self.supported[k] = false;
                continue;
            };
            self.generation[k] += 1;
            for &p in &support {
                self.holders
                    .entry(p)
                    .or_default()
                    .push((k as u32, self.generation[k]));
            }
            self.supported[k] = true;
        }
        true
    }
}

/// For each of `columns`, how many of `sets` contain it.
fn detection_counts(sets: &[BitVec], columns: usize) -> Vec<u32> {
    let mut count = vec![0u32; columns];
    for set in sets {
        for p in set.iter_ones() {
            count[p] += 1;
        }
    }
    count
}
