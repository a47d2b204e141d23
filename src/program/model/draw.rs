//! Drawings of a method's control-flow graph with its data dependences: Graphviz DOT text, and
//! SVG laid out by roth itself (no Graphviz needed).
//!
//! The SVG layout is [`crate::layout`]'s layered one, top down from the entry, the exit on a
//! rank of its own. Back edges run up a lane on the right, data dependences (dashed, labelled
//! with the variable) up or down lanes on the left.

use std::fmt::Write as _;

use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;

use crate::layout::{self, escape_xml, shorten as short};
use crate::program::model::cfg::{Cfg, EdgeKind, NodeKind};

fn escape_dot(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The graph as Graphviz DOT: control flow solid, data dependences dashed.
pub fn dot(cfg: &Cfg, title: &str) -> String {
    let mut out = String::new();
    writeln!(out, "digraph \"{}\" {{", escape_dot(title)).unwrap();
    writeln!(
        out,
        "  node [shape=box, fontname=\"monospace\", fontsize=10];"
    )
    .unwrap();
    for n in cfg.graph.node_indices() {
        let node = &cfg.graph[n];
        let shape = match node.kind {
            NodeKind::Entry | NodeKind::Exit => "oval",
            NodeKind::Predicate(_) => "diamond",
            _ => "box",
        };
        writeln!(
            out,
            "  n{} [label=\"n{}: {}\", shape={shape}];",
            n.index(),
            n.index(),
            escape_dot(&short(&node.label, 48))
        )
        .unwrap();
    }
    for e in cfg.graph.edge_references() {
        let label = e.weight().to_string();
        writeln!(
            out,
            "  n{} -> n{}{};",
            e.source().index(),
            e.target().index(),
            if label.is_empty() {
                String::new()
            } else {
                format!(" [label=\"{}\"]", escape_dot(&label))
            }
        )
        .unwrap();
    }
    for (d, u, v) in cfg.data_dependences() {
        writeln!(
            out,
            "  n{} -> n{} [style=dashed, color=\"#2a7ab0\", fontcolor=\"#2a7ab0\", label=\"{}\", constraint=false];",
            d.index(),
            u.index(),
            escape_dot(&cfg.var_name(v))
        )
        .unwrap();
    }
    out.push_str("}\n");
    out
}

const CHAR_W: f64 = 7.2;
const BOX_H: f64 = 26.0;
const RANK_GAP: f64 = 58.0;
const NODE_GAP: f64 = 28.0;
const LANE: f64 = 14.0;

/// The graph as SVG.
pub fn svg(cfg: &Cfg, title: &str, data_dependences: bool) -> String {
    svg_marked(cfg, title, data_dependences, None)
}

/// What a trace marks on the drawing (`roth explain`): each node's and edge's value (its
/// execution status), the variables' values below the graph, and the mutated node. Marked
/// shapes carry `data-e` (the element) and `data-c` (the value's category) for `style` to
/// colour and a page to restyle; variable values carry `data-t`.
pub(crate) struct Marks<'a> {
    /// Element of node `k` is `k`; of edge `k`, `nodes + k`; the variables follow.
    pub values: &'a [String],
    pub category: fn(&str) -> &'static str,
    /// The variables shown and their elements.
    pub variables: Vec<(String, usize)>,
    /// The mutated node, and the nodes after it (the propagation region).
    pub site: Option<NodeIndex>,
    pub after_site: Vec<NodeIndex>,
    /// CSS for the categories.
    pub style: &'static str,
}

/// The graph as SVG, with a trace's marks.
pub(crate) fn svg_marked(
    cfg: &Cfg,
    title: &str,
    data_dependences: bool,
    marks: Option<&Marks<'_>>,
) -> String {
    let nodes = cfg.graph.node_count();
    let mark = |element: usize| -> String {
        match marks {
            Some(m) => {
                let v = m.values.get(element).map_or("", String::as_str);
                format!(
                    r#" class="exs" data-e="{element}" data-c="{}""#,
                    (m.category)(v)
                )
            }
            None => String::new(),
        }
    };
    let edges: Vec<(usize, usize)> = cfg
        .graph
        .edge_references()
        .map(|e| (e.source().index(), e.target().index()))
        .collect();
    let labels: Vec<String> = cfg
        .graph
        .edge_references()
        .map(|e| e.weight().to_string())
        .collect();
    let widths: Vec<f64> = cfg
        .graph
        .node_indices()
        .map(|v| node_width(&short(&cfg.graph[v].label, 44)))
        .collect();
    let data = if data_dependences {
        cfg.data_dependences()
    } else {
        Vec::new()
    };
    // Definitions with the nodes that use them.
    let mut data_groups: Vec<(NodeIndex, crate::program::model::cfg::Var, Vec<NodeIndex>)> =
        Vec::new();
    for (d, u, v) in &data {
        match data_groups
            .iter_mut()
            .find(|(gd, gv, _)| gd == d && gv == v)
        {
            Some(g) => g.2.push(*u),
            None => data_groups.push((*d, *v, vec![*u])),
        }
    }
    let left_margin = 40.0 + LANE * data_groups.len() as f64;
    // The exit goes last, on a rank of its own.
    let graph = layout::Graph {
        sizes: widths.clone(),
        edges,
        starts: vec![cfg.entry.index()],
        last: vec![cfg.exit.index()],
        tight_sources: false,
    };
    let placed = layout::layered(
        &graph,
        layout::Spacing {
            gap: NODE_GAP,
            offset: left_margin,
            ..layout::Spacing::default()
        },
    );
    let widest = placed.widest;
    let y_of = |r: usize| 74.0 + r as f64 * (BOX_H + RANK_GAP);
    let back_edges: Vec<(NodeIndex, NodeIndex)> = {
        let mut b: Vec<_> = graph
            .edges
            .iter()
            .zip(&placed.back)
            .filter(|(_, back)| **back)
            .map(|(&(s, t), _)| (NodeIndex::new(s), NodeIndex::new(t)))
            .collect();
        b.sort();
        b.dedup();
        b
    };
    let right = left_margin + widest + 30.0;
    let width = (right + LANE * (back_edges.len() + 1) as f64 + 20.0).max(640.0);
    let table = marks.map_or(0.0, |m| 16.0 * m.variables.len() as f64 + 10.0);
    let height = y_of(placed.ranks) + 20.0 + table;

    let mut out = String::new();
    writeln!(
        out,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="DejaVu Sans Mono, monospace" font-size="12">"##
    )
    .unwrap();
    out.push_str(
        r##"<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#333"/></marker><marker id="darrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#2a7ab0"/></marker></defs>
<rect width="100%" height="100%" fill="white"/>
"##,
    );
    writeln!(
        out,
        r##"<text x="12" y="22" font-size="14" font-weight="bold">{}</text>"##,
        escape_xml(title)
    )
    .unwrap();
    writeln!(
        out,
        r##"<text x="12" y="38" font-size="11" fill="#555">solid: control flow (T/F: branch taken)   dashed: data dependence, labelled with its variable</text>"##
    )
    .unwrap();
    if let Some(m) = marks {
        out.push_str(m.style);
    }
    let center = |v: usize| (placed.position[v], y_of(placed.rank[v]));
    let width_of = |v: usize| widths[v];
    // Forward edges through their waypoints: (x, y, whether the point is a node).
    for (k, &(s, t)) in graph.edges.iter().enumerate() {
        if placed.back[k] {
            continue;
        }
        let label = &labels[k];
        let mut points = vec![(center(s).0, center(s).1, true)];
        points.extend(
            placed.waypoints[k]
                .iter()
                .map(|w| (w.position, y_of(w.rank), false)),
        );
        points.push((center(t).0, center(t).1, true));
        let mut d = String::new();
        let (x0, y0, _) = points[0];
        write!(d, "M{:.1},{:.1}", x0, y0 + BOX_H / 2.0).unwrap();
        for w in points.windows(2) {
            let (xa, ya, a_node) = w[0];
            let (xb, yb, b_node) = w[1];
            let ya = if a_node { ya + BOX_H / 2.0 } else { ya };
            let yb = if b_node { yb - BOX_H / 2.0 } else { yb };
            let mid = (ya + yb) / 2.0;
            write!(d, " C{xa:.1},{mid:.1} {xb:.1},{mid:.1} {xb:.1},{yb:.1}").unwrap();
        }
        writeln!(
            out,
            r##"<path d="{d}" fill="none" stroke="#333" stroke-width="1.3" marker-end="url(#arrow)"{}/>"##,
            mark(nodes + k)
        )
        .unwrap();
        if !label.is_empty() {
            let (xa, ya, _) = points[0];
            let (xb, _, _) = points[1];
            let lx = xa + (xb - xa) * 0.25 + if xb >= xa { 6.0 } else { -6.0 };
            writeln!(
                out,
                r##"<text x="{lx:.1}" y="{:.1}" font-size="11" fill="#a33" text-anchor="{}">{}</text>"##,
                ya + BOX_H / 2.0 + 14.0,
                if xb >= xa { "start" } else { "end" },
                escape_xml(label)
            )
            .unwrap();
        }
    }
    // Back edges up lanes on the right: out of the source's bottom, along the gap below its
    // row, up the lane, along the gap above the target's row, into the target's top.
    let gap = RANK_GAP / 2.0;
    for (k, (s, t)) in back_edges.iter().enumerate() {
        let (xs, ys) = center(s.index());
        let (xt, yt) = center(t.index());
        let lane = right + LANE * k as f64;
        let below = ys + BOX_H / 2.0 + gap * 0.35 + 3.0 * (k % 4) as f64;
        let above = yt - BOX_H / 2.0 - gap * 0.35 - 3.0 * (k % 4) as f64;
        let (sx, tx) = (
            xs + width_of(s.index()) * 0.3,
            xt + width_of(t.index()) * 0.3,
        );
        let element = cfg
            .graph
            .edges_connecting(*s, *t)
            .next()
            .map_or(String::new(), |e| mark(nodes + e.id().index()));
        writeln!(
            out,
            r##"<path d="M{sx:.1},{:.1} L{sx:.1},{below:.1} L{lane:.1},{below:.1} L{lane:.1},{above:.1} L{tx:.1},{above:.1} L{tx:.1},{:.1}" fill="none" stroke="#333" stroke-width="1.3" stroke-linejoin="round" marker-end="url(#arrow)"{element}/>"##,
            ys + BOX_H / 2.0,
            yt - BOX_H / 2.0
        )
        .unwrap();
        let label = cfg
            .graph
            .edges_connecting(*s, *t)
            .next()
            .map(|e| e.weight().to_string())
            .unwrap_or_default();
        if !label.is_empty() {
            writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" font-size="11" fill="#a33">{}</text>"##,
                sx + 4.0,
                below - 3.0,
                escape_xml(&label)
            )
            .unwrap();
        }
    }
    // Data dependences on the left: one lane per definition, from the defining node to each
    // node using it, routed the same way through the row gaps.
    for (k, (d, v, uses)) in data_groups.iter().enumerate() {
        let (xd, yd) = center(d.index());
        let lane = left_margin - 16.0 - LANE * k as f64;
        let jitter = 3.0 * (k % 5) as f64;
        let below = yd + BOX_H / 2.0 + gap * 0.6 + jitter;
        let sx = xd - width_of(d.index()) / 2.0 + 10.0 + jitter;
        let mut path = format!(
            "M{sx:.1},{:.1} L{sx:.1},{below:.1} L{lane:.1},{below:.1}",
            yd + BOX_H / 2.0
        );
        let mut extent = (below, below);
        for u in uses {
            let (xu, yu) = center(u.index());
            let above = yu - BOX_H / 2.0 - gap * 0.6 - jitter;
            let tx = xu - width_of(u.index()) / 2.0 + 10.0 + jitter;
            write!(
                path,
                " M{lane:.1},{below:.1} L{lane:.1},{above:.1} L{tx:.1},{above:.1} L{tx:.1},{:.1}",
                yu - BOX_H / 2.0
            )
            .unwrap();
            extent = (extent.0.min(above), extent.1.max(above));
        }
        writeln!(
            out,
            r##"<path d="{path}" fill="none" stroke="#2a7ab0" stroke-width="1" stroke-dasharray="4 3" opacity="0.75" marker-end="url(#darrow)"/>"##
        )
        .unwrap();
        // Arrowheads on every branch: draw each branch's last segment again with a marker.
        for u in uses {
            let (xu, yu) = center(u.index());
            let above = yu - BOX_H / 2.0 - gap * 0.6 - jitter;
            let tx = xu - width_of(u.index()) / 2.0 + 10.0 + jitter;
            writeln!(
                out,
                r##"<path d="M{tx:.1},{above:.1} L{tx:.1},{:.1}" stroke="#2a7ab0" stroke-width="1" marker-end="url(#darrow)"/>"##,
                yu - BOX_H / 2.0
            )
            .unwrap();
        }
        let ly = (extent.0 + extent.1) / 2.0;
        writeln!(
            out,
            r##"<text x="{:.1}" y="{ly:.1}" font-size="10" fill="#2a7ab0" text-anchor="middle" transform="rotate(-90 {:.1} {ly:.1})">{}</text>"##,
            lane - 3.0,
            lane - 3.0,
            escape_xml(&cfg.var_name(*v))
        )
        .unwrap();
    }
    // Nodes on top.
    for v in cfg.graph.node_indices() {
        let i = v.index();
        let node = &cfg.graph[v];
        let (x, y) = center(i);
        let (w, h) = (widths[i], BOX_H);
        let (fill, stroke, rx) = match node.kind {
            NodeKind::Entry | NodeKind::Exit => ("#e8e8e8", "#555", h / 2.0),
            NodeKind::Predicate(_) => ("#fff4d6", "#b08a2a", 10.0),
            _ => ("#eef5ff", "#4a6fa5", 3.0),
        };
        if let Some(m) = marks {
            // The regions of the subtasks: excitation at the mutated node, propagation after.
            let region = if m.site == Some(v) {
                Some("region-mee")
            } else if m.after_site.contains(&v) {
                Some("region-mep")
            } else {
                None
            };
            if let Some(region) = region {
                writeln!(
                    out,
                    r##"<rect class="{region}" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="{:.1}"/>"##,
                    x - w / 2.0 - 5.0,
                    y - h / 2.0 - 5.0,
                    w + 10.0,
                    h + 10.0,
                    rx + 4.0
                )
                .unwrap();
            }
        }
        writeln!(
            out,
            r##"<rect x="{:.1}" y="{:.1}" width="{w:.1}" height="{h:.1}" rx="{rx:.1}" fill="{fill}" stroke="{stroke}" stroke-width="1.2"{}/>"##,
            x - w / 2.0,
            y - h / 2.0,
            mark(i)
        )
        .unwrap();
        writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="9" fill="#888">n{}</text>"##,
            x - w / 2.0 + 4.0,
            y + 4.0,
            v.index()
        )
        .unwrap();
        writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"##,
            x + 8.0,
            y + 4.0,
            escape_xml(&short(&node.label, 44))
        )
        .unwrap();
    }
    if let Some(m) = marks {
        out.push_str(&variable_table(
            m,
            12.0,
            height - 6.0 - 16.0 * m.variables.len() as f64,
        ));
    }
    out.push_str("</svg>\n");
    out
}

/// The variables' values under the graph: `name: orig | mut`.
fn variable_table(m: &Marks<'_>, x: f64, top: f64) -> String {
    let mut out = String::new();
    for (k, (name, element)) in m.variables.iter().enumerate() {
        let v = m.values.get(*element).map_or("", String::as_str);
        writeln!(
            out,
            r##"<text x="{x:.1}" y="{:.1}" font-size="12"><tspan font-weight="bold">{}</tspan> = <tspan class="var" data-t="{element}" data-e="{element}" data-c="{}">{}</tspan></text>"##,
            top + 16.0 * k as f64 + 12.0,
            escape_xml(name),
            (m.category)(v),
            escape_xml(v)
        )
        .unwrap();
    }
    out
}

fn node_width(label: &str) -> f64 {
    label.chars().count() as f64 * CHAR_W + 40.0
}

/// Labels of the control-flow edges out of a node, for reports.
pub fn edge_summary(cfg: &Cfg, n: NodeIndex) -> String {
    let mut parts = Vec::new();
    for e in cfg.graph.edges(n) {
        let label = e.weight();
        if *label == EdgeKind::Flow {
            parts.push(format!("n{}", e.target().index()));
        } else {
            parts.push(format!("n{} ({label})", e.target().index()));
        }
    }
    parts.sort();
    parts.join(", ")
}
