//! Relaxation (X-identification): the smallest part of a test found that still detects every
//! one of its targets, positions opened block by block and a block that loses a target split in
//! halves; [`Trials`] answers each trial as cheaply as the model allows.

use super::campaign::CampaignRun;
use super::workbench::{Workbench, Worker};

impl<'b, W: Workbench> CampaignRun<'b, W> {
    /// The smallest part of `test` found that still detects every one of `targets`: positions are
    /// opened block by block, a block that loses a target split in halves (X-identification;
    /// the model answers whether a cube detects a target whatever its don't cares become, so
    /// opening more positions never brings a lost target back and the halving is sound).
    /// With `keep` (a part of `test`), only positions `keep` leaves open are opened, so the
    /// result also detects whatever `keep` detects.
    pub(super) fn relax(
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
