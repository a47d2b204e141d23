//! Fault simulation: parallel-pattern single-fault propagation (PPSFP) with fault dropping.
//!
//! For each block of 64 patterns the fault-free values of every node are computed once. Then
//! each fault still undetected is injected alone and its effect propagated event by event
//! through its fanout cone, in level order, only as far as the faulty value differs from the
//! fault-free one: where the two converge, propagation stops. A fault is detected by the
//! patterns whose bits differ at some (pseudo-)primary output, and dropped at its first
//! detection.
//!
//! Faults are independent of each other, so they are split over threads; every thread keeps its
//! own scratch state, and the result (each fault's first detecting pattern) is the same for any
//! number of threads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use super::fault::{Fault, FaultSite};
use super::netlist::{Netlist, NodeId};
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
        self.queue.next_epoch();
        let stuck = if fault.stuck_at { !0u64 } else { 0 };
        let (site, value) = match fault.site {
            // A flip-flop input branch reaches only its own pseudo-primary output.
            FaultSite::DffInput(k) => {
                let d = netlist.dffs()[k as usize].d;
                return stuck ^ good[d.index()];
            }
            FaultSite::Stem(node) => (node, stuck),
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
                (pin.gate, v)
            }
        };
        let diff = value ^ good[site.index()];
        if diff == 0 {
            return 0;
        }
        self.faulty[site.index()] = value;
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
        let mut scratch: Vec<ConeSimulator> = (0..self.threads)
            .map(|_| ConeSimulator::new(self.netlist))
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

    /// Simulates the `remaining` faults over the batch; returns (fault, first detecting pattern).
    fn run_batch(
        &self,
        faults: &[Fault],
        remaining: &[u32],
        patterns: &PackedPatterns,
        start: usize,
        good: &[u64],
        scratch: &mut [ConeSimulator],
    ) -> Vec<(u32, u32)> {
        let netlist = self.netlist;
        let nodes = netlist.len();
        let batch = good.len() / nodes;
        let next = AtomicUsize::new(0);
        let work = |cone: &mut ConeSimulator| {
            let mut found = Vec::new();
            loop {
                let from = next.fetch_add(CHUNK, Ordering::Relaxed);
                if from >= remaining.len() {
                    break;
                }
                for &f in &remaining[from..(from + CHUNK).min(remaining.len())] {
                    for k in 0..batch {
                        let b = start + k;
                        let values = &good[k * nodes..(k + 1) * nodes];
                        let mask = cone.detect(netlist, values, faults[f as usize])
                            & patterns.valid_mask(b);
                        if mask != 0 {
                            found.push((f, (b * 64) as u32 + mask.trailing_zeros()));
                            break;
                        }
                    }
                }
            }
            found
        };
        if self.threads == 1 || remaining.len() <= CHUNK {
            return work(&mut scratch[0]);
        }
        let work = &work;
        thread::scope(|s| {
            let handles: Vec<_> = scratch
                .iter_mut()
                .map(|cone| s.spawn(move || work(cone)))
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().expect("fault simulation thread panicked"))
                .collect()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::bench::parse_bench;
    use crate::circuit::fault::FaultUniverse;

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
