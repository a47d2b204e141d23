//! Post-dominators towards the outputs, for unique sensitization (FAN, [Fujiwara & Shimono 1983]).
//!
//! A gate `d` dominates a net `n` when every path from `n` to any (pseudo-)primary output
//! passes through `d`. An error on `n` can then only be observed through `d`, so the inputs of
//! `d` that no error can reach must hold non-controlling values: mandatory assignments found
//! without search.
//!
//! Computed on the DAG in reverse topological order with the "two-finger" intersection of
//! [Cooper, Harvey & Kennedy 2001], with a virtual sink after every output.

use crate::circuit::netlist::{Netlist, NodeId};

/// The immediate post-dominator of every net.
#[derive(Clone, Debug)]
pub struct Dominators {
    /// `ipdom[n]`: node index of the immediate post-dominator, [`SINK`] when the paths only
    /// meet at the outputs, [`UNOBSERVABLE`] when no path reaches an output.
    ipdom: Vec<u32>,
}

/// The virtual node after all outputs.
pub(crate) const SINK: u32 = u32::MAX - 1;
/// Marks nets from which no output can be reached.
pub(crate) const UNOBSERVABLE: u32 = u32::MAX;

impl Dominators {
    pub(crate) fn new(netlist: &Netlist) -> Dominators {
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
    pub(crate) fn common(&self, nodes: impl IntoIterator<Item = NodeId>) -> Option<NodeId> {
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

    #[cfg(test)]
    /// Whether an error on `node` can reach some output at all.
    pub(crate) fn observable(&self, node: NodeId) -> bool {
        self.ipdom[node.index()] != UNOBSERVABLE
    }

    /// The gates every path from `node` to the outputs passes through, nearest first.
    pub(crate) fn chain(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
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
    use crate::circuit::generate::{Family, RandomOptions, generate};
    use crate::circuit::parse_bench;
    use crate::rng::Rng;

    fn netlist(text: &str) -> Netlist {
        parse_bench(text, "t", "t").unwrap().netlist
    }

    /// The names of `net`'s post-dominators, nearest first.
    fn chain(n: &Netlist, d: &Dominators, net: &str) -> Vec<String> {
        d.chain(n.find(net).unwrap())
            .map(|g| n.net_name(g).to_owned())
            .collect()
    }

    #[test]
    fn every_gate_of_a_chain_dominates_the_nets_before_it() {
        let n = netlist("INPUT(a)\nOUTPUT(d)\nb = NOT(a)\nc = BUF(b)\nd = NOT(c)\n");
        let d = Dominators::new(&n);
        assert_eq!(chain(&n, &d, "a"), ["b", "c", "d"]);
        assert_eq!(chain(&n, &d, "b"), ["c", "d"]);
        assert_eq!(chain(&n, &d, "c"), ["d"]);
        assert!(chain(&n, &d, "d").is_empty());
    }

    #[test]
    fn a_stem_is_dominated_by_the_gate_where_its_branches_reconverge() {
        let n =
            netlist("INPUT(s)\nINPUT(t)\nOUTPUT(r)\nu = NOT(s)\nv = NOR(s, t)\nr = AND(u, v)\n");
        let d = Dominators::new(&n);
        assert_eq!(chain(&n, &d, "s"), ["r"]);
        assert_eq!(chain(&n, &d, "u"), ["r"]);
        assert_eq!(chain(&n, &d, "t"), ["v", "r"]);
    }

    #[test]
    fn branches_to_two_outputs_meet_only_at_the_sink() {
        let n = netlist("INPUT(a)\nOUTPUT(x)\nOUTPUT(y)\nx = NOT(a)\ny = BUF(a)\n");
        let d = Dominators::new(&n);
        let id = |net: &str| n.find(net).unwrap();
        assert!(chain(&n, &d, "a").is_empty());
        assert!(d.observable(id("a")));
        assert_eq!(d.common([id("x"), id("y")]), None);
        assert_eq!(d.common([id("a"), id("x")]), None);
    }

    #[test]
    fn an_output_that_feeds_on_is_dominated_only_by_the_sink() {
        // x is observed and feeds z: an error on x is seen at x whatever z does.
        let n = netlist("INPUT(a)\nINPUT(b)\nOUTPUT(x)\nOUTPUT(z)\nx = NOT(a)\nz = AND(x, b)\n");
        let d = Dominators::new(&n);
        assert_eq!(chain(&n, &d, "a"), ["x"]);
        assert!(chain(&n, &d, "x").is_empty());
        assert_eq!(chain(&n, &d, "b"), ["z"]);
    }

    /// c17's immediate post-dominators, worked out by hand: 3, 11 and 16 fan out to paths that
    /// meet only at the outputs; 1 reaches 22 only through 10, 7 reaches 23 only through 19.
    #[test]
    fn c17_immediate_post_dominators() {
        let n = netlist(
            "INPUT(1)\nINPUT(2)\nINPUT(3)\nINPUT(6)\nINPUT(7)\nOUTPUT(22)\nOUTPUT(23)\n\
             10 = NAND(1, 3)\n11 = NAND(3, 6)\n16 = NAND(2, 11)\n19 = NAND(11, 7)\n\
             22 = NAND(10, 16)\n23 = NAND(16, 19)\n",
        );
        let d = Dominators::new(&n);
        let expected = [
            ("1", Some("10")),
            ("2", Some("16")),
            ("3", None),
            ("6", Some("11")),
            ("7", Some("19")),
            ("10", Some("22")),
            ("11", None),
            ("16", None),
            ("19", Some("23")),
            ("22", None),
            ("23", None),
        ];
        assert_eq!(expected.len(), n.len());
        for (net, ipdom) in expected {
            let id = n.find(net).unwrap();
            assert!(d.observable(id), "{net}");
            let got = d.chain(id).next().map(|g| n.net_name(g));
            assert_eq!(got, ipdom, "immediate post-dominator of {net}");
        }
        assert_eq!(chain(&n, &d, "1"), ["10", "22"]);
        assert_eq!(chain(&n, &d, "7"), ["19", "23"]);
        let id = |net: &str| n.find(net).unwrap();
        assert_eq!(d.common([id("1"), id("10")]), Some(id("10")));
        assert_eq!(d.common([id("6"), id("11")]), Some(id("11")));
        assert_eq!(d.common([id("10"), id("19")]), None);
    }

    /// For each node, whether each node lies on every path from it to an output (the node
    /// itself included), found by enumerating the paths; `None` when no path reaches an output.
    fn on_every_path(n: &Netlist) -> Vec<Option<Vec<bool>>> {
        fn walk(n: &Netlist, node: NodeId, path: &mut [bool], all: &mut Option<Vec<bool>>) {
            path[node.index()] = true;
            if n.is_observed(node) {
                match all {
                    None => *all = Some(path.to_vec()),
                    Some(all) => all.iter_mut().zip(&*path).for_each(|(a, p)| *a &= *p),
                }
            }
            for pin in n.fanouts(node) {
                walk(n, pin.gate, path, all);
            }
            path[node.index()] = false;
        }
        n.nodes()
            .map(|node| {
                let mut all = None;
                walk(n, node, &mut vec![false; n.len()], &mut all);
                all
            })
            .collect()
    }

    /// A random netlist: gates over earlier nets, some left dangling (unobservable), outputs
    /// that may feed further gates.
    fn random_bench(rng: &mut Rng) -> Netlist {
        let inputs = 2 + rng.index(3);
        let gates = 3 + rng.index(12);
        let kinds = ["AND", "NAND", "OR", "NOR", "XOR", "NOT", "BUF"];
        let mut text = String::new();
        let mut nets: Vec<String> = (0..inputs).map(|i| format!("i{i}")).collect();
        for net in &nets {
            text += &format!("INPUT({net})\n");
        }
        for k in 0..gates {
            let kind = kinds[rng.index(kinds.len())];
            let arity = if kind == "NOT" || kind == "BUF" {
                1
            } else {
                2 + rng.index(2)
            };
            let fanins: Vec<&str> = (0..arity)
                .map(|_| nets[rng.index(nets.len())].as_str())
                .collect();
            text += &format!("g{k} = {kind}({})\n", fanins.join(", "));
            nets.push(format!("g{k}"));
        }
        text += &format!("OUTPUT(g{})\n", gates - 1);
        for k in 0..gates - 1 {
            if rng.chance(1, 5) {
                text += &format!("OUTPUT(g{k})\n");
            }
        }
        netlist(&text)
    }

    fn check_against_paths(n: &Netlist, rng: &mut Rng) {
        let d = Dominators::new(n);
        let all = on_every_path(n);
        for node in n.nodes() {
            let name = n.net_name(node);
            assert_eq!(d.observable(node), all[node.index()].is_some(), "{name}");
            let expected: Vec<NodeId> = match &all[node.index()] {
                None => Vec::new(),
                Some(on) => n.nodes().filter(|g| *g != node && on[g.index()]).collect(),
            };
            assert_eq!(
                d.chain(node).collect::<Vec<_>>(),
                expected,
                "post-dominators of {name}"
            );
        }
        for _ in 0..20 {
            let nodes: Vec<NodeId> = (0..1 + rng.index(3))
                .map(|_| NodeId::from_index(rng.index(n.len())))
                .collect();
            let mut common: Option<Vec<bool>> = None;
            for on in nodes.iter().filter_map(|m| all[m.index()].as_ref()) {
                common = Some(match common {
                    None => on.clone(),
                    Some(c) => c.iter().zip(on).map(|(a, b)| *a && *b).collect(),
                });
            }
            let nearest = common.and_then(|c| n.nodes().find(|g| c[g.index()]));
            assert_eq!(
                d.common(nodes.iter().copied()),
                nearest,
                "common of {nodes:?}"
            );
        }
    }

    /// g post-dominates n exactly when every path from n to an output passes through g, on
    /// small random netlists with every path enumerated.
    #[test]
    fn dominators_match_path_enumeration_on_random_netlists() {
        let mut rng = Rng::new(2001);
        for _ in 0..300 {
            let n = random_bench(&mut rng);
            check_against_paths(&n, &mut rng);
        }
        for seed in 0..20 {
            let dffs = (seed % 3) as usize;
            let n = generate(
                Family::Random,
                12 + seed as usize,
                RandomOptions { seed, dffs },
            )
            .unwrap();
            check_against_paths(&n, &mut rng);
        }
    }

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
