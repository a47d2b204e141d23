//! The search phases of the campaign: random tests with dropping, then the deterministic
//! passes (a small backtrack limit, 64 times it, and the complete pass that rotates through
//! the search variants under growing limits until every target has a verdict). Targets are
//! searched in windows of [`WINDOW`] in parallel and committed in target order, so the result
//! does not depend on the number of threads; each new test's don't cares are offered to further
//! open targets first (dynamic compaction).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use super::campaign::{CampaignRun, Progress, Status};
use super::workbench::{Workbench, Worker};
use crate::engine::{AbortReason, Counters, Limits, Outcome};

/// Targets searched together, in parallel, then committed in order.
pub const WINDOW: usize = 64;
/// Further open targets offered each new test's don't-care bits (dynamic compaction).
const SECONDARY_TRIES: usize = 48;
/// Backtrack limit for a secondary target.
pub(super) const SECONDARY_BACKTRACKS: u64 = 4;
/// Search passes cap implications as if a search's backtrack limit were at least this (see
/// [`Workbench::work_per_backtrack`]).
const MIN_CAPPED_BACKTRACKS: u64 = 1024;

struct WindowResult<C> {
    outcome: Outcome<C>,
    counters: Counters,
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

impl<'b, W: Workbench> CampaignRun<'b, W> {
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
}
