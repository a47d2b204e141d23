//! Fault simulation: parallel-pattern single-fault propagation (PPSFP) with fault dropping,
//! by fanout-free regions.
//!
//! For each block of 64 patterns the fault-free values of every node are computed once.
//! [`ConeSimulator`] injects one fault and propagates its effect event by event through its
//! fanout cone, in level order, only as far as the faulty value differs from the fault-free
//! one. [`RegionSimulator`], which the campaign uses, does that only from the stems of
//! fanout-free regions: inside a region a fault's effect has one path to the stem, and whether
//! that path passes it is a few words per node (critical path tracing), so the faults of a
//! region share one propagation per block. A fault is detected by the patterns whose bits
//! differ at some (pseudo-)primary output, and dropped at its first detection.
//!
//! Faults are independent of each other, so they are split over threads; every thread keeps its
//! own scratch state, and the result (each fault's first detecting pattern) is the same for any
//! number of threads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use super::fault::{Fault, FaultSite};
use super::netlist::{GateKind, Netlist, NodeId};
use super::sim::{PackedPatterns, simulate_block};

/// The bookkeeping of event-driven propagation through a fanout cone, shared by the two- and
/// three-valued fault simulators: which nodes hold a faulty value in the current round, which
/// gates are already scheduled, and the schedule by level. Rounds are told apart by an epoch
/// stamp, so starting one costs nothing.
#[derive(Clone, Debug)]
pub(crate) struct ConeQueue {
    value_epoch: Vec<u32>,
    queued_epoch: Vec<u32>,
    epoch: u32,
    /// Gates waiting for evaluation, by level.
    buckets: Vec<Vec<NodeId>>,
}

impl ConeQueue {
    pub(crate) fn new(netlist: &Netlist) -> ConeQueue {
        ConeQueue {
            value_epoch: vec![0; netlist.len()],
            queued_epoch: vec![0; netlist.len()],
            epoch: 0,
            buckets: vec![Vec::new(); netlist.depth() as usize + 1],
        }
    }

    /// Starts a round: no node changed, nothing scheduled.
    pub(crate) fn next_epoch(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // After 2^32 rounds the stamps could alias; start them over.
            self.value_epoch.fill(0);
            self.queued_epoch.fill(0);
            self.epoch = 1;
        }
    }

    /// Whether `node` got a faulty value in this round.
    #[inline]
    pub(crate) fn changed(&self, node: NodeId) -> bool {
        self.value_epoch[node.index()] == self.epoch
    }

    #[inline]
    pub(crate) fn mark_changed(&mut self, node: NodeId) {
        self.value_epoch[node.index()] = self.epoch;
    }

    /// Schedules the gates `node` feeds, raising `max_level` to the highest level scheduled.
    #[inline]
    pub(crate) fn schedule_fanouts(
        &mut self,
        netlist: &Netlist,
        node: NodeId,
        max_level: &mut usize,
    ) {
        for pin in netlist.fanouts(node) {
            let g = pin.gate.index();
            if self.queued_epoch[g] != self.epoch {
                self.queued_epoch[g] = self.epoch;
                let level = netlist.level(pin.gate) as usize;
                self.buckets[level].push(pin.gate);
                *max_level = (*max_level).max(level);
            }
        }
    }

    /// Evaluates the scheduled gates level by level from `first_level`: `visit` computes a
    /// gate's new value (the queue tells which fanins changed) and says whether it differs
    /// from the old one; a gate that changed is marked and its fanouts scheduled.
    pub(crate) fn propagate(
        &mut self,
        netlist: &Netlist,
        first_level: usize,
        mut max_level: usize,
        mut visit: impl FnMut(&ConeQueue, NodeId) -> bool,
    ) {
        let mut level = first_level;
        while level <= max_level {
            let mut bucket = std::mem::take(&mut self.buckets[level]);
            for &gate in &bucket {
                if visit(self, gate) {
                    self.mark_changed(gate);
                    self.schedule_fanouts(netlist, gate, &mut max_level);
                }
            }
            bucket.clear();
            self.buckets[level] = bucket;
            level += 1;
        }
    }
}

/// Scratch state to propagate one fault at a time through its fanout cone over one block.
#[derive(Clone, Debug)]
pub struct ConeSimulator {
    /// Faulty value of a node, valid when the queue marks the node changed.
    faulty: Vec<u64>,
    queue: ConeQueue,
}

impl ConeSimulator {
    pub fn new(netlist: &Netlist) -> ConeSimulator {
        ConeSimulator {
            faulty: vec![0; netlist.len()],
            queue: ConeQueue::new(netlist),
        }
    }

    /// The patterns of the block (as bits) that detect `fault`: those where the faulty circuit
    /// differs from the fault-free one at some output. `good` holds the fault-free value of
    /// every node for the block. Bits beyond the block's real patterns are meaningless; mask
    /// them with [`PackedPatterns::valid_mask`].
    pub fn detect(&mut self, netlist: &Netlist, good: &[u64], fault: Fault) -> u64 {
        match faulty_site(netlist, good, fault) {
            Ok((site, value)) => {
                self.propagate_change(netlist, good, site, value ^ good[site.index()])
            }
            // A flip-flop input branch reaches only its own pseudo-primary output.
            Err(mask) => mask,
        }
    }

    /// The patterns where flipping `site`'s fault-free value in the patterns of `diff` is
    /// seen at an output.
    fn propagate_change(
        &mut self,
        netlist: &Netlist,
        good: &[u64],
        site: NodeId,
        diff: u64,
    ) -> u64 {
        if diff == 0 {
            return 0;
        }
        self.queue.next_epoch();
        self.faulty[site.index()] = good[site.index()] ^ diff;
        self.queue.mark_changed(site);
        let mut detected = if netlist.is_observed(site) { diff } else { 0 };
        let mut max_level = 0usize;
        self.queue.schedule_fanouts(netlist, site, &mut max_level);
        let faulty = &mut self.faulty;
        let first_level = netlist.level(site) as usize + 1;
        self.queue
            .propagate(netlist, first_level, max_level, |queue, gate| {
                let kind = netlist.gate_kind(gate).expect("only gates are scheduled");
                let v = kind.eval_words(netlist.fanins(gate).iter().map(|&f| {
                    if queue.changed(f) {
                        faulty[f.index()]
                    } else {
                        good[f.index()]
                    }
                }));
                let d = v ^ good[gate.index()];
                if d == 0 {
                    return false;
                }
                faulty[gate.index()] = v;
                if netlist.is_observed(gate) {
                    detected |= d;
                }
                true
            });
        detected
    }
}

/// What region-by-region fault simulation remembers for one set of fault-free values (a
/// block of patterns, or a load of cubes): per node, in which patterns a change of it reaches
/// its fanout-free region's stem, and per stem, in which patterns its change is seen at an
/// output. Entries are stamped with the round they were computed in, so starting a round
/// costs nothing. The two-valued [`RegionSimulator`] and the three-valued cube simulator
/// differ only in how one gate passes a change of one input and how a stem's change is
/// propagated; both keep their answers here.
#[derive(Clone, Debug)]
pub(crate) struct RegionMemo {
    sensitized: Vec<u64>,
    sensitized_stamp: Vec<u32>,
    observed: Vec<u64>,
    observed_stamp: Vec<u32>,
    round: u32,
    path: Vec<NodeId>,
}

impl RegionMemo {
    pub(crate) fn new(netlist: &Netlist) -> RegionMemo {
        RegionMemo {
            sensitized: vec![0; netlist.len()],
            sensitized_stamp: vec![0; netlist.len()],
            observed: vec![0; netlist.len()],
            observed_stamp: vec![0; netlist.len()],
            // Stamps start at 0: round 1 has nothing computed.
            round: 1,
            path: Vec::new(),
        }
    }

    /// Forgets everything: the fault-free values changed.
    pub(crate) fn next_round(&mut self) {
        self.round = self.round.wrapping_add(1);
        if self.round == 0 {
            self.sensitized_stamp.fill(0);
            self.observed_stamp.fill(0);
            self.round = 1;
        }
    }

    /// Patterns where a change of `node` reaches its region's stem: the conjunction, along the
    /// one path there, of `passes(gate, pin)` (the patterns where the gate passes a change of
    /// that input).
    pub(crate) fn sensitization(
        &mut self,
        netlist: &Netlist,
        node: NodeId,
        mut passes: impl FnMut(NodeId, usize) -> u64,
    ) -> u64 {
        // Up the region to the stem or to a node already done, then back down.
        self.path.clear();
        let mut at = node;
        let mut mask = loop {
            if self.sensitized_stamp[at.index()] == self.round {
                break self.sensitized[at.index()];
            }
            if netlist.stem(at) == at {
                break !0;
            }
            self.path.push(at);
            at = netlist.fanouts(at)[0].gate;
        };
        for &n in self.path.iter().rev() {
            let pin = netlist.fanouts(n)[0];
            mask &= passes(pin.gate, pin.pin as usize);
            self.sensitized[n.index()] = mask;
            self.sensitized_stamp[n.index()] = self.round;
        }
        mask
    }

    /// Patterns where a change of `stem` is seen at an output, if computed this round.
    pub(crate) fn observation(&self, stem: NodeId) -> Option<u64> {
        (self.observed_stamp[stem.index()] == self.round).then(|| self.observed[stem.index()])
    }

    pub(crate) fn set_observation(&mut self, stem: NodeId, mask: u64) {
        self.observed[stem.index()] = mask;
        self.observed_stamp[stem.index()] = self.round;
    }
}

/// Fault simulation of one block by fanout-free regions: a fault's effect leaves its region
/// only through the region's stem, along one path, so it is seen exactly where the fault
/// changes its site, the path from the site to the stem is sensitized (each gate on it passes
/// a change of that one input), and a change of the stem is seen at an output. The path's
/// sensitization is computed once per node and block, and the stem's observation once per
/// stem and block by propagating its change through its cone; a fault then costs a few words,
/// and faults of one region share the propagation (critical path tracing inside regions,
/// event-driven propagation from stems). Answers are exactly [`ConeSimulator::detect`]'s.
#[derive(Clone, Debug)]
pub struct RegionSimulator {
    cone: ConeSimulator,
    memo: RegionMemo,
}

impl RegionSimulator {
    pub(crate) fn new(netlist: &Netlist) -> RegionSimulator {
        RegionSimulator {
            cone: ConeSimulator::new(netlist),
            memo: RegionMemo::new(netlist),
        }
    }

    /// Forgets what was computed for the previous block: the next calls give fault-free
    /// values of another block.
    pub(crate) fn next_block(&mut self) {
        self.memo.next_round();
    }

    /// The patterns of the block that detect `fault`, as [`ConeSimulator::detect`]; `good`
    /// must be the same block's values since the last [`next_block`](Self::next_block).
    pub(crate) fn detect(&mut self, netlist: &Netlist, good: &[u64], fault: Fault) -> u64 {
        let (site, value) = match faulty_site(netlist, good, fault) {
            Ok(site) => site,
            Err(mask) => return mask,
        };
        let changed = value ^ good[site.index()];
        if changed == 0 {
            return 0;
        }
        let reaching = changed
            & self.memo.sensitization(netlist, site, |gate, pin| {
                pin_sensitization(netlist, good, gate, pin)
            });
        if reaching == 0 {
            return 0;
        }
        let stem = netlist.stem(site);
        match self.memo.observation(stem) {
            Some(observed) => reaching & observed,
            None => {
                // A change in every pattern: the stem stuck at the opposite of each value.
                let observed = self.cone.propagate_change(netlist, good, stem, !0);
                self.memo.set_observation(stem, observed);
                reaching & observed
            }
        }
    }
}

/// The node where `fault` first changes a value and its faulty value there (over the block
/// whose fault-free values are `good`), or, for a fault on a flip-flop input (seen at once at
/// its pseudo-primary output), the patterns that detect it.
fn faulty_site(netlist: &Netlist, good: &[u64], fault: Fault) -> Result<(NodeId, u64), u64> {
    let stuck = if fault.stuck_at { !0u64 } else { 0 };
    match fault.site {
        FaultSite::DffInput(k) => Err(stuck ^ good[netlist.dffs()[k as usize].d.index()]),
        FaultSite::Stem(node) => Ok((node, stuck)),
        FaultSite::Branch(pin) => {
            let kind = netlist
                .gate_kind(pin.gate)
                .expect("a branch fault sits on a gate input");
            let fanins = netlist.fanins(pin.gate);
            let v = kind.eval_words(fanins.iter().enumerate().map(|(k, f)| {
                if k == pin.pin as usize {
                    stuck
                } else {
                    good[f.index()]
                }
            }));
            Ok((pin.gate, v))
        }
    }
}

/// Patterns where a change of `gate`'s input `pin` alone changes the gate's output.
#[inline]
fn pin_sensitization(netlist: &Netlist, good: &[u64], gate: NodeId, pin: usize) -> u64 {
    side_inputs_allow(
        netlist,
        gate,
        pin,
        |f| good[f.index()],
        |f| !good[f.index()],
    )
}

/// Patterns where the inputs of `gate` other than `pin` let a change of `pin` through: all
/// at 1 for AND and NAND, all at 0 for OR and NOR, all known for XOR and XNOR. `one` and
/// `zero` give the patterns where a net is (known to be) 1 and 0: two-valued simulation
/// passes a word and its complement, three-valued its two planes.
#[inline]
pub(super) fn side_inputs_allow(
    netlist: &Netlist,
    gate: NodeId,
    pin: usize,
    one: impl Fn(NodeId) -> u64,
    zero: impl Fn(NodeId) -> u64,
) -> u64 {
    let others = netlist
        .fanins(gate)
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != pin)
        .map(|(_, &f)| f);
    match netlist.gate_kind(gate).expect("a fanout is a gate") {
        GateKind::And | GateKind::Nand => others.fold(!0, |m, f| m & one(f)),
        GateKind::Or | GateKind::Nor => others.fold(!0, |m, f| m & zero(f)),
        GateKind::Xor | GateKind::Xnor => others.fold(!0, |m, f| m & (one(f) | zero(f))),
        GateKind::Not | GateKind::Buf => !0,
    }
}

/// Runs pattern sets against fault lists with fault dropping, on several threads.
#[derive(Clone, Copy, Debug)]
pub struct FaultSimulator<'n> {
    netlist: &'n Netlist,
    threads: usize,
}

/// Blocks whose fault-free values are computed together before the faults run over them.
const BATCH_BLOCKS: usize = 16;
/// Faults a thread takes at a time from the shared list.
const CHUNK: usize = 32;

impl<'n> FaultSimulator<'n> {
    /// A simulator using `threads` threads (at least one).
    pub fn new(netlist: &'n Netlist, threads: usize) -> FaultSimulator<'n> {
        FaultSimulator {
            netlist,
            threads: threads.max(1),
        }
    }

    /// For each fault, the index of the first pattern that detects it, or `None`. Each fault is
    /// dropped at its first detection. `progress(patterns_done, detected)` is called after
    /// each batch of patterns.
    pub fn first_detections(
        &self,
        faults: &[Fault],
        patterns: &PackedPatterns,
        mut progress: impl FnMut(usize, usize),
    ) -> Vec<Option<u32>> {
        assert_eq!(
            patterns.inputs(),
            self.netlist.inputs().len(),
            "pattern width must match the circuit's inputs"
        );
        let nodes = self.netlist.len();
        let mut first = vec![None; faults.len()];
        let mut remaining: Vec<u32> = (0..faults.len() as u32).collect();
        let mut good = Vec::new();
        let mut scratch: Vec<RegionSimulator> = (0..self.threads)
            .map(|_| RegionSimulator::new(self.netlist))
            .collect();
        let mut detected_total = 0usize;
        let mut start = 0;
        while start < patterns.blocks() && !remaining.is_empty() {
            let end = (start + BATCH_BLOCKS).min(patterns.blocks());
            good.resize((end - start) * nodes, 0);
            self.simulate_batch(patterns, start, &mut good);
            let found = self.run_batch(faults, &remaining, patterns, start, &good, &mut scratch);
            for (fault, pattern) in found {
                first[fault as usize] = Some(pattern);
            }
            let before = remaining.len();
            remaining.retain(|&f| first[f as usize].is_none());
            detected_total += before - remaining.len();
            progress((end * 64).min(patterns.len()), detected_total);
            start = end;
        }
        first
    }

    /// Fault-free values of blocks `start..` into `good` (one slice of `nodes` words per block),
    /// spread over the threads.
    fn simulate_batch(&self, patterns: &PackedPatterns, start: usize, good: &mut [u64]) {
        let nodes = self.netlist.len();
        let netlist = self.netlist;
        let blocks: Vec<(usize, &mut [u64])> = good
            .chunks_mut(nodes)
            .enumerate()
            .map(|(k, values)| (start + k, values))
            .collect();
        if self.threads == 1 || blocks.len() == 1 {
            for (b, values) in blocks {
                simulate_block(netlist, patterns.block(b), values);
            }
            return;
        }
        let per_thread = blocks.len().div_ceil(self.threads);
        let mut blocks = blocks;
        thread::scope(|s| {
            while !blocks.is_empty() {
                let rest = blocks.split_off(per_thread.min(blocks.len()));
                let mine = std::mem::replace(&mut blocks, rest);
                s.spawn(move || {
                    for (b, values) in mine {
                        simulate_block(netlist, patterns.block(b), values);
                    }
                });
            }
        });
    }

    /// Simulates the `remaining` faults over the batch, block by block, each fault dropped at
    /// its first detecting block; returns (fault, first detecting pattern). Faults of one
    /// fanout-free region are taken together, so a thread finds its stems' observations
    /// already computed.
    fn run_batch(
        &self,
        faults: &[Fault],
        remaining: &[u32],
        patterns: &PackedPatterns,
        start: usize,
        good: &[u64],
        scratch: &mut [RegionSimulator],
    ) -> Vec<(u32, u32)> {
        let netlist = self.netlist;
        let nodes = netlist.len();
        let batch = good.len() / nodes;
        let mut left: Vec<u32> = remaining.to_vec();
        left.sort_by_key(|&f| (region_of(netlist, faults[f as usize]), f));
        let mut found = Vec::new();
        for k in 0..batch {
            if left.is_empty() {
                break;
            }
            let b = start + k;
            let values = &good[k * nodes..(k + 1) * nodes];
            let valid = patterns.valid_mask(b);
            let next = AtomicUsize::new(0);
            let left_now = &left;
            let work = |region: &mut RegionSimulator| {
                region.next_block();
                let mut found = Vec::new();
                loop {
                    let from = next.fetch_add(CHUNK, Ordering::Relaxed);
                    if from >= left_now.len() {
                        break;
                    }
                    for &f in &left_now[from..(from + CHUNK).min(left_now.len())] {
                        let mask = region.detect(netlist, values, faults[f as usize]) & valid;
                        if mask != 0 {
                            found.push((f, (b * 64) as u32 + mask.trailing_zeros()));
                        }
                    }
                }
                found
            };
            let block_found: Vec<(u32, u32)> = if self.threads == 1 || left.len() <= CHUNK {
                work(&mut scratch[0])
            } else {
                let work = &work;
                thread::scope(|s| {
                    let handles: Vec<_> = scratch
                        .iter_mut()
                        .map(|region| s.spawn(move || work(region)))
                        .collect();
                    handles
                        .into_iter()
                        .flat_map(|h| h.join().expect("fault simulation thread panicked"))
                        .collect()
                })
            };
            if !block_found.is_empty() {
                let mut dropped: Vec<u32> = block_found.iter().map(|&(f, _)| f).collect();
                dropped.sort_unstable();
                left.retain(|f| dropped.binary_search(f).is_err());
                found.extend(block_found);
            }
        }
        found
    }
}

/// The stem of the fanout-free region where `fault` changes a value (faults on flip-flop
/// inputs first: they need no region).
fn region_of(netlist: &Netlist, fault: Fault) -> u32 {
    match fault.site {
        FaultSite::DffInput(_) => 0,
        FaultSite::Stem(node) => netlist.stem(node).index() as u32 + 1,
        FaultSite::Branch(pin) => netlist.stem(pin.gate).index() as u32 + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::bench::parse_bench;
    use crate::circuit::fault::FaultUniverse;

    /// Region by region, every fault is detected by exactly the patterns single-fault
    /// propagation finds, block after block (nothing kept from one block leaks into the next),
    /// on circuits with reconvergence, flip-flops and gates observed directly.
    #[test]
    fn regions_agree_with_single_fault_propagation() {
        use crate::circuit::generate::{Family, RandomOptions, generate};
        use crate::circuit::sim::simulate_block;
        use crate::rng::Rng;
        let mut rng = Rng::new(3);
        let mut detections = 0;
        for seed in 0..10 {
            let netlist = generate(Family::Random, 120, RandomOptions { seed, dffs: 4 })
                .expect("random circuit");
            let faults = FaultUniverse::new(&netlist).faults().to_vec();
            let mut cone = ConeSimulator::new(&netlist);
            let mut region = RegionSimulator::new(&netlist);
            let mut good = vec![0u64; netlist.len()];
            for _ in 0..6 {
                let words: Vec<u64> = netlist.inputs().iter().map(|_| rng.next_u64()).collect();
                simulate_block(&netlist, &words, &mut good);
                region.next_block();
                for &fault in &faults {
                    let expected = cone.detect(&netlist, &good, fault);
                    assert_eq!(region.detect(&netlist, &good, fault), expected, "{fault:?}");
                    detections += expected.count_ones();
                }
            }
        }
        assert!(detections > 10_000, "{detections}");
    }

    #[test]
    fn c17_exhaustive_detects_everything_and_threads_agree() {
        let text = "INPUT(1)\nINPUT(2)\nINPUT(3)\nINPUT(6)\nINPUT(7)\nOUTPUT(22)\nOUTPUT(23)\n10 = NAND(1, 3)\n11 = NAND(3, 6)\n16 = NAND(2, 11)\n19 = NAND(11, 7)\n22 = NAND(10, 16)\n23 = NAND(16, 19)\n";
        let n = parse_bench(text, "c17", "c17").unwrap().netlist;
        let u = FaultUniverse::new(&n);
        let mut p = PackedPatterns::new(5);
        for i in 0..32u32 {
            p.push((0..5).map(|k| (i >> k) & 1 == 1));
        }
        let one = FaultSimulator::new(&n, 1).first_detections(u.faults(), &p, |_, _| {});
        let two = FaultSimulator::new(&n, 2).first_detections(u.faults(), &p, |_, _| {});
        assert_eq!(one, two);
        assert!(one.iter().all(|d| d.is_some()));
    }
}
