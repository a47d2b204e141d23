//! SCOAP testability measures ([Goldstein 1979]): combinational 0- and 1-controllability and
//! observability of every net. The D-algorithm uses them only to order alternatives: the
//! easiest way to justify a value first, the easiest gate to propagate through first.

use crate::circuit::netlist::{GateKind, Netlist, NodeKind};

/// Controllability and observability costs; larger is harder. Unobservable nets have
/// observability `u32::MAX`.
#[derive(Clone, Debug)]
pub struct Scoap {
    /// `cc[node][v]`: cost of setting the net to `v`.
    pub cc: Vec<[u32; 2]>,
    /// Cost of observing a change of the net at some output.
    pub co: Vec<u32>,
}

fn add(a: u32, b: u32) -> u32 {
    a.saturating_add(b)
}

impl Scoap {
    pub(crate) fn new(netlist: &Netlist) -> Scoap {
        let n = netlist.len();
        let mut cc = vec![[1u32, 1u32]; n];
        for node in netlist.nodes() {
            let NodeKind::Gate(kind) = netlist.kind(node) else {
                continue;
            };
            let ins: Vec<[u32; 2]> = netlist.fanins(node).iter().map(|f| cc[f.index()]).collect();
            let sum = |v: usize| ins.iter().fold(0u32, |acc, c| add(acc, c[v]));
            let min = |v: usize| ins.iter().map(|c| c[v]).min().unwrap_or(u32::MAX);
            // Core function before output inversion.
            let core = match kind {
                GateKind::And | GateKind::Nand => [min(0), sum(1)],
                GateKind::Or | GateKind::Nor => [sum(0), min(1)],
                GateKind::Not | GateKind::Buf => [ins[0][0], ins[0][1]],
                GateKind::Xor | GateKind::Xnor => {
                    // Parity: fold pairwise, cheapest way to reach each parity.
                    let mut acc = ins[0];
                    for c in &ins[1..] {
                        acc = [
                            add(acc[0], c[0]).min(add(acc[1], c[1])),
                            add(acc[0], c[1]).min(add(acc[1], c[0])),
                        ];
                    }
                    acc
                }
            };
            let v = if kind.is_inverting() {
                [core[1], core[0]]
            } else {
                core
            };
            cc[node.index()] = [add(v[0], 1), add(v[1], 1)];
        }

        let mut co = vec![u32::MAX; n];
        for &o in netlist.outputs() {
            co[o.index()] = 0;
        }
        for node in netlist.nodes().rev() {
            let NodeKind::Gate(kind) = netlist.kind(node) else {
                continue;
            };
            let out = co[node.index()];
            if out == u32::MAX {
                continue;
            }
            let fanins = netlist.fanins(node);
            for (p, f) in fanins.iter().enumerate() {
                // Observing a pin needs the other pins at non-controlling values (any value for
                // XOR, where the cheaper of the two is taken).
                let side =
                    fanins
                        .iter()
                        .enumerate()
                        .filter(|&(q, _)| q != p)
                        .fold(0u32, |acc, (_, s)| {
                            let c = cc[s.index()];
                            let cost = match kind.controlling_value() {
                                Some(ctrl) => c[usize::from(!ctrl)],
                                None => c[0].min(c[1]),
                            };
                            add(acc, cost)
                        });
                let through = add(add(out, side), 1);
                let slot = &mut co[f.index()];
                *slot = (*slot).min(through);
            }
        }
        Scoap { cc, co }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::parse_bench;

    #[test]
    fn textbook_values_on_a_small_circuit() {
        let text = "INPUT(a)\nINPUT(b)\nINPUT(c)\nOUTPUT(z)\ny = AND(a, b)\nz = OR(y, c)\n";
        let n = parse_bench(text, "t", "t").unwrap().netlist;
        let s = Scoap::new(&n);
        let id = |name: &str| n.find(name).unwrap().index();
        assert_eq!(s.cc[id("y")], [2, 3]);
        assert_eq!(s.cc[id("z")], [4, 2]);
        assert_eq!(s.co[id("z")], 0);
        assert_eq!(s.co[id("y")], 2); // c must be 0: CC0(c) = 1, plus one level
        assert_eq!(s.co[id("a")], 4); // CO(y) + CC1(b) + 1
    }
}
