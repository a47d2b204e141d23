//! The single stuck-at fault universe and fault collapsing.
//!
//! Fault sites are every *stem* (each primary or pseudo-primary input and each gate output) and
//! every *fanout branch*: each gate input pin fed by a net with more than one sink, where a
//! primary or pseudo-primary output counts as a sink. A pin fed by a net with a single sink is
//! the same line as the net, so it has no fault of its own. A flip-flop's data input is a gate
//! pin like any other (the `.bench` file writes the flip-flop as a gate), so it is a branch when
//! its net has other sinks; under full scan that branch is observed only at its pseudo-primary
//! output. This is the convention behind the published collapsed counts (s5378: 4603); primary
//! outputs are sinks but not fault sites of their own.
//!
//! Names, used in every report and file: `NET sa0` / `NET sa1` for a stem, `NET->GATE sa0` for
//! the branch of `NET` entering the gate (or flip-flop) that drives `GATE`, with `#k` after
//! `GATE` when the same net enters that gate on several pins (`k` counts those pins from 0 in
//! pin order).
//!
//! Collapsing by structural equivalence merges, for each gate, the input faults that are
//! indistinguishable from an output fault: input stuck-at the controlling value with the output
//! stuck-at the controlled value (AND, NAND, OR, NOR), both polarities through NOT and BUF (and
//! through one-input AND/OR/XOR and their inverses, which are buffers and inverters). Dominance
//! collapsing additionally drops the output fault of a multi-input AND/NAND/OR/NOR that is
//! detected by every test of an input fault (output stuck-at the non-controlled value).

use std::fmt;

use super::netlist::{Netlist, NodeId, Pin};

/// Index of a fault in a [`FaultUniverse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FaultId(u32);

impl FaultId {
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Where a fault sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FaultSite {
    /// The whole net driven by this node (input or gate output).
    Stem(NodeId),
    /// One gate input pin fed by a fanout stem.
    Branch(Pin),
    /// The data input of the flip-flop at this index of [`Netlist::dffs`], fed by a fanout
    /// stem: a branch that ends at the flip-flop's pseudo-primary output.
    DffInput(u32),
}

/// A single stuck-at fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fault {
    pub site: FaultSite,
    /// The stuck value: `false` for stuck-at-0, `true` for stuck-at-1.
    pub stuck_at: bool,
}

impl Fault {
    /// The fault's name in the `NET sa0` / `NET->GATE#k sa1` convention.
    pub fn name(&self, netlist: &Netlist) -> String {
        FaultName {
            fault: *self,
            netlist,
        }
        .to_string()
    }

    /// The net the fault is on (the stem itself, or the stem feeding the branch).
    pub(crate) fn net(&self, netlist: &Netlist) -> NodeId {
        match self.site {
            FaultSite::Stem(n) => n,
            FaultSite::Branch(pin) => netlist.fanins(pin.gate)[pin.pin as usize],
            FaultSite::DffInput(k) => netlist.dffs()[k as usize].d,
        }
    }
}

struct FaultName<'a> {
    fault: Fault,
    netlist: &'a Netlist,
}

impl fmt::Display for FaultName<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.netlist;
        match self.fault.site {
            FaultSite::Stem(node) => f.write_str(n.net_name(node))?,
            FaultSite::Branch(pin) => {
                let fanins = n.fanins(pin.gate);
                let net = fanins[pin.pin as usize];
                write!(f, "{}->{}", n.net_name(net), n.net_name(pin.gate))?;
                if fanins.iter().filter(|&&x| x == net).count() > 1 {
                    let k = fanins[..pin.pin as usize]
                        .iter()
                        .filter(|&&x| x == net)
                        .count();
                    write!(f, "#{k}")?;
                }
            }
            FaultSite::DffInput(k) => {
                let dff = n.dffs()[k as usize];
                write!(f, "{}->{}", n.net_name(dff.d), n.net_name(dff.q))?;
            }
        }
        write!(f, " sa{}", u8::from(self.fault.stuck_at))
    }
}

/// Every single stuck-at fault of a netlist, with its equivalence classes.
#[derive(Clone, Debug)]
pub struct FaultUniverse {
    faults: Vec<Fault>,
    /// The equivalence-class representative of each fault (the smallest id in the class).
    representative: Vec<FaultId>,
    /// Class representatives, in increasing id order: the equivalence-collapsed fault list.
    collapsed: Vec<FaultId>,
    /// Index of each node's stem stuck-at-0 fault (stuck-at-1 follows it).
    stem_index: Vec<u32>,
    /// Per node, per fanin pin: index of the pin's branch stuck-at-0 fault, or `NO_BRANCH`.
    pin_index: Vec<Vec<u32>>,
    /// Per flip-flop: index of its data-input branch stuck-at-0 fault, or `NO_BRANCH`.
    dff_pin_index: Vec<u32>,
    /// Classes removed by dominance collapsing (indexed by fault id; meaningful for
    /// representatives).
    dominated_away: Vec<bool>,
}

const NO_BRANCH: u32 = u32::MAX;

impl FaultUniverse {
    /// Enumerates the fault universe of `netlist` and collapses it.
    ///
    /// Order: for each node in topological order, its stem sa0 and sa1, then (if it is a fanout
    /// stem) each of its branches sa0 and sa1: gate pins in fanout order, then flip-flop inputs
    /// in flip-flop order.
    pub fn new(netlist: &Netlist) -> FaultUniverse {
        let mut faults = Vec::new();
        let mut stem_index = vec![0u32; netlist.len()];
        let mut pin_index: Vec<Vec<u32>> = netlist
            .nodes()
            .map(|g| vec![NO_BRANCH; netlist.fanins(g).len()])
            .collect();
        let mut dff_pin_index = vec![NO_BRANCH; netlist.dffs().len()];
        let mut dffs_fed: Vec<Vec<u32>> = vec![Vec::new(); netlist.len()];
        for (k, dff) in netlist.dffs().iter().enumerate() {
            dffs_fed[dff.d.index()].push(k as u32);
        }
        for node in netlist.nodes() {
            stem_index[node.index()] = faults.len() as u32;
            for stuck_at in [false, true] {
                faults.push(Fault {
                    site: FaultSite::Stem(node),
                    stuck_at,
                });
            }
            if netlist.has_branches(node) {
                for &pin in netlist.fanouts(node) {
                    pin_index[pin.gate.index()][pin.pin as usize] = faults.len() as u32;
                    for stuck_at in [false, true] {
                        faults.push(Fault {
                            site: FaultSite::Branch(pin),
                            stuck_at,
                        });
                    }
                }
                for &k in &dffs_fed[node.index()] {
                    dff_pin_index[k as usize] = faults.len() as u32;
                    for stuck_at in [false, true] {
                        faults.push(Fault {
                            site: FaultSite::DffInput(k),
                            stuck_at,
                        });
                    }
                }
            }
        }
        let mut universe = FaultUniverse {
            representative: (0..faults.len() as u32).map(FaultId).collect(),
            dominated_away: vec![false; faults.len()],
            faults,
            collapsed: Vec::new(),
            stem_index,
            pin_index,
            dff_pin_index,
        };
        universe.collapse_equivalent(netlist);
        universe.collapse_dominated(netlist);
        universe
    }

    /// Number of faults in the (uncollapsed) universe.
    pub fn len(&self) -> usize {
        self.faults.len()
    }

    pub fn is_empty(&self) -> bool {
        self.faults.is_empty()
    }

    pub fn fault(&self, id: FaultId) -> Fault {
        self.faults[id.index()]
    }

    /// All faults, indexed by [`FaultId`].
    pub fn faults(&self) -> &[Fault] {
        &self.faults
    }

    pub fn ids(&self) -> impl ExactSizeIterator<Item = FaultId> + use<> {
        (0..self.faults.len() as u32).map(FaultId)
    }

    /// The equivalence-collapsed fault list: one representative per class.
    pub fn collapsed(&self) -> &[FaultId] {
        &self.collapsed
    }

    /// The faults of [`FaultUniverse::collapsed`], one per equivalence class: the targets of
    /// test generation.
    pub fn collapsed_faults(&self) -> Vec<Fault> {
        self.collapsed().iter().map(|&id| self.fault(id)).collect()
    }

    /// The representative of the equivalence class of `id`.
    pub fn representative(&self, id: FaultId) -> FaultId {
        self.representative[id.index()]
    }

    /// The collapsed list after also dropping dominating faults: every fault left out is
    /// detected by any test of some fault kept.
    pub fn dominance_collapsed(&self) -> Vec<FaultId> {
        self.collapsed
            .iter()
            .copied()
            .filter(|r| !self.dominated_away[r.index()])
            .collect()
    }

    /// The stem fault of `node`.
    pub fn stem(&self, node: NodeId, stuck_at: bool) -> FaultId {
        FaultId(self.stem_index[node.index()] + u32::from(stuck_at))
    }

    /// The fault on the line entering `pin`: its branch fault when the feeding net is a fanout
    /// stem, otherwise the stem fault of the feeding net (the same line).
    pub fn line(&self, netlist: &Netlist, pin: Pin, stuck_at: bool) -> FaultId {
        let branch = self.pin_index[pin.gate.index()][pin.pin as usize];
        if branch == NO_BRANCH {
            self.stem(netlist.fanins(pin.gate)[pin.pin as usize], stuck_at)
        } else {
            FaultId(branch + u32::from(stuck_at))
        }
    }

    pub fn name(&self, netlist: &Netlist, id: FaultId) -> String {
        self.fault(id).name(netlist)
    }

    /// Looks a fault up by its name (`G1 sa0`, `G1->G5 sa1`, `G1->G5#1 sa0`).
    pub fn find(&self, netlist: &Netlist, name: &str) -> Option<FaultId> {
        let (site, polarity) = name.trim().rsplit_once(' ')?;
        let stuck_at = match polarity {
            "sa0" => false,
            "sa1" => true,
            _ => return None,
        };
        let site = site.trim_end();
        if let Some(node) = netlist.find(site) {
            return Some(self.stem(node, stuck_at));
        }
        // Net names may themselves contain "->", so try every split point.
        for (at, _) in site.match_indices("->") {
            let (net, rest) = (&site[..at], &site[at + 2..]);
            let (gate, k) = match rest.rsplit_once('#') {
                Some((g, k)) if netlist.find(rest).is_none() => match k.parse::<usize>() {
                    Ok(k) => (g, k),
                    Err(_) => continue,
                },
                _ => (rest, 0),
            };
            let (Some(net), Some(gate)) = (netlist.find(net), netlist.find(gate)) else {
                continue;
            };
            if let Some(k) = netlist
                .dffs()
                .iter()
                .position(|d| d.q == gate && d.d == net)
            {
                let id = self.dff_pin_index[k];
                if id != NO_BRANCH && rest == netlist.net_name(gate) {
                    return Some(FaultId(id + u32::from(stuck_at)));
                }
                continue;
            }
            let Some((pin, _)) = netlist
                .fanins(gate)
                .iter()
                .enumerate()
                .filter(|&(_, &f)| f == net)
                .nth(k)
            else {
                continue;
            };
            let id = self.pin_index[gate.index()][pin];
            if id != NO_BRANCH {
                let id = FaultId(id + u32::from(stuck_at));
                // Reject a `#k`-less name for a gate that needs one, and vice versa.
                return (self.name(netlist, id) == name.trim()).then_some(id);
            }
        }
        None
    }

    fn union(&mut self, a: FaultId, b: FaultId) {
        let (ra, rb) = (self.root(a), self.root(b));
        // The smaller id becomes the root, so representatives are deterministic.
        let (keep, drop) = if ra <= rb { (ra, rb) } else { (rb, ra) };
        self.representative[drop.index()] = keep;
    }

    fn root(&mut self, id: FaultId) -> FaultId {
        let mut r = id;
        while self.representative[r.index()] != r {
            r = self.representative[r.index()];
        }
        // Path compression.
        let mut x = id;
        while self.representative[x.index()] != r {
            let next = self.representative[x.index()];
            self.representative[x.index()] = r;
            x = next;
        }
        r
    }

    fn collapse_equivalent(&mut self, netlist: &Netlist) {
        for gate in netlist.gates() {
            let Some(kind) = netlist.gate_kind(gate) else {
                continue;
            };
            let pins = netlist.fanins(gate).len() as u32;
            let pin = |p: u32| Pin { gate, pin: p };
            // One-input gates are buffers or inverters whatever their name.
            if pins == 1 {
                let inverting = kind.is_inverting();
                for v in [false, true] {
                    let input = self.line(netlist, pin(0), v);
                    let output = self.stem(gate, v ^ inverting);
                    self.union(input, output);
                }
                continue;
            }
            if let Some(c) = kind.controlling_value() {
                let output = self.stem(gate, c ^ kind.is_inverting());
                for p in 0..pins {
                    let input = self.line(netlist, pin(p), c);
                    self.union(input, output);
                }
            }
        }
        for id in 0..self.faults.len() as u32 {
            let r = self.root(FaultId(id));
            self.representative[id as usize] = r;
        }
        self.collapsed = self
            .ids()
            .filter(|&id| self.representative[id.index()] == id)
            .collect();
    }

    fn collapse_dominated(&mut self, netlist: &Netlist) {
        for gate in netlist.gates() {
            let Some(kind) = netlist.gate_kind(gate) else {
                continue;
            };
            if netlist.fanins(gate).len() < 2 {
                continue;
            }
            if let Some(c) = kind.controlling_value() {
                // Output stuck at the non-controlled value dominates each input stuck at the
                // non-controlling value. Dominance only points from a gate output towards its
                // inputs, so it is acyclic and every dropped class leads to a kept one.
                let output = self.stem(gate, !c ^ kind.is_inverting());
                let r = self.representative(output);
                self.dominated_away[r.index()] = true;
            }
        }
    }

    /// Copies each class representative's entry of `per_fault` to every member of its class.
    /// Structurally equivalent faults are detected by exactly the same patterns, so results
    /// computed for the collapsed list hold for the whole universe.
    pub fn expand<T: Copy>(&self, per_fault: &mut [T]) {
        for id in 0..self.faults.len() {
            per_fault[id] = per_fault[self.representative[id].index()];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::circuit::bench::parse_bench;

    fn netlist(text: &str) -> Netlist {
        parse_bench(text, "t", "t.bench").unwrap().netlist
    }

    const C17: &str = "INPUT(1)\nINPUT(2)\nINPUT(3)\nINPUT(6)\nINPUT(7)\nOUTPUT(22)\nOUTPUT(23)\n10 = NAND(1, 3)\n11 = NAND(3, 6)\n16 = NAND(2, 11)\n19 = NAND(11, 7)\n22 = NAND(10, 16)\n23 = NAND(16, 19)\n";

    #[test]
    fn c17_has_34_faults_22_collapsed() {
        let n = netlist(C17);
        let u = FaultUniverse::new(&n);
        assert_eq!(u.len(), 34);
        assert_eq!(u.collapsed().len(), 22);
        let names: Vec<String> = u.ids().map(|id| u.name(&n, id)).collect();
        assert!(names.contains(&"3->10 sa1".to_owned()));
        assert!(names.contains(&"16->23 sa0".to_owned()));
        assert!(!names.iter().any(|n| n.starts_with("1->")));
        for (id, name) in u.ids().zip(&names) {
            assert_eq!(u.find(&n, name), Some(id), "{name}");
        }
    }

    #[test]
    fn same_net_on_two_pins_gets_numbered_branches() {
        let n = netlist("INPUT(a)\nOUTPUT(y)\ny = AND(a, a)\n");
        let u = FaultUniverse::new(&n);
        let names: Vec<String> = u.ids().map(|id| u.name(&n, id)).collect();
        assert_eq!(
            names,
            [
                "a sa0",
                "a sa1",
                "a->y#0 sa0",
                "a->y#0 sa1",
                "a->y#1 sa0",
                "a->y#1 sa1",
                "y sa0",
                "y sa1"
            ]
        );
        for (id, name) in u.ids().zip(&names) {
            assert_eq!(u.find(&n, name), Some(id));
        }
        assert_eq!(u.find(&n, "a->y sa0"), None);
        // a->y#0 sa0 == a->y#1 sa0 == y sa0; nothing else merges.
        assert_eq!(u.collapsed().len(), 6);
    }

    #[test]
    fn names_with_arrows_are_found() {
        // Net names may contain "->"; every split point of a branch name is tried.
        let n = netlist(
            "INPUT(a)\nINPUT(a->b)\nOUTPUT(y)\nOUTPUT(z)\ny = AND(a->b, a)\nz = OR(a->b, a)\n",
        );
        let u = FaultUniverse::new(&n);
        for id in u.ids() {
            assert_eq!(u.find(&n, &u.name(&n, id)), Some(id), "{}", u.name(&n, id));
        }
        assert_eq!(u.find(&n, "a->b->q sa0"), None);
        assert_eq!(u.find(&n, "a->y#x sa0"), None);
    }

    #[test]
    fn output_counts_as_a_sink() {
        // `a` feeds one gate and is an output, so the pin is a branch.
        let n = netlist("INPUT(a)\nOUTPUT(a)\nOUTPUT(y)\ny = NOT(a)\n");
        let u = FaultUniverse::new(&n);
        assert_eq!(u.len(), 6);
        // No equivalence across a fanout stem: a sa0, a sa1, branch sa0 == y sa1, branch sa1 == y sa0.
        assert_eq!(u.collapsed().len(), 4);
    }

    #[test]
    fn flip_flop_input_is_a_branch() {
        // `x` feeds a gate and a flip-flop: two branches. `y` feeds only a flip-flop: no branch.
        let n = netlist(
            "INPUT(a)\nOUTPUT(z)\nq = DFF(x)\nr = DFF(y)\nx = NOT(a)\ny = AND(x, q)\nz = BUFF(r)\n",
        );
        let u = FaultUniverse::new(&n);
        let names: Vec<String> = u.ids().map(|id| u.name(&n, id)).collect();
        assert!(names.contains(&"x->q sa0".to_owned()));
        assert!(names.contains(&"x->y sa1".to_owned()));
        assert!(!names.iter().any(|s| s.starts_with("y->")));
        for (id, name) in u.ids().zip(&names) {
            assert_eq!(u.find(&n, name), Some(id), "{name}");
        }
    }

    #[test]
    fn dominance_drops_output_faults() {
        let n = netlist("INPUT(a)\nINPUT(b)\nOUTPUT(y)\ny = AND(a, b)\n");
        let u = FaultUniverse::new(&n);
        assert_eq!(u.len(), 6);
        assert_eq!(u.collapsed().len(), 4); // a0=b0=y0, a1, b1, y1
        let kept: Vec<String> = u
            .dominance_collapsed()
            .iter()
            .map(|&id| u.name(&n, id))
            .collect();
        assert_eq!(kept, ["a sa0", "a sa1", "b sa1"]);
    }
}
