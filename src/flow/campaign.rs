//! The campaign as a whole: its settings ([`Options`], [`Effort`]), what it produces
//! ([`Campaign`], [`Status`], [`Phase`]), progress reports, and [`run`] / [`run_beside`],
//! which take the phases in order on a [`CampaignRun`] (the state between phases; benches
//! time each phase alone from a clone of it) and let other work (a lower bound) share the
//! threads with compaction ([`Spare`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::workbench::Workbench;
use crate::engine::{Counters, Limits};
use crate::rng::Rng;

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
    pub(crate) fn released(&self) -> bool {
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

/// A campaign in progress, one phase at a time ([`run`] takes them all in order): benches
/// time each phase alone from a clone of the state before it.
pub struct CampaignRun<'b, W: Workbench> {
    pub(super) bench: &'b W,
    pub(super) options: &'b Options,
    pub(super) rng: Rng,
    pub(super) status: Vec<Status>,
    pub(super) tests: Vec<W::Test>,
    pub(super) phases: Vec<Phase>,
    pub(super) counters: Counters,
    /// Set while work runs beside compaction on the other threads ([`run_beside`]): until it
    /// ends, compaction keeps to one thread.
    pub(super) beside: Arc<AtomicBool>,
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
    pub(crate) fn seeded(
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
    pub(super) fn out_of_time(&self) -> bool {
        self.options.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Limits for one search started now: `backtracks`, and the per-target time limit capped
    /// by the campaign's deadline.
    pub(super) fn limits(&self, backtracks: u64) -> Limits {
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

    pub(super) fn open(&self) -> Vec<usize> {
        (0..self.status.len())
            .filter(|&t| matches!(self.status[t], Status::Open | Status::Aborted))
            .collect()
    }

    pub(super) fn detected(&self) -> usize {
        self.status
            .iter()
            .filter(|&&s| s == Status::Detected)
            .count()
    }

    pub(super) fn record(&mut self, name: &str, detected_before: usize, start: Instant) {
        self.phases.push(Phase {
            name: name.to_owned(),
            detected: self.detected() - detected_before,
            patterns: self.tests.len(),
            seconds: start.elapsed().as_secs_f64(),
        });
    }
}
