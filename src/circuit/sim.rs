//! Good-machine (fault-free) logic simulation, 64 patterns per `u64` word.
//!
//! Patterns are packed block by block: a block holds one word per scan-view input, and bit `i`
//! of every word belongs to pattern `64 * block + i`. Simulating a block evaluates every gate
//! once, in topological order, on whole words.

use super::netlist::{Netlist, NodeKind};
use crate::rng::Rng;

/// Fully specified input patterns packed 64 to a word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackedPatterns {
    inputs: usize,
    count: usize,
    /// Block-major: block `b` is `words[b * inputs..(b + 1) * inputs]`.
    words: Vec<u64>,
}

impl PackedPatterns {
    /// An empty set of patterns over `inputs` inputs.
    pub fn new(inputs: usize) -> PackedPatterns {
        PackedPatterns {
            inputs,
            count: 0,
            words: Vec::new(),
        }
    }

    /// `count` uniformly random patterns drawn from `rng`.
    pub fn random(inputs: usize, count: usize, rng: &mut Rng) -> PackedPatterns {
        let blocks = count.div_ceil(64);
        let mut words: Vec<u64> = (0..blocks * inputs).map(|_| rng.next_u64()).collect();
        // Bits past the last pattern are zero, so equal sets compare equal.
        if !count.is_multiple_of(64) {
            let mask = (1u64 << (count % 64)) - 1;
            for w in &mut words[(blocks - 1) * inputs..] {
                *w &= mask;
            }
        }
        PackedPatterns {
            inputs,
            count,
            words,
        }
    }

    /// Every pattern over `inputs` inputs, input `b` of pattern `i` being bit `b` of `i` (for
    /// exhaustive checks of small circuits).
    pub fn exhaustive(inputs: usize) -> PackedPatterns {
        assert!(inputs < 32, "2^{inputs} patterns are too many");
        let mut patterns = PackedPatterns::new(inputs);
        for i in 0..1u64 << inputs {
            patterns.push((0..inputs).map(|b| (i >> b) & 1 == 1));
        }
        patterns
    }

    /// `tests`, each one value per input, packed.
    pub fn from_tests(inputs: usize, tests: &[Vec<bool>]) -> PackedPatterns {
        let mut packed = PackedPatterns::new(inputs);
        for t in tests {
            packed.push(t.iter().copied());
        }
        packed
    }

    /// Appends one pattern given as one value per input.
    pub fn push(&mut self, bits: impl IntoIterator<Item = bool>) {
        let bit = self.count % 64;
        if bit == 0 {
            self.words.resize(self.words.len() + self.inputs, 0);
        }
        let block = self.words.len() - self.inputs;
        let mut n = 0;
        for (k, b) in bits.into_iter().enumerate().take(self.inputs) {
            self.words[block + k] |= u64::from(b) << bit;
            n = k + 1;
        }
        debug_assert_eq!(n, self.inputs, "pattern width differs from the input count");
        self.count += 1;
    }

    pub(crate) fn inputs(&self) -> usize {
        self.inputs
    }

    /// Number of patterns.
    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Number of 64-pattern blocks.
    pub fn blocks(&self) -> usize {
        self.count.div_ceil(64)
    }

    /// The input words of block `b`, one per input.
    pub fn block(&self, b: usize) -> &[u64] {
        &self.words[b * self.inputs..(b + 1) * self.inputs]
    }

    /// The bits of block `b` that hold real patterns.
    pub fn valid_mask(&self, b: usize) -> u64 {
        let rest = self.count - b * 64;
        if rest >= 64 { !0 } else { (1u64 << rest) - 1 }
    }

    /// The value of `input` in pattern `pattern`.
    pub(crate) fn get(&self, pattern: usize, input: usize) -> bool {
        let word = self.words[(pattern / 64) * self.inputs + input];
        (word >> (pattern % 64)) & 1 == 1
    }

    /// One pattern as a vector of input values.
    pub fn pattern(&self, pattern: usize) -> Vec<bool> {
        (0..self.inputs).map(|i| self.get(pattern, i)).collect()
    }
}

/// Simulates one block: `inputs` holds one word per scan-view input, `values` receives one word
/// per node (its length must be `netlist.len()`).
pub fn simulate_block(netlist: &Netlist, inputs: &[u64], values: &mut [u64]) {
    debug_assert_eq!(inputs.len(), netlist.inputs().len());
    debug_assert_eq!(values.len(), netlist.len());
    for (&node, &word) in netlist.inputs().iter().zip(inputs) {
        values[node.index()] = word;
    }
    // Inputs are exactly the level-0 nodes, so they come first in node order.
    for node in netlist.nodes().skip(netlist.inputs().len()) {
        if let NodeKind::Gate(kind) = netlist.kind(node) {
            let v = kind.eval_words(netlist.fanins(node).iter().map(|f| values[f.index()]));
            values[node.index()] = v;
        }
    }
}

/// The fault-free output responses (scan-view outputs) of every pattern.
pub fn responses(netlist: &Netlist, patterns: &PackedPatterns) -> Vec<Vec<bool>> {
    let mut values = vec![0u64; netlist.len()];
    let mut out = Vec::with_capacity(patterns.len());
    for b in 0..patterns.blocks() {
        simulate_block(netlist, patterns.block(b), &mut values);
        let n = (patterns.len() - b * 64).min(64);
        for bit in 0..n {
            out.push(
                netlist
                    .outputs()
                    .iter()
                    .map(|o| (values[o.index()] >> bit) & 1 == 1)
                    .collect(),
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::bench::parse_bench;

    #[test]
    fn packing_round_trips() {
        let mut p = PackedPatterns::new(3);
        let rows: Vec<Vec<bool>> = (0..130u32)
            .map(|i| (0..3).map(|k| (i >> k) & 1 == 1).collect())
            .collect();
        for r in &rows {
            p.push(r.iter().copied());
        }
        assert_eq!(p.len(), 130);
        assert_eq!(p.blocks(), 3);
        assert_eq!(p.valid_mask(2), 0b11);
        for (i, r) in rows.iter().enumerate() {
            assert_eq!(&p.pattern(i), r);
        }
    }

    #[test]
    fn random_patterns_are_seeded_and_masked() {
        let a = PackedPatterns::random(5, 70, &mut Rng::new(3));
        let b = PackedPatterns::random(5, 70, &mut Rng::new(3));
        assert_eq!(a, b);
        assert!(a.block(1).iter().all(|w| w >> 6 == 0));
    }

    #[test]
    fn c17_exhaustive_responses() {
        let text = "INPUT(1)\nINPUT(2)\nINPUT(3)\nINPUT(6)\nINPUT(7)\nOUTPUT(22)\nOUTPUT(23)\n10 = NAND(1, 3)\n11 = NAND(3, 6)\n16 = NAND(2, 11)\n19 = NAND(11, 7)\n22 = NAND(10, 16)\n23 = NAND(16, 19)\n";
        let n = parse_bench(text, "c17", "c17").unwrap().netlist;
        let mut p = PackedPatterns::new(5);
        for i in 0..32u32 {
            p.push((0..5).map(|k| (i >> (4 - k)) & 1 == 1));
        }
        let r = responses(&n, &p);
        for i in 0..32u32 {
            let [x1, x2, x3, x6, x7] = [4, 3, 2, 1, 0].map(|k| (i >> k) & 1 == 1);
            let n10 = !(x1 && x3);
            let n11 = !(x3 && x6);
            let n16 = !(x2 && n11);
            let n19 = !(n11 && x7);
            assert_eq!(r[i as usize], vec![!(n10 && n16), !(n16 && n19)]);
        }
    }
}
