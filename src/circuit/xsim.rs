//! Three-valued fault simulation of test cubes: which faults a cube detects whatever values its
//! don't cares take.
//!
//! Compaction needs this question answered thousands of times (how few inputs of a test still
//! detect its essential faults: X-identification), and asking the D-algorithm costs a whole
//! implication with the search state around it. Here up to 64 cubes are simulated at once, a
//! value being a pair of words: bit `i` of `one` says "1 in cube `i`", bit `i` of `zero` says
//! "0 in cube `i`", neither says X. A fault is detected by a cube when some output has a known
//! fault-free value and the opposite known faulty value; as known values stay known when a
//! don't care gets a value, such a cube detects the fault under every fill.
//!
//! Faults are propagated one at a time through their fanout cone, event by event, as in the
//! two-valued [`ConeSimulator`](super::fsim::ConeSimulator).

use super::fault::{Fault, FaultSite};
use super::fsim::{ConeQueue, RegionMemo, side_inputs_allow};
use super::netlist::{GateKind, Netlist, NodeId, NodeKind};
use super::patterns::Bit;

/// A three-valued word: bit `i` of `one` (of `zero`) is set when the value is 1 (0) in cube
/// `i`; never both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Ternary {
    pub one: u64,
    pub zero: u64,
}

impl Ternary {
    const ONE: Ternary = Ternary { one: !0, zero: 0 };
    const ZERO: Ternary = Ternary { one: 0, zero: !0 };

    fn not(self) -> Ternary {
        Ternary {
            one: self.zero,
            zero: self.one,
        }
    }

    /// The cubes where both values are known and differ.
    fn differs(self, other: Ternary) -> u64 {
        (self.one & other.zero) | (self.zero & other.one)
    }

    /// The cubes where both values are known and equal.
    fn equals(self, other: Ternary) -> u64 {
        (self.one & other.one) | (self.zero & other.zero)
    }
}

/// Evaluates a gate on three-valued words.
fn eval(kind: GateKind, mut inputs: impl Iterator<Item = Ternary>) -> Ternary {
    let first = inputs.next().unwrap_or(Ternary::ZERO);
    let and = |a: Ternary, b: Ternary| Ternary {
        one: a.one & b.one,
        zero: a.zero | b.zero,
    };
    let or = |a: Ternary, b: Ternary| Ternary {
        one: a.one | b.one,
        zero: a.zero & b.zero,
    };
    let xor = |a: Ternary, b: Ternary| Ternary {
        one: (a.one & b.zero) | (a.zero & b.one),
        zero: (a.one & b.one) | (a.zero & b.zero),
    };
    let v = match kind {
        GateKind::And | GateKind::Nand => inputs.fold(first, and),
        GateKind::Or | GateKind::Nor => inputs.fold(first, or),
        GateKind::Xor | GateKind::Xnor => inputs.fold(first, xor),
        GateKind::Not | GateKind::Buf => first,
    };
    if kind.is_inverting() { v.not() } else { v }
}

/// Scratch state for three-valued fault simulation of up to 64 cubes.
#[derive(Clone, Debug)]
pub struct CubeSimulator {
    good: Vec<Ternary>,
    /// Faulty value of a node, valid when the queue marks the node changed.
    faulty: Vec<Ternary>,
    /// For possible detection: the cubes where the fault-free and faulty values of a node may
    /// differ under some fill, valid when the queue marks the node changed.
    may_differ: Vec<u64>,
    queue: ConeQueue,
    /// Bits of the cubes loaded by the last [`load`](Self::load).
    valid: u64,
    /// Whether `good` holds the simulation of the inputs' current words (all 64 lanes), so a
    /// next load can be simulated as a change from it.
    loaded: bool,
    /// Scratch: the inputs' words of the cubes being loaded.
    words: Vec<Ternary>,
    /// The cube of the last load, when it loaded one cube alone (`loaded` then says whether
    /// `good` holds its simulation): the next single cube is compared with it position by
    /// position, which costs far less than building and comparing every input's word, and
    /// relaxation loads one cube after another differing in a few positions.
    single: Option<Vec<Bit>>,
    /// Observed nodes where the last certain simulation saw the fault, in the order reached.
    detectors: Vec<NodeId>,
    /// Scratch of [`support`](Self::support).
    backtrace: Backtrace,
    /// Nodes the walks of [`support`](Self::support) visited since
    /// [`take_support_work`](Self::take_support_work) last read them.
    support_work: u64,
    /// Position in the scan-view inputs of each input node (`u32::MAX` for gates).
    input_position: Vec<u32>,
    /// Per node and stem, where a known change certainly reaches the stem and is certainly
    /// seen at an output, for the current load.
    regions: RegionMemo,
}

/// Scratch state of the backward walk that finds a sufficient part of a cube: which nodes
/// need their fault-free or faulty value kept (stamped by round), and the nodes waiting, by
/// level, highest first.
#[derive(Clone, Debug)]
struct Backtrace {
    good: Vec<u32>,
    faulty: Vec<u32>,
    epoch: u32,
    buckets: Vec<Vec<(NodeId, Machine)>>,
}

/// Which of the two circuits a requirement is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Machine {
    Good,
    Faulty,
}

impl Backtrace {
    fn next_round(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.good.fill(0);
            self.faulty.fill(0);
            self.epoch = 1;
        }
    }

    /// Whether `node`'s value in `machine` (or its fault-free value, the same outside the
    /// fault's cone) is already kept.
    fn needed(&self, node: NodeId, machine: Machine) -> bool {
        self.good[node.index()] == self.epoch
            || (machine == Machine::Faulty && self.faulty[node.index()] == self.epoch)
    }

    /// Marks `node`'s value in `machine` as needed and schedules it once. Nodes no higher than
    /// the fault site, but the site itself, are outside its fanout cone: there the faulty
    /// value is the fault-free one.
    fn require(&mut self, netlist: &Netlist, site: NodeId, node: NodeId, machine: Machine) {
        let machine = if machine == Machine::Faulty
            && node != site
            && netlist.level(node) <= netlist.level(site)
        {
            Machine::Good
        } else {
            machine
        };
        let marks = match machine {
            Machine::Good => &mut self.good,
            Machine::Faulty => &mut self.faulty,
        };
        if marks[node.index()] != self.epoch {
            marks[node.index()] = self.epoch;
            self.buckets[netlist.level(node) as usize].push((node, machine));
        }
    }
}

/// Cubes where a known change of `gate`'s input `pin` alone certainly changes the gate's
/// output: its other inputs are at known non-controlling values (known at all, for XOR).
#[inline]
fn certain_pin_sensitization(netlist: &Netlist, good: &[Ternary], gate: NodeId, pin: usize) -> u64 {
    side_inputs_allow(
        netlist,
        gate,
        pin,
        |f| good[f.index()].one,
        |f| good[f.index()].zero,
    )
}

/// The value of the first cube in a three-valued word, `None` for a don't care.
fn lane(t: Ternary) -> Option<bool> {
    if t.one & 1 != 0 {
        Some(true)
    } else if t.zero & 1 != 0 {
        Some(false)
    } else {
        None
    }
}

impl CubeSimulator {
    pub(crate) fn new(netlist: &Netlist) -> CubeSimulator {
        CubeSimulator {
            good: vec![Ternary::default(); netlist.len()],
            faulty: vec![Ternary::default(); netlist.len()],
            may_differ: vec![0; netlist.len()],
            queue: ConeQueue::new(netlist),
            valid: 0,
            loaded: false,
            words: Vec::new(),
            single: None,
            detectors: Vec::new(),
            backtrace: Backtrace {
                good: vec![0; netlist.len()],
                faulty: vec![0; netlist.len()],
                epoch: 0,
                buckets: vec![Vec::new(); netlist.depth() as usize + 1],
            },
            support_work: 0,
            input_position: {
                let mut position = vec![u32::MAX; netlist.len()];
                for (k, node) in netlist.inputs().iter().enumerate() {
                    position[node.index()] = k as u32;
                }
                position
            },
            regions: RegionMemo::new(netlist),
        }
    }

    /// Simulates the fault-free circuit on `cubes` (at most 64, each one bit per scan-view
    /// input). A load is simulated as a change from the previous one, event by event, when
    /// few inputs' words change: relaxation opens a few inputs of one cube at a time, and
    /// compaction offers target after target the same set of cubes.
    pub fn load(&mut self, netlist: &Netlist, cubes: &[&[Bit]]) {
        assert!(cubes.len() <= 64, "at most 64 cubes at a time");
        self.regions.next_round();
        self.valid = if cubes.len() == 64 {
            !0
        } else {
            (1u64 << cubes.len()) - 1
        };
        let inputs = netlist.inputs();
        // Past a quarter of the inputs changed, the plain sweep below is cheaper anyway.
        if let ([cube], true, Some(last)) = (cubes, self.loaded, &mut self.single)
            && last.len() == cube.len()
            && 4 * last.iter().zip(cube.iter()).filter(|(a, b)| a != b).count() <= inputs.len()
        {
            // The other lanes are don't cares since the last load already.
            let word = |bit: Bit| match bit {
                Bit::One => Ternary { one: 1, zero: 0 },
                Bit::Zero => Ternary { one: 0, zero: 1 },
                Bit::X => Ternary::default(),
            };
            self.queue.next_epoch();
            let mut max_level = 0usize;
            for (k, (old, &new)) in last.iter_mut().zip(cube.iter()).enumerate() {
                if *old != new {
                    *old = new;
                    let node = inputs[k];
                    self.good[node.index()] = word(new);
                    self.queue.schedule_fanouts(netlist, node, &mut max_level);
                }
            }
            self.propagate_scheduled(netlist, max_level);
            return;
        }
        self.single = match cubes {
            [cube] => Some(cube.to_vec()),
            _ => None,
        };
        self.words.clear();
        self.words.resize(inputs.len(), Ternary::default());
        for (i, cube) in cubes.iter().enumerate() {
            for (word, &bit) in self.words.iter_mut().zip(cube.iter()) {
                match bit {
                    Bit::One => word.one |= 1 << i,
                    Bit::Zero => word.zero |= 1 << i,
                    Bit::X => {}
                }
            }
        }
        let changed = if self.loaded {
            inputs
                .iter()
                .zip(&self.words)
                .filter(|&(node, word)| self.good[node.index()] != *word)
                .count()
        } else {
            inputs.len()
        };
        if changed == 0 {
            return;
        }
        // Event by event costs a few times a plain sweep per gate: past about a quarter of the
        // inputs changed, the sweep is cheaper.
        if self.loaded && 4 * changed <= inputs.len() {
            self.update(netlist);
            return;
        }
        for (k, &node) in inputs.iter().enumerate() {
            self.good[node.index()] = self.words[k];
        }
        for node in netlist.nodes().skip(inputs.len()) {
            if let NodeKind::Gate(kind) = netlist.kind(node) {
                let v = eval(
                    kind,
                    netlist.fanins(node).iter().map(|f| self.good[f.index()]),
                );
                self.good[node.index()] = v;
            }
        }
        self.loaded = true;
    }

    /// Moves the simulation to the input words in `words`, re-evaluating only the gates whose
    /// inputs changed value.
    fn update(&mut self, netlist: &Netlist) {
        self.queue.next_epoch();
        let mut max_level = 0usize;
        for (k, &node) in netlist.inputs().iter().enumerate() {
            if self.good[node.index()] == self.words[k] {
                continue;
            }
            self.good[node.index()] = self.words[k];
            self.queue.schedule_fanouts(netlist, node, &mut max_level);
        }
        self.propagate_scheduled(netlist, max_level);
    }

    /// Re-evaluates the gates scheduled (up to `max_level`) and, event by event, those whose
    /// inputs change value in turn.
    fn propagate_scheduled(&mut self, netlist: &Netlist, max_level: usize) {
        // Inputs are level 0, so everything scheduled is at level 1 or above.
        let good = &mut self.good;
        self.queue.propagate(netlist, 1, max_level, |_, gate| {
            let kind = netlist.gate_kind(gate).expect("only gates are scheduled");
            let v = eval(kind, netlist.fanins(gate).iter().map(|f| good[f.index()]));
            let changed = v != good[gate.index()];
            good[gate.index()] = v;
            changed
        });
    }

    /// The loaded cubes (as bits) that detect `fault` whatever their don't cares become.
    ///
    /// By fanout-free regions, as the two-valued
    /// [`RegionSimulator`](super::fsim::RegionSimulator): a known change at the fault site
    /// certainly reaches the region's stem where every gate on the one path there has its
    /// other inputs at known non-controlling values, and is then seen where a known change of
    /// the stem is (propagated once per stem and load). Where the change at the site or on the
    /// path is not certain, no output can certainly differ: three-valued evaluation is
    /// monotone, so a node with a known fault-free value has the same faulty value whenever
    /// the faulty circuit only refines a don't care. The answers are those of propagating the
    /// fault through its cone.
    pub(crate) fn detect(&mut self, netlist: &Netlist, fault: Fault) -> u64 {
        let (site, value) = match self.faulty_site(netlist, fault, false) {
            Ok(site) => site,
            Err(mask) => return mask,
        };
        let changed = value.differs(self.good[site.index()]) & self.valid;
        if changed == 0 {
            return 0;
        }
        let good = &self.good;
        let reaching = changed
            & self.regions.sensitization(netlist, site, |gate, pin| {
                certain_pin_sensitization(netlist, good, gate, pin)
            });
        if reaching == 0 {
            return 0;
        }
        let stem = netlist.stem(site);
        match self.regions.observation(stem) {
            Some(observed) => reaching & observed,
            None => {
                let flipped = self.good[stem.index()].not();
                let observed = self.propagate_from(netlist, stem, flipped, false);
                self.regions.set_observation(stem, observed);
                reaching & observed
            }
        }
    }

    /// The loaded cubes (as bits) with some fill that may detect `fault`: the others detect it
    /// under no fill, so no search needs to try extending them for it.
    pub(crate) fn may_detect(&mut self, netlist: &Netlist, fault: Fault) -> u64 {
        self.simulate(netlist, fault, true)
    }

    /// Propagates `fault` through its cone. Certain detection follows the faulty values: a
    /// gate whose faulty value equals its fault-free one (X included) stops the fault. For
    /// possible detection that is not enough (a fault-free X and a faulty X may differ under a
    /// fill), so a third word per node says in which cubes the two values may differ: where a
    /// fanin may differ and the two outputs are not known to be equal.
    fn simulate(&mut self, netlist: &Netlist, fault: Fault, possible: bool) -> u64 {
        match self.faulty_site(netlist, fault, possible) {
            Ok((site, value)) => self.propagate_from(netlist, site, value, possible),
            Err(mask) => mask,
        }
    }

    /// The node where `fault` first makes a difference and its faulty value there, or, for a
    /// fault on a flip-flop input (seen at once), the cubes that (may) detect it.
    fn faulty_site(
        &self,
        netlist: &Netlist,
        fault: Fault,
        possible: bool,
    ) -> Result<(NodeId, Ternary), u64> {
        let stuck = if fault.stuck_at {
            Ternary::ONE
        } else {
            Ternary::ZERO
        };
        Ok(match fault.site {
            FaultSite::DffInput(k) => {
                let good = self.good[netlist.dffs()[k as usize].d.index()];
                let mask = if possible {
                    !stuck.equals(good)
                } else {
                    stuck.differs(good)
                };
                return Err(mask & self.valid);
            }
            FaultSite::Stem(node) => (node, stuck),
            FaultSite::Branch(pin) => {
                let kind = netlist
                    .gate_kind(pin.gate)
                    .expect("a branch fault sits on a gate input");
                let fanins = netlist.fanins(pin.gate);
                let v = eval(
                    kind,
                    fanins.iter().enumerate().map(|(k, f)| {
                        if k == pin.pin as usize {
                            stuck
                        } else {
                            self.good[f.index()]
                        }
                    }),
                );
                (pin.gate, v)
            }
        })
    }

    /// Propagates the faulty value `value` of `site` through its cone (see
    /// [`simulate`](Self::simulate)); returns the cubes that (may) detect the change.
    fn propagate_from(
        &mut self,
        netlist: &Netlist,
        site: NodeId,
        value: Ternary,
        possible: bool,
    ) -> u64 {
        self.queue.next_epoch();
        let site_may = !value.equals(self.good[site.index()]) & self.valid;
        if (possible && site_may == 0) || (!possible && value == self.good[site.index()]) {
            return 0;
        }
        self.faulty[site.index()] = value;
        self.may_differ[site.index()] = site_may;
        self.queue.mark_changed(site);
        self.detectors.clear();
        let mut detected = 0;
        if netlist.is_observed(site) {
            detected = if possible {
                site_may
            } else {
                value.differs(self.good[site.index()])
            };
            self.detectors.push(site);
        }
        let mut max_level = 0usize;
        self.queue.schedule_fanouts(netlist, site, &mut max_level);
        let (good, faulty, may_differ) = (&self.good, &mut self.faulty, &mut self.may_differ);
        let detectors = &mut self.detectors;
        let first_level = netlist.level(site) as usize + 1;
        self.queue
            .propagate(netlist, first_level, max_level, |queue, gate| {
                let kind = netlist.gate_kind(gate).expect("only gates are scheduled");
                let mut may_in = 0;
                let v = eval(
                    kind,
                    netlist.fanins(gate).iter().map(|&f| {
                        if queue.changed(f) {
                            may_in |= may_differ[f.index()];
                            faulty[f.index()]
                        } else {
                            good[f.index()]
                        }
                    }),
                );
                let g = good[gate.index()];
                faulty[gate.index()] = v;
                let observed = netlist.is_observed(gate);
                if possible {
                    let may = may_in & !v.equals(g);
                    may_differ[gate.index()] = may;
                    if observed {
                        detected |= may;
                    }
                    may != 0
                } else {
                    if observed && v.differs(g) != 0 {
                        detected |= v.differs(g);
                        detectors.push(gate);
                    }
                    v != g
                }
            });
        detected & self.valid
    }

    /// Nodes the walks of [`support`](Self::support) visited since the last call: what the
    /// supports cost, so that a caller can stop asking for them.
    pub(crate) fn take_support_work(&mut self) -> u64 {
        std::mem::take(&mut self.support_work)
    }

    /// Whether the first loaded cube detects `fault` whatever its don't cares become, and if it
    /// does, the inputs (positions in [`Netlist::inputs`], increasing) whose values are enough
    /// on their own: any cube that agrees with the first one there detects the fault too.
    ///
    /// The walk goes back from one output where the fault is seen, keeping the fault-free and
    /// the faulty value of each node it needs: a gate whose value is set by one controlling
    /// input needs only that input (one already needed, else the lowest), any other gate all of
    /// its inputs. Three-valued evaluation only gains known values when inputs get known ones,
    /// so the kept inputs keep every needed value, the output's two different values included.
    /// `None` when the cube does not detect the fault.
    pub(crate) fn support(&mut self, netlist: &Netlist, fault: Fault) -> Option<Vec<u32>> {
        if self.simulate(netlist, fault, false) & 1 == 0 {
            return None;
        }
        let walk = &mut self.backtrace;
        walk.next_round();
        // The node whose faulty value the fault fixes (a stuck stem), and the gate pin it
        // fixes (a stuck branch).
        let (site, stuck_node, stuck_pin) = match fault.site {
            FaultSite::DffInput(k) => (netlist.dffs()[k as usize].d, None, None),
            FaultSite::Stem(node) => (node, Some(node), None),
            FaultSite::Branch(pin) => (pin.gate, None, Some(pin)),
        };
        let (good, faulty, queue) = (&self.good, &self.faulty, &self.queue);
        let value_of = |n: NodeId, machine: Machine| match machine {
            Machine::Faulty if queue.changed(n) => faulty[n.index()],
            _ => good[n.index()],
        };
        let top = match fault.site {
            // The faulty value at a flip-flop input is the stuck one: only the fault-free
            // value needs keeping.
            FaultSite::DffInput(_) => {
                walk.require(netlist, site, site, Machine::Good);
                netlist.level(site)
            }
            _ => {
                let output = self
                    .detectors
                    .iter()
                    .copied()
                    .filter(|&o| value_of(o, Machine::Faulty).differs(good[o.index()]) & 1 != 0)
                    .min_by_key(|&o| (netlist.level(o), o))?;
                walk.require(netlist, site, output, Machine::Good);
                walk.require(netlist, site, output, Machine::Faulty);
                netlist.level(output)
            }
        };
        let stuck = fault.stuck_at;
        let mut support = Vec::new();
        for level in (0..=top as usize).rev() {
            while let Some((node, machine)) = walk.buckets[level].pop() {
                self.support_work += 1;
                if machine == Machine::Faulty && stuck_node == Some(node) {
                    continue;
                }
                let Some(kind) = netlist.gate_kind(node) else {
                    // Only the fault-free value of an input is ever needed: its faulty value
                    // differs only when it is the stuck stem, skipped above.
                    support.push(self.input_position[node.index()]);
                    continue;
                };
                let fanins = netlist.fanins(node);
                // The pin the fault fixes in the faulty circuit needs nothing kept.
                let fixed = |k: usize| {
                    machine == Machine::Faulty
                        && stuck_pin.is_some_and(|p| p.gate == node && p.pin as usize == k)
                };
                let controlling = match kind {
                    GateKind::And | GateKind::Nand => Some(false),
                    GateKind::Or | GateKind::Nor => Some(true),
                    _ => None,
                };
                // A needed value is known by construction (the output's two values, then
                // controlling inputs of known outputs, or all inputs of one): a gate that is
                // not controlled keeps all its inputs, which is always enough.
                let out = lane(value_of(node, machine));
                let chosen = match (controlling, out) {
                    (Some(c), Some(out)) if out ^ kind.is_inverting() == c => {
                        if (0..fanins.len()).any(|k| fixed(k) && stuck == c) {
                            continue;
                        }
                        (0..fanins.len())
                            .filter(|&k| !fixed(k) && lane(value_of(fanins[k], machine)) == Some(c))
                            .min_by_key(|&k| {
                                let f = fanins[k];
                                (!walk.needed(f, machine), netlist.level(f), k)
                            })
                    }
                    _ => None,
                };
                match chosen {
                    Some(k) => walk.require(netlist, site, fanins[k], machine),
                    None => {
                        for (k, &f) in fanins.iter().enumerate() {
                            if !fixed(k) {
                                walk.require(netlist, site, f, machine);
                            }
                        }
                    }
                }
            }
        }
        support.sort_unstable();
        Some(support)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::fsim::ConeSimulator;
    use crate::circuit::generate::{Family, RandomOptions, generate};
    use crate::circuit::sim::simulate_block;
    use crate::circuit::{Fault, FaultUniverse};
    use crate::rng::Rng;

    /// Whenever a cube is reported to detect a fault, every fill of it detects the fault (all
    /// fills simulated two-valued); a cube with nothing open is reported exactly as the
    /// two-valued simulator says; a cube with a fill that detects a fault is reported to
    /// possibly detect it; a cube loaded alone (simulated as a change from the cube
    /// before) is reported as when loaded with another.
    #[test]
    fn agrees_with_two_valued_simulation_of_every_fill() {
        let mut rng = Rng::new(7);
        let mut reported = 0;
        let mut possible = 0;
        for seed in 0..12 {
            let netlist = generate(Family::Random, 40, RandomOptions { seed, dffs: 2 })
                .expect("random circuit");
            let faults: Vec<Fault> = FaultUniverse::new(&netlist).faults().to_vec();
            let width = netlist.inputs().len();
            let mut xsim = CubeSimulator::new(&netlist);
            let mut alone = CubeSimulator::new(&netlist);
            let mut cone = ConeSimulator::new(&netlist);
            let mut good = vec![0u64; netlist.len()];
            for _ in 0..40 {
                // At most 6 don't cares: every fill fits in one block of 64.
                let mut cube: Vec<Bit> = (0..width)
                    .map(|_| Bit::from_bool(rng.next_u64() & 1 == 1))
                    .collect();
                let opens = (rng.next_u64() % 7) as usize;
                for _ in 0..opens {
                    let k = (rng.next_u64() % width as u64) as usize;
                    cube[k] = Bit::X;
                }
                let open: Vec<usize> = (0..width).filter(|&k| cube[k] == Bit::X).collect();
                let fills = 1usize << open.len();
                let words: Vec<u64> = (0..width)
                    .map(|k| match cube[k] {
                        Bit::One => !0,
                        Bit::Zero => 0,
                        Bit::X => {
                            let j = open.iter().position(|&o| o == k).expect("open input");
                            (0..fills).fold(0u64, |w, f| w | ((((f >> j) & 1) as u64) << f))
                        }
                    })
                    .collect();
                simulate_block(&netlist, &words, &mut good);
                let all = if fills == 64 { !0 } else { (1u64 << fills) - 1 };
                // The cube in slot 1, slot 0 all don't cares: slots must not leak.
                let nothing = vec![Bit::X; width];
                xsim.load(&netlist, &[&nothing, &cube]);
                alone.load(&netlist, &[&cube]);
                for &fault in &faults {
                    let single = alone.detect(&netlist, fault);
                    let by_fills = cone.detect(&netlist, &good, fault) & all;
                    let mask = xsim.detect(&netlist, fault);
                    let may = xsim.may_detect(&netlist, fault);
                    assert_eq!(mask & 1, 0, "nothing specified detects nothing");
                    assert_eq!(mask & !may, 0, "a certain detection is a possible one");
                    // Possible detection is sound: a cube some fill detects with is reported.
                    if by_fills != 0 {
                        assert_ne!(may & 2, 0, "{cube:?} {fault:?}");
                        possible += 1;
                    }
                    let three_valued = mask == 2;
                    assert_eq!(single, mask >> 1, "{cube:?} {fault:?}");
                    if three_valued {
                        reported += 1;
                        assert_eq!(by_fills, all, "{cube:?} {fault:?}");
                    }
                    if open.is_empty() {
                        assert_eq!(three_valued, by_fills == 1, "{cube:?} {fault:?}");
                        assert_eq!(may & 2, mask, "{cube:?} {fault:?}");
                    }
                }
            }
        }
        assert!(
            reported > 1000,
            "the check must exercise detections: {reported}"
        );
        assert!(possible > reported, "{possible} {reported}");
    }

    /// Region by region, certain detection answers as propagating each fault through its
    /// cone does, for several cubes at once and over loads that change a few inputs.
    #[test]
    fn regions_agree_with_propagation_through_the_cone() {
        let mut rng = Rng::new(9);
        let mut detections = 0;
        for seed in 0..10 {
            let netlist = generate(Family::Random, 120, RandomOptions { seed, dffs: 4 })
                .expect("random circuit");
            let faults: Vec<Fault> = FaultUniverse::new(&netlist).faults().to_vec();
            let width = netlist.inputs().len();
            let mut cubes: Vec<Vec<Bit>> = (0..40)
                .map(|_| {
                    (0..width)
                        .map(|_| match rng.next_u64() % 4 {
                            0 => Bit::X,
                            r => Bit::from_bool(r % 2 == 0),
                        })
                        .collect()
                })
                .collect();
            let mut xsim = CubeSimulator::new(&netlist);
            for _ in 0..8 {
                let c = rng.index(cubes.len());
                let k = rng.index(width);
                cubes[c][k] = Bit::X;
                let refs: Vec<&[Bit]> = cubes.iter().map(Vec::as_slice).collect();
                xsim.load(&netlist, &refs);
                for &fault in &faults {
                    let through_cone = xsim.simulate(&netlist, fault, false);
                    assert_eq!(xsim.detect(&netlist, fault), through_cone, "{fault:?}");
                    detections += through_cone.count_ones();
                }
            }
        }
        assert!(detections > 5_000, "{detections}");
    }

    /// A support is enough: the cube cut down to it (everything else a don't care) still
    /// detects the fault whatever the don't cares become, and it is reported exactly when the
    /// cube detects the fault.
    #[test]
    fn a_support_alone_detects_its_fault() {
        let mut rng = Rng::new(5);
        let mut checked = 0;
        let mut smaller = 0;
        for seed in 0..16 {
            let netlist = generate(Family::Random, 60, RandomOptions { seed, dffs: 3 })
                .expect("random circuit");
            let faults: Vec<Fault> = FaultUniverse::new(&netlist).faults().to_vec();
            let width = netlist.inputs().len();
            let mut xsim = CubeSimulator::new(&netlist);
            let mut cut = CubeSimulator::new(&netlist);
            for _ in 0..20 {
                let cube: Vec<Bit> = (0..width)
                    .map(|_| match rng.next_u64() % 5 {
                        0 => Bit::X,
                        r => Bit::from_bool(r % 2 == 0),
                    })
                    .collect();
                xsim.load(&netlist, &[&cube]);
                for &fault in &faults {
                    let detected = xsim.detect(&netlist, fault) & 1 == 1;
                    let support = xsim.support(&netlist, fault);
                    assert_eq!(support.is_some(), detected, "{fault:?}");
                    let Some(support) = support else { continue };
                    assert!(support.windows(2).all(|w| w[0] < w[1]));
                    let part: Vec<Bit> = (0..width)
                        .map(|k| {
                            if support.binary_search(&(k as u32)).is_ok() {
                                cube[k]
                            } else {
                                Bit::X
                            }
                        })
                        .collect();
                    assert!(support.iter().all(|&k| cube[k as usize] != Bit::X));
                    cut.load(&netlist, &[&part]);
                    assert_eq!(
                        cut.detect(&netlist, fault) & 1,
                        1,
                        "{fault:?} {cube:?} {part:?}"
                    );
                    checked += 1;
                    smaller +=
                        usize::from(support.len() < cube.iter().filter(|&&b| b != Bit::X).count());
                }
            }
        }
        assert!(
            checked > 2000,
            "the check must exercise detections: {checked}"
        );
        assert!(
            smaller * 2 > checked,
            "supports should mostly be smaller: {smaller} of {checked}"
        );
    }

    /// Loads that change a few inputs of a few cubes (simulated event by event) leave the same
    /// values as loading the same cubes into a fresh simulator (one sweep).
    #[test]
    fn a_load_as_a_change_matches_a_fresh_load() {
        let mut rng = Rng::new(11);
        let netlist = generate(Family::Random, 400, RandomOptions { seed: 3, dffs: 4 })
            .expect("random circuit");
        let faults: Vec<Fault> = FaultUniverse::new(&netlist).faults().to_vec();
        let width = netlist.inputs().len();
        let bit = |r: u64| match r % 3 {
            0 => Bit::Zero,
            1 => Bit::One,
            _ => Bit::X,
        };
        let mut cubes: Vec<Vec<Bit>> = (0..64)
            .map(|_| (0..width).map(|_| bit(rng.next_u64())).collect())
            .collect();
        let mut xsim = CubeSimulator::new(&netlist);
        for round in 0..90 {
            // Change one to three bits of a few cubes, and sometimes the number of cubes; from
            // round 60 on, one cube alone load after load (as relaxation loads them), with now
            // and then half its bits changed.
            let single = round >= 60;
            for _ in 0..1 + round % 3 {
                let c = if single { 0 } else { rng.index(64) };
                let k = rng.index(width);
                cubes[c][k] = bit(rng.next_u64());
            }
            if single && round % 5 == 0 {
                for b in &mut cubes[0][..width / 2] {
                    *b = bit(rng.next_u64());
                }
            }
            let count = if single {
                1
            } else if round % 7 == 6 {
                1 + rng.index(64)
            } else {
                64
            };
            let refs: Vec<&[Bit]> = cubes[..count].iter().map(Vec::as_slice).collect();
            xsim.load(&netlist, &refs);
            let mut fresh = CubeSimulator::new(&netlist);
            fresh.load(&netlist, &refs);
            assert_eq!(xsim.good, fresh.good, "round {round}");
            for &fault in faults.iter().step_by(7) {
                assert_eq!(xsim.detect(&netlist, fault), fresh.detect(&netlist, fault));
                assert_eq!(
                    xsim.may_detect(&netlist, fault),
                    fresh.may_detect(&netlist, fault)
                );
            }
        }
    }
}
