//! The D-algorithm on one stuck-at fault, traced ([Roth 1966]): the gate-level tracer, and the
//! circuit drawn with the values of a step.
//!
//! Values are Roth's five, 0 1 X D D' (D is 1 in the good circuit and 0 in the faulty one),
//! and, where one circuit's side is known and the other not yet, the pair `good/faulty` (the
//! model implies with Muth's nine values, which are never weaker).

use std::fmt::Write as _;

use bumpalo::Bump;

use super::{Describe, Frontier, StepTracer, Trace, Verdict, escape};
use crate::circuit::dalg::model::{Alternative, Subtask};
use crate::circuit::dalg::{Analysis, GateModel, Justification};
use crate::circuit::fault::{Fault, FaultSite};
use crate::circuit::fsim::ConeSimulator;
use crate::circuit::netlist::{Netlist, NodeId, NodeKind};
use crate::circuit::patterns::Bit;
use crate::circuit::sim::{PackedPatterns, simulate_block};
use crate::engine::{self, Limits, Model as _, Outcome};
use crate::layout::{self, shorten as short};

/// How the traced search runs.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Roth's way (justify a gate by choosing one of its cubes, drive the error to an output
    /// before justifying) or FAN's (backtrace to an input, justify first), as `roth atpg`.
    pub strategy: Justification,
    /// Static learning (SOCRATES), as `roth atpg`.
    pub learning: bool,
    /// Backtracks before the search gives up.
    pub backtracks: u64,
    /// Steps recorded at most.
    pub max_steps: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            strategy: Justification::Cubes,
            learning: false,
            backtracks: 10_000,
            max_steps: 5_000,
        }
    }
}

/// A value pair in Roth's notation.
pub(crate) fn five_valued([good, faulty]: [u8; 2]) -> String {
    let one = |v: u8| match v {
        0 => "0",
        1 => "1",
        _ => "X",
    };
    match (good, faulty) {
        (1, 0) => "D".into(),
        (0, 1) => "D'".into(),
        (g, f) if g == f => one(g).into(),
        (g, f) => format!("{}/{}", one(g), one(f)),
    }
}

/// The pair a value in Roth's notation stands for (2 for X).
fn pair_of(value: &str) -> [u8; 2] {
    let one = |s: &str| match s {
        "0" => 0,
        "1" => 1,
        _ => 2,
    };
    match value {
        "D" => [1, 0],
        "D'" => [0, 1],
        v => match v.split_once('/') {
            Some((g, f)) => [one(g), one(f)],
            None => [one(v), one(v)],
        },
    }
}

/// A value's drawing category: 0, 1, X, an error (D or D'), or partly known.
pub fn category(value: &str) -> &'static str {
    match value {
        "0" => "0",
        "1" => "1",
        "X" => "x",
        "D" | "D'" => "d",
        _ => "p",
    }
}

fn circuit_name(c: usize) -> &'static str {
    if c == 0 { "good" } else { "faulty" }
}

/// The circuit's words for a trace.
struct Circuit<'n> {
    netlist: &'n Netlist,
    /// The fault's net and stuck value, and the gate its branch enters (branch faults).
    excite: (NodeId, u8),
    branch: Option<NodeId>,
}

impl<'n> Circuit<'n> {
    fn name(&self, n: NodeId) -> &'n str {
        self.netlist.net_name(n)
    }

    fn gate(&self, g: NodeId) -> String {
        match self.netlist.gate_kind(g) {
            Some(kind) => format!("{} ({kind})", self.name(g)),
            None => self.name(g).to_string(),
        }
    }

    fn values(model: &GateModel<'_>) -> Vec<String> {
        model
            .netlist()
            .nodes()
            .map(|n| five_valued(model.value_pair(n)))
            .collect()
    }
}

impl<'n> Describe<GateModel<'n>> for Circuit<'n> {
    fn frontiers(&self, model: &GateModel<'n>) -> Vec<Frontier> {
        let d = model
            .d_frontier_view()
            .into_iter()
            .map(|(g, p)| format!("{}({})", self.name(g), if p { "D" } else { "D'" }))
            .collect();
        let j = model
            .j_frontier_view()
            .into_iter()
            .map(|(g, c)| {
                if c == 0 {
                    self.name(g).to_string()
                } else {
                    format!("{}(faulty)", self.name(g))
                }
            })
            .collect();
        vec![
            Frontier {
                name: "D-frontier".into(),
                items: d,
            },
            Frontier {
                name: "J-frontier".into(),
                items: j,
            },
        ]
    }

    /// A subtask's kind, words and number of alternatives.
    fn subtask(
        &self,
        subtask: &Subtask<'_>,
        model: &GateModel<'n>,
    ) -> (String, String, Option<usize>) {
        let output =
            |g: NodeId, c: usize| model.value_pair(g)[if model.in_fault_cone(g) { c } else { 0 }];
        let kind = GateModel::kind(subtask).to_string();
        let (words, count) = match *subtask {
            Subtask::Excite => ("excite the fault".to_string(), 1),
            Subtask::Propagate(list) => {
                let items: Vec<String> = list
                    .iter()
                    .map(|&(g, p)| format!("{}({})", self.name(g), if p { "D" } else { "D'" }))
                    .collect();
                (
                    format!("D-drive through one of {}", items.join(" ")),
                    list.len(),
                )
            }
            Subtask::Justify {
                gate,
                circuit,
                value,
                nets,
            } => (
                format!(
                    "justify {} = {} in the {} circuit: an input at {value}",
                    self.gate(gate),
                    output(gate, circuit),
                    circuit_name(circuit)
                ),
                nets.len(),
            ),
            Subtask::Decide {
                gate, circuit, net, ..
            } => (
                format!(
                    "justify {} = {} in the {} circuit: decide {}",
                    self.gate(gate),
                    output(gate, circuit),
                    circuit_name(circuit),
                    self.name(net)
                ),
                2,
            ),
        };
        (kind, words, Some(count))
    }

    fn alternative(&self, alternative: &Alternative<'_>, _: &GateModel<'n>) -> String {
        match *alternative {
            Alternative::Excite => {
                let (net, stuck) = self.excite;
                let error = five_valued([1 - stuck, stuck]);
                match self.branch {
                    Some(gate) => format!(
                        "branch {}->{} = {error} ({} = {} in the good circuit, the branch stuck at {stuck})",
                        self.name(net),
                        self.name(gate),
                        self.name(net),
                        1 - stuck
                    ),
                    None => format!(
                        "{} = {error} (good {}, faulty {stuck})",
                        self.name(net),
                        1 - stuck
                    ),
                }
            }
            Alternative::Propagate {
                gate,
                polarity,
                before,
            } => {
                let mut s = format!(
                    "{} = {}",
                    self.gate(gate),
                    if polarity { "D" } else { "D'" }
                );
                let excluded: Vec<&str> = before
                    .iter()
                    .map(|&(g, _)| self.name(g))
                    .filter(|&g| g != self.name(gate))
                    .collect();
                if !excluded.is_empty() {
                    write!(s, ", the error kept out of {}", excluded.join(" ")).unwrap();
                }
                s
            }
            Alternative::Justify { value, nets, k, .. } => {
                let mut s = format!("{} = {value}", self.name(nets[k]));
                if k > 0 {
                    let before: Vec<&str> = nets[..k].iter().map(|&n| self.name(n)).collect();
                    write!(s, " ({} = {})", before.join(" "), 1 - value).unwrap();
                }
                s
            }
            Alternative::Assign { net, value, .. } => format!("{} = {value}", self.name(net)),
        }
    }

    fn conflict(&self, model: &GateModel<'n>) -> String {
        match model.conflict_net() {
            Some((n, Some(c))) => {
                let v = model.value_pair(n)[if model.in_fault_cone(n) { c } else { 0 }];
                if v == 2 {
                    format!(
                        "conflict at {} in the {} circuit",
                        self.name(n),
                        circuit_name(c)
                    )
                } else {
                    format!(
                        "conflict at {}: the {} circuit holds {v}, implication needs {}",
                        self.name(n),
                        circuit_name(c),
                        1 - v
                    )
                }
            }
            Some((n, None)) => format!(
                "conflict: the error reaches {}, which an earlier alternative excluded",
                self.name(n)
            ),
            None => "conflict".into(),
        }
    }

    fn dead_end(&self, model: &GateModel<'n>) -> String {
        let d = model.d_frontier_view();
        let errors = model
            .netlist()
            .nodes()
            .any(|n| matches!(model.value_pair(n), [1, 0] | [0, 1]));
        if !errors {
            "dead end: the fault cannot be excited here".into()
        } else if d.is_empty() {
            "dead end: the D-frontier is empty, no error can reach an output".into()
        } else {
            "dead end: implication between steps (unique sensitization) found a conflict".into()
        }
    }
    fn found(&self, model: &GateModel<'n>) -> String {
        let outputs: Vec<&str> = self
            .netlist
            .outputs()
            .iter()
            .filter(|&&o| matches!(model.value_pair(o), [1, 0] | [0, 1]))
            .map(|&o| self.name(o))
            .collect();
        format!(
            "test found: the error reaches {} and the J-frontier is empty",
            outputs.join(" ")
        )
    }

    fn snapshot(&self, model: &GateModel<'n>) -> Vec<String> {
        Circuit::values(model)
    }
}

/// Whether every completion of `cube` detects `fault` (checked with its don't-cares all 0 and
/// all 1, by the fault simulator).
fn detects(netlist: &Netlist, fault: Fault, cube: &[Bit]) -> bool {
    [false, true].iter().all(|&fill| {
        let test: Vec<bool> = cube
            .iter()
            .map(|b| match b {
                Bit::Zero => false,
                Bit::One => true,
                Bit::X => fill,
            })
            .collect();
        let patterns = PackedPatterns::from_tests(netlist.inputs().len(), &[test]);
        let mut good = vec![0u64; netlist.len()];
        simulate_block(netlist, patterns.block(0), &mut good);
        ConeSimulator::new(netlist).detect(netlist, &good, fault) & 1 != 0
    })
}

/// Runs the D-algorithm on `fault` and records every step.
pub fn explain_fault(netlist: &Netlist, subject: &str, fault: Fault, options: &Options) -> Trace {
    let analysis = if options.learning {
        Analysis::with_learning(netlist).0
    } else {
        Analysis::new(netlist)
    };
    let mut model = GateModel::new(&analysis);
    let roth = options.strategy == Justification::Cubes;
    model.set_strategy(options.strategy, !roth);
    model.set_target(fault, None);
    let elements: Vec<String> = netlist
        .nodes()
        .map(|n| netlist.net_name(n).to_string())
        .collect();
    let start_values = Circuit::values(&model);
    let mut start = super::changes_from(&start_values, "X");
    let describe = Circuit {
        netlist,
        excite: (fault.net(netlist), u8::from(fault.stuck_at)),
        branch: match fault.site {
            FaultSite::Branch(pin) => Some(pin.gate),
            _ => None,
        },
    };
    let mut tracer = StepTracer::new(describe, start_values, options.max_steps);
    let limits = Limits {
        backtracks: Some(options.backtracks),
        ..Limits::default()
    };
    let arena = Bump::new();
    let (outcome, counters) = engine::search(&mut model, &arena, &limits, &mut tracer);
    let name = fault.name(netlist);
    let stuck = u8::from(fault.stuck_at);
    let site = match fault.site {
        FaultSite::Stem(n) => format!("net {} stuck at {stuck}", netlist.net_name(n)),
        FaultSite::Branch(pin) => format!(
            "the branch of {} into {} stuck at {stuck}",
            netlist.net_name(netlist.fanins(pin.gate)[pin.pin as usize]),
            netlist.net_name(pin.gate)
        ),
        FaultSite::DffInput(k) => format!(
            "the flip-flop input {} stuck at {stuck}",
            netlist.net_name(netlist.dffs()[k as usize].d)
        ),
    };
    let verdict = match outcome {
        Outcome::Test(cube) => {
            let inputs: Vec<String> = netlist
                .inputs()
                .iter()
                .zip(&cube)
                .map(|(&i, b)| {
                    let v = match b {
                        Bit::Zero => "0",
                        Bit::One => "1",
                        Bit::X => "X",
                    };
                    format!("{}={v}", netlist.net_name(i))
                })
                .collect();
            let checked = if detects(netlist, fault, &cube) {
                "checked by fault simulation: every completion of the don't-cares detects the fault"
            } else {
                "WARNING: fault simulation does not confirm this test"
            };
            Verdict {
                kind: "test".into(),
                lines: vec![format!("inputs: {}", inputs.join(" ")), checked.to_string()],
            }
        }
        Outcome::Untestable => Verdict {
            kind: "untestable".into(),
            lines: vec![
                format!(
                    "no test exists for {name}: every alternative of every subtask led to a conflict or a dead end, and every list of alternatives was complete"
                ),
                "the fault is redundant: the circuit behaves the same with it".into(),
            ],
        },
        Outcome::Aborted(reason) => Verdict {
            kind: "aborted".into(),
            lines: vec![format!(
                "the search gave up ({reason:?}) after {} backtracks",
                counters.backtracks
            )],
        },
    };
    let method = match options.strategy {
        Justification::Cubes => {
            "Roth's D-algorithm: the error is driven to an output first, then every unjustified gate is justified by one of its cubes"
        }
        Justification::Backtrace => {
            "the D-algorithm as roth atpg runs it: unjustified gates first, each by a backtrace to an input (FAN)"
        }
    };
    let mut method = method.to_string();
    if options.learning {
        method.push_str("; static learning on");
    }
    let truncated = tracer.recorder.truncated;
    Trace {
        model: "circuit".into(),
        subject: subject.to_string(),
        target: name,
        method,
        elements,
        start: {
            start.extend(tracer.start);
            start
        },
        start_text: vec![format!(
            "{site}; its faulty value is set, nothing else is assigned"
        )],
        steps: tracer.recorder.steps,
        verdict,
        decisions: counters.decisions,
        backtracks: counters.backtracks,
        truncated,
    }
}

/// Gates drawn before the drawing is cut to the fault's cone.
const WHOLE_CIRCUIT_GATES: usize = 40;

/// The nets drawn: the whole circuit when small, else the fault's fanout cone with the nets
/// feeding it (side inputs) and the fault site's driver and its inputs.
fn drawn_nets(netlist: &Netlist, fault: Fault) -> Vec<NodeId> {
    if netlist.gate_count() <= WHOLE_CIRCUIT_GATES {
        return netlist.nodes().collect();
    }
    let mut keep = vec![false; netlist.len()];
    let net = fault.net(netlist);
    let root = match fault.site {
        FaultSite::Branch(pin) => pin.gate,
        _ => net,
    };
    keep[net.index()] = true;
    for &f in netlist.fanins(net) {
        keep[f.index()] = true;
    }
    let mut cone = vec![root];
    let mut in_cone = vec![false; netlist.len()];
    in_cone[root.index()] = true;
    let mut k = 0;
    while k < cone.len() {
        for pin in netlist.fanouts(cone[k]) {
            if !in_cone[pin.gate.index()] {
                in_cone[pin.gate.index()] = true;
                cone.push(pin.gate);
            }
        }
        k += 1;
    }
    for &g in &cone {
        keep[g.index()] = true;
        for &f in netlist.fanins(g) {
            keep[f.index()] = true;
        }
    }
    netlist.nodes().filter(|n| keep[n.index()]).collect()
}

const BOX_W: f64 = 74.0;
const BOX_H: f64 = 34.0;
const COLUMN_GAP: f64 = 70.0;

/// The circuit (or the fault's cone) with `values` (one per net, in Roth's notation) on every
/// net, the fault site marked and the error's paths drawn thick. Every value-carrying shape
/// has `data-e` (the net's index) and `data-c` (its value's [`category`]), every value label
/// `data-t`, so a page can restyle the drawing for another step.
pub fn circuit_svg(netlist: &Netlist, fault: Fault, title: &str, values: &[String]) -> String {
    let nets = drawn_nets(netlist, fault);
    let mut index = vec![usize::MAX; netlist.len()];
    for (k, &n) in nets.iter().enumerate() {
        index[n.index()] = k;
    }
    // Nodes: the drawn nets, then one terminal per observed net.
    let outputs: Vec<NodeId> = nets
        .iter()
        .copied()
        .filter(|&n| netlist.is_observed(n))
        .collect();
    let total = nets.len() + outputs.len();
    let mut edges: Vec<(usize, usize)> = Vec::new();
    // Per edge: the net it carries and the pin it enters (for branch faults).
    let mut carries: Vec<(NodeId, Option<(NodeId, usize)>)> = Vec::new();
    for (k, &n) in nets.iter().enumerate() {
        if matches!(netlist.kind(n), NodeKind::Gate(_)) {
            for (p, &f) in netlist.fanins(n).iter().enumerate() {
                if index[f.index()] != usize::MAX {
                    edges.push((index[f.index()], k));
                    carries.push((f, Some((n, p))));
                }
            }
        }
    }
    for (j, &o) in outputs.iter().enumerate() {
        edges.push((index[o.index()], nets.len() + j));
        carries.push((o, None));
    }
    let graph = layout::Graph {
        sizes: vec![BOX_H; total],
        edges,
        starts: Vec::new(),
        last: (nets.len()..total).collect(),
        tight_sources: true,
    };
    let placed = layout::layered(
        &graph,
        layout::Spacing {
            gap: 22.0,
            waypoint: 6.0,
            offset: 70.0,
            sweeps: 8,
        },
    );
    let x_of = |rank: usize| 30.0 + rank as f64 * (BOX_W + COLUMN_GAP);
    let width = x_of(placed.ranks) + 20.0;
    let height = placed.widest + 100.0;
    let value = |n: NodeId| values.get(n.index()).map_or("X", String::as_str);
    let fault_net = fault.net(netlist);
    let stuck = u8::from(fault.stuck_at);

    let mut out = String::new();
    writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans Mono, monospace" font-size="12">"##
    )
    .unwrap();
    out.push_str(CIRCUIT_STYLE);
    writeln!(
        out,
        r##"<rect width="100%" height="100%" fill="white"/><text x="12" y="22" font-size="14" font-weight="bold">{}</text>"##,
        escape(title)
    )
    .unwrap();
    writeln!(
        out,
        r##"<text x="12" y="40" font-size="11" fill="#555">values good/faulty: 0 1 X, D = 1/0, D' = 0/1; thick red: the error's paths; × the fault site{}</text>"##,
        if nets.len() < netlist.len() { "; the fault's cone only" } else { "" }
    )
    .unwrap();
    // Wires first, under the boxes.
    for (k, &(s, t)) in graph.edges.iter().enumerate() {
        let (net, pin) = carries[k];
        let y = |v: usize| placed.position[v];
        let mut points = vec![(x_of(placed.rank[s]) + BOX_W, y(s))];
        points.extend(
            placed.waypoints[k]
                .iter()
                .map(|w| (x_of(w.rank) + BOX_W / 2.0, w.position)),
        );
        points.push((x_of(placed.rank[t]), y(t)));
        let mut d = format!("M{:.1},{:.1}", points[0].0, points[0].1);
        for w in points.windows(2) {
            let mid = (w[0].0 + w[1].0) / 2.0;
            write!(
                d,
                " C{mid:.1},{:.1} {mid:.1},{:.1} {:.1},{:.1}",
                w[0].1, w[1].1, w[1].0, w[1].1
            )
            .unwrap();
        }
        // A faulty branch carries the stem's good value and the stuck value.
        let branch = match (fault.site, pin) {
            (FaultSite::Branch(b), Some((g, p))) => b.gate == g && b.pin as usize == p,
            _ => false,
        };
        let shown = if branch {
            let [g, _] = pair_of(value(net));
            five_valued([g, stuck])
        } else {
            value(net).to_string()
        };
        let data = if branch {
            String::new()
        } else {
            format!(r#" data-e="{}""#, net.index())
        };
        writeln!(
            out,
            r##"<path class="wire" d="{d}"{data} data-c="{}"/>"##,
            category(&shown)
        )
        .unwrap();
        if branch {
            let (x, y) = points[points.len() - 1];
            writeln!(
                out,
                r##"<text class="site" x="{:.1}" y="{:.1}">× sa{stuck}</text>"##,
                x - 44.0,
                y - 5.0
            )
            .unwrap();
        }
    }
    // Boxes with their value.
    for (k, &n) in nets.iter().enumerate() {
        let x = x_of(placed.rank[k]);
        let y = placed.position[k];
        let kind = match netlist.kind(n) {
            NodeKind::Gate(kind) => kind.to_string(),
            NodeKind::Input => "input".into(),
            NodeKind::PseudoInput => "flip-flop".into(),
        };
        let rx = if matches!(netlist.kind(n), NodeKind::Gate(_)) {
            3.0
        } else {
            12.0
        };
        writeln!(
            out,
            r##"<rect class="box" x="{x:.1}" y="{:.1}" width="{BOX_W}" height="{BOX_H}" rx="{rx}" data-e="{}" data-c="{}"/>"##,
            y - BOX_H / 2.0,
            n.index(),
            category(value(n))
        )
        .unwrap();
        writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="9" fill="#777">{}</text><text x="{:.1}" y="{:.1}" font-weight="bold">{}</text>"##,
            x + 4.0,
            y - 5.0,
            escape(&kind),
            x + 4.0,
            y + 10.0,
            escape(&short(netlist.net_name(n), 9))
        )
        .unwrap();
        writeln!(
            out,
            r##"<text class="value" x="{:.1}" y="{:.1}" data-t="{}" data-e="{}" data-c="{}">{}</text>"##,
            x + BOX_W + 4.0,
            y - 6.0,
            n.index(),
            n.index(),
            category(value(n)),
            escape(value(n))
        )
        .unwrap();
        if n == fault_net && !matches!(fault.site, FaultSite::Branch(_)) {
            writeln!(
                out,
                r##"<text class="site" x="{:.1}" y="{:.1}">× sa{stuck}</text>"##,
                x + BOX_W - 34.0,
                y + BOX_H / 2.0 + 12.0
            )
            .unwrap();
        }
    }
    for (j, &o) in outputs.iter().enumerate() {
        let v = nets.len() + j;
        let (x, y) = (x_of(placed.rank[v]), placed.position[v]);
        writeln!(
            out,
            r##"<path d="M{x:.1},{:.1} l14,{:.1} l-14,{:.1} z" fill="#555"/><text x="{:.1}" y="{:.1}" font-size="10" fill="#555">out {}</text>"##,
            y - BOX_H / 3.0,
            BOX_H / 3.0,
            BOX_H / 3.0,
            x + 18.0,
            y + 4.0,
            escape(&short(netlist.net_name(o), 9))
        )
        .unwrap();
    }
    out.push_str("</svg>\n");
    out
}

/// Styles by value category, shared by the SVG file and the HTML page.
const CIRCUIT_STYLE: &str = r##"<style>
.wire { fill: none; stroke: #999; stroke-width: 1.4; }
.wire[data-c="0"] { stroke: #4a6fa5; }
.wire[data-c="1"] { stroke: #2e8b57; }
.wire[data-c="p"] { stroke: #b08a2a; stroke-dasharray: 5 3; }
.wire[data-c="d"] { stroke: #d62728; stroke-width: 3.2; }
.box { fill: #f4f4f4; stroke: #666; stroke-width: 1.2; }
.box[data-c="0"] { fill: #e6eef9; }
.box[data-c="1"] { fill: #e3f4ea; }
.box[data-c="p"] { fill: #fbf3df; }
.box[data-c="d"] { fill: #fde2e2; stroke: #d62728; stroke-width: 2.4; }
.value { font-weight: bold; font-size: 13px; fill: #777; }
.value[data-c="0"] { fill: #4a6fa5; }
.value[data-c="1"] { fill: #2e8b57; }
.value[data-c="p"] { fill: #b08a2a; }
.value[data-c="d"] { fill: #d62728; }
.site { fill: #d62728; font-weight: bold; font-size: 12px; }
</style>
"##;
