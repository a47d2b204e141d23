//! Post-dominators towards the outputs, for unique sensitization (Fujiwara & Shimono's FAN).
//!
//! A gate `d` dominates a net `n` when every path from `n` to any (pseudo-)primary output
//! passes through `d`. An error on `n` can then only be observed through `d`, so the inputs of
//! `d` that no error can reach must hold non-controlling values: mandatory assignments found
//! without search.
//!
//! Computed on the DAG in reverse topological order with the "two-finger" intersection of
//! Cooper, Harvey and Kennedy, with a virtual sink after every output.

use crate::circuit::netlist::{Netlist, NodeId};

/// The immediate post-dominator of every net.
#[derive(Clone, Debug)]
pub struct Dominators {
    /// `ipdom[n]`: node index of the immediate post-dominator, [`SINK`] when the paths only
    /// meet at the outputs, [`UNOBSERVABLE`] when no path reaches an output.
    ipdom: Vec<u32>,
}

/// The virtual node after all outputs.
pub const SINK: u32 = u32::MAX - 1;
/// Marks nets from which no output can be reached.
pub const UNOBSERVABLE: u32 = u32::MAX;

impl Dominators {
    pub fn new(netlist: &Netlist) -> Dominators {
        let n = netlist.len();
        let mut ipdom = vec![UNOBSERVABLE; n];
        // Node indices are topological, so "closer to the sink" is "larger index"; the sink is
        // the largest of all.
        let intersect = |ipdom: &[u32], mut a: u32, mut b: u32| -> u32 {
            while a != b {
                while a < b {
                    a = ipdom[a as usize];
                }
                while b < a {
                    b = ipdom[b as usize];
                }
            }
            a
        };
        for node in netlist.nodes().rev() {
            let mut dom: Option<u32> = if netlist.is_observed(node) {
                Some(SINK)
            } else {
                None
            };
            for pin in netlist.fanouts(node) {
                let g = pin.gate.index() as u32;
                if ipdom[g as usize] == UNOBSERVABLE {
                    continue;
                }
                dom = Some(match dom {
                    None => g,
                    Some(d) => intersect(&ipdom, d, g),
                });
            }
            ipdom[node.index()] = dom.unwrap_or(UNOBSERVABLE);
        }
        Dominators { ipdom }
    }

    /// The nearest gate that every path from every one of `nodes` to the outputs passes
    /// through (possibly one of `nodes`), or `None` when the paths only meet at the outputs.
    pub fn common(&self, nodes: impl IntoIterator<Item = NodeId>) -> Option<NodeId> {
        let mut common: Option<u32> = None;
        for n in nodes {
            let mut b = n.index() as u32;
            if self.ipdom[b as usize] == UNOBSERVABLE {
                continue;
            }
            let Some(mut a) = common else {
                common = Some(b);
                continue;
            };
            while a != b {
                while a < b {
                    a = self.ipdom[a as usize];
                }
                while b < a {
                    b = self.ipdom[b as usize];
                }
            }
            common = Some(a);
        }
        common
            .filter(|&c| c < SINK)
            .map(|c| NodeId::from_index(c as usize))
    }

    /// Whether an error on `node` can reach some output at all.
    pub fn observable(&self, node: NodeId) -> bool {
        self.ipdom[node.index()] != UNOBSERVABLE
    }

    /// The gates every path from `node` to the outputs passes through, nearest first.
    pub fn chain(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let mut current = self.ipdom[node.index()];
        std::iter::from_fn(move || {
            if current >= SINK {
                return None;
            }
            let d = current;
            current = self.ipdom[d as usize];
            Some(NodeId::from_index(d as usize))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::parse_bench;

    #[test]
    fn reconvergent_fanout_meets_at_its_dominator() {
        // a fans out to x and y, which reconverge at z; z feeds w, the only output.
        let text = "INPUT(a)\nINPUT(b)\nOUTPUT(w)\nx = NOT(a)\ny = AND(a, b)\nz = OR(x, y)\nw = NAND(z, b)\nd = NOT(b)\n";
        let n = parse_bench(text, "t", "t").unwrap().netlist;
        let d = Dominators::new(&n);
        let name = |id: NodeId| n.net_name(id).to_owned();
        let chain = |net: &str| d.chain(n.find(net).unwrap()).map(name).collect::<Vec<_>>();
        assert_eq!(chain("a"), ["z", "w"]);
        assert_eq!(chain("x"), ["z", "w"]);
        // b reaches w directly and through y -> z: w still dominates it.
        assert_eq!(chain("b"), ["w"]);
        assert!(chain("w").is_empty());
        assert!(!d.observable(n.find("d").unwrap()));
        let id = |net: &str| n.find(net).unwrap();
        assert_eq!(d.common([id("x"), id("y")]), Some(id("z")));
        assert_eq!(d.common([id("z"), id("x")]), Some(id("z")));
        assert_eq!(d.common([id("y"), id("b")]), Some(id("w")));
        assert_eq!(d.common([id("w")]), Some(id("w")));
    }
}
