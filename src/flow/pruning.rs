//! Essential-target pruning (after Hamzaoglu and Patel's MinTest, [Hamzaoglu & Patel 1998]): a
//! test is removed when the targets only it detects fit into the relaxed cubes of other tests,
//! and the change is kept only when simulation shows that no detected target is lost.

use bitvec::prelude::*;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::campaign::{CampaignRun, Effort, Progress};
use super::compaction::detection_counts;
use super::workbench::{Workbench, Worker};
use crate::engine::Outcome;

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

impl<'b, W: Workbench> CampaignRun<'b, W> {
    /// Essential-target pruning (the idea of Hamzaoglu and Patel's MinTest): a target that one
    /// test alone detects is essential to it. Every test keeps a cube for its own essential
    /// targets; a test is removed when each of its essential targets can be added to the cube of
    /// another test, and the change is kept only when simulation shows that no detected target
    /// is lost (targets the refilled tests no longer detect get one chance to be placed too).
    pub(super) fn essential_pruning(
        &mut self,
        detected: &[usize],
        progress: &mut dyn FnMut(Progress<'_>),
    ) {
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
