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
use super::fsim::ConeQueue;
use super::netlist::{GateKind, Netlist, NodeKind};
use super::patterns::Bit;

/// A three-valued word: bit `i` of `one` (of `zero`) is set when the value is 1 (0) in cube
/// `i`; never both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Ternary {
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
}

impl CubeSimulator {
    pub fn new(netlist: &Netlist) -> CubeSimulator {
        CubeSimulator {
            good: vec![Ternary::default(); netlist.len()],
            faulty: vec![Ternary::default(); netlist.len()],
            may_differ: vec![0; netlist.len()],
            queue: ConeQueue::new(netlist),
            valid: 0,
            loaded: false,
            words: Vec::new(),
        }
    }

    /// Simulates the fault-free circuit on `cubes` (at most 64, each one bit per scan-view
    /// input). A load is simulated as a change from the previous one, event by event, when
    /// few inputs' words change: relaxation opens a few inputs of one cube at a time, and
    /// compaction offers target after target the same set of cubes.
    pub fn load(&mut self, netlist: &Netlist, cubes: &[&[Bit]]) {
        assert!(cubes.len() <= 64, "at most 64 cubes at a time");
        self.valid = if cubes.len() == 64 {
            !0
        } else {
            (1u64 << cubes.len()) - 1
        };
        let inputs = netlist.inputs();
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
    pub fn detect(&mut self, netlist: &Netlist, fault: Fault) -> u64 {
        self.simulate(netlist, fault, false)
    }

    /// The loaded cubes (as bits) with some fill that may detect `fault`: the others detect it
    /// under no fill, so no search needs to try extending them for it.
    pub fn may_detect(&mut self, netlist: &Netlist, fault: Fault) -> u64 {
        self.simulate(netlist, fault, true)
    }

    /// Propagates `fault` through its cone. Certain detection follows the faulty values: a
    /// gate whose faulty value equals its fault-free one (X included) stops the fault. For
    /// possible detection that is not enough (a fault-free X and a faulty X may differ under a
    /// fill), so a third word per node says in which cubes the two values may differ: where a
    /// fanin may differ and the two outputs are not known to be equal.
    fn simulate(&mut self, netlist: &Netlist, fault: Fault, possible: bool) -> u64 {
        self.queue.next_epoch();
        let stuck = if fault.stuck_at {
            Ternary::ONE
        } else {
            Ternary::ZERO
        };
        let (site, value) = match fault.site {
            FaultSite::DffInput(k) => {
                let good = self.good[netlist.dffs()[k as usize].d.index()];
                let mask = if possible {
                    !stuck.equals(good)
                } else {
                    stuck.differs(good)
                };
                return mask & self.valid;
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
        };
        let site_may = !value.equals(self.good[site.index()]) & self.valid;
        if (possible && site_may == 0) || (!possible && value == self.good[site.index()]) {
            return 0;
        }
        self.faulty[site.index()] = value;
        self.may_differ[site.index()] = site_may;
        self.queue.mark_changed(site);
        let mut detected = 0;
        if netlist.is_observed(site) {
            detected = if possible {
                site_may
            } else {
                value.differs(self.good[site.index()])
            };
        }
        let mut max_level = 0usize;
        self.queue.schedule_fanouts(netlist, site, &mut max_level);
        let (good, faulty, may_differ) = (&self.good, &mut self.faulty, &mut self.may_differ);
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
                    if observed {
                        detected |= v.differs(g);
                    }
                    v != g
                }
            });
        detected & self.valid
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
        for round in 0..60 {
            // Change one to three bits of a few cubes, and sometimes the number of cubes.
            for _ in 0..1 + round % 3 {
                let c = rng.index(64);
                let k = rng.index(width);
                cubes[c][k] = bit(rng.next_u64());
            }
            let count = if round % 7 == 6 {
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
