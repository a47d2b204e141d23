//! Static compaction once every target has its verdict: tests regenerated for the detected
//! targets (hardest first, each cube offered many further targets before it is filled), a small
//! cover chosen from the pool of old, new and extra tests (`cover.rs`),
//! reverse-order simulation, and essential-target pruning (`pruning.rs`).

use bitvec::prelude::*;
use std::time::Instant;

use super::campaign::{CampaignRun, Effort, Progress, Status};
use super::cover;
use super::passes::SECONDARY_BACKTRACKS;
use super::workbench::{Workbench, Worker};
use crate::engine::Outcome;

/// Further targets offered each cube during compaction's regeneration.
const REGENERATION_TRIES: usize = 400;
/// Existing cubes (most open first) a regenerated target may be absorbed into.
const ABSORB_TRIES: usize = 64;
const _: () = assert!(
    ABSORB_TRIES <= 64,
    "absorbing cubes are one cube-simulation word"
);
/// Targets regeneration takes before the tests it made since the last simulation are simulated
/// for dropping, whatever their number.
const SIMULATE_AFTER: usize = 256;
/// Regeneration rounds; measured: a second round gains under 2 % patterns for twice the time.
const REGENERATION_ROUNDS: usize = 1;

impl<'b, W: Workbench> CampaignRun<'b, W> {
    /// For each test, the set of `targets` (by position) it detects, without dropping.
    pub(super) fn detection_sets(&self, tests: &[W::Test], targets: &[usize]) -> Vec<BitVec> {
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

/// For each of `columns`, how many of `sets` contain it.
pub(super) fn detection_counts(sets: &[BitVec], columns: usize) -> Vec<u32> {
    let mut count = vec![0u32; columns];
    for set in sets {
        for p in set.iter_ones() {
            count[p] += 1;
        }
    }
    count
}
